"""Chapter 4: the budget envelope of a session, and clocks that make it testable.

Three limits: turns (steps started), tool calls (requests handed out) and wall-clock
seconds. A limit is *reached* when the loop needs one more of something the envelope
has no more of: starting a step needs a turn, handing out a request a tool call, and
every move needs time left (the clock is read once a move). The loop then fires
on_budget_exceeded, writes budget.warn and pauses instead of making the move — the
pause is itself the next yield point — and nothing is lost: the move waits in the pause
record.
The caller may extend the envelope and resume, or close the session.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from agentloop.validation import validate_whole_number

TURNS, TOOL_CALLS, SECONDS = "turns", "tool_calls", "seconds"
LIMITS = (TURNS, TOOL_CALLS, SECONDS)
Clock = Callable[[], float]


class Budget:
    """The limits of one session; the counts of what was used live in the session record."""

    def __init__(self, max_turns: int = 10, max_tool_calls: int = 10,
                 max_seconds: float = 300.0, clock: Clock = time.monotonic) -> None:
        self.max_turns = _count("max_turns", max_turns)
        self.max_tool_calls = _count("max_tool_calls", max_tool_calls)
        self.max_seconds = _seconds("max_seconds", max_seconds)
        if not callable(clock):
            raise ValueError(f"clock must be a callable returning seconds, got {clock!r}")
        self.clock = clock

    def limits(self) -> dict[str, float]:
        return {TURNS: self.max_turns, TOOL_CALLS: self.max_tool_calls,
                SECONDS: self.max_seconds}

    def extend(self, turns: int = 0, tool_calls: int = 0, seconds: float = 0) -> None:
        """Raise the limits by the given amounts (never lower them)."""
        turns, tool_calls = _count("turns", turns), _count("tool_calls", tool_calls)
        seconds = _seconds("seconds", seconds, allow_zero=True)
        self.max_turns += turns
        self.max_tool_calls += tool_calls
        self.max_seconds += seconds

    def refusal(self, needs: str | None, used: dict[str, float]) -> dict[str, Any] | None:
        """Why the envelope cannot pay for a move that needs `needs` (turns, tool_calls or
        None), given what was `used`; None when it can. Counted limits come first."""
        limits = self.limits()
        order = ([needs] if needs else []) + [SECONDS]
        for limit in order:
            if used[limit] >= limits[limit]:
                return {"limit": limit, "used": used[limit], "max": limits[limit]}
        return None


def _count(name: str, value: object) -> int:
    return validate_whole_number(name, value, 0)


def _seconds(name: str, value: object, allow_zero: bool = False) -> float:
    if type(value) not in (int, float) or value != value or value < 0 or \
            (value == 0 and not allow_zero) or value == float("inf"):
        least = "0 or more" if allow_zero else "more than 0"
        raise ValueError(f"{name} must be a finite number of seconds, {least}, got {value!r}")
    return float(value)


class FakeClock:
    """A clock that moves only when told: `clock.advance(5)`. For tests and exercises."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = float(start)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += _seconds("seconds", seconds, allow_zero=True)


class TickingClock:
    """A simulated clock that moves `tick` seconds each time it is read (once a move)."""

    def __init__(self, tick: float = 1.0, start: float = 0.0) -> None:
        self.tick = _seconds("tick", tick, allow_zero=True)
        self.now = float(start)

    def __call__(self) -> float:
        now = self.now
        self.now += self.tick
        return now
