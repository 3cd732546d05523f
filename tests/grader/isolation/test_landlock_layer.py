"""The Landlock layer alone (agentloop_grader.isolation.landlock_layer), in a forked child: no
file outside the view, no TCP, no signal to the parent."""

from __future__ import annotations

import os
import socket
import sys
import tempfile

import pytest
from agentloop_grader.isolation import View, landlock_layer
from forked import in_child, outcome

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
