"""A student's autograded folder (record/folder.py), as stock leaves it: emptied, the
student's files, the assignment's over them but those the course keeps, what the notebooks
wrote, the notebooks and timestamp.txt."""

from __future__ import annotations

import base64
import json

import make_notebook as mk
from agentloop_grader.course import Course
from agentloop_grader.protocol import Run, SubmittedFile
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.read.submission import Submission, SubmittedNotebook
from agentloop_grader.record.folder import exclude_overwriting, write_autograded, write_folder
from traitlets.config import Config

A = "ps"


def encoded(path: str, text: str) -> SubmittedFile:
    return SubmittedFile(path, base64.b64encode(text.encode()).decode())


def course_with_files(tmp_path) -> Course:
    course = Course(tmp_path / "course")
    mk.write(course.source_notebook(A, "part1"), mk.notebook(mk.answer("a1", "x = 1")))
    folder = course.path("source", assignment=A)
    (folder / "data").mkdir()
    (folder / "data" / "rain.csv").write_text("the assignment's\n")
    (folder / "config.txt").write_text("the assignment's\n")
    return course


def test_the_folder_holds_what_stock_leaves_in_its_order(tmp_path):
    course = course_with_files(tmp_path)
    assignment = load_assignment(course, A)
    sub = Submission("ada", A, {}, files=(encoded("data/rain.csv", "the student's\n"),
                                          encoded("config.txt", "the student's\n"),
                                          encoded("mine.py", "def f(): ...\n")))
    runs = {"part1": Run("j", "ada", "part1", written=[encoded("out/plot.txt", "drawn\n"),
                                                        encoded("../escape.txt", "no")])}
    folder = tmp_path / "autograded" / "ada" / A
    folder.mkdir(parents=True)
    (folder / "stale.txt").write_text("from a run before")
    write_folder(folder, sub, assignment, runs, kept=("config.txt",))
    found = {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*")
             if p.is_file()}
    assert found == {"data/rain.csv": "the assignment's\n", "config.txt": "the student's\n",
                     "mine.py": "def f(): ...\n", "out/plot.txt": "drawn\n"}
    assert not (tmp_path / "autograded" / "ada" / "escape.txt").exists()


def test_the_courses_kept_files_are_read_as_nbgrader_reads_them():
    config = Config()
    config.Autograde.exclude_overwriting = {A: ["config.txt", "./data/x.csv", " "]}
    assert exclude_overwriting(config, A) == ("config.txt", "data/x.csv")
    assert exclude_overwriting(config, "other") == ()
    assert exclude_overwriting(Config(), A) == ()


def test_an_unreadable_notebook_leaves_the_student_version_with_why(tmp_path):
    course = course_with_files(tmp_path)
    released = course.released_notebook(A, "part1")
    mk.write(released, mk.notebook(mk.answer("a1", "# YOUR CODE HERE")))
    submitted = course.path("submitted", "ada", A)
    submitted.mkdir(parents=True)
    (submitted / "timestamp.txt").write_text("2026-11-30 10:00:00 UTC")
    sub = Submission("ada", A, {"part1": SubmittedNotebook(
        "part1", "part1.ipynb", unreadable="the notebook is empty")})
    folder = write_autograded(course, load_assignment(course, A), sub, {}, {})
    nb = json.loads((folder / "part1.ipynb").read_text())
    assert nb["cells"][0]["source"] == "**Grader:** the notebook is empty."
    assert nb["cells"][1]["source"] == "# YOUR CODE HERE"
    assert (folder / "timestamp.txt").read_text() == "2026-11-30 10:00:00 UTC"
    missing = Submission("bob", A, {"part1": SubmittedNotebook("part1", unreadable="x")})
    folder = write_autograded(course, load_assignment(course, A), missing, {}, {})
    assert not (folder / "part1.ipynb").exists()  # nothing submitted: nothing to show
