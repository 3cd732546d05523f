"""The attributes test cells rely on, as they were before any student code ran.

`Baseline` keeps, for the protected modules (builtins, sys, os, signal, math, operator,
numpy, pandas, pytest, unittest, asyncio, IPython's formatter and transformer, the course
library, the cell runner): module and class attributes that are callables, classes or
modules, and each Python function's `__code__`, defaults and callable closure cells.
`restore()` puts back what changed and lists it. A check costs well under a millisecond:
on CPython 3.11 a dict's private version tag says whether it changed at all
(`DictVersion`), and the audit hook says whether any function's code or defaults were
set. `warnings` and `logging` are deliberately not protected: a student who silences
warnings keeps them silent, as in stock.
"""

from __future__ import annotations

import builtins
import gc
import operator
import sys
import types
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from .origins import AUDIT, MISSING, audit_hook_installed

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

# Modules a test cell's verdict can depend on: restored before every test cell.
PROTECTED_MODULES = (
    "builtins", "sys", "os", "posix", "posixpath", "signal", "_signal", "threading",
    "_thread", "io", "_io", "abc", "_abc", "traceback", "types", "functools", "_functools",
    "operator", "_operator", "math", "cmath", "decimal", "_decimal", "_pydecimal",
    "fractions", "numbers", "statistics", "collections", "collections.abc",
    "_collections_abc", "_collections", "copy", "re", "ast", "inspect", "dataclasses",
    "enum", "faulthandler", "gc", "linecache", "tokenize", "codeop", "importlib",
    "contextlib", "weakref", "_weakref", "itertools", "difflib", "pprint", "reprlib",
    "json", "json.decoder", "json.encoder", "string", "keyword",
)
# ... and every loaded module whose name is one of these or starts with one plus ".".
PROTECTED_PACKAGES = (
    "asyncio", "unittest", "numpy", "pandas", "_pytest", "pytest", "agentloop",
    "IPython.core.formatters", "IPython.lib.pretty",
    "IPython.core.inputtransformer2", "IPython.core.async_helpers", "IPython.core.error",
)

Change = tuple[str, Any]  # (what, the value found there)

# Saved before any student code runs: the runner calls these, never the type's attributes.
_type_setattr = type.__setattr__
_type_delattr = type.__delattr__
_FUNCTION = types.FunctionType
_MODULE = types.ModuleType


def protected_names(extra: Iterable[str] = ()) -> list[str]:
    """Names of loaded modules to protect (sys.modules order)."""
    packages = (*PROTECTED_PACKAGES, *extra)
    wanted = set(PROTECTED_MODULES)
    return [name for name, mod in list(sys.modules.items())
            if isinstance(mod, _MODULE) and (name in wanted or any(
                name == p or name.startswith(p + ".") for p in packages))]


def _keep(value: Any) -> bool:
    return callable(value) or isinstance(value, _MODULE)


def _functions_in(value: Any) -> Iterable[types.FunctionType]:
    """Python functions reachable from a class attribute (unwrapping descriptors)."""
    if isinstance(value, (staticmethod, classmethod)):
        value = value.__func__
    if isinstance(value, property):
        yield from (f for f in (value.fget, value.fset, value.fdel) if isinstance(f, _FUNCTION))
        return
    if isinstance(value, _FUNCTION):
        yield value
        wrapped = value.__dict__.get("__wrapped__") if hasattr(value, "__dict__") else None
        if isinstance(wrapped, _FUNCTION):
            yield wrapped


def _closure_of(fn: types.FunctionType) -> tuple[tuple[Any, Any], ...]:
    """(cell, content) for closure cells that hold callables (data cells may change)."""
    cells = []
    for cell in fn.__closure__ or ():
        try:
            content = cell.cell_contents
        except ValueError:
            continue
        if callable(content):
            cells.append((cell, content))
    return tuple(cells)


SYS_TRANSIENT = frozenset({"last_type", "last_value", "last_traceback", "last_exc"})
_contents = operator.attrgetter("cell_contents")
_is_not = operator.is_not


@dataclass
class _Dict:
    """Saved entries of a module's or class's namespace (keys and values kept apart so
    that the check is one C-level pass)."""

    label: str
    owner: Any
    keys: tuple[str, ...]
    values: tuple[Any, ...]
    size: int = -1  # classes: the namespace size, to notice added methods
    all_keys: frozenset[str] = frozenset()
    version: Any = None  # a DictVersion: "not modified at all since the last check"

    def drifted(self) -> bool:
        if self.version is not None and self.version.unchanged():
            return False
        ns = self.owner.__dict__
        if 0 <= self.size != len(ns):
            return True
        if any(map(_is_not, map(ns.get, self.keys, repeat(MISSING)), self.values)):
            return True
        if self.version is not None:
            self.version.mark()  # modified, but not where it matters (IPython's traps)
        return False


