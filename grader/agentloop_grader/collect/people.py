"""Collect: who each student is, as the LMS's download says, into the gradebook.

    Canvas      kuznetsovdmitry_1003_5001_part1.ipynb   its sortable name, squashed by
                                                        Canvas ("Kuznetsov, Dmitry" →
                                                        `kuznetsovdmitry`): kept whole, as the
                                                        last name; 1003 is its user id
    Moodle      Jane Doe_31_assignsubmission_file_…     the full name: the last word is the
                                                        last name ("Mary Ann Smith": Mary Ann,
                                                        Smith), as Moodle writes first, last
    Blackboard  the attempt's receipt (.txt)            "Name: Jane Doe (jdoe3)", the same

The name goes into the gradebook's student record as `nbgrader db student add
--first-name --last-name` holds it, only when that record has no name yet (or no record
is there): a name the teacher set is never overwritten, and collect says which it kept. A
Canvas user id also goes into the record's `lms_user_id` (when it has none): the ID
column Canvas's grade import matches on (export/lms.py). Anonymous names give nothing.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass

from ..course import Course
from .lms import LmsName, Platform


@dataclass(frozen=True)
class Person:
    """What the LMS says about one student."""

    student: str
    first_name: str
    last_name: str
    lms_user_id: str  # Canvas's user id ('' for other LMSs)
    platform: Platform

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first_name, self.last_name) if p)


def split_full_name(full: str) -> tuple[str, str]:
    """(first, last) of a full name written first name first: the last word is the last name."""
    words = full.split()
    return (" ".join(words[:-1]), words[-1]) if words else ("", "")


def person_of(student: str, name: LmsName) -> Person | None:
    """What `name` (the LMS's file or folder name, or a receipt's) says of `student`."""
    user_id = student if name.platform is Platform.CANVAS and student.isdigit() else ""
    person = re.sub(r"\s+", " ", name.person).strip()
    if name.platform is Platform.CANVAS:
        first, last = "", person  # no separator left to split on
    else:
        first, last = split_full_name(person)
    if not (last or user_id):
        return None
    return Person(student, first, last, user_id, name.platform)


def record_people(course: Course, people: list[Person]) -> list[str]:
    """Name these students in the gradebook where it has no name (and no Canvas id) yet;
    one line for each student named, and for each whose name in the gradebook was kept."""
    if not people:
        return []
    from nbgrader.api import MissingEntry

    lines = []
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings
        for person in sorted(people, key=lambda p: p.student):
            try:
                record = gb.find_student(person.student)
            except MissingEntry:
                record = None
            has_name = record is not None and bool(record.first_name or record.last_name)
            values = {}
            if person.last_name and not has_name:
                values.update(first_name=person.first_name or None,
                              last_name=person.last_name)
            if person.lms_user_id and not (record is not None and record.lms_user_id):
                values["lms_user_id"] = person.lms_user_id
            if values:
                gb.update_or_create_student(person.student, **values)
            said = f"{person.platform} user {person.lms_user_id}" if person.lms_user_id \
                else str(person.platform)
            if "last_name" in values:
                lines.append(f"{person.student}: named {person.name!r} in the gradebook "
                             f"(as {said} names them)")
            elif has_name and person.last_name:
                kept = " ".join(p for p in (record.first_name, record.last_name) if p)
                if kept != person.name:
                    lines.append(f"{person.student}: kept the gradebook's name {kept!r} "
                                 f"({person.platform} says {person.name!r})")
            if "lms_user_id" in values and "last_name" not in values:
                lines.append(f"{person.student}: {said} noted in the gradebook")
    return lines
