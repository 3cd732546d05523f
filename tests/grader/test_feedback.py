"""Feedback pages (agentloop_grader.feedback): the check for hidden tests compares what is
really hidden — a hidden line that a visible, released cell repeats is no leak — never
removes a page silently, and goes on with the rest.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.cli import main
from agentloop_grader.course import Course
from agentloop_grader.feedback import WITHHELD, feedback, secrets
from agentloop_grader.release import release

pytestmark = pytest.mark.slow
A = "fb"
SHARED = "assert double(2) == 4"  # in the visible tests and again in the hidden ones
SECRET = "assert double(21) == 42"


def _code(cid: str, source: str, **nbgrader) -> dict:
    cell = {"cell_type": "code", "id": cid, "metadata": {}, "source": source,
            "execution_count": None, "outputs": []}
    if nbgrader:
        cell["metadata"]["nbgrader"] = {"grade_id": cid, "schema_version": 3, "task": False,
                                        "locked": not nbgrader["solution"], **nbgrader}
    return cell


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Course:
    course = Course(tmp_path_factory.mktemp("feedback") / "course")
    (course.root / "source" / A).mkdir(parents=True)
    cells = [_code("double", "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n"
                             "    ### END SOLUTION", grade=False, solution=True),
             _code("test_double", f"{SHARED}\n### BEGIN HIDDEN TESTS\n{SHARED}\n{SECRET}\n"
                                  "### END HIDDEN TESTS", grade=True, solution=False,
                   points=1)]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                       "display_name": "Python 3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (course.root / "source" / A / "fb.ipynb").write_text(json.dumps(nb))
    release(course, [A])
    blank = T.read(course.released_notebook(A, "fb"))
    for student in ("best", "other", "third"):
        T.submit(course, A, student, T.with_answers(blank, {
            "double": "def double(x):\n    return 2 * x\n"}), notebook="fb")
    autograde(course, A, Options(workers=2, progress=False))
    return course


def test_a_hidden_line_a_visible_cell_repeats_is_no_secret(course):
    found = secrets(course.source_notebook(A, "fb"), course.released_notebook(A, "fb"))
    assert found == [SECRET]


def test_the_best_students_page_stays(course):
    result = feedback(course, A)
    assert [p.parts[-3] for p in result.pages] == ["best", "other", "third"]
    assert not result.withheld
    shown = html.unescape(re.sub(r"<[^>]+>", "", result.pages[0].read_text()))
    assert SHARED in shown and "double(21)" not in shown


def test_a_real_leak_is_withheld_with_a_line_and_the_rest_go_on(course, capsys):
    page = course.path("autograded", "other", A) / "fb.ipynb"
    nb = json.loads(page.read_text())
    nb["cells"][0]["outputs"] = [{"output_type": "stream", "name": "stdout",
                                  "text": f"{SECRET}\n"}]  # as if an output quoted it
    page.write_text(json.dumps(nb))
    status = main(["feedback", A, "--course", str(course.root)])
    out, err = capsys.readouterr()
    assert status == 0
    assert out.count("feedback: ") == 2  # best and third, checked after other
    moved = course.root / WITHHELD / "other" / A / "fb.html"
    assert moved.is_file() and SECRET in html.unescape(re.sub(r"<[^>]+>", "",
                                                              moved.read_text()))
    assert not (course.root / "feedback" / "other" / A / "fb.html").exists()
    assert err.count("warning:") == 1 and f"({SECRET!r}): withheld, moved to {moved}" in err
