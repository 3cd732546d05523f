"""Chapter 4's hooks: ten topics, registration order, and the three powers of a subscriber."""

from __future__ import annotations

import pytest

from agentloop.harness import (
    DEMO_GOAL,
    REVIEW,
    SKIP,
    TOPICS,
    HookError,
    HookRegistry,
    UnknownTopic,
    demo_harness,
    drive,
)


def types(harness):
    return [event.type for event in harness.events]


def test_ten_topics():
    assert len(TOPICS) == 10
    assert set(TOPICS) == {"before_plan", "after_plan", "before_tool_call", "after_tool_call",
                           "before_step", "after_step", "on_error", "on_pause",
                           "on_budget_exceeded", "on_complete"}


def test_unknown_topics_are_rejected_with_the_list():
    registry = HookRegistry()
    with pytest.raises(UnknownTopic, match="unknown hook topic 'before_tool'; the topics are: "
                                           "before_plan, after_plan"):
        registry.on("before_tool", print)
    with pytest.raises(ValueError, match="must be callable"):
        registry.on("after_step", "print")


def test_subscribers_fire_in_registration_order_with_the_same_payload():
    registry, seen = HookRegistry(), []
    registry.on("before_step", lambda p: seen.append(("first", dict(p))))
    registry.on("before_step", lambda p: p.update(extra=1))
    registry.on("before_step", lambda p: seen.append(("third", dict(p))))
    assert registry.fire("before_step", {"index": 0}) is None
    assert seen == [("first", {"index": 0}), ("third", {"index": 0, "extra": 1})]


def test_a_sentinel_stops_the_chain():
    registry, seen = HookRegistry(), []
    registry.on("before_step", lambda p: SKIP)
    registry.on("before_step", lambda p: seen.append("never"))
    assert registry.fire("before_step", {}) is SKIP
    assert seen == []


@pytest.mark.parametrize(("topic", "value"), [("before_tool_call", False), ("on_complete", SKIP),
                                              ("before_plan", REVIEW), ("after_step", "ok")])
def test_other_return_values_break_the_contract(topic, value):
    registry = HookRegistry()
    registry.on(topic, lambda p: value)
    with pytest.raises(HookError, match=f"the {topic} hook <lambda> returned"):
        registry.fire(topic, {})


def test_every_topic_fires_in_the_order_of_the_loop():
    harness, fired = demo_harness(max_turns=2), []
    for topic in TOPICS:
        harness.on(topic, lambda p, topic=topic: fired.append(topic))
    stop = drive(harness, harness.run(DEMO_GOAL))
    harness.extend_budget(turns=1)
    drive(harness, harness.resume())
    assert stop.kind == "pause"
    step = ["before_step", "before_tool_call", "after_tool_call", "after_step"]
    assert fired == ["before_plan", "after_plan", *step, *step,
                     "on_budget_exceeded", "on_pause", "before_step", "after_step",
                     "on_complete"]


def test_power_one_a_hook_changes_the_payload():
    harness = demo_harness()
    harness.on("before_tool_call", lambda p: p["args"].update(command=p["args"]["command"]
                                                              + " --dry-run")
               if p["args"]["command"].startswith("du") else None)
    harness.register_tool("shell", lambda args: f"ran {args['command']}")
    drive(harness, harness.run(DEMO_GOAL))
    calls = [e.data for e in harness.events if e.type == "tool.call"]
    assert calls[0]["args"] == {"command": "du -sh build/cache --dry-run"}
    assert harness.session.outputs["call-1"] == "ran du -sh build/cache --dry-run"


def test_after_plan_can_drop_a_step_and_after_tool_call_can_redact():
    harness = demo_harness()
    harness.on("after_plan", lambda p: p["plan"].pop(1) and None)
    harness.on("after_tool_call", lambda p: p["result"].update(output="[redacted]"))
    drive(harness, harness.run(DEMO_GOAL))
    committed = next(e.data["plan"] for e in harness.events if e.type == "plan.commit")
    assert [s["name"] for s in committed] == ["measure the cache", "write the report"]
    assert harness.session.outputs == {"call-1": "[redacted]"}


def test_power_two_a_raise_aborts_the_turn_and_is_reported():
    harness, errors = demo_harness(), []
    harness.on("on_error", errors.append)

    def refuse(payload):
        if "rm" in payload["args"]["command"]:
            raise PermissionError("no deleting")

    harness.on("before_tool_call", refuse)
    harness.max_replans = 0
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.outcome == "incomplete"
    blocked = [e.data for e in harness.events if e.type == "tool.error"]
    assert blocked == [{"index": 1, "call_id": None, "source": "hook",
                        "error": "blocked by a before_tool_call hook: PermissionError: "
                                 "no deleting"}]
    assert errors == [{"where": "before_tool_call", "index": 1,
                       "error": "PermissionError: no deleting"}]
    assert harness.session.tool_calls == 1  # the blocked call was never handed out
    assert [s["status"] for s in harness.session.steps] == ["ok", "failed", "ok"]


def test_a_hook_that_raises_in_before_plan_ends_the_session():
    harness = demo_harness()
    harness.on("before_plan", lambda p: 1 / 0)
    stop = harness.run(DEMO_GOAL)
    assert stop.kind == "done" and stop.outcome == "aborted"
    assert types(harness) == ["session.start", "session.complete"]


def test_power_three_skip_the_next_step():
    harness = demo_harness()
    harness.on("before_step", lambda p: SKIP if p["step"] == "measure the cache" else None)
    harness.on("after_step", lambda p: SKIP if p["step"] == "measure the cache" else None)
    stop = drive(harness, harness.run(DEMO_GOAL))
    statuses = [(s["name"], s["status"]) for s in harness.session.steps]
    assert statuses == [("measure the cache", "skipped"), ("delete the cache", "skipped"),
                        ("write the report", "ok")]
    assert harness.session.tool_calls == 0 and stop.outcome == "incomplete"


def test_skip_in_before_tool_call_skips_the_call():
    harness = demo_harness()
    harness.on("before_tool_call", lambda p: SKIP)
    drive(harness, harness.run(DEMO_GOAL))
    assert "tool.call" not in types(harness)


def test_review_pauses_before_the_call_and_resume_makes_it():
    harness = demo_harness()
    harness.on("before_tool_call", lambda p: REVIEW if "rm" in p["args"]["command"] else None)
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.kind == "pause" and stop.pause["reason"] == "review"
    assert stop.pause["from"] == "EXECUTING" and harness.state == "IDLE"
    assert harness.session.tool_calls == 1
    stop = harness.resume()
    assert stop.kind == "tool_call" and stop.request["args"]["command"] == "rm -rf build/cache"
    assert drive(harness, stop).outcome == "goal_met"


def test_a_bad_return_value_fails_closed():
    harness = demo_harness()
    harness.on("before_tool_call", lambda p: False)
    harness.max_replans = 0
    drive(harness, harness.run(DEMO_GOAL))
    errors = [e.data["error"] for e in harness.events if e.type == "tool.error"]
    assert len(errors) == 2 and all("HookError" in e for e in errors)


def test_a_raising_notice_hook_is_kept_not_lost():
    harness = demo_harness()
    harness.on("on_complete", lambda p: 1 / 0)
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert stop.outcome == "goal_met"
    assert harness.hook_errors == ["on_complete: ZeroDivisionError: division by zero"]
