"""A cell's score (judge/scores.py): full marks only when it has all its points; a score left
for a person is not a pass."""

from __future__ import annotations

import make_notebook as mk
from agentloop_grader.judge.scores import CellScore, grade_id


def test_passed_means_every_point():
    assert CellScore("t", 2.0, 2.0, "test").passed
    assert not CellScore("t", 2.0, 1.5, "test").passed
    assert not CellScore("w", 2.0, None, "manual").passed
    assert CellScore("z", 0.0, 0.0, "test").passed


def test_the_grade_id_is_the_cells_own():
    assert grade_id(mk.asserts("t1", "")) == "t1"
    assert grade_id(mk.plain("x = 1")) is None
    assert grade_id({"cell_type": "code", "metadata": {"nbgrader": "broken"}}) is None