class DictVersion:
    """CPython 3.11's private dict version tag (PEP 509), read in place: every insertion,
    deletion or replacement in a dict gives it a new value. Comparing it is far cheaper
    than comparing the saved entries, which is the fallback (other Pythons, or if the
    self-test in `available()` fails)."""

    OFFSET = 3 * 8  # after ob_refcnt, ob_type and ma_used in PyDictObject

    def __init__(self, d: dict[str, Any]) -> None:
        import ctypes

        self._dict = d  # keeps the address valid
        self._view = ctypes.c_uint64.from_address(id(d) + self.OFFSET)
        self._seen = self._view.value

    def unchanged(self) -> bool:
        return self._view.value == self._seen

    def mark(self) -> None:
        self._seen = self._view.value

    @classmethod
    def available(cls) -> bool:
        if (sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11)
                or hasattr(sys, "gettotalrefcount") or sys.maxsize != 2**63 - 1):
            return False
        try:
            import ctypes

            probe: dict[str, Any] = {"a": 1}
            used = ctypes.c_ssize_t.from_address(id(probe) + 2 * 8)
            version = cls(probe)
            before = version._view.value
            probe["b"] = 2
            changed = version._view.value != before and used.value == 2
            version.mark()
            probe["b"] = 3
            return changed and not version.unchanged()
        except Exception:
            return False


_VERSIONS = DictVersion.available()


def _version_of(namespace: Any) -> DictVersion | None:
    """A DictVersion of a module dict or of the dict behind a class's mappingproxy."""
    if not _VERSIONS:
        return None
    if not isinstance(namespace, dict):
        referents = gc.get_referents(namespace)
        if len(referents) != 1 or not isinstance(referents[0], dict):
            return None
        namespace = referents[0]
    return DictVersion(namespace)


@dataclass
class _Functions:
    """Saved code, defaults and callable closure cells of Python functions."""

    labels: list[str]
    fns: list[types.FunctionType]
    codes: list[Any]
    defaults: list[Any]
    kwdefaults: list[Any]
    cells: list[Any]
    cell_labels: list[str]
    contents: list[Any]

    def drifted(self) -> bool:
        # Reading __code__ and the defaults raises an audit event per function (slow with
        # a hook installed); setting them does too, so the audit hook flags those.
        if AUDIT.functions_changed or not audit_hook_installed():
            return True
        try:
            return any(map(_is_not, map(_contents, self.cells), self.contents))
        except ValueError:  # a closure cell was emptied
            return True


