"""The cell runner: a notebook's code cells, one by one, in one IPython namespace.

    runner = CellRunner()           # once, in the zygote (one InteractiveShell)
    runner.warm_up()                # slow imports and first cells, before any student code
    runner.run_student_cell(cell_id, source) -> CellResult   # as a kernel runs it
    runner.run_test_cell(cell_id, source)    -> CellResult   # hardened

Student cells (plain, answer, manually graded) go through the shell as ipykernel runs
them: IPython's transformers and magics, `!cmd`, top-level `await`, `display()`, the
inline matplotlib backend, fds 1 and 2 captured. Whatever happens (SystemExit,
KeyboardInterrupt, any BaseException) becomes the cell's error output; nothing escapes.

Test cells (the teacher's source text) run hardened, because student code shares the
process and may have prepared it to make failing tests look like passes.

Before a test cell the runner puts back, from a snapshot taken before any student code
ran: every builtin (replaced or deleted); the callables, classes and submodules of the
modules a verdict depends on (sys, os, signal, math, operator, functools, numpy, pandas,
pytest, unittest, asyncio, IPython's formatter and transformer, this runner), with their
classes' methods and their functions' code, defaults and closures; `sys.modules`
entries, import hooks and gc callbacks; signal handlers and mask; sys.displayhook,
excepthook and stdin. It cancels timers and alarms and removes trace and profile
functions (threading's too).

It then transforms the source with a fresh `TransformerManager` (not the shell's lists),
rewrites its asserts and its reads of shadowed builtins (`asserts.harden`), compiles it
itself, executes it in the user namespace, catches every BaseException itself, captures
stdout, stderr and fds 1 and 2 itself, and formats a final expression with the
`PlainTextFormatter` made at construction. What reaches the shell's own display
machinery meanwhile (figures, `display()`) is kept only as display_data, stream or
error outputs: an execute_result comes from the runner alone.

After the cell it fails the cell ("TamperError") if a protected attribute was replaced
while it ran (unless by the test's own code), if anything called sys.settrace or
setprofile, or if sys.stderr was left pointing elsewhere than the runner's stream or the
real one. Protected attributes are put back in any case, so a teacher's own patch of
one (say `builtins.input`) lasts only for its test cell.

The outputs are what stock nbgrader's `determine_grade` scores: an error output or any
stderr stream -> 0; else the first execute_result whose text/plain is a number ->
partial credit; else full marks.

What the hardening cannot do, in one process with the student's code:

- It is not a security boundary. Code that a test cell calls (the student's functions)
  runs inside the test and can walk the stack (sys._getframe, tracebacks, generator
  frames) or the heap (gc.get_objects, ctypes) to reach the runner's objects -- the
  capture streams, the output lists, the lie records, this module's functions -- and
  falsify them while the cell runs. Only judging out of process closes that (the
  grader's CHECK cells do: plain data, judged by the grader).
- Student threads keep running during a test cell and can change anything at any time;
  the runner only counts them (a note) and checks protected attributes afterwards. A
  change made and undone within the cell (by a thread, a finalizer, or the student's
  own function) goes unseen. Names in the user namespace that the cell reads
  (`_agentloop_assert_eq` and friends, student globals) can be rebound while it runs.
- Student state is not reset: globals, objects and their `__eq__`/`__bool__`/`__repr__`,
  warning filters, `warnings.showwarning` and logging handlers (silenced warnings stay
  silent, as in stock), the recursion limit, working directory, environment, open
  files. A module first imported after the snapshot has no pristine copy.
- Signal handlers go back to those at construction (or at `adopt_process_state()`): a
  handler the job installs after the fork without adopting it is reset before each
  test cell.
- A test cell's magics (`%%time`, `%run`, `!cmd`) run their body through the shell,
  which student code can alter. Single-line test cells skip IPython's prefilter
  (automagic, autocall); pre/post-execute callbacks do not run for test cells (the
  inline backend's figure flush does, directly).
- `asserts.py` lists which equality lies are caught, and which honest values count as
  lies.
- Native tricks (ctypes writes, C-level signal handlers, fork) are out of reach; seccomp
  and the supervisor handle processes and time.
- fds 1 and 2 go to memory during a cell: a crash's last words (faulthandler's dump) die
  with the process, and writes past the 1 MB cap fail with EPERM.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import io
import itertools
import linecache
import os
import sys
import time
import traceback
import types
from dataclasses import dataclass, field
from typing import Any

from IPython.core.async_helpers import get_asyncio_loop
from IPython.core.displayhook import DisplayHook
from IPython.core.formatters import PlainTextFormatter
from IPython.core.inputtransformer2 import TransformerManager
from IPython.core.ultratb import AutoFormattedTB, SyntaxTB

from . import asserts, hardening, origins
from .baseline import Baseline
from .capture import (
    DEFAULT_CAPS,
    DISPLAY_DATA,
    ERROR,
    EXECUTE_RESULT,
    STDERR,
    STDOUT,
    STREAM,
    CaptureStream,
    FdCapture,
    OutputCaps,
    OutputLog,
)
from .shell import TRACEBACK_MODE, StdinGuard, build_shell, make_current

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

TAMPER_ERROR = "TamperError"
RUNNER_ERROR = "RunnerError"
SHOWTRACEBACK_DISABLED = "ERROR: An error occurred while showtraceback was disabled"
MAX_ERROR_LINE = 300
MAX_NOTES = 20
OWN_MODULES = tuple(f"agentloop_grader.sandbox.{name}" for name in
                    ("cells", "capture", "shell", "hardening", "baseline", "origins",
                     "asserts"))
EXTRA_PROTECTED = (*OWN_MODULES, "matplotlib_inline")

_clock = time.perf_counter
_PyCF_TOP_LEVEL_AWAIT = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
_CO_COROUTINE = inspect.CO_COROUTINE
_compile = compile
_eval = eval
_parse = ast.parse
_semicolon = DisplayHook.semicolon_at_end_of_expression
_plain_call = PlainTextFormatter.__call__.__wrapped__  # raises instead of showing tracebacks


@dataclass(frozen=True)
class CellResult:
    """What one cell produced (the fields of protocol.CellResult, in its order).
    `outputs` are nbformat v4 output dicts, already capped; `error` is one line
    ("ZeroDivisionError: division by zero"); `result_text` is the execute_result's
    text/plain; `lie` says which operand of an assert's == lied."""

    outputs: list[dict[str, Any]]
    error: str | None
    wrote_stderr: bool
    result_text: str | None
    lie: str | None
    seconds: float

    def to_plain(self) -> dict[str, Any]:
        """JSON-ready (what `dataclasses.asdict` gives)."""
        return {"outputs": self.outputs, "error": self.error,
                "wrote_stderr": self.wrote_stderr, "result_text": self.result_text,
                "lie": self.lie, "seconds": self.seconds}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> CellResult:
        return cls(outputs=list(data.get("outputs") or []), error=data.get("error"),
                   wrote_stderr=bool(data.get("wrote_stderr")),
                   result_text=data.get("result_text"), lie=data.get("lie"),
                   seconds=float(data.get("seconds") or 0.0))


