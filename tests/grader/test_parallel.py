"""Many students at once: threads run sandboxes in parallel, and the single writer in the
parent loses and corrupts no gradebook row (on a Dask cluster: run/test_distributed.py)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release
from graded_class import place_class

pytestmark = pytest.mark.slow
A = "01_agent_loop"


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("parallel") / "course")
    release(course, [A])
    return course



def test_threads_lose_no_row(released):
    expected = place_class(released, 36)
    report = autograde(released, A, Options(workers=4, progress=False, limits=Limits(time_s=20)))
    assert len(report.rows) == 36
    assert T.gradebook_scores(released, A) == expected
    # grading again updates the same rows (no duplicates)
    autograde(released, A, Options(workers=3, progress=False, limits=Limits(time_s=20)))
    assert T.gradebook_scores(released, A) == expected


def _no_sandbox_here(monkeypatch):
    """A machine with neither user namespaces nor Landlock (an old kernel, a locked-down
    container)."""
    from agentloop_grader.isolation import modes

    monkeypatch.setattr(modes, "_namespaces", lambda: "bwrap: user namespaces are disabled")
    monkeypatch.setattr(modes, "_landlock", lambda: modes.NO_LANDLOCK)


def test_without_any_sandbox_autograde_refuses_in_one_line(released, monkeypatch, capsys):
    from agentloop_grader.cli import main

    _no_sandbox_here(monkeypatch)
    place_class(released, 3)
    assert main(["autograde", A, "--course", str(released.root), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no sandbox available" in err
    assert "--trusted-submissions" in err and "bubblewrap" in err


def test_trusted_submissions_run_unsandboxed_and_say_so(released, monkeypatch, tmp_path):
    from agentloop_grader.export import export_csv

    _no_sandbox_here(monkeypatch)
    expected = place_class(released, 3)
    report = autograde(released, A, Options(workers=2, progress=False, trusted=True,
                                            limits=Limits(time_s=20)))
    assert report.settings["isolation_mode"] == "trusted"
    assert any("TRUSTED RUN" in note for note in report.notes)
    assert "TRUSTED RUN" in Path(report.files[1]).read_text()
    scores = T.gradebook_scores(released, A)
    assert {student: scores[student] for student in expected} == expected
    out = tmp_path / "grades.csv"
    export_csv(released, out)
    rows = list(csv.DictReader(out.open()))
    assert rows and all(row[f"{A}/sandbox"] == "trusted (no sandbox)" for row in rows)
