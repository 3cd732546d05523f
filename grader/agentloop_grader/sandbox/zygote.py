"""A warm worker: imports once, then forks one confined process per job.

    python -I -m agentloop_grader.sandbox.zygote CONTROL_FD [CONTROL_FD …]

(with several sockets, one start serves several workers: `serve_group`)

Started by the grader behind its isolation layer (see isolation/). On the control socket:

    ← Setup          import what the assignment uses (numpy, pandas, …), the course's
                     check modules and IPython; build one CellRunner
    → WorkerReady
    ← ProbeBook      the run's probes, once: a job's check cells name theirs by key
    ← RunJob + 3 fds (channel, stdout, stderr)   fork; the child confines itself and runs
    ← KillJob        SIGKILL the job's process group
    → JobEnded       the job's exit status

No student code ever runs in this process: each job runs in a fork of it, which dies with
the job, so nothing one student's code does reaches the next one. The fork is cheap
because every import has already been paid for here.

A job is the leader of its own process group, which nothing in it may leave (seccomp
refuses setsid and setpgid): when the job ends, however it ends, the whole group is
killed, so the programs its shell commands started (`!ls`, `%%bash`) end with it. The
worker is their subreaper, so whatever is orphaned on the way is reaped here.

A job's folder holds `work/` (the notebook's folder: the student's files, the assignment's
files, what the notebook writes; stock runs the notebook in autograded/, where all of it
ends up) and `home/` (HOME and TMPDIR: IPython's and matplotlib's folders, temp files).
"""

from __future__ import annotations

import base64
import ctypes
import gc
import importlib
import os
import selectors
import signal
import socket
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..protocol import (
    Control,
    Job,
    JobEnded,
    KillJob,
    Probe,
    ProbeBook,
    RunJob,
    Setup,
    Unfit,
    WantsCommands,
    WorkerReady,
    decode_control,
    encode_control,
)

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
CHILD_FAILED = 70  # the job's process could not set itself up (a grader bug, not the learner)
ENV_PASSED = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")  # needed by some CPUs' OpenBLAS
WORK, HOME = "work", "home"  # a job folder's two parts (see the module docstring)
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


# --- the control socket: length-prefixed JSON, file descriptors beside the prefix ----------

def send(sock: socket.socket, message: Control, fds: list[int] | None = None) -> None:
    frame = encode_control(message)
    if fds:
        socket.send_fds(sock, [frame[:4]], fds)
        sock.sendall(frame[4:])
    else:
        sock.sendall(frame)


def receive(sock: socket.socket) -> tuple[Control | None, list[int]]:
    """The next message and any file descriptors sent with it; (None, []) at end of file."""
    head, fds, _, _ = socket.recv_fds(sock, 4, 3)
    if not head:
        return None, []
    while len(head) < 4:
        more = sock.recv(4 - len(head))
        if not more:
            return None, fds
        head += more
    size = int.from_bytes(head, "big")
    body = bytearray()
    while len(body) < size:
        chunk = sock.recv(min(size - len(body), 1 << 20))
        if not chunk:
            return None, fds
        body += chunk
    return decode_control(bytes(body)), list(fds)


# --- set-up, once ------------------------------------------------------------------------

def preload(modules: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Import what jobs will import; a module that fails is only noted (the job will fail
    the same way, where the teacher sees it)."""
    imported, failed = [], []
    for name in modules:
        try:
            importlib.import_module(name)
            imported.append(name)
        except BaseException:
            failed.append(name)
    return imported, failed


def load_library_checks(modules: tuple[str, ...]) -> Any:
    from agentloop.checks import checks_in

    from .job import LibraryChecks

    library = LibraryChecks()
    for name in modules:
        library.checks.update(checks_in(importlib.import_module(name)))
    return library


@dataclass
class Warm:
    """What a worker prepared once, before any job (shared by the workers of a group)."""

    imported: list[str]
    failed: list[str]
    library: Any
    runner: Any


def prepare(setup: Setup) -> Warm:
    """Import, load the checks, build and warm the CellRunner: everything a job forks from."""
    os.environ.update(_job_environment(setup))
    from ..isolation import Choice, Mode, harden_worker
    from .cells import CellRunner

    if Choice.from_plain(setup.isolation).mode is not Mode.TRUSTED:
        harden_worker()
    imported, failed = preload(setup.preload)
    library = load_library_checks(setup.check_modules)
    runner = CellRunner()
    runner.warm_up()
    # Everything imported so far lives as long as the worker: keep the collector from
    # walking it in every job, which would copy each page a fork shares (copy-on-write).
    gc.freeze()
    return Warm(imported, failed, library, runner)


def serve(sock: socket.socket) -> None:
    """One worker: its Setup, then jobs until the grader closes the socket."""
    message, _ = receive(sock)
    if isinstance(message, Setup):
        serve_ready(sock, message, prepare(message))


def serve_group(socks: list[socket.socket]) -> None:
    """Several workers from one start: read every worker's Setup (the same but for its
    view), prepare once, then fork one worker per socket and wait for them to end. The
    grader starts a group only where every job is confined to its own work dir by more
    than the worker's mount namespace (run/workers.py `can_share_start`)."""
    setups = []
    for sock in socks:
        message, _ = receive(sock)
        if not isinstance(message, Setup):
            return
        setups.append(message)
    warm = prepare(setups[0])
    leader = os.getpid()
    workers = set()
    for sock, setup in zip(socks, setups, strict=True):
        pid = os.fork()
        if pid == 0:
            for other in socks:
                if other is not sock:
                    other.close()
            _as_worker(leader)
            try:
                serve_ready(sock, setup, warm)
            finally:
                os._exit(0)
        workers.add(pid)
    for sock in socks:
        sock.close()
    while workers:  # they end when the grader closes their sockets (or it dies: see main)
        try:
            pid, _ = os.wait()
        except ChildProcessError:
            return
        workers.discard(pid)


