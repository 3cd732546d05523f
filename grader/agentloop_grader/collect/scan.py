"""Collect: what walking the inputs finds — each notebook matched to a source notebook
(`Pick`), what goes into each student's submitted/ folder (`Submission`), and the walk's
state (`Scan`): every reader adds to it, and skips with a reason.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from ..course import Course
from .inputs import Archives, File, Folder
from .lms import LmsName
from .result import CollectResult
from .sources import Sources


@dataclass
class Pick:
    """A notebook of a student, matched to a source notebook."""

    notebook: str
    file: File
    when: dt.datetime
    when_from: str
    by_name: bool
    how: str = ""
    lms: str = ""  # what the LMS's name says (whose, late, which attempt)
    timeless: bool = False  # the LMS gives no submission time (Canvas)
    upload: int = 0  # the LMS's order of uploads, when it has one (Canvas)


class Source(StrEnum):
    """Where a submission was found (which decides how it replaces one collected before)."""

    SUBMITTED = "submitted"  # nbgrader's submitted/ layout
    EXCHANGE = "exchange"  # nbgrader's exchange
    LMS = "lms"  # an LMS download: its files come one by one


@dataclass
class Submission:
    """What goes into one submitted/<student>/<assignment>/ folder."""

    student: str
    origin: str
    when: dt.datetime
    when_from: str
    kind: Source
    notebooks: dict[str, Pick] = field(default_factory=dict)
    stamp: bytes | None = None  # timestamp.txt to copy as is
    extras: list[tuple[tuple[str, ...], File]] = field(default_factory=list)
    note: str = ""
    timeless: bool = False  # no real time known: no timestamp.txt is written


@dataclass
class Scan:
    """What walking the inputs found so far."""

    course: Course
    sources: Sources
    result: CollectResult
    archives: Archives
    submissions: list[Submission] = field(default_factory=list)
    pool: dict[str, list[Pick]] = field(default_factory=dict)  # LMS notebooks by student
    empty: dict[str, Folder] = field(default_factory=dict)  # LMS students' folders, no notebook
    seen: set[str] = field(default_factory=set)
    people: dict[str, LmsName] = field(default_factory=dict)  # who the LMS says a student
    # is: the first of its names that gives one (people.py)
    visit: Callable[[Folder], None] = lambda folder: None  # read a folder found inside
    # another by what it looks like (walk.py; set by collect)

    def skip(self, origin: str, reason: str) -> None:
        self.result.skipped.append(f"{origin}: {reason}")

    def named(self, student: str, name: LmsName | None) -> None:
        """Keep what an LMS's name says of `student` (the first that names them)."""
        if name is not None and not (student in self.people and self.people[student].person):
            self.people[student] = name

    def is_target(self, path: Path) -> bool:
        return path.resolve() == self.course.root.resolve()

    @property
    def assignment(self) -> str:
        return self.sources.assignment
