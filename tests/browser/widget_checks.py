"""What each chapter's widget must do when a reader moves it — kept in one place.

`WIDGET_CHECKS` maps a notebook's stem to a function that drives its widget with the
keyboard and the mouse and asserts the change the library predicts: each expectation is
computed here, in the test process, by calling `agentloop` itself (the loop, the
controller, the support agent, the harness demo), and compared with the data-* attributes,
table rows and text of the widget's HTML. The widget's code is not asked what to show (only
what a chapter 2 preset option stands for, `ch2_proposals.preset`). A chapter
without an entry gets `generic_check`: moving a slider and picking another dropdown option
must each change what the widget shows.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from lab_ui import (
    WIDGET_TIMEOUT,
    button,
    checkbox,
    choose_option,
    choose_other_option,
    dropdown,
    dropdown_options,
    move_slider,
    shown_output,
    shown_view,
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


def view_facts(view: dict[str, Any] | None, keys: Sequence[str],
               texts: Sequence[str]) -> dict[str, Any] | None:
    """The facts named by `keys` from a `shown_view`: "data-x" is an attribute, "rows"
    the number of table rows, "column N" the table's Nth column, "current" the states
    marked current; "missing text" lists the `texts` the view does not contain."""
    if view is None:
        return None
    facts: dict[str, Any] = {}
    for key in keys:
        if key.startswith("data-"):
            facts[key] = view["data"].get(key[5:])
        elif key == "rows":
            facts[key] = len(view["rows"])
        elif key.startswith("column "):
            facts[key] = [row[int(key[7:])] for row in view["rows"]]
        elif key == "current":
            facts[key] = view["current"]
        else:
            raise KeyError(f"no such fact: {key!r}")
    facts["missing text"] = [text for text in texts if text not in view["text"]]
    return facts


def wait_shown(area: Any, selector: str, expected: dict[str, Any], texts: Sequence[str] = (),
               what: str = "", previous: dict[str, Any] | None = None,
               timeout: int = WIDGET_TIMEOUT) -> dict[str, Any]:
    """Wait until the element `selector` of the widget shows `expected` (see `view_facts`)
    and contains each of `texts`; fail with what it shows instead. Return the expectation
    with the view that met it (under "view").

    `previous` is what the last call returned. The page cannot say when the kernel has
    handled a change, so a step is only a check if the view seen before it does not
    already meet the new expectation. A step whose change the library predicts to be
    invisible (`previous` None) must be followed by one that depends on it.
    """
    want = {**expected, "missing text": []}
    if previous is not None:
        assert view_facts(previous["view"], list(expected), texts) != want, \
            f"{what}: the view before the change already matches, so this step checks nothing"
    deadline = time.monotonic() + timeout / 1000
    while True:
        view = shown_view(area, selector)
        got = view_facts(view, list(expected), texts)
        if got == want:
            return {**expected, "texts": list(texts), "view": view}
        if time.monotonic() > deadline:
            text = view["text"][-600:] if view else None
            raise AssertionError(f"{what}: the page shows {got!r}, the library says {want!r}"
                                 f"; its text ends {text!r}")
        area.page.wait_for_timeout(100)


def widget_area(page: Any, selector: str) -> Any:
    """The output area of the live widget whose HTML has `selector`."""
    area = widget_outputs(page).filter(has=page.locator(selector)).first
    area.wait_for(timeout=WIDGET_TIMEOUT)
    area.scroll_into_view_if_needed()
    return area


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


# --------------------------------------------------------------------------- chapter 2
CH2_KEY = "ai"  # the notebook's proposal_explorer("ai", "lookup another key")
CH2_PRESET = "lookup another key"


def expected_verdict(preset_name: str, key: str) -> dict[str, Any]:
    """The controller's verdict on a preset proposal before any step: data-* and text."""
    from agentloop.controller import ProposalRejected, new_state, validate_proposal
    from agentloop.widgets.ch2_proposals import preset  # the option's proposal, nothing more

    try:
        validate_proposal(preset(preset_name, key, False), new_state(key))
    except ProposalRejected as exc:
        return {"data-accepted": "false", "data-code": exc.code,
                "texts": [f"REJECTED ({exc.code})", exc.reason]}
    return {"data-accepted": "true", "data-code": "", "texts": ["accepted"]}


