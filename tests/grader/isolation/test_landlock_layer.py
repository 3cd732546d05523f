"""The Landlock layer alone (agentloop_grader.isolation.landlock_layer), in a forked child: no
file outside the view, no TCP, no signal to the parent."""

from __future__ import annotations

import os
import socket
import sys
import tempfile

import pytest
from agentloop_grader.isolation import View, landlock_layer
from forked import in_child, is_open, outcome

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@pytest.mark.skipif(landlock_layer.abi() < landlock_layer.FIRST_SCOPE_ABI,
                    reason="needs Landlock ABI 6")
def test_landlock_alone_stops_files_tcp_and_signals() -> None:
    import errno

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    parent = os.getpid()
    with tempfile.TemporaryDirectory() as base:
        outside = os.path.join(base, "course.txt")
        with open(outside, "w") as handle:
            handle.write("hidden")
        work = os.path.join(base, "job")
        os.mkdir(work)

        def body() -> dict:
            landlock_layer.confine(View.for_this_python(base).readable, work)
            with open(os.path.join(work, "ok.txt"), "w") as handle:
                handle.write("fine")
            sock = socket.socket()  # seccomp would refuse this; Landlock alone does not
            return {"read": outcome(lambda: open(outside).read()),
                    "tcp": outcome(lambda: sock.connect(("127.0.0.1", port))),
                    "signal": outcome(lambda: os.kill(parent, 0)),
                    "usr": outcome(lambda: os.listdir("/usr"))}

        result = in_child(body)
    server.close()
    eacces, eperm = f"errno {errno.EACCES}", f"errno {errno.EPERM}"
    assert result == {"read": eacces, "tcp": eacces, "signal": eperm, "usr": "ok"}, result


def _rights(*names: str) -> int:
    from landlockpy import AccessFS

    total = 0
    for name in names:
        total |= int(AccessFS[name])
    return total


@pytest.mark.skipif(landlock_layer.abi() < 1, reason="needs Landlock")
def test_rules_opened_ahead_grant_what_confine_always_granted(tmp_path) -> None:
    """Each kind of path gets the rights the per-job ruleset gave it: a folder read and
    listed, a file read, a device also written, a listable folder only listed, the work
    dir all but device nodes and programs; a command host may also run programs."""
    import landlockpy

    folder, plain = tmp_path / "folder", tmp_path / "plain.txt"
    folder.mkdir()
    plain.write_text("x")
    rules = landlock_layer.open_rules([str(folder), str(plain), "/dev/null",
                                       str(tmp_path / "missing")], [str(tmp_path)])
    try:
        everything = int(landlockpy.fs_for_abi(landlock_layer.abi()))
        assert len(rules.fds) == 4  # the missing path is left out, as before
        assert rules.job == (_rights("READ_FILE", "READ_DIR"), _rights("READ_FILE"),
                             _rights("READ_FILE", "WRITE_FILE"), _rights("READ_DIR"))
        assert rules.host == (_rights("READ_FILE", "READ_DIR", "EXECUTE"),
                              _rights("READ_FILE", "EXECUTE"),
                              _rights("READ_FILE", "WRITE_FILE", "EXECUTE"),
                              _rights("READ_DIR"))
        assert rules.job_work == everything & ~_rights("MAKE_CHAR", "MAKE_BLOCK", "EXECUTE")
        assert rules.host_work == rules.job_work | _rights("EXECUTE")
        assert rules.handled_fs == everything
    finally:
        rules.close()
    assert not any(is_open(fd) for fd in rules.fds)


@pytest.mark.skipif(landlock_layer.abi() < landlock_layer.FIRST_SCOPE_ABI,
                    reason="needs Landlock ABI 6")
def test_rules_opened_ahead_confine_a_fork_as_confine_does() -> None:
    """Opened in this (the worker's) process, used in a fork: the same refusals as
    test_landlock_alone_stops_files_tcp_and_signals, and the fork keeps none of the fds."""
    import errno

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    parent = os.getpid()
    with tempfile.TemporaryDirectory() as base:
        outside = os.path.join(base, "course.txt")
        with open(outside, "w") as handle:
            handle.write("hidden")
        work = os.path.join(base, "job")
        os.mkdir(work)
        view = View.for_this_python(base)
        rules = landlock_layer.open_rules(view.readable, view.listable, high=True)

        def body() -> dict:
            try:
                landlock_layer.restrict(rules, work)
            finally:
                rules.close()
            with open(os.path.join(work, "ok.txt"), "w") as handle:
                handle.write("fine")
            sock = socket.socket()
            return {"read": outcome(lambda: open(outside).read()),
                    "write": outcome(lambda: open(os.path.join(base, "x"), "w")),
                    "tcp": outcome(lambda: sock.connect(("127.0.0.1", port))),
                    "signal": outcome(lambda: os.kill(parent, 0)),
                    "usr": outcome(lambda: os.listdir("/usr")),
                    "kept": [fd for fd in rules.fds if is_open(fd)],
                    # a job's rights, not its host's: no program runs (were one to, the
                    # child would be /bin/true and say nothing)
                    "exec": outcome(lambda: os.execv("/bin/true", ["true"]))}

        try:
            result = in_child(body)
        finally:
            rules.close()
    server.close()
    eacces, eperm = f"errno {errno.EACCES}", f"errno {errno.EPERM}"
    assert result == {"read": eacces, "write": eacces, "tcp": eacces, "signal": eperm,
                      "usr": "ok", "kept": [], "exec": eacces}, result


@pytest.mark.skipif(landlock_layer.abi() < 1, reason="needs Landlock")
def test_opened_ahead_the_fds_sit_at_the_top_of_the_table(tmp_path) -> None:
    """Out of the low numbers a job under a small RLIMIT_NOFILE opens its files in."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = min(soft, landlock_layer.FDS_AT_MOST)
    paths = [str(tmp_path)] * 5
    rules = landlock_layer.open_rules(paths, high=True)
    try:
        assert len(rules.fds) == 5 and min(rules.fds) >= top - 5, rules.fds
    finally:
        rules.close()


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0
                    or landlock_layer.abi() < 1, reason="needs root and Landlock")
def test_opened_as_another_uid_a_path_it_cannot_reach_fails_as_in_its_job() -> None:
    """As root for jobs of uid 65534: the paths are opened as 65534 (a helper drops to it),
    so what its job could not reach fails here too, instead of being granted by root."""
    from agentloop_grader.isolation.process import NOBODY

    with tempfile.TemporaryDirectory() as base:  # /tmp: others may enter it
        os.chmod(base, 0o755)
        inside = os.path.join(base, "closed", "inside")
        os.makedirs(inside)
        os.chmod(os.path.dirname(inside), 0o700)
        as_root = landlock_layer.open_rules([inside])
        as_root.close()
        with pytest.raises(PermissionError):
            landlock_layer.open_rules([inside], uid=NOBODY)
        rules = landlock_layer.open_rules([base, "/dev/null", os.path.join(base, "none")],
                                          uid=NOBODY)
        try:
            assert len(as_root.fds) == 1 and len(rules.fds) == 2
            assert [os.fstat(fd).st_ino for fd in rules.fds] == [
                os.stat(base).st_ino, os.stat("/dev/null").st_ino]
            assert rules.job[1] == _rights("READ_FILE", "WRITE_FILE")  # known as a device
        finally:
            rules.close()
