"""After autograde: feedback HTML (never any hidden test code), CSV export, stock nbgrader."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.feedback import feedback, hidden_test_lines, leaks
from agentloop_grader.release import release
from agentloop_grader.supervisor import Limits

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


def test_feedback_html_has_scores_and_no_hidden_test_code(course):
    pages = feedback(course, A)
    assert {p.parts[-3] for p in pages} == {"ada", "bea", "cy"}
    secret = hidden_test_lines(course.source_notebook(A))
    assert secret, "the chapter should have hidden tests to protect"
    for page in pages:
        html = page.read_text()
        assert not leaks(html, secret), page
        assert "Score" in html
    ada = (course.root / "feedback" / "ada" / A / f"{A}.html").read_text()
    assert "9.0 / 9.0" in ada


def test_stock_autograded_notebooks_with_hidden_tests_are_stripped_too(course):
    # a notebook graded by stock nbgrader keeps the hidden tests in autograded/
    path = course.path("autograded", "ada", A) / f"{A}.ipynb"
    nb = json.loads(path.read_text())
    source_tests = {c["metadata"]["nbgrader"]["grade_id"]: c["source"]
                    for c in T.read(course.source_notebook(A))["cells"]
                    if c.get("metadata", {}).get("nbgrader", {}).get("grade")}
    for cell in nb["cells"]:
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if gid in source_tests:
            cell["source"] = source_tests[gid]
    path.write_text(json.dumps(nb))
    pages = feedback(course, A)
    secret = hidden_test_lines(course.source_notebook(A))
    for page in pages:
        assert not leaks(page.read_text(), secret)


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

    api = nbgrader_api(course)
    submissions = {s["student"]: s for s in api.get_submissions(A)}
    assert submissions["ada"]["score"] == 9.0
    assert submissions["bea"]["score"] == 0.0
    assert submissions["ada"]["autograded"] is True
    assert Path(course.path("autograded", "cy", A) / f"{A}.ipynb").is_file()
