"""Chapter 5: injected temporary faults — chapter 1's temporary_error, on the real board.

A real board fails now and then for reasons that pass: a network share that does not answer
in time, a file being synced. To watch a retry fix such a failure, a workspace may name the
board tool calls that fail once, `"faults": [1]` in agent.json (call 1 is the run's first
tool call). The call fails with FAULT_ERROR and nothing is read; the next call runs on the
board as usual. The banner says the fault was injected, and the trace records it, so a
replay gives the same run and `replay --against-board` the same observations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agentloop.duty.board_tools import make_registry
from agentloop.loop import STEP_RANGE
from agentloop.tools import ToolRegistry

FAULT_ERROR = ("Error: the board did not answer in time (an injected fault: tool call {call} "
               "is in agent.json's faults)")
FAULT_RANGE = STEP_RANGE     # a run makes at most max_steps tool calls


def with_faults(registry: ToolRegistry, calls: tuple[int, ...]) -> ToolRegistry:
    """`registry`, except that the board tool calls numbered in `calls` fail once."""
    if not calls:
        return registry
    made = [0]

    def run_for(name: str) -> Callable[..., Any]:
        tool = registry[name].run

        def run(**args: Any) -> Any:
            made[0] += 1
            if made[0] in calls:
                return {"ok": False, "error": FAULT_ERROR.format(call=made[0])}
            return tool(**args)

        return run

    return make_registry(tuple(registry.names()), run_for)
