"""Chapter 1: what a person is told when a run ends.

Each terminal gets its own honest message. After `error` or `limit` nothing was
achieved, so the message must not sound like success; after `needs_input` it says
what is missing, so the person can answer in a new run.
"""

from __future__ import annotations

from typing import Any


def honest_message(terminal: str, observation: dict[str, Any]) -> str:
    """The message for a run that ended with `terminal` after `observation`."""
    if terminal == "success":
        return f"Found it: the card is {observation['matches'][0]}."
    if terminal == "needs_input":
        matches = observation.get("matches") or []
        if not matches:
            return "I searched the whole board and no card matches. Which task do you mean?"
        return f"Several cards match: {', '.join(matches)}. Which one do you mean?"
    if terminal == "error":
        return "I could not read the task cards, even after a retry. Nothing was checked."
    if terminal == "limit":
        return "I ran out of allowed steps before the search ended: not all cards were checked."
    raise ValueError(
        f"unknown terminal {terminal!r}; expected success, needs_input, error or limit"
    )
