"""Supervise: run one job on a warm worker, watch it, and rerun it without the cell that
killed it, so every other cell is still scored.

One attempt = one forked job process (see workers.py). While it runs, the supervisor reads
its channel strictly in the protocol's order (Ready, then Started/Finished per cell, then
Done), caps its printed output, and enforces the time limit per cell. An attempt ends in
one of a closed set of ways (`Ending`); when it ends before Done, the cell that was running
(the culprit) is cut — it scores 0 with the reason, e.g. "cell q3: killed after 30 s (time
limit)" — and the job runs again without it.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..protocol import (
    CellFinished,
    CellRun,
    CellStarted,
    Done,
    Job,
    Limits,
    Message,
    ProtocolError,
    Ready,
    Run,
    Unfit,
    WantsCommands,
    decode,
)

OUTPUT_CAP = 64 * 1024  # bytes of stray stdout / stderr kept per attempt
STARVED_SHARE = 0.8  # a job killed at the time limit with less CPU than this share of its
# wall time was slowed by a busy machine (an endless loop takes a whole core)
CHANNEL_CAP = 64 * 1024 * 1024  # bytes of protocol messages accepted per attempt
MAX_WORKER_RESTARTS = 2  # a worker that dies before a job begins is started again


class Ending(StrEnum):
    """How one attempt ended."""

    DONE = "done"  # every cell reported, then Done
    TIME_LIMIT = "time limit"  # a cell (or the start) ran out of time; the job was killed
    EXITED = "exited"  # the job process ended before Done (os._exit, a crash, a signal)
    WORKER_LOST = "worker lost"  # the warm worker itself died or stopped answering
    DISK_LIMIT = "disk limit"  # the job wrote more than its share to its work dir; killed
    UNFIT = "unfit"  # the sandbox cannot give the notebook what it needs (its files)
    WANTS_COMMANDS = "wants commands"  # started without a command host, it ran a shell
    # command: it runs again from the start with one (not the student's doing)


class SandboxUnfit(RuntimeError):
    """A job's sandbox cannot run the notebook as stock would (the message says why, in one
    line): the whole run stops, since every notebook would score wrongly."""


@dataclass
class Attempt:
    """What one job process said and how it ended."""

    messages: list[CellFinished] = field(default_factory=list)
    started: list[str] = field(default_factory=list)  # cell ids, in order
    ready: bool = False
    ending: Ending = Ending.EXITED
    returncode: int | None = None
    timed_out: str | None = None  # the cell that ran out of time ("" = before the first)
    garbage: int = 0
    stdout: bytes = b""
    stderr: bytes = b""
    stdout_total: int = 0
    stderr_total: int = 0
    seconds: float = 0.0
    unfit: str = ""  # why the sandbox could not run the notebook (Ending.UNFIT)
    cpu_seconds: float = 0.0  # the job's CPU time, as its worker measured it
    written: list[Any] = field(default_factory=list)  # protocol.SubmittedFile: what the
    # notebook left in its folder
    problems: list[str] = field(default_factory=list)  # about keeping those files


class Sequence:
    """Accept the channel's lines only in the protocol's order for this job's cells, and
    say when the job has run out of time (`deadline`)."""

    def __init__(self, cell_ids: list[str], limits: Limits) -> None:
        self.cell_ids = cell_ids
        self.limits = limits
        self.position = 0  # the next cell to start
        self.running: str | None = None
        self.started_at = 0.0
        self.ready = False
        self.done = False
        self.finished: list[CellFinished] = []
        self.started: list[str] = []
        self.unfit = ""
        self.wants_commands = False
        self.garbage = 0
        self.buffer = bytearray()
        self.received = 0

    def feed(self, data: bytes, now: float) -> None:
        self.received += len(data)
        if self.received > CHANNEL_CAP:
            self.garbage += 1
            self.buffer.clear()
            return
        self.buffer += data
        *lines, rest = bytes(self.buffer).split(b"\n")
        self.buffer = bytearray(rest)
        for line in lines:
            try:
                message = decode(line)
            except ProtocolError:
                self.garbage += 1
                continue
            if not self._accept(message, now):
                self.garbage += 1

    def _accept(self, message: Message, now: float) -> bool:
        if isinstance(message, Unfit):  # only before anything else: no student code ran
            ok = not self.ready and not self.unfit
            self.unfit = self.unfit or (message.reason if ok else "")
            return ok
        if self.unfit:
            return False
        if isinstance(message, Ready):
            ok, self.ready = not self.ready, True
            self.started_at = now
            return ok
        if not self.ready or self.done:
            return False
        if isinstance(message, WantsCommands):
            ok, self.wants_commands = not self.wants_commands, True
            return ok
        expected = self.cell_ids[self.position] if self.position < len(self.cell_ids) else None
        if self.running is None:
            if isinstance(message, CellStarted) and message.cell_id == expected:
                self.running, self.started_at = expected, now
                self.started.append(expected)
                return True
            if isinstance(message, Done) and expected is None:
                self.done = True
                return True
            return False
        if isinstance(message, CellFinished) and message.cell_id == self.running:
            self.finished.append(message)
            self.running, self.started_at = None, now
            self.position += 1
            return True
        return False

    def deadline(self, start: float) -> float:
        """When to give up on a job that started at `start`: a cell's time limit from its
        start (or from the last message, between cells); before Ready, the start-up
        allowance; never later than the whole job's allowance. The one place the time
        limit is enforced (protocol.Limits)."""
        whole = start + self.limits.job_seconds(len(self.cell_ids))
        if self.ready:
            return min(self.started_at + self.limits.time_s, whole)
        return min(start + self.limits.STARTUP_S, whole)


def describe_end(attempt: Attempt, culprit: str, limits: Limits) -> str:
    """Why the job stopped during cell `culprit`, in words a teacher can act on."""
    where = f"cell {culprit}"
    if attempt.ending is Ending.TIME_LIMIT:
        return f"{where}: killed after {limits.time_s:g} s (time limit)"
    if attempt.ending is Ending.DISK_LIMIT:
        return f"{where}: killed for writing more than {limits.disk_mb} MB of files (disk limit)"
    if attempt.ending is Ending.WORKER_LOST:
        return f"{where}: the sandbox worker died while it ran"
    code = attempt.returncode
    if code is None:
        return f"{where}: the process vanished"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        hint = " (memory or CPU limit, or it killed itself)" if -code in (9, 24) else ""
        return f"{where}: process killed by {name}{hint}"
    if b"MemoryError" in attempt.stderr:
        return f"{where}: ran out of memory"
    return f"{where}: process exited with code {code} (os._exit or a crash) before finishing"


def run_job(job: Job, worker: object) -> Run:
    """Run `job` on `worker` to the end, cutting each cell that kills its process."""
    run = Run(job.job_id, job.student, job.notebook)
    remaining = job
    restarts = 0
    for _ in range(len(job.cells) + 3 + MAX_WORKER_RESTARTS):
        attempt = worker.attempt(remaining)  # type: ignore[attr-defined]
        if attempt.ending is Ending.UNFIT:
            raise SandboxUnfit(attempt.unfit)
        if attempt.ending is Ending.WANTS_COMMANDS and not remaining.commands:
            remaining = replace(remaining, commands=True)  # as if this attempt never ran
            continue
        run.attempts += 1
        run.seconds += attempt.seconds
        run.written, written_problems = attempt.written, attempt.problems
        _merge_output(run, attempt)
        for message in attempt.messages:
            run.cells[message.cell_id] = CellRun(message.result, message.probes, message.missing)
        if attempt.ending is Ending.DONE:
            break
        if attempt.ending is Ending.WORKER_LOST and not attempt.ready and \
                restarts < MAX_WORKER_RESTARTS:
            restarts += 1  # the worker died before the job began: not the student's doing
            continue
        culprit = _culprit(attempt, remaining)
        if culprit is None:
            run.problems.append(_never_started(attempt))
            break
        reason = describe_end(attempt, culprit, job.limits)
        run.cells[culprit] = CellRun(excluded=reason)
        run.problems.append(reason)
        if attempt.ending is Ending.TIME_LIMIT and \
                attempt.cpu_seconds < STARVED_SHARE * attempt.seconds:
            run.starved.append(culprit)
        remaining = replace(remaining, cells=tuple(c for c in remaining.cells
                                                   if c.cell_id != culprit))
        if not remaining.cells:
            break
    run.problems += written_problems
    return run


def _culprit(attempt: Attempt, job: Job) -> str | None:
    """The cell that was running when the attempt ended (or the next one to run)."""
    if not attempt.ready:
        return None  # it never started: nothing to blame on the learner
    done = {m.cell_id for m in attempt.messages}
    if attempt.started and attempt.started[-1] not in done:
        return attempt.started[-1]
    pending = [c.cell_id for c in job.cells if c.cell_id not in done]
    return pending[0] if pending else None


def _never_started(attempt: Attempt) -> str:
    if attempt.ending is Ending.WORKER_LOST:
        return "the sandbox worker died before the notebook started"
    if attempt.ending is Ending.TIME_LIMIT:
        return "the sandbox did not start in time"
    if attempt.ending is Ending.DISK_LIMIT:
        return "the sandbox wrote too many files before the notebook started"
    tail = attempt.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
    return "the sandbox failed to start" + (f": {tail[0]}" if tail else "")


def _merge_output(run: Run, attempt: Attempt) -> None:
    for name, kept, total in (("stdout", attempt.stdout, attempt.stdout_total),
                              ("stderr", attempt.stderr, attempt.stderr_total)):
        if run.attempts == 1:
            setattr(run, name, kept.decode("utf-8", "replace"))
        if total > OUTPUT_CAP:
            run.problems.append(
                f"{name}: {total:,} bytes printed, only the first {OUTPUT_CAP:,} kept")
    if attempt.garbage:
        run.problems.append(
            f"{attempt.garbage} unexpected line(s) on the grader's channel were ignored")
