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
from typing import Any, Literal, TypedDict

from agentloop.i18n import t, translate
from agentloop.tools import ToolRegistry, validate_key
from agentloop.validation import validate_whole_number
from agentloop.vocabulary import Word

MAX_STEPS = 3


class Status(Word):
    """How a run ends."""

    DONE = "done"          # a record was looked up and the final answer confirmed it
    UNKNOWN = "unknown"    # the catalogue has no such key: an honest, finished answer
    STOPPED = "stopped"    # the step budget ran out before a final answer


DONE, UNKNOWN, STOPPED = Status
STATUSES = tuple(Status)


class ProposalType(Word):
    """The two kinds of proposal: ask for a tool, or give the final answer."""

    TOOL = "tool"
    FINAL = "final"


TOOL, FINAL = ProposalType
FIELDS = {TOOL: ("type", "name", "args"), FINAL: ("type", "answer")}


class RejectionCode(Word):
    """Why the controller refused a proposal, in the order its rules run."""

    NOT_A_DICT = "not_a_dict"
    UNKNOWN_TYPE = "unknown_type"
    MISSING_FIELD = "missing_field"
    EXTRA_FIELD = "extra_field"
    UNKNOWN_TOOL = "unknown_tool"
    MISSING_ARGUMENT = "missing_argument"
    EXTRA_ARGUMENT = "extra_argument"
    BAD_ARGUMENT = "bad_argument"
    OUT_OF_SCOPE = "out_of_scope"
    FINAL_WITHOUT_OBSERVATION = "final_without_observation"
    FINAL_MISMATCH = "final_mismatch"


REJECTION_CODES = tuple(RejectionCode)


class ToolProposal(TypedDict):
    """`{"type": "tool", "name": "lookup", "args": {"key": "ai"}}`"""

    type: Literal["tool"]
    name: str
    args: dict[str, Any]


class FinalProposal(TypedDict):
    """`{"type": "final", "answer": {...}}`"""

    type: Literal["final"]
    answer: Any


Proposal = ToolProposal | FinalProposal


class Observation(TypedDict):
    """What a tool call that ran returned, as the trace records it."""

    tool: str
    input: dict[str, Any]
    result: Any


class Ending(TypedDict):
    """What an accepted final answer returns: the run's status and its answer."""

    status: Status
    answer: Any


class RunState(TypedDict):
    """What a planner sees: the requested key, the limit, the steps and what they observed."""

    key: str
    max_steps: int
    steps: int
    observations: list[Observation]
    status: Status | None
    answer: Any


class RunResult(TypedDict):
    """What `agentloop.controller.run` returns: read the status together with the answer."""

    status: Status
    answer: Any
    trace: list[Observation]


Planner = Callable[[RunState], Any]   # it may propose anything: the controller checks


# The controller's reasons (agentloop.controller), as templates: a reader is shown them in
# the course's language. argument_problem's bounds give the bad_argument forms.
REASONS = frozenset({
    "a proposal must be a dict, got {kind}", "type must be 'tool' or 'final', got {kind}",
    "a {kind} proposal needs {field}", "a {kind} proposal has only {fields}; got also {field}",
    "no tool named {name}; registered: {names}",
    "args must be a dict of argument values, got {args}", "{name} needs the argument {arg}",
    "{name} takes {allowed}; got also {arg}", "{name}'s {arg} must be {kind}, got {value}",
    *(f"{{name}}'s {{arg}} must be {bound}, got {{value}}" for bound in (
        "from {low} to {high} characters", "from {low} to {high}", "at most {high} characters",
        "at least {low} characters", "at most {high}", "at least {low}")),
    "{name}'s {arg} must be the requested key {key}, got {value}",
    "a final answer needs an observation first: call a tool",
    "the answer must be what the last tool call returned ({result}), got {answer}",
})


class ProposalRejected(ValueError):
    """The controller refused a proposal; `code` says which rule, `reason` says why.

    The controller's codes are `RejectionCode`s; the duty officer's dispatcher adds its own."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(code, reason)  # both in args, so the exception pickles and copies
        self.code = code
        # what a reader is shown: a reason of the controller's rules in the course's
        # language; args keep the rule's English, and anyone else's reason stays as written
        self.reason = translate(reason, among=REASONS)

    def __str__(self) -> str:
        return t("proposal rejected ({code}): {reason}", code=self.code, reason=self.reason)

    def record(self) -> str:
        """The refusal as a trace records it: English, whatever language a reader sees."""
        return f"proposal rejected ({self.code}): {self.args[1]}"


def validate_max_steps(max_steps: object) -> int:
    """Return `max_steps` if it is a positive whole number (True refused), else ValueError."""
    return validate_whole_number("max_steps", max_steps, 1)


def new_state(key: str, max_steps: int = MAX_STEPS) -> RunState:
    """The state at the start of a run: the requested key, no observations, no steps used."""
    return {"key": validate_key(key), "max_steps": validate_max_steps(max_steps), "steps": 0,
            "observations": [], "status": None, "answer": None}


def carry_out(state: RunState, proposal: Proposal,
              registry: ToolRegistry) -> Observation | Ending:
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
