"""The sanitising stages' vocabulary (sanitise/cells.py): a cell's grade id, and a cell made
plain without touching the one it came from."""

from __future__ import annotations

import make_notebook as mk
from agentloop_grader.sanitise.cells import grade_id, without_nbgrader


def test_a_grade_id_is_a_string_or_nothing():
    assert grade_id(mk.asserts("t1", "")) == "t1"
    assert grade_id(mk.plain("x")) is None
    odd = mk.asserts("t1", "")
    odd["metadata"]["nbgrader"]["grade_id"] = 5
    assert grade_id(odd) is None
    assert grade_id({"cell_type": "code", "metadata": "broken"}) is None


def test_a_cell_made_plain_keeps_the_rest_and_leaves_the_original():
    cell = mk.asserts("t1", "assert x")
    cell["metadata"]["tags"] = ["mine"]
    plain = without_nbgrader(cell)
    assert plain == {**cell, "metadata": {"tags": ["mine"]}}
    assert "nbgrader" in cell["metadata"]
