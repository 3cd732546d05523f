"""The sandbox's IPython shell (agentloop_grader.sandbox.shell): input() and getpass raise as in
a kernel run by nbclient, for one cell and then put back; the shell keeps no history, uses
its own IPython folder, never ~/.ipython, and is what get_ipython() finds. Built in a forked
child, so pytest's process keeps its own."""

from __future__ import annotations

import builtins
import getpass

import pytest
from agentloop_grader.sandbox.shell import NO_STDIN, StdinGuard, no_input
from forked import in_child
from IPython.core.error import StdinNotImplementedError


def test_input_raises_inside_the_guard_and_is_put_back_after():
    before = (builtins.input, getpass.getpass)
    with StdinGuard():
        with pytest.raises(StdinNotImplementedError, match="does not support input requests"):
            input("n? ")
        with pytest.raises(StdinNotImplementedError):
            getpass.getpass()
    assert (builtins.input, getpass.getpass) == before
    with pytest.raises(StdinNotImplementedError) as caught:
        no_input()
    assert str(caught.value) == NO_STDIN


def test_the_shell_keeps_no_history_and_its_own_ipython_folder(tmp_path):
    folder = str(tmp_path / "ipython")

    def body() -> dict:
        from agentloop_grader.sandbox.shell import build_shell, make_current
        from IPython import get_ipython
        from IPython.core.interactiveshell import InteractiveShell

        shell = build_shell(folder)
        built = get_ipython() is shell
        InteractiveShell.clear_instance()   # as student code may
        type(shell).clear_instance()
        cleared = get_ipython() is None
        make_current(shell)
        return {"dir": shell.ipython_dir, "history": shell.history_manager.enabled,
                "xmode": shell.InteractiveTB.mode, "built": built, "cleared": cleared,
                "current": get_ipython() is shell}

    got = in_child(body)
    assert got == {"dir": folder, "history": False, "xmode": "Plain", "built": True,
                   "cleared": True, "current": True}, got
