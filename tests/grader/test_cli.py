"""`agentloop-grade` end to end, and its one-line errors (exit status 2)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.cli import main

A = "01_agent_loop"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "agentloop_grader.cli", *args],
                          capture_output=True, text=True, timeout=300)


NOTEBOOK = {"cells": [], "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                      "display_name": "Python 3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _cell(source: str, **meta: object) -> dict:
    cell = {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
            "execution_count": None}
    if meta:
        cell["metadata"]["nbgrader"] = {"schema_version": 3, "task": False, "locked": False,
                                        "grade": False, "solution": False, **meta}
    return cell


def _course(tmp: Path, cells: list[dict] | None = None, raw: str | None = None,
            checks: str | None = None) -> Path:
    """A tiny course whose one assignment, `hw`, has one notebook."""
    folder = tmp / "c" / "source" / "hw"
    folder.mkdir(parents=True)
    nb = dict(NOTEBOOK, cells=cells if cells is not None else [
        _cell("x = 1\n### BEGIN SOLUTION\nx = 2\n### END SOLUTION", grade_id="a",
              solution=True),
        _cell("assert x == 2", grade_id="t", grade=True, locked=True, points=1)])
    (folder / "hw.ipynb").write_text(raw if raw is not None else json.dumps(nb))
    if checks is not None:
        (folder / "checks.py").write_text(checks)
    return tmp / "c"


BAD_INPUT = [
    (["autograde", "hw", "--course", "{tmp}/none"], "does not exist"),
    (["autograde", "hw", "--course", "{tmp}/plain"], "is not an nbgrader course"),
    (["autograde", "01", "--course", "{tmp}/none", "--workers", "0"], "--workers"),
    (["autograde", "01", "--workers", "many"], "--workers"),
    (["autograde", "01", "--time-limit", "-3"], "--time-limit"),
    (["autograde", "hw", "--course", "{course}", "--isolation", "sideways"], "--isolation"),
    (["autograde", "hw", "--course", "{course}"], "hw is not released"),
    (["release", "nope", "--course", "{course}"], "unknown assignment 'nope'; known: hw"),
    (["release", "hw", "--course", "{course}", "--due", "someday"], "unreadable due date"),
    (["collect", "hw", "{tmp}/x.zip", "--course", "{course}"], "x.zip"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
]


@pytest.mark.parametrize("args,message", BAD_INPUT)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    (tmp_path / "plain").mkdir()
    course = _course(tmp_path)
    status = main([a.replace("{tmp}", str(tmp_path)).replace("{course}", str(course))
                   for a in args])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err


BAD_COURSES = [
    ({"raw": "{ this is not json"}, "hw.ipynb is not a readable notebook"),
    ({"cells": [_cell("x = 1", grade_id="a", solution=True),
                _cell("assert x", grade_id="a", grade=True, points=1)]},
     "grade id 'a' is used by two cells"),
    ({"cells": [_cell('from agentloop.checks import check\ncheck("hw-sum")', grade_id="t",
                      grade=True, locked=True, points=1)]},
     "calls check 'hw-sum', which is not defined"),
    ({"checks": "raise RuntimeError('oops')"}, "checks.py raised RuntimeError: oops"),
    ({"cells": [_cell("assert x", grade_id="t", grade=True, points="many")]},
     "has points 'many'"),
]


@pytest.mark.parametrize("spec,message", BAD_COURSES, ids=["not-json", "id-clash",
                                                           "unknown-check", "checks-raise",
                                                           "points"])
def test_a_broken_assignment_is_one_line_naming_the_file(tmp_path, capsys, spec, message):
    course = _course(tmp_path, **spec)
    assert main(["release", "hw", "--course", str(course)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err


def test_grading_errors_after_release_are_one_line(tmp_path, capsys):
    course = _course(tmp_path)
    assert main(["release", "hw", "--course", str(course)]) == 0
    capsys.readouterr()
    assert main(["autograde", "hw", "--course", str(course)]) == 2
    assert "no submissions for hw" in capsys.readouterr().err
    (course / "submitted" / "ann" / "hw").mkdir(parents=True)
    assert main(["autograde", "hw", "--course", str(course), "--student", "bob"]) == 2
    assert "no submission of hw for bob" in capsys.readouterr().err


@pytest.mark.slow
def test_release_collect_autograde_feedback_export(tmp_path):
    course = tmp_path / "course"
    result = run("release", "01", "--course", str(course))
    assert result.returncode == 0, result.stderr
    source = T.read(course / "source" / A / f"{A}.ipynb")
    blank = T.read(course / "release" / A / f"{A}.ipynb")
    downloads = tmp_path / "downloads.zip"
    with zipfile.ZipFile(downloads, "w") as z:
        z.writestr(f"Jane Doe_12345_attempt_2026-11-30 {A} (1).ipynb", json.dumps(source))
        z.writestr(f"Bob Roe_777_attempt_2026-11-30 {A}.ipynb", json.dumps(blank))
        z.writestr(f"Eve Ill_666_attempt_2026-11-30 {A}.ipynb", "not json")
    result = run("collect", "01", str(downloads), "--course", str(course))
    assert result.returncode == 0, result.stderr
    assert "placed 3 submission(s)" in result.stdout
    result = run("autograde", "01", "--course", str(course), "--workers", "2",
                 "--no-progress")
    assert result.returncode == 0, result.stderr
    assert "| jane_doe_12345 | 9/9 |" in result.stdout
    assert "| bob_roe_777 | 0/9" in result.stdout
    assert "not a readable notebook" in result.stdout
    assert "report:" in result.stdout
    result = run("feedback", "01", "--course", str(course))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("feedback:") == 3
    out = tmp_path / "grades.csv"
    result = run("export", "--course", str(course), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "jane_doe_12345" in out.read_text()


def test_console_script_is_declared_by_the_teachers_distribution():
    root = Path(__file__).resolve().parents[2]
    assert 'agentloop-grade = "agentloop_grader.cli:main"' in \
        (root / "grader" / "pyproject.toml").read_text()
    assert "agentloop_grader" not in (root / "pyproject.toml").read_text()  # not a learner's


def test_release_makes_an_exchange_inside_the_course_only(tmp_path, capsys):
    """formgrader's release and collect buttons need the configured exchange to exist: one
    inside the course folder is made by release; one elsewhere is the administrator's."""
    course = _course(tmp_path)
    (course / "nbgrader_config.py").write_text(
        "import os\nc = get_config()\n"
        "c.Exchange.root = os.path.join(os.path.dirname(__file__), 'exchange')\n")
    assert main(["release", "hw", "--course", str(course)]) == 0
    assert (course / "exchange").is_dir()
    shared = tmp_path / "srv" / "exchange"
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.Exchange.root = {str(shared)!r}\n")
    assert main(["release", "hw", "--course", str(course)]) == 0
    assert not shared.exists()


def test_the_secret_seed_is_made_at_release_shown_by_fingerprint_and_rotated(tmp_path, capsys):
    from agentloop_grader.cli import main
    from agentloop_grader.secret import course_seed, fingerprint, seed_path

    course = tmp_path / "course"
    (course / "source" / "ps1").mkdir(parents=True)
    assert main(["seed", "--course", str(course)]) == 2  # no seed yet: one line says how
    assert "agentloop-grade release" in capsys.readouterr().err
    seed_path(course).parent.mkdir(parents=True)
    first = course_seed(course, create=True)
    assert oct(seed_path(course).stat().st_mode)[-3:] == "600"
    assert main(["seed", "--course", str(course)]) == 0
    out = capsys.readouterr().out
    assert fingerprint(first) in out and first not in out  # never the seed itself
    assert main(["seed", "--rotate", "--course", str(course)]) == 0
    out = capsys.readouterr().out
    second = course_seed(course)
    assert second != first and fingerprint(second) in out and fingerprint(first) in out
    assert "new hidden cases" in out
