"""The parent's side of a sandbox run: start the child, watch it, read what it said.

`run_job(job)` is the unit of parallel work (a thread or a Dask task): it takes a plain
job dict and returns a plain result dict, so it crosses process boundaries unchanged.
When the child dies before finishing, the part it was running (the culprit) is excluded
and the rest is run again, so every part that works is scored.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

OUTPUT_CAP = 64 * 1024  # bytes of stdout / stderr kept per run
CHANNEL_CAP = 16 * 1024 * 1024  # bytes of protocol messages accepted per run
STARTUP_SECONDS = 20.0  # interpreter start and `import agentloop.checks`, before any limit


@dataclass(frozen=True)
class Limits:
    """What one submission may use. Times are per answer cell and per check."""

    time_s: float = 10.0
    memory_mb: int = 1024
    file_mb: int = 16
    tmp_mb: int = 64
    processes: int = 16

    def as_dict(self) -> dict[str, Any]:
        return {"time_s": self.time_s, "memory_mb": self.memory_mb, "file_mb": self.file_mb,
                "tmp_mb": self.tmp_mb, "processes": self.processes}


def isolation_available() -> bool:
    """Namespaces and user switching need root (on Linux)."""
    return sys.platform.startswith("linux") and os.geteuid() == 0


@dataclass
class Attempt:
    """What one child process said and how it ended."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    garbage: int = 0
    stdout: bytes = b""
    stderr: bytes = b""
    stdout_total: int = 0
    stderr_total: int = 0
    returncode: int | None = None
    timed_out: str | None = None  # the phase that ran out of time
    seconds: float = 0.0


class _Reader:
    """Drain one pipe, keeping at most `cap` bytes; the rest is counted and dropped."""

    def __init__(self, cap: int) -> None:
        self.cap, self.kept, self.total = cap, bytearray(), 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.kept)
        if room > 0:
            self.kept += data[:room]


class _Protocol:
    """Parse the channel defensively and follow the job's expected sequence of phases."""

    def __init__(self, phases: list[tuple[str, str]]) -> None:
        self.phases = phases  # [("cell", id), ..., ("check", id), ...] in order
        self.position = 0  # index of the next phase to start
        self.running: tuple[str, str] | None = None
        self.started_at = 0.0
        self.ready = False
        self.done = False
        self.messages: list[dict[str, Any]] = []
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
            self._line(line, now)

    def _line(self, line: bytes, now: float) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            self.garbage += 1
            return
        if not isinstance(message, dict) or not self._accept(message, now):
            self.garbage += 1
            return
        self.messages.append(message)

    def _accept(self, message: dict[str, Any], now: float) -> bool:
        expected = self.phases[self.position] if self.position < len(self.phases) else None
        if "ready" in message:
            ok = not self.ready
            self.ready = True
            return ok
        if not self.ready:
            return False
        if self.running is None:
            if expected and message.get(f"{expected[0]}_start") == expected[1] and \
                    len(message) == 1:
                self.running, self.started_at = expected, now
                return True
            if expected is None and message == {"done": True}:
                self.done = True
                return True
            return False
        kind, ident = self.running
        key = "cell_end" if kind == "cell" else "check"
        if message.get(key) == ident:
            self.running = None
            self.position += 1
            return True
        return False


def _phases(job: dict[str, Any]) -> list[tuple[str, str]]:
    return [("cell", c[0]) for c in job["cells"]] + [("check", c[0]) for c in job["checks"]]


def run_child(job: dict[str, Any], python: str = sys.executable) -> Attempt:
    """Run the sandbox once on `job`; kill it when a phase outlives the time limit."""
    limits = job["limits"]
    phases = _phases(job)
    workdir = tempfile.mkdtemp(prefix="agentloop-sandbox-")
    os.chmod(workdir, 0o711)
    if job["isolate"]:
        os.chown(workdir, 65534, 65534)
    read_fd, write_fd = os.pipe()
    payload = dict(job, workdir=workdir,
                   limits=dict(limits, cpu_seconds=int(limits["time_s"] * (len(phases) + 1)) + 5))
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            [python, "-I", "-m", "agentloop_grader.sandbox.child", str(write_fd)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            pass_fds=(write_fd,), start_new_session=True, cwd=workdir,
            env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        )
    finally:
        os.close(write_fd)
    try:
        return _supervise(proc, read_fd, json.dumps(payload).encode(), phases, limits, start)
    finally:
        _kill_group(proc)
        os.close(read_fd)
        shutil.rmtree(workdir, ignore_errors=True)


