"""Hardened `assert x == y` for test cells: an AST rewrite plus a probe of each true `==`.

`harden(tree, guarded)` rewrites a test cell's AST:

- every `==` in an `assert`'s condition (directly, in a chain such as `a == b < c`, or
  under `and` / `or` / `not`) becomes `_agentloop_assert_eq(a, b, line)`, which computes
  `a == b` and its truth value exactly as plain Python would (same calls, same order,
  same exceptions: a multi-element numpy comparison still raises "truth value of an array
  is ambiguous"), and only when that came out true probes the operands (`EqualityProbe`);
- every read of a guarded builtin name (`isinstance`, `len`, `all`, `AssertionError`, ...)
  that the cell does not bind itself, and that the user namespace rebinds to student code
  or to an object of another name (see `shadowed`), reads the builtins captured before
  student code ran: a student cell's `len = lambda x: 3` or `all = bool` does not change
  what the test's `len` or `all` means.

The probe calls an operand a liar when (1) it claims to equal a brand-new `object()`, or
(2) the two operands have different types and the `__eq__` that decided "equal" (found
by replaying Python's dispatch: a subclass's reflected method first) is student code.

Not caught: an `==` outside an assert's condition (`all(a == b for ...)`,
`(a == b) is True`, `unittest`'s `assertEqual`, `np.testing`); lies through `!=`, `<`,
`in` with a custom container, `__bool__`, `__hash__` or `__len__`; a liar whose `__eq__`
recognises the probe (says False to a bare `object()`) and is compared with its own type;
an `__eq__` made only of built-in callables (`__eq__ = bool`) that passes (1). Counted
as a lie although honest: a top-level `unittest.mock.ANY` (or any wildcard) on the
teacher's side of an `==` (ANY nested inside a list or dict is fine), and an honest
student class whose `__eq__` accepts another type, e.g. `Money(5) == 5`.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable
from typing import Any

from .origins import MISSING, code_of, lookup

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

EQ_HELPER = "_agentloop_assert_eq"
BUILTINS_NAME = "_agentloop_builtins"
TEMP_PREFIX = "_agentloop_t"
STAR = "*"

# Builtins a test's verdict hangs on that no exercise would ask a student to redefine.
GUARDED_BUILTINS = frozenset({
    "isinstance", "issubclass", "type", "callable", "hasattr", "getattr", "id", "repr",
    "print", "bool", "len", "abs", "all", "any", "round", "float", "int", "str", "list",
    "tuple", "dict", "set", "frozenset", "object", "hash", "__import__", "vars", "dir",
    "iter", "next",
})  # not `super`: the compiler must see that name for zero-argument super()


def guarded_names(builtin_names: dict[str, Any]) -> frozenset[str]:
    """GUARDED_BUILTINS plus every builtin exception and warning class."""
    exceptions = {name for name, value in builtin_names.items()
                  if isinstance(value, type) and issubclass(value, BaseException)}
    return frozenset(GUARDED_BUILTINS | exceptions) & frozenset(builtin_names)


def shadowed(ns: dict[str, Any], guarded: frozenset[str], pristine: dict[str, Any],
             made_by_student: Callable[[Any], bool]) -> frozenset[str]:
    """Guarded names the user namespace rebinds to something suspicious: student code (a
    function, class or instance from a student cell) or a callable of another name
    (`all = bool`). As in stock, a library's namesake stays (`from numpy import *` makes
    `all` numpy.all, which a test may rely on), and so does plain data (`list = [1, 2]`
    then fails the test with "'list' object is not callable")."""
    names = set()
    for name in guarded:
        value = ns.get(name, MISSING)
        if value is MISSING or value is pristine.get(name):
            continue
        if made_by_student(value) or (callable(value) and _name_of(value) != name):
            names.add(name)
    return frozenset(names)


def _name_of(value: Any) -> Any:
    if isinstance(value, type):
        return type.__dict__["__name__"].__get__(value)
    try:
        return getattr(value, "__name__", None)  # a library object (student ones are out)
    except Exception:
        return None


def harden(tree: ast.Module, guarded: frozenset[str]) -> int:
    """Rewrite a test cell's module AST in place (see the module docstring). Returns how
    many temporaries (`_agentloop_t1`, ...) it introduced, to be removed after the cell."""
    bound = _bound_names(tree)
    rewriter = _AssertRewriter()
    rewriter.visit(tree)
    if STAR not in bound:
        _GuardRewriter(guarded - bound).visit(tree)
    ast.fix_missing_locations(tree)
    return rewriter.temps


def _bound_names(tree: ast.AST) -> set[str]:
    """Every name the cell binds anywhere (then its reads are the cell's own business)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            if node.name == "*":
                return {STAR}  # `from m import *` may bind any of them
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
    return names


class _AssertRewriter(ast.NodeTransformer):
    def __init__(self) -> None:
        self.temps = 0

    def visit_Assert(self, node: ast.Assert) -> ast.Assert:
        node.test = self._truth(node.test, node.lineno)
        return node

    def _truth(self, expr: ast.expr, line: int) -> ast.expr:
        """Rewrite `==` where Python only uses the truth value of the result."""
        if isinstance(expr, ast.BoolOp):
            expr.values = [self._truth(v, line) for v in expr.values]
        elif isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
            expr.operand = self._truth(expr.operand, line)
        elif isinstance(expr, ast.Compare) and any(isinstance(op, ast.Eq) for op in expr.ops):
            return self._compare(expr, line)
        return expr

    def _compare(self, expr: ast.Compare, line: int) -> ast.expr:
        operands = [expr.left, *expr.comparators]
        if len(expr.ops) == 1:
            return _helper(operands[0], operands[1], line, expr)
        # a chain: each middle operand is evaluated once (kept in a temporary), each link
        # only if the previous one was true -- Python's own chain semantics
        parts: list[ast.expr] = []
        previous: ast.expr = operands[0]
        for i, op in enumerate(expr.ops):
            right = operands[i + 1]
            if i + 1 < len(expr.ops):
                self.temps += 1
                temp = f"{TEMP_PREFIX}{self.temps}"
                right = ast.NamedExpr(target=ast.Name(temp, ast.Store()), value=right)
                following: ast.expr = ast.Name(temp, ast.Load())
            else:
                following = right
            if isinstance(op, ast.Eq):
                parts.append(_helper(previous, right, line, expr))
            else:
                parts.append(ast.Compare(left=previous, ops=[op], comparators=[right]))
            previous = following
        return ast.copy_location(ast.BoolOp(op=ast.And(), values=parts), expr)


def _helper(left: ast.expr, right: ast.expr, line: int, where: ast.AST) -> ast.expr:
    call = ast.Call(func=ast.Name(EQ_HELPER, ast.Load()),
                    args=[left, right, ast.Constant(line)], keywords=[])
    return ast.copy_location(call, where)


class _GuardRewriter(ast.NodeTransformer):
    def __init__(self, names: frozenset[str]) -> None:
        self._names = names

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self._names:
            sub = ast.Subscript(value=ast.Name(BUILTINS_NAME, ast.Load()),
                                slice=ast.Constant(node.id), ctx=ast.Load())
            return ast.copy_location(sub, node)
        return node


class EqualityProbe:
    """The `_agentloop_assert_eq` a rewritten test cell calls. Lies found go to `lies`."""

    def __init__(self, is_student: Callable[[Any], bool]) -> None:
        self._is_student = is_student  # CodeType -> bool
        self.lies: list[str] = []

    def __call__(self, left: Any, right: Any, line: int) -> bool:
        if not left == right:  # exactly what `assert left == right` does
            return False
        lie = self._lie(left, right)
        if lie is None:
            return True
        message = f"dishonest == in the assert on line {line}: {lie}"
        self.lies.append(message)
        raise AssertionError(message)

    def _lie(self, left: Any, right: Any) -> str | None:
        for side, value in (("left", left), ("right", right)):
            if _claims_equal(value, object()):
                return (f"the {side} operand ({_type_name(value)}) claims to equal a "
                        f"brand-new object(), so its == proves nothing")
        if type(left) is type(right):
            return None
        decided = _decider(left, right)
        if decided is None:
            return None
        side, value, other, eq = decided
        code = code_of(eq)
        if code is None or not self._is_student(code):
            return None
        return (f"the {side} operand ({_type_name(value)}) equals a {_type_name(other)} "
                f"only through {getattr(eq, '__qualname__', '__eq__')}, defined in student "
                f"code")


def _claims_equal(value: Any, probe: object) -> bool:
    try:
        result = value == probe
        if result is True or result is False or result is NotImplemented:
            return result is True
        return bool(result)
    except Exception:
        return False  # e.g. an elementwise comparison whose truth is ambiguous


def _decider(left: Any, right: Any) -> tuple[str, Any, Any, Any] | None:
    """Replay `left == right`: which operand's __eq__ answered (truthily), and with what.

    Python tries the right operand's reflected __eq__ first when its type is a subclass
    of the left's, then the other one; NotImplemented passes the turn."""
    order = [("left", left, right), ("right", right, left)]
    if issubclass(type(right), type(left)):
        order.reverse()
    for side, value, other in order:
        eq = lookup(type(value), "__eq__")
        if eq is MISSING or eq is _OBJECT_EQ:
            continue
        try:
            getter = getattr(type(eq), "__get__", None)
            result = getter(eq, value, type(value))(other) if getter else eq(other)
            if result is NotImplemented:
                continue
            return (side, value, other, eq) if bool(result) else None
        except Exception:
            return None
    return None


_OBJECT_EQ = object.__dict__["__eq__"]


def _type_name(value: Any) -> str:
    cls = type(value)
    return getattr(cls, "__qualname__", None) or getattr(cls, "__name__", "?")
