"""A sandbox never outlives the grading process: kill `agentloop-grade autograde` while
submissions are stuck in infinite loops, and no worker or job process is left running —
as root and as an ordinary teacher account, in each isolation mode.

Only the processes this test started are counted (another test may be grading on this machine
at the same time, e.g. on another worker of a parallel run): while it runs, the test process is
a child subreaper, so what the killed grader leaves behind is reparented to it, not to init,
and stays below it."""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.course import Course
from agentloop_grader.release import release
from grading_sides import SIDE_IDS, SIDES, skip_unless_runnable
from isolation_probe import descendants
from unprivileged import TEACHER, blocked_python, ensure_teacher, is_root

pytestmark = pytest.mark.slow
A = "01_agent_loop"


PR_SET_CHILD_SUBREAPER = 36


def _sandbox_processes() -> list[str]:
    """Command lines of the processes below this one running our zygote or a job forked
    from it."""
    found = []
    for pid in sorted(descendants(os.getpid())):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "agentloop_grader.sandbox.zygote" in cmdline:
            found.append(f"{pid}: {cmdline}")
    return found


def _children() -> set[int]:
    """This process's children, zombies included."""
    found = set()
    for pid in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except (OSError, ValueError):
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
            found.add(int(pid))
    return found


@contextmanager
def _adopting_orphans() -> Iterator[None]:
    """This process as a child subreaper while the block runs; afterwards what it adopted is
    killed if still running and reaped (zombies would otherwise stay until the run ends)."""
    libc = ctypes.CDLL(None, use_errno=True)
    before = _children()
    assert libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0, os.strerror(ctypes.get_errno())
    try:
        yield
    finally:
        libc.prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)
        for pid in _children() - before:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def _grader_command(course: Path, isolation: str, user: str) -> list[str]:
    argv = [sys.executable, "-m", "agentloop_grader.cli", "autograde", A, "--course",
            str(course), "--workers", "2", "--time-limit", "60", "--isolation", isolation,
            "--no-progress"]
    if user == "teacher":
        argv = ["setpriv", f"--reuid={TEACHER}", f"--regid={TEACHER}", "--init-groups",
                "--", *argv]
    blocked = blocked_python()
    if blocked is None or not is_root():
        return argv
    # as tests/support/unprivileged.py does: make this machine's Python (under a 0700 /root)
    # reachable for uid 65534 and the teacher, in a private mount namespace
    from unprivileged import EXPOSE

    hold = tempfile.mkdtemp(prefix="agentloop-hold-")
    return ["unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c", EXPOSE,
            "expose", hold, *blocked, *argv]


@pytest.mark.parametrize(("user", "isolation"), SIDES, ids=SIDE_IDS)
def test_killing_the_grader_leaves_no_sandbox(user, isolation):
    skip_unless_runnable(user, isolation)
    assert not _sandbox_processes(), "a sandbox from an earlier test is still running"
    root = Path(tempfile.mkdtemp(prefix="agentloop-lifetime-"))
    try:
        os.chmod(root, 0o755)
        course = Course(root / "course")
        release(course, [A])
        source = T.read(course.source_notebook(A))
        loop = "while True:\n    pass\n"
        for number in range(4):
            T.submit(course, A, f"s{number}", T.with_answers(source, {"ch1-decide-answer": loop}))
        if user == "teacher":
            account = ensure_teacher()
            for item in [root, *root.rglob("*")]:
                os.lchown(item, account.pw_uid, account.pw_gid)
        with _adopting_orphans():
            grader = subprocess.Popen(_grader_command(course.root, isolation, user), cwd=root,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      start_new_session=True)
            deadline = time.monotonic() + 60
            while len(_sandbox_processes()) < 3 and time.monotonic() < deadline:
                time.sleep(0.2)  # two workers and at least one job in its loop
            assert len(_sandbox_processes()) >= 3, grader.stderr.read().decode()[-2000:]
            os.killpg(grader.pid, signal.SIGKILL)  # the grader, and only its own session
            grader.wait()
            deadline = time.monotonic() + 10
            while _sandbox_processes() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert _sandbox_processes() == []
    finally:
        shutil.rmtree(root, ignore_errors=True)


# Plays a zygote that dies between forking a job and the job's confinement: the job, now
# reparented to this script (a subreaper), must exit with EXIT_ORPHANED, not run on.
ORPHAN = r'''
import ctypes, os, sys, tempfile
from agentloop_grader.isolation import EXIT_ORPHANED, View, choose, confine_job, prepare_workdir
from agentloop_grader.protocol import Limits

PR_SET_CHILD_SUBREAPER = 36
choice = choose(sys.argv[1])
root = tempfile.mkdtemp()
workdir = os.path.join(root, "job")
prepare_workdir(choice, workdir)
view = View.for_this_python(root)
ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)  # after choose's own trials
read, write = os.pipe()
zygote = os.fork()
if zygote == 0:
    parent = os.getpid()
    if os.fork() == 0:
        os.close(write)
        os.read(read, 1)  # end of file: the zygote is exiting
        while os.getppid() == parent:
            pass
        confine_job(choice, view, workdir, Limits(), parent=parent)
        os._exit(0)  # ran on as an orphan
    os._exit(0)
os.close(write)
os.close(read)
codes = sorted(os.waitstatus_to_exitcode(os.waitpid(-1, 0)[1]) for _ in range(2))
print(codes, EXIT_ORPHANED)
sys.exit(0 if codes == [0, EXIT_ORPHANED] else 1)
'''


@pytest.mark.parametrize("isolation", ["namespaces", "landlock"])
def test_a_job_whose_worker_died_before_it_was_confined_does_not_run(isolation):
    skip_unless_runnable("root", isolation)  # whoever runs the tests: no teacher here
    done = subprocess.run([sys.executable, "-c", ORPHAN, isolation], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
