"""Releasing with nbgrader (agentloop_grader.release): the student version, exactly nbgrader's,
with no solution and no hidden test in it; the course's secret seed made once and released nowhere;
the due date in the gradebook; a released cell that is not Python named."""

from __future__ import annotations

import datetime

import nbformat
import pytest
from agentloop_grader.course import Course, GradingError
from agentloop_grader.release import parse_due, release, stub_problems
from agentloop_grader.secret import course_seed, seed_path


def test_release_makes_the_secret_seed_and_releases_nothing_of_it(released):
    course, _ = released
    seed = course_seed(course.root)
    assert seed_path(course.root).is_file()
    for folder in ("release", "source"):
        for path in (course.root / folder).rglob("*"):
            if path.is_file():
                assert seed not in path.read_bytes().decode("utf-8", "replace"), path


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> tuple[Course, list]:
    course = Course(tmp_path_factory.mktemp("release") / "course")
    return course, release(course, ["01_agent_loop"], due="2026-12-01 17:00:00 UTC")


def test_the_student_version_holds_no_solution_and_no_hidden_test(released):
    _, [done] = released
    assert done.name == "01_agent_loop" and done.notebooks == ["01_agent_loop"]
    text = (done.folder / "01_agent_loop.ipynb").read_text(encoding="utf-8")
    for marker in ("### BEGIN SOLUTION", "### BEGIN HIDDEN TESTS", "hidden=True"):
        assert marker not in text, marker


def test_the_due_date_is_in_the_gradebook(released):
    course, _ = released
    with course.gradebook() as gb:
        assert gb.find_assignment("01_agent_loop").duedate == \
            datetime.datetime(2026, 12, 1, 17, 0)


def test_an_unreadable_due_date_says_how_to_write_one():
    with pytest.raises(GradingError, match=r"unreadable due date 'soon'.*2026-12-01 17:00:00 UTC"):
        parse_due("soon")


def test_a_released_cell_that_is_not_python_is_named(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("%matplotlib inline\n!ls\nx = 1"),
        nbformat.v4.new_code_cell("def f(:\n    pass",
                                  metadata={"nbgrader": {"grade_id": "ex-1"}})])
    nbformat.write(nb, tmp_path / "ps1.ipynb")
    [note] = stub_problems(tmp_path)
    assert note.startswith("ps1.ipynb: released cell ex-1 is not valid Python (line 1")
