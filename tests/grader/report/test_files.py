"""Where the reports are written (report/files.py), by the commands that make them: JSON and
a self-contained page side by side, and after a run, never a failed run because of them."""

from __future__ import annotations

import json

from agentloop_grader.course import Course
from agentloop_grader.report.files import after_run, save
from agentloop_grader.report.overview import AssignmentLine, CourseStudent, Overview
from agentloop_grader.report.pages import CSP
from agentloop_grader.report.run import RunReport


def test_a_report_is_saved_as_json_and_a_page_that_reaches_nothing(tmp_path):
    report = Overview([AssignmentLine("ps1", 10.0, None, 1, True, 7.0, 7.0)],
                      [CourseStudent("ada", "Ada L", {"ps1": 7.0}, 7.0, 10.0)], 50.0)
    paths = save(report, tmp_path / "reports" / "course-now")
    assert [p.name for p in paths] == ["course-now.overview.json", "course-now.overview.html"]
    assert json.loads(paths[0].read_text())["students"][0]["percent"] == 70.0
    page = paths[1].read_text()
    assert CSP in page and "<script" not in page and "Ada L" in page


def test_a_class_report_that_cannot_be_built_is_a_note_not_a_failed_run(tmp_path):
    run = RunReport("ps", started="2026-12-01T09-00-00Z")
    run.save(tmp_path / "reports")
    assert after_run(Course(tmp_path / "no-course"), run) == []
    assert run.notes and run.notes[0].startswith("class report not written: ")
