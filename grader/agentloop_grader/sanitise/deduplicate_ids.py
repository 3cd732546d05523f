"""Stage 2, as stock's DeduplicateIds: a grade id on several cells stays on the last one;
the others become plain cells."""

from __future__ import annotations

from .cells import Notebook, Sanitised, Source, grade_id, without_nbgrader


def deduplicate_ids(notebook: Notebook, source: Source) -> Sanitised:
    """Keep the last cell of each grade id; one line per cell that lost its id."""
    seen: set[str] = set()
    problems: list[str] = []
    cells = []
    for cell in reversed(notebook.cells):
        gid = grade_id(cell)
        if gid is not None and gid in seen:
            cell = without_nbgrader(cell)
            problems.append(f"cell {gid} appears more than once; the last one is graded")
        elif gid is not None:
            seen.add(gid)
        cells.append(cell)
    return Sanitised(Notebook(notebook.metadata, cells[::-1]), tuple(problems))