class CellRunner:
    """One IPython shell and the notebook's namespace; see the module docstring."""

    def __init__(self, *, caps: OutputCaps = DEFAULT_CAPS, ipython_dir: str | None = None,
                 capture_fds: bool = True, protect: tuple[str, ...] = ()) -> None:
        """`ipython_dir`: IPython's directory (default: a new temporary one). `capture_fds`:
        catch writes to file descriptors 1 and 2 into the cell's outputs, as ipykernel
        does. `protect`: more packages (names or prefixes, e.g. "scipy") whose attributes
        test cells get back as they were. Installs the process-wide audit hook."""
        origins.install_audit_hook()
        self._caps = caps
        self._shell = build_shell(ipython_dir)
        self._port = self._shell.port
        self._ns: dict[str, Any] = self._shell.user_ns
        self._stdout = CaptureStream(STDOUT, self._target, 1)
        self._stderr = CaptureStream(STDERR, self._target, 2)
        self._fds = FdCapture(caps.max_fd_bytes) if capture_fds else None
        self._stdin = StdinGuard()
        self._formatter = PlainTextFormatter()
        self._tb = AutoFormattedTB(mode=TRACEBACK_MODE, theme_name=self._shell.colors)
        self._syntax_tb = SyntaxTB(theme_name=self._shell.colors)
        self._protect = (*EXTRA_PROTECTED, *protect)
        self._test_count = 0
        self.last_notes: tuple[str, ...] = ()  # what the hardening undid or saw, last cell
        self._snapshot()

    def _target(self) -> OutputLog | None:
        return self._port.target

    def _snapshot(self) -> None:
        """The pristine state test cells get back (call only before student code runs)."""
        self._baseline = Baseline(self._protect)
        self._process = hardening.ProcessState()
        self._origins = origins.CodeOrigins(self._baseline.files)
        self._guarded = asserts.guarded_names(self._baseline.builtins)
        self._pristine = types.MappingProxyType(self._baseline.builtins)
        self._real_stderr = sys.__stderr__
        origins.AUDIT.functions_changed = False  # the snapshot is the new reference

    @property
    def shell(self) -> Any:
        """The InteractiveShell (student code reaches it too, via get_ipython())."""
        return self._shell

    def adopt_process_state(self) -> None:
        """Make the current signal handlers, signal mask, sys hooks, import hooks and gc
        callbacks what test cells get back. A job calls this after its own setup (its
        signal handlers, import hooks) and before the first student cell."""
        self._process = hardening.ProcessState()

    @property
    def namespace(self) -> dict[str, Any]:
        """The notebook's namespace: what the cells defined."""
        return self._ns

    def warm_up(self) -> None:
        """Do the slow things once, before any student code (in the zygote, before forks):
        matplotlib's inline backend and font cache, traceback formatting, a student cell
        and a test cell. Then take the pristine snapshot again, with what got imported."""
        # only where the notebooks use matplotlib (their imports were preloaded): it costs
        # half a second of every worker's start
        if "inline" in os.environ.get("MPLBACKEND", "") and "matplotlib" in sys.modules:
            try:
                # pyplot's import hooks the inline backend into the shell, as in a kernel
                import matplotlib.pyplot as plt

                fig = plt.figure(figsize=(1, 1))
                fig.gca().plot([0, 1])
                fig.savefig(io.BytesIO(), format="png")  # loads the font cache
                plt.close("all")
            except Exception:
                pass  # no matplotlib: nothing to warm
        self._run_student("warm-up", "pass", store_history=False)
        self._run_student("warm-up", "1 / 0", store_history=False)
        count = self._shell.execution_count
        self.run_test_cell("warm-up", "assert 1 == 1, 'warm'\n0.5")
        self.run_test_cell("warm-up", "raise ValueError('warm')")
        self._shell.execution_count = count
        self._snapshot()

    # --- student cells -----------------------------------------------------------------

    def run_student_cell(self, cell_id: str, source: str) -> CellResult:
        """Run like ipykernel: outputs as nbclient records them. Never raises."""
        return self._run_student(cell_id, source, store_history=True)

    def _run_student(self, cell_id: str, source: str, store_history: bool) -> CellResult:
        start = _clock()
        log = OutputLog(self._caps)
        saved = (sys.stdout, sys.stderr)
        try:
            try:
                self._enter(log)
                with self._stdin:
                    self._shell._last_traceback = None
                    result = self._shell.run_cell(str(source), store_history=store_history,
                                                  cell_id=cell_id)
            finally:
                self._leave(log, saved)
            err = result.error_before_exec
            if err is None:
                err = result.error_in_exec
            if err is not None and not any(o["output_type"] == ERROR and
                                           o["ename"] == _name(type(err))
                                           for _, o in log.entries()):
                # stock nbgrader adds the reply's error when no error output came
                # (showtraceback replaced, exception groups printed to stderr)
                log.error(_name(type(err)), _safe_str(err),
                          self._shell._last_traceback or [SHOWTRACEBACK_DISABLED])
        except BaseException as exc:
            log.error(_name(type(exc)), _safe_str(exc), self._format_tb(exc))
        self.last_notes = ()
        return _cell_result(log, start, lie=None)

    def _enter(self, log: OutputLog) -> None:
        origins.AUDIT.in_cell = True
        make_current(self._shell)
        self._port.target = log
        sys.stdout, sys.stderr = self._stdout, self._stderr
        if self._fds is not None:
            self._fds.start()

    def _leave(self, log: OutputLog, saved: tuple[Any, Any]) -> None:
        try:
            if self._fds is not None:
                for name, text in self._fds.stop():
                    log.stream(name, text)
        finally:
            sys.stdout, sys.stderr = saved
            self._port.target = None
            origins.AUDIT.in_cell = False

    # --- test cells --------------------------------------------------------------------

    def run_test_cell(self, cell_id: str, source: str) -> CellResult:
        """Run the teacher's source hardened (module docstring). Never raises."""
        start = _clock()
        self.last_notes = ()
        try:
            return self._run_test(cell_id, str(source), start)
        except BaseException as exc:
            try:
                log = OutputLog(self._caps)
                log.error(_name(type(exc)), _safe_str(exc), self._format_tb(exc))
                self.last_notes = ("the runner itself was interrupted",)
                return _cell_result(log, start, lie=None)
            except BaseException:  # still an error output: a test that did not run fails
                return CellResult([{"output_type": ERROR, "ename": RUNNER_ERROR,
                                    "evalue": "interrupted", "traceback": []}],
                                  f"{RUNNER_ERROR}: interrupted", False, None, None,
                                  _clock() - start)

    def _run_test(self, cell_id: str, source: str, start: float) -> CellResult:
        audit = origins.AUDIT
        audit.traced = []
        notes = hardening.restore_all(self._baseline, self._process, self._origins)
        threads = hardening.other_threads()
        if threads:
            notes.append(f"{threads} other thread(s) were running")
        seq = itertools.count().__next__
        run = _TestRun(log=OutputLog(self._caps, seq),  # only the runner writes here
                       relay=OutputLog(self._caps, seq),  # what reached the shell
                       probe=asserts.EqualityProbe(self._origins.is_student))
        self._test_count += 1
        count = self._next_execution_count()
        try:
            main, tail, temps = self._compile_test(
                source, f"<test cell {cell_id} #{self._test_count}>")
        except BaseException as exc:  # SyntaxError, or anything odd in the transform
            run.failure = exc
        else:
            self._exec_test(run, main, tail, temps)

        tampered = hardening.student_changes(self._baseline, self._origins)
        tampered += [name for name, obj in run.helpers.items() if self._ns.get(name) is not obj]
        if run.stderr_replaced:
            tampered.append("sys.stderr")
        lie = run.probe.lies[0] if run.probe.lies else None
        log = run.log
        log.extend(_sanitized(run.relay, log))
        if run.failure is not None:
            log.error(_name(type(run.failure)), _safe_str(run.failure),
                      self._format_tb(run.failure))
        elif lie is not None:
            log.error("AssertionError", lie, [f"AssertionError: {lie}"])
        messages = _tamper_messages(tampered, audit.traced)
        for message in messages:
            log.error(TAMPER_ERROR, message, [f"{TAMPER_ERROR}: {message}"])
        if run.failure is None and lie is None and not messages and run.value is not None:
            log.result({"text/plain": run.value}, {}, count)
        self.last_notes = _cap(notes + messages)
        return _cell_result(log, start, lie=lie)

    def _exec_test(self, run: _TestRun, main: Any, tail: Any, temps: int) -> None:
        """Execute the compiled test in the user namespace with the runner's own streams,
        builtins and helpers; everything the cell raises lands in `run.failure`."""
        audit = origins.AUDIT
        ns = self._ns
        run.helpers = {asserts.EQ_HELPER: run.probe, asserts.BUILTINS_NAME: self._pristine}
        saved = (sys.stdout, sys.stderr)
        err = CaptureStream(STDERR, lambda: run.log, 2)
        make_current(self._shell)
        self._port.target = run.relay
        audit.in_cell = True
        try:
            with self._stdin:
                ns.update(run.helpers)
                self._shell.user_ns_hidden.update(run.helpers)  # not listed by %who
                ns["__builtins__"] = builtins  # student code may have pointed it elsewhere
                sys.stdout = CaptureStream(STDOUT, lambda: run.log, 1)
                sys.stderr = err
                if self._fds is not None:
                    self._fds.start()
                audit.in_test = True
                try:
                    value, has_value = self._execute(main, tail, ns)
                    if has_value and value is not None:
                        run.value = self._format(value)
                    self._flush_figures()
                finally:
                    audit.in_test = False
                    audit.own = True
                    try:
                        self._process.reset(self._origins)  # first: no tracer, no alarm
                    finally:
                        audit.own = False
                    # a test may point stderr back at the real one, not elsewhere
                    run.stderr_replaced = sys.stderr is not err and \
                        sys.stderr is not self._real_stderr
        except BaseException as exc:
            run.failure, run.value = exc, None
        finally:
            self._finish_capture(run.log, saved)
            self._port.target = None
            audit.in_cell = False
            for i in range(1, temps + 1):
                ns.pop(f"{asserts.TEMP_PREFIX}{i}", None)

    def _next_execution_count(self) -> int | None:
        """Test cells count like kernel cells: In[n], then n + 1."""
        try:
            count = int(self._shell.execution_count)
            self._shell.execution_count = count + 1
            return count
        except Exception:
            return None

    def _compile_test(self, source: str, filename: str) -> tuple[Any, Any, int]:
        """Fresh IPython transform, hardened AST, the runner's own compile."""
        audit = origins.AUDIT
        transformed = TransformerManager().transform_cell(source)
        shadowed = asserts.shadowed(self._ns, self._guarded, self._baseline.builtins,
                                    self._origins.made_by_student)
        audit.own = True
        try:
            tree = _parse(transformed, filename, "exec")
            temps = asserts.harden(tree, shadowed)
            body = tree.body
            last = None
            if body and isinstance(body[-1], ast.Expr) and not _ends_quiet(transformed):
                last = ast.Expression(body.pop().value)
            flags = _PyCF_TOP_LEVEL_AWAIT
            main = _compile(ast.Module(body=body, type_ignores=[]), filename, "exec",
                            flags, dont_inherit=True, optimize=0)
            tail = _compile(last, filename, "eval", flags, dont_inherit=True,
                            optimize=0) if last is not None else None
        finally:
            audit.own = False
        for code in (main, tail):
            if code is not None:
                self._origins.add_teacher(code)
        lines = transformed.splitlines(keepends=True)
        linecache.cache[filename] = (len(transformed), None, lines, filename)
        return main, tail, temps

    def _execute(self, main: Any, tail: Any, ns: dict[str, Any]) -> tuple[Any, bool]:
        result = _eval(main, ns)
        if main.co_flags & _CO_COROUTINE:
            get_asyncio_loop().run_until_complete(result)
        if tail is None:
            return None, False
        value = _eval(tail, ns)
        if tail.co_flags & _CO_COROUTINE:
            value = get_asyncio_loop().run_until_complete(value)
        return value, True

    def _format(self, value: Any) -> str:
        """IPython's plain-text repr, from the formatter made at construction."""
        text = _plain_call(self._formatter, value)
        return text if type(text) is str else str.__str__(str(text))

    def _flush_figures(self) -> None:
        """Show figures drawn by the test cell, as the inline backend's post-execute
        callback does in a kernel (the only post-execute callback a test cell gets)."""
        backend = sys.modules.get("matplotlib_inline.backend_inline")
        flush = getattr(backend, "flush_figures", None)
        callbacks = getattr(getattr(self._shell, "events", None), "callbacks", {})
        if flush is not None and flush in callbacks.get("post_execute", ()):
            flush()

    def _finish_capture(self, log: OutputLog, saved: tuple[Any, Any]) -> None:
        try:
            if self._fds is not None:
                for name, text in self._fds.stop():
                    log.stream(name, text)
        finally:
            sys.stdout, sys.stderr = saved

    def _format_tb(self, exc: BaseException) -> list[str]:
        """IPython-style traceback lines, without the runner's own frames."""
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
            tb = tb.tb_next
        try:
            if isinstance(exc, SyntaxError):
                return self._syntax_tb.structured_traceback(type(exc), exc, [])
            return self._tb.structured_traceback(type(exc), exc, tb)
        except BaseException:
            try:
                return "".join(traceback.format_exception(type(exc), exc, tb)).splitlines()
            except BaseException:
                return [f"{_name(type(exc))}: {_safe_str(exc)}"]


