"""Many students at once: threads and Dask run sandboxes in parallel, and the single writer
in the parent loses and corrupts no gradebook row."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

pytestmark = pytest.mark.slow
A = "01_agent_loop"


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("parallel") / "course")
    release(course, [A])
    return course


def _class(course: Course, size: int) -> dict[str, dict[str, float]]:
    """Place `size` students cycling correct / blank / wrong; return the expected scores."""
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    wrong, partial = T.roundtrip(A)
    tests = T.test_cells(source)
    kinds = [
        (source, tests),
        (blank, dict.fromkeys(tests, 0.0)),
        (T.with_answers(source, wrong), {g: (tests[g] if ok else 0.0)
                                         for g, ok in partial.items()}),
    ]
    shutil.rmtree(course.root / "submitted", ignore_errors=True)
    expected = {}
    for number in range(size):
        nb, scores = kinds[number % len(kinds)]
        student = f"s{size}_{number:03d}"
        T.submit(course, A, student, nb)
        expected[student] = scores
    return expected


def test_threads_lose_no_row(released):
    expected = _class(released, 36)
    report = autograde(released, A, Options(workers=4, progress=False, limits=Limits(time_s=20)))
    assert len(report.rows) == 36
    assert T.gradebook_scores(released, A) == expected
    # grading again updates the same rows (no duplicates)
    autograde(released, A, Options(workers=3, progress=False, limits=Limits(time_s=20)))
    assert T.gradebook_scores(released, A) == expected


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_dask_local_cluster(released, processes):
    from distributed import LocalCluster

    expected = _class(released, 12)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                      dashboard_address=None) as cluster:
        report = autograde(released, A, Options(scheduler=cluster.scheduler_address,
                                                progress=False, limits=Limits(time_s=20)))
    assert report.settings["scheduler"] == cluster.scheduler_address
    assert len(report.rows) == 12
    scores = T.gradebook_scores(released, A)
    assert {student: scores[student] for student in expected} == expected


def _no_sandbox_here(monkeypatch):
    """A machine with neither user namespaces nor Landlock (an old kernel, a locked-down
    container)."""
    from agentloop_grader.isolation import modes

    monkeypatch.setattr(modes, "_namespaces", lambda: "bwrap: user namespaces are disabled")
    monkeypatch.setattr(modes, "_landlock", lambda: modes.NO_LANDLOCK)


def test_without_any_sandbox_autograde_refuses_in_one_line(released, monkeypatch, capsys):
    from agentloop_grader.cli import main

    _no_sandbox_here(monkeypatch)
    _class(released, 3)
    assert main(["autograde", A, "--course", str(released.root), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no sandbox available" in err
    assert "--trusted-submissions" in err and "bubblewrap" in err


def test_trusted_submissions_run_unsandboxed_and_say_so(released, monkeypatch, tmp_path):
    from agentloop_grader.export import export_csv

    _no_sandbox_here(monkeypatch)
    expected = _class(released, 3)
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
