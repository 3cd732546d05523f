"""The report pages (report/pages.py): one self-contained HTML file each, no script and no
request, and whatever came from a submission escaped."""

from __future__ import annotations

from agentloop_grader.report.classreport import CellStats, ClassReport, FailureGroup, StudentLine
from agentloop_grader.report.pages import CSP, class_page

HOSTILE = "<script>alert('x')</script>"


def test_a_class_page_escapes_what_a_submission_wrote_and_reaches_nothing():
    group = FailureGroup("an even count", HOSTILE, ["ada", "bob"], 3, "two numbers")
    cell = CellStats("t1", "part1", "t1", "check", 2.0, graded=2, passed=0, mean=0.0,
                     groups=[group])
    students = [StudentLine("ada", "Ada", True, 0.0, 2.0, failed_cells=["t1"]),
                StudentLine("bob", "", True, 0.0, 2.0, failed_cells=["t1"])]
    page = class_page(ClassReport("ps1", 2.0, students, [cell],
                                  run={"started": "2026-12-01T09-08-15Z"},
                                  generated="2026-12-01T10-00-00Z"))
    assert f'content="{CSP}"' in page
    assert "<script" not in page and "&lt;script&gt;" in page
    assert "2026-12-01 09:08:15 UTC" in page  # the run's time, as a teacher reads it
    assert "an even count" in page and "2 students" in page
