"""Collect: what an LMS's download name says (`LmsName`) — whose file it is (the LMS's own id),
what the student called it, whether it was late or a resubmission. Each LMS's own names
are read by its module: canvas.py, moodle.py, blackboard.py (names.py tries them in turn).
"""

from __future__ import annotations

import datetime as dt
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
        stem, ext = split_ext(self.rest)
        return stem[:-len(f"-{self.resubmission}")] + ext


def split_ext(name: str) -> tuple[str, str]:
    for ext in (".ipynb", ".zip", ".txt"):
        if name.lower().endswith(ext):
            return name[:-len(ext)], name[-len(ext):]
    return name, ""
