"""Export the gradebook: `export(course, format, out, ids)` for `agentloop-grade export`.

    csv     (default, grades.py) one row per student: every graded cell's score (tests,
            checks, manual answers, tasks), late penalties, the sandbox each assignment was
            graded in, then totals (after penalties, as `nbgrader export` computes them)
    canvas  Canvas's gradebook import file (lms.py)
    moodle  Moodle's CSV grade import file (lms.py)
"""

from __future__ import annotations

from pathlib import Path

from ..course import Course, GradingError
from .grades import export_csv
from .lms import Exported, export_lms

__all__ = ["DEFAULT_OUT", "FORMATS", "export", "export_csv"]
FORMATS = ("csv", "canvas", "moodle")
DEFAULT_OUT = {"csv": "grades.csv", "canvas": "grades-canvas.csv",
               "moodle": "grades-moodle.csv"}


def export(course: Course, fmt: str = "csv", out: Path | None = None,
           ids: Path | None = None) -> Exported:
    """Write the `fmt` export of the gradebook to `out` (default DEFAULT_OUT[fmt])."""
    if fmt not in FORMATS:
        raise GradingError(f"unknown export format {fmt!r}; known: {', '.join(FORMATS)}")
    out = out if out is not None else Path(DEFAULT_OUT[fmt])
    if fmt == "csv":
        if ids is not None:
            raise GradingError("--ids maps students to LMS ids: use it with --format canvas "
                               "or --format moodle")
        rows = export_csv(course, out)
        return Exported(out, fmt, students=rows, text=f"wrote {out} ({rows} student rows)")
    return export_lms(course, fmt, out, ids)
