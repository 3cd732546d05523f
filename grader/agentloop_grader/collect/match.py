"""Collect: a notebook found matched to one of the assignment's — by its name (an LMS's, or
a copy's), else by the grade ids it shares with exactly one source notebook — with the
time its name or file gives.
"""

from __future__ import annotations

from . import blackboard, canvas
from .inputs import MAX_MEMBER_BYTES, File, Unreadable
from .lms import Platform
from .names import lms_name, notebook_by_name
from .scan import Pick, Scan
from .sources import by_grade_ids, grade_ids


def match_notebook(name: str, stem: str, file: File, scan: Scan) -> Pick | None:
    """Match a notebook to a source notebook (by name, else by grade ids); None: skipped."""
    if file.size > MAX_MEMBER_BYTES:
        scan.skip(file.origin, f"larger than {MAX_MEMBER_BYTES // 2**20} MB")
        return None
    named = blackboard.attempt_time(name)
    when, when_from = (named, "the file name") if named else (file.when, file.when_from)
    parsed = lms_name(name)
    about = {"lms": parsed.describe() if parsed else ""}
    if parsed is not None and parsed.platform is Platform.CANVAS and not named:
        when_from = canvas.NO_TIME
        about.update(timeless=True, upload=parsed.upload)
    notebook = notebook_by_name(stem, scan.sources)
    if notebook:
        return Pick(notebook, file, when, when_from, by_name=True, **about)
    try:
        ids = grade_ids(file.read())
    except Unreadable as exc:
        scan.skip(file.origin, str(exc))
        return None
    if ids is None:
        scan.skip(file.origin, f"its name matches no notebook of {scan.assignment} "
                  f"({scan.sources.listed()}) and it is not a readable notebook")
        return None
    notebook, why = by_grade_ids(ids, scan.sources)
    if notebook is None:
        scan.skip(file.origin, why)
        return None
    return Pick(notebook, file, when, when_from, by_name=False,
                how=f"matched {name} to {notebook} by its grade ids", **about)
