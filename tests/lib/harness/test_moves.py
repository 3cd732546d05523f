"""Chapter 4's moves (agentloop.harness.moves): small typed values that name their target and
their cost, round-trip as plain data, and the closed sets of step statuses, outcomes and pause
reasons."""

from __future__ import annotations

import pytest


def test_a_move_is_a_small_typed_value_that_names_its_target_and_its_cost():
    from agentloop.harness import (
        AWAITING_TOOL,
        DONE,
        EXECUTING,
        PLANNING,
        REFLECTING,
        CallTool,
        EndStep,
        Finish,
        Replan,
        StartSession,
        StartStep,
    )
    from agentloop.harness.moves import from_plain

    moves = [StartSession("a goal"), Replan(), StartStep(2), CallTool({"call_id": "call-1"}),
             EndStep(1, "delete the cache", "failed"), Finish("goal_met", "")]
    assert [m.target for m in moves] == [PLANNING, PLANNING, EXECUTING, AWAITING_TOOL,
                                         REFLECTING, DONE]
    assert [m.spends for m in moves] == [None, None, "turns", "tool_calls", None, None]
    for move in moves:
        assert from_plain(move.to_plain()) == move
    assert StartStep(2).to_plain() == {"kind": "start_step", "to": "EXECUTING", "index": 2}
    with pytest.raises(AttributeError):
        StartStep(2).index = 3  # frozen
    with pytest.raises(ValueError, match="a step ends ok, failed or skipped"):
        EndStep(0, "x", "done")
    with pytest.raises(ValueError, match="not a move"):
        from_plain({"to": "EXECUTING", "start_step": 2})  # no kind: nothing is guessed


def test_outcomes_stop_kinds_and_pause_reasons_are_closed_sets():
    from agentloop.harness import OUTCOMES, PAUSE_REASONS, STEP_STATUSES, STOP_KINDS, run_demo

    assert OUTCOMES == ("goal_met", "incomplete", "no_plan", "aborted", "closed")
    assert STOP_KINDS == ("tool_call", "pause", "done")
    assert PAUSE_REASONS == ("budget_exceeded", "review") and STEP_STATUSES == (
        "ok", "failed", "skipped")
    assert run_demo().session.outcome in OUTCOMES
    assert run_demo(max_turns=1).session.pause["reason"] in PAUSE_REASONS
