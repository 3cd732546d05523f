"""Where a run keeps its temporary files: on a RAM-backed file system when there is one.

Notebooks and checks write files and read them back (chapter 5 writes a task board for
every case it probes or judges); on a slow disk that costs more than running the code.
So, unless TMPDIR says where temporary files go, a run puts them on /dev/shm when it is a
tmpfs with room: the grader process's own (references, facts) for the run's duration, and
the jobs' work dirs when there is room for every worker's disk limit (see
workers.DiskWatch, which holds each job to it wherever its work dir is).

Which side a run takes is decided in one place (`placement`) and named in its report;
`AGENTLOOP_GRADE_SCRATCH=ram|disk` forces a side (what the tests do, to grade the same class
on each), `auto` (the default) decides as above.

A run's folders are removed when it ends. A run that is killed (SIGKILL, the OOM killer)
cannot do that, and on a tmpfs what it left takes RAM until the next boot: so each run
folder holds a lock for as long as its process lives, and the next run removes the
folders of its own user whose lock nobody holds any more (`run_folder`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

RAM_DIRS = ("/dev/shm",)
RUN_PREFIXES = ("agentloop-grade-", "agentloop-grader-")  # a run's folders
LOCK_FILE = ".agentloop-run.lock"  # held while the run that made the folder lives
MIN_FREE_BYTES = 512 * 1024 * 1024  # a tmpfs with less room is left alone
_disk: list[str] = []  # the temp dir in use before `ram_tempdir` took over, innermost last
SCRATCH_ENV = "AGENTLOOP_GRADE_SCRATCH"


class Side(StrEnum):
    """Where a run's temporary files go (the value of AGENTLOOP_GRADE_SCRATCH)."""

    AUTO = "auto"  # a tmpfs with room unless TMPDIR is set, else the system temp dir
    RAM = "ram"  # a tmpfs, whatever TMPDIR says (there must be one)
    DISK = "disk"  # the system temp dir (TMPDIR, else /tmp)


class ScratchError(ValueError):
    """AGENTLOOP_GRADE_SCRATCH asks for something this machine cannot give (one line)."""


@dataclass(frozen=True)
class Placement:
    """Where the jobs' work dirs go, and why (for the run report)."""

    path: str
    tmpfs: bool
    why: str

    def describe(self) -> str:
        return f"{self.path} ({'a tmpfs' if self.tmpfs else 'the temp dir'}: {self.why})"


def requested() -> Side:
    """The side AGENTLOOP_GRADE_SCRATCH asks for (auto when unset)."""
    value = os.environ.get(SCRATCH_ENV, "").strip().lower() or Side.AUTO
    try:
        return Side(value)
    except ValueError:
        raise ScratchError(f"{SCRATCH_ENV}={value!r} is not one of "
                           f"{', '.join(side.value for side in Side)}") from None


def ram_dir(mounts: str = "/proc/mounts", need: int = MIN_FREE_BYTES) -> str | None:
    """A writable tmpfs with `need` bytes free, or None."""
    try:
        with open(mounts, encoding="utf-8") as table:
            tmpfs = {fields[1] for fields in (line.split() for line in table)
                     if len(fields) > 2 and fields[2] == "tmpfs"}
    except OSError:
        return None
    for path in RAM_DIRS:
        if path not in tmpfs or not os.access(path, os.W_OK | os.X_OK):
            continue
        try:
            stats = os.statvfs(path)
        except OSError:
            continue
        if stats.f_bavail * stats.f_frsize >= need:
            return path
    return None


def _ram_base(need: int = MIN_FREE_BYTES) -> str | None:
    """The tmpfs to use, unless TMPDIR (or AGENTLOOP_GRADE_SCRATCH=disk) says otherwise."""
    side = requested()
    if side is Side.DISK or (side is Side.AUTO and os.environ.get("TMPDIR")):
        return None
    found = ram_dir(need=need if side is Side.AUTO else MIN_FREE_BYTES)
    if found is None and side is Side.RAM:
        raise ScratchError(f"{SCRATCH_ENV}=ram, but no writable tmpfs with "
                           f"{MIN_FREE_BYTES >> 20} MB free is mounted at "
                           f"{', '.join(RAM_DIRS)}")
    return found


def disk_tempdir() -> str:
    """The temp dir the process had before this run's RAM scratch."""
    return _disk[-1] if _disk else tempfile.gettempdir()


def placement(workers: int, disk_mb: int) -> Placement:
    """Where the jobs' work dirs go: a tmpfs with room for every worker to write its whole
    disk limit twice over, else the system temp dir (TMPDIR, when set, decides)."""
    need = 2 * workers * disk_mb * 1024 * 1024 + MIN_FREE_BYTES
    side = requested()
    ram = _ram_base(need)
    if ram is not None:
        why = f"{SCRATCH_ENV}=ram" if side is Side.RAM else \
            f"chosen automatically: room for {workers} x {disk_mb} MB twice over"
        return Placement(ram, True, why)
    if side is Side.DISK:
        why = f"{SCRATCH_ENV}=disk"
    elif os.environ.get("TMPDIR"):
        why = "TMPDIR is set"
    else:
        why = f"no tmpfs with room for {workers} x {disk_mb} MB twice over"
    return Placement(disk_tempdir(), False, why)


def work_root_base(workers: int, disk_mb: int) -> str:
    """The folder `placement` picks."""
    return placement(workers, disk_mb).path


@contextlib.contextmanager
def ram_tempdir() -> Iterator[str | None]:
    """For the duration: this process's temp files in a private folder on a tmpfs (yields
    it); when TMPDIR is set or there is no tmpfs with room, nothing changes (yields None)."""
    base = _ram_base()
    if base is None:
        yield None
        return
    before = tempfile.tempdir
    _disk.append(tempfile.gettempdir())
    with run_folder("agentloop-grader-", base) as folder:
        tempfile.tempdir = folder
        try:
            yield folder
        finally:
            tempfile.tempdir = before
            _disk.pop()


@contextlib.contextmanager
def run_folder(prefix: str, base: str) -> Iterator[str]:
    """A new folder in `base` for this run, locked while the process lives and removed
    at the end; first, what killed runs of this user left in `base` is removed."""
    sweep(base)
    folder = tempfile.mkdtemp(prefix=prefix, dir=base)
    lock = _claim(folder)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(lock)


def _claim(folder: str) -> int:
    """Lock a file in `folder` for as long as this process lives (the kernel drops the
    lock however it dies). The lock file appears already locked: it is locked under
    another name and renamed, so a sweep can never find it unlocked in between."""
    hidden = os.path.join(folder, LOCK_FILE + ".new")
    fd = os.open(hidden, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    os.rename(hidden, os.path.join(folder, LOCK_FILE))
    return fd


def sweep(base: str) -> list[str]:
    """Remove the run folders in `base` that belong to this user and whose lock nobody
    holds (their run was killed); return them. Folders without a lock file are left."""
    removed: list[str] = []
    try:
        entries = list(os.scandir(base))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(RUN_PREFIXES):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or \
                    entry.stat(follow_symlinks=False).st_uid != os.getuid():
                continue
            fd = os.open(os.path.join(entry.path, LOCK_FILE),
                         os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue  # not a run folder (or not one this version made)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # its run is alive
        try:
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.path)
        finally:
            os.close(fd)
    return removed
