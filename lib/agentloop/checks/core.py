"""What an exercise check is, and how it runs.

A check is split in two halves so that the teacher's grader can keep them apart:

- `collect` runs the learner's object on each case's input and turns what comes
  back into plain data (JSON types only). This half runs next to the learner's code
  (in the notebook, or in the grader's sandbox process).
- `judge` compares that plain data with what the reference answer says about each input
  (its *facts*). In the grader this half runs in the grader's own process.

The same `Check` type describes both editions of a check (see agentloop/checks/__init__.py):
a learner's edition has its visible cases and their facts, shipped as data; the teacher's
edition (`agentloop_grader.answers`, or a teacher's own checks.py) adds the reference, the
facts of any input and the generator of hidden cases.
"""

from __future__ import annotations

import contextlib
import enum
import hashlib
import math
import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.errors import describe_error
from agentloop.plain import copy_plain

Plain = None | bool | int | float | str | list | dict
# judge(input, facts, output) -> None when right, else the reason (see Check.judge)
Judge = Callable[[Any, Any, Any], "str | None"]
# put(key, write) -> where: a fixture the grader writes once, read-only (see Check.stage)
Put = Callable[[str, Callable[[Path], Path]], str]

MAX_DEPTH = 20
MAX_ITEMS = 10_000
MAX_TEXT = 20_000
VERDICTS_KEPT = 100_000  # per check, in `judge`'s cache (16-byte keys)


class NotPlainData(TypeError):
    """A returned value is not plain data (an object that could lie about equality)."""


def to_plain(value: Any, where: str = "the result") -> Plain:
    """Return a deep copy of `value` made of exact JSON types, or raise NotPlainData.

    Subclasses of str, int, list or dict are refused: their methods (such as
    `__eq__`) could be rewritten to pass any comparison.
    """
    budget = [MAX_ITEMS]
    keys: list[int | str] = []  # where the walk is; made into text only for an error

    def at() -> str:
        return where + "".join(f"[{k!r}]" if type(k) is str else f"[{k}]" for k in keys)

    def walk(item: Any, depth: int) -> Plain:
        budget[0] -= 1
        if budget[0] < 0:
            raise NotPlainData(f"{where} is too large (more than {MAX_ITEMS} items)")
        if depth > MAX_DEPTH:
            raise NotPlainData(f"{where} is nested more than {MAX_DEPTH} levels deep")
        kind = type(item)
        if isinstance(item, enum.Enum):
            # a named constant of the library's vocabulary (a StrEnum member) is its value,
            # taken as an exact str or int, so no method of the member's class takes part
            value = item._value_
            if type(value) in (str, int):
                return value
        if item is None or kind is bool or kind is int:
            return item
        if kind is float:
            if not math.isfinite(item):
                raise NotPlainData(f"{at()} is {item!r}; only finite numbers are plain data")
            return item
        if kind is str:
            if len(item) > MAX_TEXT:
                raise NotPlainData(f"{at()} is a text of {len(item)} characters "
                                   f"(at most {MAX_TEXT})")
            return item
        if kind is list or kind is tuple:
            out_list = []
            for index, element in enumerate(item):
                keys.append(index)
                out_list.append(walk(element, depth + 1))
                keys.pop()
            return out_list
        if kind is dict:
            out = {}
            for key, val in item.items():
                if isinstance(key, enum.Enum) and type(key._value_) is str:
                    key = key._value_  # a StrEnum key (e.g. a terminal) is its exact value
                if type(key) is not str:
                    raise NotPlainData(f"{at()} has a key of type {type(key).__name__}; "
                                       "keys must be str")
                keys.append(key)
                out[key] = walk(val, depth + 1)
                keys.pop()
            return out
        raise NotPlainData(
            f"{at()} is a {kind.__module__}.{kind.__qualname__}; expected plain data "
            "(None, bool, int, float, str, list or dict)"
        )

    return walk(value, 0)


@dataclass(frozen=True)
class Case:
    """One input for a check, with a label a learner can read.

    `rule` names what the case tests ("second failure on the last step → error"); cases
    that test the same rule share it, so a class report can group failures by rule.
    """

    input: Plain
    label: str
    hint: str = ""
    rule: str = ""

    @property
    def kind(self) -> str:
        return self.rule or self.label


