"""Chapter 2's vocabulary (agentloop/proposals.py): the names every module shares, the state
of a run, and what happens to a proposal once the controller has accepted it."""

from __future__ import annotations

import pytest

from agentloop import controller, proposals
from agentloop.proposals import (
    DONE,
    REJECTION_CODES,
    STATUSES,
    STOPPED,
    UNKNOWN,
    ProposalRejected,
    carry_out,
    new_state,
)
from agentloop.tools import CATALOGUE, default_registry


def test_the_controller_speaks_the_same_vocabulary():
    """One class, one tuple: `except controller.ProposalRejected` catches what the
    controller raises, however the name was imported."""
    for name in ("ProposalRejected", "REJECTION_CODES", "FIELDS", "TOOL", "FINAL", "DONE",
                 "UNKNOWN", "STOPPED", "MAX_STEPS", "new_state", "validate_max_steps"):
        assert getattr(controller, name) is getattr(proposals, name), name
    with pytest.raises(proposals.ProposalRejected):
        controller.validate_proposal("text", new_state("ai"))
    assert STATUSES == (DONE, UNKNOWN, STOPPED) and len(set(REJECTION_CODES)) == 11


def test_a_new_run_starts_empty_and_validates_its_inputs():
    assert new_state("ai", 2) == {"key": "ai", "max_steps": 2, "steps": 0, "observations": [],
                                  "status": None, "answer": None}
    with pytest.raises(ValueError, match="key must be a string of 1 to 32"):
        new_state("")
    with pytest.raises(ValueError, match="max_steps must be a positive integer"):
        new_state("ai", True)


def test_carrying_out_a_tool_call_runs_it_and_records_a_copy_of_its_input():
    state, proposal = new_state("ai"), {"type": "tool", "name": "lookup", "args": {"key": "ai"}}
    observation = carry_out(state, proposal, default_registry())
    assert observation == {"tool": "lookup", "input": {"key": "ai"}, "result": CATALOGUE["ai"]}
    proposal["args"]["key"] = "design"  # the planner changes its dict afterwards…
    assert state["observations"] == [observation] and observation["input"] == {"key": "ai"}
    assert state["steps"] == 1 and state["status"] is None


@pytest.mark.parametrize(("answer", "status"), [(CATALOGUE["ai"], DONE), (None, UNKNOWN)])
def test_carrying_out_a_final_answer_ends_the_run(answer, status):
    state = new_state("ai")
    assert carry_out(state, {"type": "final", "answer": answer}, default_registry()) == \
        {"status": status, "answer": answer}
    assert (state["status"], state["answer"], state["steps"]) == (status, answer, 1)


def test_carry_out_checks_nothing_so_the_controller_validates_first():
    """An out-of-scope lookup would run if carried out; `step` refuses it before that."""
    registry = default_registry()
    loose = new_state("ai")
    carry_out(loose, {"type": "tool", "name": "lookup", "args": {"key": "design"}}, registry)
    assert loose["observations"][0]["result"] == CATALOGUE["design"]
    strict = new_state("ai")
    with pytest.raises(ProposalRejected, match="out_of_scope"):
        controller.step(strict, {"type": "tool", "name": "lookup", "args": {"key": "design"}},
                        registry)
    assert strict["observations"] == [] and strict["steps"] == 0
