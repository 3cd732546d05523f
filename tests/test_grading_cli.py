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


@pytest.mark.parametrize("args,message", [
    (["autograde", "99_nothing", "--course", "{tmp}/none"], "does not exist"),
    (["autograde", "01", "--course", "{tmp}/none", "--workers", "0"], "--workers"),
    (["autograde", "01", "--workers", "many"], "--workers"),
    (["autograde", "01", "--time-limit", "-3"], "--time-limit"),
    (["release", "no_such_chapter", "--course", "{tmp}/c"], "unknown chapter 'no_such_chapter'"),
    (["release", "01", "--course", "{tmp}/c", "--due", "someday"], "unreadable due date"),
    (["collect", "01", "{tmp}/x.zip", "--course", "{tmp}/none"], "does not exist"),
    (["frobnicate"], "invalid choice"),
    ([], "required"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    status = main([a.replace("{tmp}", str(tmp_path)) for a in args])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and message in err, err
    assert "Traceback" not in err


def test_unknown_chapter_in_an_existing_course(tmp_path, capsys):
    (tmp_path / "c" / "source" / A).mkdir(parents=True)
    assert main(["autograde", "ch7", "--course", str(tmp_path / "c")]) == 2
    assert "unknown chapter 'ch7'; known: 01_agent_loop" in capsys.readouterr().err


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
    assert "| bob_roe_777 | 0/9 |" in result.stdout
    assert "not a readable notebook" in result.stdout
    assert "report:" in result.stdout
    result = run("feedback", "01", "--course", str(course))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("feedback:") == 3
    out = tmp_path / "grades.csv"
    result = run("export", "--course", str(course), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "jane_doe_12345" in out.read_text()


def test_console_script_is_declared():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert 'agentloop-grade = "agentloop_grader.cli:main"' in text
