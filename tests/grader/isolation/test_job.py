"""Confining a job (agentloop_grader.isolation.job): as root its folder is handed to nobody;
what a worker makes once for all its jobs (prepare_confinement) confines each as before."""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile

import pytest
from agentloop_grader.isolation import (
    ConfinementError,
    IsolationUnavailable,
    View,
    choose,
    confine_job,
    prepare_confinement,
    prepare_workdir,
)
from agentloop_grader.protocol import Limits
from forked import in_child, is_open, outcome
from unprivileged import blocked_python, is_root

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_prepare_workdir_as_root_hands_the_dir_to_nobody() -> None:
    root = tempfile.mkdtemp()  # 0700, like a grader's mkdtemp
    try:
        job = os.path.join(root, "job-1")
        prepare_workdir(choose("namespaces"), job)
        info = os.stat(job)
        assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (65534, 65534, 0o700)
        assert os.stat(root).st_mode & 0o001
    finally:
        shutil.rmtree(root)


def _choice(mode: str):
    try:
        return choose(mode)
    except IsolationUnavailable as exc:
        pytest.skip(str(exc))


@pytest.mark.parametrize("mode", ["namespaces", "landlock"])
def test_a_job_confined_with_its_workers_confinement_is_refused_as_before(mode: str) -> None:
    """The worker's Landlock rules and seccomp programs, made once (here, in this process)
    and used by a fork and its command host: each is refused what it was refused before
    (writing outside its folder, a denied syscall), may do what it did (its folder, its
    own signals, the host's programs), and keeps none of the worker's fds."""
    choice = _choice(mode)
    if blocked_python() is not None and mode == "landlock" and is_root():
        pytest.skip("the job's uid 65534 cannot start this Python (tests/support/"
                    "unprivileged.py); test_isolation.py runs this side")
    base = tempfile.mkdtemp()
    try:
        os.chmod(base, 0o755)
        view = View.for_this_python(os.path.join(base, "work"))
        os.mkdir(view.work_root)
        workdir = os.path.join(view.work_root, "job-1")
        prepare_workdir(choice, workdir)
        confinement = prepare_confinement(choice, view)
        assert confinement is not None and confinement.job_filter is not None
        assert confinement.host_filter is not None
        assert (confinement.rules is not None) == choice.landlock
        outside = os.path.join(base, "outside.txt")

        def checks() -> dict:
            return {"outside": outcome(lambda: open(outside, "w")),
                    "inside": outcome(lambda: open(os.path.join(workdir, "in.txt"), "w")),
                    "kept": [fd for fd in confinement.fds() if is_open(fd)]}

        def serve(sock: socket.socket, terminal: tuple[int, int]) -> None:
            done = subprocess.run(["/bin/sh", "-c", "echo hi > by-host.txt"],
                                  cwd=workdir, check=False)
            sock.sendall(json.dumps({**checks(), "program": done.returncode}).encode())

        def body() -> dict:
            host = confine_job(choice, view, workdir, Limits(),
                               command_host=serve, confinement=confinement)
            job = {**checks(), "fork": outcome(os.fork), "socket": outcome(socket.socket),
                   "kill_self": outcome(lambda: os.kill(os.getpid(), 0)),
                   "kill_parent": outcome(lambda: os.kill(os.getppid(), 0))}
            return {"job": job, "host": json.loads(host.recv(4096))}

        result = in_child(body)
    finally:
        shutil.rmtree(base)
    eacces, eperm = f"errno {errno.EACCES}", f"errno {errno.EPERM}"
    refused = eacces if choice.landlock else "ok"
    assert result == {"job": {"outside": refused, "inside": "ok", "kept": [], "fork": eperm,
                              "socket": eperm, "kill_self": "ok", "kill_parent": eperm},
                      "host": {"outside": refused, "inside": "ok", "kept": [],
                               "program": 0}}, result


@pytest.mark.skipif(not is_root() or blocked_python() is None,
                    reason="needs root and a Python uid 65534 cannot reach")
def test_a_view_its_jobs_cannot_reach_is_left_to_each_job_which_fails_as_before() -> None:
    """Root in landlock mode opens the view as uid 65534: a Python under /root (0700) is
    refused there, so nothing is opened ahead and each job fails to confine, as it did."""
    choice = _choice("landlock")
    base = tempfile.mkdtemp()
    try:
        os.chmod(base, 0o755)
        view = View.for_this_python(os.path.join(base, "work"))
        os.mkdir(view.work_root)
        workdir = os.path.join(view.work_root, "job-1")
        prepare_workdir(choice, workdir)
        confinement = prepare_confinement(choice, view)
        assert confinement is not None and confinement.rules is None

        def confined(prepared) -> dict:
            def body() -> dict:
                try:
                    confine_job(choice, view, workdir, Limits(), confinement=prepared)
                except ConfinementError as exc:
                    return {"refused": "Permission denied" in str(exc)}
                return {"refused": False}
            return in_child(body)

        assert confined(confinement) == confined(None) == {"refused": True}
    finally:
        shutil.rmtree(base)


def test_a_confinement_made_for_another_choice_is_refused() -> None:
    choice = _choice("namespaces")
    view = View.for_this_python(tempfile.gettempdir())
    other = View.for_this_python(os.path.join(tempfile.gettempdir(), "elsewhere"))
    confinement = prepare_confinement(choice, view)
    try:
        with pytest.raises(ValueError):
            confine_job(choice, other, tempfile.gettempdir(), Limits(),
                        confinement=confinement)
    finally:
        if confinement is not None and confinement.rules is not None:
            confinement.rules.close()


def test_closing_fds_keeps_exactly_the_kept_ones() -> None:
    """Gaps between kept fds are closed (one close_range each), kept runs stay open."""
    from agentloop_grader.isolation.job import _close_fds_except

    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        fds = [os.open(os.devnull, os.O_RDONLY) for _ in range(8)]
        keep = {write_fd, fds[1], fds[2], fds[3], fds[6]}
        _close_fds_except(keep)
        found = {"open": [fd for fd in [read_fd, *fds] if is_open(fd)], "keep": sorted(keep),
                 "std": [is_open(fd) for fd in (0, 1, 2)]}
        os.write(write_fd, json.dumps(found).encode())
        os._exit(0)
    os.close(write_fd)
    result = json.loads(os.read(read_fd, 4096))
    os.close(read_fd)
    os.waitpid(pid, 0)
    assert result["open"] == [fd for fd in result["keep"] if fd != write_fd], result
    assert result["std"] == [True] * 3, result
