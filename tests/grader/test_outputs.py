"""After autograde: feedback HTML (never any hidden test code), CSV export, stock nbgrader."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.feedback import feedback, leaks
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

pytestmark = pytest.mark.slow
A = "01_agent_loop"


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("outputs") / "course")
    release(course, [A])
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    wrong, _ = T.roundtrip(A)
    T.submit(course, A, "ada", source)
    T.submit(course, A, "bea", blank)
    T.submit(course, A, "cy", T.with_answers(source, wrong))
    autograde(course, A, Options(workers=2, progress=False, limits=Limits(time_s=20)))
    return course


def test_feedback_html_has_scores_and_no_solution(course):
    result = feedback(course, A)
    pages = result.pages
    assert not result.withheld
    assert {p.parts[-3] for p in pages} == {"ada", "bea", "cy"}
    for page in pages:
        assert "Score" in page.read_text()
    blank = (course.root / "feedback" / "bea" / A / f"{A}.html").read_text()
    assert "BEGIN SOLUTION" not in blank  # the student's own answers, never the instructor's
    ada = (course.root / "feedback" / "ada" / A / f"{A}.html").read_text()
    assert "9.0 / 9.0" in ada
    # (hidden tests in feedback: tests/grader/test_stock_parity.py, on an assignment that has them)


def test_leak_detector_finds_hidden_lines():
    secret = ['check("ch1-decide-failure", decide, hidden=True)']
    html = '<span>check(&quot;ch1-decide-failure&quot;, decide, hidden=True)</span>'
    assert leaks(html, secret)
    assert not leaks("<p>nothing</p>", secret)


def test_export_csv(course, tmp_path):
    from agentloop_grader.export import export_csv

    out = tmp_path / "grades.csv"
    assert export_csv(course, out) == 3
    rows = list(csv.DictReader(out.open()))
    by_student = {r["student_id"]: r for r in rows}
    assert by_student["ada"]["total (9 pts)"] == "9"
    assert by_student["bea"]["total (9 pts)"] == "0"
    assert by_student["cy"]["01_agent_loop/ch1-decide-search (2 pts)"] == "0"
    assert by_student["cy"]["01_agent_loop/ch1-decide-failure (2 pts)"] == "2"
    assert by_student["cy"]["01_agent_loop/total (9 pts)"] == "6"


def test_stock_nbgrader_reads_our_gradebook(course):
    from agentloop_grader.release import nbgrader_api

    with nbgrader_api(course) as api:
        submissions = {s["student"]: s for s in api.get_submissions(A)}
        exchange = Path(api.coursedir.config.Exchange.root)
    assert not exchange.exists()  # the throwaway exchange is gone with the API
    assert submissions["ada"]["score"] == 9.0
    assert submissions["bea"]["score"] == 0.0
    assert submissions["ada"]["autograded"] is True
    assert Path(course.path("autograded", "cy", A) / f"{A}.ipynb").is_file()
