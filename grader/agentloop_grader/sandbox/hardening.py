"""Undoing what student code did to the process before a test cell, and noticing what
it did during one.

- `ProcessState`: signal handlers and mask, timers, trace/profile hooks, sys hooks,
  import hooks and gc callbacks, reset to how they were (baseline.py does module and
  class attributes, origins.py tells student code from the rest).
- `restore_all()` before a test cell; `student_changes()` after it.
"""

from __future__ import annotations

import builtins
import faulthandler
import gc
import operator
import signal
import sys
import threading
from typing import Any

from .baseline import Baseline
from .origins import AUDIT, MISSING, CodeOrigins

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

# Saved before any student code runs: the runner calls these, never the module attributes.
_settrace = sys.settrace
_setprofile = sys.setprofile
_gettrace = sys.gettrace
_getprofile = sys.getprofile
_getsignal = signal.getsignal
_signal = signal.signal
_setitimer = signal.setitimer
_pthread_sigmask = signal.pthread_sigmask
_valid_signals = signal.valid_signals

TIMERS = tuple(getattr(signal, n) for n in ("ITIMER_REAL", "ITIMER_VIRTUAL", "ITIMER_PROF")
               if hasattr(signal, n))
SYS_HOOKS = ("displayhook", "excepthook", "breakpointhook", "unraisablehook", "stdin")


class ProcessState:
    """Signal handlers, signal mask, thread hooks, sys hooks, import hooks and gc callbacks
    as they were at capture."""

    def __init__(self) -> None:
        self.handlers: dict[int, Any] = {}
        for sig in _valid_signals():
            try:
                handler = _getsignal(sig)
            except (ValueError, OSError):
                continue
            if handler is not None:
                self.handlers[sig] = handler
        try:
            self.mask = _pthread_sigmask(signal.SIG_BLOCK, [])
        except (OSError, ValueError):
            self.mask = None
        self.sys_hooks = {name: getattr(sys, name, None) for name in SYS_HOOKS}
        self.meta_path = list(sys.meta_path)
        self.path_hooks = list(sys.path_hooks)
        self.gc_callbacks = list(gc.callbacks)
        self.thread_hooks = {name: getattr(threading, name) for name in
                             ("_trace_hook", "_profile_hook") if hasattr(threading, name)}

    def reset(self, origins: CodeOrigins | None = None) -> list[str]:
        """Back to the captured state; returns a note per thing that had to be undone.

        Timers go first so that no student alarm fires after its handler is reset; a
        signal already pending then meets the default handler, which Python skips. Import
        hooks and gc callbacks lose what student code added (per `origins`) and get back
        what it removed; others' additions stay (e.g. an import hook)."""
        notes = []
        for timer in TIMERS:
            try:
                left, _ = _setitimer(timer, 0)
            except (OSError, ValueError):
                continue
            if left:
                notes.append(f"cancelled a pending timer ({left:.2f} s left)")
        if _gettrace() is not None or _getprofile() is not None:
            notes.append("removed a trace or profile function")
        _settrace(None)
        _setprofile(None)
        for name, value in self.thread_hooks.items():
            if getattr(threading, name, None) is not value:
                notes.append(f"reset threading.{name}")
                setattr(threading, name, value)
        for sig, handler in self.handlers.items():
            try:
                if _getsignal(sig) is not handler:
                    _signal(sig, handler)
                    notes.append(f"reset the handler of {_signame(sig)}")
            except (OSError, ValueError, TypeError):
                continue  # not in the main thread, or an uncatchable signal
        if self.mask is not None:
            try:
                if _pthread_sigmask(signal.SIG_SETMASK, self.mask) != self.mask:
                    notes.append("reset the blocked-signal mask")
            except (OSError, ValueError):
                pass
        try:
            faulthandler.cancel_dump_traceback_later()
        except RuntimeError:
            pass
        for name, value in self.sys_hooks.items():
            if getattr(sys, name, None) is not value:
                notes.append(f"reset sys.{name}")
                setattr(sys, name, value)
        for name, saved in (("meta_path", self.meta_path), ("path_hooks", self.path_hooks)):
            current = getattr(sys, name, None)
            cleaned = _cleaned(current, saved, origins)
            if cleaned is not None:
                notes.append(f"reset sys.{name}")
                setattr(sys, name, cleaned)
        cleaned = _cleaned(gc.callbacks, self.gc_callbacks, origins)
        if cleaned is not None:
            notes.append("reset gc.callbacks")
            gc.callbacks[:] = cleaned
        return notes


def _cleaned(current: Any, saved: list[Any], origins: CodeOrigins | None) -> list[Any] | None:
    """`current` without student-made entries, with `saved` entries that went missing;
    None if nothing needs changing."""
    if type(current) is not list:
        return list(saved)
    if len(current) == len(saved) and all(map(operator.is_, current, saved)):
        return None  # the usual case: untouched
    if origins is None:  # nothing to tell the student's entries by: back to the snapshot
        kept = [x for x in current if any(x is y for y in saved)]
    else:
        kept = [x for x in current if not origins.made_by_student(x)]
    kept += [y for y in saved if not any(y is x for x in kept)]
    same = len(kept) == len(current) and all(map(operator.is_, kept, current))
    return None if same else kept


def _signame(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def other_threads() -> int:
    """Python threads other than this one (student threads keep running during a test)."""
    return max(len(sys._current_frames()) - 1, 0)


def restore_all(baseline: Baseline, process: ProcessState,
                origins: CodeOrigins | None = None) -> list[str]:
    """Before a test cell: everything back; notes on what had to be undone."""
    AUDIT.own = True
    try:
        notes = process.reset(origins)
    finally:
        AUDIT.own = False
    notes.extend(f"restored {what}" for what, _ in baseline.restore())
    return notes


def student_changes(baseline: Baseline, origins: CodeOrigins) -> list[str]:
    """After a test cell: protected attributes that changed while it ran, except to values
    the teacher's own test code made. Everything is put back either way."""
    return [what for what, found in baseline.restore()
            if found is MISSING or not origins.made_by_teacher(found)]
