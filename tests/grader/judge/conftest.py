"""An assignment with a teacher's check, for the judging tests: `mean` over a list, three
visible cases and five hidden ones drawn from the seed."""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader.course import Course
from agentloop_grader.read.assignment import Assignment, load_assignment

CHECKS = '''
from agentloop.checks import Case, Check


def mean(values):
    return sum(values) / len(values)


MEAN = Check(id="ps-mean", answer="mean", title="mean() of a list", reference=mean,
             cases=lambda: [Case([1, 2, 3], "three numbers", rule="an odd count"),
                            Case([2, 4], "two numbers", rule="an even count"),
                            Case([5], "one number", rule="a single value")],
             hidden=lambda rng: [Case([rng.randint(1, 99) for _ in range(rng.randint(1, 6))],
                                      f"generated list {n}", rule="any list")
                                 for n in range(5)])
'''
SOURCE = mk.notebook(
    mk.answer("mean_answer", "def mean(values):\n    ### BEGIN SOLUTION\n"
                             "    return sum(values) / len(values)\n    ### END SOLUTION"),
    mk.check_cell("test_mean", "ps-mean", 2),
    mk.asserts("test_plain", "assert mean([2]) == 2", 1),
    mk.written("explain", "Because.", 2),
    mk.task("by_hand", "Check it by hand.", 1))


@pytest.fixture(scope="module")
def assignment(tmp_path_factory) -> Assignment:
    course = Course(tmp_path_factory.mktemp("judge") / "course")
    folder = course.path("source", assignment="ps")
    mk.write(folder / "part1.ipynb", SOURCE)
    (folder / "checks.py").write_text(CHECKS)
    return load_assignment(course, "ps")
