"""Chapter 2: the controller turns a proposal into an action, or refuses it.

A proposal is a plain dict, and it is only a request:

    {"type": "tool", "name": "lookup", "args": {"key": "ai"}}
    {"type": "final", "answer": {...}}

`validate_proposal` validates it before anything runs and raises `ProposalRejected`
with a machine-readable `code` when it is refused. The rules, in order:

    not_a_dict                 the proposal is not a dict
    unknown_type               "type" is missing or is neither "tool" nor "final"
    missing_field              a field the type needs is absent (tool: name, args; final: answer)
    extra_field                a field the type does not use
    unknown_tool               "name" is not a registered tool
    bad_argument               "args" itself is not a dict (before its contents are looked at)
    missing_argument           an argument of the tool's schema is absent
    extra_argument             an argument the schema does not have
    bad_argument               a value has the wrong type or is out of bounds
    out_of_scope               a scoped argument is not the key the run was asked about
    final_without_observation  a final answer before any tool has run
    final_mismatch             the answer is not the result of the last tool call

`run` drives the loop: ask the planner, validate, carry out, until a final answer
is accepted or the step budget runs out. Nothing here ever evaluates text as code.

The names a proposal, a refusal and a run use (the fields, the codes, the statuses,
`ProposalRejected`, `new_state`) are chapter 2's vocabulary, `agentloop.proposals`; this
module holds the rules. (Exercise 1 asks for a revised `validate_proposal`, so the grader
runs chapter 2's answers without this module.)
"""

from __future__ import annotations

import copy
from typing import Any

from agentloop.planners import plan
from agentloop.proposals import (
    DONE,
    FIELDS,
    FINAL,
    MAX_STEPS,
    REJECTION_CODES,
    STOPPED,
    TOOL,
    UNKNOWN,
    Ending,
    FinalProposal,
    Observation,
    Planner,
    Proposal,
    ProposalRejected,
    ProposalType,
    RejectionCode,
    RunResult,
    RunState,
    Status,
    ToolProposal,
    carry_out,
    new_state,
    validate_max_steps,
)
from agentloop.tools import ARG_TYPES, ToolRegistry, default_registry
from agentloop.validation import is_whole_number

# The vocabulary lives in agentloop.proposals (so that an answer or a check can name it
# without loading the rules below); it is named here too, where a reader of the rules
# looks for it.
__all__ = ["DONE", "FIELDS", "FINAL", "MAX_STEPS", "REJECTION_CODES", "STOPPED", "TOOL",
           "UNKNOWN", "Ending", "FinalProposal", "Observation", "Planner", "Proposal",
           "ProposalRejected", "ProposalType", "RejectionCode", "RunResult", "RunState",
           "Status", "ToolProposal", "argument_problem", "new_state", "run", "step",
           "validate_max_steps", "validate_proposal"]


def validate_proposal(proposal: Any, state: dict[str, Any],
                      registry: ToolRegistry | None = None) -> None:
    """Return None if `proposal` may be carried out in `state`; else raise ProposalRejected."""
    registry = default_registry() if registry is None else registry
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict",
                               f"a proposal must be a dict, got {type(proposal).__name__}")
    kind = proposal.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProposalRejected("unknown_type",
                               f"type must be 'tool' or 'final', got {kind!r}")
    missing = [name for name in FIELDS[kind] if name not in proposal]
    if missing:
        raise ProposalRejected("missing_field", f"a {kind} proposal needs {missing[0]!r}")
    extra = [name for name in proposal if name not in FIELDS[kind]]
    if extra:
        raise ProposalRejected("extra_field",
                               f"a {kind} proposal has only {', '.join(FIELDS[kind])}; "
                               f"got also {extra[0]!r}")
    if kind == TOOL:
        _validate_tool_call(proposal["name"], proposal["args"], state, registry)
    else:
        _validate_final(proposal["answer"], state)


