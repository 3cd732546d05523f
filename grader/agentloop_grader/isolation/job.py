"""The job side: its work dir, and `confine_job`, the last step before student code.

A job may get a command host: a process forked from it just before its own confinement,
which runs the notebook's shell commands (`!ls`, `%%bash`; see sandbox/commands.py). The
job itself may start no process; the host may, under its own Landlock ruleset (the job's,
plus running programs) and seccomp filter (the job's, with fork and exec allowed), in the
job's process group, which the worker kills whole when the job ends.

A worker makes what confines every one of its jobs once, before its first fork
(`prepare_confinement`: the view's Landlock rules as open fds, the compiled seccomp
programs); each job and host then only loads them, and closes the fds once confined.
"""

from __future__ import annotations

import os
import resource
import socket
import stat
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass

from ..protocol import Limits
from . import landlock_layer, seccomp_layer
from .limits import apply_rlimits
from .modes import Choice, Mode
from .process import NOBODY, drop_to, harden
from .view import View, unreachable_by_others

EXIT_ORPHANED = 111  # the worker died while the job was being confined
HOST_FAILED = 112  # the command host could not confine itself (its job then has none)
MAX_FD = 2**31 - 1
MORE_PROCESSES = 256  # a command host's uid may run this many more tasks (a fork bomb stops)
# Serves one job's commands on the socket, with a pseudo-terminal (master, slave) opened
# before Landlock (which would refuse /dev/ptmx) for `!cmd`, as pexpect gives one.
CommandHost = Callable[[socket.socket, tuple[int, int]], None]


class ConfinementError(RuntimeError):
    """A layer the Choice promises could not be applied: the job must not run."""


@dataclass(frozen=True)
class Confinement:
    """What confines each job of one worker (for `choice` and `view`), made before its
    first fork: the view's Landlock rules (open fds) and the seccomp programs of a job and
    of its command host. A part left None is built by each job, as if none were made."""

    choice: Choice
    view: View
    rules: landlock_layer.Rules | None = None
    job_filter: seccomp_layer.Program | None = None
    host_filter: seccomp_layer.Program | None = None

    def __post_init__(self) -> None:
        if self.rules is not None and not self.choice.landlock:
            raise ValueError("Landlock rules for a choice without Landlock")  # never closed

    def fds(self) -> tuple[int, ...]:
        """The fds a job must keep open until it is confined."""
        return self.rules.fds if self.rules is not None else ()


def prepare_confinement(choice: Choice, view: View) -> Confinement | None:
    """For a worker, once, before it forks jobs (None in the trusted mode). What this
    kernel refuses now (no Landlock, no seccomp) is left to each job, which then fails as
    it would have without this. Paths are opened as the uid the jobs run as."""
    if choice.mode is Mode.TRUSTED:
        return None
    rules = job_filter = host_filter = None
    if choice.landlock:
        try:
            rules = landlock_layer.open_rules(view.job_readable(), view.listable,
                                              uid=NOBODY if _drops_uid(choice) else None,
                                              high=True)
        except OSError:
            rules = None
    if seccomp_layer.available():
        try:
            job_filter = seccomp_layer.compile_filter()
            host_filter = seccomp_layer.compile_filter(commands=True,
                                                       scoped=_signals_scoped(choice))
        except (OSError, ValueError):
            job_filter = host_filter = None
    return Confinement(choice, view, rules, job_filter, host_filter)


def prepare_workdir(choice: Choice, path: str) -> None:
    """Create a job's work dir (mode 0700) for the uid the job runs as.

    As root the job runs as uid 65534: the dir is chowned to it and its parent (the
    work root) gets o+x, so the job can reach its own dir without listing the others.
    """
    os.makedirs(path, mode=0o700, exist_ok=True)
    os.chmod(path, 0o700)
    if choice.sandbox_uid is None or choice.mode is Mode.TRUSTED:
        return
    os.chown(path, choice.sandbox_uid, choice.sandbox_uid)
    parent = os.path.dirname(os.path.abspath(path))
    mode = os.stat(parent).st_mode
    if not mode & stat.S_IXOTH:
        os.chmod(parent, stat.S_IMODE(mode) | stat.S_IXOTH)
    if choice.mode is Mode.LANDLOCK:  # no sandbox-built parents: the host's must do
        blocked = unreachable_by_others([path], read=False)
        if blocked:
            raise PermissionError(f"uid {choice.sandbox_uid} cannot reach {path}: "
                                  f"{blocked} is not searchable by others")


