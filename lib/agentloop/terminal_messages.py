"""Chapter 1: what a person is told when a run ends.

Each terminal gets its own honest message. After `error` or `limit` nothing was
achieved, so the message must not sound like success; after `needs_input` it says
what is missing, so the person can answer in a new run.

These are the short messages the loop explorer shows, in the course's current language
(agentloop.i18n). Exercise 3 of chapter 1 asks for
fuller ones, written from the whole final state (how many actions, what went wrong).
"""

from __future__ import annotations

from agentloop.environment import Observation
from agentloop.i18n import t
from agentloop.terminals import ERROR, LIMIT, NEEDS_INPUT, SUCCESS


def honest_message(terminal: str, observation: Observation) -> str:
    """The message for a run that ended with `terminal` after `observation`."""
    if terminal == SUCCESS:
        return t("Found it: the card is {card}.", card=observation["matches"][0])
    if terminal == NEEDS_INPUT:
        matches = observation.get("matches") or []
        if not matches:
            return t("I searched the whole board and no card matches. Which task do you mean?")
        return t("Several cards match: {cards}. Which one do you mean?", cards=", ".join(matches))
    if terminal == ERROR:
        # Not "even after a retry": with max_retries=0 there was none.
        return t("I could not read the task cards, so no card was found and nothing was decided.")
    if terminal == LIMIT:
        return t("I ran out of allowed steps before the search ended: not all cards were "
                 "checked.")
    raise ValueError(
        f"unknown terminal {terminal!r}; expected success, needs_input, error or limit"
    )
