"""Chapter 5's graded project, graded the way agentloop-grade grades it, in this process.

`grade_in_process` is what the teacher's grader does with one submission (see
grader/agentloop_grader/sandbox): only the answer cells run, in a fresh namespace, with the
library's references withheld (the grader's own Seal stubs them); the ordinary test cell runs
its asserts, hidden ones included; each check probes its answer on the visible and hidden
cases with its own references withheld, and the outputs are judged with the check's verify.
The submissions: the instructor solution (everything), the blank student version (nothing),
tests/chapters/roundtrip/05_capstone.py's subtly wrong one (exactly PARTIAL) and every CHEATS entry
(each cheated cell earns nothing).
"""

from __future__ import annotations

import dataclasses
import re
import runpy
from pathlib import Path

import nbformat
import pytest
from chapter_answers import run_sealed, sealed_verdict

import agentloop.checks.ch5 as ch5
from agentloop.checks import checks_in, collect, judge, run_check
from agentloop.duty import handover, officer

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "chapters" / "05_capstone.ipynb"
SOURCE = ROOT / "chapters" / "src" / "05_capstone.py"
DATA = runpy.run_path(str(ROOT / "tests" / "chapters" / "roundtrip" / "05_capstone.py"))
CHECKS = checks_in(ch5)


def cells(kind: str) -> dict[str, str]:
    """Answer cells ("answer") or ordinary test cells ("test") of the notebook, by grade_id."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    out = {}
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if cell.cell_type != "code" or not meta:
            continue
        if kind == "answer" and meta["solution"] and not meta["grade"]:
            out[meta["grade_id"]] = cell.source
        if kind == "test" and meta["grade"] and "agentloop.checks" not in cell.source:
            out[meta["grade_id"]] = cell.source
    return out


SOLUTION = cells("answer")
TESTS = cells("test")


def blank(source: str) -> str:
    """The student version of an answer cell: each solution region becomes the stub."""
    return re.sub(r"^( *)### BEGIN SOLUTION.*?### END SOLUTION",
                  r"\1raise NotImplementedError()", source, flags=re.S | re.M)


CASES = {check_id: chk.all_cases(hidden=True) for check_id, chk in CHECKS.items()}
# The answer cell that defines each check's answer (each exercise has its own cell).
CELL_OF = {check_id: next(cid for cid, src in SOLUTION.items()
                          if re.search(rf"^def {chk.answer}\b", src, re.M))
           for check_id, chk in CHECKS.items()}
_JUDGED: dict[tuple[str, str], bool] = {}


def grade_in_process(answers: dict[str, str]) -> dict[str, bool]:
    """Test cell id → passed, for a submission given as its answer cells (id → source).

    A check's verdict depends only on the cell that defines its answer, so verdicts are
    kept by (check, that cell's source): a cheat re-judges only the cells it replaced."""
    seal, namespace = run_sealed(CHECKS.values(), answers)
    passed = {}
    for test_id, source in TESTS.items():
        try:
            exec(compile(source, test_id, "exec"), dict(namespace))
            passed[test_id] = True
        except Exception:
            passed[test_id] = False
    for check_id, chk in CHECKS.items():
        key = (check_id, answers[CELL_OF[check_id]])
        if key not in _JUDGED:
            _JUDGED[key] = sealed_verdict(seal, chk, namespace, CASES[check_id])
        passed[check_id] = _JUDGED[key]
    return passed


def test_the_roundtrip_file_names_every_test_cell():
    test_ids = re.findall(r"^# %% (?:tests|check) id=(\S+)", SOURCE.read_text(encoding="utf-8"),
                          re.M)
    assert set(DATA["PARTIAL"]) == set(test_ids) == set(CHECKS) | set(TESTS)
    assert set(DATA["WRONG"]) <= set(SOLUTION)
    for answers, expected in DATA["CHEATS"].values():
        assert set(answers) <= set(SOLUTION) and set(expected) == set(test_ids)


def test_the_solution_earns_full_marks():
    assert grade_in_process(SOLUTION) == dict.fromkeys(DATA["PARTIAL"], True)


def test_the_blank_student_version_earns_nothing():
    scores = grade_in_process({cid: blank(src) for cid, src in SOLUTION.items()})
    assert scores == dict.fromkeys(DATA["PARTIAL"], False)


def test_the_subtly_wrong_submission_earns_exactly_the_partial_score():
    assert grade_in_process(dict(SOLUTION, **DATA["WRONG"])) == DATA["PARTIAL"]


@pytest.mark.parametrize("name", sorted(DATA["CHEATS"]))
def test_every_cheat_earns_nothing(name):
    answers, expected = DATA["CHEATS"][name]
    assert grade_in_process(dict(SOLUTION, **answers)) == expected


def test_the_library_wrappers_would_score_if_nothing_were_withheld():
    """The withholding is what stops them: without it the limit-reason wrapper passes."""
    answers, _ = DATA["CHEATS"]["wraps the library's limit reason, adding what it lacks"]
    namespace: dict = {}
    exec(answers["ch5-report-answer"], namespace)
    for check_id in ("ch5-report-unchecked", "ch5-report-counts"):
        chk = CHECKS[check_id]
        cases = chk.all_cases(hidden=True)
        unguarded = dataclasses.replace(chk, withhold=())
        assert judge(chk, cases, collect(unguarded, namespace["limit_report"], cases)).passed
        assert not run_check(chk, namespace["limit_report"], hidden=True).passed


@pytest.mark.parametrize("obj", [officer.decide, handover.question_for, handover.message_for])
def test_the_librarys_own_functions_are_refused_as_answers(obj):
    for chk in CHECKS.values():
        if any(obj is withheld for withheld in chk.withhold):
            assert not run_check(chk, obj).passed


# --- the cases themselves -------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS.values(), ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_cases_show_every_rule(chk):
    everything = chk.all_cases(hidden=True)
    assert all(case.rule for case in everything)
    assert {case.rule for case in everything} <= {case.rule for case in chk.cases()}


@pytest.mark.parametrize("chk", CHECKS.values(), ids=lambda c: c.id)
def test_hidden_cases_are_deterministic_and_use_inputs_the_chapter_never_shows(chk):
    first, again = chk.all_cases(hidden=True), chk.all_cases(hidden=True)
    assert [c.input for c in first] == [c.input for c in again]
    shown = [c.input for c in chk.cases()]
    assert sum(c.input not in shown for c in first) >= 8


def test_hidden_boards_are_not_the_example_board():
    for check_id in ("ch5-tool-controller", "ch5-tool-board", "ch5-ask-decision",
                     "ch5-ask-question"):
        chk = CHECKS[check_id]
        hidden = chk.all_cases(hidden=True)[len(chk.cases()):]
        boards = [c.input["board"] for c in hidden if c.input["board"] is not None]
        assert boards and all(board not in (ch5.EXAMPLE, ch5.EXAMPLE_FILES) for board in boards), \
            check_id


def test_a_group_word_in_a_title_is_a_trap_the_hidden_boards_set():
    """Substring matching (what read_task_cards does) gives another answer on some board."""
    chk = CHECKS["ch5-tool-board"]
    traps = 0
    for case in chk.all_cases(hidden=True):
        board, group = case.input["board"], case.input["group"]
        if board is None or not isinstance(group, str) or case.rule != ch5.BLOCKED:
            continue
        with ch5.board_folder(board) as folder:
            whole = ch5.load_board(folder)
        by_title = {c.id for c in whole.cards.values() if group.lower() in c.title.lower()
                    and c.group != group and c.status == "blocked"}
        traps += bool(by_title)
    assert traps >= 2


@pytest.mark.parametrize("count, page_size", [(0, 1), (1, 1), (2, 1), (3, 2), (14, 7),
                                              (100, 50), (101, 50), (400, 50)])
def test_the_policy_reference_is_the_budget_arithmetic(count, page_size):
    assert ch5.reference_policy(count)["page_size"] == page_size
    assert ch5.route_steps(count, page_size) + 1 <= 5 or count > 100


def test_a_question_that_names_another_card_fails():
    verify = CHECKS["ch5-ask-question"].verify
    case = CHECKS["ch5-ask-question"].cases()[0].input        # 'equipment'
    good = ('Do you mean task-003 "Equipment for the hall" or task-003-copy "Equipment for '
            'the test benches"?')
    assert verify(case, ["needs_input", good]) is None
    assert "task-010" in verify(case, ["needs_input", good + " Not task-010."])
    assert "title" in verify(case, ["needs_input", "task-003 or task-003-copy?"])
    assert "chosen" in verify(case, ["needs_input", good + " I picked task-003."])


def test_the_report_rules_on_their_own():
    unchecked = CHECKS["ch5-report-unchecked"].verify
    counts = CHECKS["ch5-report-counts"].verify
    case = CHECKS["ch5-report-unchecked"].cases()[2].input    # task-012.md on the page read
    state = case["state"]
    assert state["unreadable"] and state["scanned"] == 13 and state["total"] == 14
    honest = ("Not all cards were checked: 13 of 14 card files read, 1 left unread; "
              "task-012.md could not be read at all.")
    assert unchecked(case, honest) is None and counts(case, honest) is None
    assert "complete" in unchecked(case, honest + " The search is not complete.")
    assert "complete" in counts(case, honest + " The search is not complete.")
    assert "task-012.md" in unchecked(case, honest.replace("; task-012.md could not be read "
                                                           "at all", ""))
    assert "3" in counts(case, honest + " It took 3 tries.")
    assert "name no card" in unchecked(case, honest + " Maybe task-003.")
