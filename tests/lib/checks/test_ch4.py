"""Chapter 4's exercise checks: right answers pass; blank, cheating and subtly wrong ones do not.

For every exercise: the solution earns every check, the blank earns none, the subtly wrong
answer of tests/chapters/roundtrip/04_*.py earns exactly its PARTIAL, and each kind of cheat —
hard-coded, the library's own record or table called or wrapped, right only on the visible
cases, the printed table copied — earns nothing (every check, hidden cases included).
"""

from __future__ import annotations

import ast
import re
import runpy
from pathlib import Path

import chapter_answers
import nbformat
import pytest
from chapter_answers import answer_cells, graded_ids, stub_out

from agentloop.checks import ch4, get_check, run_check
from agentloop.checks.ch4 import (
    CHECKS,
    DIAGRAM_EDGES,
    SELF_CHECKS,
    TRANSITION_ROWS,
    _flipped,
    is_dangerous,
)
from agentloop.harness import DEMO_GOAL, STATES, TRANSITIONS, demo_harness, drive
from agentloop.harness import Session as LibrarySession
from agentloop.widgets.ch4_harness import _guard as widget_guard

ROOT = Path(__file__).resolve().parents[3]
SOURCE = ROOT / "chapters" / "src" / "04_harness.py"
NOTEBOOK = ROOT / "chapters" / "04_harness.ipynb"
ROUNDTRIP = runpy.run_path(str(ROOT / "tests" / "chapters" / "roundtrip" / "04_harness.py"))
BY_ID = {chk.id: chk for chk in CHECKS}
GRADED = [chk for chk in CHECKS if chk not in SELF_CHECKS]


def notebook():
    return nbformat.read(NOTEBOOK, as_version=4)


def run_answers(replacements: dict[str, str]) -> dict:
    return chapter_answers.run_answers(notebook(), replacements)


def scores(namespace: dict) -> dict[str, bool]:
    return chapter_answers.scores(notebook(), namespace)


def wrong(grade_id: str, name: str, **names):
    namespace: dict = dict(names)
    exec(ROUNDTRIP["WRONG"][grade_id], namespace)
    return namespace[name]


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
    cheated = {name for source in cheats.values() for name in answers.values()
               if re.search(rf"\b{name}\b", source)}
    assert cheated, kind
    assert {gid for gid, passed in earned.items() if passed and answers[gid] in cheated} == set()


def test_the_roundtrip_file_names_every_test_cell():
    nb = notebook()
    assert set(ROUNDTRIP["PARTIAL"]) == set(graded_ids(nb)) == {c.id for c in GRADED}
    assert set(ROUNDTRIP["WRONG"]) <= set(answer_cells(nb))
    for cheats in ROUNDTRIP["CHEATS"].values():
        assert set(cheats) <= set(answer_cells(nb))


def test_released_stubs_are_valid_python():
    for cell in notebook().cells:
        if cell.cell_type == "code":
            ast.parse(stub_out(cell.source))


def test_the_table_rows_are_a_self_check_not_a_graded_cell():
    nb = notebook()
    assert "ch4-table-rows" not in graded_ids(nb)
    plain = [c for c in nb.cells if c.cell_type == "code" and 'check("ch4-table-rows")' in c.source]
    assert plain and "skip-grading" in plain[0].metadata["tags"]


# --- exercise 1 ------------------------------------------------------------------------------

def blank(*args, **kwargs):
    raise NotImplementedError()


def block_everything(payload):
    raise PermissionError("no")


def substring_guard(payload):
    if "rm -rf" in payload.get("args", {}).get("command", ""):
        raise PermissionError("no")


def returns_false(payload):
    command = payload.get("args", {}).get("command", "")
    return False if isinstance(command, str) and is_dangerous(command) else None


@pytest.mark.parametrize("chk", GRADED, ids=lambda c: c.id)
def test_blank_answers_fail(chk):
    obj = {"StepFigures": type("BlankFigures", (), {"__init__": blank})}.get(chk.answer, blank)
    assert not run_check(chk, obj, hidden=True).passed


@pytest.mark.parametrize("hook", [block_everything, lambda payload: None, substring_guard,
                                  returns_false, widget_guard])
def test_one_size_hooks_earn_nothing(hook):
    for check_id in ("ch4-guard-flags", "ch4-guard-commands"):
        assert not run_check(BY_ID[check_id], hook, hidden=True).passed, check_id


def test_returning_false_does_not_count_as_blocking():
    report = run_check(BY_ID["ch4-guard-flags"], returns_false)
    assert "a hook blocks by raising an exception" in report.results[0].reason


def test_a_hook_that_reads_one_rm_call_passes_only_the_flags_check():
    near_miss = wrong("ch4-guard-answer", "block_rm_rf")
    assert run_check(BY_ID["ch4-guard-flags"], near_miss, hidden=True).passed
    report = run_check(BY_ID["ch4-guard-commands"], near_miss, hidden=True)
    assert not report.passed and {r.rule for r in report.results if not r.passed} == \
        {"a dangerous rm in any part of a chain (; && || | &) → blocked"}


