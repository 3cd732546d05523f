"""Read: what the gradebook recorded of each graded and locked cell at release — what stock
restores a student's cells from (see sanitise/) — and the text students were given.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .assignment import Assignment, nbgrader_meta, source_text
from .submission import load_notebook


@dataclass(frozen=True)
class SourceCellRecord:
    """A graded or locked cell as the gradebook recorded it at release (what stock
    restores from)."""

    grade_id: str
    cell_type: str
    locked: bool
    source: str
    checksum: str
    points: float | None  # grade cells only
    task: bool = False
    solution: bool = False
    released: str | None = None  # the text students were given (hidden tests removed)


Records = dict[str, SourceCellRecord]  # one notebook's, by grade id


def source_records(gradebook: Any, assignment: Assignment,
                   released: Path | None = None) -> dict[str, Records]:
    """What the gradebook recorded at release for each notebook's graded and locked cells
    (and, from release/, the text students were given), by notebook."""
    from nbgrader.api import MissingEntry

    out: dict[str, Records] = {}
    for name in assignment.notebooks:
        try:
            notebook = gradebook.find_notebook(name, assignment.name)
        except MissingEntry:
            continue
        given = released_sources(released / f"{name}.ipynb") if released else {}
        points = {c.name: float(c.max_score) for c in notebook.grade_cells}
        points.update({c.name: float(c.max_score) for c in notebook.task_cells})
        tasks = {c.name for c in notebook.task_cells}
        solutions = {c.name for c in notebook.solution_cells}
        out[name] = {c.name: SourceCellRecord(c.name, c.cell_type, bool(c.locked),
                                              c.source or "", c.checksum or "",
                                              points.get(c.name), c.name in tasks,
                                              c.name in solutions, given.get(c.name))
                     for c in notebook.source_cells}
    return out


def released_sources(path: Path) -> dict[str, str]:
    """The text of each graded cell of a released notebook, by grade id ({} if unreadable)."""
    try:
        nb = load_notebook(path)
    except (OSError, ValueError):
        return {}
    return {gid: source_text(c) for c in nb["cells"] if isinstance(c, dict)
            and (gid := nbgrader_meta(c).get("grade_id"))}
