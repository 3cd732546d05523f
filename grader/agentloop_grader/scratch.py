"""Where a run keeps its temporary files: on a RAM-backed file system when there is one.

Notebooks and checks write files and read them back (chapter 5 writes a task board for
every case it probes or judges); on a slow disk that costs more than running the code.
So, unless TMPDIR says where temporary files go, a run puts them on /dev/shm when it is a
tmpfs with room: the grader process's own (references, facts) for the run's duration, and
the jobs' work dirs when there is room for every worker's disk limit (see
workers.DiskWatch, which holds each job to it wherever its work dir is).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator

RAM_DIRS = ("/dev/shm",)
MIN_FREE_BYTES = 512 * 1024 * 1024  # a tmpfs with less room is left alone
_disk: list[str] = []  # the temp dir in use before `ram_tempdir` took over, innermost last


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
    """The tmpfs to use, unless TMPDIR says where temporary files go."""
    return None if os.environ.get("TMPDIR") else ram_dir(need=need)


def disk_tempdir() -> str:
    """The temp dir the process had before this run's RAM scratch."""
    return _disk[-1] if _disk else tempfile.gettempdir()


def work_root_base(workers: int, disk_mb: int) -> str:
    """Where the jobs' work dirs go: a tmpfs with room for every worker to write its whole
    disk limit twice over, else the system temp dir (TMPDIR, when set, decides)."""
    need = 2 * workers * disk_mb * 1024 * 1024 + MIN_FREE_BYTES
    return _ram_base(need) or disk_tempdir()


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
    folder = tempfile.mkdtemp(prefix="agentloop-grader-", dir=base)
    tempfile.tempdir = folder
    try:
        yield folder
    finally:
        tempfile.tempdir = before
        _disk.pop()
        shutil.rmtree(folder, ignore_errors=True)
