"""Running cells as a grading job does: in a fork of a warmed `CellRunner`
(agentloop_grader.sandbox.cells), results back as plain JSON; and stock nbgrader's grade of
what a cell printed. The warmed runner itself is the `zygote` fixture of
tests/grader/sandbox/conftest.py."""

from __future__ import annotations

import json
import os
import select
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import nbformat
import pytest
from agentloop_grader.sandbox.cells import CellResult, CellRunner
from nbgrader.utils import determine_grade

POINTS = 1.0
PNG_1PX = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAA"
           "SUVORK5CYII=")
STUDENT, TEST = "student", "test"
FORK_TIMEOUT_S = 120
WRONG = "def answer():\n    return 41\n"  # a wrong answer, and a test cell it fails
FAILING = "assert answer() == 42"

_write, _exit, _close = os.write, os._exit, os.close  # the child's way out, saved early


@dataclass(frozen=True)
class Ran(CellResult):
    """A CellResult and the runner's notes on that cell (`CellRunner.last_notes`)."""

    notes: tuple[str, ...] = ()


def in_fork(runner: CellRunner, cells: Iterable[tuple[str, str]],
            setup: Callable[[], None] | None = None) -> list[Ran]:
    """Run (kind, source) cells in a forked copy of the warmed runner (after `setup`, the
    job's own preparations); results come back as plain JSON, as from a grading job."""
    cells = list(cells)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the job
        status = 0
        try:
            _close(read_end)
            _unrecord_warnings()
            if setup is not None:
                setup()
            out = []
            for i, (kind, source) in enumerate(cells):
                run = runner.run_test_cell if kind == TEST else runner.run_student_cell
                out.append({**run(f"c{i}", source).to_plain(),
                            "notes": list(runner.last_notes)})
            data = json.dumps(out).encode()
        except BaseException as exc:
            data = json.dumps({"crash": repr(exc)}).encode()
            status = 1
        while data:
            data = data[_write(write_end, data):]
        _exit(status)
    os.close(write_end)
    chunks, deadline = [], time.monotonic() + FORK_TIMEOUT_S
    try:
        while True:
            ready, _, _ = select.select([read_end], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                pytest.fail("the job timed out")
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)
    data = json.loads(b"".join(chunks) or b"null")
    assert isinstance(data, list), data
    return [Ran(**{**CellResult.from_plain(d).to_plain(), "notes": tuple(d["notes"])})
            for d in data]


def _unrecord_warnings() -> None:
    """pytest records warnings; a grading job shows them on stderr, as Python does."""
    def show(msg: warnings.WarningMessage) -> None:  # warnings._showwarnmsg_impl
        (msg.file or sys.stderr).write(warnings._formatwarnmsg(msg))

    warnings._showwarnmsg_impl = show
    warnings.showwarning = warnings._showwarning_orig
    warnings.simplefilter("default")


def grade(outputs: list[dict], points: float = POINTS) -> float | None:
    """Stock nbgrader's score for a test cell with these outputs."""
    cell = nbformat.v4.new_code_cell("pass", metadata={
        "nbgrader": {"grade": True, "solution": False, "points": points, "grade_id": "t"}})
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    return determine_grade(cell)[0]


def kinds(outputs: list[dict]) -> list[tuple[str, str]]:
    return sorted({(o["output_type"], o.get("name", "")) for o in outputs})
