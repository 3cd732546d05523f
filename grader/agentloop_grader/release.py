"""Set up an nbgrader course from chapters/ and release the student versions.

`release` copies each chapter notebook to `source/<assignment>/` and runs nbgrader's own
generate_assignment (through its Python API), which writes `release/<assignment>/` and
records the assignment and its grade cells in the gradebook; `due` sets the assignment's
due date there (late penalties are computed from it, as in stock nbgrader).
"""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path
from typing import Any

from .course import (
    CHAPTERS,
    COURSE_ID,
    Course,
    GradingError,
    chapter_notebooks,
    ensure_tools_on_path,
    resolve_assignment,
)


def nbgrader_api(course: Course) -> Any:
    """nbgrader's NbGraderAPI for this course directory (no exchange needed)."""
    import logging

    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    ensure_tools_on_path()
    config = Config()
    config.CourseDirectory.root = str(course.root.resolve())
    config.CourseDirectory.db_url = course.gradebook_url
    config.CourseDirectory.course_id = COURSE_ID
    config.Exchange.root = str(course.root.resolve() / "exchange")
    config.NbGraderAPI.log_level = logging.ERROR
    hide_hidden_tests_in_feedback(config)
    coursedir = CourseDirectory(config=config)
    return NbGraderAPI(coursedir=coursedir, config=config)


def hide_hidden_tests_in_feedback(config: Any) -> None:
    """Stock generate_feedback keeps hidden test code in the HTML; strip it."""
    from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
    from nbgrader.preprocessors import ClearHiddenTests, GetGrades

    config.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests,
                                             CSSHTMLHeaderPreprocessor]
    config.ClearHiddenTests.enforce_metadata = False


def select_chapters(names: list[str], chapters: Path = CHAPTERS) -> dict[str, Path]:
    """The chapter notebooks to release: the named ones, or every one."""
    known = chapter_notebooks(chapters)
    if not known:
        raise GradingError(f"no chapter notebooks in {chapters}")
    if not names:
        return known
    return {n: known[n] for n in (resolve_assignment(name, known) for name in names)}


def release(course: Course, names: list[str] | None = None,
            chapters: Path = CHAPTERS, due: str | None = None) -> list[str]:
    """Copy chapters into `source/` and generate `release/` with nbgrader; return the names.

    `due`: a due date for them, in nbgrader's format (`2026-12-01 17:00:00 UTC`; no zone
    means UTC); None keeps the one in the gradebook.
    """
    selected = select_chapters(list(names or []), chapters)
    due_utc = parse_due(due) if due else None
    course.root.mkdir(parents=True, exist_ok=True)
    api = nbgrader_api(course)
    for assignment, notebook in selected.items():
        _check_notebook(notebook)
        target = course.source_notebook(assignment)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(notebook, target)
        result = api.generate_assignment(assignment, force=True, create=True)
        if not result.get("success"):
            detail = (result.get("error") or result.get("log") or "").strip().splitlines()
            raise GradingError(f"nbgrader could not release {assignment}: "
                               f"{detail[-1] if detail else 'unknown error'}")
        if due_utc:
            with course.gradebook() as gb:
                gb.update_or_create_assignment(assignment, duedate=due_utc)
    return list(selected)


def parse_due(text: str) -> datetime.datetime:
    """A due date as nbgrader stores it (naive UTC), or a GradingError."""
    from nbgrader.utils import parse_utc

    try:
        return parse_utc(text)
    except (ValueError, OverflowError) as exc:
        raise GradingError(f"unreadable due date {text!r} ({exc}); "
                           "write e.g. '2026-12-01 17:00:00 UTC'") from None


def _check_notebook(path: Path) -> None:
    try:
        json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise GradingError(f"{path} is not a notebook ({exc})") from None
