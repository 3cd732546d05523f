"""Chapter 4: the session record, everything a harness knows about one session.

The record changes by folding events into it (`apply`) — and once more when a resume
clears the pause, which a live and a replaying harness do the same way — so both hold
the same record after the same log. The machine state (IDLE, …)
is not in here: only `Harness._transition` changes that.
"""

from __future__ import annotations

from typing import Any

from agentloop.harness.events import Event, json_copy
from agentloop.harness.moves import OK, STEP_STATUSES, PlanStep, StepRecord
from agentloop.plain import copy_plain


class PlanError(ValueError):
    """A plan that is not a list of {"name": str, "tool": str or None, "args": dict} steps."""


def validate_plan(plan: object, where: str = "the plan") -> list[PlanStep]:
    """Return a plain copy of `plan`, or raise PlanError saying what is wrong."""
    if not isinstance(plan, list):
        raise PlanError(f"{where} must be a list of steps, got {type(plan).__name__}")
    steps = []
    for number, step in enumerate(plan):
        at = f"{where}, step {number}"
        if not isinstance(step, dict) or set(step) != {"name", "tool", "args"}:
            raise PlanError(f"{at} must be a dict with exactly name, tool and args, got {step!r}")
        if not isinstance(step["name"], str) or not step["name"]:
            raise PlanError(f"{at}: name must be a non-empty str, got {step['name']!r}")
        if step["tool"] is not None and (not isinstance(step["tool"], str) or not step["tool"]):
            raise PlanError(f"{at}: tool must be a tool name or None, got {step['tool']!r}")
        if not isinstance(step["args"], dict):
            raise PlanError(f"{at}: args must be a dict, got {step['args']!r}")
        try:
            steps.append(json_copy(step))
        except (TypeError, ValueError) as exc:
            raise PlanError(f"{at}: args must be plain JSON data ({exc})") from None
    return steps


class Session:
    """Goal, committed plan, step history, counters, pending request, pause and outcome."""

    def __init__(self) -> None:
        self.goal: str | None = None
        self.limits: dict[str, Any] = {}
        self.plan: list[PlanStep] = []
        self.plan_start = 0          # where the current plan's steps begin in `steps`
        self.commits = 0
        self.current: int | None = None   # index of the step being executed
        self.next_index = 0
        self.steps: list[StepRecord] = []   # one {"index", "name", "status"} a step.end
        self.outputs: dict[str, Any] = {}       # call_id -> tool output
        self.turns = 0
        self.tool_calls = 0
        self.errors = 0
        self.warnings = 0
        self.pending: dict[str, Any] | None = None
        self.pause: dict[str, Any] | None = None
        self.outcome: str | None = None

    @property
    def replans(self) -> int:
        return max(0, self.commits - 1)

    def history(self) -> list[StepRecord]:
        """What a planner is told about the steps so far."""
        return copy_plain(self.steps)

    def plan_met(self) -> bool:
        """True when every step of the current plan ended ok."""
        return all(step["status"] == OK for step in self.steps[self.plan_start:])

    def apply(self, event: Event) -> None:
        """Fold one event into the record (a copy of what it keeps: the log never changes)."""
        data = event._data  # read only; what the record keeps of it is copied below
        kind = event.type
        if kind == "session.start":
            self.goal, self.limits = data["goal"], copy_plain(data["limits"])
        elif kind == "plan.commit":
            self.plan = validate_plan(data["plan"], "plan.commit")
            self.plan_start, self.next_index = len(self.steps), 0
            self.commits += 1
        elif kind == "step.start":
            self.current = data["index"]
            self.turns += 1
        elif kind == "tool.call":
            self.pending = copy_plain(data)
            self.tool_calls += 1
        elif kind == "tool.result":
            self.pending = None
            self.outputs[data["call_id"]] = copy_plain(data["output"])
        elif kind == "tool.error":
            if self.pending is not None and data["call_id"] == self.pending["call_id"]:
                self.pending = None
            self.errors += 1
        elif kind == "step.end":
            if data["status"] not in STEP_STATUSES:
                raise ValueError(f"step.end status must be one of {STEP_STATUSES}, "
                                 f"got {data['status']!r}")
            self.steps.append({"index": data["index"], "name": data["name"],
                               "status": data["status"]})
            self.next_index = data["index"] + 1
            self.current = None
        elif kind == "budget.warn":
            self.warnings += 1
        elif kind == "session.pause":
            self.pause = copy_plain(data)
        elif kind == "session.complete":
            self.outcome = data["outcome"]

    def snapshot(self) -> dict[str, Any]:
        """The record as plain data (what replay must reproduce)."""
        return copy_plain({
            "goal": self.goal, "plan": self.plan, "current": self.current,
            "next_index": self.next_index, "steps": self.steps, "outputs": self.outputs,
            "turns": self.turns, "tool_calls": self.tool_calls, "errors": self.errors,
            "warnings": self.warnings, "replans": self.replans, "pending": self.pending,
            "pause": self.pause, "outcome": self.outcome,
        })
