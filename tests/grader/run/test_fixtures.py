"""The probes' fixtures: chapter 5's boards written once per run, read-only, named by path in
the jobs' inputs — and a student's code that tries to change them changes nothing, for
itself or for anyone graded after it (as root and as an ordinary account, with namespaces
and with Landlock alone)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.course import Course
from agentloop_grader.judge.cases import CaseBook
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.release import release
from agentloop_grader.run.fixtures import Fixtures
from grading_sides import SIDE_IDS, SIDES, skip_unless_runnable
from unprivileged import ensure_teacher, is_root, run_as_teacher, run_with_python_reachable

from agentloop.checks.ch5 import STAGED, board_files, board_folder, write_board

A = "05_capstone"
TOOL_CELLS = ("ch5-tool-controller", "ch5-tool-board")


def test_a_fixture_is_written_once_and_readable_by_everyone(tmp_path: Path) -> None:
    root = tmp_path / "fixtures"
    root.mkdir()
    fixtures, writes = Fixtures(root), []

    def write(folder: Path) -> Path:
        writes.append(folder)
        return write_board(folder / "board", {"task-001.md": "---\nid: task-001\n---\n"})

    first = fixtures.put("one", write)
    assert fixtures.put("one", write) == first and len(writes) == 1
    second = fixtures.put("two", write)
    assert second != first and len(writes) == 2
    card = Path(first) / "task-001.md"
    assert card.read_text().startswith("---")
    assert stat.S_IMODE(card.stat().st_mode) == 0o444
    assert stat.S_IMODE(Path(first).stat().st_mode) == 0o755


def test_the_board_checks_inputs_name_staged_boards_and_nothing_else_changes(
        tmp_path: Path) -> None:
    course = Course(tmp_path / "course")
    release(course, [A])
    assignment = load_assignment(course, A)
    book = CaseBook.build(assignment, 1234)
    root = tmp_path / "fixtures"
    root.mkdir()
    fixtures = Fixtures(root)
    staged_any = 0
    for cell in assignment.notebooks[A].cells:
        if not cell.checks:
            continue
        plain, staged = book.probes(cell), book.probes(cell, fixtures.put)
        for before, after in zip(plain, staged, strict=True):
            chk = book.checks[before.check_id]
            if chk.stage is None:
                assert after == before
                continue
            for value, sent in zip(before.inputs, after.inputs, strict=True):
                if value.get("board") is None:
                    assert sent == value  # no board folder at all: nothing to stage
                    continue
                assert sent["board"].startswith(STAGED)
                staged_any += 1
                folder = Path(sent["board"][len(STAGED):])
                files = board_files(value["board"])
                assert sorted(p.name for p in folder.iterdir()) == sorted(files)
                assert {k: v for k, v in sent.items() if k != "board"} == \
                    {k: v for k, v in value.items() if k != "board"}
    assert staged_any > 100
    distinct = {json.dumps(board_files(c.input["board"]), sort_keys=True)
                for key, cases in book.cases.items() if book.checks[key[0]].stage
                for c in cases if c.input.get("board") is not None}
    assert len(fixtures.made) == len(distinct)  # each board once, however many cases share it
    sent = len(json.dumps([p.inputs for c in assignment.notebooks[A].cells if c.checks
                           for p in book.probes(c, fixtures.put)]))
    whole = len(json.dumps([p.inputs for c in assignment.notebooks[A].cells if c.checks
                            for p in book.probes(c)]))
    assert sent < whole / 3  # what every job carries


def test_a_staged_board_is_read_where_it_is_and_a_practice_board_is_read_only(
        tmp_path: Path) -> None:
    folder = write_board(tmp_path / "board", {"task-001.md": "---\nid: task-001\n---\n"})
    with board_folder(STAGED + str(folder)) as found:
        assert found == folder
    assert (folder / "task-001.md").is_file()  # a staged board is the grader's: kept
    with board_folder({"task-002.md": "---\nid: task-002\n---\n"}) as practice:
        assert stat.S_IMODE(practice.stat().st_mode) == 0o555
        assert stat.S_IMODE((practice / "task-002.md").stat().st_mode) == 0o444
        if not is_root():  # root writes anywhere
            with pytest.raises(PermissionError):
                (practice / "new.md").write_text("x")
    assert not practice.exists()


TAMPERING = '''

import os as _os


def add_count_blocked(registry, board):
    """The right tool, registered after trying to change the board for every later case."""
    for name in sorted(_os.listdir(board)) if _os.path.isdir(board) else ():
        path = _os.path.join(board, name)
        for attempt in (lambda: _os.chmod(path, 0o666), lambda: _os.chmod(board, 0o777),
                        lambda: open(path, "w").write("---\\nid: x\\n---\\n"),
                        lambda: _os.truncate(path, 0), lambda: _os.unlink(path),
                        lambda: _os.rename(path, path + ".old"),
                        lambda: open(_os.path.join(board, "task-999.md"), "w").write(
                            "---\\nid: task-999\\ntitle: t\\ngroup: lab\\nstatus: blocked\\n"
                            "---\\n")):
            try:
                attempt()
            except OSError:
                pass
    _honest_add_count_blocked(registry, board)
'''


def tampering_tool(source: dict) -> str:
    """The instructor's tool under another name, called by one that first tampers."""
    honest = T.answers(source)["ch5-tool-answer"]
    assert "def add_count_blocked(" in honest
    return honest.replace("def add_count_blocked(", "def _honest_add_count_blocked(") + TAMPERING


@pytest.mark.slow
@pytest.mark.parametrize("user,isolation", SIDES, ids=SIDE_IDS)
def test_a_student_who_tampers_with_a_board_changes_nothing(user: str, isolation: str) -> None:
    skip_unless_runnable(user, isolation)
    root = Path(tempfile.mkdtemp(prefix=f"agentloop-fixtures-{user}-{isolation}-"))
    try:
        os.chmod(root, 0o755)
        course = Course(root / "course")
        release(course, [A])
        source = T.read(course.source_notebook(A))
        # one worker: every job forks from the same worker, in this order
        for student in ("a_tamperer", "b_honest", "c_tamperer", "d_honest"):
            nb = T.with_answers(source, {"ch5-tool-answer": tampering_tool(source)}) \
                if "tamperer" in student else source
            T.submit(course, A, student, nb)
        if user == "teacher":
            account = ensure_teacher()
            for item in [root, *root.rglob("*")]:
                os.lchown(item, account.pw_uid, account.pw_gid)
        argv = [sys.executable, "-m", "agentloop_grader.cli", "autograde", A, "--course",
                str(course.root), "--workers", "1", "--isolation", isolation,
                "--no-progress"]
        run = run_as_teacher if user == "teacher" else run_with_python_reachable
        done = run(argv, cwd=str(course.root), timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        scores = T.gradebook_scores(course, A)
        tests = T.test_cells(source)
        for student, cells in scores.items():
            assert {gid: cells[gid] for gid in TOOL_CELLS} == \
                {gid: tests[gid] for gid in TOOL_CELLS}, (student, done.stdout)
        for student in ("b_honest", "d_honest"):
            assert {gid: scores[student][gid] for gid in tests} == tests
    finally:
        shutil.rmtree(root, ignore_errors=True)
