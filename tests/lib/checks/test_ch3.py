"""Chapter 3's exercise checks: right answers pass; blank, cheating and subtly wrong ones do not.

For every exercise: the solution earns every check, the blank earns none, the subtly wrong
answer of tests/chapters/roundtrip/03_*.py earns exactly its PARTIAL, and each kind of cheat —
hard-coded, the library's own answer called or wrapped, right only on the visible cases,
keyword salad, a printed value copied — earns nothing (every check, hidden cases included).
"""

from __future__ import annotations

import ast
import itertools
import re
import runpy
from pathlib import Path

import chapter_answers
import nbformat
import pytest
from chapter_answers import answer_cells, graded_ids, stub_out

from agentloop import guards as library_guards
from agentloop.agent import GUARDED, STEP_LIMIT, run_agent
from agentloop.checks import check, collect, get_check, judge, run_check
from agentloop.checks.ch3 import CHECKS, COURIER, REFERENCE
from agentloop.models import SupportModel
from agentloop.shop import EXAMPLE_TASKS

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "chapters" / "src" / "03_plan_action_observation.py"
NOTEBOOK = ROOT / "chapters" / "03_plan_action_observation.ipynb"
ROUNDTRIP = runpy.run_path(
    str(ROOT / "tests" / "chapters" / "roundtrip" / "03_plan_action_observation.py"))
BY_ID = {chk.id: chk for chk in CHECKS}


def notebook():
    return nbformat.read(NOTEBOOK, as_version=4)


def run_answers(replacements: dict[str, str]) -> dict:
    return chapter_answers.run_answers(notebook(), replacements)


def scores(namespace: dict) -> dict[str, bool]:
    return chapter_answers.scores(notebook(), namespace)


# --- whole notebooks -----------------------------------------------------------------------

def test_the_solution_earns_every_check():
    assert all(scores(run_answers({})).values())


def test_the_blank_student_version_earns_nothing():
    blank = {gid: stub_out(source) for gid, source in answer_cells(notebook()).items()}
    assert not any(scores(run_answers(blank)).values())


def test_the_subtly_wrong_notebook_earns_exactly_its_partial_score():
    assert scores(run_answers(ROUNDTRIP["WRONG"])) == ROUNDTRIP["PARTIAL"]


@pytest.mark.parametrize("kind", sorted(ROUNDTRIP["CHEATS"]))
def test_every_cheat_earns_nothing_on_the_checks_of_its_exercise(kind):
    cheats = ROUNDTRIP["CHEATS"][kind]
    earned = scores(run_answers(cheats))
    answers = {gid: get_check(gid).answer for gid in graded_ids(notebook())}
    cheated = {name for gid, source in cheats.items()
               for name in answers.values() if re.search(rf"\b{name}\b", source)}
    assert cheated, kind
    assert {gid for gid, passed in earned.items() if passed and answers[gid] in cheated} == set()


def test_the_roundtrip_file_names_every_test_cell():
    nb = notebook()
    assert set(ROUNDTRIP["PARTIAL"]) == set(graded_ids(nb)) == set(BY_ID)
    assert set(ROUNDTRIP["WRONG"]) <= set(answer_cells(nb))
    for cheats in ROUNDTRIP["CHEATS"].values():
        assert set(cheats) <= set(answer_cells(nb))


def test_released_stubs_are_valid_python():
    for cell in notebook().cells:
        if cell.cell_type == "code":
            ast.parse(stub_out(cell.source))


def test_the_quiz_is_a_self_check_not_a_graded_cell():
    source = SOURCE.read_text(encoding="utf-8")
    assert "quiz" not in answer_cells(notebook()) and "ch3-quiz" not in source
    assert "In how many ways, and which, can `run_agent` end?" in source
    assert "<details><summary>answer</summary>Five, a closed set" in source


# --- exercise 1 ------------------------------------------------------------------------------

def blank(*args, **kwargs):
    raise NotImplementedError()


def name_only(steps):
    if len(steps) >= 2 and steps[-1]["tool"] == steps[-2]["tool"]:
        return "same action twice → to an employee"
    return None


def whole_step(steps):
    """Compares whole steps: plans and tokens differ, so it never stops anything."""
    return "same" if len(steps) >= 2 and steps[-1] == steps[-2] else None