def _validate_tool_call(name: Any, args: Any, state: dict[str, Any],
                        registry: ToolRegistry) -> None:
    if name not in registry:
        raise ProposalRejected("unknown_tool", f"no tool named {name!r}; registered: "
                                               f"{', '.join(registry.names()) or 'none'}")
    if not isinstance(args, dict):
        raise ProposalRejected("bad_argument",
                               f"args must be a dict of argument values, got {args!r}")
    schema = registry[name].args
    for arg in schema:
        if arg not in args:
            raise ProposalRejected("missing_argument", f"{name} needs the argument {arg!r}")
    for arg in args:
        if arg not in schema:
            allowed = ", ".join(schema) or "no arguments"
            raise ProposalRejected("extra_argument",
                                   f"{name} takes {allowed}; got also {arg!r}")
    for arg, spec in schema.items():
        problem = argument_problem(args[arg], spec)
        if problem:
            raise ProposalRejected("bad_argument", f"{name}'s {arg} {problem}")
    for arg, spec in schema.items():
        if spec.get("scoped") and args[arg] != state["key"]:
            raise ProposalRejected("out_of_scope",
                                   f"{name}'s {arg} must be the requested key "
                                   f"{state['key']!r}, got {args[arg]!r}")


def argument_problem(value: Any, spec: dict[str, Any]) -> str | None:
    """What is wrong with `value` under one argument schema, or None if it fits."""
    kind = spec["type"]
    # type(...) is, not isinstance: True is an int, and "1" is not a number.
    if type(value) is not ARG_TYPES[kind]:
        return f"must be {kind}, got {value!r}"
    if kind == "str":
        low, high, size, unit = spec.get("min_length"), spec.get("max_length"), len(value), \
            " characters"
    else:
        low, high, size, unit = spec.get("minimum"), spec.get("maximum"), value, ""
    if not is_whole_number(size, low, high):
        return f"must be {_range(low, high)}{unit}, got {value!r}"
    return None


def _range(low: int | None, high: int | None) -> str:
    if low is None:
        return f"at most {high}"
    if high is None:
        return f"at least {low}"
    return f"from {low} to {high}"


def _validate_final(answer: Any, state: dict[str, Any]) -> None:
    observations = state["observations"]
    if not observations:
        raise ProposalRejected("final_without_observation",
                               "a final answer needs an observation first: call a tool")
    result = observations[-1]["result"]
    if answer != result:
        raise ProposalRejected("final_mismatch",
                               f"the answer must be what the last tool call returned "
                               f"({result!r}), got {answer!r}")


def step(state: dict[str, Any], proposal: Any,
         registry: ToolRegistry | None = None) -> dict[str, Any]:
    """Validate `proposal`, then carry it out and record it in `state` (changing it).

    A tool call returns its observation {"tool", "input", "result"}, also appended to the
    trace; a final answer returns {"status", "answer"} and ends the run. A refused
    proposal raises ProposalRejected and changes nothing: no tool runs.
    """
    registry = default_registry() if registry is None else registry
    if state["status"]:
        raise RuntimeError(f"the run already ended with {state['status']!r}; "
                           "start a new one with new_state()")
    validate_proposal(proposal, state, registry)
    return carry_out(state, proposal, registry)  # only now does anything run


def run(key: str, planner: Planner = plan, max_steps: int = MAX_STEPS,
        registry: ToolRegistry | None = None) -> RunResult:
    """Run `planner` under the controller; return {"status", "answer", "trace"}.

    done: a record was looked up and the final answer confirmed it; unknown: the key is
    not in the catalogue (answer None); stopped: the step budget ran out before a final
    answer. An invalid proposal is not skipped: ProposalRejected propagates, so you see
    the refusal and its code.
    """
    state = new_state(key, max_steps)
    registry = default_registry() if registry is None else registry
    while not state["status"] and state["steps"] < max_steps:
        # The planner gets a copy: it may read the trace but cannot rewrite it.
        step(state, planner(copy.deepcopy(state)), registry)
    return {"status": state["status"] or STOPPED, "answer": state["answer"],
            "trace": state["observations"]}
