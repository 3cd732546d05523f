"""Grades out to a learning platform: the CSV files Canvas and Moodle import.

One column per assignment (by name) that has at least one submission, holding each student's score
after the late penalty (what formgrader and `nbgrader export` show); the maximum is the
assignment's points in the gradebook.

canvas (Canvas: Grades → Import, "Upload a CSV file"):
    Student, ID, SIS User ID, SIS Login ID, Section, <assignment>, ...
    The second row is Canvas's own "    Points Possible" row (the first cell is that
    text, with the four leading spaces Canvas's export writes; then empty cells; then each
    assignment's maximum). Canvas matches students on ID (its user id), else SIS User ID,
    else SIS Login ID, and assignments on the column header: rename the header to the
    Canvas assignment's name (or "Name (12345)" as in a Canvas export) to fill an existing
    column; an unknown header becomes a new assignment with the Points Possible shown.
moodle (Moodle: Grades → Import → CSV file):
    Username, ID number, Email address, First name, Last name, <assignment>, ...
    In the import screen map one identifying column ("Map from": Username, ID number or
    Email address) to the matching user field ("Map to": username, useridnumber,
    useremail) and each <assignment> column to its grade item. Moodle has no maximum row:
    give the grade item the assignment's maximum (the summary prints them) before
    importing; a grade item the import creates gets Moodle's default maximum, 100.

Student ids. Without --ids, nbgrader's student id is taken to be the LMS login: Canvas's
SIS Login ID, Moodle's Username; names and email come from the gradebook when it has them
(the Student column is "Last, First", else the id). A student collected from a Canvas
download has Canvas's user id as both the nbgrader id and the gradebook's `lms_user_id`
(collect/people.py): Canvas's ID column holds it, and SIS Login ID is left empty (Canvas
matches on ID first). Any student whose gradebook record has an `lms_user_id` gets it in
ID. With `--ids FILE`, a CSV with a header
row mapping nbgrader ids to LMS ids:
    student_id (required): the nbgrader student id
    canvas_id, sis_user_id, sis_login_id: Canvas's ID, SIS User ID, SIS Login ID
    username, idnumber, email: Moodle's Username, ID number, Email address
    name, first_name, last_name, section: shown instead of the gradebook's
a canvas export needs one of the Canvas columns, a moodle export one of the Moodle ones;
only what the file says is written (nothing is guessed from the nbgrader id). A gradebook
student the file does not list is left out of the import file and listed.

Nothing is dropped silently: students without a score for an assignment (an empty cell,
never turned into a 0), students the --ids file does not know, ids-file rows the gradebook
does not know, and scores still waiting for a manual grade are listed on stderr and
counted in the summary line.
"""

from __future__ import annotations

import csv
import io
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..course import Course, GradingError

POINTS_POSSIBLE = "    Points Possible"
CANVAS_HEADER = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE_HEADER = ["Username", "ID number", "Email address", "First name", "Last name"]
IDS_COLUMNS = ("student_id", "canvas_id", "sis_user_id", "sis_login_id", "username",
               "idnumber", "email", "name", "first_name", "last_name", "section")
IDENTIFIERS = {"canvas": ("canvas_id", "sis_user_id", "sis_login_id"),
               "moodle": ("username", "idnumber", "email")}
LISTED = 10  # names per warning line


@dataclass
class Person:
    student: str
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    lms_user_id: str = ""  # the LMS's own id (collect notes Canvas's user id here)


@dataclass
class Grades:
    """Every student's net score per assignment, from the gradebook."""

    assignments: list[tuple[str, float]]  # name, maximum
    people: list[Person]
    scores: dict[tuple[str, str], float | None]  # (student, assignment) -> net score
    unfinished: list[tuple[str, str]] = field(default_factory=list)  # manual grading due
    no_submissions: list[str] = field(default_factory=list)  # assignments left out


