"""Reading a student's folder (read/submission.py): each notebook of the assignment found —
by name, else by its grade ids — and read as handed in, within caps; what cannot be used is
one line in `problems`, never an exception."""

from __future__ import annotations

import json
import os

import make_notebook as mk
from agentloop_grader.course import Course
from agentloop_grader.read import submission
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.read.submission import read_submission

A = "ps"
PART1 = mk.notebook(mk.answer("p1_answer", "x = 1"), mk.asserts("p1_test", "assert x"))
PART2 = mk.notebook(mk.answer("p2_answer", "y = 1"), mk.asserts("p2_test", "assert y"))


def assignment_and_folder(tmp_path):
    course = Course(tmp_path / "course")
    for name, nb in (("part1", PART1), ("part2", PART2)):
        mk.write(course.source_notebook(A, name), nb)
    return load_assignment(course, A), course.path("submitted", "ada", A)


def test_notebooks_are_found_by_name_then_by_grade_ids(tmp_path):
    assignment, folder = assignment_and_folder(tmp_path)
    edited = mk.notebook(mk.answer("p2_answer", "y = 2"), mk.asserts("p2_test", "assert y"),
                         mk.plain("print('mine')"))
    mk.write(folder / "part1.ipynb", PART1)
    mk.write(folder / "part2-Copy1.ipynb", edited)
    mk.write(folder / "notes.ipynb", mk.notebook(mk.plain("scratch")))
    (folder / "timestamp.txt").write_text("2026-11-30 10:00:00.000000 UTC\n")
    sub = read_submission(folder, "ada", assignment)
    assert sub.timestamp == "2026-11-30 10:00:00.000000 UTC"
    assert {n: nb.file for n, nb in sub.notebooks.items()} == \
        {"part1": "part1.ipynb", "part2": "part2-Copy1.ipynb"}
    assert sub.notebooks["part2"].problems == \
        ["part2-Copy1.ipynb graded as part2.ipynb (matched by its grade ids)"]
    assert sub.notebooks["part2"].cells == edited["cells"]  # as handed in: not sanitised
    assert sub.problems == ["notes.ipynb is not a notebook of ps; ignored"]


def test_what_cannot_be_read_is_said_and_graded_as_missing(tmp_path):
    assignment, folder = assignment_and_folder(tmp_path)
    folder.mkdir(parents=True)
    (folder / "part1.ipynb").write_bytes(b"")
    (folder / "part2.ipynb").write_text(json.dumps({"cells": "none"}))
    sub = read_submission(folder, "ada", assignment)
    assert {n: nb.unreadable for n, nb in sub.notebooks.items()} == {
        "part1": "the notebook is empty",
        "part2": "part2.ipynb is not a readable notebook (no list of cells)"}
    assert not any(nb.runnable() for nb in sub.notebooks.values())
    (folder / "part2.ipynb").unlink()
    assert read_submission(folder, "ada", assignment).notebooks["part2"].unreadable == \
        "no part2.ipynb submitted"
    assert read_submission(folder.parent / "nobody", "nobody", assignment) \
        .notebooks["part1"].unreadable == "nothing submitted"


def test_a_notebook_over_the_cap_is_not_read(tmp_path, monkeypatch):
    assignment, folder = assignment_and_folder(tmp_path)
    mk.write(folder / "part1.ipynb", PART1)
    monkeypatch.setattr(submission, "MAX_NOTEBOOK_BYTES", 100)
    assert read_submission(folder, "ada", assignment).notebooks["part1"].unreadable == \
        "the notebook is larger than 0 MB"


def test_the_students_other_files_come_along_within_caps(tmp_path, monkeypatch):
    assignment, folder = assignment_and_folder(tmp_path)
    mk.write(folder / "part1.ipynb", PART1)
    (folder / "mine.py").write_text("def helper(): ...\n")
    (folder / "data").mkdir()
    (folder / "data" / "big.csv").write_bytes(b"x" * 64)
    (folder / ".secret").write_text("hidden files are not used")
    os.symlink("/etc/passwd", folder / "link.txt")
    monkeypatch.setattr(submission, "MAX_EXTRA_BYTES", 40)
    sub = read_submission(folder, "ada", assignment)
    assert [f.path for f in sub.files] == ["mine.py"]
    assert sub.problems == ["data/big.csv: not used (more than 50 files or 0 MB submitted)",
                            "link.txt: symbolic link not used"]
