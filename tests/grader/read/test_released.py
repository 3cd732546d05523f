"""What the gradebook recorded at release (read/released.py): each graded and locked cell's
type, lock, checksum and points — what sanitising restores from — and the text students
were given, hidden tests removed."""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader.course import Course
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.read.released import released_sources, source_records
from agentloop_grader.release import release

A = "ps"
TEST = "assert double(2) == 4\n### BEGIN HIDDEN TESTS\nassert double(5) == 10\n" \
       "### END HIDDEN TESTS"
SOURCE = mk.notebook(
    mk.locked("setup", "FACTOR = 2"),
    mk.answer("double", "def double(x):\n    ### BEGIN SOLUTION\n    return FACTOR * x\n"
                        "    ### END SOLUTION"),
    mk.asserts("test_double", TEST, 2),
    mk.task("by_hand", "Check it by hand.", 1))


@pytest.fixture(scope="module")
def released(tmp_path_factory) -> Course:
    course = Course(tmp_path_factory.mktemp("released") / "course")
    mk.write(course.source_notebook(A, "part1"), SOURCE)
    release(course, [A])
    return course


def test_every_graded_and_locked_cell_is_recorded(released):
    assignment = load_assignment(released, A)
    with released.gradebook() as gb:
        records = source_records(gb, assignment, released.path("release", assignment=A))
    part1 = records["part1"]
    assert set(part1) == {"setup", "double", "test_double", "by_hand"}
    test = part1["test_double"]
    assert (test.cell_type, test.locked, test.points, test.solution) == ("code", True, 2.0,
                                                                         False)
    assert test.source == TEST and test.checksum
    assert test.released == "assert double(2) == 4"  # what students were given
    assert (part1["double"].solution, part1["double"].locked) == (True, False)
    assert (part1["by_hand"].task, part1["by_hand"].points) == (True, 1.0)
    assert (part1["setup"].locked, part1["setup"].points) == (True, None)
    with released.gradebook() as gb:  # without release/: no text given, the rest the same
        bare = source_records(gb, assignment)["part1"]["test_double"]
    assert bare.released is None and bare.checksum == test.checksum


def test_a_notebook_not_in_the_gradebook_has_no_record(released, tmp_path):
    mk.write(released.source_notebook(A, "part2"), SOURCE)  # added after the release
    try:
        with released.gradebook() as gb:
            assert set(source_records(gb, load_assignment(released, A))) == {"part1"}
    finally:
        released.source_notebook(A, "part2").unlink()
    assert released_sources(tmp_path / "missing.ipynb") == {}
