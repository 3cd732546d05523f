"""Chapter 1's vocabulary: the decisions a loop takes after each step.

`continue` goes on; the four terminals end the run. They live in a module of their own so
that anything may name them (a check, a widget, an answer) without loading the loop itself.
"""

from __future__ import annotations

CONTINUE = "continue"
SUCCESS = "success"
NEEDS_INPUT = "needs_input"
ERROR = "error"
LIMIT = "limit"
TERMINALS = (SUCCESS, NEEDS_INPUT, ERROR, LIMIT)
DECISIONS = (CONTINUE, *TERMINALS)
