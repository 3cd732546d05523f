"""Collect, Blackboard: its download names, and what they say.

    HW 1_jdoe3_attempt_2026-11-30-17-02-11_part1.ipynb   user jdoe3, attempt time
    HW 1_jdoe3_attempt_2026-11-30-17-02-11.txt           the attempt's receipt

(the assignment's name, the username, the attempt's time, the file's name). The student id
is the username; the attempt's time is the submission's, and the latest attempt wins.
"""

from __future__ import annotations

import datetime as dt
import re

from .lms import LmsName, Platform

NAME = re.compile(r"^(?P<assignment>.+)_(?P<student>[^\s_]+)_attempt_"
                  r"(?P<when>\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d)(?:_(?P<rest>.+))?$")
ATTEMPT_TIME = re.compile(
    r"attempt[\s_-]*(\d{4})-(\d{2})-(\d{2})(?:[\s_-]*(\d{2})[-:](\d{2})(?:[-:](\d{2}))?)?", re.I)
# A Blackboard name around a notebook the student renamed: the prefix names the student.
PREFIX = re.compile(r"^(?P<who>.+?)_attempt[\s_-]*\d{4}-\d{2}-\d{2}"
                    r"(?:[\s_-]*\d{2}[-:]\d{2}(?:[-:]\d{2})?)?[\s_]+(?P<rest>.+)$", re.I)


def parse(stem: str, ext: str) -> LmsName | None:
    """Blackboard's reading of a name (`stem` + `ext`), or None when it did not make it."""
    found = NAME.match(stem)
    if not found:
        return None
    try:
        when = dt.datetime.strptime(found["when"], "%Y-%m-%d-%H-%M-%S")
    except ValueError:
        when = None
    rest = found["rest"] or ""
    return LmsName(Platform.BLACKBOARD, found["student"], "", rest + ext if rest else "",
                   attempt=when)


def attempt_time(name: str) -> dt.datetime | None:
    """The attempt time in a Blackboard-style name (attempt_2026-11-30-01-02-03)."""
    found = ATTEMPT_TIME.search(name)
    if not found:
        return None
    try:
        return dt.datetime(*(int(g) for g in found.groups() if g is not None))
    except ValueError:
        return None


def receipt_person(text: str) -> tuple[str, str] | None:
    """(name, username) from a Blackboard receipt's "Name: Jane Doe (jdoe3)" line."""
    found = re.search(r"^\s*Name:\s*(?P<person>.+?)\s*\((?P<user>[^()\s]+)\)\s*$", text,
                      re.MULTILINE)
    return (found["person"], found["user"]) if found else None
