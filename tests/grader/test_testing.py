"""The grader's helpers for synthetic submissions (agentloop_grader.testing): a notebook's answer
and test cells by grade_id, a copy with answers replaced, the chapter authors' WRONG / PARTIAL
/ CHEATS, and a submission written in nbgrader's layout."""

from __future__ import annotations

import json

import nbformat
from agentloop_grader import testing as T  # imported whole: T.test_cells is no test
from agentloop_grader.course import Course


def _notebook() -> dict:
    def cell(grade_id, source, solution, grade, points=0):
        return nbformat.v4.new_code_cell(source, metadata={"nbgrader": {
            "grade_id": grade_id, "solution": solution, "grade": grade, "points": points}})
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# ps"),
        cell("answer", "x = 1", True, False),
        cell("tests", "assert x == 1", False, True, 2),
        cell("written", "x = 2", True, True, 1)])   # graded by hand: neither
    return json.loads(nbformat.writes(nb))


def test_answer_and_test_cells_are_found_by_grade_id():
    nb = _notebook()
    assert T.answers(nb) == {"answer": "x = 1"}
    assert T.test_cells(nb) == {"tests": 2.0}


def test_with_answers_replaces_answer_cells_in_a_copy():
    nb = _notebook()
    changed = T.with_answers(nb, {"answer": "x = 3"})
    assert T.answers(changed) == {"answer": "x = 3"} and T.answers(nb) == {"answer": "x = 1"}


def test_the_chapter_authors_files_are_read_and_a_missing_one_is_none(tmp_path):
    (tmp_path / "ps.py").write_text(
        "WRONG = {'answer': 'x = 2'}\nPARTIAL = {'tests': False}\n"
        "CHEATS = {'lie': ({'answer': 'x = 1.0'}, {'tests': True})}\n", encoding="utf-8")
    assert T.roundtrip("ps", tmp_path) == ({"answer": "x = 2"}, {"tests": False})
    assert T.cheats("ps", folder=tmp_path) == {"lie": ({"answer": "x = 1.0"}, {"tests": True})}
    assert T.roundtrip("other", tmp_path) is None and T.cheats("other", folder=tmp_path) == {}


def test_a_submission_is_written_in_nbgraders_layout(tmp_path):
    course = Course(tmp_path)
    nb = _notebook()
    path = T.submit(course, "ps1", "ann", nb)
    assert path == tmp_path / "submitted" / "ann" / "ps1" / "ps1.ipynb"
    assert json.loads(path.read_text(encoding="utf-8")) == nb
    assert (path.parent / "timestamp.txt").read_text(encoding="utf-8").startswith("2026-11-30")
    raw = T.submit(course, "ps1", "bob", b"\xff not json", notebook="part1")
    assert raw.name == "part1.ipynb" and raw.read_bytes() == b"\xff not json"
    missing = T.submit(course, "ps1", "cy", None)
    assert not missing.exists() and (missing.parent / "timestamp.txt").is_file()
