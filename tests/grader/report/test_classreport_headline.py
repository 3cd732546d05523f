"""The class report reads as a teacher reads the course (classreport.py): cells named by
their heading when their grade id is the toolbar's made-up `cell-…`, by the grade id when
the teacher named them; mistakes first in the headline, unanswered work one line under it;
and the run report says what its scores are a snapshot of.
"""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.release import release
from agentloop_grader.report.classreport import build

pytestmark = pytest.mark.slow
A = "hw"
MADE_UP = "cell-9126a4597c6ed95a"  # as nbgrader's Create Assignment toolbar writes ids


def _cell(kind: str, cid: str, source: str, **nbgrader) -> dict:
    cell = {"cell_type": kind, "id": cid.replace("cell-", "c"), "metadata": {},
            "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    if nbgrader:
        cell["metadata"]["nbgrader"] = {"grade_id": cid, "schema_version": 3, "task": False,
                                        "locked": not nbgrader.get("solution"), **nbgrader}
    return cell


CELLS = [
    _cell("markdown", "intro", "## Question 1: the mean of a list\n\nWrite `mean`."),
    _cell("code", "cell-0b1c2d3e4f5a6b7c", "def mean(xs):\n    ### BEGIN SOLUTION\n"
          "    return sum(xs) / len(xs)\n    ### END SOLUTION", grade=False, solution=True),
    _cell("code", MADE_UP, "assert mean([1, 2, 3]) == 2", grade=True, solution=False,
          points=1),
    _cell("markdown", "q2", "## Question 2\n\nIn one sentence: when is a mean misleading?"),
    _cell("markdown", "explain", "### BEGIN SOLUTION\nWith outliers.\n### END SOLUTION",
          grade=True, solution=True, points=1),
    _cell("code", "cell-1111222233334444", "def top(xs):\n    ### BEGIN SOLUTION\n"
          "    return max(xs)\n    ### END SOLUTION", grade=False, solution=True),
    _cell("code", "test_top", "assert top([3, 9, 2]) == 9", grade=True, solution=False,
          points=1),
]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    course = Course(tmp_path_factory.mktemp("headline") / "course")
    mk.write(course.source_notebook(A, "hw"), mk.notebook(*CELLS))
    release(course, [A])
    blank = T.read(course.released_notebook(A, "hw"))
    wrong = "def mean(xs):\n    return sum(xs) / (len(xs) + 1)\n"
    for student in ("ann", "bob"):
        T.submit(course, A, student, T.with_answers(blank, {
            "cell-0b1c2d3e4f5a6b7c": wrong, "cell-1111222233334444":
            "def top(xs):\n    return max(xs)\n"}), notebook="hw")
    T.submit(course, A, "blank", blank, notebook="hw")
    run = autograde(course, A, Options(workers=2, progress=False))
    return course, run, build(course, A)


def test_cells_are_named_as_the_teacher_reads_them(graded):
    _, _, report = graded
    titles = {cell.grade_id: cell.title for cell in report.cells}
    assert titles == {MADE_UP: "Question 1: the mean of a list", "explain": "explain",
                      "test_top": "test_top"}


def test_mistakes_first_and_unanswered_work_in_one_line(graded):
    _, _, report = graded
    mistakes = report.mistakes()
    assert mistakes[0]["title"] == "Question 1: the mean of a list"
    assert mistakes[0]["students"] == 2 and mistakes[0]["who"] == ["ann", "bob"]
    assert all("No response." not in (m["rule"], m["reason"]) and
               not m["rule"].startswith("NotImplementedError") for m in mistakes)
    left = report.unanswered()
    assert left["who"] == ["ann", "blank", "bob"]  # the written answer, left as released
    assert left["per_student"]["blank"] == 3 and left["per_student"]["ann"] == 1
    page = report.to_plain()
    assert page["unanswered"] == left
    html = (graded[0].root / "reports").glob("*.class.html")
    text = next(html).read_text()
    assert "Unanswered: 5 answers left as released, by 3 students" in text
    assert text.index("What the class got wrong") < text.index("Unanswered:") < \
        text.index("Every graded cell")
    assert MADE_UP not in text.split("Every graded cell")[0]  # the headline uses the title


def test_the_run_report_says_what_it_is_a_snapshot_of(graded):
    _, run, _ = graded
    assert "Scores as this run left them in the gradebook, a snapshot" in run.summary()
    assert "| student | score when graded | problems |" in run.summary()
