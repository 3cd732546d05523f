"""A job's process attributes (agentloop_grader.isolation.process), each set in a forked child:
`harden` (no new privileges, not dumpable, killed with its parent) and `drop_to` (for good:
a process that dropped cannot climb back)."""

from __future__ import annotations

import ctypes
import os
import signal

import pytest
from agentloop_grader.isolation.process import NOBODY, drop_to, harden
from forked import in_child
from unprivileged import ensure_teacher, is_root

PR_GET_PDEATHSIG, PR_GET_DUMPABLE = 2, 3


def _no_new_privs() -> int:
    with open("/proc/self/status", encoding="utf-8") as status:
        line = next(line for line in status if line.startswith("NoNewPrivs:"))
    return int(line.split()[1])


def test_harden_sets_no_new_privs_not_dumpable_and_the_parent_death_signal() -> None:
    def body() -> dict:
        libc = ctypes.CDLL(None, use_errno=True)
        before = {"dumpable": libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0)}
        harden()
        death = ctypes.c_int(0)
        libc.prctl(PR_GET_PDEATHSIG, ctypes.byref(death), 0, 0, 0)
        return {**before, "no_new_privs": _no_new_privs(),
                "dumpable_after": libc.prctl(PR_GET_DUMPABLE, 0, 0, 0, 0),
                "death_signal": death.value}

    got = in_child(body)
    assert got == {"dumpable": 1, "no_new_privs": 1, "dumpable_after": 0,
                   "death_signal": int(signal.SIGKILL)}, got


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_as_root_drop_to_nobody_is_for_good() -> None:
    def body() -> dict:
        drop_to(NOBODY, NOBODY)
        try:
            drop_to(0, 0)
            climbed = "yes"
        except PermissionError:
            climbed = "no"
        return {"uid": list(os.getresuid()), "gid": list(os.getresgid()),
                "groups": os.getgroups(), "climbed_back": climbed}

    assert in_child(body) == {"uid": [NOBODY] * 3, "gid": [NOBODY] * 3, "groups": [],
                              "climbed_back": "no"}


def test_as_an_ordinary_account_drop_to_another_uid_is_refused() -> None:
    """As root, the child first becomes the teacher account (tests/support/unprivileged.py);
    run as an ordinary user, it is one already."""
    teacher = ensure_teacher() if is_root() else None

    def body() -> dict:
        if teacher is not None:
            os.setgroups([])
            os.setresgid(teacher.pw_gid, teacher.pw_gid, teacher.pw_gid)
            os.setresuid(teacher.pw_uid, teacher.pw_uid, teacher.pw_uid)
        uid = os.getuid()
        try:
            drop_to(NOBODY, NOBODY)
        except PermissionError:
            return {"refused": True, "uid": uid, "still": os.getuid()}
        return {"refused": False, "uid": uid, "still": os.getuid()}

    got = in_child(body)
    assert got["uid"] != 0 and got["uid"] != NOBODY, got
    assert got == {"refused": True, "uid": got["uid"], "still": got["uid"]}