@pytest.mark.parametrize(("command", "dangerous"), [
    ("rm -rf /", True), ("rm -fr x", True), ("rm -r -f /", True), ("sudo rm -rf ~", True),
    ("rm --recursive --force a", True), ("ls; rm -Rf b", True), ("echo x | rm -rfv y", True),
    ("rm -r build", False), ("rm -f a.log", False), ("grep -rf p src", False),
    ("echo 'rm -rf /'", False), ("git rm -r --cached x", False), ("rm -- -rf", False),
    ("cp -rf a b", False), ("rm 'unbalanced", True),
])
def test_the_reference_danger_rule(command, dangerous):
    assert is_dangerous(command) is dangerous


# --- exercise 2 ------------------------------------------------------------------------------

class FoldsTheSession:
    """The session record counts the same events: a subscriber that only wraps it."""

    def __init__(self):
        self.session = LibrarySession()

    def __call__(self, event):
        self.session.apply(event)

    def figures(self):
        return {"steps": len(self.session.steps), "tool_calls": self.session.tool_calls,
                "errors": self.session.errors, "per_step": []}


def test_totals_without_per_step_figures_get_partial_credit():
    totals_only = wrong("ch4-figures-answer", "StepFigures")
    assert run_check(BY_ID["ch4-figures-totals"], totals_only, hidden=True).passed
    assert not run_check(BY_ID["ch4-figures-per-step"], totals_only, hidden=True).passed


def test_the_session_record_is_withheld_from_a_subscriber():
    for check_id in ("ch4-figures-totals", "ch4-figures-per-step"):
        report = run_check(BY_ID[check_id], FoldsTheSession, hidden=True)
        assert not report.passed and all("withheld" in r.reason for r in report.results)
    assert LibrarySession().turns == 0  # put back afterwards


# --- exercise 3 ------------------------------------------------------------------------------

def extend_everything(harness, stop):
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
        else:
            harness.extend_budget(turns=100, tool_calls=100, seconds=1000)
            stop = harness.resume()
    return stop


def test_extending_only_turns_passes_only_the_turns_check():
    turns_only = wrong("ch4-finish-answer", "finish_session")
    assert run_check(BY_ID["ch4-finish-turns"], turns_only, hidden=True).passed
    report = run_check(BY_ID["ch4-finish-any-limit"], turns_only)
    assert "expected tool_calls+1, got turns+1" in report.results[0].reason


@pytest.mark.parametrize("finish", [extend_everything, lambda harness, stop: stop,
                                    lambda harness, stop: drive(harness, stop)])
def test_finishers_that_are_not_the_envelope_earn_nothing(finish):
    for check_id in ("ch4-finish-turns", "ch4-finish-any-limit"):
        assert not run_check(BY_ID[check_id], finish, hidden=True).passed


def test_the_give_up_point_is_far_beyond_what_a_correct_loop_needs():
    """MAX_RESUMES only cuts loops that go nowhere: the reference never comes near it."""
    most = max(len(ch4._probe_finish(ch4.finish_session, case.input)["extensions"])
               for check_id in ("ch4-finish-turns", "ch4-finish-any-limit")
               for case in BY_ID[check_id].all_cases(hidden=True))
    assert 0 < most and 3 * most <= ch4.MAX_RESUMES


def test_a_loop_that_never_finishes_is_cut_and_fails_with_its_evidence():
    def extend_nothing(harness, stop):
        while stop.kind != "done":
            stop = harness.resume(harness.call_tool(stop.request)) \
                if stop.kind == "tool_call" else harness.resume()
        return stop

    output = ch4._probe_finish(extend_nothing, {"max_turns": 1, "max_tool_calls": 10,
                                                "max_seconds": 60.0})
    assert output["extensions"] == [] and len(output["events"]) < 4 * ch4.MAX_RESUMES
    report = run_check(BY_ID["ch4-finish-turns"], extend_nothing)
    assert not report.passed


def test_a_forged_event_log_is_caught_by_the_trusted_rerun():
    def make_up_results(harness, stop):
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume({"ok": True, "output": "all good"})
            else:
                harness.extend_budget(**{stop.pause["limit"]: 1})
                stop = harness.resume()
        return stop

    report = run_check(BY_ID["ch4-finish-turns"], make_up_results)
    assert "differs from the reference run" in report.results[0].reason


# --- exercise 4 ------------------------------------------------------------------------------

def reads_the_library_table(check):
    """A test that takes its expectations from the code under test."""
    from agentloop.harness import IllegalTransition

    for source in STATES:
        for target in STATES:
            try:
                check(source, target)
                allowed = True
            except IllegalTransition:
                allowed = False
            assert allowed == (target in TRANSITIONS[source])
    return 36


