"""Chapter 5's checks, the learner's edition (agentloop/checks/ch5.py): what `check(...)`
prints in a notebook, with the facts of the visible cases shipped as data, no reference,
hidden case or seed in it, and nothing that the grader's sandbox must load needing the
modules it leaves out (agentloop.duty.officer, agentloop.duty.handover): the cases and the
judges use the officer on the trusted side only."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from agentloop_grader.answers.ch5 import REFERENCE
from unprivileged import run_as_teacher, teacher_tmp  # noqa: F401 - teacher_tmp is a fixture

import agentloop.checks.ch5 as learner
from agentloop.checks import check, collect, get_check, judge, run_check
from agentloop.checks.ch5 import CHECKS, HANDOVER, OFFICER, observed
from agentloop.checks.core import NoFacts
from agentloop.checks.student import facts_file, input_key
from agentloop.duty import handover, officer

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "chapters" / "05_capstone.ipynb"
BY_ID = {chk.id: chk for chk in CHECKS}


def test_the_learners_edition_holds_no_reference_hidden_case_or_seed():
    for chk in CHECKS:
        assert chk.reference is None and not chk.has_hidden, chk.id
        with pytest.raises(ValueError, match="need a seed"):
            chk.all_cases(hidden=True)
    assert not hasattr(learner, "REFERENCE")
    answers = {"route_steps", "reference_policy", "add_count_blocked", "reference_after_search",
               "reference_report", "candidates_of", "similar", "FIT_PAGES", "FITS",
               "GROUP_LENGTH"}
    assert not answers & set(vars(learner))


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_visible_case_on_the_shipped_facts(chk):
    report = run_check(chk, REFERENCE[chk.answer])
    assert report.passed, report.text()


def test_the_shipped_facts_are_the_visible_cases_and_up_to_date():
    spec = importlib.util.spec_from_file_location("build_check_facts",
                                                  ROOT / "tools" / "build_check_facts.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.render(tool.chapter_facts("ch5")) == \
        (ROOT / "lib" / "agentloop" / "checks" / "facts" / "ch5.json").read_text(encoding="utf-8")
    shipped = facts_file("ch5")["checks"]
    for chk in CHECKS:
        assert [c["key"] for c in shipped[chk.id]["cases"]] == \
            [input_key(case.input) for case in chk.cases()]


def test_a_case_the_edition_has_no_facts_for_is_said_so():
    chk = BY_ID["ch5-route-steps"]
    with pytest.raises(NoFacts, match="not one of the check's visible cases"):
        chk.facts_of({"card_files": 7, "page_size": 3})


def test_every_check_names_the_modules_that_answer_it():
    assert BY_ID["ch5-route-steps"].answered_by == (OFFICER,)
    assert BY_ID["ch5-policy-fit"].answered_by == BY_ID["ch5-policy-edges"].answered_by == \
        (OFFICER,)
    assert BY_ID["ch5-ask-decision"].answered_by == (OFFICER, HANDOVER)
    assert BY_ID["ch5-report-counts"].answered_by == (HANDOVER,)
    assert {OFFICER, HANDOVER} == {officer.__name__, handover.__name__}


def test_the_check_module_loads_neither_the_officer_nor_the_handover():
    code = ("import sys, agentloop.checks, agentloop.checks.ch5;"
            f"print([m for m in {[OFFICER, HANDOVER]!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


# --- what the grader's sandbox has: no officer, no handover, no teacher's edition -------------

SANDBOX_LIKE = """
import importlib.abc, json, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in ("agentloop.duty.officer", "agentloop.duty.handover", "agentloop_grader"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Absent())
from agentloop.checks import Case, collect
import agentloop.checks.ch5 as ch5

namespace = {"__name__": "__main__"}
for source in json.loads(sys.argv[1]):
    exec(source, namespace)
inputs = json.loads(sys.argv[2])
outputs = {chk.id: collect(chk, namespace[chk.answer],
                           [Case(value, "") for value in inputs[chk.id]])
           for chk in ch5.CHECKS}
print(json.dumps({"outputs": outputs,
                  "loaded": sorted(m for m in sys.modules if m.startswith("agentloop"))}))