def _supervise(proc: subprocess.Popen, channel_fd: int, payload: bytes,
               phases: list[tuple[str, str]], limits: dict[str, Any],
               start: float) -> Attempt:
    protocol = _Protocol(phases)
    out, err = _Reader(OUTPUT_CAP), _Reader(OUTPUT_CAP)
    assert proc.stdin and proc.stdout and proc.stderr
    try:
        proc.stdin.write(payload)
        proc.stdin.close()
    except (BrokenPipeError, OSError):
        pass
    selector = selectors.DefaultSelector()
    streams = {proc.stdout.fileno(): out.feed, proc.stderr.fileno(): err.feed}
    for fd in streams:
        selector.register(fd, selectors.EVENT_READ)
    selector.register(channel_fd, selectors.EVENT_READ)
    open_fds = {*streams, channel_fd}
    timed_out = None
    total_deadline = start + STARTUP_SECONDS + limits["time_s"] * (len(phases) + 1)
    while open_fds:
        now = time.monotonic()
        if protocol.running is not None:
            deadline = protocol.started_at + limits["time_s"]
        elif protocol.ready:
            deadline = now + limits["time_s"]  # between phases: only the sandbox's own code
        else:
            deadline = start + STARTUP_SECONDS
        deadline = min(deadline, total_deadline)
        if now >= deadline:
            timed_out = ("{}:{}".format(*protocol.running) if protocol.running
                         else "between parts" if protocol.ready else "startup")
            _kill_group(proc)
            # keep draining what is already in the pipes, then stop
            deadline = now + 1.0
            while open_fds and time.monotonic() < deadline:
                for key, _ in selector.select(timeout=0.1):
                    _drain(key.fd, selector, open_fds, streams, protocol, time.monotonic())
            break
        for key, _ in selector.select(timeout=min(0.5, deadline - now)):
            _drain(key.fd, selector, open_fds, streams, protocol, time.monotonic())
        if proc.poll() is not None and open_fds:
            _finish_draining(selector, open_fds, streams, protocol, proc)
            break
    selector.close()
    returncode = _wait(proc)
    return Attempt(protocol.messages, protocol.garbage, bytes(out.kept), bytes(err.kept),
                   out.total, err.total, returncode, timed_out, time.monotonic() - start)


def _finish_draining(selector: selectors.BaseSelector, open_fds: set[int],
                     streams: dict[int, Any], protocol: _Protocol,
                     proc: subprocess.Popen) -> None:
    """The child has exited: read what is left, but do not wait for processes it left
    behind holding the pipes (they are killed with the group)."""
    deadline = time.monotonic() + 1.0
    while open_fds and time.monotonic() < deadline:
        events = selector.select(timeout=0.05)
        if not events:
            break
        for key, _ in events:
            _drain(key.fd, selector, open_fds, streams, protocol, time.monotonic())
    _kill_group(proc)


def _drain(fd: int, selector: selectors.BaseSelector, open_fds: set[int],
           streams: dict[int, Any], protocol: _Protocol, now: float) -> None:
    try:
        data = os.read(fd, 1 << 16)
    except OSError:
        data = b""
    if not data:
        selector.unregister(fd)
        open_fds.discard(fd)
        return
    if fd in streams:
        streams[fd](data)
    else:
        protocol.feed(data, now)


def _wait(proc: subprocess.Popen) -> int:
    try:
        return proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        return proc.wait()


def _kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the child's whole process group (it was started in a new session)."""
    for target in (lambda: os.killpg(proc.pid, signal.SIGKILL),
                   lambda: proc.kill()):
        try:
            target()
        except (ProcessLookupError, PermissionError, OSError):
            pass


# --- reruns -------------------------------------------------------------------------------

def describe_end(attempt: Attempt, culprit: tuple[str, str], time_s: float) -> str:
    """Why the child stopped during `culprit`, in words a teacher can act on."""
    where = f"{'cell' if culprit[0] == 'cell' else 'check'} {culprit[1]}"
    if attempt.timed_out:
        return f"{where}: killed after {time_s:g} s (time limit)"
    code = attempt.returncode
    if code is None:
        return f"{where}: the process vanished"
    signum = -code if code < 0 else code - 128 if code > 128 else 0
    if signum:
        try:
            name = signal.Signals(signum).name
        except ValueError:
            name = f"signal {signum}"
        hint = " (memory or CPU limit, or it killed itself)" if signum in (9, 24) else ""
        return f"{where}: process killed by {name}{hint}"
    if b"MemoryError" in attempt.stderr:
        return f"{where}: ran out of memory"
    return f"{where}: process exited with code {code} (os._exit or a crash) before finishing"


