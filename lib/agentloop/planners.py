"""Chapter 2's planners: plain functions `state -> proposal`.

A planner only proposes. The controller (`agentloop.controller`) decides whether a
proposal runs. `plan` is the chapter's deterministic default; the others are broken
on purpose, one way each, so you can watch the controller refuse them. A live model
would plug in exactly here: an adapter that turns the model's reply into the same
proposal dict, which is then validated like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agentloop.proposals import FinalProposal, Proposal, RunState, ToolProposal


def plan(state: dict[str, Any]) -> dict[str, Any]:
    """Look the requested key up once, then finish with exactly what was observed."""
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    return {"type": "final", "answer": state["observations"][-1]["result"]}


def answer_at_once(state: RunState) -> FinalProposal:
    """Broken: answers before looking anything up (final_without_observation)."""
    return {"type": "final", "answer": {"title": "Applied AI"}}


def invent_record(state: RunState) -> Proposal:
    """Broken: looks up, then reports a record it made up (final_mismatch)."""
    if not state["observations"]:
        return plan(state)
    return {"type": "final", "answer": {"title": f"Advanced {state['key'].title()}",
                                        "topics": ["everything"]}}


def look_elsewhere(state: RunState) -> ToolProposal:
    """Broken: looks up a key nobody asked for (out_of_scope)."""
    other = "design" if state["key"] != "design" else "ai"
    return {"type": "tool", "name": "lookup", "args": {"key": other}}


def run_code(state: RunState) -> ToolProposal:
    """Broken: asks to run Python text, which is not a registered tool (unknown_tool)."""
    return {"type": "tool", "name": "python",
            "args": {"code": "import os; os.listdir('.')"}}


def keep_looking(state: RunState) -> ToolProposal:
    """Valid but never finishes: every step is another lookup, so the run is stopped."""
    return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}


PLANNERS = {
    "plan": plan,
    "answer_at_once": answer_at_once,
    "invent_record": invent_record,
    "look_elsewhere": look_elsewhere,
    "run_code": run_code,
    "keep_looking": keep_looking,
}
