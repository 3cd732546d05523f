"""A check's verify in two halves, so that a student edition of the checks can exist.

    verify(input, output) = judge(input, facts(input), output)

- `facts(input)` is what the reference answer says about one input, as plain data (the
  decision it takes, the lines it logs, whether the action must be stopped). It needs the
  reference, so it only ever runs on the trusted side.
- `judge(input, facts, output)` compares the learner's output with those facts and with the
  exercise's rules; it needs no reference and no hidden case.

The full check modules (`agentloop.checks.chN`, what the grader uses) call both halves.
The zero-install site ships a *student edition* of each module instead, written by
tools/build_student_checks.py: the probes and judges, the visible cases and their facts
computed in advance, and nothing of the references or the hidden-case generators.
A judge that needs no facts at all (the rules of a free-text message) is `Verify(judge=…)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentloop.checks.core import PROBES, Case, Check, Compare, copy_plain

Judge = Callable[[Any, Any, Any], "str | None"]
FACTS_KEPT = 4096  # inputs whose facts one Verify keeps (a class's cases, many times over)


def _no_facts(value: Any) -> None:
    return None


@dataclass(frozen=True)
class Verify:
    """verify(input, output) = judge(input, facts(input), output); see the module's text.

    The facts of one input are computed once: a grader judges a whole class on the same
    case objects, and the reference's answer on a case does not depend on the student.
    (Keyed by the input object itself, which the cache keeps alive, so ids are not reused.)
    """

    judge: Judge
    facts: Callable[[Any], Any] = _no_facts
    _known: dict[int, tuple[Any, Any]] = field(default_factory=dict, init=False,
                                               repr=False, compare=False)

    copies_input = True  # Check.judge_one hands over the case's own input: see __call__

    def __call__(self, value: Any, output: Any) -> str | None:
        known = self._known.get(id(value))
        if known is None or known[0] is not value:
            if len(self._known) >= FACTS_KEPT:
                self._known.clear()
            known = self._known[id(value)] = (value, self.facts(copy_plain(value)))
        # an output shared by much of a class is judged once: see core.judge's `verdicts`
        return self.judge(copy_plain(value), known[1], output)


# --- the student edition's side: checks rebuilt from data ------------------------------------

UNAVAILABLE = ("this check is not part of the in-browser edition of the course; run it in "
               "the full course (./course lab)")


def _unavailable(value: Any, facts: Any, output: Any) -> str:
    return UNAVAILABLE


def _compare_judge(compare: Compare) -> Judge:
    def judge(value: Any, facts: Any, output: Any) -> str | None:
        return compare(output, facts)
    return judge


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def student_check(data: dict[str, Any], probe: Callable[[Any, Any], Any] | None = None,
                  judge: Judge | None = None, withhold: tuple[Any, ...] = ()) -> Check:
    """A Check from a student edition's data: its visible cases, each with the facts the
    reference gave on it, judged by `judge` (or compared with `compare`, or, with neither,
    reported as unavailable here)."""
    cases = [Case(c["input"], c["label"], c.get("hint", ""), c.get("rule", ""))
             for c in data["cases"]]
    facts = {_key(c["input"]): c.get("facts") for c in data["cases"]}
    if judge is None:
        judge = _compare_judge(Compare.from_plain(data["compare"])) if data.get("compare") \
            else _unavailable

    def verify(value: Any, output: Any) -> str | None:
        return judge(value, facts.get(_key(value)), output)

    return Check(id=data["id"], answer=data["answer"], title=data["title"],
                 cases=lambda: list(cases), probe=probe or PROBES[data.get("probe", "call")],
                 verify=verify, hint=data.get("hint", ""), withhold=withhold)