def assert_verdict_shown(area: Any, preset_name: str, key: str,
                         previous: dict[str, Any] | None = None) -> dict[str, Any]:
    verdict = expected_verdict(preset_name, key)
    texts = verdict.pop("texts")
    return wait_shown(area, ".agentloop-verdict", verdict, texts, f"preset {preset_name!r}",
                      previous)


def expected_planner_run(key: str, planner: str, max_steps: int) -> dict[str, Any]:
    """`controller.run` of a named planner: its status, one table row a step, the answer."""
    from agentloop.controller import STOPPED, ProposalRejected, run
    from agentloop.planners import PLANNERS

    try:
        result = run(key, PLANNERS[planner], max_steps)
    except ProposalRejected as exc:  # the trace ends with the refused proposal
        return {"data-status": "rejected", "texts": [f"REJECTED ({exc.code})", exc.reason]}
    steps = len(result["trace"]) + (result["status"] != STOPPED)  # tool calls + the final
    texts = ([f"status: {STOPPED}", f"{max_steps} step"] if result["status"] == STOPPED
             else [f"status: {result['status']}", f"answer: {json.dumps(result['answer'])}"])
    return {"data-status": result["status"], "data-steps": str(steps), "rows": steps,
            "texts": texts}


def assert_planner_run_shown(area: Any, key: str, planner: str, max_steps: int,
                             previous: dict[str, Any] | None = None) -> dict[str, Any]:
    run = expected_planner_run(key, planner, max_steps)
    texts = run.pop("texts")
    return wait_shown(area, ".agentloop-run", run, texts, f"{planner} max_steps={max_steps}",
                      previous)


def check_proposal_explorer(page: Any) -> None:
    """Chapter 2: the `plan` planner's run is `stopped` at max_steps 1 and `done` at 3, as
    controller.run says; another preset shows the controller's verdict and code; a planner
    the controller refuses shows the refusal."""
    area = widget_area(page, ".agentloop-verdict")
    preset, planner = dropdown(area, "preset"), dropdown(area, "planner")
    steps = slider_handle(area, "max_steps")
    assert (preset.input_value(), planner.input_value(), slider_value(steps)) == \
        (CH2_PRESET, "plan", 3)
    verdict = assert_verdict_shown(area, CH2_PRESET, CH2_KEY)
    run = assert_planner_run_shown(area, CH2_KEY, "plan", 3)
    assert run["data-status"] == "done"

    move_slider(steps, 1)
    run = assert_planner_run_shown(area, CH2_KEY, "plan", 1, run)
    assert run["data-status"] == "stopped"
    move_slider(steps, 3)
    run = assert_planner_run_shown(area, CH2_KEY, "plan", 3, run)
    assert run["data-status"] == "done"

    # another preset refused for another reason, then one the controller accepts
    options = [o for o in dropdown_options(preset) if o != CH2_PRESET]
    verdicts = {o: expected_verdict(o, CH2_KEY) for o in options}
    refused = next(o for o in options if verdicts[o]["data-code"] not in
                   ("", verdict["data-code"]))
    accepted = next(o for o in options if verdicts[o]["data-accepted"] == "true")
    for name in (refused, accepted):
        choose_option(preset, name)
        verdict = assert_verdict_shown(area, name, CH2_KEY, verdict)

    # a planner whose proposal the controller refuses: run() raises, the trace shows it
    planners = [o for o in dropdown_options(planner) if o != "plan"]
    bad = next(p for p in planners
               if expected_planner_run(CH2_KEY, p, 3)["data-status"] == "rejected")
    choose_option(planner, bad)
    assert_planner_run_shown(area, CH2_KEY, bad, 3, run)