def confine_job(choice: Choice, view: View, workdir: str, limits: Limits,
                keep_fds: Collection[int] | None = None, parent: int | None = None, *,
                cells: int = 0, mapped_mb: int = 0,
                cwd: str | None = None, home: str | None = None,
                prepare: Callable[[], None] | None = None,
                command_host: CommandHost | None = None,
                confinement: Confinement | None = None) -> socket.socket | None:
    """Confine the calling, freshly forked, single-threaded job process for good.

    In order: rlimits (from `limits`, for a job of `cells` cells in a worker that maps
    `mapped_mb`: see limits.py); as root in landlock mode, uid/gid 65534; no new privileges,
    not dumpable, SIGKILL on parent death; `prepare()` (as the job's final uid: e.g. filling
    its folder); cwd = `cwd`, HOME and TMPDIR = `home` (both default to workdir); the
    command host, when given, forked (it confines itself, see the module docstring);
    Landlock (read the view, read/write workdir, no TCP, scoped signals) where the Choice
    has it; seccomp. With `keep_fds`, every other fd above 2 is closed first (inherited fds
    stay readable whatever Landlock says). Afterwards the process can still import what is
    importable, read the view, use workdir, start threads and write to its open fds. Returns
    the job's end of the command host's socket (None without a host, and in the trusted
    mode, where the job may start processes itself). `confinement`: the worker's, from
    `prepare_confinement` with the same choice and view (else each layer is built here).
    Raises ConfinementError: the caller must then exit without running student code.
    """
    if choice.mode is Mode.TRUSTED:
        apply_rlimits(limits, cells, mapped_mb)
        if prepare is not None:
            prepare()
        _enter(cwd or workdir, home or workdir)
        return None
    # The forking process's pid, read before the fork: read here it would already be
    # init's if the parent died in between, and the orphan would run on unnoticed.
    parent = os.getppid() if parent is None else parent
    if confinement is None:
        confinement = Confinement(choice, view)
    elif (confinement.choice, confinement.view) != (choice, view):
        raise ValueError("the confinement was prepared for another choice or view")
    try:
        if keep_fds is not None:
            _close_fds_except({*keep_fds, *confinement.fds()})
        apply_rlimits(limits, cells, mapped_mb)
        if _drops_uid(choice):
            drop_to(NOBODY, NOBODY)
        harden()
        if os.getppid() != parent:  # it died before the death signal was armed
            os._exit(EXIT_ORPHANED)
        if prepare is not None:
            prepare()
        _enter(cwd or workdir, home or workdir)
        host = _fork_command_host(confinement, workdir, command_host) \
            if command_host is not None else None
        if choice.landlock:
            _landlock(confinement, workdir)
        if confinement.job_filter is not None:
            confinement.job_filter.load(os.getpid())
        else:
            seccomp_layer.confine()
        return host
    except OSError as exc:
        raise ConfinementError(f"could not confine the job ({choice.mode}): {exc}") from exc


def _drops_uid(choice: Choice) -> bool:
    """Whether a job drops to uid/gid 65534 itself (root, landlock mode)."""
    return choice.mode is Mode.LANDLOCK and choice.sandbox_uid is not None and \
        os.geteuid() == 0


def _landlock(confinement: Confinement, workdir: str, programs: bool = False) -> None:
    """Enforce the job's (or with `programs` its host's) ruleset; close the view's fds."""
    rules, view = confinement.rules, confinement.view
    if rules is None:
        landlock_layer.confine(view.job_readable(), workdir, view.listable, programs)
        return
    try:
        landlock_layer.restrict(rules, workdir, programs)
    finally:
        rules.close()  # opened by the worker: none may reach student code or commands


def _fork_command_host(confinement: Confinement, workdir: str,
                       serve: CommandHost) -> socket.socket:
    """Fork the job's command host; return the job's end of the socket between them."""
    choice = confinement.choice
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    job = os.getpid()
    pid = os.fork()
    if pid:
        theirs.close()
        return ours
    try:
        ours.close()
        harden()  # a fork loses the death signal: the host dies with its job
        if os.getppid() != job:
            os._exit(EXIT_ORPHANED)
        _limit_processes()
        terminal = os.openpty()
        if choice.landlock:
            _landlock(confinement, workdir, programs=True)
        if confinement.host_filter is not None:
            confinement.host_filter.load(os.getpgid(0))
        else:
            seccomp_layer.confine(commands=True, scoped=_signals_scoped(choice))
    except BaseException:
        os._exit(HOST_FAILED)
    try:
        serve(theirs, terminal)
    finally:
        os._exit(0)


def _signals_scoped(choice: Choice) -> bool:
    """Whether the kernel keeps a command's signals inside its sandbox (its own pid
    namespace, or Landlock's signal scope); without it the host's filter lets commands
    signal their own process group only."""
    return choice.mode in (Mode.NAMESPACES, Mode.CONTAINER) or (
        choice.landlock and choice.landlock_abi >= landlock_layer.FIRST_SCOPE_ABI)


def _limit_processes() -> None:
    """RLIMIT_NPROC for the host and its commands: the tasks this uid runs now, plus
    MORE_PROCESSES (the kernel counts every task of the uid, so a fixed number could
    refuse the first fork on a busy machine; this one stops a fork bomb)."""
    uid, tasks = os.getuid(), 0
    try:
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    if entry.stat().st_uid == uid:
                        tasks += len(os.listdir(f"/proc/{entry.name}/task"))
                except OSError:
                    continue
    except OSError:
        tasks = 4 * MORE_PROCESSES  # no /proc: a generous guess
    limit = tasks + MORE_PROCESSES
    _, hard = resource.getrlimit(resource.RLIMIT_NPROC)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_NPROC, (limit, limit))


def harden_worker() -> None:
    """For the worker itself, once at start (any mode but trusted): not dumpable, so a
    job of the same uid cannot open its /proc/<pid>/mem or ptrace it even where Landlock
    is missing; SIGKILL when its parent (the grader, or bwrap) dies."""
    harden()


def _enter(cwd: str, home: str) -> None:
    os.chdir(cwd)
    os.environ.update(HOME=home, TMPDIR=home)
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile.tempdir = home  # the worker may have cached another one already


def _close_fds_except(keep: Collection[int]) -> None:
    """Close every fd above 2 but `keep`: one close_range(2) per gap between kept fds
    (os.closerange makes that call on Linux); no call for an empty gap."""
    low = 3
    for fd in sorted(f for f in set(keep) if f >= low):
        if fd > low:
            os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, MAX_FD)
