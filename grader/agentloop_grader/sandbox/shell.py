"""An IPython InteractiveShell configured like ipykernel's, minus ZMQ.

What a kernel sends as iopub messages goes into an `OutputLog` instead: `display()` and
the display hook make display_data / execute_result outputs, tracebacks make error
outputs, `clear_output()` and display updates behave as nbclient applies them. History is
off (no SQLite, no saving thread: the shell is built before a fork), IPython's directory
is a private one, and `input()` raises as in a kernel run by nbclient (no stdin).

Shell commands (`!cmd`, `!!cmd`, `x = !cmd`, `%sx`, `%pip`, `%%bash`, `%%sh`, `%%script`)
go through sandbox/commands.py, which runs them in the job's command host when the job
may not start processes itself; what they print and return is what ipykernel gives.
"""

from __future__ import annotations

import atexit
import builtins
import getpass
import os
import shutil
import sys
import tempfile
from typing import Any

from IPython.core.displayhook import DisplayHook
from IPython.core.displaypub import DisplayPublisher
from IPython.core.error import StdinNotImplementedError
from IPython.core.interactiveshell import InteractiveShell
from IPython.core.magic import cell_magic, magics_class
from IPython.core.magics.script import ScriptMagics
from IPython.utils.process import arg_split
from IPython.utils.text import LSString, SList
from traitlets import Type
from traitlets.config import Config

from . import commands
from .capture import OutputLog

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

INLINE_BACKEND = "module://matplotlib_inline.backend_inline"
NO_STDIN = "raw_input was called, but this frontend does not support input requests."


class Port:
    """Where the shell's outputs go right now (None: nowhere)."""

    def __init__(self) -> None:
        self.target: OutputLog | None = None


class KernelDisplayPublisher(DisplayPublisher):
    """ipykernel's ZMQDisplayPublisher, writing into the port's log."""

    port: Port | None = None

    def publish(self, data: Any, metadata: Any = None, source: Any = None, *,
                transient: Any = None, update: bool = False, **kwargs: Any) -> None:
        self._validate_data(data, metadata)
        log = self.port.target if self.port is not None else None
        if log is None:
            return
        display_id = transient.get("display_id") if isinstance(transient, dict) else None
        log.display(data, metadata or {}, display_id=display_id, update=update)

    def clear_output(self, wait: bool = False) -> None:
        log = self.port.target if self.port is not None else None
        if log is not None:
            log.clear(wait)


class KernelDisplayHook(DisplayHook):
    """ipykernel's ZMQShellDisplayHook: the last expression's value as an execute_result."""

    port: Port | None = None

    def start_displayhook(self) -> None:
        self.msg: dict[str, Any] | None = {"data": {}, "metadata": {}, "execution_count": None}

    def write_output_prompt(self) -> None:
        if self.msg is not None:
            self.msg["execution_count"] = self.prompt_count

    def write_format_data(self, format_dict: Any, md_dict: Any = None) -> None:
        if self.msg is not None:
            self.msg["data"] = format_dict
            self.msg["metadata"] = md_dict or {}

    def finish_displayhook(self) -> None:
        msg, self.msg = getattr(self, "msg", None), None
        log = self.port.target if self.port is not None else None
        if msg and msg["data"] and log is not None:
            log.result(msg["data"], msg["metadata"], msg["execution_count"])


class GradingShell(InteractiveShell):
    """InteractiveShell with ipykernel's overrides that matter for a notebook's outputs."""

    displayhook_class = Type(KernelDisplayHook)
    display_pub_class = Type(KernelDisplayPublisher)
    port: Port | None = None  # set by build_shell

    def init_virtualenv(self) -> None:
        """ipykernel skips virtualenv detection (it only warns)."""

    def init_environment(self) -> None:
        """ipykernel's: colours on, pagers off, for subprocesses run with `!`."""
        env = os.environ
        env["TERM"] = "xterm-color"
        env["CLICOLOR"] = "1"
        env["FORCE_COLOR"] = "1"
        env["CLICOLOR_FORCE"] = "1"
        env["PAGER"] = "cat"
        env["GIT_PAGER"] = "cat"

    def enable_gui(self, gui: Any = None) -> None:
        """No GUI event loop in a grading process (the inline backend needs none)."""

    def ask_exit(self) -> None:
        """`exit()` would end a kernel; a graded notebook cannot end early, so it raises."""
        raise SystemExit(0)

    def _showtraceback(self, etype: Any, evalue: Any, stb: list[str]) -> None:
        # as ZMQInteractiveShell._showtraceback: an error output (and kept for the reply)
        self._last_traceback = stb
        log = self.port.target if self.port is not None else None
        if log is not None:
            log.error(getattr(etype, "__name__", str(etype)), evalue, stb)

    def system_piped(self, cmd: str) -> None:
        """ipykernel's: the exit code goes to `_exit_code`, nothing is returned."""
        if cmd.rstrip().endswith("&"):
            raise OSError("Background processes not supported.")
        exit_code = commands.system(self.var_expand(cmd, depth=1))
        self.user_ns["_exit_code"] = exit_code
        if getattr(self, "system_raise_on_error", False) and exit_code != 0:
            from subprocess import CalledProcessError

            raise CalledProcessError(exit_code, cmd)

    system = system_piped

    def getoutput(self, cmd: str, split: bool = True, depth: int = 0) -> Any:
        """IPython's (`!!cmd`, `x = !cmd`, `%sx`): stdout and stderr together."""
        if cmd.rstrip().endswith("&"):
            raise OSError("Background processes not supported.")
        out, exit_code = commands.getoutput(self.var_expand(cmd, depth=depth + 1))
        if getattr(self, "system_raise_on_error", False):
            self.user_ns["_exit_code"] = exit_code
            if exit_code != 0:
                from subprocess import CalledProcessError

                raise CalledProcessError(exit_code, cmd)
        return SList(out.splitlines()) if split else LSString(out)

    def init_magics(self) -> None:
        super().init_magics()
        self.register_magics(SandboxScriptMagics)


