"""Collect: who a file is from, and which notebook it is, by its name.

An LMS's own names (canvas.py, moodle.py, blackboard.py) give its own student id; other
names put the student around a notebook's name (`jane_part1.ipynb` → `jane`), with the
copies' noise (`(1)`, `-Copy1`) taken off.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from . import blackboard, canvas, moodle
from .lms import LmsName, split_ext
from .sources import Sources

NOISE = [
    re.compile(r"\(\d+\)"),  # "(1)" download copies
    re.compile(r"attempt[\s_-]*\d{4}-\d{2}-\d{2}([\s_-]*\d{2}[-:]\d{2}([-:]\d{2})?)?", re.I),
    re.compile(r"assignsubmission_file_?|onlinetext_?|submission|late\b", re.I),
]
COPIES = re.compile(r"\s*\(\d+\)|-Copy\d*$|\s+-\s+Copy$", re.I)  # browser and Jupyter copies


def student_id(name: str, notebooks: str | Iterable[str]) -> str:
    """A safe nbgrader student id from an LMS file or folder name ('' when none is left).

    `notebooks`: the assignment's name and/or its notebooks' names, stripped from `name`.
    """
    names = [notebooks] if isinstance(notebooks, str) else list(notebooks)
    stem = re.sub(r"\.(ipynb|zip)$", "", name, flags=re.I)
    for notebook in sorted(names, key=len, reverse=True):  # "part10" before "part1"
        stem = stem.replace(notebook, " ")
    for pattern in NOISE:
        stem = pattern.sub(" ", stem)
    words = re.findall(r"[A-Za-z0-9]+", stem)
    return "_".join(words).lower()[:64]


class SplitName(NamedTuple):
    """A file name split into the student part and the notebook part."""

    student: str  # '' when the name is only a notebook's name
    rest: str  # the notebook part: a source notebook's name, or what the student called it
    prefix: str  # the raw student part
    lms: LmsName | None = None  # when an LMS made the name: what it says


def lms_name(name: str) -> LmsName | None:
    """The LMS's reading of a file or folder name (with or without its extension): the
    first of Blackboard, Moodle and Canvas whose names it has."""
    stem, ext = split_ext(name)
    for platform in (blackboard, moodle, canvas):
        parsed = platform.parse(stem, ext)
        if parsed is not None:
            return parsed
    return None


def split_lms_name(stem: str, sources: Sources) -> SplitName | None:
    """Split an LMS file name (without .ipynb) into student and notebook; None if it isn't one.

    An LMS's own names (canvas.py, moodle.py, blackboard.py) give its own student id;
    other names put the student first: the name ends with a source notebook's name, or
    follows a known LMS pattern around what the student called the notebook.
    """
    parsed = lms_name(stem)
    if parsed is not None and parsed.rest:
        rest = parsed.rest
        if parsed.resubmission and COPIES.sub("", rest).strip() not in sources.grade_ids and \
                COPIES.sub("", parsed.first_name).strip() in sources.grade_ids:
            rest = parsed.first_name  # Canvas's "-1" on a resubmitted part1.ipynb
        return SplitName(parsed.student, COPIES.sub("", rest).strip(),
                         stem[:len(stem) - len(parsed.rest)], parsed)
    clean = COPIES.sub("", stem).strip()
    for name in sources.names:
        found = re.search(rf"(?:^|(?<=[^A-Za-z0-9])){re.escape(name)}$", clean, re.I)
        if found:
            prefix = clean[:found.start()]
            return SplitName(student_id(prefix, sources.strippable()), name, prefix)
    for pattern in (moodle.PREFIX, blackboard.PREFIX, canvas.PREFIX):
        found = pattern.match(clean)
        if found:
            who = found["who"]
            return SplitName(student_id(who, sources.strippable()), found["rest"], who)
    return None


def notebook_by_name(stem: str, sources: Sources) -> str | None:
    """The source notebook a file name names: `part1`, `part1 (1)`, `x_part1`, LMS-wrapped."""
    split = split_lms_name(stem, sources)
    if split is None:
        return None
    if split.rest in sources.grade_ids:
        return split.rest
    inner = split_lms_name(split.rest, sources)
    return inner.rest if inner and inner.rest in sources.grade_ids else None


def lms_named(name: str, sources: Sources) -> bool:
    """A notebook named by an LMS for a student (its prefix holds an id number or a date)."""
    if not name.lower().endswith(".ipynb"):
        return False
    split = split_lms_name(name[:-6], sources)
    return bool(split and split.student and (split.lms or re.search(r"\d", split.prefix)))