# --------------------------------------------------------------------------- chapter 3
CH3_TASK = "courier 1042"  # the notebook's transcript_viewer(COURIER)
REPEATED_GUARD = "repeated-action guard"


def expected_transcript(task_label: str, max_steps: int, repeated: bool) -> dict[str, Any]:
    """`run_agent` with the support model and the chosen guards: exit, steps, its line."""
    from agentloop.agent import run_agent
    from agentloop.guards import repeated_action
    from agentloop.messages import END_TURN
    from agentloop.models import SupportModel
    from agentloop.shop import EXAMPLE_TASKS

    transcript = run_agent(SupportModel(), EXAMPLE_TASKS[task_label], max_steps,
                           [repeated_action] if repeated else [])
    steps = len(transcript.steps)
    texts = [f"on step {transcript.ended_on}"]
    if transcript.exit != END_TURN:  # a limit or a guard: its reason is shown
        texts.append(f"({transcript.reason})")
    return {"data-exit": transcript.exit, "data-steps": str(steps), "rows": steps,
            "texts": texts}


def assert_transcript_shown(area: Any, task_label: str, max_steps: int, repeated: bool,
                            previous: dict[str, Any] | None = None) -> dict[str, Any]:
    transcript = expected_transcript(task_label, max_steps, repeated)
    texts = transcript.pop("texts")
    return wait_shown(area, ".agentloop-transcript", transcript, texts,
                      f"{task_label} max_steps={max_steps} repeated={repeated}", previous)


def check_transcript_viewer(page: Any) -> None:
    """Chapter 3: on the courier task, max_steps 5 → 2 ends the run at the step limit
    after 2 steps; the repeated-action guard then stops it at step 2 with its reason, and
    still does at max_steps 5; another task shows that task's exit — all as run_agent says."""
    area = widget_area(page, ".agentloop-transcript")
    task, steps = dropdown(area, "task"), slider_handle(area, "max_steps")
    guard = checkbox(area, REPEATED_GUARD)
    assert (task.input_value(), slider_value(steps), guard.is_checked()) == \
        (CH3_TASK, 5, False)
    shown = assert_transcript_shown(area, CH3_TASK, 5, False)

    move_slider(steps, 2)
    shown = assert_transcript_shown(area, CH3_TASK, 2, False, shown)
    assert (shown["data-exit"], shown["rows"]) == ("max_steps", 2)

    guard.click()
    shown = assert_transcript_shown(area, CH3_TASK, 2, True, shown)
    assert shown["data-exit"] != "max_steps" and shown["rows"] == 2
    # The guard, not the limit, ends this run: back at 5 the library predicts the same
    # view (so this step alone proves nothing); the next task shows max_steps is 5.
    move_slider(steps, 5)
    shown = assert_transcript_shown(area, CH3_TASK, 5, True)

    other = choose_other_option(task)
    assert_transcript_shown(area, other, 5, True, shown)
    assert expected_transcript(other, 5, True) != expected_transcript(other, 2, True), \
        f"{other}: the task does not show whether max_steps is 5"


# --------------------------------------------------------------------------- chapter 4
NEXT, RESUME = "next yield point", "extend & resume"


def harness_sliders(area: Any) -> dict[str, int]:
    return {name: int(slider_value(slider_handle(area, label)))
            for name, label in (("max_turns", "max_turns"), ("max_tool_calls", "tool calls"),
                                ("max_seconds", "seconds"))}


def assert_harness_shown(area: Any, mirror: Any, stop: Any, what: str,
                         previous: dict[str, Any] | None) -> dict[str, Any]:
    """The view shows the mirror harness: its state (attribute and highlighted box), its
    event stream row by row, its turns, and where it stopped."""
    state = str(mirror.state)
    texts = [f"turns {mirror.session.turns}/{mirror.budget.max_turns}"]
    if stop is not None and stop.kind == "pause":
        texts += ["paused", stop.pause["reason"], f"taken in {stop.pause['from']}"]
    elif stop is not None and stop.kind == "done":
        texts.append(f"outcome {stop.outcome}")
    expected = {"data-state": state, "current": [state],
                "column 0": [str(e.offset) for e in mirror.events],
                "column 2": [e.type for e in mirror.events]}
    return wait_shown(area, ".agentloop-harness", expected, texts, what, previous)