@dataclass
class _TestRun:
    """One test cell's state while it runs."""

    log: OutputLog
    relay: OutputLog
    probe: asserts.EqualityProbe
    helpers: dict[str, Any] = field(default_factory=dict)
    failure: BaseException | None = None
    value: str | None = None  # the final expression's text/plain
    stderr_replaced: bool = False


def _tamper_messages(changed: list[str], traced: list[str]) -> list[str]:
    messages = []
    if changed:
        shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5
                                           else "")
        messages.append(f"code run by this test cell replaced {shown}")
    if traced:
        messages.append(f"code run by this test cell called {traced[0]}")
    return messages


def _ends_quiet(source: str) -> bool:
    """A trailing `;` silences the last expression, as in IPython."""
    try:
        return bool(_semicolon(source))
    except Exception:
        return False


def _sanitized(relay: OutputLog, log: OutputLog) -> list[tuple[int, dict[str, Any]]]:
    """Outputs that went through the shell during a test cell, rebuilt from plain values:
    streams, display data and errors; an execute_result becomes display data (only the
    runner makes a test cell's result)."""
    kept: list[tuple[int, dict[str, Any]]] = []
    try:
        entries = list(OutputLog.entries(relay))
    except BaseException:
        return kept
    for seq, out in entries[: log.caps.max_outputs]:
        if type(seq) is not int or type(out) is not dict:
            continue
        kind = out.get("output_type")
        if kind == STREAM and out.get("name") in (STDOUT, STDERR):
            text = out.get("text")
            if isinstance(text, str):
                kept.append((seq, {"output_type": STREAM, "name": str(out["name"]),
                                   "text": str.__str__(text)[: log.caps.max_stream_bytes]}))
        elif kind in (DISPLAY_DATA, EXECUTE_RESULT):
            tmp = OutputLog(log.caps)
            tmp.display(out.get("data"), out.get("metadata"))
            for _, clean in tmp.entries():
                kept.append((seq, clean))
        elif kind == ERROR:
            tmp = OutputLog(log.caps)
            tmp.error(out.get("ename"), out.get("evalue"), out.get("traceback"))
            for _, clean in tmp.entries():
                kept.append((seq, clean))
    return kept


