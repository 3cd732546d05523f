"""Chapter 4's session record (agentloop.harness.session): a plan is checked and copied, and the
record is folded from the events alone."""

from __future__ import annotations

import pytest

from agentloop.harness import DEMO_PLAN, PlanError, Session, run_demo, validate_plan


def test_plans_are_copied_not_shared():
    plan = [dict(step, args=dict(step["args"])) for step in DEMO_PLAN]
    checked = validate_plan(plan)
    checked[0]["args"]["command"] = "changed"
    assert plan[0]["args"]["command"] == "du -sh build/cache"
    with pytest.raises(PlanError, match="step 0: args must be a dict"):
        validate_plan([{"name": "x", "tool": None, "args": []}])


def test_the_record_is_the_events_folded_in_order():
    harness = run_demo()
    folded = Session()
    for event in harness.events:
        folded.apply(event)
    assert folded.snapshot() == harness.session.snapshot()
    assert folded.outcome == "goal_met" and folded.plan_met() and folded.replans == 0
    history = folded.history()
    history[0]["status"] = "changed"   # a planner gets a copy
    assert folded.steps[0]["status"] == "ok"
