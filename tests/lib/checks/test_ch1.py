"""Chapter 1's checks, the learner's edition (agentloop/checks/ch1.py): what `check(...)`
prints and records in a notebook, with the facts of the visible cases shipped as data and
no reference, hidden case or seed anywhere in it."""

from __future__ import annotations

import pytest
from agentloop_grader.answers.ch1 import REFERENCE
from agentloop_grader.secret import seed_path

from agentloop import loop, terminal_messages
from agentloop.checks import check, get_check, run_check
from agentloop.checks.ch1 import CHECKS, PREDICTION_RUNS
from agentloop.environment import SCENARIOS

reference_decide = REFERENCE["decide"]


def decide_limit_first(state):
    """Both new rules, but the step limit is asked before the success branch."""
    observation = state["observation"]
    if not observation["ok"]:
        if not observation.get("retryable", True) or state["failures"] > state["max_retries"]:
            return "error"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(set(observation["matches"])) == 1 else "needs_input"
    return "continue"


def test_the_learners_edition_holds_no_reference_hidden_case_or_seed():
    for chk in CHECKS:
        assert chk.reference is None and not chk.has_hidden, chk.id
    with pytest.raises(ValueError, match="need a seed"):
        get_check("ch1-decide-failure").all_cases(hidden=True)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_visible_case_on_the_shipped_facts(chk):
    assert run_check(chk, REFERENCE[chk.answer]).passed


def test_a_right_form_but_wrong_table_of_predictions_is_not_solved():
    wrong = dict(REFERENCE["predictions"], a=("limit", 2))
    report = run_check(get_check("ch1-predict"), wrong)
    assert all(r.passed for r in report.results)  # every answer is well formed…
    assert not report.passed  # …but the table is not right, and which run is not said
    assert "not every answer is how its run ends" in report.text()
    assert "run a " not in report.overall and "run a:" not in report.overall


def test_the_predictions_are_shipped_as_a_digest_only():
    from agentloop.checks.student import facts_file

    entry = facts_file("ch1")["checks"]["ch1-predict"]
    assert set(entry["whole"]) == {"salt", "digest"}
    assert all(case["facts"] is None for case in entry["cases"])
    text = str(facts_file("ch1"))
    for terminal, step in REFERENCE["predictions"].values():
        assert f"['{terminal}', {step}]" not in text


def test_check_prints_a_readable_report_and_never_stops_run_all(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch1-decide-failure", lambda state: reference_decide(state))
    out = capsys.readouterr().out
    assert "  ✔ failures > max_retries → error, even on the last step\n" in out  # a rule a line
    assert "8/8 cases passed: all passed" in out and "hint" not in out
    check("ch1-decide-search", decide_limit_first)  # practice: prints ✘, does not raise
    out = capsys.readouterr().out
    # each failing case once, under the rule it tests (the rule is not said twice)
    assert ("  ✘ a finished search with exactly one different card → success, even on the "
            "last step\n      one card on the last allowed step → success: expected 'success', "
            "got 'limit'\n") in out
    assert "(rule:" not in out
    # the first try opens the first hint step, and says how many are left
    assert out.count("hint 1 of 3: ") == 1 and "hint 2 of 3" not in out
    assert "2 more hints: press Hint" in out
    check("ch1-decide-search", decide_limit_first)  # a second failed try: one more step
    out = capsys.readouterr().out
    assert "hint 2 of 3: " in out and "1 more hint: press Hint" in out


def test_under_nbgrader_a_failure_raises(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch1-decide-search", decide_limit_first)


def test_a_missing_answer_is_a_plain_sentence(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch1-predict")  # `predictions` is not defined in this module
    assert capsys.readouterr().out == "ch1-predict: not answered yet — write `predictions` above\n"
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(NameError, match="predictions"):
        check("ch1-predict")


def test_the_answer_is_looked_up_by_name(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    namespace = {"check": check, "decide": lambda state: reference_decide(state)}
    exec('check("ch1-decide-failure")', namespace)
    assert "8/8 cases passed" in capsys.readouterr().out


@pytest.mark.parametrize(("check_id", "library"),
                         [("ch1-decide-failure", loop.decide),
                          ("ch1-messages", terminal_messages.honest_message)])
def test_the_librarys_own_function_is_refused(capsys, monkeypatch, check_id, library):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="library's own answer"):
        check(check_id, library)
    assert "write your own" in capsys.readouterr().out


def test_an_answer_that_calls_the_librarys_decide_fails_in_practice_as_in_grading(capsys):
    def wrapper(state):
        if not state["observation"]["ok"] and state["observation"].get("retryable") is False:
            return "error"
        return loop.decide(state)

    check("ch1-decide-failure", wrapper)
    assert "withheld while your answer is checked" in capsys.readouterr().out
    state = get_check("ch1-decide-failure").cases()[0].input
    assert loop.decide(state) == "continue"  # the library's decide is back afterwards


def test_under_stock_autograde_in_the_teachers_course_hidden_cases_run(capsys, monkeypatch,
                                                                       tmp_path):
    """Stock nbgrader runs a notebook in the teacher's environment, inside the course
    folder: there the teacher's edition and the course's secret seed are found."""
    course = tmp_path / "course"
    seed_path(course).parent.mkdir(parents=True)
    seed_path(course).write_text("ab" * 32 + "\n")
    notebook_dir = course / "autograded" / "someone" / "ch1"
    notebook_dir.mkdir(parents=True)
    monkeypatch.chdir(notebook_dir)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError):
        check("ch1-decide-search", decide_limit_first)
    out = capsys.readouterr().out
    assert "✔" not in out and "✘" in out and "generated state" in out


def test_outside_a_course_autograde_has_no_hidden_case_to_show(capsys, monkeypatch, tmp_path):
    """A learner setting NBGRADER_EXECUTION=autograde learns nothing new: without the
    course's seed (and in a learner's install, without the teacher's edition) only the
    visible cases run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError):
        check("ch1-decide-search", decide_limit_first)
    out = capsys.readouterr().out
    assert "generated state" not in out and "      one card on the last allowed step" in out


def test_unknown_check_ids_are_explained():
    with pytest.raises(KeyError, match="ch1 has: ch1-decide-failure"):
        get_check("ch1-nope")
    with pytest.raises(KeyError, match=r"no module agentloop\.checks\.ch99"):
        get_check("ch99-x")


def test_the_scenario_names_the_check_uses_are_the_environments():
    from agentloop.checks.ch1 import SCENARIO_NAMES

    assert set(SCENARIO_NAMES) == set(SCENARIOS)
    assert set(PREDICTION_RUNS) == set("abcdefgh")