def _as_worker(parent: int | None = None) -> None:
    """Die with the parent (the grader, or a group's first process: a fork loses the death
    signal), whatever happens, and take in the jobs' orphans (see `reap`). `parent`: the
    pid it must still have once the death signal is armed."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if parent is not None and os.getppid() != parent:
        os._exit(0)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1)


def serve_ready(sock: socket.socket, setup: Setup, warm: Warm) -> None:
    """Say Ready, then run the jobs sent on `sock`, one at a time, until it closes."""
    from ..isolation import Choice, View, prepare_confinement

    choice, view = Choice.from_plain(setup.isolation), View.from_plain(setup.view)
    library, runner = warm.library, warm.runner
    confinement = prepare_confinement(choice, view)  # this worker's own view
    send(sock, WorkerReady(tuple(warm.imported), tuple(warm.failed)))
    book: dict[str, tuple[Probe, ...]] = {}
    while True:
        message, fds = receive(sock)
        if message is None:
            return
        if isinstance(message, ProbeBook):
            book = message.book()
            gc.freeze()  # shared by every job, as the imports are
        elif isinstance(message, RunJob):
            job = Job.from_plain(message.job)
            _run_one(sock, job, message.workdir, fds, setup, runner, library, choice, view,
                     book, confinement)
        else:
            for fd in fds:
                os.close(fd)


def _job_environment(setup: Setup) -> dict[str, str]:
    """What every job's process sees: the sandbox's own variables, then the grader's
    (`Setup.environment`: stock's NBGRADER_EXECUTION). PATH starts with this Python's
    folder, so `!python` and `!pip` in a notebook are the kernel's own, as in a kernel
    started from an activated environment."""
    here = os.path.dirname(sys.executable)
    env = {"LANG": "C.UTF-8", "PATH": f"{here}:/usr/local/bin:/usr/bin:/bin",
           "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
           "MPLBACKEND": "module://matplotlib_inline.backend_inline",
           "PYTHONDONTWRITEBYTECODE": "1"}
    env.update({k: v for k, v in os.environ.items() if k in ENV_PASSED})
    env.update(setup.environment)
    return env


# --- one job -------------------------------------------------------------------------------

def _run_one(sock: socket.socket, job: Job, workdir: str, fds: list[int], setup: Setup,
             runner: Any, library: Any, choice: Any, view: Any,
             book: dict[str, tuple[Probe, ...]], confinement: Any) -> None:
    zygote = os.getpid()
    pid = os.fork()
    if pid == 0:
        _job_process(sock, job, workdir, fds, setup, runner, library, choice, view, zygote,
                     book, confinement)
    try:
        os.setpgid(pid, pid)  # as the child does: whichever runs first, the group exists
    except OSError:
        pass  # the child has already made it (or is gone)
    for fd in fds:
        os.close(fd)
    pidfd = os.pidfd_open(pid)
    selector = selectors.DefaultSelector()
    selector.register(pidfd, selectors.EVENT_READ)
    selector.register(sock, selectors.EVENT_READ)
    try:
        while True:
            for key, _ in selector.select():
                if key.fd == pidfd:
                    # not reaped yet: its group id cannot have gone to another process
                    _kill(pid)
                    _, status, usage = os.wait4(pid, 0)
                    reap()
                    send(sock, JobEnded(job.job_id, os.waitstatus_to_exitcode(status),
                                        usage.ru_utime + usage.ru_stime))
                    return
                message, extra = receive(sock)
                for fd in extra:
                    os.close(fd)
                if message is None or isinstance(message, KillJob):
                    _kill(pid)
                    if message is None:
                        os.waitpid(pid, 0)
                        reap()
                        sys.exit(0)
    finally:
        selector.close()
        os.close(pidfd)


def _kill(pid: int) -> None:
    """SIGKILL the job and everything in its process group (its shell commands)."""
    for target in (lambda: os.killpg(pid, signal.SIGKILL),
                   lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass


def reap() -> None:
    """Kill and wait for every child this worker still has: what a job's group left and
    orphans reparented here (it is their subreaper). Jobs run one at a time, so none of
    them is a live job; whatever left the group (only possible without seccomp, in the
    trusted mode) is found through /proc and killed too."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            continue
        for child in _children():  # without /proc: every group was killed, they die soon
            _kill(child)
        _wait_any()


def _children() -> list[int]:
    """This process's children, from /proc (none when it cannot be read)."""
    try:
        tasks = os.listdir("/proc/self/task")
        found: list[int] = []
        for tid in tasks:
            with open(f"/proc/self/task/{tid}/children", encoding="ascii") as listing:
                found += [int(pid) for pid in listing.read().split()]
        return found
    except (OSError, ValueError):
        return []


def _wait_any() -> None:
    try:
        os.waitpid(-1, 0)
    except (ChildProcessError, InterruptedError):
        pass


def _job_process(sock: socket.socket, job: Job, workdir: str, fds: list[int], setup: Setup,
                 runner: Any, library: Any, choice: Any, view: Any, zygote: int,
                 book: dict[str, tuple[Probe, ...]], confinement: Any) -> None:
    """The forked child: wire up, confine, run the job, exit. Never returns.
    `confinement`: the worker's (isolation.prepare_confinement; None when trusted)."""
    try:
        os.setpgid(0, 0)  # its own group, killed as a whole when the job ends
        sock.close()
        channel, out, err = fds
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.close(out)
        os.close(err)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        job = job.with_probes(book)  # here: a key it was never sent fails this job alone
        work, home = os.path.join(workdir, WORK), os.path.join(workdir, HOME)
        sys.path.insert(0, "")  # as in a kernel: the notebook's folder is importable
        os.environ.update({"IPYTHONDIR": os.path.join(home, ".ipython"),
                           "MPLCONFIGDIR": os.path.join(home, ".matplotlib")})
        from ..isolation import Mode, confine_job
        from . import commands
        from .job import Channel, run_job

        def fill() -> None:  # as the uid the job runs as, so the notebook may change it all
            os.makedirs(home, mode=0o700, exist_ok=True)
            _fill_workdir(Path(work), job, Path(setup.files_dir), setup.files)

        host = confine_job(choice, view, workdir, job.limits, keep_fds={0, 1, 2, channel},
                           parent=zygote, cells=len(job.cells), mapped_mb=mapped_mb(),
                           cwd=work, home=home, prepare=fill,
                           command_host=commands.serve if job.commands else None,
                           confinement=confinement)

        def wanted() -> None:  # a shell command after all: run again, with a host
            Channel(channel).send(WantsCommands())
            os._exit(0)

        confined = choice.mode is not Mode.TRUSTED
        commands.attach(host, wanted if confined and not job.commands else None)
        unseen = unreadable_files(Path(work), tuple(f for f in setup.files
                                                    if f not in job.keep_own))
        if unseen:
            Channel(channel).send(Unfit(unseen))
            os._exit(0)
    except BaseException:
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(CHILD_FAILED)
    try:
        run_job(job, Channel(channel), runner, library)
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(0)  # skip atexit hooks and finalizers the learner may have registered


def mapped_mb() -> int:
    """What this worker already maps (its imports: pandas alone maps hundreds of MB): a
    job's address space is counted on top of it (isolation.limits). VmSize, read from
    /proc/self/statm (its first number, in pages): a quarter of the CPU of /proc/self/status,
    which the kernel fills with much more."""
    try:
        fd = os.open("/proc/self/statm", os.O_RDONLY | os.O_CLOEXEC)
        try:
            pages = int(os.read(fd, 256).split(maxsplit=1)[0])
        finally:
            os.close(fd)
        return pages * PAGE_BYTES // (1 << 20)
    except (OSError, ValueError, IndexError):
        return 0


def _fill_workdir(workdir: Path, job: Job, files_dir: Path, files: tuple[str, ...]) -> None:
    """The student's own files, then the assignment's `files` (linked, read-only; they win,
    as stock's autograde copies the source's files over the student's, except those the
    course's Autograde.exclude_overwriting keeps: `job.keep_own`)."""
    workdir.mkdir(mode=0o700, exist_ok=True)
    for item in job.files:
        target = workdir / item.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(base64.b64decode(item.data_b64))
    keep = set(job.keep_own)
    for rel in files:
        if rel in keep:
            continue
        target = workdir / rel
        if target.exists() or target.is_symlink():
            target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(files_dir / rel)


def unreadable_files(workdir: Path, files: tuple[str, ...]) -> str:
    """'' when the confined job can read every assignment file in its folder, else one
    line naming the first it cannot (and why): then nothing may run, since a notebook
    without its data would score wrongly without saying so."""
    for rel in files:
        try:
            fd = os.open(workdir / rel, os.O_RDONLY | os.O_CLOEXEC)
        except OSError as exc:
            return (f"{rel} is not readable in the notebook's folder "
                    f"({exc.strerror or exc})")
        os.close(fd)
    return ""


def main(argv: list[str]) -> None:
    _as_worker()
    socks = [socket.socket(fileno=int(fd)) for fd in argv]
    if len(socks) == 1:
        serve(socks[0])
    else:
        serve_group(socks)


if __name__ == "__main__":
    main(sys.argv[1:])
