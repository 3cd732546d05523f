"""Run a command as an ordinary teacher account from a test that runs as root.

    from unprivileged import run_as_teacher, teacher_tmp  # teacher_tmp is a fixture

    def test_x(teacher_tmp):
        done = run_as_teacher([sys.executable, "script.py"], cwd=teacher_tmp)

`run_as_teacher` creates the account `agentloop-teacher` (useradd) when missing, then
runs the command as that user with a clean environment; when the tests are not run as
root it simply runs the command as the current user.

The mount trick (exists only because of where this machine's Python lives): the
interpreter is under /root/.pyenv and /root is mode 0700, so no ordinary account can
even start it. The command therefore runs in a private mount namespace (util-linux
`unshare --mount --propagation private`) in which /root is covered by an empty 0755
tmpfs with /root/.pyenv bound back read-only; only then does `setpriv` drop to the
teacher. Nothing changes outside that namespace, and nothing else under /root becomes
visible. `run_with_python_reachable(..., user=None)` applies the same trick but stays
root: it stands in for a machine whose Python is world-readable (e.g. landlock mode as
root, whose jobs run as uid 65534).
"""

from __future__ import annotations

import fcntl
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence

import pytest

TEACHER = "agentloop-teacher"

# $1 is an empty holding dir; then the command. /root/.pyenv is parked on it while the
# tmpfs covers /root, then moved back and made read-only.
EXPOSE = r"""
set -eu
hold=$1; blocked=$2; needed=$3; shift 3
mount --rbind "$needed" "$hold"
mount -t tmpfs -o mode=0755,size=1m agentloop-cover "$blocked"
mkdir -p "$needed"
mount --move "$hold" "$needed"
mount -o remount,bind,ro "$needed"
exec "$@"
"""


def is_root() -> bool:
    return os.geteuid() == 0


def ensure_teacher() -> pwd.struct_passwd:
    """The teacher account (created with a home folder on first use, by one worker of a
    parallel run while the others wait: two useradds at once fail on /etc/passwd's lock)."""
    try:
        return pwd.getpwnam(TEACHER)
    except KeyError:
        pass
    with open(__file__, "rb") as this_file:  # a lock every test process can name
        fcntl.flock(this_file, fcntl.LOCK_EX)
        try:
            return pwd.getpwnam(TEACHER)
        except KeyError:
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", TEACHER],
                           check=True, capture_output=True)
            return pwd.getpwnam(TEACHER)


def blocked_python() -> tuple[str, str] | None:
    """(the ancestor others cannot enter, its child on the way to Python), or None."""
    real = os.path.realpath(sys.base_prefix)
    parts = real.strip("/").split("/")
    for depth in range(1, len(parts)):
        ancestor = "/" + "/".join(parts[:depth])
        if not os.stat(ancestor).st_mode & stat.S_IXOTH:
            return ancestor, "/" + "/".join(parts[:depth + 1])
    return None


def run_with_python_reachable(argv: Sequence[str], cwd: str, env: Mapping[str, str] | None = None,
                              timeout: float = 60, user: str | None = None
                              ) -> subprocess.CompletedProcess[str]:
    """Run `argv` (as `user`, or as root) where ordinary uids can start this Python."""
    if not is_root():
        return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
    command = list(argv)
    if user is not None:
        command = [_tool("setpriv"), f"--reuid={user}", f"--regid={user}", "--init-groups",
                   "--", *command]
    blocked = blocked_python()
    hold = None
    if blocked is not None:
        hold = tempfile.mkdtemp(prefix="agentloop-hold-")
        command = [_tool("unshare"), "--mount", "--propagation", "private", "--", "/bin/sh",
                   "-c", EXPOSE, "expose", hold, *blocked, *command]
    try:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
    finally:
        if hold is not None:
            os.rmdir(hold)


def run_as_teacher(argv: Sequence[str], cwd: str, env: Mapping[str, str] | None = None,
                   timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `argv` as the teacher account (as the current user when not root)."""
    if not is_root():
        return run_with_python_reachable(argv, cwd, env, timeout)
    account = ensure_teacher()
    clean = {"PATH": "/usr/bin:/bin", "HOME": account.pw_dir, "USER": TEACHER,
             "LOGNAME": TEACHER, "LANG": "C.UTF-8", **(env or {})}
    return run_with_python_reachable(argv, cwd, clean, timeout, user=TEACHER)


def _tool(name: str) -> str:
    path = shutil.which(name, path="/usr/bin:/bin:/usr/sbin:/sbin")
    if path is None:
        pytest.skip(f"{name} (util-linux) is needed to run tests as another user")
    return path


@pytest.fixture
def teacher_tmp() -> Iterator[str]:
    """A fresh temporary directory owned by the teacher (by the current user if not root)."""
    path = tempfile.mkdtemp(prefix="agentloop-teacher-")
    if is_root():
        account = ensure_teacher()
        os.chown(path, account.pw_uid, account.pw_gid)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