@magics_class
class SandboxScriptMagics(ScriptMagics):
    """IPython's %%script, %%bash, %%sh …, with the program started by the job's command
    host when there is one: the cell goes to its stdin, its stdout and stderr to the
    cell's (or to --out/--err variables), a failing program raises CalledProcessError."""

    @cell_magic("script")
    def shebang(self, line: str, cell: str) -> None:
        if not commands.attached():
            return ScriptMagics.shebang(self, line, cell)
        from subprocess import CalledProcessError

        args, cmd = ScriptMagics.shebang.parser.parse_known_args(arg_split(line, posix=True))
        if args.bg or args.proc:
            raise OSError("background scripts (--bg, --proc) are not available while "
                          "grading")
        ns = self.shell.user_ns

        def writer(name: str | None, stream: Any) -> Any:
            if name:
                ns[name] = ""

                def keep(text: str) -> None:
                    ns[name] += text
                return keep

            def show(text: str) -> None:
                stream.write(text)
                stream.flush()
            return show

        if not cell.endswith("\n"):
            cell += "\n"
        code = commands.script(cmd, cell, writer(args.out, sys.stdout),
                               writer(args.err, sys.stderr))
        if code is None:
            print(f"Couldn't find program: {cmd[0]!r}")
            return None
        if args.raise_error and code != 0:
            raise CalledProcessError(code, cell.encode("utf8", "replace"))  # as IPython
        return None

    shebang.parser = ScriptMagics.shebang.parser  # type: ignore[attr-defined]  # IPython's
    # own shebang reads it from `self.shebang` (the local path above)


def no_input(prompt: str = "") -> str:
    """input() under nbclient without stdin."""
    raise StdinNotImplementedError(NO_STDIN)


def no_getpass(prompt: str = "Password: ", stream: Any = None) -> str:
    raise StdinNotImplementedError(NO_STDIN)


class StdinGuard:
    """Puts no_input/no_getpass in place for one cell and back afterwards (as ipykernel)."""

    def __init__(self) -> None:
        self._saved: tuple[Any, Any] | None = None

    def __enter__(self) -> StdinGuard:
        self._saved = (builtins.input, getpass.getpass)
        builtins.input = no_input
        getpass.getpass = no_getpass
        return self

    def __exit__(self, *exc: object) -> None:
        if self._saved is not None:
            builtins.input, getpass.getpass = self._saved
            self._saved = None


TRACEBACK_MODE = "Plain"


def build_shell(ipython_dir: str | None = None) -> GradingShell:
    """One GradingShell, made the process's `get_ipython()` (replacing any other). Its
    IPython directory is `ipython_dir` or a new temporary one (removed when the process
    that made it exits), never ~/.ipython."""
    if ipython_dir is None:
        ipython_dir = tempfile.mkdtemp(prefix="agentloop-ipython-")
        atexit.register(_remove_dir, ipython_dir, os.getpid())
    os.environ["IPYTHONDIR"] = ipython_dir
    if "MPLBACKEND" not in os.environ and _has_inline_backend():
        os.environ["MPLBACKEND"] = INLINE_BACKEND  # what ipykernel sets at start
    config = Config()
    config.HistoryManager.enabled = False  # no SQLite and no history thread before a fork
    config.InteractiveShell.autocall = 0
    config.InteractiveShell.autoindent = False
    # Plain tracebacks: IPython's default context mode reads and highlights source around
    # every frame (some 25 ms an error, and a blank notebook is all errors); the lines that
    # matter — each frame's file, line and code, then the error — are the same
    config.InteractiveShell.xmode = TRACEBACK_MODE
    GradingShell.clear_instance()
    InteractiveShell.clear_instance()
    shell = GradingShell.instance(config=config, ipython_dir=ipython_dir)
    port = Port()
    shell.port = port
    shell.display_pub.port = port
    shell.displayhook.port = port
    return shell


def make_current(shell: InteractiveShell) -> None:
    """Make `shell` what get_ipython() and display() find (student code may have cleared
    it, and a test may have made another) and its module `__main__`, as IPython does."""
    for cls in (type(shell), InteractiveShell):
        if cls.__dict__.get("_instance") is not shell:
            cls._instance = shell
    main = getattr(shell, "user_module", None)
    if main is not None and sys.modules.get("__main__") is not main:
        sys.modules["__main__"] = main


def _remove_dir(path: str, owner: int) -> None:
    if os.getpid() == owner:  # not in forked jobs, which also run atexit handlers
        shutil.rmtree(path, ignore_errors=True)


def _has_inline_backend() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("matplotlib_inline") is not None
    except (ImportError, ValueError):
        return False
