"""Collect, nbgrader's own layout: a course directory (only its submitted/ is read), a
`submitted/` copied from another machine, `<student>/<assignment>/`, or one submission
folder passed on its own. A submission's notebooks, its `timestamp.txt` (copied byte for
byte) and the student's other files, as nbgrader copies them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from ..course import SAFE_ID
from .choose import one_per_notebook
from .downloads import loose
from .inputs import File, Folder, Unreadable, capped, junk
from .match import match_notebook
from .scan import Pick, Scan, Source, Submission

TIME_FORMAT = "%Y-%m-%d %H:%M:%S.%f UTC"
MAX_STAMP_BYTES = 1024
NBGRADER_IGNORED = {".ipynb_checkpoints", "__pycache__", "feedback", "__MACOSX"}
COURSE_MARKERS = {"source", "release", "autograded", "gradebook.db", "nbgrader_config.py"}


def is_course(folder: Folder) -> bool:
    names = set(folder.folders) | {n for n, _ in folder.files}
    return "submitted" in folder.folders and bool(names & COURSE_MARKERS)


def is_submission(folder: Folder) -> bool:
    """nbgrader's `<assignment>/` folder: it has a timestamp.txt."""
    return folder.file("timestamp.txt") is not None


def is_student_folder(folder: Folder, assignment: str) -> bool:
    """nbgrader's `<student>/` folder: `<student>/<assignment>/timestamp.txt`."""
    sub = folder.folders.get(assignment)
    return sub is not None and is_submission(sub)


def is_submitted_root(folder: Folder, assignment: str) -> bool:
    return folder.name == "submitted" or any(
        is_student_folder(s, assignment) for s in folder.folders.values())


def course_dir(folder: Folder, scan: Scan) -> None:
    """An nbgrader course directory: only its submitted/ holds submissions."""
    for name, sub in folder.folders.items():
        if name == "submitted":
            submitted_root(sub, scan)
        else:
            scan.skip(sub.origin, "course folder, not submissions (only submitted/ is read)")
    for _, file in folder.files:
        scan.skip(file.origin, "course file, not a submission")


def submitted_root(folder: Folder, scan: Scan) -> None:
    """nbgrader's submitted/: one folder per student."""
    for name, sub in folder.folders.items():
        if junk(name):
            scan.visit(sub)
        elif scan.assignment in sub.folders:
            student_folder(sub, name, scan)
        else:
            if SAFE_ID.match(name):
                scan.seen.add(name)
            others = ", ".join(sorted(sub.folders)) or "nothing"
            scan.skip(sub.origin, f"{name} has no {scan.assignment} folder (has: {others})")
    for name, file in folder.files:
        loose(name, file, scan)


def student_folder(folder: Folder, student: str, scan: Scan) -> None:
    for name, sub in folder.folders.items():
        if name == scan.assignment:
            nbgrader_submission(sub, student, scan)
        else:
            scan.skip(sub.origin, f"another assignment ({name})")
    for _, file in folder.files:
        scan.skip(file.origin, f"not in an assignment folder of {student}")


def nbgrader_submission(folder: Folder, student: str, scan: Scan,
                        exchange_time: dt.datetime | None = None) -> None:
    """Layouts 1 and 2: notebooks, timestamp.txt and the student's other files."""
    if not SAFE_ID.match(student):
        scan.skip(folder.origin, f"{student!r} is not a valid student id")
        return
    scan.seen.add(student)
    kind = Source.EXCHANGE if exchange_time else Source.SUBMITTED
    sub = Submission(student, folder.origin, folder.when, folder.when_from, kind)
    picks = [p for n, f in folder.files if n.lower().endswith(".ipynb")
             if (p := match_notebook(n, n[:-6], f, scan))]
    _set_time(sub, folder, picks, exchange_time)
    sub.notebooks = one_per_notebook(student, picks, scan, by_time_first=False)
    sub.extras = list(_extras(folder, scan))
    scan.submissions.append(sub)


def _set_time(sub: Submission, folder: Folder, picks: list[Pick],
              exchange_time: dt.datetime | None) -> None:
    """The real time: the exchange folder's name, else timestamp.txt, else the notebooks'."""
    stamp, when, problem = _read_stamp(folder.file("timestamp.txt"))
    sub.stamp = stamp
    if exchange_time:
        sub.when, sub.when_from = exchange_time, "the exchange folder's name"
    elif when:
        sub.when, sub.when_from = when, "timestamp.txt"
    elif picks:
        newest = max(picks, key=lambda p: p.file.when)
        sub.when, sub.when_from = newest.file.when, f"{newest.file.when_from} ({problem})"
    else:
        sub.when_from = f"{folder.when_from} ({problem})"
    for pick in picks:  # the notebooks of an nbgrader submission share its time
        pick.when, pick.when_from = sub.when, sub.when_from


def _read_stamp(file: File | None) -> tuple[bytes | None, dt.datetime | None, str]:
    """(bytes to copy, time, why not): an unreadable timestamp.txt is rewritten."""
    if file is None:
        return None, None, "no timestamp.txt"
    try:
        data = capped(file, MAX_STAMP_BYTES)
        when = parse_time(data.decode("utf-8").strip())
    except (Unreadable, UnicodeDecodeError) as exc:
        return None, None, f"timestamp.txt unreadable: {exc}"
    if when is None:
        return None, None, "timestamp.txt unreadable"
    return data, when, ""


def _extras(folder: Folder, scan: Scan, prefix: tuple[str, ...] = ()
            ) -> Iterator[tuple[tuple[str, ...], File]]:
    """The student's other files, as nbgrader copies them (ignoring what it ignores)."""
    for name, file in folder.files:
        if not prefix and (name == "timestamp.txt" or name.lower().endswith(".ipynb")):
            continue  # handled as the submission's time and notebooks
        if name.endswith(".pyc"):
            scan.skip(file.origin, "ignored like nbgrader (*.pyc)")
        else:
            yield (*prefix, name), file
    for name, sub in folder.folders.items():
        if name in NBGRADER_IGNORED:
            scan.skip(sub.origin, "ignored like nbgrader")
        elif sub.raw:  # a zip the student submitted: copied as it is
            yield (*prefix, sub.raw[0]), sub.raw[1]
        else:
            yield from _extras(sub, scan, (*prefix, name))


def parse_time(text: str) -> dt.datetime | None:
    """A time as nbgrader reads it (naive UTC), or None."""
    from nbgrader.utils import parse_utc

    try:
        return parse_utc(text) if text else None
    except (ValueError, OverflowError, TypeError):
        return None
