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
