"""reorder_cells: graded cells the student moved run in the source's order, each plain cell
with the graded cell it followed."""

from __future__ import annotations

import make_notebook as mk
from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.reorder_cells import reorder_cells


def test_moved_cells_go_back_with_what_followed_them(source):
    head, note = mk.plain("import math"), mk.plain("print(x)")
    answer, test, locked = mk.answer("a1", "x = 1"), mk.asserts("t1", "assert x"), \
        mk.locked("r1", "LIMIT = 3")
    given = Notebook({}, [head, test, locked, answer, note])
    done = reorder_cells(given, source)
    assert done.notebook.cells == [head, answer, note, test, locked]
    assert done.problems == ("graded cells were moved; they were run in the source's order",)
    assert given.cells == [head, test, locked, answer, note]


def test_cells_in_order_are_left_alone(source):
    given = Notebook({}, [mk.answer("a1", "x = 1"), mk.plain("extra"), mk.asserts("t1", "")])
    done = reorder_cells(given, source)
    assert done.notebook is given and done.problems == ()
