"""The sanitising stages as one pipeline (sanitise/__init__.py): stock's order, each stage's
lines kept in the notebook's problems after what reading found, an unreadable notebook
left as it is."""

from __future__ import annotations

import make_notebook as mk
import nbformat
from agentloop_grader.read.submission import SubmittedNotebook
from agentloop_grader.sanitise import SANITISERS, sanitise


def test_the_stages_are_stocks_in_stocks_order():
    assert [stage.__name__ for stage in SANITISERS] == [
        "clear_output", "deduplicate_ids", "overwrite_kernelspec", "overwrite_cells",
        "reorder_cells", "add_missing_cells"]


def test_a_notebook_the_student_mangled_comes_out_gradable(source):
    test = mk.asserts("t1", "assert True")
    test["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "ok\n"}]
    cells = [test, mk.answer("a1", "x = 0"), mk.answer("a1", "x = 1"), "junk"]
    handed_in = SubmittedNotebook("part1", "part1-Copy1.ipynb", cells, {"kernelspec": {}},
                                  ["part1-Copy1.ipynb graded as part1.ipynb (matched by "
                                   "its grade ids)"])
    done = sanitise(handed_in, source)
    # the test cell back after the answer, the deleted cells after their neighbours, the
    # answer's first copy (a plain cell now) with the test cell it followed
    assert [c["metadata"].get("nbgrader", {}).get("grade_id") for c in done.cells] == \
        ["a1", "t1", "r1", "w1", None, "k1"]
    assert done.cells[1]["source"] == source.records["t1"].source
    assert done.cells[1]["outputs"] == [] and done.cells[4]["source"] == "x = 0"
    assert done.metadata["kernelspec"]["name"] == "course"
    assert done.problems == [
        "part1-Copy1.ipynb graded as part1.ipynb (matched by its grade ids)",
        "cell a1 appears more than once; the last one is graded",
        "test cell t1 was edited; the source's text was run",
        "graded cells were moved; they were run in the source's order",
        "cell r1 was missing; restored from the source",
        "cell w1 was missing; restored from the source",
        "cell k1 was missing; restored from the source"]
    nb = nbformat.from_dict({"cells": [dict(c, id=f"c{n}") for n, c in enumerate(done.cells)],
                             "metadata": done.metadata, "nbformat": 4, "nbformat_minor": 5})
    nbformat.validate(nb)  # what formgrader will open
    assert handed_in.cells[0]["outputs"]  # the notebook read is unchanged


def test_an_unreadable_notebook_is_left_as_it_is(source):
    broken = SubmittedNotebook("part1", "part1.ipynb", unreadable="the notebook is empty")
    assert sanitise(broken, source) is broken
