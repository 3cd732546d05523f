"""report/gradebook.py: names, a missing gradebook, and a grade nobody has given yet."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from agentloop_grader.course import Course, GradingError
from agentloop_grader.report.gradebook import graded_score, person_name, require_gradebook


def test_a_students_name_from_what_the_gradebook_has():
    assert person_name(SimpleNamespace(first_name="Ada", last_name="Lovelace")) == \
        "Ada Lovelace"
    assert person_name(SimpleNamespace(first_name=None, last_name="Lovelace")) == "Lovelace"
    assert person_name(SimpleNamespace(first_name="", last_name=None)) == ""


def test_a_grade_nobody_gave_is_none_not_zero():
    assert graded_score(SimpleNamespace(auto_score=None, manual_score=None, score=0)) is None
    assert graded_score(SimpleNamespace(auto_score=0, manual_score=None, score=0)) == 0.0
    assert graded_score(SimpleNamespace(auto_score=1, manual_score=2, score=2)) == 2.0


def test_a_missing_sqlite_gradebook_says_what_to_run(tmp_path):
    course = Course(tmp_path, f"sqlite:///{tmp_path / 'gradebook.db'}")
    with pytest.raises(GradingError) as raised:
        require_gradebook(course)
    assert str(raised.value) == f"no gradebook at {tmp_path / 'gradebook.db'}; run " \
        "`agentloop-grade release` and `autograde` first"
    (tmp_path / "gradebook.db").write_bytes(b"")
    require_gradebook(course)  # there: no error
