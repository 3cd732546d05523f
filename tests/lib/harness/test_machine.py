"""Chapter 4's contract under stress: bad planners, malformed tool results, failing tools,
a planner swapped mid-session, and misuse of run/resume."""

from __future__ import annotations

import pytest

from agentloop.harness import DEMO_GOAL, DEMO_PLAN, FakeClock, Harness, demo_harness, drive, replay


def outcome_and_errors(harness):
    return harness.session.outcome, [e.data for e in harness.events if e.type == "tool.error"]


@pytest.mark.parametrize("result", [
    "412M", None, {"ok": "yes"}, {"ok": True}, {"ok": True, "output": 1, "extra": 2},
    {"ok": False, "error": 3}, {"ok": True, "output": float("nan")}, {"ok": True, "output": {1}},
])
def test_a_malformed_tool_result_becomes_a_tool_error_not_a_crash(result):
    harness = demo_harness()
    harness.max_replans = 0
    harness.run(DEMO_GOAL)
    stop = harness.resume(result)
    assert stop.kind == "tool_call"  # the session goes on to the next step
    _, errors = outcome_and_errors(harness)
    assert errors[0]["source"] == "result" and errors[0]["call_id"] == "call-1"
    assert errors[0]["error"].startswith("malformed tool result")
    assert harness.session.steps[0]["status"] == "failed"
    assert replay(harness.events).snapshot() == harness.snapshot()


def test_a_failing_tool_reports_an_error_result():
    harness = demo_harness()
    harness.register_tool("shell", lambda args: 1 / 0)
    assert harness.call_tool({"tool": "shell", "args": {}}) == {
        "ok": False, "error": "ZeroDivisionError: division by zero"}
    assert harness.call_tool({"tool": "ftp", "args": {}})["error"] == \
        "unknown tool 'ftp'; registered tools: shell"
    harness.max_replans = 0
    stop = drive(harness, harness.run(DEMO_GOAL))
    outcome, errors = outcome_and_errors(harness)
    assert stop.kind == "done" and outcome == "incomplete"
    assert [e["source"] for e in errors] == ["tool", "tool"]


def test_a_failed_step_is_replanned_once_then_the_session_moves_on():
    harness = demo_harness()
    harness.register_tool("shell", lambda args: {"ok": False, "error": "disk busy"}
                          if args["command"].startswith("rm") else "ok")
    drive(harness, harness.run(DEMO_GOAL))
    drafts = [e.data for e in harness.events if e.type == "plan.draft"]
    assert drafts[1] == {"steps": ["delete the cache", "write the report"], "replan": True}
    assert harness.session.replans == 1 and harness.session.outcome == "incomplete"


@pytest.mark.parametrize("plan", [None, "do it", [{"name": "x"}], [{"name": "", "tool": None,
                                  "args": {}}], [{"name": "x", "tool": 3, "args": {}}]])
def test_a_bad_plan_aborts_the_session_with_a_reason(plan):
    harness = Harness(lambda goal, history: plan)
    errors = []
    harness.on("on_error", errors.append)
    stop = harness.run("anything")
    assert stop.kind == "done" and stop.outcome == "aborted"
    assert errors[0]["where"] == "planning" and "PlanError" in errors[0]["error"]


def test_an_empty_plan_goes_straight_to_done():
    stop = Harness(lambda goal, history: []).run("nothing to do")
    assert stop.kind == "done" and stop.outcome == "no_plan"


def test_the_planner_can_be_swapped_while_the_session_is_paused():
    clock = FakeClock()
    harness = demo_harness(max_seconds=10, clock=clock)
    stop = harness.run(DEMO_GOAL)
    clock.advance(20)
    stop = harness.resume({"ok": False, "error": "nope"})
    assert stop.kind == "pause" and stop.pause["from"] == "AWAITING_TOOL"
    harness.use_planner(lambda goal, history: [{"name": "ask a person", "tool": None,
                                                "args": {}}])
    harness.extend_budget(seconds=100)
    stop = drive(harness, harness.resume())
    names = [s["name"] for s in harness.session.steps]
    assert names == ["measure the cache", "ask a person"] and stop.outcome == "goal_met"


@pytest.mark.parametrize(("goal", "message"), [("", "goal must be a non-empty str"),
                                                (None, "goal must be a non-empty str")])
def test_run_refuses_a_bad_goal(goal, message):
    with pytest.raises(ValueError, match=message):
        demo_harness().run(goal)


def test_run_needs_a_planner_and_registration_refuses_bad_arguments():
    with pytest.raises(ValueError, match="no planner"):
        Harness().run("a goal")
    with pytest.raises(ValueError, match="register_tool needs a tool name and a callable"):
        Harness().register_tool("", print)
    with pytest.raises(ValueError, match="max_replans must be a whole number"):
        Harness(max_replans=-1)


# --- the decide hook: REFLECTING's choice of the next move ------------------------------------

def test_by_default_decide_walks_the_plan():
    harness = demo_harness()
    assert harness.decide == harness.walk_plan
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert (stop.kind, harness.session.outcome) == ("done", "goal_met")


def test_a_decide_of_ones_own_chooses_every_move_after_a_step():
    from agentloop.harness import Finish, Replan, StartStep

    seen = []

    def stop_after_the_first_step(ended):
        seen.append(dict(ended))
        ended["status"] = "skipped"   # a copy: the session record is not touched
        return Finish("incomplete", "one step is enough")

    harness = Harness(lambda goal, history: list(DEMO_PLAN), decide=stop_after_the_first_step)
    harness.register_tool("shell", lambda args: "ok")
    stop = drive(harness, harness.run(DEMO_GOAL))
    assert (stop.kind, stop.outcome) == ("done", "incomplete")
    assert seen == [{"index": 0, "name": DEMO_PLAN[0]["name"], "status": "ok"}]
    assert harness.session.steps == [{"index": 0, "name": DEMO_PLAN[0]["name"],
                                      "status": "ok"}]
    assert harness.events[len(harness.events) - 1].data["detail"] == "one step is enough"
    assert replay(harness.events).snapshot() == harness.snapshot()

    again = []
    plans = Harness(lambda goal, history: [DEMO_PLAN[2]],
                    decide=lambda ended: again.append(ended) or (
                        Replan() if len(again) < 3 else StartStep(0) if len(again) < 4
                        else Finish("goal_met")))
    drive(plans, plans.run(DEMO_GOAL))
    assert (plans.session.commits, plans.session.turns) == (3, 4)
    assert [e["index"] for e in again] == [0, 0, 0, 0] and plans.session.outcome == "goal_met"


@pytest.mark.parametrize("move", [None, "continue", "Replan()"])
def test_decide_must_return_a_move(move):
    harness = Harness(lambda goal, history: [DEMO_PLAN[2]], decide=lambda ended: move)
    with pytest.raises(ValueError, match="decide must return the next move"):
        harness.run(DEMO_GOAL)
    with pytest.raises(ValueError, match="decide must be callable"):
        Harness(decide="walk_plan")
