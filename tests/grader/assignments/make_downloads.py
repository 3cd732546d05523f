"""Downloads for the collect tests: small nbgrader notebooks with grade ids, a course whose
source/ holds them, and the files an LMS, the exchange or nbgrader leave (folders, zips)."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

from agentloop_grader.collect import CollectResult
from agentloop_grader.course import Course

A = "ps1"

SOURCES = {"part1": ["p1-a", "p1-b", "p1-c"], "part2": ["p2-a", "p2-b"]}

ONE = "01_agent_loop"  # a single-notebook assignment named after its notebook

STAMP = b"2026-11-30 01:02:03.123456 UTC\n"  # nbgrader writes no newline: kept as is

def notebook(ids: list[str], text: str = "") -> bytes:
    """A small notebook whose code cells carry nbgrader grade ids."""
    cells = [{"cell_type": "code", "execution_count": None, "outputs": [], "source": text,
              "metadata": {"nbgrader": {"grade_id": i, "solution": True, "grade": False,
                                        "locked": False, "schema_version": 3}}}
             for i in ids]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5}).encode()


P1, P2 = notebook(SOURCES["part1"], "p1"), notebook(SOURCES["part2"], "p2")


NB = notebook(["ch1-decide"], "answer")

def make_course(tmp_path: Path, sources: dict[str, list[str]] | None = None,
                assignment: str = A) -> Course:
    """A course whose source/<assignment>/ holds the given notebooks (by default part1, part2)."""
    course = Course(tmp_path / "course")
    folder = course.path("source", assignment=assignment)
    folder.mkdir(parents=True)
    for name, ids in (sources or SOURCES).items():
        (folder / f"{name}.ipynb").write_bytes(notebook(ids))
    return course


def one_course(tmp_path: Path) -> Course:
    return make_course(tmp_path, {ONE: ["ch1-decide"]}, ONE)


def write(path: Path, data: bytes | str, mtime: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def submitted(course: Course, student: str, assignment: str = A) -> Path:
    return course.path("submitted", student, assignment)


def every_line_once(result: CollectResult) -> list[str]:
    """Every line the summary prints (checks nothing is printed twice)."""
    lines = [line.strip() for line in result.summary().splitlines()[1:]]
    assert len(lines) == len(set(lines))
    return lines



def zip_of(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def make_submitted(root: Path) -> Path:
    """<root>/submitted/ as nbgrader leaves it: jane (2 notebooks + files), bob (part1 only),
    zed (timestamp only), amy (another assignment)."""
    base = root / "submitted"
    jane = base / "jane" / A
    write(jane / "part1.ipynb", P1)
    write(jane / "part2.ipynb", P2)
    write(jane / "timestamp.txt", STAMP)
    write(jane / "helper.py", "def f(): return 1\n")
    write(jane / "data" / "x.csv", "a,b\n")
    write(jane / ".ipynb_checkpoints" / "part1-checkpoint.ipynb", P1)
    write(jane / "__pycache__" / "helper.cpython-311.pyc", b"\0")
    write(base / "bob" / A / "part1.ipynb", P1)
    write(base / "bob" / A / "timestamp.txt", b"2026-11-29 08:00:00.000000 UTC")
    write(base / "zed" / A / "timestamp.txt", b"2026-11-28 08:00:00.000000 UTC")
    write(base / "amy" / "ps2" / "part1.ipynb", P1)
    return base


def exchange_submission(inbound: Path, student: str, assignment: str, when: str,
                        files: dict[str, bytes]) -> Path:
    folder = inbound / f"{student}+{assignment}+{when}+Rand0m_x"
    for name, data in {**files, "timestamp.txt": when.encode()}.items():
        write(folder / name, data)
    return folder


def make_exchange(root: Path) -> Path:
    """<root>/course101/ with jane submitting twice, bob once, and bob's other assignment."""
    inbound = root / "course101" / "inbound"
    exchange_submission(inbound, "jane", A, "2026-11-30 01:00:00.000000 UTC",
                        {"part1.ipynb": notebook(SOURCES["part1"], "old")})
    exchange_submission(inbound, "jane", A, "2026-12-01 09:30:00.250000 UTC",
                        {"part1.ipynb": P1, "part2.ipynb": P2})
    exchange_submission(inbound, "bob", A, "2026-11-30 02:00:00.000000 UTC",
                        {"part2.ipynb": P2, "notes.md": b"# notes"})
    exchange_submission(inbound, "bob", "ps2", "2026-11-30 02:00:00.000000 UTC",
                        {"part1.ipynb": P1})
    write(root / "course101" / "outbound" / A / "part1.ipynb", P1)
    return inbound
