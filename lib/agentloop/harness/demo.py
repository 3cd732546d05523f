"""Chapter 4's demo session: a placeholder planner, a canned shell and a simulated clock.

The planner is a stand-in for a model: it always proposes the same three steps, two of
which need a tool result. The point is the loop, not the plan.
"""

from __future__ import annotations

from typing import Any

from agentloop.harness.budget import Budget, Clock, TickingClock
from agentloop.harness.machine import Harness, drive
from agentloop.harness.moves import OK, PlanStep, StepRecord

DEMO_GOAL = "free the disk space taken by the build cache"
DEMO_PLAN: tuple[PlanStep, ...] = (
    {"name": "measure the cache", "tool": "shell", "args": {"command": "du -sh build/cache"}},
    {"name": "delete the cache", "tool": "shell", "args": {"command": "rm -rf build/cache"}},
    {"name": "write the report", "tool": None, "args": {}},
)
CANNED_SHELL = {
    "du -sh build/cache": "412M\tbuild/cache",
    "rm -rf build/cache": "",
}
DEMO_LIMITS = {"max_turns": 10, "max_tool_calls": 10, "max_seconds": 60.0}


def three_step_planner(goal: str, history: list[StepRecord]) -> list[PlanStep]:
    """The fixed plan, minus the steps that already ended ok (so a replan retries the rest)."""
    done = {step["name"] for step in history if step["status"] == OK}
    return [dict(step, args=dict(step["args"])) for step in DEMO_PLAN if step["name"] not in done]


def canned_shell(args: dict[str, Any]) -> str:
    """Answer a shell command from the canned table; nothing runs."""
    command = args.get("command")
    if command not in CANNED_SHELL:
        raise KeyError(f"no canned answer for {command!r}")
    return CANNED_SHELL[command]


def demo_harness(max_turns: int = 10, max_tool_calls: int = 10, max_seconds: float = 60.0,
                 clock: Clock | None = None) -> Harness:
    """A fresh harness with the placeholder planner and the canned shell registered.

    The default clock is simulated: it moves one second each time the loop reads it (once
    a move), so the demo is the same on every machine.
    """
    budget = Budget(max_turns, max_tool_calls, max_seconds, clock or TickingClock(1.0))
    harness = Harness(budget=budget)
    harness.use_planner(three_step_planner)
    harness.register_tool("shell", canned_shell)
    return harness


def run_demo(max_turns: int = 10, max_tool_calls: int = 10, max_seconds: float = 60.0,
             clock: Clock | None = None) -> Harness:
    """Run the demo session, answering tool calls from the canned table, up to a pause or DONE."""
    harness = demo_harness(max_turns, max_tool_calls, max_seconds, clock)
    drive(harness, harness.run(DEMO_GOAL))
    return harness
