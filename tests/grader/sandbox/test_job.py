"""One job in its sandboxed process (agentloop_grader.sandbox.job): Ready, then CellStarted and
CellFinished a cell, then Done, one JSON line each; the student's cells run as a kernel runs
them, test cells hardened, check cells only probe the learner's answer and score nothing; a
channel whose grader is gone is no crash."""

from __future__ import annotations

import os

from agentloop_grader.protocol import (
    CellFinished,
    CellJob,
    CellKind,
    CellResult,
    CellStarted,
    Done,
    Job,
    Probe,
    Ready,
    decode,
)
from agentloop_grader.sandbox.job import Channel, LibraryChecks, run_job


class Runner:
    """What run_job needs of the cell runner, recording how each cell was run."""

    def __init__(self) -> None:
        self.namespace: dict = {"double": lambda x: 2 * x, "broken": lambda x: 1 / 0}
        self.ran: list[tuple[str, str]] = []
        self.adopted = False

    def adopt_process_state(self) -> None:
        self.adopted = True

    def run_student_cell(self, cell_id: str, source: str) -> CellResult:
        self.ran.append(("student", cell_id))
        return CellResult(result_text=source)

    def run_test_cell(self, cell_id: str, source: str) -> CellResult:
        self.ran.append(("test", cell_id))
        return CellResult(error="AssertionError")


def _messages(job: Job, runner: Runner) -> list:
    read_end, write_end = os.pipe()
    run_job(job, Channel(write_end), runner, LibraryChecks())
    os.close(write_end)
    with os.fdopen(read_end, "rb") as lines:
        return [decode(line) for line in lines]


def test_every_cell_runs_in_order_between_ready_and_done():
    cells = (CellJob("a", CellKind.ANSWER, "x = 1"), CellJob("t", CellKind.TEST, "assert x"),
             CellJob("l", CellKind.LOCKED, "LIMIT = 3"), CellJob("m", CellKind.MANUAL, "y"))
    runner = Runner()
    got = _messages(Job("j1", "ann", "ps1", cells), runner)
    assert runner.adopted
    assert runner.ran == [("student", "a"), ("test", "t"), ("test", "l"), ("student", "m")]
    assert got[0] == Ready() and got[-1] == Done()
    assert got[1::2][:4] == [CellStarted(c) for c in "atlm"]
    assert got[2] == CellFinished("a", CellResult(result_text="x = 1"))
    assert got[4] == CellFinished("t", CellResult(error="AssertionError"))


def test_a_check_cell_sends_the_probes_plain_data_or_what_is_missing():
    probes = (Probe("p-double", "double", "call", [1, 2]),
              Probe("p-broken", "broken", "call", [1]),
              Probe("p-absent", "absent", "call", [1]),
              Probe("p-unknown", "double", "", [1]))
    runner = Runner()
    got = _messages(Job("j1", "ann", "ps1", (CellJob("c", CellKind.CHECK, "", probes),)),
                    runner)
    assert runner.ran == []   # no code of the check cell runs
    finished = got[2]
    assert finished.missing == {"p-absent": "absent"}
    assert finished.probes["p-double"] == [{"value": 2}, {"value": 4}]
    assert "ZeroDivisionError" in finished.probes["p-broken"][0]["raised"]
    assert finished.probes["p-unknown"] == [{"raised": "no probe for check p-unknown"}]


def test_a_channel_whose_grader_is_gone_sends_nothing_and_does_not_raise():
    read_end, write_end = os.pipe()
    os.close(read_end)
    channel = Channel(write_end)
    assert channel.send(Ready()) is None   # EPIPE: the grader is gone
    os.close(write_end)
    assert channel.send(Done()) is None    # EBADF: the learner closed the pipe
