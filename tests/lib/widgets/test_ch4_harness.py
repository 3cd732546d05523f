"""Chapter 4's harness view: the buttons walk the yield points; sliders restart; text fallback."""

from __future__ import annotations

from agentloop.widgets import harness_view
from agentloop.widgets.ch4_harness import state_diagram


def test_the_diagram_highlights_the_current_state():
    svg = state_diagram("AWAITING_TOOL")
    assert svg.count("<rect") == 6
    assert 'data-state="AWAITING_TOOL" data-current="true"' in svg
    assert svg.count('data-current="true"') == 1


def test_next_yield_point_walks_to_the_pause_and_resume_finishes():
    view = harness_view(max_turns=2)
    assert "not started" in view.text() and 'data-state="IDLE"' in view.view.value
    view.next.click()
    assert 'data-state="AWAITING_TOOL"' in view.view.value
    assert "request call-1 shell" in view.text()
    view.next.click()
    view.next.click()
    assert "paused, budget_exceeded (turns 2/2), taken in REFLECTING" in view.text()
    assert "states: [IDLE]" in view.text()
    view.next.click()  # a pause is left with the resume control, not this button
    assert "paused" in view.text()
    view.resume.click()
    assert "DONE: outcome goal_met" in view.text()
    assert "turns 3/3" in view.text()


def test_sliders_and_the_guard_start_a_new_session():
    view = harness_view()
    view.next.click()
    view.guard.value = True
    assert "not started" in view.text()
    for _ in range(4):
        view.next.click()
    assert "blocked by a before_tool_call hook" in view.view.value
    view.max_tool_calls.value = 0
    view.next.click()
    assert "tool_calls 0/0" in view.text()


def test_plain_text_is_offered_next_to_the_widget():
    bundle = harness_view()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
