"""Process attributes of a job: no new privileges, not dumpable, dies with its parent,
and (as root) an unprivileged uid. prctl has no stdlib wrapper, hence ctypes."""

from __future__ import annotations

import ctypes
import os
import signal

PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NO_NEW_PRIVS = 38
NOBODY = 65534  # the overflow uid/gid ("nobody"/"nogroup") jobs run as when the grader is root


_LIBC = ctypes.CDLL(None, use_errno=True)  # the process's own libc, already loaded


def _prctl(option: int, value: int) -> None:
    libc = _LIBC
    if libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"prctl({option}): {os.strerror(err)}")


def drop_to(uid: int, gid: int) -> None:
    """Become uid/gid for good (real, effective, saved; no supplementary groups).

    From root this also empties the capability sets. It clears the parent-death signal
    and dumpability too, so call it before `harden`.
    """
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    if os.getresuid() != (uid, uid, uid) or os.getresgid() != (gid, gid, gid):
        raise OSError(f"could not drop to uid {uid}")


def harden() -> None:
    """No new privileges, not dumpable (no ptrace or /proc/<pid>/mem by same-uid
    processes, no core), SIGKILL when the parent dies."""
    _prctl(PR_SET_NO_NEW_PRIVS, 1)
    _prctl(PR_SET_DUMPABLE, 0)
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
