"""The course overview (report/overview.py): each student's share of the points of the
assignments that count, and why a student is marked."""

from __future__ import annotations

from agentloop_grader.report.overview import AssignmentLine, CourseStudent, Overview


def test_the_overview_names_who_to_look_at_and_why():
    lines = [AssignmentLine("ps1", 10.0, None, 2, True, 6.0, 6.0),
             AssignmentLine("ps2", 10.0, "2027-01-01 17:00 UTC", 0, False)]
    ada = CourseStudent("ada", "Ada", {"ps1": 9.0, "ps2": None}, 9.0, 10.0)
    bob = CourseStudent("bob", "", {"ps1": 3.0, "ps2": None}, 3.0, 10.0,
                        behind=["30% of the points (below 50%)"])
    report = Overview(lines, [ada, bob], 50.0, generated="2026-12-01T10-00-00Z")
    assert (ada.percent, bob.percent) == (90.0, 30.0)
    assert CourseStudent("cy", "", {}).percent is None  # nothing counted yet
    plain = report.to_plain()
    assert plain["behind"] == ["bob"] and plain["students"][1]["percent"] == 30.0
    assert report.summary().splitlines() == [
        "2 student(s), 2 assignment(s)", "  ps1: 2 submitted, mean 6/10",
        "  ps2: 0 submitted, no mean",
        "1 student(s) marked (below 50% or missing a submission):",
        "  bob: 30% of the points (below 50%)"]
