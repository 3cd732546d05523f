"""Warm workers: one long-lived sandboxed process per parallel slot, one job at a time.

Each worker is a zygote (sandbox/zygote.py) started behind the isolation layer. It pays
for Python, IPython and the assignment's imports once; every job is a fork of it that
confines itself, runs one notebook and dies. A worker that dies is started again.

Workers are started from the grading process's main thread, so each one's parent-death
signal fires only when the grader itself ends: a sandbox never outlives the grader.
"""

from __future__ import annotations

import base64
import os
import queue
import selectors
import shutil
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..protocol import (
    Job,
    JobEnded,
    KillJob,
    Limits,
    Probe,
    ProbeBook,
    Run,
    RunJob,
    Setup,
    SubmittedFile,
    WorkerReady,
    encode_control,
)
from ..sandbox.zygote import WORK, receive, send
from .supervisor import OUTPUT_CAP, Attempt, Ending, Sequence, run_job

WORKER_START_SECONDS = 120.0  # importing pandas on a busy machine can take a while
KILL_WAIT_SECONDS = 5.0
KEPT_BYTES = 100 * 1024 * 1024  # files a notebook wrote that autograded/ keeps, at most
KEPT_FILES = 2_000
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints"}  # as stock's CourseDirectory.ignore


class WorkerError(RuntimeError):
    """A worker could not be started (the message says what the sandbox printed)."""


class _Reader:
    """Drain one pipe, keeping at most `cap` bytes; the rest is counted and dropped."""

    def __init__(self, cap: int) -> None:
        self.cap, self.kept, self.total = cap, bytearray(), 0

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.kept)
        if room > 0:
            self.kept += data[:room]


