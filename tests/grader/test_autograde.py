"""A grading pass (agentloop_grader.autograde): every submission of a released assignment
graded in the sandbox and written to the gradebook, one report row a student; `students`
grades only those named; `workers` 0 means one per core. (Every chapter end to end:
test_roundtrip.py; many students at once: test_parallel.py.)"""

from __future__ import annotations

import os

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release
from graded_class import CHAPTER_1, place_class

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("autograde") / "course")
    release(course, [CHAPTER_1])
    return course


def test_every_submission_is_graded_into_the_gradebook(released):
    expected = place_class(released, 3)   # right, blank, the author's wrong answers
    report = autograde(released, CHAPTER_1, Options(workers=2, progress=False,
                                                    limits=Limits(time_s=20)))
    assert sorted(row.student for row in report.rows) == sorted(expected)
    assert T.gradebook_scores(released, CHAPTER_1) == expected


def test_only_the_students_named_are_graded(released):
    expected = place_class(released, 3)
    one = sorted(expected)[0]
    report = autograde(released, CHAPTER_1, Options(workers=1, progress=False,
                                                    students=(one,),
                                                    limits=Limits(time_s=20)))
    assert [row.student for row in report.rows] == [one]


def test_no_workers_asked_means_one_per_core():
    assert Options().worker_count() == (os.cpu_count() or 1)
    assert Options(workers=3).worker_count() == 3