def test_the_reference_table_is_the_diagram_and_the_librarys():
    assert DIAGRAM_EDGES == {(str(s), str(t)) for s in STATES for t in TRANSITIONS[s]}
    assert len(TRANSITION_ROWS) == 36 and sum(legal for *_, legal in TRANSITION_ROWS) == 17


def test_a_wrong_table_row_is_named_by_the_self_check():
    rows = [(s, t, (not legal) if (s, t) == ("EXECUTING", "DONE") else legal)
            for s, t, legal in TRANSITION_ROWS]
    report = run_check(BY_ID["ch4-table-rows"], rows)
    failed = [r for r in report.results if not r.passed]
    assert [r.label for r in failed] == ["rows from EXECUTING"]
    assert failed[0].reason == "EXECUTING -> DONE is illegal"


@pytest.mark.parametrize("run", [reads_the_library_table, lambda check: 36,
                                 lambda check: (_ for _ in ()).throw(AssertionError())])
def test_tests_that_read_the_library_or_never_look_earn_nothing(run):
    for check_id in ("ch4-table-forbidden", "ch4-table-allowed"):
        assert not run_check(BY_ID[check_id], run, hidden=True).passed


def test_a_test_that_reads_the_library_passes_the_real_harness_and_misses_every_flip():
    report = run_check(BY_ID["ch4-table-forbidden"], reads_the_library_table, hidden=True)
    assert all(r.passed == (r.rule.startswith("the real harness")) for r in report.results)


def test_a_test_of_the_illegal_rows_only_gets_partial_credit():
    rows = [tuple(row) for row in TRANSITION_ROWS]  # a copy: the reference itself is withheld
    near_miss = wrong("ch4-table-test-answer", "run_table", TRANSITION_ROWS=rows)
    assert run_check(BY_ID["ch4-table-forbidden"], near_miss, hidden=True).passed
    assert not run_check(BY_ID["ch4-table-allowed"], near_miss, hidden=True).passed


def test_a_flip_is_undone_after_the_probe():
    before = {s: dict(t) for s, t in TRANSITIONS.items()}
    with _flipped(("EXECUTING", "DONE")):
        assert "DONE" in TRANSITIONS["EXECUTING"]
    with _flipped(("IDLE", "PLANNING")):
        assert "PLANNING" not in TRANSITIONS["IDLE"]
    assert {s: dict(t) for s, t in TRANSITIONS.items()} == before


# --- the check machinery -----------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_cases_show_every_rule(chk):
    everything = chk.all_cases(hidden=True)
    assert all(case.rule for case in everything)
    assert {case.rule for case in everything} <= {case.rule for case in chk.cases()}


@pytest.mark.parametrize("chk", GRADED, ids=lambda c: c.id)
def test_hidden_cases_are_deterministic_and_use_inputs_the_chapter_never_shows(chk):
    first, again = chk.all_cases(hidden=True), chk.all_cases(hidden=True)
    assert [c.input for c in first] == [c.input for c in again]
    shown = [c.input for c in chk.cases()]
    assert sum(c.input not in shown for c in first) >= 8


# --- the chapter's numbers are the numbers the code computes -----------------------------------

def markdown_text() -> str:
    cells = [c.source for c in notebook().cells if c.cell_type == "markdown"]
    return re.sub(r"\s+", " ", " ".join(cells))


def test_the_chapter_states_the_computed_figures():
    text = markdown_text()
    free = demo_harness()
    stop = drive(free, free.run(DEMO_GOAL))
    assert (stop.outcome, free.session.turns, free.session.tool_calls) == ("goal_met", 3, 2)
    assert "`goal_met`, 3 turns, 2 tool calls, no pause" in text
    paused = demo_harness(max_turns=2)
    stop = drive(paused, paused.run(DEMO_GOAL))
    assert stop.pause["from"] == "REFLECTING" and stop.pause["move"]["index"] == 2
    assert "The pause was taken in `REFLECTING`, just before starting step 2" in text
    assert "two turns for a three-step plan | pause in `REFLECTING`" in text
    assert len(TRANSITIONS) == 6 and sum(map(len, TRANSITIONS.values())) == 17
    assert "*Figure 1. The nine moves" in text
    assert sum(1 for s in STATES for t in STATES) == 36 and "36 rows" in text


KNOWN_NUMBERS = {"1", "2", "3", "4", "5", "10", "11", "30", "31", "36", "40", "45", "2025",
                 "0", "6", "9", "24"}


def test_every_number_in_the_chapters_text_is_one_the_code_gives():
    text = re.sub(r"```.*?```", " ", markdown_text())
    text = re.sub(r"`[^`]*`", " ", text)
    numbers = set(re.findall(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.])", text))
    assert numbers - KNOWN_NUMBERS == set()
