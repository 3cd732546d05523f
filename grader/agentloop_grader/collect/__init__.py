"""Collect: every submission of an assignment found in what the teacher downloaded, placed
in nbgrader's layout, submitted/<student>/<assignment>/<notebook>.ipynb, in three steps:

    read    each input as a tree of folders and files (disk.py, zips.py), each folder by
            what it looks like (walk.py), with the reader of its source (below); each
            notebook matched to one of the assignment's (match.py, names.py, sources.py)
    choose  the latest copy of each notebook, the latest submission of each student
            (choose.py)
    place   each written into submitted/, unless a newer one is there (place.py)

The readers, one per source (one download may mix them):

1. nbgrader.py: nbgrader's submitted layout `<dir>/<student>/<assignment>/` (a course
   directory, or a `submitted/` copied from another machine): its notebooks, its
   `timestamp.txt` (copied byte for byte) and the student's other files;
2. exchange.py: nbgrader's exchange,
   `<exchange>/<course>/inbound/<student>+<assignment>+<time>+<random>/` (or `inbound/`
   itself): the latest submission of each student wins, as in stock collect;
3. downloads.py: LMS downloads, folders or zips: files the LMS named, the student id being
   the LMS's own (canvas.py, moodle.py, blackboard.py: Canvas's user id, Moodle's
   participant number, Blackboard's username; "kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb"
   → `1003`, late, a resubmission), other names around a notebook's name
   ("jane_part1.ipynb" → `jane`), or one folder or zip per student (`jane/part1.ipynb`,
   `jane.zip`). The folders and zips directly inside a folder you pass are students' unless
   they hold LMS-named notebooks or an nbgrader layout; a folder or zip you pass that has
   notebooks at its top is itself one student's (a zip holding a single folder is read as
   that folder); and single notebooks (the student: from the file name, else its folder's
   name).

Notebooks are placed under the SOURCE notebook's name (`source/<assignment>/*.ipynb`):
matched by file name, else by their nbgrader grade ids. Every file found ends in the result
as placed, skipped (with the reason) or ambiguous (what was kept, what was not); a student's
folder with no notebook is placed as a submission without one, so autograde gives that
student a row, and a student with fewer notebooks than the assignment has is named. A
submission already in submitted/ is only replaced by a newer one.

Who a student is, as an LMS's names say (Canvas's sortable name and user id, Moodle's
full name, a Blackboard receipt's name), goes into the gradebook's student record when it
has no name yet, never over one a teacher set (people.py).

Times are real ones only: timestamp.txt, the exchange folder's name, Blackboard's attempt
time, a Moodle zip's file times. Canvas's download has none (its zip's times are the
download's), so a Canvas submission gets no timestamp.txt — nbgrader then counts it on time
— and its line says when Canvas marked it late.

Zips are read in memory with size caps; member names are never used as file system paths.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from ..course import Course, GradingError
from .choose import lms_submissions, one_per_student
from .disk import disk_file, disk_folder
from .downloads import single_notebook
from .inputs import Archives, Unreadable
from .names import split_lms_name, student_id
from .people import person_of, record_people
from .place import place
from .result import CollectResult, Placed
from .scan import Scan
from .sources import read_sources
from .walk import visit
from .zips import member_parts, zip_folder

__all__ = ["CollectResult", "Placed", "collect", "member_parts", "read_sources",
           "split_lms_name", "student_id"]


def collect(course: Course, assignment: str, paths: list[Path]) -> CollectResult:
    """Find every submission of `assignment` in `paths` and place it in submitted/."""
    sources = read_sources(course, assignment)
    paths = [Path(p) for p in paths]
    for path in paths:
        _check_input(path, course)
    result = CollectResult(expected=sorted(sources.grade_ids))
    scan = Scan(course, sources, result, Archives())
    scan.visit = lambda folder: visit(folder, scan)
    try:
        for path in paths:
            _read_input(path, scan)
        lms_submissions(scan)
        for sub in one_per_student(scan):
            place(sub, scan)
    finally:
        scan.archives.close()
    placed = set(result.students())
    result.people = record_people(course, [
        person for student, name in sorted(scan.people.items())
        if student in placed and (person := person_of(student, name)) is not None])
    result.missing = sorted(set(_gradebook_students(course)) - scan.seen)
    return result


def _check_input(path: Path, course: Course) -> None:
    allowed = "pass folders, zips or notebooks (.ipynb)"
    if not path.exists():
        raise GradingError(f"{path} does not exist; {allowed}")
    resolved, root = path.resolve(), course.root.resolve()
    if resolved == root or resolved.is_relative_to(root / "submitted"):
        raise GradingError(f"{path} is this course's own folder; pass downloads, a copy of "
                           "another submitted/, another course's directory or an exchange")
    if path.is_file() and not (path.suffix.lower() in (".zip", ".ipynb")
                               or zipfile.is_zipfile(path)):
        raise GradingError(f"{path} is not a folder, a zip or a notebook; {allowed}")


def _read_input(path: Path, scan: Scan) -> None:
    if path.is_dir():
        visit(disk_folder(path, scan), scan, top=True)
        return
    file = disk_file(path, path.stat())
    if path.suffix.lower() == ".ipynb":
        single_notebook(path, file, scan)
        return
    try:
        folder = zip_folder(path.name, file, path, scan, 1)
    except Unreadable as exc:
        scan.skip(str(path), str(exc))
        return
    visit(folder, scan, top=True)


def _gradebook_students(course: Course) -> list[str]:
    if course.gradebook_url.startswith("sqlite:///") and not Path(
            course.gradebook_url.removeprefix("sqlite:///")).exists():
        return []
    with course.gradebook() as gb:
        return [s.id for s in gb.students]
