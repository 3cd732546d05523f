"""Stage 5: graded cells the student moved go back to the source's order (stock runs them
where they are); each plain cell stays with the graded cell it followed."""

from __future__ import annotations

from .cells import Cell, Notebook, Sanitised, Source, grade_id


def reorder_cells(notebook: Notebook, source: Source) -> Sanitised:
    """The cells in the source's order of grade ids; one line when any were moved."""
    order = {c.grade_id: i for i, c in enumerate(source.spec.cells) if c.grade_id}
    cells = notebook.cells
    ids = [gid for c in cells if (gid := grade_id(c)) in order]
    if ids == sorted(ids, key=order.__getitem__):
        return Sanitised(notebook)
    head: list[Cell] = []
    groups: list[list[Cell]] = []
    for cell in cells:
        if grade_id(cell) in order:
            groups.append([cell])
        elif groups:
            groups[-1].append(cell)
        else:
            head.append(cell)
    groups.sort(key=lambda g: order[grade_id(g[0]) or ""])
    return Sanitised(Notebook(notebook.metadata, head + [c for group in groups for c in group]),
                     ("graded cells were moved; they were run in the source's order",))