def drive_harness(area: Any, max_turns: int,
                  shown: dict[str, Any] | None) -> tuple[list[str], dict[str, Any]]:
    """Press the buttons as a reader would until the session is DONE, checking the page
    against the library's demo harness after each press; return the stops' kinds and the
    last view's prediction."""
    from agentloop.harness import DEMO_GOAL, demo_harness

    sliders = harness_sliders(area)
    assert sliders["max_turns"] == max_turns
    mirror = demo_harness(**sliders)
    stop, kinds = None, []
    shown = assert_harness_shown(area, mirror, stop, f"max_turns={max_turns}, not started",
                                 shown)
    while stop is None or stop.kind != "done":
        assert len(kinds) < 20, f"the demo harness does not finish: {kinds}"
        if stop is None:
            stop, label = mirror.run(DEMO_GOAL), NEXT
        elif stop.kind == "tool_call":
            stop, label = mirror.resume(mirror.call_tool(stop.request)), NEXT
        else:  # a pause: one more of the limit that ran out
            mirror.extend_budget(**{stop.pause["limit"]: 1})
            stop, label = mirror.resume(), RESUME
        button(area, label).click()
        kinds.append(stop.kind)
        shown = assert_harness_shown(area, mirror, stop,
                                     f"max_turns={max_turns}, after {kinds}", shown)
    return kinds, shown


def check_harness_view(page: Any) -> None:
    """Chapter 4: with max_turns 3 (set with the keyboard) the demo session runs to DONE
    without a pause; back at 2 it pauses (budget.warn, session.pause, IDLE highlighted)
    and, after extend & resume, completes — each yield point as the demo harness says."""
    from agentloop.harness import demo_harness

    area = widget_area(page, ".agentloop-harness")
    turns = slider_handle(area, "max_turns")
    assert slider_value(turns) == 2
    shown = assert_harness_shown(area, demo_harness(**harness_sliders(area)), None,
                                 "max_turns=2, as the notebook built it", None)

    move_slider(turns, 3)
    kinds, shown = drive_harness(area, 3, shown)
    assert "pause" not in kinds and kinds[-1] == "done", kinds

    move_slider(turns, 2)
    kinds, shown = drive_harness(area, 2, shown)
    assert "pause" in kinds and kinds[-1] == "done", kinds
    types = shown["column 2"]
    pause = types.index("session.pause")
    assert types[pause - 1] == "budget.warn" and types[-1] == "session.complete", types


# --------------------------------------------------------------------------- chapter 5
CH5_BOARDS = {"office board": "board", "fixed board": "fixed_board", "empty board": "empty",
              "archive (missing)": "archive"}
_CH5_OFFICE: list[Any] = []


def ch5_office() -> Any:
    """The example office, written by the library into a temporary folder (once)."""
    if not _CH5_OFFICE:
        import tempfile
        from pathlib import Path

        from agentloop.duty.example import write_office

        root = write_office(Path(tempfile.mkdtemp(prefix="browser-office-")))
        (root / "empty").mkdir()
        _CH5_OFFICE.append(root)
    return _CH5_OFFICE[0]