class _Process:
    """A started worker process: one worker's, or the one start several workers share
    (sandbox/zygote.py `serve_group`); killed when the last worker using it closes."""

    def __init__(self, proc: subprocess.Popen[bytes], users: int) -> None:
        self.proc, self.users = proc, users
        self.log = _Reader(OUTPUT_CAP)
        self._draining = False
        self._lock = threading.Lock()

    @classmethod
    def start(cls, choice: Any, views: list[Any], python: str,
              theirs: list[socket.socket]) -> _Process:
        """The zygote for `views` (one worker each), with one control socket each."""
        from ..isolation import worker_command

        fds = tuple(sock.fileno() for sock in theirs)
        argv = worker_command(choice, views, [python, "-I", "-m",
                                              "agentloop_grader.sandbox.zygote",
                                              *map(str, fds)], pass_fds=fds)
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        return cls(subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, pass_fds=fds, env=env,
                                    start_new_session=True, cwd="/"), len(views))

    def drain(self) -> None:
        """Keep reading its stderr (once, whichever of its workers is ready first)."""
        with self._lock:
            if self._draining:
                return
            self._draining = True
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        stream = self.proc.stderr
        while stream is not None:
            data = stream.read1(1 << 16) if hasattr(stream, "read1") else b""
            if not data:
                return
            self.log.feed(data)

    def release(self) -> None:
        """One of its workers is done with it; the last one kills it."""
        with self._lock:
            self.users -= 1
            if self.users > 0:
                return
        self.kill()

    def kill(self) -> None:
        _kill_group(self.proc)
        try:
            self.proc.wait(timeout=KILL_WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            pass


class Worker:
    """One zygote behind the chosen isolation."""

    def __init__(self, setup: Setup, choice: Any, view: Any, work_root: Path,
                 python: str = sys.executable) -> None:
        self.setup, self.choice, self.view = setup, choice, view
        self.work_root, self.python = work_root, python
        self.process: _Process | None = None
        self.sock: socket.socket | None = None
        self.ready: WorkerReady | None = None
        self.attempts = 0
        self.book: tuple[bytes, frozenset[str]] | None = None  # the run's ProbeBook, encoded
        self.shared: frozenset[str] = frozenset()  # its keys, once this process has it

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        return self.process.proc if self.process is not None else None

    # --- life -----------------------------------------------------------------------------

    def start(self) -> WorkerReady:
        self.launch()
        return self.wait_ready()

    def launch(self) -> None:
        """Start the worker process; it imports while the caller does other work."""
        _launch([self])

    def attach(self, process: _Process, sock: socket.socket) -> None:
        """Use `process` (started for this worker, or for a group of them) over `sock`."""
        self.process, self.sock = process, sock
        try:
            send(sock, self.setup)
        except OSError:
            pass  # the worker died at once (BrokenPipe): wait_ready reads why from its stderr

    def wait_ready(self) -> WorkerReady:
        """Wait until the launched worker has done its imports (then send it the book)."""
        self.ready = self._wait_ready()
        self._send_book()
        return self.ready

    def share(self, frame: bytes, keys: frozenset[str]) -> None:
        """Give this worker the run's ProbeBook (`frame`, encoded once for every worker):
        sent when it is ready, and again to a process started after it died."""
        self.book = (frame, keys)
        if self.ready is not None:  # launched and ready already
            self._send_book()

    def _send_book(self) -> None:
        # after WorkerReady: the worker reads at once, so a large book never makes the
        # grader wait on a worker still importing
        if self.book is None or self.sock is None or self.shared:
            return
        try:
            self.sock.sendall(self.book[0])
        except OSError:
            return  # it died: the next attempt starts it again (and sends the book)
        self.shared = self.book[1]

    def _wait_ready(self) -> WorkerReady:
        assert self.sock is not None and self.proc is not None and self.proc.stderr
        self.sock.settimeout(WORKER_START_SECONDS)
        try:
            message, _ = receive(self.sock)
        except (TimeoutError, OSError):
            message = None
        self.sock.settimeout(None)
        if isinstance(message, WorkerReady):
            assert self.process is not None
            self.process.drain()
            return message
        stderr = self.proc.stderr
        assert self.process is not None
        self.process.kill()  # with every worker it started for: none of them will be ready
        self.close()  # forgets it; what it wrote to stderr stays readable
        detail = stderr.read(OUTPUT_CAP).decode("utf-8", "replace").strip()
        stderr.close()
        last = detail.splitlines()[-1] if detail else "no message"
        raise WorkerError(f"the sandbox worker did not start ({self.choice.describe()}): {last}")

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()  # its zygote ends when it reads the end of this socket
            self.sock = None
        self.shared = frozenset()  # a process started again is sent the book again
        if self.process is not None:
            process, self.process = self.process, None
            process.release()

    def restart(self) -> None:
        self.close()
        self.start()

    # --- one attempt ------------------------------------------------------------------------

    def attempt(self, job: Job) -> Attempt:
        """Run `job` once in a fresh fork; kill it when a cell outlives the time limit."""
        from ..isolation import prepare_workdir

        if self.sock is None:
            self.start()
        assert self.sock is not None
        self.attempts += 1
        workdir = self.work_root / f"{job.job_id}.{self.attempts}"
        prepare_workdir(self.choice, workdir)
        pipes = [os.pipe() for _ in range(3)]
        start = time.monotonic()
        try:
            send(self.sock, RunJob(job.to_plain(self.shared), str(workdir)),
                 [w for _, w in pipes])
        except OSError:
            for r, w in pipes:
                os.close(r)
                os.close(w)
            shutil.rmtree(workdir, ignore_errors=True)
            self.close()
            return Attempt(ending=Ending.WORKER_LOST)
        for _, w in pipes:
            os.close(w)
        try:
            attempt = self._watch(job, [r for r, _ in pipes], start,
                                  DiskWatch(workdir, job.limits))
            attempt.written, attempt.problems = written_files(workdir / WORK, job)
            return attempt
        finally:
            for r, _ in pipes:
                os.close(r)
            shutil.rmtree(workdir, ignore_errors=True)

    def _watch(self, job: Job, fds: list[int], start: float, disk: DiskWatch) -> Attempt:
        assert self.sock is not None
        channel, out_fd, _err_fd = fds
        sequence = Sequence([c.cell_id for c in job.cells], job.limits)
        out, err = _Reader(OUTPUT_CAP), _Reader(OUTPUT_CAP)
        selector = selectors.DefaultSelector()
        for fd in fds:
            selector.register(fd, selectors.EVENT_READ)
        selector.register(self.sock, selectors.EVENT_READ)
        open_fds = set(fds)
        ended: JobEnded | None = None
        ended_at = 0.0
        lost = timed_out = too_much = False
        culprit: str | None = None
        try:
            while ended is None or open_fds:
                now = time.monotonic()
                deadline = sequence.deadline(start)
                if ended is not None:
                    deadline = min(deadline, ended_at + 1.0)
                if now >= deadline:
                    if ended is not None:
                        break  # ended, and the pipes have had their chance to drain
                    timed_out, culprit = True, sequence.running or ""
                    ended, lost = self._kill(job.job_id)
                    ended_at = time.monotonic()
                    continue
                if ended is None and disk.over():
                    too_much = True
                    ended, lost = self._kill(job.job_id)
                    ended_at = time.monotonic()
                    continue
                for key, _ in selector.select(timeout=max(0.0, min(0.5, deadline - now))):
                    if key.fileobj is self.sock:
                        message, extra = _receive_quiet(self.sock)
                        for fd in extra:
                            os.close(fd)
                        if message is None:
                            selector.unregister(self.sock)
                            lost, ended = True, JobEnded(job.job_id, -9)
                            ended_at = time.monotonic()
                        elif isinstance(message, JobEnded):
                            ended, ended_at = message, time.monotonic()
                        continue
                    data = _read(key.fd)
                    if not data:
                        selector.unregister(key.fd)
                        open_fds.discard(key.fd)
                    elif key.fd == channel:
                        sequence.feed(data, time.monotonic())
                    else:
                        (out if key.fd == out_fd else err).feed(data)
        finally:
            selector.close()
        if lost:
            self.close()  # started again for the next attempt
        if sequence.unfit:
            ending = Ending.UNFIT
        elif sequence.wants_commands and not job.commands and not sequence.done:
            ending = Ending.WANTS_COMMANDS
        elif sequence.done and not timed_out:
            ending = Ending.DONE
        elif timed_out:
            ending = Ending.TIME_LIMIT
        elif too_much:
            ending = Ending.DISK_LIMIT
        elif lost:
            ending = Ending.WORKER_LOST
        else:
            ending = Ending.EXITED
        return Attempt(sequence.finished, sequence.started, sequence.ready, ending,
                       ended.returncode if ended else None, culprit if timed_out else None,
                       sequence.garbage, bytes(out.kept), bytes(err.kept), out.total, err.total,
                       time.monotonic() - start, sequence.unfit,
                       ended.cpu_seconds if ended else 0.0)

    def _kill(self, job_id: str) -> tuple[JobEnded, bool]:
        """Ask the worker to kill the job; a worker that does not answer is killed too."""
        assert self.sock is not None
        try:
            send(self.sock, KillJob(job_id))
            self.sock.settimeout(KILL_WAIT_SECONDS)
            while True:
                message, extra = receive(self.sock)
                for fd in extra:
                    os.close(fd)
                if message is None:
                    break
                if isinstance(message, JobEnded):
                    self.sock.settimeout(None)
                    return message, False
        except (OSError, TimeoutError):
            pass
        return JobEnded(job_id, -9), True


def written_files(folder: Path, job: Job) -> tuple[list[SubmittedFile], list[str]]:
    """The files a notebook left in its folder that stock's autograded/ would hold: every
    regular file but the assignment's (links) and the student's own, unchanged; at most
    KEPT_BYTES of them (the rest named in the problems)."""
    own = {f.path: f.data_b64 for f in job.files}
    kept: list[SubmittedFile] = []
    left: list[str] = []
    total = 0
    for here, dirs, names in os.walk(folder, onerror=lambda _: None):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        for name in sorted(names):
            path = Path(here) / name
            rel = path.relative_to(folder).as_posix()
            try:
                info = path.lstat()
                if not stat.S_ISREG(info.st_mode):
                    continue  # the assignment's files are links; nothing else is kept
                if total + info.st_size > KEPT_BYTES or len(kept) >= KEPT_FILES:
                    left.append(f"{rel} ({info.st_size:,} bytes)")
                    continue
                data = base64.b64encode(path.read_bytes()).decode()
            except OSError:
                continue
            if own.get(rel) == data:
                continue  # the student's, as handed in: copied from submitted/
            total += info.st_size
            kept.append(SubmittedFile(rel, data))
    problems = []
    if left:
        problems.append(f"autograded/ keeps {KEPT_BYTES >> 20} MB of the files the notebook "
                        f"wrote; not kept: {', '.join(left[:5])}"
                        + (f" and {len(left) - 5} more" if len(left) > 5 else ""))
    return kept, problems


class DiskWatch:
    """Whether a job has written more than `limits.disk_mb` into its work dir.

    Asked at every wake-up of the watch loop, so it must be cheap: the file system's free
    space says when the job may be over (other jobs write there too); only then are the
    job's own files counted.
    """

    def __init__(self, workdir: Path, limits: Limits) -> None:
        self.workdir, self.limit = workdir, limits.disk_mb * 1024 * 1024
        self.free_at_start = self._free()

    def _free(self) -> int:
        try:
            stats = os.statvfs(self.workdir)
        except OSError:
            return 0
        return stats.f_bavail * stats.f_frsize

    def over(self) -> bool:
        if self.free_at_start - self._free() <= self.limit:
            return False
        hidden: list[OSError] = []
        used, seen = 0, set()
        for folder, _, files in os.walk(self.workdir, onerror=hidden.append):
            for name in files:
                try:
                    info = os.lstat(os.path.join(folder, name))
                except OSError as exc:
                    hidden.append(exc)
                    continue
                if info.st_ino not in seen:
                    seen.add(info.st_ino)
                    used += info.st_blocks * 512
        return used > self.limit or bool(hidden)  # what it hides from the count counts


def _receive_quiet(sock: socket.socket) -> tuple[Any, list[int]]:
    try:
        return receive(sock)
    except (OSError, ValueError):
        return None, []


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 1 << 16)
    except OSError:
        return b""


