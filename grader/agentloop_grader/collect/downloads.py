"""Collect, LMS downloads (Canvas, Moodle, Blackboard: canvas.py, moodle.py, blackboard.py),
folders or zips: a class folder of files the LMS named for each student, or one folder or
zip per student (`jane/part1.ipynb`, `jane.zip`), or a notebook passed on its own. Each
student's notebooks wait in the scan's pool until every input is read (choose.py then
keeps the latest copy of each).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from ..course import SAFE_ID
from .blackboard import receipt_person
from .inputs import File, Folder, Unreadable, capped, junk
from .lms import Platform
from .match import match_notebook
from .names import lms_name, split_lms_name, student_id
from .scan import Scan

MAX_RECEIPT_BYTES = 64 * 1024  # a receipt is a few lines


def batch(folder: Folder, scan: Scan) -> None:
    """A folder of LMS files and students' folders."""
    for name, file in folder.files:
        loose(name, file, scan)
    for sub in folder.folders.values():
        scan.visit(sub)


def loose(name: str, file: File, scan: Scan) -> None:
    """A file in a class folder: a notebook whose name names the student, or skipped."""
    if file.zip_error:
        scan.skip(file.origin, file.zip_error)
        return
    if not name.lower().endswith(".ipynb"):
        scan.skip(file.origin, "Blackboard's receipt, not a notebook (the student's name "
                  "read from it)" if _receipt(name, file, scan) else "not a notebook")
        return
    split = split_lms_name(name[:-6], scan.sources)
    if not split or not split.student:
        scan.skip(file.origin, "no student id in its name, and not in a student's folder")
    elif not SAFE_ID.match(split.student):
        scan.skip(file.origin, f"{split.student!r} is not a valid student id")
    else:
        scan.named(split.student, split.lms)
        _pool(split.student, name, split.rest, file, scan)


def _receipt(name: str, file: File, scan: Scan) -> bool:
    """A Blackboard attempt's receipt: the student's name, kept for the gradebook."""
    parsed = lms_name(name)
    if parsed is None or parsed.platform is not Platform.BLACKBOARD or parsed.rest or \
            not name.lower().endswith(".txt"):
        return False
    try:
        found = receipt_person(capped(file, MAX_RECEIPT_BYTES).decode("utf-8", "replace"))
    except Unreadable:
        return False
    if found is None or found[1] != parsed.student:
        return False
    scan.named(parsed.student, replace(parsed, person=found[0]))
    return True


def _pool(student: str, name: str, rest: str, file: File, scan: Scan) -> None:
    scan.seen.add(student)
    pick = match_notebook(name, rest, file, scan)
    if pick:
        scan.pool.setdefault(student, []).append(pick)


def unit(folder: Folder, scan: Scan) -> None:
    """One student's LMS folder or zip: every notebook in it is theirs."""
    parsed = lms_name(folder.name)
    student = parsed.student if parsed is not None else \
        student_id(folder.name, scan.sources.strippable())
    if not student or not SAFE_ID.match(student):
        scan.skip(folder.origin, "no student id in the folder's name")
        return
    scan.seen.add(student)
    scan.named(student, parsed)
    found = False
    for name, file in _files(folder, scan):
        if file.zip_error:
            scan.skip(file.origin, file.zip_error)
        elif not name.lower().endswith(".ipynb"):
            scan.skip(file.origin, "not a notebook")
        elif found_pick := match_notebook(name, name[:-6], file, scan):
            scan.pool.setdefault(student, []).append(found_pick)
            found = True
    if not found:
        scan.empty.setdefault(student, folder)


def _files(folder: Folder, scan: Scan) -> Iterator[tuple[str, File]]:
    """Every file under `folder`; junk folders are skipped (one line each)."""
    yield from folder.files
    for name, sub in folder.folders.items():
        if why := junk(name):
            scan.skip(sub.origin, f"ignored ({why})")
        else:
            yield from _files(sub, scan)


def single_notebook(path: Path, file: File, scan: Scan) -> None:
    """A notebook passed on its own: the student from its name, else from its folder."""
    split = split_lms_name(path.stem, scan.sources)
    student = split.student if split and split.student else \
        student_id(path.parent.name, scan.sources.strippable())
    if not student or not SAFE_ID.match(student):
        scan.skip(str(path), "no student id in its name or its folder's name")
        return
    rest = split.rest if split and split.student else path.stem
    if split and split.student:
        scan.named(student, split.lms)
    _pool(student, path.name, rest, file, scan)


def one_students(folder: Folder) -> bool:
    """A folder or zip passed on its own that is one student's: notebooks at its top, or a zip
    of files only (`jane.zip` with a report and no notebook)."""
    return (any(n.lower().endswith(".ipynb") for n, _ in folder.files)
            or (folder.raw is not None and not folder.folders))
