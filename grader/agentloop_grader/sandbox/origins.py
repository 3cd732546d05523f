"""Where code came from: student cells, the teacher's test cells, or the libraries.

One process-wide audit hook (hooks cannot be removed; a fork inherits it) watches what
no Python-level patch can hide: `compile()` and `CodeType.replace` (the filenames given
to student-made code), function `__code__`/defaults being set, sys.settrace/setprofile
calls during a test cell, and new audit hooks, which it refuses while cells run (a
student hook could re-patch builtins after the runner restores them).
"""

from __future__ import annotations

import builtins
import functools
import os
import sys
import sysconfig
import types
from collections.abc import Iterable
from typing import Any

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

MISSING: Any = object()
_isfile = os.path.isfile
_FUNCTION = types.FunctionType

TAINT_CAP = 10_000
USER_MODULE = "__main__"  # what IPython names the notebook's module
WATCHED_EVENTS = frozenset({"sys.addaudithook", "compile", "code.__new__", "sys.settrace",
                            "sys.setprofile", "object.__setattr__", "object.__delattr__"})
FUNCTION_INTERNALS = frozenset({"__code__", "__defaults__", "__kwdefaults__"})


class AuditState:
    """Shared with the process-wide audit hook (one per process: hooks cannot be removed)."""

    def __init__(self) -> None:
        self.own = False  # the runner itself is compiling or resetting hooks
        self.in_cell = False  # a student or test cell is running
        self.in_test = False
        self.traced: list[str] = []
        self.tainted: set[str] = set()
        self.overflow = False
        self.functions_changed = False  # some function's code or defaults were set


AUDIT = AuditState()


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event not in WATCHED_EVENTS:
        return
    state = AUDIT
    if event == "sys.addaudithook":
        # A student audit hook could re-patch builtins after the runner restores them.
        # RuntimeError from a hook makes Python refuse the new hook silently. Outside
        # cells (the job's own setup) hooks may still be added.
        if state.in_cell:
            raise RuntimeError("audit hooks are not allowed in graded code")
        return
    if event.startswith("object."):
        if len(args) > 1 and args[1] in FUNCTION_INTERNALS:
            state.functions_changed = True
        return
    if state.own:
        return
    if event in ("sys.settrace", "sys.setprofile"):
        if state.in_test:
            state.traced.append(event)
        return
    filename = args[1] if len(args) > 1 else None
    if not isinstance(filename, str) or filename in state.tainted:
        return
    if event == "compile" and _same_as_file(args[0], filename):
        return  # the import system compiling a real file: the genuine code
    if len(state.tainted) >= TAINT_CAP:
        state.overflow = True
    else:
        state.tainted.add(filename)


def _same_as_file(source: Any, filename: str) -> bool:
    if not isinstance(source, (bytes, str)) or not _isfile(filename):
        return False
    try:
        with open(filename, "rb") as handle:
            data = handle.read()
    except OSError:
        return False
    return data == (source.encode("utf-8") if isinstance(source, str) else source)


_installed = False


def install_audit_hook() -> None:
    """Once per process (a fork inherits it)."""
    global _installed
    if not _installed:
        sys.addaudithook(_audit)
        _installed = True


def audit_hook_installed() -> bool:
    return _installed


class CodeOrigins:
    """Tells student code from the teacher's and the libraries'.

    Student code: compiled by the shell for a student cell, compiled or built (compile(),
    exec of a string, CodeType.replace) from anything but a real file's own source, or
    read from a file outside the directories of the Python installation and of the
    modules loaded before the first cell (a module the student wrote and imported).
    Teacher code: what the runner compiled for a test cell."""

    def __init__(self, files: Iterable[str]) -> None:
        self.teacher: set[types.CodeType] = set()
        self.files = frozenset(files)
        paths = sysconfig.get_paths()
        roots = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
        for name, mod in list(sys.modules.items()):
            path = getattr(mod, "__file__", None)
            if "." not in name and isinstance(path, str) and hasattr(mod, "__path__"):
                roots.add(os.path.dirname(path))  # a package loaded before student code
        self.roots = tuple(sorted(os.path.join(r, "") for r in roots if r))

    def add_teacher(self, code: types.CodeType) -> None:
        stack = [code]
        while stack:
            c = stack.pop()
            self.teacher.add(c)
            stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))

    def is_student(self, code: types.CodeType) -> bool:
        if code in self.teacher:
            return False
        filename = code.co_filename
        if filename in AUDIT.tainted or AUDIT.overflow:
            return True
        if filename in self.files or filename.startswith("<frozen "):
            return False
        return not filename.startswith(self.roots)

    def made_by_teacher(self, value: Any) -> bool:
        """A value the teacher's test code made (so replacing a protected attribute with it
        is the test's own doing, e.g. `builtins.input = lambda prompt="": "3"`)."""
        if isinstance(value, type):
            codes = [code_of(v) for v in class_dict(value).values()]
            codes = [c for c in codes if c is not None]
            return bool(codes) and all(c in self.teacher for c in codes)
        code = code_of(value)
        return code is not None and code in self.teacher

    def made_by_student(self, value: Any) -> bool:
        """Student code, a class defined in a student cell, or an instance of one.
        Looks only at code objects and class namespaces: runs no student code."""
        code = code_of(value)
        if code is not None:
            return self.is_student(code)
        cls = value if isinstance(value, type) else type(value)
        module = class_dict(cls).get("__module__")
        if module is None:
            return False  # a built-in type
        # a str subclass here could lie when compared, so it counts as the student's
        return (type(module) is not str or module == USER_MODULE) and not (
            self.made_by_teacher(cls))


def code_of(value: Any) -> types.CodeType | None:
    """The Python code a callable runs, through methods, descriptors and partials."""
    # exact type checks: an object can claim any class through a `__class__` property
    for _ in range(8):
        kind = type(value)
        if kind is _FUNCTION:
            return value.__code__
        if kind in (staticmethod, classmethod, types.MethodType):
            value = value.__func__
        elif kind is functools.partial:
            value = value.func
        elif kind in (types.BuiltinFunctionType, types.WrapperDescriptorType,
                      types.MethodWrapperType, types.MethodDescriptorType):
            return None
        else:
            call = lookup(type(value), "__call__")
            if call is MISSING or isinstance(call, types.WrapperDescriptorType):
                return None
            value = call
    return None


def class_dict(cls: type) -> Any:
    """A class's own namespace, even if its metaclass fakes `__dict__`."""
    return type.__dict__["__dict__"].__get__(cls)


def lookup(cls: type, name: str) -> Any:
    """`name` on a class through its MRO, without running descriptors or __getattr__."""
    for klass in type.__dict__["__mro__"].__get__(cls):
        d = type.__dict__["__dict__"].__get__(klass)
        if name in d:
            return d[name]
    return MISSING