def expected_duty(query: str, board: str, max_steps: int, max_retries: int, page_size: int,
                  tokens: int | None = None) -> dict[str, Any]:
    """The duty officer's run with the notebook's duty_explorer settings (the repeated guard
    on, the example workspace's contract), as the library computes it."""
    from agentloop.duty.board_tools import board_registry
    from agentloop.duty.handover import message_for
    from agentloop.duty.officer import RunInput, run_officer
    from agentloop.duty.planner import DutyModel

    folder = CH5_BOARDS[board]
    guards = ("repeated",) + ((f"tokens={tokens}",) if tokens else ())
    registry = board_registry(ch5_office() / folder, f"my_agent/{folder}", page_size,
                              ("id", "title", "status", "blocked_by"))
    run = run_officer(RunInput(f"Tell Anya about {query!r}", query, max_steps, max_retries,
                               guards), DutyModel(), registry)
    label, text = message_for(run)
    steps = len(run.records)
    return {"data-terminal": run.terminal, "data-steps": str(steps), "rows": steps,
            "column 3": [record["decision"] for record in run.records],
            "texts": [f"Stop: {run.terminal}", f"{label}: {text}"]}


def assert_duty_shown(area: Any, settings: dict[str, Any],
                      previous: dict[str, Any] | None) -> dict[str, Any]:
    expected = expected_duty(**settings)
    texts = expected.pop("texts")
    return wait_shown(area, ".agentloop-duty", expected, texts, f"duty explorer {settings}",
                      previous)


def check_duty_explorer(page: Any) -> None:
    """Chapter 5: the ambiguous pair as the notebook built it; two card files a page make the
    board longer than the budget (limit), fourteen make one page; posters on one page ask
    (task-012.md is unread) and on the fixed board succeed in 3 steps, and at max_steps 2
    stop at the limit; the missing board ends in error, after
    one step without a retry; a token budget of 1000 stops the posters route before step 4 —
    each view as the library computes it."""
    area = widget_area(page, ".agentloop-duty")
    query, board = dropdown(area, "query"), dropdown(area, "board")
    tokens = dropdown(area, "token budget")
    steps, retries = slider_handle(area, "max_steps"), slider_handle(area, "max_retries")
    size = slider_handle(area, "page_size")
    settings = {"query": "equipment", "board": "office board", "max_steps": 5,
                "max_retries": 1, "page_size": 5}
    assert (query.input_value(), board.input_value(), tokens.input_value()) == \
        ("equipment", "office board", "none")
    assert (slider_value(steps), slider_value(retries), slider_value(size)) == (5, 1, 5)
    shown = assert_duty_shown(area, settings, None)
    assert shown["data-terminal"] == "needs_input"

    def change(control: Any, key: str, value: Any) -> dict[str, Any]:
        if key in ("query", "board"):
            choose_option(control, value)
        else:
            move_slider(control, value)
        settings[key] = value
        return assert_duty_shown(area, settings, shown)

    shown = change(size, "page_size", 2)
    assert shown["data-terminal"] == "limit"
    shown = change(size, "page_size", 14)
    assert (shown["data-terminal"], shown["rows"]) == ("needs_input", 1)
    shown = change(query, "query", "posters")
    assert (shown["data-terminal"], shown["rows"]) == ("needs_input", 3)   # task-012.md unread
    shown = change(board, "board", "fixed board")
    assert (shown["data-terminal"], shown["rows"]) == ("success", 3)
    shown = change(steps, "max_steps", 2)
    assert shown["data-terminal"] == "limit"
    shown = change(board, "board", "archive (missing)")
    assert shown["data-terminal"] == "error"
    shown = change(retries, "max_retries", 0)
    assert (shown["data-terminal"], shown["rows"]) == ("error", 1)
    shown = change(board, "board", "fixed board")
    shown = change(steps, "max_steps", 5)
    shown = change(size, "page_size", 5)
    assert (shown["data-terminal"], shown["rows"]) == ("success", 5)
    choose_option(tokens, "1000")
    settings["tokens"] = 1000
    shown = assert_duty_shown(area, settings, shown)
    assert (shown["data-terminal"], shown["rows"]) == ("limit", 4)


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
    "02_tools_and_controller": check_proposal_explorer,
    "03_plan_action_observation": check_transcript_viewer,
    "04_harness": check_harness_view,
    "05_capstone": check_duty_explorer,
}


def widget_check(stem: str) -> Callable[[Any], None]:
    return WIDGET_CHECKS.get(stem, generic_check)