# --- probes: how a check runs the learner's answer on one input ----------------------------

def call(answer: Any, value: Any) -> Any:
    """answer(input): the answer is a function of one argument."""
    return answer(value)


def call_args(answer: Any, value: Any) -> Any:
    """answer(*input): the input is the list of positional arguments."""
    return answer(*value)


def call_kwargs(answer: Any, value: Any) -> Any:
    """answer(**input): the input is a dict of keyword arguments."""
    return answer(**value)


def item(answer: Any, value: Any) -> Any:
    """answer[input]: the answer is a dict (or list) of answers."""
    return answer[value]


def value_of(answer: Any, value: Any) -> Any:
    """The answer itself (a number, a list, a table); the input is not used."""
    return answer


# The probes a released student version can name (a teacher's checks.py uses these).
PROBES: dict[str, Callable[[Any, Any], Any]] = {
    "call": call, "call_args": call_args, "call_kwargs": call_kwargs, "item": item,
    "value": value_of,
}


def probe_name(check: Check) -> str | None:
    """The PROBES name of a check's probe, or None for a probe function of its own."""
    return next((name for name, fn in PROBES.items() if fn is check.probe), None)


# --- comparing with the reference's output ------------------------------------------------

EQUAL, CLOSE, UNORDERED = "equal", "close", "unordered"


@dataclass(frozen=True)
class Compare:
    """How an output is compared with the reference's: exactly, numerically close, or as a
    list whose order does not matter. Plain data, so a student version can carry it."""

    kind: str = EQUAL
    rel: float = 1e-9
    abs: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in (EQUAL, CLOSE, UNORDERED):
            raise ValueError(f"compare kind {self.kind!r} is not one of "
                             f"{EQUAL}, {CLOSE}, {UNORDERED}")

    def __call__(self, output: Plain, expected: Plain) -> str | None:
        if self.kind == CLOSE:
            same = _close(output, expected, self.rel, self.abs)
        elif self.kind == UNORDERED:
            same = (type(output) is list and type(expected) is list
                    and sorted(map(_key, output)) == sorted(map(_key, expected)))
        else:
            same = _same(output, expected)
        return None if same else f"expected {_short(expected)}, got {_short(output)}"

    def to_plain(self) -> dict[str, Plain]:
        return {"kind": self.kind, "rel": self.rel, "abs": self.abs}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Compare:
        return cls(str(data["kind"]), float(data["rel"]), float(data["abs"]))


def close(rel: float = 1e-9, abs: float = 0.0) -> Compare:
    """Numbers compared with math.isclose, anywhere inside lists and dicts."""
    return Compare(CLOSE, rel, abs)