def _cell_result(log: OutputLog, start: float, *, lie: str | None) -> CellResult:
    outputs = log.outputs()
    error = None
    result_text = None
    for out in outputs:
        if error is None and out["output_type"] == ERROR:
            error = _one_line(out["ename"], out["evalue"])
        if result_text is None and out["output_type"] == EXECUTE_RESULT:
            text = out["data"].get("text/plain")
            result_text = text if isinstance(text, str) else None
    wrote_stderr = log.wrote_stderr or any(
        o["output_type"] == STREAM and o["name"] == STDERR for o in outputs)
    return CellResult(outputs=outputs, error=error, wrote_stderr=wrote_stderr,
                      result_text=result_text, lie=lie, seconds=float(_clock() - start))


def _one_line(ename: str, evalue: str) -> str:
    line = f"{ename}: {evalue}" if evalue else ename
    line = " ".join(line.split())
    return line if len(line) <= MAX_ERROR_LINE else line[: MAX_ERROR_LINE - 3] + "..."


def _name(cls: Any) -> str:
    try:
        name = type.__dict__["__name__"].__get__(cls)
        return name if type(name) is str else "Exception"
    except Exception:
        return "Exception"


def _safe_str(exc: BaseException) -> str:
    try:
        text = str(exc)
        return text if type(text) is str else str.__str__(text)
    except BaseException:
        return f"<unprintable {_name(type(exc))}>"


def _cap(notes: list[str]) -> tuple[str, ...]:
    if len(notes) <= MAX_NOTES:
        return tuple(notes)
    return (*notes[: MAX_NOTES - 1], f"... and {len(notes) - MAX_NOTES + 1} more")
