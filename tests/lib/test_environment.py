"""Chapter 1's environment (agentloop.environment): an unknown scenario names the known ones, an
unknown action is an observation, never a crash."""

from __future__ import annotations

import pytest

from agentloop.environment import perform_action
from agentloop.loop import new_state, run_loop


def test_unknown_scenario_lists_the_known_ones():
    with pytest.raises(ValueError, match="unknown scenario 'nope'; known scenarios: one_match, "):
        run_loop("nope")


def test_unknown_action_is_an_observation_not_a_crash():
    state = new_state("one_match")
    assert perform_action({"name": "delete_folder"}, state) == {
        "ok": False, "error": "Error: unknown action 'delete_folder'"}
