"""Collect, Canvas: its download names, and what they say.

    kuznetsovdmitry_1003_5001_part1.ipynb          user 1003, attachment 5001
    kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb   late; the student's second file named
                                                   part1.ipynb
    LATE_anon_x1y2z_5004_part1.ipynb               anonymous grading

(content_zipper.rb: [sortable name, "LATE" when late, user id].join("_"), then
"_<attachment id>_<file name>"; older Canvas wrote "late".) The student id is Canvas's
user id, what its gradebook import matches on. Canvas's download has no submission time
(its zip's times are the download's): the later attachment wins, and no time is made up.
"""

from __future__ import annotations

import re

from .lms import LmsName, Platform

NAME = re.compile(r"^(?:(?P<person>[^\W_]+(?:_[^\W_]+)*?)_)??(?:(?P<late>late)_)?"
                  r"(?P<student>\d+|anon_[A-Za-z0-9]+)_(?P<file>\d+)_(?P<rest>.+)$",
                  re.IGNORECASE)
RESUBMITTED = re.compile(r"^(?P<stem>.+)-(?P<number>\d+)$")  # part1-1 (the extension apart)
# A Canvas name around a notebook the student renamed: the prefix names the student.
PREFIX = re.compile(r"^(?P<who>[a-z]+(?:_late)?_\d+_\d+)_(?P<rest>.+)$")
NO_TIME = "nowhere: Canvas's download has no submission time"


def parse(stem: str, ext: str) -> LmsName | None:
    """Canvas's reading of a name (`stem` + `ext`), or None when Canvas did not make it."""
    found = NAME.match(stem)
    if not found:
        return None
    again = RESUBMITTED.match(found["rest"])
    return LmsName(Platform.CANVAS, found["student"], found["person"] or "",
                   found["rest"] + ext, late=bool(found["late"]),
                   resubmission=int(again["number"]) if again else 0,
                   upload=int(found["file"]))
