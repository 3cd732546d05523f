"""nbgrader's own autograde tests, graded by stock and by agentloop-grade side by side.

From nbgrader/tests/apps/test_nbgrader_autograde.py, in one assignment:
- test_grade_overwrite_files: the source's data.csv replaces the student's; helper.py stays
  the student's (c.Autograde.exclude_overwriting); timestamp.txt is kept;
- test_side_effects: a file the notebook writes is in autograded/, not in submitted/;
- test_grade_with_validating_envvar: a test cell that fails when NBGRADER_EXECUTION is set
  scores 0 (the kernel sees stock's environment).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import stock

pytestmark = pytest.mark.slow
A = "cases"
SOURCE_CELLS = [
    {"cell_type": "code", "id": "setup", "metadata": {}, "execution_count": None,
     "outputs": [], "source": "import os\n\nimport helper"},
    {"cell_type": "code", "id": "side", "metadata": {}, "execution_count": None,
     "outputs": [], "source": 'with open("side-effect.txt", "w") as fh:\n'
                              '    fh.write("a side effect")'},
    {"cell_type": "code", "id": "validating", "execution_count": None, "outputs": [],
     "metadata": {"nbgrader": {"grade": True, "grade_id": "validating", "locked": True,
                               "points": 1, "schema_version": 3, "solution": False,
                               "task": False}},
     "source": "if os.getenv('NBGRADER_EXECUTION'):\n    assert False"},
    {"cell_type": "code", "id": "helper_says", "execution_count": None, "outputs": [],
     "metadata": {"nbgrader": {"grade": True, "grade_id": "helper_says", "locked": True,
                               "points": 1, "schema_version": 3, "solution": False,
                               "task": False}},
     "source": "assert helper.SAYS == 'the student\\'s', helper.SAYS"},
]


def _course(root: Path) -> Path:
    course = root / "course"
    (course / "source" / A).mkdir(parents=True)
    stock.write_config(course)
    nb = {"cells": SOURCE_CELLS, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5}
    (course / "source" / A / "p1.ipynb").write_text(json.dumps(nb))
    (course / "source" / A / "data.csv").write_text("some,data\n")
    (course / "source" / A / "helper.py").write_text("SAYS = 'the source\\'s'\n")
    with (course / "nbgrader_config.py").open("a") as config:
        config.write(f'c.Autograde.exclude_overwriting = {{"{A}": ["helper.py"]}}\n')
    return course


def _submit(course: Path) -> Path:
    folder = course / "submitted" / "foo" / A
    folder.mkdir(parents=True)
    released = json.loads((course / "release" / A / "p1.ipynb").read_text())
    (folder / "p1.ipynb").write_text(json.dumps(released))
    (folder / "timestamp.txt").write_text("2015-02-02 15:58:23.948203 America/Los_Angeles")
    (folder / "data.csv").write_text("some,other,data\n")
    (folder / "helper.py").write_text("SAYS = 'the student\\'s'\n")
    return folder


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict[str, Path]:
    courses = {}
    theirs = _course(tmp_path_factory.mktemp("cases-stock"))
    stock.run_nbgrader(theirs, "generate_assignment", A, "--force")
    _submit(theirs)
    stock.run_nbgrader(theirs, "autograde", A)
    courses["stock"] = theirs
    mine = _course(tmp_path_factory.mktemp("cases-ours"))
    for args in (("release", A), ("autograde", A, "--no-progress")):
        done = subprocess.run([str(stock.BIN / "agentloop-grade"), *args, "--course", str(mine)],
                              cwd=mine, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        if args[0] == "release":
            _submit(mine)
    courses["ours"] = mine
    return courses


@pytest.mark.parametrize("grader", ["stock", "ours"])
def test_overwrite_files_and_side_effects(graded, grader):
    course = graded[grader]
    out = course / "autograded" / "foo" / A
    assert (out / "timestamp.txt").read_text() == \
        "2015-02-02 15:58:23.948203 America/Los_Angeles"
    assert (out / "data.csv").read_text() == "some,data\n"  # the source's
    assert (out / "helper.py").read_text() == "SAYS = 'the student\\'s'\n"  # excluded
    assert (out / "side-effect.txt").read_text() == "a side effect"
    assert not (course / "submitted" / "foo" / A / "side-effect.txt").exists()


def test_same_grades_as_stock(graded):
    theirs = stock.read_results(graded["stock"], A)["foo"].auto_scores()
    mine = stock.read_results(graded["ours"], A)["foo"].auto_scores()
    assert mine == theirs == {("p1", "validating"): 0.0, ("p1", "helper_says"): 1.0}
