"""add_missing_cells, as stock's add_missing_cells: a graded or locked cell the student
deleted comes back as released, after the graded cell before it in the source; a task at
the end."""

from __future__ import annotations

import make_notebook as mk
from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.add_missing_cells import add_missing_cells


def test_deleted_cells_come_back_where_the_source_has_them(source):
    mine = mk.plain("print('mine')")
    given = Notebook({}, [mk.answer("a1", "x = 1"), mine, mk.written("w1", "Mine.")])
    done = add_missing_cells(given, source)
    ids = [c["metadata"].get("nbgrader", {}).get("grade_id") for c in done.notebook.cells]
    assert ids == ["a1", "t1", "r1", None, "w1", "k1"]
    restored = done.notebook.cells[1]
    assert restored["source"] == source.records["t1"].source and restored["outputs"] == []
    assert restored["metadata"]["nbgrader"] == {
        "grade": True, "grade_id": "t1", "locked": True, "checksum": "checksum-t1",
        "solution": False, "task": False, "schema_version": 3, "points": 2.0}
    assert done.notebook.cells[-1]["cell_type"] == "markdown"  # the task, at the end
    assert done.problems == tuple(f"cell {gid} was missing; restored from the source"
                                  for gid in ("t1", "r1", "k1"))
    assert len(given.cells) == 3


def test_with_nothing_deleted_nothing_changes(source):
    cells = [mk.answer("a1", ""), mk.asserts("t1", ""), mk.locked("r1", ""),
             mk.written("w1", ""), mk.task("k1", "")]
    done = add_missing_cells(Notebook({}, cells), source)
    assert done.notebook.cells == cells and done.problems == ()