class Baseline:
    """The protected modules' attributes as they were when it was made (before any
    student code). `restore()` puts back what was replaced, and what was deleted from
    builtins or a class (a module attribute or `sys.modules` entry that is gone only
    makes a test fail, and the job's own setup may remove some). A check
    costs well under a millisecond when nothing changed."""

    def __init__(self, extra_packages: Iterable[str] = ()) -> None:
        self.modules: list[_Dict] = []
        self.classes: list[_Dict] = []
        self.functions = _Functions([], [], [], [], [], [], [], [])
        self.builtins = dict(builtins.__dict__)
        self.files: set[str] = set()
        seen_classes: set[int] = set()
        seen_functions: set[int] = set()
        for name in protected_names(extra_packages):
            mod = sys.modules[name]
            if name == "builtins":
                saved = dict(mod.__dict__)
            else:
                saved = {k: v for k, v in list(mod.__dict__.items()) if _keep(v)}
            if name == "sys":
                saved = {k: v for k, v in saved.items() if k not in SYS_TRANSIENT}
            self.modules.append(_Dict(name, mod, tuple(saved), tuple(saved.values()),
                                      version=_version_of(mod.__dict__)))
            for key, value in saved.items():
                if isinstance(value, type) and value.__module__ == name \
                        and id(value) not in seen_classes and _mutable_class(value):
                    seen_classes.add(id(value))
                    self._add_class(f"{name}.{value.__qualname__}", value, seen_functions)
                for fn in _functions_in(value):
                    self._add_function(f"{name}.{key}", fn, seen_functions)
        for mod in list(sys.modules.values()):
            path = getattr(mod, "__file__", None)
            if isinstance(path, str):
                self.files.add(path)
        self.module_objects = {m.label: m.owner for m in self.modules}

    def _add_class(self, label: str, cls: type, seen: set[int]) -> None:
        saved = {k: v for k, v in list(cls.__dict__.items())
                 if _keep(v) or hasattr(type(v), "__get__")}
        self.classes.append(_Dict(label, cls, tuple(saved), tuple(saved.values()),
                                  len(cls.__dict__), frozenset(cls.__dict__),
                                  _version_of(cls.__dict__)))
        for key, value in saved.items():
            for fn in _functions_in(value):
                self._add_function(f"{label}.{key}", fn, seen)

    def _add_function(self, label: str, fn: types.FunctionType, seen: set[int]) -> None:
        if id(fn) in seen:
            return
        seen.add(id(fn))
        f = self.functions
        f.labels.append(label)
        f.fns.append(fn)
        f.codes.append(fn.__code__)
        f.defaults.append(fn.__defaults__)
        f.kwdefaults.append(fn.__kwdefaults__)
        for cell, content in _closure_of(fn):
            f.cells.append(cell)
            f.cell_labels.append(label)
            f.contents.append(content)

    def restore(self) -> list[Change]:
        """Put every protected attribute back; return (what, the value found) per change."""
        changes: list[Change] = []
        for entry in self.modules:
            if entry.drifted():
                ns = entry.owner.__dict__
                deletions = entry.label == "builtins"  # elsewhere a deletion only breaks
                for key, value in zip(entry.keys, entry.values, strict=True):
                    found = ns.get(key, MISSING)
                    if found is not value and (found is not MISSING or deletions):
                        changes.append((f"{entry.label}.{key}", found))
                        ns[key] = value
                if entry.version is not None:
                    entry.version.mark()
        for entry in self.classes:
            if entry.drifted():
                _restore_class(entry, changes)
                if entry.version is not None:
                    entry.version.mark()
        if self.functions.drifted():
            _restore_functions(self.functions, changes)
            AUDIT.functions_changed = False
        modules = sys.modules
        for name, mod in self.module_objects.items():
            found = modules.get(name, MISSING)
            if found is not mod and found is not MISSING:  # replaced (a removed one is
                changes.append((f"sys.modules[{name!r}]", found))  # imported afresh)
                modules[name] = mod
        return changes


def _restore_class(entry: _Dict, changes: list[Change]) -> None:
    cls = entry.owner
    ns = cls.__dict__
    for key, value in zip(entry.keys, entry.values, strict=True):
        found = ns.get(key, MISSING)
        if found is not value:
            changes.append((f"{entry.label}.{key}", found))
            _type_setattr(cls, key, value)
    if len(ns) != entry.size:
        for key in [k for k in ns if k not in entry.all_keys]:
            value = ns[key]
            if _keep(value) or hasattr(type(value), "__get__"):
                # an added method overrides an inherited one
                changes.append((f"{entry.label}.{key}", value))
                _type_delattr(cls, key)
        entry.size = len(ns)  # what is left was added as data: not a method


def _restore_functions(f: _Functions, changes: list[Change]) -> None:
    for label, fn, code, defaults, kwdefaults in zip(
            f.labels, f.fns, f.codes, f.defaults, f.kwdefaults, strict=True):
        if fn.__code__ is not code:
            changes.append((f"{label}.__code__", fn.__code__))
            fn.__code__ = code
        if fn.__defaults__ is not defaults:
            changes.append((f"{label}.__defaults__", fn.__defaults__))
            fn.__defaults__ = defaults
        if fn.__kwdefaults__ is not kwdefaults:
            changes.append((f"{label}.__kwdefaults__", fn.__kwdefaults__))
            fn.__kwdefaults__ = kwdefaults
    for label, cell, content in zip(f.cell_labels, f.cells, f.contents, strict=True):
        try:
            found = cell.cell_contents
        except ValueError:
            found = MISSING
        if found is not content:
            changes.append((f"{label} (closure)", found))
            cell.cell_contents = content


HEAPTYPE, IMMUTABLETYPE = 1 << 9, 1 << 8  # Py_TPFLAGS_*


def _mutable_class(cls: type) -> bool:
    """A class whose attributes can be reassigned (classes written in Python)."""
    return bool(cls.__flags__ & HEAPTYPE) and not cls.__flags__ & IMMUTABLETYPE
