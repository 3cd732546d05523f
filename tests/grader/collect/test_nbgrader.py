"""nbgrader's own layout (collect/nbgrader.py): a submitted/ folder, a course directory, one
student's submission; notebooks, timestamp.txt and the student's files, byte for byte."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import (
    P1,
    P2,
    STAMP,
    A,
    every_line_once,
    make_course,
    make_submitted,
    submitted,
    write,
)


def test_submitted_layout_keeps_notebooks_files_and_timestamp_byte_for_byte(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_submitted(tmp_path / "machine_b")])
    assert result.students() == ["bob", "jane", "zed"]
    jane = submitted(course, "jane")
    assert (jane / "part1.ipynb").read_bytes() == P1
    assert (jane / "part2.ipynb").read_bytes() == P2
    assert (jane / "timestamp.txt").read_bytes() == STAMP
    assert (jane / "helper.py").read_text() == "def f(): return 1\n"
    assert (jane / "data" / "x.csv").exists()
    assert not (jane / ".ipynb_checkpoints").exists() and not (jane / "__pycache__").exists()
    assert sorted(result.notebooks("bob")) == ["part1"]
    assert result.notebooks("jane")["part1"].timestamp == STAMP.decode().strip()
    assert "time from timestamp.txt" in result.notebooks("jane")["part1"].note
    lines = every_line_once(result)
    assert any("amy has no ps1 folder (has: ps2)" in s for s in result.skipped)
    assert any(".ipynb_checkpoints: ignored like nbgrader" in s for s in result.skipped)
    assert any("jane/helper.py ←" in line and "(other file)" in line for line in lines)


def test_a_student_folder_with_no_notebook_is_placed_empty(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_submitted(tmp_path / "b")])
    assert result.no_notebook() == ["zed"]
    zed = submitted(course, "zed")
    assert sorted(p.name for p in zed.iterdir()) == ["timestamp.txt"]
    assert (zed / "timestamp.txt").read_bytes() == b"2026-11-28 08:00:00.000000 UTC"
    assert any(line.startswith("zed: no notebook ←") for line in every_line_once(result))


def test_a_course_directory_is_read_only_through_its_submitted_folder(tmp_path):
    other = tmp_path / "other_course"
    make_submitted(other)
    write(other / "source" / A / "part1.ipynb", P1)
    write(other / "release" / A / "part1.ipynb", P1)
    write(other / "gradebook.db", b"")
    result = collect(make_course(tmp_path), A, [other])
    assert result.students() == ["bob", "jane", "zed"]
    assert any(s.startswith(f"{other / 'source'}: course folder") for s in result.skipped)
    assert any(s.startswith(f"{other / 'gradebook.db'}: course file") for s in result.skipped)


def test_one_students_submitted_folder_passed_on_its_own(tmp_path):
    base = make_submitted(tmp_path / "b")
    course = make_course(tmp_path)
    result = collect(course, A, [base / "jane"])
    assert result.students() == ["jane"]
    result = collect(course, A, [base / "bob" / A])
    assert result.students() == ["bob"]
