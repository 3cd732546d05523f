"""Chapter 2's vocabulary: what a planner proposes, how a refusal is said, how a run ends.

A proposal is a plain dict of one of two types, each with exactly its fields:

    {"type": "tool", "name": "lookup", "args": {"key": "ai"}}     TOOL:  type, name, args
    {"type": "final", "answer": {...}}                            FINAL: type, answer

A refused proposal is a `ProposalRejected(code, reason)`, its code one of
`REJECTION_CODES`; a run ends `done`, `unknown` or `stopped`. The state a planner sees is
`new_state(key, max_steps)` as the steps fill it in; `carry_out` is what happens to a
proposal *after* it was accepted.

The names live here, in a module of their own, so that anything may use them (an answer, a
check, a widget) without loading the controller, whose `validate_proposal` is what decides
(`agentloop.controller`).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from agentloop.tools import ToolRegistry, validate_key
from agentloop.validation import validate_whole_number

MAX_STEPS = 3
DONE = "done"
UNKNOWN = "unknown"
STOPPED = "stopped"
STATUSES = (DONE, UNKNOWN, STOPPED)

TOOL = "tool"
FINAL = "final"
FIELDS = {TOOL: ("type", "name", "args"), FINAL: ("type", "answer")}

REJECTION_CODES = (
    "not_a_dict", "unknown_type", "missing_field", "extra_field", "unknown_tool",
    "missing_argument", "extra_argument", "bad_argument", "out_of_scope",
    "final_without_observation", "final_mismatch",
)

Planner = Callable[[dict[str, Any]], Any]


class ProposalRejected(ValueError):
    """The controller refused a proposal; `code` says which rule, `reason` says why."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(code, reason)  # both in args, so the exception pickles and copies
        self.code = code
        self.reason = reason

    def __str__(self) -> str:
        return f"proposal rejected ({self.code}): {self.reason}"


def validate_max_steps(max_steps: object) -> int:
    """Return `max_steps` if it is a positive whole number (True refused), else ValueError."""
    return validate_whole_number("max_steps", max_steps, 1)


def new_state(key: str, max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """The state at the start of a run: the requested key, no observations, no steps used."""
    return {"key": validate_key(key), "max_steps": validate_max_steps(max_steps), "steps": 0,
            "observations": [], "status": None, "answer": None}


def carry_out(state: dict[str, Any], proposal: dict[str, Any],
              registry: ToolRegistry) -> dict[str, Any]:
    """Carry out a proposal the controller has *accepted*, and record it in `state`.

    It checks nothing: `agentloop.controller.step` calls it only after `validate_proposal`.
    A tool call runs the tool and returns its observation {"tool", "input", "result"},
    appended to the trace; a final answer returns {"status", "answer"} and ends the run.
    Either way the step is counted.
    """
    state["steps"] += 1
    if proposal["type"] == FINAL:
        state["status"] = DONE if proposal["answer"] is not None else UNKNOWN
        state["answer"] = proposal["answer"]
        return {"status": state["status"], "answer": state["answer"]}
    # Copy the validated input: the planner keeps its dict and could change it later.
    arguments = copy.deepcopy(proposal["args"])
    result = registry[proposal["name"]].run(**arguments)
    observation = {"tool": proposal["name"], "input": arguments, "result": result}
    state["observations"].append(observation)
    return observation
