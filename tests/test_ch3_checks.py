"""Chapter 3's exercise checks: right answers pass; blank, hard-coded and subtly wrong fail."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

from agentloop.agent import run_agent
from agentloop.checks import collect, get_check, judge, run_check
from agentloop.checks.ch3 import CHECKS, COURIER, QUIZ, QUIZ_ANSWERS, REFERENCE
from agentloop.guards import token_budget
from agentloop.models import SupportModel

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "chapters" / "src" / "03_plan_action_observation.py"


def blank(*args, **kwargs):
    raise NotImplementedError()


def name_only(steps):
    """The round trip's wrong guard: the same tool counts as the same action."""
    if len(steps) >= 2 and steps[-1]["tool"] == steps[-2]["tool"]:
        return "same action twice → to an employee"
    return None


def whole_step(steps):
    """Compares whole steps: plans and tokens differ, so it never stops anything."""
    if len(steps) >= 2 and steps[-1] == steps[-2]:
        return "same"
    return None


def budget_at_least(budget):
    """Stops when the total *reaches* the budget: wrong exactly on the boundary."""
    def guard(steps):
        return "over" if sum(s["tokens"] for s in steps) >= budget else None
    return guard


def budget_last_request_only(budget):
    """Forgets that every request resends the history: looks at the last request alone."""
    def guard(steps):
        return "over" if steps[-1]["tokens"] > budget else None
    return guard


def budget_fixed_300(budget):
    return REFERENCE["token_budget"](300)


def buggy_loop(model, task, max_steps=5):
    """The exercise's bug: `break` after the answer, so the step-limit line always follows."""
    lines = run_agent(model, task, max_steps).lines()
    if lines[-1].startswith("  step ") and " end: " in lines[-1]:
        lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    obj = {} if chk.symbol == "quiz" else blank
    report = run_check(chk, obj, hidden=True)
    assert not report.passed
    assert all(not r.passed for r in report.results)


def test_a_name_only_guard_fails_the_guard_check_but_not_the_courier_run():
    guard_report = run_check(get_check("ch3-repeated-guard"), name_only, hidden=True)
    assert not guard_report.passed
    assert any("return None, got 'same action twice" in r.reason
               for r in guard_report.results if not r.passed)
    assert run_check(get_check("ch3-repeated-guard"), name_only).passed is False  # visible too
    assert run_check(get_check("ch3-repeated-courier"), name_only, hidden=True).passed


def test_a_guard_that_compares_whole_steps_never_fires_and_fails_both():
    assert not run_check(get_check("ch3-repeated-guard"), whole_step, hidden=True).passed
    assert not run_check(get_check("ch3-repeated-courier"), whole_step, hidden=True).passed


@pytest.mark.parametrize("wrong", [budget_at_least, budget_last_request_only, budget_fixed_300])
def test_wrong_budgets_fail_the_hidden_cases(wrong):
    assert not run_check(get_check("ch3-token-guard"), wrong, hidden=True).passed


def test_the_boundary_is_visible_for_a_budget_that_stops_on_reaching_it():
    report = run_check(get_check("ch3-token-guard"), budget_at_least)
    failed = [r.label for r in report.results if not r.passed]
    assert failed == ["exactly on the budget (225) → None: not passed"]


def test_the_stop_step_is_checked_only_by_the_grader():
    chk = get_check("ch3-token-courier")
    assert REFERENCE["courier_stop_step"] == 3
    assert run_check(chk, 4).passed and not run_check(chk, 4, hidden=True).passed
    assert not run_check(chk, True).passed and not run_check(chk, "3").passed
    assert not run_check(chk, 0).passed


def test_the_buggy_loop_fails_answers_and_passes_exits():
    answers = run_check(get_check("ch3-fix-loop-answers"), buggy_loop, hidden=True)
    assert not answers.passed and all(not r.passed for r in answers.results)
    assert run_check(get_check("ch3-fix-loop-exits"), buggy_loop, hidden=True).passed


