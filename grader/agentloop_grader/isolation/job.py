"""The job side: its work dir, and `confine_job`, the last step before student code."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Collection

from . import landlock_layer, seccomp_layer
from .limits import JobLimits, apply_rlimits
from .modes import Choice, Mode
from .process import NOBODY, drop_to, harden
from .view import View, unreachable_by_others

EXIT_ORPHANED = 111  # the worker died while the job was being confined
MAX_FD = 2**31 - 1


class ConfinementError(RuntimeError):
    """A layer the Choice promises could not be applied: the job must not run."""


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


def confine_job(choice: Choice, view: View, workdir: str, limits: JobLimits,
                keep_fds: Collection[int] | None = None, parent: int | None = None) -> None:
    """Confine the calling, freshly forked, single-threaded job process for good.

    In order: rlimits; as root in landlock mode, uid/gid 65534; no new privileges, not
    dumpable, SIGKILL on parent death; cwd, HOME and TMPDIR = workdir; Landlock (read
    the view, read/write workdir, no TCP, scoped signals) where the Choice has it; seccomp.
    With `keep_fds`, every other fd above 2 is closed first (inherited fds stay readable
    whatever Landlock says). Afterwards the process can still import what is importable,
    read the view, use workdir, start threads and write to its open fds.
    Raises ConfinementError: the caller must then exit without running student code.
    """
    if choice.mode is Mode.TRUSTED:
        apply_rlimits(limits)
        _enter(workdir)
        return
    # The forking process's pid, read before the fork: read here it would already be
    # init's if the parent died in between, and the orphan would run on unnoticed.
    parent = os.getppid() if parent is None else parent
    try:
        if keep_fds is not None:
            _close_fds_except(keep_fds)
        apply_rlimits(limits)
        if choice.mode is Mode.LANDLOCK and choice.sandbox_uid is not None and \
                os.geteuid() == 0:
            drop_to(NOBODY, NOBODY)
        harden()
        if os.getppid() != parent:  # it died before the death signal was armed
            os._exit(EXIT_ORPHANED)
        _enter(workdir)
        if choice.landlock:
            landlock_layer.confine(view.job_readable(), workdir, view.listable)
        seccomp_layer.confine()
    except OSError as exc:
        raise ConfinementError(f"could not confine the job ({choice.mode}): {exc}") from exc


def harden_worker() -> None:
    """For the worker itself, once at start (any mode but trusted): not dumpable, so a
    job of the same uid cannot open its /proc/<pid>/mem or ptrace it even where Landlock
    is missing; SIGKILL when its parent (the grader, or bwrap) dies."""
    harden()


def _enter(workdir: str) -> None:
    os.chdir(workdir)
    os.environ.update(HOME=workdir, TMPDIR=workdir)
    tempfile = sys.modules.get("tempfile")
    if tempfile is not None:
        tempfile.tempdir = workdir  # the worker may have cached another one already


def _close_fds_except(keep: Collection[int]) -> None:
    low = 3
    for fd in sorted(f for f in set(keep) if f >= low):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, MAX_FD)  # one close_range(2) call on Linux
