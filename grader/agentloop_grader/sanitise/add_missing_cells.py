"""Stage 6, as stock's OverwriteCells with add_missing_cells: graded and locked cells the
student deleted come back as released, each after the graded cell that comes before it in
the source (tasks at the end)."""

from __future__ import annotations

from ..read.assignment import SKIP_GRADING, SourceCell
from ..read.released import SourceCellRecord
from .cells import Cell, Notebook, Sanitised, Source, grade_id


def add_missing_cells(notebook: Notebook, source: Source) -> Sanitised:
    """One line for each cell put back."""
    cells = list(notebook.cells)
    problems: list[str] = []
    present = {gid for c in cells if (gid := grade_id(c))}
    for cell in source.spec.cells:
        gid = cell.grade_id
        if not gid or gid in present or gid not in source.records:
            continue
        if not (cell.grade or cell.task or cell.locked or cell.solution):
            continue
        restored = released_cell(cell, source.records[gid])
        problems.append(f"cell {gid} was missing; restored from the source")
        if cell.task:
            cells.append(restored)
        else:
            cells.insert(_after_previous(cells, source, cell.index), restored)
        present.add(gid)
    return Sanitised(Notebook(notebook.metadata, cells), tuple(problems))


def _after_previous(cells: list[Cell], source: Source, index: int) -> int:
    """Where a cell goes back: after the nearest graded cell before it in the source."""
    earlier = [c.grade_id for c in source.spec.cells[:index] if c.grade_id]
    for gid in reversed(earlier):
        for position, cell in enumerate(cells):
            if grade_id(cell) == gid:
                return position + 1
    return 0


def released_cell(cell: SourceCell, record: SourceCellRecord) -> Cell:
    """The released version of a graded cell (the student's blank, or the locked text)."""
    meta = {"grade": cell.grade, "grade_id": record.grade_id, "locked": record.locked,
            "checksum": record.checksum, "solution": cell.solution, "task": cell.task,
            "schema_version": 3}
    if record.points is not None:
        meta["points"] = record.points
    restored: Cell = {"cell_type": cell.cell_type, "metadata": {"nbgrader": meta},
                      "source": record.source}
    if cell.cell_type == "code":
        restored["outputs"], restored["execution_count"] = [], None
    if cell.skip:
        restored["metadata"]["tags"] = [SKIP_GRADING]
    return restored
