"""What every worker gets before any job (run/setup.py): the assignment's files staged
readable by every sandbox and writable by none, with the released visible checks; the
notebooks' installed imports to load once, never the assignment's own helpers."""

from __future__ import annotations

import os
import stat

import make_notebook as mk
from agentloop_grader.course import Course
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.run.setup import BASE_PRELOAD, preload, stage_files

from agentloop.checks import VISIBLE_FILE

A = "ps"


def test_the_files_are_staged_read_only_with_the_visible_checks(tmp_path):
    course = Course(tmp_path / "course")
    mk.write(course.source_notebook(A, "part1"), mk.notebook(mk.answer("a1", "x = 1")))
    source = course.path("source", assignment=A)
    (source / "data").mkdir()
    (source / "data" / "rain.csv").write_text("1,2\n")
    os.chmod(source / "data" / "rain.csv", 0o600)
    released = course.path("release", assignment=A)
    released.mkdir(parents=True)
    (released / VISIBLE_FILE).write_text("{}")
    staged = stage_files(load_assignment(course, A), released, tmp_path / "files")
    assert staged == ["data/rain.csv", VISIBLE_FILE]
    modes = {p.relative_to(tmp_path).as_posix(): stat.S_IMODE(p.stat().st_mode)
             for p in [tmp_path / "files", *(tmp_path / "files").rglob("*")]}
    assert modes == {"files": 0o755, "files/data": 0o755, "files/data/rain.csv": 0o644,
                     f"files/{VISIBLE_FILE}": 0o644}


def test_only_installed_imports_that_are_not_the_assignments_own_are_preloaded(tmp_path):
    course = Course(tmp_path / "course")
    mk.write(course.source_notebook(A, "part1"), mk.notebook(mk.plain(
        "import json, helpers\nfrom tools.plot import draw\nimport no_such_module_here")))
    source = course.path("source", assignment=A)
    (source / "helpers.py").write_text("X = 1\n")
    (source / "tools").mkdir()
    (source / "tools" / "plot.py").write_text("def draw(): ...\n")
    assert preload(load_assignment(course, A)) == (*BASE_PRELOAD, "json")
