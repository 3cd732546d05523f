"""Stage 4, as stock's OverwriteCells: every graded or locked cell gets back what the
source says — its cell type, points, checksum, flags and, when locked (as every test cell
is), its text; a cell whose grade id the source does not know becomes a plain cell."""

from __future__ import annotations

from .cells import Cell, Notebook, Sanitised, Source, grade_id, without_nbgrader


def overwrite_cells(notebook: Notebook, source: Source) -> Sanitised:
    """One line for each cell whose type was changed and each locked cell edited."""
    problems: list[str] = []
    cells = [overwritten(cell, source, problems) for cell in notebook.cells]
    return Sanitised(Notebook(notebook.metadata, cells), tuple(problems))


def overwritten(cell: Cell, source: Source, problems: list[str]) -> Cell:
    """`cell` as the source says it is (a copy, when anything changes)."""
    gid = grade_id(cell)
    if gid is None:
        return cell
    record, spec = source.records.get(gid), source.spec.cell(gid)
    if record is None or spec is None:
        return without_nbgrader(cell)  # an id the source does not know: plain
    cell = dict(cell, metadata=dict(cell["metadata"]))
    meta = cell["metadata"]["nbgrader"] = dict(cell["metadata"]["nbgrader"])
    if cell.get("cell_type") != record.cell_type:
        problems.append(f"cell {gid} was changed to {cell.get('cell_type')}; "
                        f"restored as {record.cell_type}")
        cell = as_type(cell, record.cell_type)
    meta["locked"] = record.locked
    meta["checksum"] = record.checksum
    meta["grade"], meta["solution"], meta["task"] = spec.grade, spec.solution, spec.task
    if record.points is not None:
        meta["points"] = record.points
    if record.locked and cell["source"] != record.source:
        given = record.source if record.released is None else record.released
        if cell["source"].strip() != given.strip():
            what = "test cell" if spec.grade and not spec.solution else "read-only cell"
            problems.append(f"{what} {gid} was edited; the source's text was run")
        cell["source"] = record.source
    return cell


def as_type(cell: Cell, cell_type: str) -> Cell:
    """A copy of `cell` made a `cell_type` cell (code cells have outputs, others none)."""
    cell = dict(cell, cell_type=cell_type)
    if cell_type == "code":
        cell["outputs"], cell["execution_count"] = [], None
    else:
        cell.pop("outputs", None)
        cell.pop("execution_count", None)
    return cell