def test_a_loop_that_remembers_the_visible_logs_fails_the_hidden_ones():
    chk = get_check("ch3-fix-loop-answers")
    memory = {c.input["task"]: REFERENCE["run_agent_lines"](SupportModel(), c.input["task"])
              for c in chk.cases()}

    def remembers(model, task, max_steps=5):
        return memory.get(task, ["task: " + task])

    assert run_check(chk, remembers).passed
    assert not run_check(chk, remembers, hidden=True).passed


def test_a_report_hard_coded_for_the_undelivered_return_fails():
    chk = get_check("ch3-exit-report")

    def undelivered_only(task, max_steps=5):
        return {"exit": "end_turn", "step": 2, "requests": [],
                "answer": "The order has not been delivered yet. You can return it once it "
                          "arrives."}

    report = run_check(chk, undelivered_only, hidden=True)
    assert report.results[0].passed and not report.passed


def test_a_report_that_embellishes_fails():
    def pretty(task, max_steps=5):
        report = REFERENCE["exit_report"](task, max_steps)
        return dict(report, answer=report["answer"] or "All done, thank you!")

    assert not run_check(get_check("ch3-exit-report"), pretty, hidden=True).passed


def test_the_quiz():
    chk = get_check("ch3-quiz")
    assert set(QUIZ) == set(QUIZ_ANSWERS) == {"q1", "q2", "q3", "q4"}
    wrong = {q: "c" for q in QUIZ}
    assert run_check(chk, wrong).passed and not run_check(chk, wrong, hidden=True).passed
    assert not run_check(chk, dict(QUIZ_ANSWERS, q2="d")).passed


def test_probes_return_plain_data_only():
    chk = get_check("ch3-repeated-guard")

    class Reason(str):
        pass

    def sneaky(steps):
        return Reason("stop")

    outputs = collect(chk, sneaky, chk.cases())
    assert all("raised" in o and "NotPlainData" in o["raised"] for o in outputs)
    assert not judge(chk, chk.cases(), outputs).passed


def test_verify_recomputes_rather_than_trusting_the_probe():
    chk = get_check("ch3-repeated-courier")
    cases = chk.cases()
    forged = [{"value": {"exit": "guard", "ended_on": 2, "executed": [], "pending": []}}
              for _ in cases]
    assert not judge(chk, cases, forged).passed


def test_hidden_cases_are_deterministic_and_differ_from_visible_ones():
    for chk in CHECKS:
        first, again = chk.cases(hidden=True), chk.cases(hidden=True)
        assert [c.input for c in first] == [c.input for c in again]
        assert len(first) > len(chk.cases())


def test_the_chapter_states_the_computed_stop_step():
    text = " ".join(re.sub(r"^# ?", "", line).strip()
                    for line in SOURCE.read_text(encoding="utf-8").splitlines())
    tokens = run_agent(SupportModel(), COURIER).tokens
    stop = run_agent(SupportModel(), COURIER, guards=[token_budget(300)]).ended_on
    assert f"stops the courier task **at step {stop}**" in text
    assert f"{tokens[0]} + {tokens[1]} = {tokens[0] + tokens[1]} is still within 300" in text
    assert f"step 3 adds {tokens[2]}" in text and f"{sum(tokens[:3])}, passes" in text
    assert f"({tokens[0]} + {tokens[1]} + {tokens[2]} = {sum(tokens[:3])} > 300)" in text


def test_the_roundtrip_file_names_every_test_cell():
    data = runpy.run_path(str(ROOT / "tests" / "roundtrip" / "03_plan_action_observation.py"))
    test_ids = re.findall(r"^# %% tests id=(\S+)", SOURCE.read_text(encoding="utf-8"), re.M)
    assert set(data["PARTIAL"]) == set(test_ids) == {c.id for c in CHECKS}
    namespace: dict = {}
    exec(data["WRONG"]["ch3-repeated-answer"], namespace)
    for check_id, passes in data["PARTIAL"].items():
        chk = get_check(check_id)
        if chk.symbol == "repeated_action":
            assert run_check(chk, namespace["repeated_action"], hidden=True).passed is passes
        else:
            assert passes
