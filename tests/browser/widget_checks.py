"""What each chapter's widget must do when a reader moves it — kept in one place.

`WIDGET_CHECKS` maps a notebook's stem to a function that drives its widget and asserts
the change the library predicts. A chapter without an entry gets `generic_check`: moving a
slider and picking another dropdown option must each change what the widget shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from lab_ui import (
    WIDGET_TIMEOUT,
    choose_other_option,
    dropdown,
    move_slider,
    shown_output,
    slider_handle,
    slider_to_other_end,
    slider_value,
    widget_outputs,
)


def wait_changed(area: Any, before: str, timeout: int = WIDGET_TIMEOUT) -> str:
    """Wait until the widget shows something other than `before`; return it."""
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline:
        now = shown_output(area)
        if now != before:
            return now
        area.page.wait_for_timeout(100)
    raise AssertionError(f"the widget's output did not change within {timeout} ms")


# --------------------------------------------------------------------------- chapter 1
def expected_run(scenario: str, max_steps: int, max_retries: int) -> tuple[str, int]:
    """(terminal, number of steps) of the run, as the library computes it."""
    from agentloop.loop import run_loop

    result = run_loop(scenario, max_steps, max_retries)
    return result["terminal"], len(result["events"])


def assert_run_shown(area: Any, scenario: str, max_steps: int, max_retries: int) -> None:
    """The explorer shows the library's run: data-terminal, data-steps, one row a step."""
    terminal, steps = expected_run(scenario, max_steps, max_retries)
    run = area.locator(f'.agentloop-run[data-terminal="{terminal}"][data-steps="{steps}"]')
    run.wait_for(timeout=WIDGET_TIMEOUT)
    rows = run.locator("table tbody tr").count()
    assert rows == steps, f"{scenario} max_steps={max_steps}: {rows} table rows, want {steps}"


def check_loop_explorer(page: Any) -> None:
    """Chapter 1: on `limit`, max_steps 5 → 2 turns a 5-step limit into a 2-step one;
    then another scenario shows that scenario's run under the same limits."""
    area = widget_outputs(page).filter(has=page.locator(".agentloop-run")).first
    area.wait_for(timeout=WIDGET_TIMEOUT)
    scenario = dropdown(area, "scenario")
    steps, retries = slider_handle(area, "max_steps"), slider_handle(area, "max_retries")
    assert scenario.input_value() == "limit"
    assert (slider_value(steps), slider_value(retries)) == (5, 1)
    assert_run_shown(area, "limit", 5, 1)
    assert area.locator('.agentloop-run[data-terminal="limit"][data-steps="5"]').count() == 1

    move_slider(steps, 2)
    assert_run_shown(area, "limit", 2, 1)

    other = choose_other_option(scenario)
    assert_run_shown(area, other, 2, 1)


# --------------------------------------------------------------------------- default
def generic_check(page: Any) -> None:
    """Any chapter: moving a slider to an end, and another dropdown option, each change
    what the widget shows (in every widget that has one)."""
    areas = widget_outputs(page)
    areas.first.wait_for(timeout=WIDGET_TIMEOUT)
    moved = 0
    for index in range(areas.count()):
        area = areas.nth(index)
        if area.locator(".widget-slider .noUi-handle").count():
            before = shown_output(area)
            slider_to_other_end(slider_handle(area))
            wait_changed(area, before)
            moved += 1
        if area.locator(".widget-dropdown select").count():
            before = shown_output(area)
            choose_other_option(dropdown(area))
            wait_changed(area, before)
            moved += 1
    assert moved, "no widget with a slider or a dropdown in this chapter"


WIDGET_CHECKS: dict[str, Callable[[Any], None]] = {
    "01_agent_loop": check_loop_explorer,
}


def widget_check(stem: str) -> Callable[[Any], None]:
    return WIDGET_CHECKS.get(stem, generic_check)
