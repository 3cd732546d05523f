"""The vocabulary of the sanitising stages: a notebook as JSON, what each stage is given and
what it gives back.

    Cell       one nbformat v4 cell, as JSON
    Notebook   a student's notebook: its metadata and its cells
    Source     what the stages restore from: the source notebook and the gradebook's record
    Sanitised  a stage's result: a new Notebook (its input is never changed) and what the
               stage noticed, one line each, for the run report
    Stage      Notebook, Source → Sanitised
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..read.assignment import NotebookSpec, nbgrader_meta
from ..read.released import Records

Cell = dict[str, Any]


@dataclass(frozen=True)
class Notebook:
    """A student's notebook: its metadata and its cells (nbformat v4 JSON)."""

    metadata: dict[str, Any]
    cells: list[Cell]


@dataclass(frozen=True)
class Source:
    """The source notebook's spec and what the gradebook recorded of its graded and locked
    cells at release, by grade id."""

    spec: NotebookSpec
    records: Records


@dataclass(frozen=True)
class Sanitised:
    """What one stage made of a notebook, and what it noticed (one line each)."""

    notebook: Notebook
    problems: tuple[str, ...] = ()


Stage = Callable[[Notebook, Source], Sanitised]


def grade_id(cell: Cell) -> str | None:
    """The cell's nbgrader grade id, if it has one."""
    gid = nbgrader_meta(cell).get("grade_id")
    return gid if isinstance(gid, str) else None


def without_nbgrader(cell: Cell) -> Cell:
    """A copy of `cell` that is no longer an nbgrader cell (a plain one)."""
    metadata = {k: v for k, v in cell["metadata"].items() if k != "nbgrader"}
    return {**cell, "metadata": metadata}
