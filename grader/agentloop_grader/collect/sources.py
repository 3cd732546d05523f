"""Collect: the assignment's source notebooks and their grade ids, which every notebook found
is matched to (by its name, else by the grade ids it shares with one of them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..course import Course, GradingError


@dataclass(frozen=True)
class Sources:
    """The assignment's source notebooks and their grade ids."""

    assignment: str
    grade_ids: dict[str, frozenset[str]]

    @property
    def names(self) -> list[str]:
        return sorted(self.grade_ids, key=len, reverse=True)

    def strippable(self) -> list[str]:
        return sorted({*self.grade_ids, self.assignment}, key=len, reverse=True)

    def listed(self) -> str:
        return ", ".join(sorted(self.grade_ids))


def read_sources(course: Course, assignment: str) -> Sources:
    """The notebooks in source/<assignment>/ with their grade ids, or a GradingError."""
    folder = course.path("source", assignment=assignment)
    paths = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
    if not paths:
        raise GradingError(f"no notebooks in {folder}: collect needs the assignment's source "
                           f"notebooks (source/{assignment}/*.ipynb); run `agentloop-grade "
                           "release` first")
    return Sources(assignment, {p.stem: grade_ids(p.read_bytes()) or frozenset()
                                for p in paths})


def grade_ids(data: bytes) -> frozenset[str] | None:
    """The nbgrader grade ids of a notebook's cells; None when it is not a notebook."""
    try:
        cells = json.loads(data.decode("utf-8"))["cells"]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(cells, list):
        return None
    ids = set()
    for cell in cells:
        meta = cell.get("metadata") if isinstance(cell, dict) else None
        nbgrader = meta.get("nbgrader") if isinstance(meta, dict) else None
        grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
        if isinstance(grade_id, str):
            ids.add(grade_id)
    return frozenset(ids)


def by_grade_ids(ids: frozenset[str], sources: Sources) -> tuple[str | None, str]:
    """The one source notebook sharing the most grade ids with `ids`, or (None, why not)."""
    common = {name: len(ids & source) for name, source in sources.grade_ids.items()}
    best = max(common.values(), default=0)
    if best == 0:
        return None, f"its name and its grade ids match no notebook of {sources.assignment} " \
                     f"({sources.listed()})"
    tied = sorted(n for n, c in common.items() if c == best)
    if len(tied) > 1:
        return None, f"its grade ids match {' and '.join(tied)} equally"
    return tied[0], ""
