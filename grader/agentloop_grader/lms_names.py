"""What an LMS's download names say: whose file it is (the LMS's own id), what the student
called it, and whether it was late or a resubmission.

    Canvas      kuznetsovdmitry_1003_5001_part1.ipynb          user 1003, attachment 5001
                kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb   late; the student's second
                                                               file named part1.ipynb
                LATE_anon_x1y2z_5004_part1.ipynb               anonymous grading
      (content_zipper.rb: [sortable name, "LATE" when late, user id].join("_"), then
      "_<attachment id>_<file name>"; older Canvas wrote "late")
    Moodle      Jane Doe_31_assignsubmission_file_part1.ipynb  participant 31
                Jane Doe_31_assignsubmission_file/part1.ipynb  "download in folders"
                Participant_31_assignsubmission_file_…         blind marking
      (mod/assign download_submissions: fullname, "_", the assignment's participant id
      (assign_user_mapping: one number per student per assignment), "_", the plugin)
    Blackboard  HW 1_jdoe3_attempt_2026-11-30-17-02-11_part1.ipynb   user jdoe3, attempt time
                HW 1_jdoe3_attempt_2026-11-30-17-02-11.txt           the attempt's receipt
      (the assignment's name, the username, the attempt's time, the file's name)

The student id is the LMS's own: Canvas's user id (what its gradebook import matches on),
Moodle's participant number, Blackboard's username; a late upload or a second attempt is
the same student. Names and flags are what they are: `late`, `resubmission`, `attempt`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from enum import StrEnum


class Platform(StrEnum):
    CANVAS = "Canvas"
    MOODLE = "Moodle"
    BLACKBOARD = "Blackboard"


@dataclass(frozen=True)
class LmsName:
    """One file (or folder) name, as the LMS made it."""

    platform: Platform
    student: str  # the LMS's own id for the student
    person: str  # the name the LMS put there ('' when anonymous or none)
    rest: str  # the file's name after the LMS's prefix, as shown
    late: bool = False  # the LMS says the submission was late (Canvas)
    resubmission: int = 0  # Canvas's "-N": maybe the student's Nth file of that name
    attempt: dt.datetime | None = None  # the attempt's time (Blackboard)
    upload: int = 0  # Canvas's attachment id: a later upload has a larger one

    def describe(self) -> str:
        """What the LMS says about the file, for collect's line."""
        who = f"{self.platform} {'participant' if self.platform is Platform.MOODLE else 'user'}" \
            f" {self.student}" + (f" ({self.person})" if self.person else "")
        notes = [who]
        if self.late:
            notes.append(f"late, as {self.platform} marked it")
        if self.attempt is not None:
            notes.append(f"attempt of {self.attempt:%Y-%m-%d %H:%M:%S}")
        return "; ".join(notes)

    @property
    def first_name(self) -> str:
        """`rest` without Canvas's "-N" (part1-1.ipynb: part1.ipynb): what the student
        called the file, if the "-N" is Canvas's and not theirs (the caller knows which)."""
        if not self.resubmission:
            return self.rest
        stem, ext = _split_ext(self.rest)
        return stem[:-len(f"-{self.resubmission}")] + ext


CANVAS = re.compile(r"^(?:(?P<person>[^\W_]+(?:_[^\W_]+)*?)_)??(?:(?P<late>late)_)?"
                    r"(?P<student>\d+|anon_[A-Za-z0-9]+)_(?P<file>\d+)_(?P<rest>.+)$",
                    re.IGNORECASE)
MOODLE = re.compile(r"^(?P<person>.+?)_(?P<student>\d+)_(?:assignsubmission_|assign_)?"
                    r"(?P<plugin>file|onlinetext)(?:_(?P<rest>.*))?$")
BLACKBOARD = re.compile(r"^(?P<assignment>.+)_(?P<student>[^\s_]+)_attempt_"
                        r"(?P<when>\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d)(?:_(?P<rest>.+))?$")
RESUBMITTED = re.compile(r"^(?P<stem>.+)-(?P<number>\d+)$")  # part1-1 (the extension apart)
BLIND = "Participant"


def parse(name: str) -> LmsName | None:
    """The LMS's reading of a file or folder name (with or without its extension)."""
    stem, ext = _split_ext(name)
    found = BLACKBOARD.match(stem)
    if found:
        try:
            when = dt.datetime.strptime(found["when"], "%Y-%m-%d-%H-%M-%S")
        except ValueError:
            when = None
        rest = found["rest"] or ""
        return LmsName(Platform.BLACKBOARD, found["student"], "", rest + ext if rest else "",
                       attempt=when)
    found = MOODLE.match(stem)
    if found:
        person = "" if found["person"].startswith(BLIND) else found["person"]
        return LmsName(Platform.MOODLE, found["student"], person,
                       (found["rest"] or "") + ext if found["rest"] else "")
    found = CANVAS.match(stem)
    if found:
        again = RESUBMITTED.match(found["rest"])
        return LmsName(Platform.CANVAS, found["student"], found["person"] or "",
                       found["rest"] + ext, late=bool(found["late"]),
                       resubmission=int(again["number"]) if again else 0,
                       upload=int(found["file"]))
    return None


def receipt_person(text: str) -> tuple[str, str] | None:
    """(name, username) from a Blackboard receipt's "Name: Jane Doe (jdoe3)" line."""
    found = re.search(r"^\s*Name:\s*(?P<person>.+?)\s*\((?P<user>[^()\s]+)\)\s*$", text,
                      re.MULTILINE)
    return (found["person"], found["user"]) if found else None


def _split_ext(name: str) -> tuple[str, str]:
    for ext in (".ipynb", ".zip", ".txt"):
        if name.lower().endswith(ext):
            return name[:-len(ext)], name[-len(ext):]
    return name, ""