def _same(a: Plain, b: Plain) -> bool:
    """Equality of plain data where True is not 1 and 1.0 is 1 (JSON's view)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return (type(a) in (int, float) and type(b) in (int, float) and a == b) or \
        (type(a) is type(b) and a == b)


def _close(a: Plain, b: Plain, rel: float, tol: float) -> bool:
    if type(a) in (int, float) and type(b) in (int, float):
        return math.isclose(a, b, rel_tol=rel, abs_tol=tol)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, rel, tol) for x, y in zip(a, b,
                                                                                 strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k], rel, tol) for k in a)
    return _same(a, b)


def _key(value: Plain) -> str:
    import json

    return json.dumps(value, sort_keys=True)


def _short(value: Plain, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def cases_by_rule(make: Callable[[random.Random, str], Any], rules: tuple[str, ...],
                  per_rule: int, label: str) -> Callable[[random.Random], list[Case]]:
    """Hidden cases taking the rules in turn, `per_rule` of each: `make(rng, rule)` is the
    input, labelled "<label> 1", "<label> 2", …"""
    def cases(rng: random.Random) -> list[Case]:
        return [Case(make(rng, rules[number % len(rules)]), f"{label} {number + 1}",
                     rule=rules[number % len(rules)])
                for number in range(per_rule * len(rules))]
    return cases


def _no_cases(rng: random.Random) -> list[Case]:
    return []


def no_facts(value: Any) -> None:
    """The facts of a check judged by rules alone (a message's): there are none."""
    return None


class NoFacts(LookupError):
    """This edition of a check has no facts for an input (a learner's edition has them for
    its visible cases only)."""


@dataclass(frozen=True)
class Check:
    """One exercise check: what it looks at, its cases, and how an output is judged.

    - `answer`: the name the learner defines (a function, a dict, a value);
    - `cases()`: the visible cases (a learner sees each one, with its hint);
    - `probe(answer, input)`: runs the learner's answer on one input (default: answer(input));
    - `judge(input, facts, output)`: None when `output` is right for `input`, else the
      reason; `facts` is what the reference says about that input. Without a judge, an
      output is right when it `compare`s equal to the facts;
    - `facts(input)`: those facts. A learner's edition looks them up among its visible
      cases; the teacher's edition computes them from the reference (default: the
      reference's own output on the input, `expected`);
    - `whole(outputs)`: a verdict on all the visible outputs together, for an answer that
      is a value (a table of predictions): its facts are not shipped, only a salted digest
      of the right table, so a learner's edition can say "right" without holding the answer;
    - `hidden(rng)`: the teacher's edition only: generated cases the grader adds, from a
      random source seeded with the course's secret seed;
    - `reference`: the teacher's edition only: the right answer;
    - `verify(input, output)`: the teacher's own rule in one function (a teacher's checks.py
      may give it instead of facts and a judge);
    - `answered_by`: library modules whose code answers (part of) this exercise. The
      grader's sandbox does not load them while it grades the exercise, so an answer that
      imports them fails there as it would in a library without them; a learner's check
      keeps them out of the answer's reach while it probes (see checks/withhold.py);
    - `stage(input, put)`: for a check whose inputs hold files the probe writes (a task
      board), the same input with each such fixture made once by the grader, read-only,
      and named by reference: `put(key, write)` calls `write(folder)` the first time it
      sees `key` (the fixture goes in `folder`; `write` returns where) and returns that
      place; the probe then reads it there instead of writing its own copy per case.
    """

    id: str
    answer: str
    title: str
    cases: Callable[[], list[Case]]
    hidden: Callable[[random.Random], list[Case]] = _no_cases
    reference: Any = None
    probe: Callable[[Any, Any], Any] = call
    verify: Callable[[Any, Any], str | None] | None = None
    compare: Compare = Compare()
    hint: str = ""
    judge: Judge | None = None
    facts: Callable[[Any], Any] | None = None
    whole: Callable[[list[Any]], str | None] | None = None
    answered_by: tuple[str, ...] = ()
    stage: Callable[[Any, Put], Any] | None = None

    def all_cases(self, hidden: bool = False, seed: int | None = None) -> list[Case]:
        """The visible cases, or (hidden=True) the visible plus generated hidden ones, drawn
        with `seed` (the grader's: see `hidden_seed`)."""
        cases = list(self.cases())
        if hidden:
            if seed is None:
                raise ValueError(f"{self.id}: hidden cases need a seed (the course's secret "
                                 "seed, see agentloop_grader.secret)")
            cases += self.hidden(random.Random(seed))
        return cases

    @property
    def has_hidden(self) -> bool:
        return self.hidden is not _no_cases

    def expected(self, value: Plain) -> Plain:
        """What the reference gives on `value`, as plain data (trusted side)."""
        if self.reference is None:
            raise NoFacts(f"{self.id}: this edition of the check has no reference")
        return to_plain(self.probe(self.reference, copy_plain(value)), "the reference")

    def facts_of(self, value: Plain) -> Any:
        """What the reference says about input `value` (see the class's text)."""
        if self.facts is not None:
            return self.facts(value)
        return self.expected(value)

    def judge_one(self, value: Plain, output: Plain) -> str | None:
        """None when `output` is right for input `value`, else the reason."""
        if self.verify is not None:
            return self.verify(copy_plain(value), output)
        facts = self.facts_of(value)
        if self.judge is not None:
            return self.judge(copy_plain(value), facts, output)
        return self.compare(output, facts)


def hidden_seed(course_seed: str | int, check_id: str) -> int:
    """The seed of one check's hidden cases: the course's secret seed with the check's id,
    so that each check draws its own cases and none can be told from another's."""
    digest = hashlib.sha256(f"{course_seed}\0{check_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class CaseResult:
    label: str
    passed: bool
    reason: str = ""
    hint: str = ""
    rule: str = ""


@dataclass(frozen=True)
class HintSteps:
    """The hint steps a learner has opened for a check (`shown`) and how many it has
    (`total`); the check cell lists the opened ones and says how many are left."""

    shown: tuple[str, ...] = ()
    total: int = 0

    @property
    def left(self) -> int:
        return max(self.total - len(self.shown), 0)


@dataclass
class Report:
    check_id: str
    title: str
    results: list[CaseResult] = field(default_factory=list)
    problem: str = ""  # the whole check could not run (e.g. the name is missing)
    overall: str = ""  # the cases pass one by one, but the answer as a whole is not right

    @property
    def passed(self) -> bool:
        return (not self.problem and not self.overall and bool(self.results)
                and all(r.passed for r in self.results))

    def groups(self) -> list[tuple[str, list[CaseResult]]]:
        """The results by the rule their case tests, in the order the cases come (a case
        without a rule is a group of its own, under its label)."""
        out: dict[str, list[CaseResult]] = {}
        for result in self.results:
            out.setdefault(result.rule or result.label, []).append(result)
        return list(out.items())

    def text(self, show_labels: bool = True, language: str | None = None,
             markup: str = "plain", steps: HintSteps | None = None) -> str:
        """A readable summary: the cases grouped by the rule they test (each failing case
        once, under its rule), the hints, then a verdict.

        `show_labels=False` leaves out what passed (the grader's report). `steps`: the hint
        steps the learner has opened (a check cell in practice), listed with how many are
        left; without it, each distinct hint of a failing case is listed once.
        In `language` (default: the current one, see agentloop.i18n): the verdict is the
        same in every language, only its words change (English is the text as judged).
        `markup="html"` gives escaped lines with code in `<code dir="ltr">`, for a
        right-to-left notebook."""
        from agentloop.i18n import Markup, catalog, current

        words = catalog(current() if language is None else language)
        kind = Markup(markup)

        def tr(text: str) -> str:
            return words.translate(text, kind)

        def say(template: str, **values: object) -> str:
            return words.render(template, values, kind)

        check_id = (f'<code dir="ltr">{words.translate(self.check_id, kind)}</code>'
                    if kind == Markup.HTML else self.check_id)
        lines = [f"{check_id}: {tr(self.title)}"]
        if self.problem:
            lines.append(f"  ✘ {tr(self.problem)}")
        failed = [r for r in self.results if not r.passed]
        groups = self.groups()
        # one error on every failing case of several rules (an answer that crashes): the
        # rules, then the error once, not once a case
        same = failed[0].reason if len(failed) > 1 and \
            all(r.reason == failed[0].reason for r in failed) and \
            sum(any(not r.passed for r in results) for _, results in groups) > 1 else None
        for rule, results in groups:
            wrong = [r for r in results if not r.passed]
            if not wrong:
                if show_labels:
                    lines.append(f"  ✔ {tr(rule)}")
            elif same is not None:
                lines.append(f"  ✘ {tr(rule)}")
            elif len(results) == 1 and rule == results[0].label:
                lines.append(f"  ✘ {tr(rule)}: {tr(wrong[0].reason)}")
            else:
                lines.append(f"  ✘ {tr(rule)}")
                lines += [f"      {tr(r.label)}: {tr(_without_rule(r.reason, rule))}"
                          for r in wrong]
        if same is not None:
            lines.append("  ✘ " + say("{count} cases fail the same way: {reason}",
                                      count=len(failed), reason=tr(same)))
        if self.overall:
            lines.append(f"  ✘ {tr(self.overall)}")
        if steps is None:
            hints = list(dict.fromkeys(r.hint for r in failed if r.hint))
            lines += ["  " + say("hint: {hint}", hint=hint) for hint in hints]
        elif not self.passed:
            lines += ["  " + say("hint {number} of {total}: {hint}", number=number,
                                 total=steps.total, hint=hint)
                      for number, hint in enumerate(steps.shown, 1)]
        passed = sum(r.passed for r in self.results)
        verdict = "all passed" if self.passed else "not yet"
        lines.append("  " + say("{passed}/{total} cases passed: {verdict}",
                                passed=passed, total=len(self.results), verdict=verdict))
        if steps is not None and not self.passed and steps.total:
            lines.append("  " + hints_left(steps, words, kind))
        return "\n".join(lines)


def hints_left(steps: HintSteps, words: Any = None, markup: Any = None) -> str:
    """How many hint steps are left, in the words of the check cell."""
    from agentloop.i18n import Markup, catalog, current

    words = words or catalog(current())
    kind = markup or Markup.PLAIN
    if steps.left == 0:
        return words.render("no hints left: the last one is a nudge, not the answer",
                            None, kind)
    if steps.left == 1:
        return words.render("1 more hint: press Hint", None, kind)
    return words.render("{count} more hints: press Hint", {"count": steps.left}, kind)


def _without_rule(reason: str, rule: str) -> str:
    """A judge's reason without its closing "(rule: …)" when the rule is said above it."""
    suffix = f" (rule: {rule})"
    return reason[:-len(suffix)] if rule and reason.endswith(suffix) else reason


def collect(check: Check, obj: Any, cases: list[Case]) -> list[dict[str, Plain]]:
    """Run the learner's object on every case; one {"value": ...} or {"raised": ...} each."""
    outputs: list[dict[str, Plain]] = []
    for case in cases:
        try:
            outputs.append({"value": to_plain(check.probe(obj, copy_plain(case.input)))})
        except Exception as exc:  # the learner's code may raise anything
            outputs.append({"raised": describe_error(exc, limit=300)})
    return outputs


def judge(check: Check, cases: list[Case], outputs: list[Any],
          verdicts: dict[tuple[int, bytes], str | None] | None = None) -> Report:
    """Compare plain outputs with the reference answers (trusted side).

    `verdicts` is for a caller that judges the same `cases` for a whole class with outputs
    decoded from JSON (so of exact plain types, whose repr tells them apart): the reason
    for each (case, output) is kept there and reused for an equal output."""
    report = Report(check.id, check.title)
    if not isinstance(outputs, list) or len(outputs) != len(cases):
        report.problem = "the answer produced no usable results"
        return report
    if verdicts is not None and len(verdicts) > VERDICTS_KEPT:
        verdicts.clear()
    for index, (case, output) in enumerate(zip(cases, outputs, strict=True)):
        if verdicts is None:
            reason = _judge_one(check, case, output)
        else:
            key = (index, hashlib.blake2b(repr(output).encode(), digest_size=16).digest())
            if key not in verdicts:
                verdicts[key] = _judge_one(check, case, output)
            reason = verdicts[key]
        report.results.append(CaseResult(case.label, reason is None, reason or "",
                                         case.hint or check.hint, case.kind))
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
        return check.judge_one(case.input, value)
    except NotPlainData as exc:  # the reference itself gave no plain data: a check bug
        return f"the check's reference is broken ({exc})"
    except NoFacts as exc:  # a learner's edition asked about an input it has no facts for
        return str(exc)
    except Exception as exc:  # a malformed value must fail the case, not the grader
        return f"returned a value of the wrong shape ({describe_error(exc, limit=300)})"


def run_check(check: Check, obj: Any, hidden: bool = False, seed: int | None = None,
              probing: Callable[[], AbstractContextManager[Any]] | None = None) -> Report:
    """Both halves in this process: what a notebook's check cell does. `probing` makes the
    context the answer runs in (the probe half only: judging happens outside it)."""
    cases = check.all_cases(hidden=hidden, seed=seed)
    with probing() if probing is not None else contextlib.nullcontext():
        outputs = collect(check, obj, cases)
    report = judge(check, cases, outputs)
    if check.whole is not None and not hidden and all(r.passed for r in report.results):
        values = [output.get("value") for output in outputs]
        report.overall = check.whole(values) or ""
    return report
