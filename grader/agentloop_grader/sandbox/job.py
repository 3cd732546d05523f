"""One job in its sandboxed process: run the cells in order, report each on the channel.

    Ready → (CellStarted → CellFinished) per cell → Done

- the student's cells (plain, answer, manual) run as a kernel would run them; nothing in
  this process holds an answer (the checks loaded here are the learner's edition, and the
  library modules that answer the exercise are not in the sandbox at all);
- test and locked cells (the source's text) run hardened (see cells.py);
- check cells run no code of theirs: each probe calls the learner's answer on the inputs
  the grader chose and sends the plain data back; the grader judges it.

Nothing here scores anything.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from agentloop.checks import PROBES, Case, Check, collect
from agentloop.errors import describe_error

from ..protocol import (
    CellFinished,
    CellJob,
    CellKind,
    CellStarted,
    Done,
    Job,
    Message,
    Plain,
    Probe,
    Ready,
    encode,
)


class Channel:
    """Typed messages to the grader, one JSON line each, on a dedicated pipe."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: Message) -> None:
        data = encode(message)
        while data:
            try:
                data = data[os.write(self.fd, data):]
            except OSError:
                return  # the grader is gone, or the learner closed the pipe: nothing to do


@dataclass
class LibraryChecks:
    """The learner's edition of the course's checks a job may probe (loaded before any
    student code): probes, visible cases, judges; no reference and no hidden case."""

    checks: dict[str, Check] = field(default_factory=dict)


def run_job(job: Job, channel: Channel, runner: Any, library: LibraryChecks) -> None:
    """Run every cell of `job` and say what happened; the caller exits afterwards."""
    runner.adopt_process_state()  # what the fork set up is the test cells' baseline now
    channel.send(Ready())
    for cell in job.cells:
        channel.send(CellStarted(cell.cell_id))
        channel.send(_run_cell(cell, runner, library))
    channel.send(Done())


def _run_cell(cell: CellJob, runner: Any, library: LibraryChecks) -> CellFinished:
    if cell.kind is CellKind.CHECK:
        return _probe_cell(cell, runner.namespace, library)
    if cell.kind.students_text:
        return CellFinished(cell.cell_id, runner.run_student_cell(cell.cell_id, cell.source))
    return CellFinished(cell.cell_id, runner.run_test_cell(cell.cell_id, cell.source))


def _probe_cell(cell: CellJob, namespace: dict[str, Any],
                library: LibraryChecks) -> CellFinished:
    probes: dict[str, list[dict[str, Plain]]] = {}
    missing: dict[str, str] = {}
    for probe in cell.probes:
        if probe.answer not in namespace:
            missing[probe.check_id] = probe.answer
            continue
        probes[probe.check_id] = _probe(probe, namespace[probe.answer], library)
    return CellFinished(cell.cell_id, probes=probes, missing=missing or None)


def _probe(probe: Probe, answer: Any, library: LibraryChecks) -> list[dict[str, Plain]]:
    chk = library.checks.get(probe.check_id)
    if probe.probe:
        run = PROBES[probe.probe]
    elif chk is not None:
        run = chk.probe
    else:
        return [{"raised": f"no probe for check {probe.check_id}"}] * len(probe.inputs)
    shell = Check(probe.check_id, probe.answer, probe.check_id, cases=list, probe=run)
    outputs: list[dict[str, Plain]] = []
    for value in probe.inputs:
        try:
            outputs += collect(shell, answer, [Case(value, "")])
        except BaseException as exc:  # a probe may raise SystemExit too
            outputs.append({"raised": describe_error(exc, limit=300)})
    return outputs
