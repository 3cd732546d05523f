"""Late-submission penalties, exactly as stock `nbgrader autograde` assigns them.

Stock autograde ends with nbgrader's `AssignLatePenalties` preprocessor: when a submission's
timestamp (from `timestamp.txt`) is after the assignment's due date in the gradebook (plus
any extension), it asks the configured plugin (`c.AssignLatePenalties.plugin_class`,
default nbgrader's `LateSubmissionPlugin`, whose default `penalty_method = 'none'` gives
no penalty) for a penalty, keeps it within 0..notebook score, and stores it in
`SubmittedNotebook.late_submission_penalty`. Formgrader and `nbgrader export` subtract it.

We build the same preprocessor from the teacher's nbgrader_config.py files and apply its
plugin inside the grading transaction of each student.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..config import config_dirs
from ..course import Course, GradingError


@contextlib.contextmanager
def _importable_from(folders: list[Path]) -> Iterator[None]:
    """Let `c.AssignLatePenalties.plugin_class = 'late.SubMarks'` find late.py there."""
    added = [str(f) for f in reversed(folders) if str(f) not in sys.path]
    sys.path[:0] = added
    try:
        yield
    finally:
        for folder in added:
            with contextlib.suppress(ValueError):
                sys.path.remove(folder)


class LatePenalties:
    """nbgrader's late-penalty plugin, as configured for this course."""

    def __init__(self, config: Any, search: list[Path]) -> None:
        from nbgrader.preprocessors import AssignLatePenalties

        try:
            with _importable_from(search):
                self.assigner = AssignLatePenalties(config=config)
                self.assigner.init_plugin()
        except Exception as exc:  # e.g. plugin_class names a module that is not there
            name = config.get("AssignLatePenalties", {}).get("plugin_class", "?")
            raise GradingError(f"late-penalty plugin {name!r} from nbgrader_config.py "
                               f"cannot be loaded: {exc}") from None
        self.plugin = self.assigner.plugin_inst

    @classmethod
    def for_course(cls, course: Course) -> LatePenalties:
        return cls(course.config(), config_dirs(course.root))

    def describe(self) -> str:
        """E.g. `LateSubmissionPlugin (penalty_method='none')` or `late.SubMarks`."""
        kind = type(self.plugin)
        if hasattr(self.plugin, "penalty_method"):
            return f"{kind.__name__} (penalty_method={self.plugin.penalty_method!r})"
        return f"{kind.__module__}.{kind.__qualname__}"

    def apply(self, submission: Any, notebook: Any, seconds: float | None = None) -> float | None:
        """Set `notebook.late_submission_penalty` as nbgrader does, and return it.

        `submission` is the SubmittedAssignment (late by `seconds`, default its own
        `total_seconds_late`), `notebook` its SubmittedNotebook with this run's grades
        already flushed (its `score` is read from the database).
        """
        notebook.late_submission_penalty = None  # reset, as stock does
        if seconds is None:
            seconds = submission.total_seconds_late
        if seconds > 0:
            score = notebook.score
            penalty = self.plugin.late_submission_penalty(submission.student.id, score,
                                                          seconds)
            if penalty is not None:
                penalty = min(max(float(penalty), 0.0), float(score))
            notebook.late_submission_penalty = penalty
        return notebook.late_submission_penalty

