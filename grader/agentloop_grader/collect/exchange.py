"""Collect, nbgrader's exchange: `<exchange>/<course>/inbound/<student>+<assignment>+<time>
+<random>/` (or `inbound/` itself). The exchange folder's name is the submission's time,
and the latest submission of each student wins, as in stock collect.
"""

from __future__ import annotations

import datetime as dt
import re

from .inputs import Folder
from .nbgrader import nbgrader_submission, parse_time
from .scan import Scan


def exchange_name(name: str) -> tuple[str, str, dt.datetime] | None:
    """(student, assignment, time) from nbgrader's `<student>+<assignment>+<time>[+<random>]`."""
    for parts in (name.rsplit("+", 3), name.rsplit("+", 2)):
        if len(parts) < 3 or not re.match(r"\d{4}-\d{2}-\d{2}", parts[2]):
            continue
        when = parse_time(parts[2])
        if when is not None:
            return parts[0], parts[1], when
    return None


def is_exchange_course(folder: Folder) -> bool:
    return "inbound" in folder.folders and folder.name != "inbound"


def exchange_course(folder: Folder, scan: Scan) -> None:
    """`<exchange>/<course_id>/`: inbound/ holds the submissions."""
    for name, sub in folder.folders.items():
        if name in ("outbound", "feedback"):
            scan.skip(sub.origin, f"exchange {name}/, not submissions")
        else:
            scan.visit(sub)
    for _, file in folder.files:
        scan.skip(file.origin, "not in a submission folder")


def inbound(folder: Folder, scan: Scan) -> None:
    for sub in folder.folders.values():
        if exchange_name(sub.name):
            scan.visit(sub)
        else:
            scan.skip(sub.origin, "not a submission folder (<student>+<assignment>+<time>+...)")
    for _, file in folder.files:
        scan.skip(file.origin, "not in a submission folder")


def exchange_submission(folder: Folder, student: str, assignment: str, when: dt.datetime,
                        scan: Scan) -> None:
    if assignment != scan.assignment:
        scan.skip(folder.origin, f"another assignment ({assignment})")
    else:
        nbgrader_submission(folder, student, scan, when)