def read_grades(course: Course) -> Grades:
    from nbgrader.api import MissingEntry

    from ..report.classreport import require_gradebook

    require_gradebook(course)
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings
        people = [Person(s.id, s.first_name or "", s.last_name or "", s.email or "",
                         s.lms_user_id or "")
                  for s in sorted(gb.students, key=lambda s: s.id)]
        out = Grades([], people, {})
        for record in sorted(gb.assignments, key=lambda a: a.name):
            column: dict[tuple[str, str], float | None] = {}
            for person in people:
                try:
                    sub = gb.find_submission(record.name, person.student)
                except MissingEntry:
                    column[(person.student, record.name)] = None
                    continue
                net = float(sub.score or 0) - float(sub.late_submission_penalty or 0)
                column[(person.student, record.name)] = max(0.0, net)
                if sub.needs_manual_grade:
                    out.unfinished.append((person.student, record.name))
            if all(v is None for v in column.values()):
                out.no_submissions.append(record.name)
                continue
            out.assignments.append((record.name, float(record.max_score)))
            out.scores.update(column)
    return out


def read_ids(path: Path, fmt: str) -> dict[str, dict[str, str]]:
    """The --ids mapping: nbgrader student id -> its row; bad files raise GradingError."""
    where = f"--ids {path}"
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise GradingError(f"{where}: not a UTF-8 text file (save it as CSV UTF-8)") from None
    except OSError as exc:
        raise GradingError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        rows = list(reader)
    except csv.Error as exc:
        raise GradingError(f"{where}: not a readable CSV file ({exc})") from None
    header = [h.strip().lower() for h in rows[0]] if rows else []
    expected = f"expected a header row with student_id and any of {', '.join(IDS_COLUMNS[1:])}"
    if "student_id" not in header:
        found = ", ".join(repr(h) for h in header[:6]) or "nothing"
        raise GradingError(f"{where}: no student_id column (found {found}); {expected}")
    unknown = [h for h in header if h not in IDS_COLUMNS]
    if unknown or len(set(header)) != len(header):
        what = f"unknown column {unknown[0]!r}" if unknown else "a column appears twice"
        raise GradingError(f"{where}: {what}; {expected}")
    needed = IDENTIFIERS.get(fmt, ())
    if needed and not set(needed) & set(header):
        raise GradingError(f"{where}: a {fmt} export needs one of the columns "
                           f"{', '.join(needed)} to identify students in {fmt.title()}")
    out: dict[str, dict[str, str]] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise GradingError(f"{where}: line {number} has {len(row)} fields, the header "
                               f"{len(header)}")
        values = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}
        student = values["student_id"]
        if not student:
            raise GradingError(f"{where}: line {number} has no student_id")
        if student in out:
            raise GradingError(f"{where}: student_id {student!r} appears twice "
                               f"(line {number})")
        out[student] = values
    return out


@dataclass
class Exported:
    """What an export wrote, and everything it could not."""

    path: Path
    format: str
    students: int = 0
    assignments: list[tuple[str, float]] = field(default_factory=list)
    missing: list[tuple[str, str]] = field(default_factory=list)  # (student, assignment)
    unknown: list[str] = field(default_factory=list)  # not in --ids: left out
    unused_ids: list[str] = field(default_factory=list)  # in --ids, not in the gradebook
    unfinished: list[tuple[str, str]] = field(default_factory=list)
    no_submissions: list[str] = field(default_factory=list)
    text: str = ""  # a summary given instead (the csv format's)

    def warnings(self) -> list[str]:
        out = []
        if self.missing:
            out.append(f"{len(self.missing)} missing score(s), left empty: "
                              + _listing(f"{s} ({a})" for s, a in self.missing))
        if self.unknown:
            out.append(f"{len(self.unknown)} student(s) not in the --ids file, left out: "
                       + _listing(self.unknown))
        if self.unused_ids:
            out.append(f"{len(self.unused_ids)} --ids row(s) for students not in the "
                       "gradebook: " + _listing(self.unused_ids))
        if self.unfinished:
            out.append(f"{len(self.unfinished)} score(s) still wait for a manual grade "
                       "(exported as they stand): "
                       + _listing(f"{s} ({a})" for s, a in self.unfinished))
        if self.no_submissions:
            out.append("no submissions yet, no column: " + _listing(self.no_submissions))
        return out

    def summary(self) -> str:
        if self.text:
            return self.text
        maxima = ", ".join(f"{a} {m:g}" for a, m in self.assignments) or "none"
        return (f"wrote {self.path} ({self.format}: {self.students} student row(s); "
                f"maximum per assignment: {maxima})\n"
                f"missing scores: {len(self.missing)}; unknown students: "
                f"{len(self.unknown)}; --ids rows not in the gradebook: "
                f"{len(self.unused_ids)}; waiting for a manual grade: {len(self.unfinished)}")


