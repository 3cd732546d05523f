"""overwrite_cells, as stock's OverwriteCells: a graded or locked cell gets back what the
source says — type, points, checksum, flags and, when locked, its text — and says so when
the student had changed it; a grade id the source does not know makes a plain cell."""

from __future__ import annotations

import copy

import make_notebook as mk
from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.overwrite_cells import overwrite_cells


def only(cell, source):
    done = overwrite_cells(Notebook({}, [cell]), source)
    return done.notebook.cells[0], done.problems


def test_an_edited_test_cell_runs_the_sources_text(source):
    edited = mk.asserts("t1", "assert True", points=100)
    before = copy.deepcopy(edited)
    cell, problems = only(edited, source)
    assert cell["source"] == source.records["t1"].source
    assert cell["metadata"]["nbgrader"] | {"checksum": "", "points": 0} == \
        before["metadata"]["nbgrader"] | {"checksum": "", "points": 0}
    assert (cell["metadata"]["nbgrader"]["points"],
            cell["metadata"]["nbgrader"]["checksum"]) == (2.0, "checksum-t1")
    assert problems == ("test cell t1 was edited; the source's text was run",)
    assert edited == before


def test_the_text_students_were_given_is_no_edit(source):
    cell, problems = only(mk.asserts("t1", "assert x == 1\n"), source)
    assert cell["source"] == source.records["t1"].source  # restored, hidden tests and all
    assert problems == ()
    cell, problems = only(mk.locked("r1", "LIMIT = 4"), source)
    assert cell["source"] == "LIMIT = 3"
    assert problems == ("read-only cell r1 was edited; the source's text was run",)


def test_a_changed_cell_type_is_restored(source):
    made_text = mk.asserts("t1", source.records["t1"].source)
    made_text["cell_type"] = "markdown"
    del made_text["outputs"], made_text["execution_count"]
    cell, problems = only(made_text, source)
    assert (cell["cell_type"], cell["outputs"], cell["execution_count"]) == ("code", [], None)
    assert problems == ("cell t1 was changed to markdown; restored as code",)
    answer = mk.written("w1", "My words.")
    answer.update(cell_type="code", outputs=[], execution_count=1)
    cell, _ = only(answer, source)
    assert cell["cell_type"] == "markdown" and "outputs" not in cell
    assert cell["source"] == "My words."  # an answer is the student's, whatever its type


def test_an_answer_keeps_the_students_text_and_gets_the_sources_flags(source):
    answer = mk.answer("a1", "x = 41 + 1")
    answer["metadata"]["nbgrader"].update(grade=True, points=9, locked=True)
    cell, problems = only(answer, source)
    meta = cell["metadata"]["nbgrader"]
    assert cell["source"] == "x = 41 + 1" and problems == ()
    assert (meta["grade"], meta["solution"], meta["locked"], meta["checksum"]) == \
        (False, True, False, "checksum-a1")
    assert meta["points"] == 9  # not a graded cell: no points recorded, none restored


def test_an_unknown_grade_id_makes_a_plain_cell(source):
    cell, problems = only(mk.asserts("t9", "assert False"), source)
    assert "nbgrader" not in cell["metadata"] and cell["source"] == "assert False"
    assert problems == ()
