"""A check's hint in steps: what a learner opens one at a time after trying.

A chapter's check module keeps its steps in a `HINTS` dict, check id → steps. The first
step names the rule a case tests, the next ones narrow it down, and the last is a nudge
towards what to look at — never the answer. A check without steps of its own (a teacher's
`visible_checks.json`) has its one hint as its only step.

    steps_of(chk)        the steps of a check, in order
"""

from __future__ import annotations

import importlib

from agentloop.checks.core import Check

MAX_STEPS = 4  # a hint that takes more steps than this is a lesson of its own


def steps_of(chk: Check) -> tuple[str, ...]:
    """The hint steps of `chk`: its chapter module's `HINTS[chk.id]`, else its one hint."""
    from agentloop.checks import library_module

    name = library_module(chk.id)
    if name is not None:
        try:
            steps = getattr(importlib.import_module(name), "HINTS", {}).get(chk.id)
        except ModuleNotFoundError:
            steps = None
        if steps:
            return tuple(steps)
    return (chk.hint,) if chk.hint else ()
