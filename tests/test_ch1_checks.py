"""Chapter 1's exercise checks: right answers pass, blank and subtly wrong ones fail."""

from __future__ import annotations

import pytest

from agentloop.checks import check, get_check, run_check
from agentloop.checks.ch1 import CHECKS, PREDICTION_QUESTIONS, REFERENCE


def blank(*args, **kwargs):
    raise NotImplementedError()


def decide_limit_first(state):
    """Checks the step limit before the success branch: success on the last step -> limit."""
    observation = state["observation"]
    if not observation["ok"] and state["failures"] > state["max_retries"]:
        return "error"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(observation["matches"]) == 1 else "needs_input"
    return "continue"


def decide_reads_the_scenario(state):
    if state["scenario"] == "one_match":
        return "success"
    return REFERENCE["decide"](state)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail(chk):
    obj = {} if chk.symbol == "predictions" else blank
    report = run_check(chk, obj, hidden=True)
    assert not report.passed
    assert all(not r.passed for r in report.results)


def test_limit_before_success_fails_only_the_search_check():
    assert run_check(get_check("ch1-decide-failure"), decide_limit_first, hidden=True).passed
    search = run_check(get_check("ch1-decide-search"), decide_limit_first, hidden=True)
    assert not search.passed
    failed = [r for r in search.results if not r.passed]
    assert any("expected 'success', got 'limit'" in r.reason for r in failed)


def test_reading_the_scenario_is_caught():
    assert not run_check(get_check("ch1-decide-scenario"), decide_reads_the_scenario,
                         hidden=True).passed


def test_hard_coded_visible_answers_fail_the_hidden_cases():
    chk = get_check("ch1-decide-search")
    memory = {repr(c.input): REFERENCE["decide"](c.input) for c in chk.cases()}

    def remembers(state):
        return memory.get(repr(state), "continue")

    assert run_check(chk, remembers).passed
    assert not run_check(chk, remembers, hidden=True).passed


def test_predictions_visible_check_only_checks_the_shape():
    wrong = {q: "continue" for q in PREDICTION_QUESTIONS}
    chk = get_check("ch1-predict")
    assert run_check(chk, wrong).passed
    assert not run_check(chk, wrong, hidden=True).passed
    assert not run_check(chk, dict(wrong, a="maybe")).passed


def test_lying_return_values_are_refused():
    class Always(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    report = run_check(get_check("ch1-decide-search"), lambda s: Always("x"), hidden=True)
    assert not report.passed
    assert "expected plain data" in report.results[0].reason


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("Done: no card could be read.", "says 'Done'"),
        ("Search complete.", "says 'complete'"),
        ("Sorry about that.", "say that reading failed"),
    ],
)
def test_dishonest_error_messages_are_caught(message, reason):
    def answer(terminal, observation):
        return message if terminal == "error" else REFERENCE["honest_message"](terminal,
                                                                              observation)

    report = run_check(get_check("ch1-messages"), answer)
    failed = [r for r in report.results if not r.passed]
    assert [r.label for r in failed] == ["error after the retry"]
    assert reason in failed[0].reason


def test_needs_input_must_name_every_candidate():
    def vague(terminal, observation):
        if terminal == "needs_input":
            return "Which card do you mean?"
        return REFERENCE["honest_message"](terminal, observation)

    report = run_check(get_check("ch1-messages"), vague)
    assert not report.passed
    assert "missing task-003" in " ".join(r.reason for r in report.results)


def test_check_prints_a_readable_report_and_raises_on_failure(capsys):
    check("ch1-decide-failure", lambda state: REFERENCE["decide"](state))
    out = capsys.readouterr().out
    assert "✔ second failure with one retry → error" in out
    assert "4/4 cases passed: all passed" in out
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch1-decide-search", decide_limit_first)
    out = capsys.readouterr().out
    assert "✘ one match on the last allowed step → success: expected 'success', got 'limit'" in out
    assert "hint:" in out


def test_the_librarys_own_answer_is_refused(capsys):
    with pytest.raises(AssertionError, match="library's own answer"):
        check("ch1-decide-failure", REFERENCE["decide"])
    assert "write your own" in capsys.readouterr().out


def test_hidden_report_shows_only_failures(capsys):
    with pytest.raises(AssertionError):
        check("ch1-decide-search", decide_limit_first, hidden=True)
    out = capsys.readouterr().out
    assert "✔" not in out and "✘" in out


def test_unknown_check_ids_are_explained():
    with pytest.raises(KeyError, match="ch1 has: ch1-decide-failure"):
        get_check("ch1-nope")
    with pytest.raises(KeyError, match=r"no module agentloop\.checks\.ch99"):
        get_check("ch99-x")


def test_hidden_cases_are_the_same_every_time():
    chk = get_check("ch1-decide-failure")
    assert [c.input for c in chk.cases(hidden=True)] == [c.input for c in chk.cases(hidden=True)]
    assert [c.input for c in chk.cases(hidden=True, seed=1)] != [
        c.input for c in chk.cases(hidden=True, seed=2)]
