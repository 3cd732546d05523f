"""The run report (report/run.py): one row per student with every problem named, a score
after the late penalty as formgrader shows it, saved as JSON and Markdown under names that
never overwrite another run's."""

from __future__ import annotations

import json

from agentloop_grader.judge.scores import CellScore
from agentloop_grader.report.run import Row, RunReport

SCORES = {"part1": [CellScore("t1", 2.0, 2.0, "test"),
                    CellScore("t2", 1.0, 0.0, "check", "1/3 cases failed; a: wrong"),
                    CellScore("w1", 2.0, None, "manual")]}


def test_a_row_names_every_problem_once_and_the_late_penalty():
    row = Row.from_scores("ada", SCORES, ["part1: cell q3: killed after 3 s (time limit)"],
                          1.23456, 2)
    assert (row.score, row.max_score, row.needs_manual, row.seconds) == (2.0, 5.0, 1, 1.235)
    assert row.problems == ["part1: cell q3: killed after 3 s (time limit)",
                            "t2: 1/3 cases failed; a: wrong"]
    assert row.cells["t2"]["kind"] == "check"  # one notebook: cells by grade id alone
    row.late_penalty, row.seconds_late = 0.5, 90.0
    assert row.score_text() == "1.5/5 (2 − 0.5 late), 1 to grade by hand"


def test_saving_twice_writes_the_same_files_and_another_run_gets_new_ones(tmp_path):
    report = RunReport("ps", started="2026-12-01T09-00-00Z", settings={"isolation": "x"})
    report.add(Row.from_scores("ada", SCORES, [], 1.0, 1))
    first = report.save(tmp_path)
    assert [p.name for p in first] == ["ps-2026-12-01T09-00-00Z.json",
                                       "ps-2026-12-01T09-00-00Z.md"]
    report.notes.append("a note")
    assert report.save(tmp_path) == first
    saved = json.loads(first[0].read_text())
    assert saved["notes"] == ["a note"] and saved["files"] == [str(p) for p in first]
    assert "| ada | 2/5, 1 to grade by hand | 1 |" in first[1].read_text()
    other = RunReport("ps", started="2026-12-01T09-00-00Z")
    assert other.save(tmp_path)[0].name == "ps-2026-12-01T09-00-00Z-2.json"
