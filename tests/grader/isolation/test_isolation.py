"""The isolation layers hold, as root and as an ordinary teacher, in each mode.

End to end: tests/support/isolation_probe.py starts a worker with `worker_command`, confines a
job with `confine_job`, then tries every attack. How a mode is chosen, each command line and
each layer alone are tested in the files of their modules (test_modes.py, test_bwrap.py,
test_seccomp_layer.py, …).
"""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys

import pytest
from agentloop_grader.isolation import bwrap
from unprivileged import (
    TEACHER,
    is_root,
    run_as_teacher,
    run_with_python_reachable,
    teacher_tmp,  # noqa: F401 - a fixture
)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PROBE = os.path.join(REPO, "tests", "support", "isolation_probe.py")
MUST_FAIL = ("read_course", "read_neighbour", "read_neighbour_job", "read_worker_only",
             "read_worker_tmp", "read_chapter",
             "list_repo", "list_tests", "list_home", "list_tmp", "list_base",
             "write_gradebook", "write_work_root", "write_sandbox_root", "write_dev_shm",
             "kill_parent", "kill_grader", "kill_group", "kill_everyone", "sigqueue_parent",
             "pidfd_parent", "vm_read_parent", "io_uring",
             "fork", "subprocess", "os_system", "socket_tcp", "socket_unix", "socketpair",
             "environ_grader", "environ_parent", "ptrace_parent", "unshare_user", "setsid",
             "worker_fds")
MUST_WORK = ("threads", "numpy_threads", "workdir", "imports", "kill_self_check", "devnull",
             "uid")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def _cases() -> list:
    cases = []
    for binary in bwrap.candidates():
        for user in ("root", "teacher"):
            cases.append(pytest.param("namespaces", binary, user,
                                      id=f"namespaces-{user}-{os.path.basename(binary)}"
                                         f"-{'system' if binary.startswith('/usr') else 'pip'}"))
    for user in ("root", "teacher"):
        cases.append(pytest.param("landlock", None, user, id=f"landlock-{user}"))
    return cases


@pytest.mark.parametrize(("mode", "binary", "user"), _cases())
def test_attacks_fail_and_normal_work_succeeds(mode: str, binary: str | None, user: str,
                                               teacher_tmp: str) -> None:  # noqa: F811
    if user == "root" and not is_root():
        pytest.skip("needs root")
    argv = [sys.executable, PROBE, mode, teacher_tmp, "--linger"]
    if binary:
        argv += ["--bwrap", binary]
    if user == "teacher":
        done = run_as_teacher(argv, cwd=teacher_tmp)
    elif mode == "landlock":
        # Landlock jobs run as uid 65534, which this machine's /root/.pyenv Python is
        # closed to (see test_landlock_as_root_refuses_an_unreachable_python).
        done = run_with_python_reachable(argv, cwd=teacher_tmp)
    else:
        done = _run(argv, teacher_tmp)  # bwrap builds parents uid 65534 can enter
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    job = report["job"]
    assert report["mode"] == mode
    assert report["worker_alive"], report
    assert "confine" not in job, job
    leaked = {name: job[name]["detail"] for name in MUST_FAIL if job[name]["ok"]}
    assert not leaked, leaked
    broken = {name: job[name]["detail"] for name in MUST_WORK if not job[name]["ok"]}
    assert not broken, broken
    assert not report["gradebook_exists"] and not report["planted_exists"]
    assert report["lingering_before_kill"] >= 1 and report["survivors"] == []
    uids = json.loads(job["uid"]["detail"].replace("(", "[").replace(")", "]"))
    if user == "root":
        assert uids == [65534, 65534, 65534]
    elif is_root():
        assert uids[0] == pwd.getpwnam(TEACHER).pw_uid
    assert report["worker"]["read_worker_only"]
    # the job was confined with what its worker made ahead (as the zygote does), not anew
    landlock = "landlock" in report["choice"]
    assert report["worker"]["prepared"] == {"rules": landlock, "job_filter": True,
                                            "host_filter": True}, report["worker"]
    if mode == "namespaces":
        assert report["worker"]["status"]["CapEff"] == "0000000000000000"
        assert report["worker"]["uid"] != 0
    assert set(report["worker"]["environ_keys"]) <= {"HOME", "LANG", "PATH", "PWD",
                                                     "PYTHONDONTWRITEBYTECODE", "TMPDIR"}


def test_the_attacks_work_without_isolation(teacher_tmp: str) -> None:  # noqa: F811
    """The control run: in trusted mode the probe's attacks succeed, so their failing
    above is the sandbox's doing, not a broken probe."""
    done = run_as_teacher([sys.executable, PROBE, "trusted", teacher_tmp], cwd=teacher_tmp)
    assert done.returncode == 0, done.stderr
    job = json.loads(done.stdout)["job"]
    succeeded = {name for name, outcome in job.items() if outcome["ok"]}
    assert succeeded >= {"read_course", "read_neighbour", "read_neighbour_job",
                         "read_worker_only", "read_worker_tmp", "read_chapter", "list_repo",
                         "list_tmp", "write_gradebook", "write_work_root", "kill_parent", "fork",
                         "subprocess", "socket_tcp", "socketpair", "environ_parent",
                         "sigqueue_parent", "pidfd_parent", "vm_read_parent", "threads",
                         "imports"}, {n: job[n]["detail"] for n in job if n not in succeeded}


def _run(argv: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60,
                          check=False)