def _launch(workers: list[Worker]) -> None:
    """Start one process for `workers` (of one choice and Python), one control socket
    each: a worker's own start, or a start several share (isolation.can_share_start)."""
    pairs = [socket.socketpair() for _ in workers]
    try:
        process = _Process.start(workers[0].choice, [w.view for w in workers],
                                 workers[0].python, [theirs for _, theirs in pairs])
    except BaseException:
        for ours, _ in pairs:
            ours.close()
        raise
    finally:
        for _, theirs in pairs:
            theirs.close()
    for worker, (ours, _) in zip(workers, pairs, strict=True):
        worker.attach(process, ours)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    for target in (lambda: os.killpg(proc.pid, 9), proc.kill):
        try:
            target()
        except (ProcessLookupError, PermissionError, OSError):
            pass


class WorkerPool:
    """`size` warm workers; `run` grades jobs on them, as many at once as there are workers."""

    def __init__(self, setup: Setup, choice: Any, views: list[Any]) -> None:
        """One worker per view; each view has its own work root, so no worker ever sees
        another worker's jobs."""
        self.choice = choice
        self.workers = [Worker(replace(setup, view=view.to_plain()), choice, view,
                               Path(view.work_root)) for view in views]
        self.idle: queue.Queue[Worker] = queue.Queue()

    def launch(self) -> None:
        """Start every worker (here, in the main thread: see the module docstring) without
        waiting for their imports: from one start where the isolation allows it
        (isolation.can_share_start), one import for all of them."""
        from ..isolation import can_share_start

        todo = [worker for worker in self.workers if worker.process is None]
        try:
            if len(todo) > 1 and can_share_start(self.choice):
                _launch(todo)
            else:
                for worker in todo:
                    worker.launch()
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> WorkerPool:
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        """Launch what is not launched yet and wait for every worker's imports."""
        if not self.idle.empty():
            return
        try:
            self.launch()
            for worker in self.workers:
                worker.wait_ready()
                self.idle.put(worker)
        except BaseException:
            self.close()
            raise

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for worker in self.workers:
            worker.close()

    def share(self, book: Mapping[str, tuple[Probe, ...]]) -> None:
        """Send every worker the run's probes once (see protocol.ProbeBook); its jobs then
        name their check cells' probes instead of carrying them."""
        if book:
            frame, keys = encode_control(ProbeBook.of(book)), frozenset(book)
            for worker in self.workers:
                worker.share(frame, keys)

    def run(self, jobs: Iterable[Job],
            follow: Callable[[Run], Job | None] | None = None) -> Iterator[Run]:
        """Runs in completion order; `follow(run)` may give a job to run after it (a
        student's next notebook), queued behind the jobs already waiting."""
        def one(job: Job) -> Run:
            worker = self.idle.get()
            try:
                return run_job(job, worker)
            finally:
                self.idle.put(worker)

        with ThreadPoolExecutor(max_workers=len(self.workers)) as pool:
            waiting = {pool.submit(one, job) for job in jobs}
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    run = future.result()
                    after = follow(run) if follow is not None else None
                    if after is not None:
                        waiting.add(pool.submit(one, after))
                    yield run

    def imported(self) -> tuple[str, ...]:
        ready = self.workers[0].ready
        return ready.imported if ready else ()
