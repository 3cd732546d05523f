"""The seccomp layer alone (agentloop_grader.isolation.seccomp_layer), in a forked child: no
process, signal, socket or exec, threads still work; its filter fits the kernel's limit."""

from __future__ import annotations

import os
import socket
import sys
import threading

import pytest
from agentloop_grader.isolation import seccomp_layer
from forked import in_child, outcome

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def test_seccomp_alone_stops_processes_but_not_threads() -> None:
    import ctypes
    import errno

    parent = os.getpid()

    def body() -> dict:
        seccomp_layer.confine()
        libc = ctypes.CDLL(None, use_errno=True)
        clone3 = libc.syscall(seccomp_layer.seccompy.syscall_nr("clone3"), None, 0)
        out = {"clone3": ctypes.get_errno() if clone3 == -1 else 0,
               "fork": outcome(os.fork), "kill": outcome(lambda: os.kill(parent, 0)),
               "socket": outcome(socket.socket), "exec": outcome(
                   lambda: os.execv("/bin/true", ["true"]))}
        done = []
        thread = threading.Thread(target=lambda: done.append(1))
        thread.start()
        thread.join()
        out["thread"] = done == [1]
        return out

    result = in_child(body)
    eperm = f"errno {errno.EPERM}"
    assert result == {"clone3": errno.ENOSYS, "fork": eperm, "kill": eperm, "socket": eperm,
                      "exec": eperm, "thread": True}, result


def test_seccomp_filter_fits_the_kernel_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = seccomp_layer.build(4242).program
    monkeypatch.setattr(seccomp_layer, "_x32_enabled", lambda: True)  # x32 twins too
    with_x32 = seccomp_layer.build(4242).program
    assert len(plain) < len(with_x32) and len(with_x32) // 8 < 4096


@pytest.mark.parametrize(("commands", "scoped"), [(False, True), (True, True), (True, False)],
                         ids=["job", "host-scoped", "host-unscoped"])
@pytest.mark.parametrize("x32", [False, True], ids=["native", "x32-twins"])
def test_a_compiled_filter_is_the_built_one_for_every_pid(
        commands: bool, scoped: bool, x32: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a worker compiles once is, for any job's pid (or host's process group), the
    very program `build` makes for it: the policy cannot drift between the two paths."""
    monkeypatch.setattr(seccomp_layer, "_x32_enabled", lambda: x32)
    program = seccomp_layer.compile_filter(commands, scoped)
    for pid in (1, 2, 300, 65534, 4_194_304, 2**31 - 1):
        built = seccomp_layer.build(pid, commands, scoped, group=pid)
        assert program.code_for(pid) == built.program, pid
        assert program.flags == int(built.flags)
    assert bool(program.slots) == (not commands or not scoped)  # a pid where one is named


def test_a_filter_that_depends_on_the_pid_elsewhere_is_not_compiled_ahead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = seccomp_layer.build

    def odd(pid: int, *args, **kwargs):  # one more rule for some pids: another length
        filt = real(pid, *args, **kwargs)
        if pid % 2:
            filt.errno("getpid", 1)
        return filt

    monkeypatch.setattr(seccomp_layer, "build", odd)
    with pytest.raises(ValueError):
        seccomp_layer.compile_filter()


def test_a_compiled_filter_loaded_in_a_job_refuses_as_the_built_one() -> None:
    """Compiled in this (the worker's) process, loaded in a fork with the fork's pid: the
    same refusals as test_seccomp_alone_stops_processes_but_not_threads, and the job may
    still signal itself (its pid was written into the program)."""
    import ctypes
    import errno

    parent = os.getpid()
    program = seccomp_layer.compile_filter()

    def body() -> dict:
        program.load(os.getpid())
        libc = ctypes.CDLL(None, use_errno=True)
        clone3 = libc.syscall(seccomp_layer.seccompy.syscall_nr("clone3"), None, 0)
        done = []
        thread = threading.Thread(target=lambda: done.append(1))
        thread.start()
        thread.join()
        return {"clone3": ctypes.get_errno() if clone3 == -1 else 0,
                "fork": outcome(os.fork), "kill": outcome(lambda: os.kill(parent, 0)),
                "kill_self": outcome(lambda: os.kill(os.getpid(), 0)),
                "socket": outcome(socket.socket), "setsid": outcome(os.setsid),
                "exec": outcome(lambda: os.execv("/bin/true", ["true"])),
                "thread": done == [1]}

    eperm = f"errno {errno.EPERM}"
    assert in_child(body) == {"clone3": errno.ENOSYS, "fork": eperm, "kill": eperm,
                              "kill_self": "ok", "socket": eperm, "setsid": eperm,
                              "exec": eperm, "thread": True}


def test_a_compiled_host_filter_lets_it_signal_its_own_group_only() -> None:
    """An unscoped command host's program, its process group written in: it may start
    programs and signal its group (kill(0) or kill(-group), the rule's sign-extended
    64-bit form, as a raw syscall), not its parent nor make a session."""
    import ctypes
    import errno

    parent = os.getpid()
    program = seccomp_layer.compile_filter(commands=True, scoped=False)

    def body() -> dict:
        os.setpgid(0, 0)
        program.load(os.getpgid(0))

        def run_true() -> None:
            pid = os.fork()
            if pid == 0:
                os.execv("/bin/true", ["true"])
            _, status = os.waitpid(pid, 0)
            if os.waitstatus_to_exitcode(status):
                raise OSError(errno.EIO, "true failed")

        def kill_group() -> None:
            libc = ctypes.CDLL(None, use_errno=True)
            nr = seccomp_layer.seccompy.syscall_nr("kill")
            if libc.syscall(nr, ctypes.c_long(-os.getpgid(0)), 0) == -1:
                raise OSError(ctypes.get_errno(), "kill")

        return {"program": outcome(run_true), "group": outcome(lambda: os.kill(0, 0)),
                "group_by_id": outcome(kill_group),
                "parent": outcome(lambda: os.kill(parent, 0)),
                "setsid": outcome(os.setsid)}

    eperm = f"errno {errno.EPERM}"
    assert in_child(body) == {"program": "ok", "group": "ok", "group_by_id": "ok",
                              "parent": eperm, "setsid": eperm}
