"""A class of synthetic submissions for a released chapter, and the scores each should get."""

from __future__ import annotations

import shutil

from agentloop_grader import testing as T
from agentloop_grader.course import Course

CHAPTER_1 = "01_agent_loop"


def place_class(course: Course, size: int,
                assignment: str = CHAPTER_1) -> dict[str, dict[str, float]]:
    """Place `size` students of `assignment` (a released chapter) cycling correct / blank /
    the chapter author's WRONG answers, instead of any earlier class; their expected
    scores by test cell."""
    source = T.read(course.source_notebook(assignment))
    blank = T.read(course.released_notebook(assignment))
    wrong, partial = T.roundtrip(assignment)
    tests = T.test_cells(source)
    kinds = [
        (source, tests),
        (blank, dict.fromkeys(tests, 0.0)),
        (T.with_answers(source, wrong), {g: (tests[g] if ok else 0.0)
                                         for g, ok in partial.items()}),
    ]
    shutil.rmtree(course.root / "submitted", ignore_errors=True)
    expected = {}
    for number in range(size):
        nb, scores = kinds[number % len(kinds)]
        student = f"s{size}_{number:03d}"
        T.submit(course, assignment, student, nb)
        expected[student] = scores
    return expected
