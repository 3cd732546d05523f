"""Chapter 4's demo session (agentloop.harness.demo): the placeholder planner proposes the
same three steps minus those that ended ok, the canned shell answers from its table and runs
nothing, and the demo ends with the goal met on a simulated clock."""

from __future__ import annotations

import pytest

from agentloop.harness.demo import (
    CANNED_SHELL,
    DEMO_PLAN,
    canned_shell,
    run_demo,
    three_step_planner,
)


def test_the_planner_proposes_what_has_not_ended_ok_as_copies():
    plan = three_step_planner("a goal", [])
    assert plan == list(DEMO_PLAN)
    plan[0]["args"]["command"] = "changed"
    assert DEMO_PLAN[0]["args"]["command"] == "du -sh build/cache"
    history = [{"index": 0, "name": "measure the cache", "status": "ok"},
               {"index": 1, "name": "delete the cache", "status": "failed"}]
    assert [step["name"] for step in three_step_planner("a goal", history)] == \
        ["delete the cache", "write the report"]


def test_the_canned_shell_answers_from_its_table_only():
    for command, output in CANNED_SHELL.items():
        assert canned_shell({"command": command}) == output
    with pytest.raises(KeyError, match="no canned answer for 'ls'"):
        canned_shell({"command": "ls"})


def test_the_demo_is_the_same_run_every_time():
    first, second = run_demo(), run_demo()
    assert first.session.outcome == "goal_met"
    assert first.events.to_jsonl() == second.events.to_jsonl()
    assert run_demo(max_turns=1).session.pause["reason"] == "budget_exceeded"