def run_job(job: dict[str, Any], python: str = sys.executable) -> dict[str, Any]:
    """Run a job to the end, excluding each part that kills the child; return plain data.

    Result: {"student", "cells": {id: {"error", "notes"}}, "checks": {id: {"outputs"} |
    {"missing"} | {"excluded"}}, "problems": [...], "stdout", "stderr", "runs", "seconds"}.
    """
    result: dict[str, Any] = {"student": job.get("student"), "cells": {}, "checks": {},
                              "problems": [], "stdout": "", "stderr": "", "runs": 0,
                              "seconds": 0.0}
    remaining = dict(job)
    excluded: dict[tuple[str, str], str] = {}
    for _ in range(len(_phases(job)) + 2):
        attempt = run_child(remaining, python)
        result["runs"] += 1
        result["seconds"] += attempt.seconds
        _merge_output(result, attempt)
        finished = _record(result, attempt)
        if finished or not _phases(remaining):
            break
        culprit = _culprit(attempt, remaining)
        if culprit is None:
            break
        reason = describe_end(attempt, culprit, job["limits"]["time_s"])
        excluded[culprit] = reason
        result["problems"].append(reason)
        remaining = _without(remaining, culprit)
    for (kind, ident), reason in excluded.items():
        if kind == "cell":
            result["cells"][ident] = {"error": reason.split(": ", 1)[-1], "excluded": True,
                                      "notes": []}
        else:
            result["checks"][ident] = {"excluded": reason}
    if excluded:
        result["problems"] = list(dict.fromkeys(result["problems"]))
    return result


def safe_run_job(job: dict[str, Any]) -> dict[str, Any]:
    """`run_job`, but a failure of the grader itself becomes a reported problem."""
    try:
        return run_job(job)
    except Exception as exc:  # e.g. no free process slots: still one row per student
        return failed_run(job, f"grader error while running the sandbox: {exc!r}")


def failed_run(job: dict[str, Any], problem: str) -> dict[str, Any]:
    """The result of a job that could not run at all (every check scores 0)."""
    return {"student": job.get("student"), "cells": {}, "checks": {}, "stdout": "",
            "stderr": "", "runs": 0, "seconds": 0.0, "problems": [problem]}


def _record(result: dict[str, Any], attempt: Attempt) -> bool:
    """Store this attempt's cell and check messages (a later attempt overwrites)."""
    finished = False
    for message in attempt.messages:
        if "cell_end" in message:
            result["cells"][message["cell_end"]] = {"error": message.get("error"),
                                                    "notes": message.get("notes") or []}
        elif "check" in message:
            body = {k: v for k, v in message.items() if k in ("outputs", "missing")}
            result["checks"][message["check"]] = body
        elif message.get("done"):
            finished = True
    if attempt.garbage:
        result["problems"].append(
            f"{attempt.garbage} unexpected line(s) on the grader's channel were ignored")
    if attempt.timed_out == "startup":
        result["problems"].append("the sandbox did not start in time")
    elif not attempt.messages and attempt.returncode not in (0, None):
        tail = attempt.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        result["problems"].append("the sandbox failed to start" + (f": {tail[0]}" if tail else ""))
    return finished


def _culprit(attempt: Attempt, job: dict[str, Any]) -> tuple[str, str] | None:
    if not any("ready" in m for m in attempt.messages):
        return None  # never started: nothing to blame on the learner
    started = [m for m in attempt.messages if "cell_start" in m or "check_start" in m]
    phases = _phases(job)
    done = sum(1 for m in attempt.messages if "cell_end" in m or "check" in m)
    if started and done < len(started):
        last = started[-1]
        return ("cell", last["cell_start"]) if "cell_start" in last else \
            ("check", last["check_start"])
    return phases[done] if done < len(phases) else None


def _without(job: dict[str, Any], culprit: tuple[str, str]) -> dict[str, Any]:
    kind, ident = culprit
    key = "cells" if kind == "cell" else "checks"
    return dict(job, **{key: [item for item in job[key] if item[0] != ident]})


def _merge_output(result: dict[str, Any], attempt: Attempt) -> None:
    for name, kept, total in (("stdout", attempt.stdout, attempt.stdout_total),
                              ("stderr", attempt.stderr, attempt.stderr_total)):
        if result["runs"] == 1:
            result[name] = kept.decode("utf-8", "replace")
        if total > OUTPUT_CAP:
            result["problems"].append(
                f"{name}: {total:,} bytes printed, only the first {OUTPUT_CAP:,} kept")
