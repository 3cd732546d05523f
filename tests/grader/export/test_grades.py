"""The grades CSV's sandbox column (export/grades.py): the mode of the newest run report of
the assignment, a trusted run marked so; the class reports beside the run reports are not
run reports."""

from __future__ import annotations

import json
import os

from agentloop_grader.course import Course
from agentloop_grader.export.grades import TRUSTED_MARK, last_isolation


def test_the_sandbox_is_the_newest_run_reports(tmp_path):
    course = Course(tmp_path / "course")
    reports = course.root / "reports"
    reports.mkdir(parents=True)
    assert last_isolation(course, "ps1") == ""
    for n, (name, mode) in enumerate([("ps1-a.json", "landlock"), ("ps1-b.json", "trusted"),
                                      ("ps1-b.class.json", "namespaces"),
                                      ("ps1-c.json", None)]):
        path = reports / name
        path.write_text(json.dumps({"settings": {"isolation_mode": mode}} if mode else "x"))
        os.utime(path, (1000 + n, 1000 + n))
    assert last_isolation(course, "ps1") == TRUSTED_MARK  # c is unreadable, b.class derived
    os.utime(reports / "ps1-a.json", (2000, 2000))
    assert last_isolation(course, "ps1") == "landlock"
    assert last_isolation(course, "ps2") == ""
