"""Chapter 4: the harness's moves, and the closed sets of how a session pauses and ends.

A move is what the handler of the current state decides to do next: a small frozen value
that names the state it enters (`target`) and the budget it needs (`spends`).

    StartSession(goal)             IDLE -> PLANNING          writes session.start
    Replan()                       REFLECTING -> PLANNING    (the plan events follow)
    StartStep(index)               -> EXECUTING              one turn; writes step.start
    CallTool(request)              EXECUTING -> AWAITING_TOOL   one tool call; writes tool.call
    EndStep(index, name, status)   -> REFLECTING             writes step.end
    Finish(outcome, detail)        -> DONE                   writes session.complete
    Review(move)                   a hook wants a person to look first: pause, then `move`

A paused session keeps the move it did not make as plain data (`to_plain`, `from_plain`),
so a saved event log can be replayed and resumed.

Step statuses (`EndStep.status`, `StepStatus`): ok, failed, skipped.
Outcomes (`Finish.outcome`, `Outcome`): goal_met, incomplete, no_plan, aborted, closed.
Pause reasons (`PauseReason`): budget_exceeded, review.

A plan is a list of `PlanStep`s; each step that ends leaves a `StepRecord`, which is what
the harness's `decide` hook reads to choose the next move.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, ClassVar, TypedDict

from agentloop.harness.budget import TOOL_CALLS, TURNS
from agentloop.harness.states import (
    AWAITING_TOOL,
    DONE,
    EXECUTING,
    IDLE,
    PLANNING,
    REFLECTING,
    State,
)
from agentloop.plain import copy_plain
from agentloop.vocabulary import Word


class StepStatus(Word):
    """How a step of the plan ended."""

    OK = "ok"
    FAILED = "failed"
    SKIPPED = "skipped"


OK, FAILED, SKIPPED = StepStatus
STEP_STATUSES = tuple(StepStatus)


class Outcome(Word):
    """How a session ended."""

    GOAL_MET = "goal_met"        # every step of the last plan ended ok
    INCOMPLETE = "incomplete"    # the plan ran out with a step failed or skipped
    NO_PLAN = "no_plan"          # the planner proposed nothing
    ABORTED = "aborted"          # planning failed: no plan to go on with
    CLOSED = "closed"            # the caller closed a paused session


GOAL_MET, INCOMPLETE, NO_PLAN, ABORTED, CLOSED = Outcome
OUTCOMES = tuple(Outcome)


class PauseReason(Word):
    """Why a session paused."""

    BUDGET_EXCEEDED = "budget_exceeded"
    REVIEW = "review"            # a hook asked for a person's review


BUDGET_EXCEEDED, FOR_REVIEW = PauseReason
PAUSE_REASONS = tuple(PauseReason)


class PlanStep(TypedDict):
    """One step of a plan: `{"name": "list files", "tool": "shell", "args": {...}}`; a step
    without a tool (None) is one the model does by writing."""

    name: str
    tool: str | None
    args: dict[str, Any]


class StepRecord(TypedDict):
    """What a step that ended leaves in the session record (and its step.end event)."""

    index: int
    name: str
    status: str   # a StepStatus: ok, failed or skipped


class Move:
    """What every move has: its name, the state it enters, the budget it needs (or None)."""

    kind: ClassVar[str]
    target: ClassVar[State]
    spends: ClassVar[str | None] = None

    def to_plain(self) -> dict[str, Any]:
        """The move as plain data, as a pause record keeps it."""
        return {"kind": self.kind, "to": str(self.target), **asdict(self)}  # type: ignore[call-overload]


@dataclass(frozen=True)
class StartSession(Move):
    """run(goal): leave IDLE for PLANNING."""

    goal: str
    kind = "start_session"
    target = PLANNING


@dataclass(frozen=True)
class Replan(Move):
    """A step failed and replans are left: ask the planner again."""

    kind = "replan"
    target = PLANNING


@dataclass(frozen=True)
class StartStep(Move):
    """Begin step `index` of the plan; it costs a turn."""

    index: int
    kind = "start_step"
    target = EXECUTING
    spends = TURNS


@dataclass(frozen=True)
class CallTool(Move):
    """Hand a tool request to the caller; it costs a tool call."""

    request: dict[str, Any]
    kind = "call_tool"
    target = AWAITING_TOOL
    spends = TOOL_CALLS


@dataclass(frozen=True)
class EndStep(Move):
    """A step has ended with `status` (ok, failed or skipped)."""

    index: int
    name: str
    status: str
    kind = "end_step"
    target = REFLECTING

    def __post_init__(self) -> None:
        if self.status not in STEP_STATUSES:
            raise ValueError(f"a step ends ok, failed or skipped, not {self.status!r}")

    def facts(self) -> dict[str, Any]:
        """What the step.end event records."""
        return {"index": self.index, "name": self.name, "status": self.status}


@dataclass(frozen=True)
class Finish(Move):
    """The session is over, with `outcome` (and a detail saying why, if any)."""

    outcome: str
    detail: str = ""
    kind = "finish"
    target = DONE


@dataclass(frozen=True)
class Review(Move):
    """A hook asked for a person's review before `move`: the loop pauses instead."""

    move: Move
    kind = "review"
    target = IDLE


KINDS: dict[str, type[Move]] = {
    cls.kind: cls for cls in (StartSession, Replan, StartStep, CallTool, EndStep, Finish)}


def from_plain(data: Any) -> Move:
    """The move a pause record kept; ValueError if it is not one."""
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise ValueError(f"not a move: {data!r}; a move's kind is one of {', '.join(KINDS)}")
    fields = {key: copy_plain(value) for key, value in data.items()
              if key not in ("kind", "to")}
    try:
        return KINDS[data["kind"]](**fields)
    except TypeError:
        raise ValueError(f"a {data['kind']} move with the wrong fields: {data!r}") from None
