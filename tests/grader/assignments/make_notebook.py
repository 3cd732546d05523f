"""Small nbgrader notebooks for the grader's stage tests, cell by cell, with the metadata the
JupyterLab toolbar writes (schema_version 3).

    answer("a1", "x = 1")              an autograded answer (solution)
    asserts("t1", "assert x == 1", 2)  an ordinary test cell (locked, 2 points)
    check_cell("t2", "ps1-mean", 1)    a check cell: check("ps1-mean")
    manual("m1", "def f(): ...", 2)    a code answer a person grades
    written("w1", "My answer.", 3)     a written answer a person grades (markdown)
    task("k1", "Describe it.", 2)      a task
    locked("r1", "import math")        a read-only cell
    plain("print(1)")                  no nbgrader metadata
    notebook(*cells) -> dict           an nbformat v4 notebook
    write(path, nb) -> Path
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Cell = dict[str, Any]
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def _cell(cell_type: str, source: str, **nbgrader: Any) -> Cell:
    cell: Cell = {"cell_type": cell_type, "metadata": {}, "source": source}
    if cell_type == "code":
        cell.update(execution_count=None, outputs=[])
    if nbgrader:
        cell["metadata"]["nbgrader"] = {"grade": False, "locked": False, "schema_version": 3,
                                        "solution": False, "task": False, **nbgrader}
    return cell


def answer(gid: str, source: str) -> Cell:
    return _cell("code", source, grade_id=gid, solution=True)


def asserts(gid: str, source: str, points: float = 1) -> Cell:
    return _cell("code", source, grade_id=gid, grade=True, locked=True, points=points)


def check_cell(gid: str, check_id: str, points: float = 1) -> Cell:
    return asserts(gid, f'from agentloop.checks import check\ncheck("{check_id}")', points)


def manual(gid: str, source: str, points: float = 1) -> Cell:
    return _cell("code", source, grade_id=gid, grade=True, solution=True, points=points)


def written(gid: str, source: str, points: float = 1) -> Cell:
    return _cell("markdown", source, grade_id=gid, grade=True, solution=True, points=points)


def task(gid: str, source: str, points: float = 1) -> Cell:
    return _cell("markdown", source, grade_id=gid, task=True, locked=True, points=points)


def locked(gid: str, source: str) -> Cell:
    return _cell("code", source, grade_id=gid, locked=True)


def plain(source: str, cell_type: str = "code") -> Cell:
    return _cell(cell_type, source)


def notebook(*cells: Cell, kernelspec: dict[str, str] | None = None) -> dict[str, Any]:
    """The cells (each given an id, as nbformat 4.5 wants) in a notebook."""
    cells = tuple(dict(c, id=c.get("id", f"cell-{n}")) for n, c in enumerate(cells))
    return {"cells": list(cells), "metadata": {"kernelspec": kernelspec or KERNELSPEC},
            "nbformat": 4, "nbformat_minor": 5}


def write(path: Path, nb: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path