def _listing(found: Iterable[str]) -> str:
    items = list(found)
    shown = ", ".join(str(i) for i in items[:LISTED])
    return shown + (f" and {len(items) - LISTED} more" if len(items) > LISTED else "")


def export_lms(course: Course, fmt: str, out: Path, ids_file: Path | None = None) -> Exported:
    """Write the `fmt` ("canvas" or "moodle") import file `out` from the gradebook."""
    if fmt not in IDENTIFIERS:
        raise GradingError(f"unknown LMS format {fmt!r}; known: {', '.join(IDENTIFIERS)}")
    ids = read_ids(ids_file, fmt) if ids_file is not None else None
    grades = read_grades(course)
    result = Exported(out, fmt, assignments=grades.assignments,
                      unfinished=grades.unfinished, no_submissions=grades.no_submissions)
    known = {p.student for p in grades.people}
    if ids is not None:
        result.unused_ids = sorted(set(ids) - known)
    rows = []
    for person in grades.people:
        mapped = None
        if ids is not None:
            mapped = ids.get(person.student)
            if mapped is None or not any(mapped.get(c) for c in IDENTIFIERS[fmt]):
                result.unknown.append(person.student)
                continue
        identity = (_canvas_identity if fmt == "canvas" else _moodle_identity)(person, mapped)
        scores = []
        for name, _ in grades.assignments:
            score = grades.scores.get((person.student, name))
            if score is None:
                result.missing.append((person.student, name))
            scores.append("" if score is None else f"{score:g}")
        rows.append(identity + scores)
    names = [name for name, _ in grades.assignments]
    if fmt == "canvas":
        table = [CANVAS_HEADER + names,
                 [POINTS_POSSIBLE, "", "", "", ""] + [f"{m:g}" for _, m in grades.assignments],
                 *rows]
    else:
        table = [MOODLE_HEADER + names, *rows]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(table)
    result.students = len(rows)
    return result


def _canvas_identity(person: Person, mapped: dict[str, str] | None) -> list[str]:
    """Student, ID, SIS User ID, SIS Login ID, Section. ID is Canvas's user id: the --ids
    file's canvas_id, else the gradebook's lms_user_id (collect notes it from a Canvas
    download, whose user id is then also the nbgrader id, so no SIS Login ID is made up)."""
    if mapped is None:
        login = "" if person.student == person.lms_user_id else person.student
        return [_sortable(person), person.lms_user_id, "", login, ""]
    name = mapped.get("name") or _sortable(Person(person.student,
                                                  mapped.get("first_name") or person.first_name,
                                                  mapped.get("last_name") or person.last_name))
    return [name, mapped.get("canvas_id") or person.lms_user_id, mapped.get("sis_user_id", ""),
            mapped.get("sis_login_id", ""), mapped.get("section", "")]


def _moodle_identity(person: Person, mapped: dict[str, str] | None) -> list[str]:
    """Username, ID number, Email address, First name, Last name."""
    if mapped is None:
        return [person.student, "", person.email, person.first_name, person.last_name]
    return [mapped.get("username", ""), mapped.get("idnumber", ""),
            mapped.get("email", ""), mapped.get("first_name") or person.first_name,
            mapped.get("last_name") or person.last_name]


def _sortable(person: Person) -> str:
    """Canvas's "Last, First" (or whichever is known, else the id)."""
    if person.last_name and person.first_name:
        return f"{person.last_name}, {person.first_name}"
    return person.last_name or person.first_name or person.student