"""


def test_the_probes_and_the_chapters_answer_cells_need_neither_module():
    """As in the sandbox: the learner's edition imports, the solution cells run, and every
    probe collects the outputs the judges need, on inputs made on this side (where the cases
    are made), with both modules impossible to import."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
               and c.get("metadata", {}).get("nbgrader", {}).get("solution")]
    inputs = {chk.id: [case.input for case in chk.cases()] for chk in CHECKS}
    done = subprocess.run([sys.executable, "-c", SANDBOX_LIKE, json.dumps(sources),
                           json.dumps(inputs)], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert OFFICER not in result["loaded"] and HANDOVER not in result["loaded"]
    for chk in CHECKS:
        outputs = result["outputs"][chk.id]
        assert all("value" in output for output in outputs), outputs
        assert judge(chk, chk.cases(), outputs).passed  # judged here, where the judges are


# --- check() in a learner's notebook --------------------------------------------------------------

def test_check_prints_a_readable_report_and_never_stops_run_all(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch5-route-steps", REFERENCE["route_steps"])
    assert "9/9 cases passed: all passed" in capsys.readouterr().out
    check("ch5-route-steps", lambda n, p: -(-n // p) + 2)  # practice: prints ✘, does not raise
    out = capsys.readouterr().out
    assert "✘ an empty board is still one (empty) page to read\n" \
           "      an empty board, 5 a page: 0 card files, 5 a page: the route takes 3 actions, " \
           "not 2" in out
    assert out.count("hint 1 of 3:") == 1 and "8/9 cases passed: not yet" in out


def test_under_nbgrader_a_failure_raises(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch5-route-steps", lambda n, p: 5)


@pytest.mark.parametrize(("check_id", "library"), [
    ("ch5-ask-decision", officer.decide), ("ch5-ask-question", handover.question_for),
    ("ch5-report-counts", handover.unreadable_line)])
def test_the_librarys_own_function_is_refused(capsys, monkeypatch, check_id, library):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="library's own answer"):
        check(check_id, library)
    assert "write your own" in capsys.readouterr().out


def test_an_answer_that_calls_the_library_fails_in_practice_as_in_grading(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)

    def with_the_officer(state, board):
        full = dict(state, titles={}, ask_when=["similar_ids"])
        return ("continue", None) if officer.search_settles(full) else ("needs_input", "?")

    check("ch5-ask-decision", with_the_officer)
    assert "withheld while your answer is checked" in capsys.readouterr().out

    def counts_by_running(card_files, page_size):
        officer.run_officer(None, None, None)

    check("ch5-route-steps", counts_by_running)
    assert "withheld while your answer is checked" in capsys.readouterr().out
    assert officer.similar_ids("task-003-copy", "task-003")   # back afterwards


def test_the_judges_and_cases_that_run_the_officer_work_in_practice(capsys, monkeypatch):
    """The policy is judged by running the officer, and the ask and report cases are states
    the officer reached: in a learner's notebook the officer is there, withheld only while
    the answer runs."""
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    for check_id in ("ch5-policy-fit", "ch5-ask-decision", "ch5-report-counts"):
        chk = BY_ID[check_id]
        assert OFFICER in chk.answered_by or HANDOVER in chk.answered_by
        check(check_id, REFERENCE[chk.answer])
        assert f"{len(chk.cases())}/{len(chk.cases())} cases passed: all passed" in \
            capsys.readouterr().out


def test_outside_a_course_autograde_has_no_hidden_case_to_show(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError):
        check("ch5-route-steps", lambda n, p: 5)
    assert "generated board" not in capsys.readouterr().out


def test_unknown_check_ids_are_explained():
    with pytest.raises(KeyError, match="ch5 has: ch5-route-steps"):
        get_check("ch5-nope")


# --- the probes -------------------------------------------------------------------------------

def test_probes_return_plain_data_only():
    chk = BY_ID["ch5-report-counts"]

    class Text(str):
        def __contains__(self, item):
            return True

    outputs = collect(chk, lambda state: Text("anything"), chk.cases())
    assert all("raised" in o and "NotPlainData" in o["raised"] for o in outputs)
    assert not judge(chk, chk.cases(), outputs).passed


def test_an_error_observation_is_reported_without_its_words():
    assert observed({"ok": False, "error": "Error: no such group"}) == \
        {"ok": False, "says_why": True}
    assert observed({"ok": False, "error": "  "}) == {"ok": False, "says_why": False}
    assert observed({"ok": False}) == {"ok": False, "says_why": False}
    assert observed({"ok": True, "count": 0}) == {"ok": True, "count": 0}


def test_the_decision_probe_keeps_only_whether_a_question_came():
    chk = BY_ID["ch5-ask-decision"]
    case = chk.cases()[0].input
    assert chk.probe(lambda s, b: ("needs_input", "Which one?"), case) == \
        ["needs_input", "a question"]
    assert chk.probe(lambda s, b: ("continue", None), case) == ["continue", "no question"]
    assert chk.probe(lambda s, b: ("needs_input", ""), case) == \
        ["needs_input", {"returned": "''"}]
    assert chk.probe(lambda s, b: "continue", case) == {"returned": "'continue'"}


def test_the_visible_cases_are_the_chapters_boards_and_states():
    ask = BY_ID["ch5-ask-decision"].cases()
    boards = {json.dumps(case.input["board"], sort_keys=True) for case in ask}
    assert {json.dumps(learner.EXAMPLE), json.dumps(learner.FIXED)} <= boards
    chosen = [case.input["state"] for case in ask if case.rule == learner.CHOSEN]
    assert chosen and all(state["chosen"] == "task-003" and state["unreadable"]
                          for state in chosen)
    report = BY_ID["ch5-report-counts"].cases()
    failed = [case.input for case in report if case.input["state"]["failures"]]
    assert failed and all(case["pages_read"] == case["state"]["steps"] - 1 for case in failed)


def test_a_cases_board_folder_holds_exactly_its_card_files_bytes_and_goes_away():
    """write_board writes each card file's bytes as given (the cp1251 card in cp1251, no
    newline translated), into a fresh folder per case that is removed afterwards."""
    from agentloop.checks.ch5 import EXAMPLE, EXAMPLE_FILES, board_folder

    expected = {name: (content["text"].encode(content["encoding"]) if isinstance(content, dict)
                       else content.encode("utf-8"))
                for name, content in EXAMPLE_FILES.items()}
    assert any(isinstance(content, dict) for content in EXAMPLE_FILES.values())
    with board_folder(EXAMPLE) as folder:
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == expected
    assert not folder.exists()


def test_a_board_folder_goes_away_whatever_the_learners_code_left_in_it():
    """The fast removal takes the card files it wrote; a file the learner's code added, a
    card turned into a folder or a board folder replaced by a link falls back to rmtree,
    which never follows the link; the next case's board is fresh either way."""
    from agentloop.checks.ch5 import FIXED, FIXED_FILES, board_folder

    outside = Path(tempfile.mkdtemp())
    (outside / "keep.md").write_text("not a card")
    try:
        with board_folder(FIXED) as added:
            (added / "notes.txt").write_text("mine")
        with board_folder(FIXED) as reshaped:
            card = reshaped / next(iter(FIXED_FILES))
            card.unlink()
            card.mkdir()
            (card / "inside.md").write_text("x")
        with board_folder(FIXED) as linked:
            shutil.rmtree(linked)
            linked.symlink_to(outside, target_is_directory=True)
        with board_folder(None) as missing:
            missing.mkdir()
            (missing / "made.md").write_text("y")
        with board_folder(FIXED) as fresh:
            assert sorted(p.name for p in fresh.iterdir()) == sorted(FIXED_FILES)
        for folder in (added, reshaped, linked, missing, fresh):
            assert not os.path.lexists(folder.parent)
        assert (outside / "keep.md").read_text() == "not a card"
    finally:
        shutil.rmtree(outside)


PRACTICE_BOARD = '''
import os
from agentloop.checks.ch5 import board_folder

with board_folder({"task-001.md": "---\\nid: task-001\\n---\\n"}) as board:
    for attempt in (lambda: open(board / "new.md", "w"), lambda: open(board / "task-001.md", "w"),
                    lambda: os.unlink(board / "task-001.md")):
        try:
            attempt()
            print("written")
        except PermissionError:
            print("refused")
    os.chmod(board, 0o755)  # the learner's own code may give itself the folder back
    (board / "extra.md").write_text("x")
print("left behind" if board.parent.exists() else "removed")
'''


def test_a_practice_board_is_read_only_and_removed_whatever_was_done_to_it(
        teacher_tmp):  # noqa: F811 - the fixture
    """As on the grader's staged boards, a card cannot be added, changed or removed while a
    case runs; afterwards the case's folder is gone, even when the learner's code made it
    writable and added a file (as an ordinary account: root writes anywhere)."""
    done = run_as_teacher([sys.executable, "-c", PRACTICE_BOARD], cwd=teacher_tmp)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["refused", "refused", "refused", "removed"]


def test_boards_are_made_in_the_temp_folder_of_the_moment(tmp_path, monkeypatch):
    """A grader moves its temp files to a tmpfs for a run: the boards it makes then go there,
    even when this process made boards elsewhere before."""
    card = {"task-001.md": "---\nid: task-001\n---\n"}
    for place in ("disk", "ram", "disk"):
        folder = tmp_path / place
        folder.mkdir(exist_ok=True)
        monkeypatch.setattr(tempfile, "tempdir", str(folder))
        with learner.board_folder(card) as board:
            assert board.is_relative_to(folder), (place, board)
