"""Chapter 1's loop explorer: every control re-runs the loop; text works without widgets."""

from __future__ import annotations

import pytest

from agentloop.widgets import LoopExplorer, loop_explorer


def test_moving_max_steps_shortens_the_limit_run():
    explorer = loop_explorer("limit")
    assert 'data-terminal="limit" data-steps="5"' in explorer.view.value
    explorer.max_steps.value = 2
    assert 'data-terminal="limit" data-steps="2"' in explorer.view.value
    assert "terminal: limit after 2 steps" in explorer.text()


def test_changing_the_scenario_and_retries_reruns():
    explorer = loop_explorer("one_match")
    explorer.scenario.value = "temporary_error"
    assert "terminal: success after 2 steps" in explorer.text()
    explorer.max_retries.value = 0
    assert "terminal: error after 1 step;" in explorer.text()


def test_step_buttons_walk_through_the_run():
    explorer = loop_explorer("limit")
    explorer.first.click()
    assert 'data-terminal="running" data-steps="1"' in explorer.view.value
    assert "showing step 1 of 5" in explorer.text()
    explorer.next.click()
    explorer.next.click()
    assert "showing step 3 of 5" in explorer.text()
    explorer.all.click()
    assert 'data-steps="5"' in explorer.view.value


def test_plain_text_is_offered_next_to_the_widget():
    bundle = loop_explorer("two_matches")._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "task-003-copy" in bundle["text/plain"]
    assert "Which one do you mean?" in bundle["text/plain"]


def test_bad_settings_are_refused_before_building():
    with pytest.raises(ValueError, match="max_steps must be an integer from 1 to 5"):
        LoopExplorer("limit", max_steps=9)


def test_observations_are_escaped_in_html():
    explorer = loop_explorer("two_matches")
    assert "<td><code>{&quot;ok&quot;: true" in explorer.view.value
