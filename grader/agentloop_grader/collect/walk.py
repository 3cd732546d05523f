"""Collect: a folder read by what it looks like, so one download may mix layouts; each kind
has its reader:

    <student>+<assignment>+<time>+…/, inbound/,
    <exchange>/<course>/inbound/                   the exchange (exchange.py)
    a course directory, submitted/, <student>/<assignment>/,
    <assignment>/ with a timestamp.txt             nbgrader's layout (nbgrader.py)
    LMS-named notebooks, students' folders or zips LMS downloads (downloads.py)

The folders and zips directly inside a folder you pass are students' unless they hold
LMS-named notebooks or an nbgrader layout; a folder or zip you pass that has notebooks at
its top is itself one student's.
"""

from __future__ import annotations

from .downloads import batch, one_students, unit
from .exchange import (
    exchange_course,
    exchange_name,
    exchange_submission,
    inbound,
    is_exchange_course,
)
from .inputs import JUNK, Folder, junk
from .names import lms_named
from .nbgrader import (
    course_dir,
    is_course,
    is_student_folder,
    is_submission,
    is_submitted_root,
    nbgrader_submission,
    student_folder,
    submitted_root,
)
from .scan import Scan
from .sources import Sources


def special(folder: Folder, assignment: str) -> bool:
    """A folder in one of nbgrader's layouts (not an LMS folder)."""
    return bool(exchange_name(folder.name) or folder.name == "inbound"
                or is_course(folder) or is_exchange_course(folder)
                or is_submitted_root(folder, assignment)
                or is_student_folder(folder, assignment)
                or (folder.name == assignment and is_submission(folder)))


def structured(folder: Folder, sources: Sources) -> bool:
    """Holds LMS-named notebooks or an nbgrader layout: not one student's folder."""
    if any(lms_named(n, sources) for n, _ in folder.files):
        return True
    return any(special(sub, sources.assignment) or structured(sub, sources)
               for name, sub in folder.folders.items() if name not in JUNK)


def visit(folder: Folder, scan: Scan, top: bool = False) -> None:
    """Read one folder by what it looks like (see the module's docstring)."""
    assignment = scan.assignment
    exchange = exchange_name(folder.name)
    if not top and (why := junk(folder.name)):
        scan.skip(folder.origin, f"ignored ({why})")
    elif exchange:
        exchange_submission(folder, *exchange, scan)
    elif folder.name == "inbound":
        inbound(folder, scan)
    elif is_course(folder):
        course_dir(folder, scan)
    elif is_exchange_course(folder):
        exchange_course(folder, scan)
    elif is_submitted_root(folder, assignment):
        submitted_root(folder, scan)
    elif is_student_folder(folder, assignment):
        student_folder(folder, folder.name, scan)
    elif top and folder.name == assignment and is_submission(folder):
        if folder.disk:  # submitted/<student>/<assignment> passed on its own
            nbgrader_submission(folder, folder.disk.resolve().parent.name, scan)
        else:
            scan.skip(folder.origin, "cannot tell whose submission this is; pass its student's "
                      "folder")
    elif structured(folder, scan.sources) or (top and not one_students(folder)):
        batch(folder, scan)
    else:
        unit(folder, scan)
