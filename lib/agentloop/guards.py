"""Chapter 3: guards — small rules the program consults before it runs an action.

A guard is a function `guard(steps) -> str | None`. `steps` is the run so far as plain
dicts (`agentloop.agent.GuardStep`), one per step, the last one holding the action about
to run:

    {"step": 2, "plan": "No change. I ask again.", "tool": "estimate_delivery",
     "input": {"order_id": "1042"}, "tokens": 124, "reply_tokens": 9,
     "observation": None, "is_error": None}

It returns None to let the action run, or a reason to stop the run instead (the run's
exit is then `guard`, and the reason is its text).

The two guards here are the first rules: the same action as the step just before, and a
budget of the tokens sent. The transcript viewer, `agentloop support --guard` and chapter
5's duty officer use them; a command line and a workspace's agent.json name them
`repeated` and `tokens=N`, read by `parse_guard` alone. Chapter 3's exercises ask for the
office's revised rules (a repeat of any earlier action; a budget that counts the replies
too), which are not here; the grader's sandbox does not load this module while it grades
chapter 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agentloop.validation import validate_whole_number

if TYPE_CHECKING:
    from agentloop.agent import Guard

REPEATED = "same action twice → to an employee"
# The reasons these guards give, as templates (token_budget's is its f-string's): a reader is
# shown them translated (agentloop.agent.Transcript.log); another guard's, as written.
REASONS = (REPEATED, "token budget passed ({total} > {budget}) → to an employee")
# How a banner names a guard (guard_label), as templates: the same.
LABELS = ("repeated action", "token budget {budget}")
TOKEN_BUDGET = 300
REPEATED_GUARD = "repeated"          # a guard's name on a command line or in agent.json
TOKENS_GUARD = "tokens"              # tokens=N
GUARD_SPELLING = "'repeated' or 'tokens=N'"


def repeated_action(steps: list[dict[str, Any]]) -> str | None:
    """Stop when the action is the same tool with the same input as the step before.

    A model asking the same thing again expects a different answer from an unchanged
    world; the second call would only cost another step.
    """
    if len(steps) < 2:
        return None
    last, before = steps[-1], steps[-2]
    if last["tool"] == before["tool"] and last["input"] == before["input"]:
        return REPEATED
    return None


def token_budget(budget: int = TOKEN_BUDGET):
    """A guard that stops once the requests sent so far total more than `budget` tokens.

    Every request resends the whole history, so the total grows faster each step.
    """
    validate_budget(budget)

    def within_budget(steps: list[dict[str, Any]]) -> str | None:
        total = sum(step["tokens"] for step in steps)
        if total > budget:
            return f"token budget passed ({total} > {budget}) → to an employee"
        return None

    within_budget.__name__ = f"token_budget_{budget}"
    return within_budget


def validate_budget(budget: object) -> int:
    """Return `budget` if it is a whole number of tokens from 1 to 100000, else ValueError."""
    return validate_whole_number("budget", budget, 1, 100_000, unit="tokens")


class UnknownGuard(ValueError):
    """Text that names no guard: neither `repeated` nor `tokens=N` with N a whole number."""


def parse_guard(text: str) -> Guard:
    """`repeated` or `tokens=N` (a command line's --guard, agent.json's guards) → the guard.

    UnknownGuard when the text names no guard; the budget's own ValueError when N is a whole
    number out of its range."""
    if text == REPEATED_GUARD:
        return repeated_action
    name, _, value = text.partition("=") if isinstance(text, str) else ("", "", "")
    if name == TOKENS_GUARD and value:
        if not (value.isascii() and value.isdigit()):
            raise UnknownGuard(f"--guard tokens=N takes a whole number, got {value!r}")
        return token_budget(int(value))
    raise UnknownGuard(f"unknown guard {text!r}; use {GUARD_SPELLING}")


def guard_label(text: str) -> str:
    """How a banner names a guard: `repeated action`, `token budget 4000`."""
    if text == REPEATED_GUARD:
        return "repeated action"
    return text.replace(f"{TOKENS_GUARD}=", "token budget ")
