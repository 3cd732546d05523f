"""Chapter 4's budget envelope: each limit pauses the loop, nothing is lost, resume goes on."""

from __future__ import annotations

import pytest

from agentloop.harness import (
    DEMO_GOAL,
    Budget,
    FakeClock,
    TickingClock,
    demo_harness,
    drive,
    replay,
    run_demo,
)


def finish(harness, stop, **extension):
    while stop.kind == "pause":
        harness.extend_budget(**extension)
        stop = drive(harness, harness.resume())
    return stop


def completed_like_the_unlimited_run(harness):
    """Same steps, outputs and outcome as a run that never paused: nothing was lost."""
    free = run_demo().session
    assert harness.session.steps == free.steps
    assert harness.session.outputs == free.outputs
    assert harness.session.outcome == "goal_met"
    assert harness.session.turns == free.turns and harness.session.tool_calls == 2


def test_turns_limit_pauses_before_the_next_step():
    harness, reached = demo_harness(max_turns=2), []
    harness.on("on_budget_exceeded", reached.append)
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.kind == "pause" and harness.state == "IDLE"
    assert stop.pause == {"reason": "budget_exceeded", "from": "REFLECTING",
                          "move": {"kind": "start_step", "to": "EXECUTING", "index": 2},
                          "limit": "turns", "used": 2, "max": 2}
    assert reached == [{"limit": "turns", "used": 2, "max": 2}]
    assert [e.type for e in harness.events][-2:] == ["budget.warn", "session.pause"]
    assert [s["status"] for s in harness.session.steps] == ["ok", "ok"]  # kept
    assert finish(harness, stop, turns=1).outcome == "goal_met"
    completed_like_the_unlimited_run(harness)


def test_tool_call_limit_pauses_before_handing_out_the_request():
    harness = demo_harness(max_tool_calls=1)
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.pause["limit"] == "tool_calls" and stop.pause["from"] == "EXECUTING"
    assert stop.pause["move"]["kind"] == "call_tool"
    assert stop.pause["move"]["request"]["call_id"] == "call-2"
    assert harness.session.current == 1 and harness.session.tool_calls == 1
    stop = harness.resume()  # not extended: it pauses again, still losing nothing
    assert stop.kind == "pause" and harness.session.warnings == 2
    harness.extend_budget(tool_calls=1)
    stop = harness.resume()
    assert stop.kind == "tool_call" and stop.request["args"]["command"] == "rm -rf build/cache"
    drive(harness, stop)
    completed_like_the_unlimited_run(harness)


def test_the_clock_is_checked_on_every_move_even_while_a_tool_runs():
    clock = FakeClock()
    harness = demo_harness(max_seconds=30, clock=clock)
    stop = harness.run(DEMO_GOAL)
    assert stop.kind == "tool_call"
    clock.advance(31)  # the tool took half a minute
    stop = harness.resume(harness.call_tool(stop.request))
    assert stop.kind == "pause"
    assert stop.pause["limit"] == "seconds" and stop.pause["from"] == "AWAITING_TOOL"
    assert harness.session.outputs == {"call-1": "412M\tbuild/cache"}  # the result is kept
    harness.extend_budget(seconds=60)
    assert drive(harness, harness.resume()).outcome == "goal_met"
    completed_like_the_unlimited_run(harness)


def test_the_simulated_clock_moves_one_second_a_move():
    harness = demo_harness(max_seconds=5)
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.pause["limit"] == "seconds" and stop.pause["used"] == 5
    assert finish(harness, stop, seconds=10).outcome == "goal_met"


def test_zero_turns_pauses_right_after_planning():
    stop = drive(*(lambda h: (h, h.run(DEMO_GOAL)))(demo_harness(max_turns=0)))
    assert stop.pause["from"] == "PLANNING" and stop.pause["move"]["index"] == 0


def test_finishing_never_costs_budget():
    harness = demo_harness(max_turns=3, max_tool_calls=2, max_seconds=9)
    assert drive(harness, harness.run(DEMO_GOAL)).outcome == "goal_met"


def test_a_paused_session_can_be_closed():
    harness, completed = demo_harness(max_turns=1), []
    harness.on("on_complete", completed.append)
    drive(harness, harness.run(DEMO_GOAL))
    stop = harness.close("out of money")
    assert stop.kind == "done" and stop.outcome == "closed" and harness.state == "DONE"
    assert completed[0]["outcome"] == "closed" and completed[0]["detail"] == "out of money"
    assert replay(harness.events).snapshot() == harness.snapshot()
    with pytest.raises(ValueError, match="nothing to resume"):
        harness.resume()


def test_resume_and_close_refuse_when_they_mean_nothing():
    harness = demo_harness(max_turns=1)
    with pytest.raises(ValueError, match="nothing to resume: the session is in IDLE"):
        harness.resume()
    stop = harness.run(DEMO_GOAL)
    with pytest.raises(ValueError, match="close\\(\\) ends a paused session"):
        harness.close()
    stop = drive(harness, stop)
    with pytest.raises(ValueError, match="resumes with resume\\(\\) and no payload"):
        harness.resume({"turns": 5})
    with pytest.raises(ValueError, match="run\\(\\) starts a session once"):
        harness.run(DEMO_GOAL)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"max_turns": -1}, "max_turns must be a whole number of 0 or more, got -1"),
    ({"max_tool_calls": 1.5}, "max_tool_calls must be a whole number"),
    ({"max_seconds": 0}, "max_seconds must be a finite number of seconds, more than 0"),
    ({"max_seconds": float("nan")}, "max_seconds must be a finite number"),
    ({"clock": 3}, "clock must be a callable"),
])
def test_bad_budgets_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Budget(**kwargs)


def test_extensions_only_raise_limits():
    budget = Budget(1, 1, 1.0, TickingClock())
    budget.extend(turns=2, seconds=4)
    assert budget.limits() == {"turns": 3, "tool_calls": 1, "seconds": 5.0}
    with pytest.raises(ValueError, match="turns must be a whole number of 0 or more, got -1"):
        budget.extend(turns=-1)