def wraps_the_library_guard(steps):
    return library_guards.repeated_action(steps)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = run_check(chk, blank, hidden=True)
    assert not report.passed and all(not r.passed for r in report.results)


def test_a_name_only_guard_fails_the_histories_but_not_the_runs():
    report = run_check(BY_ID["ch3-repeated-guard"], name_only, hidden=True)
    assert not report.passed
    assert any("return None, got 'same action twice" in r.reason for r in report.results)
    assert not run_check(BY_ID["ch3-repeated-guard"], name_only).passed  # visible too
    assert run_check(BY_ID["ch3-repeated-runs"], name_only, hidden=True).passed


@pytest.mark.parametrize("guard", [whole_step, wraps_the_library_guard,
                                   library_guards.repeated_action,
                                   lambda steps: "stop", lambda steps: None])
def test_guards_that_do_not_compare_the_action_earn_nothing(guard):
    for check_id in ("ch3-repeated-guard", "ch3-repeated-runs"):
        assert not run_check(BY_ID[check_id], guard, hidden=True).passed


def test_the_library_guard_is_withheld_while_an_answer_runs():
    report = run_check(BY_ID["ch3-repeated-guard"], wraps_the_library_guard)
    assert all("withheld while your answer is checked" in r.reason for r in report.results)
    report = run_check(BY_ID["ch3-repeated-guard"], library_guards.repeated_action)
    assert "the library's own answer" in report.results[0].reason
    assert library_guards.repeated_action([{"tool": "t", "input": {}}] * 2)  # put back after


def test_a_guard_that_knows_only_the_visible_courier_fails_the_hidden_runs():
    def courier_only(steps):
        if len(steps) == 2 and steps[-1]["input"] == {"order_id": "1042"}:
            return "repeat"
        return None

    assert not run_check(BY_ID["ch3-repeated-guard"], courier_only, hidden=True).passed
    assert not run_check(BY_ID["ch3-repeated-runs"], courier_only, hidden=True).passed


# --- exercise 2 ------------------------------------------------------------------------------

def budget_at_least(budget):
    """Stops when the total *reaches* the budget: wrong exactly on the boundary."""
    return lambda steps: "over" if sum(s["tokens"] for s in steps) >= budget else None


def budget_last_request_only(budget):
    """Forgets that every request resends the history: looks at the last request alone."""
    return lambda steps: "over" if steps[-1]["tokens"] > budget else None


def budget_fixed_300(budget):
    return REFERENCE["token_budget"](300)


@pytest.mark.parametrize("wrong", [budget_at_least, budget_last_request_only, budget_fixed_300,
                                   library_guards.token_budget,
                                   lambda budget: library_guards.token_budget(budget)])
def test_wrong_budgets_fail(wrong):
    assert not run_check(BY_ID["ch3-token-guard"], wrong, hidden=True).passed


def test_the_boundary_is_visible_for_a_budget_that_stops_on_reaching_it():
    report = run_check(BY_ID["ch3-token-guard"], budget_at_least)
    assert [r.rule for r in report.results if not r.passed] == \
        ["a total exactly on the budget has not passed it → None"]


def stop_on_passing_total(task, budget):
    """The near-miss: the step whose total passes, even when it answers or hands over."""
    transcript = run_agent(SupportModel(), task)
    totals = itertools.accumulate(transcript.tokens)
    return next((n for n, total in enumerate(totals, start=1) if total > budget), None)


