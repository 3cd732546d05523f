"""report/run_reports.py: an assignment's run reports newest first, what went wrong in a run
by kind, and the newest run's settings."""

from __future__ import annotations

import json

from agentloop_grader.course import Course
from agentloop_grader.report.run_reports import (
    TROUBLE_KINDS,
    readable_time,
    run_meta,
    run_reports,
    troubles,
)


def write(folder, name: str, data) -> None:
    (folder / name).write_text(json.dumps(data) if not isinstance(data, str) else data)


def test_the_assignments_run_reports_newest_first_and_nothing_else(tmp_path):
    course = Course(tmp_path)
    assert run_reports(course, "ps1") == []  # no reports/ folder yet
    folder = tmp_path / "reports"
    folder.mkdir()
    write(folder, "ps1-old.json", {"assignment": "ps1", "started": "2026-01-01", "rows": []})
    write(folder, "ps1-new.json", {"assignment": "ps1", "started": "2026-02-01", "rows": []})
    write(folder, "ps1-new.class.json", {"assignment": "ps1", "rows": []})  # derived
    write(folder, "ps1-x.json", {"assignment": "ps10", "rows": []})  # another assignment
    write(folder, "ps1-bad.json", "{")
    write(folder, "ps1-rows.json", {"assignment": "ps1", "rows": {}})
    assert [p.name for p, _ in run_reports(course, "ps1")] == ["ps1-new.json", "ps1-old.json"]
    assert [p.name for p, _ in run_reports(course, "ps1", skip=[folder / "ps1-new.json"])] \
        == ["ps1-old.json"]


def test_troubles_one_per_kind_in_the_graders_words():
    row = {"problems": ["cell x: process exited with code 0 (os._exit or a crash)",
                        "cell y: killed (time limit)", "cell z: killed (time limit) again",
                        "a dishonest == in the answer"]}
    assert troubles(row) == [
        {"kind": "time-out", "reason": "cell y: killed (time limit)"},
        {"kind": "crash", "reason": "cell x: process exited with code 0 (os._exit or a crash)"},
        {"kind": "hostile", "reason": "a dishonest == in the answer"}]
    assert troubles({}) == []
    assert TROUBLE_KINDS == ("unreadable", "time-out", "crash", "hostile")


def test_times_read_as_a_person_reads_them():
    assert readable_time("2026-12-01T09-08-15Z") == "2026-12-01 09:08:15 UTC"
    assert readable_time("2026-12-01T09-08-15Z-2") == "2026-12-01 09:08:15 UTC"
    assert readable_time("yesterday") == "yesterday"


def test_the_newest_runs_settings():
    assert run_meta([]) == {}
    data = {"started": "s", "seconds": 4.5, "rows": [{}, {}], "notes": ["n"],
            "settings": {"workers": 2, "limits": {"time_s": 30, "memory_mb": 512},
                         "isolation": "namespaces", "isolation_mode": "auto",
                         "late_penalties": True},
            "reruns": [{"student": "ada"}, "junk"]}
    assert run_meta([(None, data), (None, {})]) == {
        "file": None, "started": "s", "seconds": 4.5, "graded": 2, "workers": 2,
        "time_limit_s": 30, "memory_mb": 512, "isolation": "namespaces",
        "isolation_mode": "auto", "late_penalties": True, "notes": ["n"], "runs_read": 2,
        "reruns": [{"student": "ada"}]}
