"""What an exercise check is, and how it runs.

A check is split in two halves so that the teacher's grader can keep them apart:

- `collect` runs the learner's object on each case's input and turns what comes
  back into plain data (JSON types only). This half runs next to the learner's code
  (in the notebook, or in the grader's sandbox process).
- `judge` compares that plain data with the reference answer. In the grader this
  half runs in a separate process the learner's code cannot reach.

In a notebook, `check(...)` simply runs both halves in the kernel.
"""

from __future__ import annotations

import copy
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Plain = None | bool | int | float | str | list | dict

MAX_DEPTH = 20
MAX_ITEMS = 10_000
MAX_TEXT = 20_000


class NotPlainData(TypeError):
    """A returned value is not plain data (an object that could lie about equality)."""


def to_plain(value: Any, where: str = "the result") -> Plain:
    """Return a deep copy of `value` made of exact JSON types, or raise NotPlainData.

    Subclasses of str, int, list or dict are refused: their methods (such as
    `__eq__`) could be rewritten to pass any comparison.
    """
    budget = [MAX_ITEMS]

    def walk(item: Any, path: str, depth: int) -> Plain:
        budget[0] -= 1
        if budget[0] < 0:
            raise NotPlainData(f"{where} is too large (more than {MAX_ITEMS} items)")
        if depth > MAX_DEPTH:
            raise NotPlainData(f"{where} is nested more than {MAX_DEPTH} levels deep")
        kind = type(item)
        if item is None or kind is bool or kind is int:
            return item
        if kind is float:
            if not math.isfinite(item):
                raise NotPlainData(f"{path} is {item!r}; only finite numbers are plain data")
            return item
        if kind is str:
            if len(item) > MAX_TEXT:
                raise NotPlainData(f"{path} is a text of {len(item)} characters "
                                   f"(at most {MAX_TEXT})")
            return item
        if kind is list or kind is tuple:
            return [walk(x, f"{path}[{i}]", depth + 1) for i, x in enumerate(item)]
        if kind is dict:
            out = {}
            for key, val in item.items():
                if type(key) is not str:
                    raise NotPlainData(f"{path} has a key of type {type(key).__name__}; "
                                       "keys must be str")
                out[key] = walk(val, f"{path}[{key!r}]", depth + 1)
            return out
        raise NotPlainData(
            f"{path} is a {kind.__module__}.{kind.__qualname__}; expected plain data "
            "(None, bool, int, float, str, list or dict)"
        )

    return walk(value, where, 0)


_SCALARS = (type(None), bool, int, float, str)


def copy_plain(value: Any) -> Any:
    """A deep copy of case data: plain JSON types fast, anything else by copy.deepcopy."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is list:
        return [copy_plain(item) for item in value]
    if kind is tuple:
        return tuple(copy_plain(item) for item in value)
    return copy.deepcopy(value)


@dataclass(frozen=True)
class Case:
    """One input for a check, with a label a learner can read."""

    input: Plain
    label: str
    hint: str = ""


@dataclass(frozen=True)
class Check:
    """One autograded test cell of a chapter: its grade_id, what it looks at, how it judges.

    probe(obj, input) runs the learner's object (in the learner's process).
    verify(input, output) returns None when `output` is right, else the reason (trusted side).
    """

    id: str
    symbol: str
    title: str
    probe: Callable[[Any, Any], Any]
    verify: Callable[[Any, Any], str | None]
    visible: Callable[[], list[Case]]
    hidden: Callable[[random.Random], list[Case]] = lambda rng: []
    hint: str = ""

    def cases(self, hidden: bool = False, seed: int | None = None) -> list[Case]:
        """The visible cases, or (hidden=True) the visible plus generated hidden ones."""
        cases = list(self.visible())
        if hidden:
            cases += self.hidden(random.Random(self.seed() if seed is None else seed))
        return cases

    def seed(self) -> int:
        return zlib.crc32(self.id.encode())


@dataclass
class CaseResult:
    label: str
    passed: bool
    reason: str = ""
    hint: str = ""


@dataclass
class Report:
    check_id: str
    title: str
    results: list[CaseResult] = field(default_factory=list)
    problem: str = ""  # the whole check could not run (e.g. the name is missing)

    @property
    def passed(self) -> bool:
        return not self.problem and bool(self.results) and all(r.passed for r in self.results)

    def text(self, show_labels: bool = True) -> str:
        """A readable summary: one line per case, then a verdict."""
        lines = [f"{self.check_id}: {self.title}"]
        if self.problem:
            lines.append(f"  ✘ {self.problem}")
        for result in self.results:
            if result.passed:
                if show_labels:
                    lines.append(f"  ✔ {result.label}")
            else:
                lines.append(f"  ✘ {result.label}: {result.reason}")
                if result.hint:
                    lines.append(f"    hint: {result.hint}")
        passed = sum(r.passed for r in self.results)
        verdict = "all passed" if self.passed else "not yet"
        lines.append(f"  {passed}/{len(self.results)} cases passed: {verdict}")
        return "\n".join(lines)


def collect(check: Check, obj: Any, cases: list[Case]) -> list[dict[str, Plain]]:
    """Run the learner's object on every case; one {"value": ...} or {"raised": ...} each."""
    outputs: list[dict[str, Plain]] = []
    for case in cases:
        try:
            value = to_plain(check.probe(obj, copy_plain(case.input)))
            outputs.append({"value": value})
        except Exception as exc:  # the learner's code may raise anything
            outputs.append({"raised": describe_exception(exc)})
    return outputs


def judge(check: Check, cases: list[Case], outputs: list[Any]) -> Report:
    """Compare plain outputs with the reference answers (trusted side)."""
    report = Report(check.id, check.title)
    if not isinstance(outputs, list) or len(outputs) != len(cases):
        report.problem = "the answer produced no usable results"
        return report
    for case, output in zip(cases, outputs, strict=True):
        reason = _judge_one(check, case, output)
        report.results.append(
            CaseResult(case.label, reason is None, reason or "", case.hint or check.hint)
        )
    return report


def _judge_one(check: Check, case: Case, output: Any) -> str | None:
    if not isinstance(output, dict) or len(output) != 1:
        return "the answer produced no usable result"
    if "raised" in output:
        raised = output["raised"]
        return f"raised {raised}" if isinstance(raised, str) else "raised an exception"
    if "value" not in output:
        return "the answer produced no usable result"
    try:
        value = to_plain(output["value"])
    except NotPlainData as exc:
        return str(exc)
    try:
        return check.verify(copy_plain(case.input), value)
    except Exception as exc:  # a malformed value must fail the case, not the grader
        return f"returned a value of the wrong shape ({describe_exception(exc)})"


def describe_exception(exc: BaseException) -> str:
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def run_check(check: Check, obj: Any, hidden: bool = False, seed: int | None = None) -> Report:
    """Both halves in this process: what a notebook's check cell does."""
    cases = check.cases(hidden=hidden, seed=seed)
    return judge(check, cases, collect(check, obj, cases))
