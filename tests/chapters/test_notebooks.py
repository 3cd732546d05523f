"""Every chapter notebook: built from its source, well-formed for nbgrader, self-contained answers.

These run on every notebook in chapters/, so a new chapter is checked without edits here.
(nbval executes the notebooks themselves: `pytest --nbval chapters`.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from chapter_answers import graded

from agentloop.checks import get_check

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "chapters").glob("*.ipynb"))


CHECK_CALL = 'from agentloop.checks import check\n\ncheck("{}")'


def nbgrader_cells(nb, kind):
    """Code cells only: a written answer (a markdown cell with points) is graded by hand."""
    key = {"solution": "solution", "tests": "grade"}[kind]
    return [c for c in nb.cells if c.metadata.get("nbgrader", {}).get(key)
            and c.cell_type == "code" and not (kind == "tests" and c.metadata["nbgrader"].get(
                "solution"))]


def is_check_cell(cell) -> bool:
    return cell.source == CHECK_CALL.format(cell.metadata["nbgrader"]["grade_id"])


def test_there_are_chapters():
    assert NOTEBOOKS, "no notebooks in chapters/"


def test_notebooks_match_their_sources():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_chapters.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_structure(path):
    nb = nbformat.read(path, as_version=4)
    # no set-up cell: the zero-install site loads the library when its kernel starts
    assert not any("lite-setup" in c.metadata.get("tags", []) for c in nb.cells)
    assert any("```mermaid" in c.source for c in nb.cells if c.cell_type == "markdown")
    ids = [c.metadata["nbgrader"]["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids) == len(set(ids)), "grade_ids must be unique"
    assert nbgrader_cells(nb, "solution") and nbgrader_cells(nb, "tests")
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert all(o.output_type != "error" for o in cell.get("outputs", [])), cell.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_test_cells_call_their_check(path):
    """A test cell is a check cell, or an ordinary nbgrader test cell of asserts whose hidden
    part the student version does not show."""
    nb = nbformat.read(path, as_version=4)
    for cell in nbgrader_cells(nb, "tests"):
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        if is_check_cell(cell):
            get_check(grade_id)
        else:
            assert "assert " in cell.source and "### BEGIN HIDDEN TESTS" in cell.source, grade_id
            assert "agentloop.checks" not in cell.source, grade_id
        assert cell.metadata["nbgrader"]["points"] > 0


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_written_answers_are_graded_by_hand(path):
    """A markdown cell with points is a manual answer: solution and grade, never locked."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if cell.cell_type == "markdown" and meta:
            assert meta["solution"] and meta["grade"] and not meta["locked"], meta
            assert meta["points"] > 0 and cell.source.strip(), meta


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_demonstration_cells_are_skipped_by_the_grader(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and "nbgrader" not in cell.metadata:
            assert "skip-grading" in cell.metadata.get("tags", []), cell.source[:80]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_answer_cells_alone_pass_every_hidden_check(path):
    """What the grader does: run only the answer cells, in a fresh namespace."""
    nb = nbformat.read(path, as_version=4)
    namespace: dict = {"__name__": "__main__"}
    for cell in nbgrader_cells(nb, "solution"):
        exec(compile(cell.source, cell.metadata["nbgrader"]["grade_id"], "exec"), namespace)
    for cell in nbgrader_cells(nb, "tests"):
        if not is_check_cell(cell):  # ordinary asserts, hidden ones included
            exec(compile(cell.source, cell.metadata["nbgrader"]["grade_id"], "exec"), namespace)
            continue
        chk = get_check(cell.metadata["nbgrader"]["grade_id"])
        # the teacher's edition, hidden cases drawn from the tests' course seed
        report = graded(chk.id, namespace[chk.answer])
        assert report.passed, report.text()
