"""bubblewrap's command line (agentloop_grader.isolation.bwrap): only the view is bound."""

from __future__ import annotations

import os
import sys

import pytest
from agentloop_grader.isolation import View, choose, worker_command
from unprivileged import is_root

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def test_bwrap_command_binds_only_the_view() -> None:
    choice = choose("namespaces")
    view = View.for_this_python("/tmp/work-root", worker_only=("/opt/hidden-checks",))
    cmd = worker_command(choice, view, ["python", "-I", "-c", "pass"], pass_fds=[7])
    text = " ".join(cmd)
    for flag in ("--die-with-parent", "--new-session", "--clearenv", "--proc /proc",
                 "--dev /dev", "--bind /tmp/work-root /tmp/work-root", "--remount-ro /"):
        assert flag in text
    assert cmd.index("--clearenv") < cmd.index("--setenv")
    bound = {cmd[i + 1] for i, arg in enumerate(cmd) if arg in ("--ro-bind", "--bind")}
    linked = {cmd[i + 2] for i, arg in enumerate(cmd) if arg == "--symlink"}
    assert bound | linked >= {p for p in view.readable if not p.startswith("/dev/")}
    assert REPO not in bound and os.path.join(REPO, "chapters") not in bound
    if is_root():
        assert "--unshare-user" not in cmd  # it would map uid 65534 onto host root
        assert any(arg.endswith("setpriv") for arg in cmd) and "--reuid=65534" in cmd
    else:
        assert "--unshare-user" in cmd and "--disable-userns" in cmd
    assert cmd[-4:] == ["python", "-I", "-c", "pass"]
