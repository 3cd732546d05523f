"""Chapter 1's environment: the duty officer's task board, with canned observations.

The environment is the only place that knows the scenario name. It prepares what
an action "returns" so that every run of a scenario is the same; nothing is read
from disk and nothing touches the network.
"""

from __future__ import annotations

from typing import Any

READ_TASK_CARDS = "read_task_cards"
CARDS_UNAVAILABLE = "Error: the practice task cards are unavailable"
CARDS_FILE_MISSING = "Error: the task card file tasks/cards.json was not found"


def _one_match(step: int) -> dict[str, Any]:
    return {"ok": True, "matches": ["task-003"]}


def _two_matches(step: int) -> dict[str, Any]:
    return {"ok": True, "matches": ["task-003", "task-003-copy"]}


def _no_matches(step: int) -> dict[str, Any]:
    return {"ok": True, "matches": []}


def _temporary_error(step: int) -> dict[str, Any]:
    if step == 1:
        return {"ok": False, "error": CARDS_UNAVAILABLE}
    return {"ok": True, "matches": ["task-003"]}


def _permanent_error(step: int) -> dict[str, Any]:
    return {"ok": False, "error": CARDS_UNAVAILABLE}


def _missing_file(step: int) -> dict[str, Any]:
    return {"ok": False, "error": CARDS_FILE_MISSING}


def _limit(step: int) -> dict[str, Any]:
    # A board too big for one read: every page is unfinished and points to the next.
    return {
        "ok": True,
        "matches": [f"candidate-{step:03d}"],
        "search_complete": False,
        "next_page": step + 1,
    }


SCENARIOS = {
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
        known = ", ".join(SCENARIOS)
        raise ValueError(f"unknown scenario {scenario!r}; known scenarios: {known}")
    return scenario


def perform_action(action: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Execute `action` in the scenario's environment and return the observation."""
    name = action.get("name") if isinstance(action, dict) else None
    if name != READ_TASK_CARDS:
        return {"ok": False, "error": f"Error: unknown action {name!r}"}
    this_step = state["steps"] + 1
    return SCENARIOS[validate_scenario(state["scenario"])](this_step)
