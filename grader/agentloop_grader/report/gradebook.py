"""Report: what the report reads from a course's nbgrader gradebook besides its grades."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..course import Course, GradingError


def person_name(student: Any) -> str:
    """A gradebook student's first and last name ("" when the gradebook has neither)."""
    return " ".join(p for p in (student.first_name, student.last_name) if p)


def require_gradebook(course: Course) -> None:
    """A course's SQLite gradebook must exist (nbgrader would create an empty one)."""
    url = course.gradebook_url
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise GradingError(f"no gradebook at {url.removeprefix('sqlite:///')}; run "
                           "`agentloop-grade release` and `autograde` first")


def known_assignments(course: Course) -> list[str]:
    """Assignments in the gradebook (and source/), sorted."""
    require_gradebook(course)
    with course.gradebook() as gb:
        names = {a.name for a in gb.assignments}
    return sorted(names | set(course.assignments()))


def graded_score(grade: Any) -> float | None:
    """A grade's score, or None while nobody (nor the autograder) has given one; nbgrader's
    own `score` is 0 then."""
    if grade.auto_score is None and grade.manual_score is None:
        return None
    return float(grade.score)
