"""Chapter 4's replay: the same event log puts a harness in the same state, without a planner.

The property test drives generated sessions (plans, tool results, guards, skips, reviews,
budget pauses, clock jumps, closes) and replays the log at every yield point.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentloop.harness import (
    DEMO_GOAL,
    REVIEW,
    SKIP,
    Budget,
    EventLogError,
    FakeClock,
    Harness,
    demo_harness,
    replay,
    run_demo,
)
from agentloop.harness.replay import describe

steps = st.builds(
    lambda n, tool, command: {"name": f"step {n}", "tool": tool, "args": {"command": command}},
    st.integers(1, 9), st.sampled_from(["shell", "search", None]),
    st.sampled_from(["ls", "rm -rf tmp", "du -sh ."]))
plans = st.lists(steps, min_size=0, max_size=4)
results = st.sampled_from([{"ok": True, "output": "fine"}, {"ok": True, "output": [1, 2]},
                           {"ok": False, "error": "Error: timeout"}, "garbage", {"ok": 1},
                           None])


def build(data, clock):
    plan = data.draw(plans, label="plan")
    harness = Harness(lambda goal, history: copy.deepcopy(plan[len(history) % max(1, len(plan)):]),
                      Budget(data.draw(st.integers(0, 4)), data.draw(st.integers(0, 3)),
                             data.draw(st.integers(1, 30)), clock),
                      max_replans=data.draw(st.integers(0, 2)))
    if data.draw(st.booleans(), label="guard"):
        harness.on("before_tool_call",
                   lambda p: (_ for _ in ()).throw(PermissionError("no"))
                   if "rm" in p["args"].get("command", "") else None)
    sentinel = data.draw(st.sampled_from([None, SKIP, REVIEW]), label="after_step")
    harness.on("after_step", lambda p: sentinel if p["step"] == "step 1" else None)
    if data.draw(st.booleans(), label="skip before_step"):
        harness.on("before_step", lambda p: SKIP if p["step"] == "step 2" else None)
    return harness


def act(data, harness, stop, clock):
    clock.advance(data.draw(st.sampled_from([0, 0, 1, 7]), label="time passes"))
    if stop.kind == "tool_call":
        return harness.resume(data.draw(results, label="result"))
    choice = data.draw(st.sampled_from(["extend", "extend", "resume", "close"]), label="pause")
    if choice == "close":
        return harness.close()
    if choice == "extend":
        harness.extend_budget(turns=1, tool_calls=1, seconds=10)
    return harness.resume()


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_replay_reenters_the_same_state_at_every_yield_point(data):
    clock = FakeClock()
    harness = build(data, clock)
    stop = harness.run("a generated goal")
    for _ in range(60):
        replayed = replay(harness.events)
        assert replayed.snapshot() == harness.snapshot()
        assert replayed.stop == stop
        assert replayed.events.to_dicts() == harness.events.to_dicts()
        if stop.kind == "done":
            break
        stop = act(data, harness, stop, clock)
    assert stop.kind == "done"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_replayed_harness_continues_exactly_like_the_original(data):
    clock = FakeClock()
    harness = build(data, clock)
    stop = harness.run("a generated goal")
    for _ in range(data.draw(st.integers(0, 4), label="yield points before the copy")):
        if stop.kind == "done":
            return
        stop = act(data, harness, stop, clock)
    if stop.kind == "done":
        return
    twin = replay(harness.events, harness.planner, clock)
    twin.hooks, twin.max_replans = harness.hooks, harness.max_replans  # configuration
    twin.budget.extend(**{k: int(harness.budget.limits()[k] - twin.budget.limits()[k])
                          for k in ("turns", "tool_calls")},
                       seconds=harness.budget.max_seconds - twin.budget.max_seconds)
    twin._started = harness._started  # time between the last event and now is not logged
    twin_stop = twin.stop
    for _ in range(60):
        if stop.kind == "done":
            break
        draws = data.draw(st.randoms(use_true_random=False), label="shared choices")
        state = draws.getstate()
        stop = _act_with(draws, harness, stop, clock, advance=True)
        draws.setstate(state)
        twin_stop = _act_with(draws, twin, twin_stop, clock, advance=False)
        assert twin_stop == stop
    assert twin.events.to_dicts() == harness.events.to_dicts()


def _act_with(rng, harness, stop, clock, advance):
    seconds = rng.choice([0, 1, 7])
    if advance:
        clock.advance(seconds)
    if stop.kind == "tool_call":
        return harness.resume(rng.choice([{"ok": True, "output": "x"}, "garbage"]))
    if rng.random() < 0.8:
        harness.extend_budget(turns=1, tool_calls=1, seconds=10)
    return harness.resume()


def test_replay_never_calls_the_planner_or_a_tool():
    log = run_demo(max_turns=2).events
    replayed = replay(log)
    assert replayed.state == "IDLE" and replayed.stop.kind == "pause"
    assert replayed.tools == {}
    replayed.extend_budget(turns=1)
    assert replayed.resume().kind == "done"  # the last step needs no tool


def test_a_replayed_log_waiting_for_a_tool_hands_out_the_same_request():
    harness = demo_harness()
    stop = harness.run(DEMO_GOAL)
    replayed = replay(harness.events)
    assert replayed.stop == stop and replayed.state == "AWAITING_TOOL"
    stop = replayed.resume({"ok": True, "output": "412M"})
    assert stop.kind == "tool_call" and stop.request["call_id"] == "call-2"


def test_describe_says_where_the_session_stands():
    text = describe(replay(run_demo(max_tool_calls=1).events))
    assert "state: IDLE" in text
    assert "paused: budget_exceeded (tool_calls 1/1), taken in EXECUTING" in text


def tampered(change):
    events = run_demo().events.to_dicts()
    change(events)
    return events


@pytest.mark.parametrize(("change", "message"), [
    (lambda e: e.pop(0), "event 0 must be session.start"),
    (lambda e: e.clear(), "an empty event log"),
    (lambda e: e.insert(13, dict(e[3], offset=13)),
     "event 13 \\(step.start\\) cannot be replayed: .*REFLECTING -> EXECUTING|illegal"),
    (lambda e: e[13].update(type="step.start", data={"index": 7}),
     "step index 7 is not in the plan"),
    (lambda e: e[0]["data"].update(limits={"turns": -2}), "bad limits"),
])
def test_a_tampered_log_is_refused_with_the_event_named(change, message):
    events = tampered(change)
    for n, event in enumerate(events):
        event["offset"] = n
    with pytest.raises(EventLogError, match=message):
        replay(events)


def test_offsets_out_of_order_are_refused():
    events = tampered(lambda e: e[5].update(offset=9))
    with pytest.raises(EventLogError, match="event 5 has offset 9"):
        replay(events)


def test_a_log_that_jumps_from_done_is_refused():
    events = run_demo().events.to_dicts()
    events.append({"offset": len(events), "type": "step.start", "at": 9.0,
                   "data": {"index": 0, "name": "measure the cache", "turn": 4}})
    with pytest.raises(EventLogError, match="illegal transition DONE -> EXECUTING"):
        replay(events)


def test_replay_is_deterministic_for_the_closed_and_review_routes():
    harness = demo_harness()
    harness.on("before_tool_call", lambda p: REVIEW)
    stop = harness.run(DEMO_GOAL)
    harness.close()
    assert stop.pause["reason"] == "review"
    assert replay(harness.events).snapshot() == harness.snapshot()
