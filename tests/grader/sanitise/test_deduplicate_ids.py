"""deduplicate_ids, as stock's DeduplicateIds: of the cells sharing a grade id, the last one
keeps it; the others become plain cells, keeping their other metadata."""

from __future__ import annotations

import copy

import make_notebook as mk
from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.deduplicate_ids import deduplicate_ids


def test_the_last_cell_of_a_grade_id_keeps_it(source):
    first, second = mk.answer("a1", "x = 0"), mk.answer("a1", "x = 1")
    first["metadata"]["tags"] = ["mine"]
    given = Notebook({}, [first, mk.plain("print(x)"), second, mk.asserts("t1", "assert x")])
    before = copy.deepcopy(given)
    done = deduplicate_ids(given, source)
    assert done.notebook.cells[0] == {**first, "metadata": {"tags": ["mine"]}}
    assert done.notebook.cells[1:] == given.cells[1:]
    assert done.problems == ("cell a1 appears more than once; the last one is graded",)
    assert given == before


def test_three_copies_give_two_lines(source):
    cells = [mk.answer("a1", f"x = {n}") for n in range(3)]
    done = deduplicate_ids(Notebook({}, cells), source)
    assert [c["metadata"] for c in done.notebook.cells[:2]] == [{}, {}]
    assert done.notebook.cells[2] == cells[2]
    assert len(done.problems) == 2
