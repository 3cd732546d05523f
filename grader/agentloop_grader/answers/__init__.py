"""The teacher's edition of the course's checks: references, facts, hidden cases.

A learner's edition of each chapter's checks is `agentloop.checks.chN` (visible cases,
probes, judges, and the facts of the visible cases as data). This package completes each
of them with what only the grader may hold: `answers.chN.CHECKS` are the same checks with
their reference, the facts of any input, and the generator of hidden cases. It is part of
the teacher's install (agentloop-grader) only; the grader loads it in its own process,
never in a sandbox, and no learner's environment has it.

    answer_key("ch1-decide-failure")  -> the teacher's Check, or None
    locks("ch1")                      -> how each exercise's reference is locked for self-study

A chapter module here defines `CHECKS` (the teacher's edition of each learner's check,
made with `key`), `REFERENCE` (what a correct submission defines, by answer name) and
`LOCKS` (see `Lock`).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agentloop.checks import Check
from agentloop.checks.core import Case
from agentloop.plain import copy_plain

CHAPTER_ID = re.compile(r"^(ch\d+)-")
FACTS_KEPT = 4096  # inputs whose facts one check keeps (a class's cases, many times over)


@dataclass(frozen=True)
class Lock:
    """How an exercise's reference answer is locked in a learner's self-study copy: it is
    encrypted with a key made from the outputs the right answer gives on inputs whose
    facts the learner's edition does not ship, so it opens only for an answer that is
    right there too. `checks`: checks of the exercise on which *every* right answer gives
    exactly the reference's outputs (a decision, a number, a table — not free text); each
    gives `inputs` of its hidden cases, drawn with a fixed practice seed (a check whose
    answer is a value, with `whole`, gives its visible cases: their facts are not shipped).
    An exercise without a Lock is judged by rules alone: its example answer is locked
    with a key anyone can make, and the README says so."""

    checks: tuple[str, ...]
    inputs: int = 6

    def __post_init__(self) -> None:
        if not self.checks or not 1 <= self.inputs <= 50:
            raise ValueError(f"a Lock needs at least one check and 1 to 50 inputs, got "
                             f"{self.checks!r} and {self.inputs!r}")


def locks(chapter: str) -> dict[str, Lock]:
    """Each exercise's Lock by answer-cell id ({} for a chapter with none)."""
    try:
        module = importlib.import_module(f"{__name__}.{chapter}")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "LOCKS", {}))


def remembered(facts: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`facts`, computed once per input object: a grader judges a whole class on the same
    case objects, and what the reference says about a case does not depend on the student.
    (Keyed by the object itself, which the cache keeps alive, so ids are not reused.)"""
    known: dict[int, tuple[Any, Any]] = {}

    def cached(value: Any) -> Any:
        found = known.get(id(value))
        if found is None or found[0] is not value:
            if len(known) >= FACTS_KEPT:
                known.clear()
            found = known[id(value)] = (value, facts(copy_plain(value)))
        return found[1]

    cached.__name__ = getattr(facts, "__name__", "facts")
    return cached


def key(check: Check, *, reference: Any = None, facts: Callable[[Any], Any] | None = None,
        hidden: Callable[[Any], list[Case]] | None = None) -> Check:
    """The teacher's edition of a learner's check: the same check with its reference, the
    facts of any input (default: the reference's own output) and its hidden cases."""
    # `whole` is how a learner's edition judges a table it holds no facts for; here every
    # case has its facts, so each answer is judged on its own.
    changes: dict[str, Any] = {"reference": reference, "whole": None,
                               "facts": remembered(facts) if facts is not None else None}
    if hidden is not None:
        changes["hidden"] = hidden
    return dataclasses.replace(check, **changes)


def chapter_of(check_id: str) -> str | None:
    match = CHAPTER_ID.match(check_id)
    return match[1] if match else None


def chapter_keys(chapter: str) -> dict[str, Check]:
    """The teacher's checks of one chapter by id ({} for a chapter that has none)."""
    try:
        module = importlib.import_module(f"{__name__}.{chapter}")
    except ModuleNotFoundError:
        return {}
    return {chk.id: chk for chk in module.CHECKS}


def answer_key(check_id: str) -> Check | None:
    """The teacher's edition of the course check `check_id`, or None."""
    chapter = chapter_of(check_id)
    return chapter_keys(chapter).get(check_id) if chapter else None


def references(chapter: str) -> dict[str, Any]:
    """What a correct submission defines, by answer name (the chapter's REFERENCE)."""
    module = importlib.import_module(f"{__name__}.{chapter}")
    return dict(module.REFERENCE)
