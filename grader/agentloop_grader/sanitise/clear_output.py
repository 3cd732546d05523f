"""Stage 1, as stock's ClearOutput: every cell's outputs cleared and its source made one
string; what is not a cell (a code, markdown or raw cell as a JSON object) dropped."""

from __future__ import annotations

from agentloop.plain import copy_plain

from ..read.assignment import source_text
from .cells import Cell, Notebook, Sanitised, Source

CELL_TYPES = ("code", "markdown", "raw")


def clear_output(notebook: Notebook, source: Source) -> Sanitised:
    """A copy of every cell, without outputs; nothing here is worth a line."""
    cells = [cleared(c) for c in notebook.cells
             if isinstance(c, dict) and c.get("cell_type") in CELL_TYPES]
    return Sanitised(Notebook(notebook.metadata, cells))


def cleared(cell: Cell) -> Cell:
    """A copy with outputs cleared and the source as one string. The outputs are dropped
    before copying: they can be most of a notebook's bytes."""
    metadata = cell.get("metadata")
    cell = {k: v for k, v in cell.items() if k not in ("outputs", "execution_count")}
    cell["source"] = source_text(cell)
    # JSON data: copy_plain copies it as deepcopy would, in a fraction of the time
    cell["metadata"] = copy_plain(metadata) if isinstance(metadata, dict) else {}
    if cell.get("cell_type") == "code":
        cell["outputs"], cell["execution_count"] = [], None
    return cell