def stop_with_the_library_guard(task, budget):
    transcript = run_agent(SupportModel(), task, guards=[library_guards.token_budget(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None


@pytest.mark.parametrize("wrong", [
    lambda task, budget: 3,                                   # the printed value
    lambda task, budget: {300: 3, 225: 3}.get(budget),        # the printed values
    lambda task, budget: 3 if task == COURIER else None,      # the visible cases
    stop_on_passing_total, stop_with_the_library_guard,
    lambda task, budget: True,
])
def test_wrong_stop_steps_fail(wrong):
    assert not run_check(BY_ID["ch3-budget-stop"], wrong, hidden=True).passed


def test_the_visible_stop_cases_show_where_a_guard_is_not_asked():
    report = run_check(BY_ID["ch3-budget-stop"], stop_on_passing_total)
    failed = {r.rule for r in report.results if not r.passed}
    assert failed == {"an answer is not an action: a guard never stops it → None",
                      "a hand-over is not an action: a guard never stops it → None"}


def test_the_stop_step_depends_on_the_wording_and_the_budget():
    answers = {(c.input["task"], c.input["budget"]): REFERENCE["budget_stop_step"](
        c.input["task"], c.input["budget"]) for c in BY_ID["ch3-budget-stop"].all_cases(True)}
    courier_like = {a for (task, _), a in answers.items() if "arrive" in task}
    assert {None, 2, 3} <= set(answers.values()) and len(courier_like) >= 3


# --- exercise 3 ------------------------------------------------------------------------------

def _wrong(grade_id: str, name: str):
    namespace: dict = {"token_budget": REFERENCE["token_budget"]}
    exec(ROUNDTRIP["WRONG"][grade_id], namespace)
    return namespace[name]


def test_the_buggy_loop_fails_answers_and_passes_exits():
    buggy = _wrong("ch3-fix-loop-answer", "run_agent_lines")
    answers = run_check(BY_ID["ch3-fix-loop-answers"], buggy, hidden=True)
    assert not answers.passed and all(not r.passed for r in answers.results)
    assert run_check(BY_ID["ch3-fix-loop-exits"], buggy, hidden=True).passed


def wraps_run_agent(model, task, max_steps=5):
    return run_agent(model, task, max_steps).lines()


def copies_run_agent(model, task, max_steps=5):
    """run_agent's own loop, copied from the chapter's printout, and its record's lines."""
    from agentloop.agent import STEP_LIMIT, Step, Transcript
    from agentloop.shop import Shop
    steps = [Step(1, "copied")]
    return Transcript(task, steps, STEP_LIMIT, "copied", Shop().requests).lines()


@pytest.mark.parametrize("wrong", [wraps_run_agent, copies_run_agent])
def test_the_library_loop_is_withheld(wrong):
    for check_id in ("ch3-fix-loop-answers", "ch3-fix-loop-exits"):
        report = run_check(BY_ID[check_id], wrong, hidden=True)
        assert not report.passed and all("withheld" in r.reason for r in report.results)


def test_a_loop_that_remembers_the_visible_logs_fails_the_hidden_ones():
    for check_id in ("ch3-fix-loop-answers", "ch3-fix-loop-exits"):
        chk = BY_ID[check_id]
        memory = {(c.input["task"], c.input["max_steps"]): REFERENCE["run_agent_lines"](
            SupportModel(), c.input["task"], c.input["max_steps"])
            for c in chk.cases() if c.input["replies"] is None}

        def remembers(model, task, max_steps=5, memory=memory):
            return memory.get((task, max_steps), ["task: " + task])

        assert not run_check(chk, remembers, hidden=True).passed


def test_the_compact_loop_differs_from_run_agent_only_on_a_cut_off_reply():
    chk = BY_ID["ch3-fix-loop-answers"]
    for case in chk.all_cases(hidden=True):
        model_lines = REFERENCE["run_agent_lines"]
        from agentloop.checks.ch3 import _model
        same = model_lines(_model(case.input), case.input["task"], case.input["max_steps"]) == \
            run_agent(_model(case.input), case.input["task"], case.input["max_steps"]).lines()
        assert same == ("max_tokens" not in case.rule), case.label


# --- exercise 4 ------------------------------------------------------------------------------

def test_a_report_with_the_last_plan_as_answer_passes_only_the_exit_check():
    wrong = _wrong("ch3-exit-report-answer", "exit_report")
    assert run_check(BY_ID["ch3-exit-report-exit"], wrong, hidden=True).passed
    assert not run_check(BY_ID["ch3-exit-report-honest"], wrong, hidden=True).passed


@pytest.mark.parametrize("wrong", [
    lambda task, max_steps=5: {"exit": "end_turn", "step": 2, "requests": [], "answer": None},
    lambda task, max_steps=5: dict(REFERENCE["exit_report"](task, max_steps),
                                   answer=REFERENCE["exit_report"](task, max_steps)["answer"]
                                   or "All done, thank you!"),
    lambda task, max_steps=5: dict(REFERENCE["exit_report"](task, max_steps), step=True)
    if max_steps == 1 else REFERENCE["exit_report"](task, max_steps),
])
def test_embellished_or_fixed_reports_fail(wrong):
    assert not (run_check(BY_ID["ch3-exit-report-exit"], wrong, hidden=True).passed
                and run_check(BY_ID["ch3-exit-report-honest"], wrong, hidden=True).passed)


def test_the_library_guard_as_an_answer_is_refused_in_the_notebook(capsys):
    check("ch3-repeated-guard", library_guards.repeated_action)
    assert "is the library's own answer; write your own" in capsys.readouterr().out


# --- exercise 5 ------------------------------------------------------------------------------

def test_a_note_without_requests_passes_only_the_exit_check():
    wrong = _wrong("ch3-note-answer", "handover_note")
    assert run_check(BY_ID["ch3-note-exit"], wrong, hidden=True).passed
    report = run_check(BY_ID["ch3-note-requests"], wrong, hidden=True)
    assert not report.passed
    assert any("missing R-1" in r.reason for r in report.results)


SALAD = ("answered; step limit; asked; guard; cut off; an employee must take over; "
         "step 1 step 2 step 3 step 4 step 5; R-1 R-2 R-3")


@pytest.mark.parametrize("note", [
    lambda t: SALAD,
    lambda t: SALAD + " " + t.reason,
    lambda t: f"Run ended on step {t.ended_on} ({t.exit}): an employee must take over.",
    lambda t: f"The customer was answered on step {t.ended_on}.",
    lambda t: t.lines()[-1].strip() + " " + (t.pending_line() or ""),
    lambda t: f"Not answered on step {t.ended_on}: an employee must take over ({t.reason}). "
              + " ".join(r["id"] for r in t.pending),
])
def test_salads_and_one_size_notes_earn_nothing(note):
    for check_id in ("ch3-note-exit", "ch3-note-requests"):
        assert not run_check(BY_ID[check_id], note, hidden=True).passed, check_id


def test_the_note_rules_by_exit():
    chk = BY_ID["ch3-note-exit"]
    reasons = {r.rule: r.reason for r in run_check(
        chk, lambda t: "The customer was answered on step 2, an employee will take over.").results
        if not r.passed}
    assert any("nobody must take over" in reason for reason in reasons.values())
    assert any("the note says 'answered'" in reason for reason in reasons.values())
    quoted = run_check(chk, lambda t: REFERENCE["handover_note"](t) + " (no refund)")
    assert quoted.passed  # money is the requests check's rule
    assert not run_check(BY_ID["ch3-note-requests"],
                         lambda t: REFERENCE["handover_note"](t) + " No refund.").passed


def test_a_note_may_quote_the_answer_and_the_reason():
    def quoting(transcript):
        return REFERENCE["handover_note"](transcript) + f" Said: {transcript.reason}"

    assert run_check(BY_ID["ch3-note-exit"], quoting, hidden=True).passed
    assert run_check(BY_ID["ch3-note-requests"], quoting, hidden=True).passed


# --- the check machinery -----------------------------------------------------------------------

def test_probes_return_plain_data_only():
    chk = BY_ID["ch3-repeated-guard"]

    class Reason(str):
        pass

    outputs = collect(chk, lambda steps: Reason("stop"), chk.cases())
    assert all("raised" in o and "NotPlainData" in o["raised"] for o in outputs)
    assert not judge(chk, chk.cases(), outputs).passed


def test_verify_recomputes_rather_than_trusting_the_probe():
    chk = BY_ID["ch3-repeated-runs"]
    cases = chk.cases()
    forged = [{"value": {"exit": "guard", "ended_on": 2, "executed": [], "pending": []}}
              for _ in cases]
    assert not judge(chk, cases, forged).passed


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_cases_show_every_rule(chk):
    visible, everything = chk.cases(), chk.all_cases(hidden=True)
    assert all(case.rule for case in everything)
    assert {case.rule for case in everything} <= {case.rule for case in visible}


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_hidden_cases_are_deterministic_and_use_inputs_the_chapter_never_shows(chk):
    first, again = chk.all_cases(hidden=True), chk.all_cases(hidden=True)
    assert [c.input for c in first] == [c.input for c in again]
    shown = [c.input for c in chk.cases()]
    assert sum(c.input not in shown for c in first) >= 10


# --- the chapter's numbers are the numbers the code computes -----------------------------------

def markdown_text() -> str:
    cells = [c.source for c in notebook().cells if c.cell_type == "markdown"]
    return re.sub(r"\s+", " ", " ".join(cells))


def test_the_chapter_states_the_computed_figures():
    text = markdown_text()
    courier = run_agent(SupportModel(), COURIER)
    tokens, totals = courier.tokens, list(itertools.accumulate(courier.tokens))
    stop = REFERENCE["budget_stop_step"](COURIER, 300)
    repeated = run_agent(SupportModel(), COURIER, guards=[REFERENCE["repeated_action"]])
    assert f"stops the courier task **at step {stop}**" in text
    assert f"{tokens[0]} + {tokens[1]} = {totals[1]} is still within 300" in text
    assert f"step 3 adds {tokens[2]} and the total, {totals[2]}, passes it" in text
    assert f"({tokens[0]} + {tokens[1]} + {tokens[2]} = {totals[2]} > 300)" in text
    assert REFERENCE["budget_stop_step"](COURIER, totals[1]) == stop == 3
    assert f"A budget of exactly {totals[1]} would also stop it at step {stop}, not 2" in text
    assert courier.exit == STEP_LIMIT and courier.ended_on == 5 == len(tokens)
    assert (f"from {tokens[0]} tokens on step 1 to {tokens[-1]} on step 5, {totals[-1]} in all"
            in text)
    assert repeated.ended_on == 2 and "one step later than the repeated-action guard" in text
    ret = run_agent(SupportModel(), EXAMPLE_TASKS["return 1187"])
    rt = list(itertools.accumulate(ret.tokens))
    assert (f"passes 300 on step 3 too ({ret.tokens[0]} + {ret.tokens[1]} + {ret.tokens[2]} = "
            f"{rt[2]})") in text
    assert REFERENCE["budget_stop_step"](EXAMPLE_TASKS["return 1187"], 300) is None
    assert ret.ended_on == 3 and "after 3 of 5 steps" in text
    assert run_agent(SupportModel(), EXAMPLE_TASKS["return 1042"]).ended_on == 2
    assert run_agent(SupportModel(), EXAMPLE_TASKS["compensation 1042"]).ended_on == 2
    assert "`hand_to_human` on step 2, not run" in text and "an answer on step 2" in text


def test_the_check_yourself_table_matches_the_runs():
    text = markdown_text()
    rows = {
        "return of delivered 1187": ("status → request R-1 → answer naming R-1, step 3",
                                     run_agent(SupportModel(), EXAMPLE_TASKS["return 1187"])),
        "courier question, no guards": ("5 actions, then the step limit",
                                        run_agent(SupportModel(), COURIER)),
    }
    for task, (claim, _) in rows.items():
        assert f"| {task} | {claim} |" in text
    assert rows["return of delivered 1187"][1].pending[0]["id"] == "R-1"
    assert len([s for s in rows["courier question, no guards"][1].steps
                if s.observation is not None]) == 5


KNOWN_NUMBERS = {
    # the shop's data, the demo requests, the course's settings and the chapter numbers
    "1187", "1042", "9999", "26.10", "03.11", "20", "5", "300", "1.3", "1", "2", "3", "4",
    "R-1",
}


def test_every_number_in_the_chapters_text_is_one_the_code_gives():
    courier = run_agent(SupportModel(), COURIER)
    ret = run_agent(SupportModel(), EXAMPLE_TASKS["return 1187"])
    computed = {str(n) for n in [*courier.tokens, *itertools.accumulate(courier.tokens),
                                 *ret.tokens, *itertools.accumulate(ret.tokens)]}
    text = re.sub(r"```.*?```", " ", markdown_text())  # logs in code blocks are the runs'
    text = re.sub(r"`[^`]*`", " ", text)
    numbers = set(re.findall(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.])", text))
    assert numbers - computed - KNOWN_NUMBERS == set()


def test_the_guard_log_in_the_text_is_the_reference_guards_run():
    text = SOURCE.read_text(encoding="utf-8")
    block = re.search(r"# ```text\n(# task: When does 1042.*?)# ```", text, re.S)[1]
    shown = [re.sub(r"^# ", "", line) for line in block.splitlines()]
    assert shown == run_agent(SupportModel(), COURIER,
                              guards=[REFERENCE["repeated_action"]]).lines()
