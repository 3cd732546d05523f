"""Chapter 2's planners (agentloop.planners): the default planner is deterministic, a broken one
is refused with its code, one that never finishes is stopped by the budget."""

from __future__ import annotations

import pytest

from agentloop import planners
from agentloop.controller import ProposalRejected, new_state, run


def lookup_of(key):
    return {"type": "tool", "name": "lookup", "args": {"key": key}}


@pytest.mark.parametrize(
    ("name", "code"),
    [("answer_at_once", "final_without_observation"), ("invent_record", "final_mismatch"),
     ("look_elsewhere", "out_of_scope"), ("run_code", "unknown_tool")],
)
def test_broken_planners_are_refused_with_their_code(name, code):
    with pytest.raises(ProposalRejected) as refused:
        run("ai", planners.PLANNERS[name])
    assert refused.value.code == code


def test_a_planner_that_never_finishes_is_stopped_by_the_budget():
    result = run("ai", planners.keep_looking, max_steps=4)
    assert result["status"] == "stopped" and len(result["trace"]) == 4


def test_the_default_planner_is_deterministic():
    assert run("ai") == run("ai")
    state = new_state("ai")
    assert planners.plan(state) == lookup_of("ai")
