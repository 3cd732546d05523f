"""Chapter 4's exercise checks: references pass, blanks fail, a block-everything hook is partial."""

from __future__ import annotations

import pytest

from agentloop.checks import get_check, run_check
from agentloop.checks.ch4 import CHECKS, TRANSITION_ROWS, is_dangerous


def blank(*args, **kwargs):
    raise NotImplementedError()


class BlankFigures:
    def __init__(self):
        raise NotImplementedError()


def block_everything(payload):
    raise PermissionError("no")


def substring_guard(payload):
    if "rm -rf" in payload.get("args", {}).get("command", ""):
        raise PermissionError("no")


def returns_false(payload):
    command = payload.get("args", {}).get("command", "")
    return False if isinstance(command, str) and is_dangerous(command) else None


class TotalsOnly:
    def __init__(self):
        self.counts = {"steps": 0, "tool_calls": 0, "errors": 0}

    def __call__(self, event):
        key = {"step.end": "steps", "tool.call": "tool_calls", "tool.error": "errors"}.get(
            event.type)
        if key:
            self.counts[key] += 1

    def figures(self):
        return dict(self.counts, per_step=[])


def extend_turns_only(harness, stop):
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
        else:
            harness.extend_budget(turns=1)
            stop = harness.resume()
    return stop


def extend_everything(harness, stop):
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
        else:
            harness.extend_budget(turns=100, tool_calls=100, seconds=1000)
            stop = harness.resume()
    return stop


def run_table_that_never_fails(check):
    return 36


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail(chk):
    obj = {"StepFigures": BlankFigures, "TRANSITION_ROWS": []}.get(chk.symbol, blank)
    report = run_check(chk, obj, hidden=True)
    assert not report.passed


def test_a_hook_that_blocks_everything_passes_only_the_dangerous_check():
    assert run_check(get_check("ch4-block-dangerous"), block_everything, hidden=True).passed
    report = run_check(get_check("ch4-allow-safe"), block_everything, hidden=True)
    assert not report.passed and all(not r.passed for r in report.results)
    assert "a safe call was blocked" in report.results[0].reason


def test_a_substring_guard_misses_variants_and_false_alarms():
    dangerous = run_check(get_check("ch4-block-dangerous"), substring_guard, hidden=True)
    assert not dangerous.passed
    assert any("rm -fr /" in r.label and not r.passed for r in dangerous.results)
    safe = run_check(get_check("ch4-allow-safe"), substring_guard, hidden=True)
    assert not safe.passed


def test_returning_false_does_not_count_as_blocking():
    report = run_check(get_check("ch4-block-dangerous"), returns_false)
    assert not report.passed
    assert "a hook blocks by raising an exception" in report.results[0].reason


def test_totals_without_per_step_figures_get_partial_credit():
    assert run_check(get_check("ch4-figures-totals"), TotalsOnly, hidden=True).passed
    assert not run_check(get_check("ch4-figures-per-step"), TotalsOnly, hidden=True).passed


def test_extending_only_turns_passes_only_the_turns_check():
    assert run_check(get_check("ch4-finish-turns"), extend_turns_only, hidden=True).passed
    report = run_check(get_check("ch4-finish-any-limit"), extend_turns_only)
    assert not report.passed
    assert "expected tool_calls+1, got turns+1" in report.results[0].reason


def test_extending_everything_is_not_the_envelope():
    report = run_check(get_check("ch4-finish-turns"), extend_everything)
    assert not report.passed
    assert "extend only the limit that ran out" in report.results[0].reason


def test_a_finisher_that_stops_at_the_pause_fails():
    report = run_check(get_check("ch4-finish-turns"), lambda harness, stop: stop)
    assert "not DONE" in report.results[0].reason


def test_a_forged_event_log_is_caught_by_the_trusted_rerun():
    def make_up_results(harness, stop):
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume({"ok": True, "output": "all good"})
            else:
                harness.extend_budget(**{stop.pause["limit"]: 1})
                stop = harness.resume()
        return stop

    report = run_check(get_check("ch4-finish-turns"), make_up_results)
    assert "differs from the reference run" in report.results[0].reason


def test_a_wrong_table_row_is_named():
    rows = [(s, t, (not legal) if (s, t) == ("EXECUTING", "DONE") else legal)
            for s, t, legal in TRANSITION_ROWS]
    report = run_check(get_check("ch4-table-rows"), rows)
    failed = [r for r in report.results if not r.passed]
    assert [r.label for r in failed] == ["rows from EXECUTING"]
    assert failed[0].reason == "EXECUTING -> DONE is illegal"


def test_a_table_test_that_never_fails_catches_no_mutant():
    report = run_check(get_check("ch4-table-catches"), run_table_that_never_fails, hidden=True)
    assert report.results[0].passed
    assert all(not r.passed for r in report.results[1:])


@pytest.mark.parametrize(("command", "dangerous"), [
    ("rm -rf /", True), ("rm -fr x", True), ("rm -r -f /", True), ("sudo rm -rf ~", True),
    ("rm --recursive --force a", True), ("ls; rm -Rf b", True), ("echo x | rm -rfv y", True),
    ("rm -r build", False), ("rm -f a.log", False), ("grep -rf p src", False),
    ("echo 'rm -rf /'", False), ("git rm -r --cached x", False), ("rm -- -rf", False),
    ("cp -rf a b", False), ("rm 'unbalanced", True),
])
def test_the_reference_danger_rule(command, dangerous):
    assert is_dangerous(command) is dangerous
