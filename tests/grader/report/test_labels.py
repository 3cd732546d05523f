"""report/labels.py: a cell whose grade id nbgrader's toolbar made up is named by the
heading (or line) above it; a cell the teacher named keeps its grade id."""

from __future__ import annotations

import nbformat
from agentloop_grader.course import Course
from agentloop_grader.report.labels import LABEL_CHARS, cell_labels

MADE_UP, OTHER, LAST = "cell-0123456789abcdef", "cell-fedcba9876543210", "cell-00000000000000aa"


def graded(source: str, grade_id: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade_id": grade_id, "grade": True, "points": 1}
    return cell


def test_made_up_ids_get_the_heading_or_line_above_them(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Part 1\n\n## The mean of a list"),
                graded("assert mean([1, 2]) == 1.5", MADE_UP),
                graded("assert mean([5]) == 5", "ps1-named"),
                nbformat.v4.new_markdown_cell("x" * 100),
                graded("assert True", OTHER)]
    folder = tmp_path / "source" / "ps1"
    folder.mkdir(parents=True)
    nbformat.write(nb, folder / "part1.ipynb")
    (folder / "broken.ipynb").write_text("{", encoding="utf-8")  # skipped, not fatal
    lonely = nbformat.v4.new_notebook()
    lonely.cells = [graded("import math\n# median of the values\nassert True", LAST)]
    nbformat.write(lonely, folder / "part2.ipynb")
    labels = cell_labels(Course(tmp_path), "ps1")
    assert labels == {("part1", MADE_UP): "The mean of a list",
                      ("part1", OTHER): "x" * (LABEL_CHARS - 1) + "…",
                      ("part2", LAST): "median of the values"}
