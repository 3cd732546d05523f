"""Chapter 1's environment: the duty officer's task board, with canned observations.

The environment is the only place that knows the scenario name. It prepares what
an action "returns" so that every run of a scenario is the same; nothing is read
from disk and nothing touches the network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from agentloop.loop import LoopState

READ_TASK_CARDS = "read_task_cards"
CARDS_UNAVAILABLE = "Error: the practice task cards are unavailable"
CARDS_FILE_MISSING = "Error: the task card file tasks/cards.json was not found"


class Action(TypedDict):
    """What the planner proposes: `{"name": "read_task_cards"}`."""

    name: str


class Observation(TypedDict):
    """What an action returns: `ok`, then the matches found, or the error.

    A read of a board too big for one read is unfinished: `search_complete` False and the
    `next_page` to read. An observation without `search_complete` is a finished search.
    """

    ok: bool
    matches: NotRequired[list[str]]
    search_complete: NotRequired[bool]
    next_page: NotRequired[int]
    error: NotRequired[str]


def _one_match(step: int) -> Observation:
    return {"ok": True, "matches": ["task-003"]}


def _two_matches(step: int) -> Observation:
    return {"ok": True, "matches": ["task-003", "task-003-copy"]}


def _no_matches(step: int) -> Observation:
    return {"ok": True, "matches": []}


def _temporary_error(step: int) -> Observation:
    if step == 1:
        return {"ok": False, "error": CARDS_UNAVAILABLE}
    return {"ok": True, "matches": ["task-003"]}


def _permanent_error(step: int) -> Observation:
    return {"ok": False, "error": CARDS_UNAVAILABLE}


def _missing_file(step: int) -> Observation:
    return {"ok": False, "error": CARDS_FILE_MISSING}


def _limit(step: int) -> Observation:
    # A board too big for one read: every page is unfinished and points to the next.
    return {
        "ok": True,
        "matches": [f"candidate-{step:03d}"],
        "search_complete": False,
        "next_page": step + 1,
    }


SCENARIOS: dict[str, Callable[[int], Observation]] = {
    "one_match": _one_match,
    "two_matches": _two_matches,
    "no_matches": _no_matches,
    "temporary_error": _temporary_error,
    "permanent_error": _permanent_error,
    "missing_file": _missing_file,
    "limit": _limit,
}


def validate_scenario(scenario: object) -> str:
    """Return the scenario name, or raise ValueError listing the known ones."""
    if not isinstance(scenario, str) or scenario not in SCENARIOS:
        from agentloop.i18n import t

        raise ValueError(t("unknown scenario {scenario}; known scenarios: {known}",
                           scenario=repr(scenario), known=", ".join(SCENARIOS)))
    return scenario


def perform_action(action: Action, state: LoopState) -> Observation:
    """Execute `action` in the scenario's environment and return the observation."""
    name = action.get("name") if isinstance(action, dict) else None
    if name != READ_TASK_CARDS:
        return {"ok": False, "error": f"Error: unknown action {name!r}"}
    this_step = state["steps"] + 1
    return SCENARIOS[validate_scenario(state["scenario"])](this_step)
