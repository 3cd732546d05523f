"""Chapter 1's vocabulary: the decisions a loop takes after each step.

`continue` goes on; the four terminals end the run. They live in a module of their own so
that anything may name them (a check, a widget, an answer) without loading the loop itself.

    continue     the run goes on: another step
    success      the search found exactly one card
    needs_input  the search ended without settling which card is meant: ask a person
    error        the action kept failing: more failures than retries allowed
    limit        the step limit stopped a run that could have gone on
"""

from __future__ import annotations

from agentloop.vocabulary import Word


class Decision(Word):
    """What `decide` returns after a step: go on, or end the run with one of four terminals."""

    CONTINUE = "continue"
    SUCCESS = "success"
    NEEDS_INPUT = "needs_input"
    ERROR = "error"
    LIMIT = "limit"


CONTINUE, SUCCESS, NEEDS_INPUT, ERROR, LIMIT = Decision
TERMINALS = (SUCCESS, NEEDS_INPUT, ERROR, LIMIT)
DECISIONS = tuple(Decision)
