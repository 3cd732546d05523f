"""Chapter 3's checks, the learner's edition (agentloop/checks/ch3.py): what `check(...)`
prints in a notebook, judged on the facts of the visible cases shipped as data, with no
reference, hidden case or seed in it, and without loading the library's guards."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from agentloop_grader.answers.ch3 import REFERENCE

from agentloop import guards
from agentloop.checks import check, collect, get_check, judge, run_check
from agentloop.checks.ch3 import CHECKS, GO, GUARD_MODULES, STOP, guard_verdict
from agentloop.checks.core import NoFacts
from agentloop.checks.student import facts_file, input_key

ROOT = Path(__file__).resolve().parents[3]
BY_ID = {chk.id: chk for chk in CHECKS}


def step_before_only(steps):
    """The library's first rule: a repeat of the step just before only."""
    if len(steps) >= 2 and (steps[-1]["tool"], steps[-1]["input"]) == \
            (steps[-2]["tool"], steps[-2]["input"]):
        return "same action twice"
    return None


def test_the_learners_edition_holds_no_reference_hidden_case_or_seed():
    for chk in CHECKS:
        assert chk.reference is None and not chk.has_hidden, chk.id
        with pytest.raises(ValueError, match="need a seed"):
            chk.all_cases(hidden=True)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_visible_case_on_the_shipped_facts(chk):
    assert run_check(chk, REFERENCE[chk.answer]).passed


def test_the_shipped_facts_are_those_of_the_visible_cases_and_up_to_date():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_check_facts

    shipped = facts_file("ch3")
    assert shipped == json.loads(build_check_facts.render(build_check_facts.chapter_facts("ch3")))
    for chk in CHECKS:
        keys = [case["key"] for case in shipped["checks"][chk.id]["cases"]]
        assert keys == [input_key(case.input) for case in chk.cases()], chk.id


def test_an_input_that_is_not_a_visible_case_has_no_facts_here():
    chk = BY_ID["ch3-repeated-guard"]
    other = {"steps": chk.cases()[1].input["steps"][:1] * 3}
    with pytest.raises(NoFacts, match="not one of the check's visible cases"):
        chk.facts_of(other)


def test_the_check_module_loads_neither_the_librarys_guards_nor_the_viewer():
    code = ("import sys, agentloop.checks.ch3, agentloop.checks;"
            f"print([m for m in {list(GUARD_MODULES)!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
    for check_id in ("ch3-repeated-guard", "ch3-repeated-runs", "ch3-token-guard",
                     "ch3-budget-stop"):
        assert BY_ID[check_id].answered_by == GUARD_MODULES


@pytest.mark.parametrize(("reason", "verdict"), [
    (None, GO), ("stop it", STOP), ("", {"returned": "''"}), ("  ", {"returned": "'  '"}),
    (True, {"returned": "True"}), (0, {"returned": "0"})])
def test_a_guards_answer_is_reported_as_a_verdict(reason, verdict):
    assert guard_verdict(reason) == verdict


def test_check_prints_a_readable_report_and_never_stops_run_all(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch3-repeated-guard", REFERENCE["repeated_action"])
    assert "7/7 cases passed: all passed" in capsys.readouterr().out
    check("ch3-repeated-guard", step_before_only)  # practice: prints ✘, does not raise
    out = capsys.readouterr().out
    assert ("✘ the same tool with the same input as any earlier step, however far back → a "
            "reason\n      estimate_delivery(1042) on steps 1 and 3, another action between: "
            "this action must be stopped") in out
    assert out.count("hint 1 of 3:") == 1 and "5/7 cases passed: not yet" in out


def test_under_nbgrader_a_failure_raises(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch3-repeated-guard", step_before_only)


@pytest.mark.parametrize(("check_id", "library"), [
    ("ch3-repeated-guard", guards.repeated_action),
    ("ch3-repeated-runs", guards.repeated_action),
    ("ch3-token-guard", guards.token_budget)])
def test_the_librarys_own_guard_is_refused(capsys, monkeypatch, check_id, library):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="library's own answer"):
        check(check_id, library)
    assert "write your own" in capsys.readouterr().out


def test_an_answer_that_calls_the_librarys_guard_fails_in_practice_as_in_grading(capsys):
    def asks_the_library(steps):
        for earlier in steps[:-1]:
            if guards.repeated_action([earlier, steps[-1]]) is not None:
                return "repeat"
        return None

    check("ch3-repeated-guard", asks_the_library)
    assert "withheld while your answer is checked" in capsys.readouterr().out
    assert guards.repeated_action([{"tool": "t", "input": {}}] * 2)  # back afterwards


def test_the_transcript_viewer_is_withheld_while_a_budget_answer_runs(capsys):
    def with_the_viewer(task, budget):
        from agentloop.widgets.ch3_transcripts import run_with

        transcript = run_with(task, budget=budget)
        return transcript.ended_on if transcript.exit == "guard" else None

    check("ch3-budget-stop", with_the_viewer)
    assert "run_with is the library's own answer" in capsys.readouterr().out


def test_probes_return_plain_data_only():
    chk = BY_ID["ch3-fix-loop-answers"]

    class Line(str):
        pass

    outputs = collect(chk, lambda model, task, max_steps=5: [Line("task: x")], chk.cases())
    assert all("raised" in o and "NotPlainData" in o["raised"] for o in outputs)
    assert not judge(chk, chk.cases(), outputs).passed


def test_a_visible_note_is_judged_by_its_rules_alone():
    chk = get_check("ch3-note-requests")
    report = run_check(chk, lambda t: REFERENCE["handover_note"](t) + " No refund.")
    assert not report.passed
    assert "the agent moves no money" in report.text()
