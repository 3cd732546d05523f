"""Chapter 4: the harness — the agent loop as a deterministic state machine.

- `states`:  the six states and the table of legal transitions
- `hooks`:   ten topics where operators' code acts on the loop
- `events`:  the append-only stream of eleven event types, saved as JSON Lines
- `budget`:  turns, tool calls and wall-clock seconds, with injectable clocks
- `session`: the session record, folded from events
- `machine`: `Harness`, the loop itself, with its two yield points
- `replay`:  the same log puts a harness back in the same state
- `demo`:    a placeholder planner and a canned shell
"""

from __future__ import annotations

from agentloop.harness.budget import LIMITS, Budget, FakeClock, TickingClock
from agentloop.harness.demo import (
    CANNED_SHELL,
    DEMO_GOAL,
    DEMO_LIMITS,
    DEMO_PLAN,
    canned_shell,
    demo_harness,
    run_demo,
    three_step_planner,
)
from agentloop.harness.events import (
    EVENT_TYPES,
    Event,
    EventLog,
    EventLogError,
    load_events,
    parse_jsonl,
    save_events,
)
from agentloop.harness.hooks import REVIEW, SKIP, TOPICS, HookError, HookRegistry, UnknownTopic
from agentloop.harness.machine import Harness, Stop, check_result, drive
from agentloop.harness.replay import describe, replay, replay_file
from agentloop.harness.session import PlanError, Session, check_plan
from agentloop.harness.states import (
    AWAITING_TOOL,
    CYCLE_EDGES,
    DONE,
    EXECUTING,
    IDLE,
    PLANNING,
    REFLECTING,
    STATES,
    TRANSITIONS,
    IllegalTransition,
    State,
    check_transition,
    is_legal,
    legal_pairs,
)

__all__ = [
    "AWAITING_TOOL", "CANNED_SHELL", "CYCLE_EDGES", "DEMO_GOAL", "DEMO_LIMITS", "DEMO_PLAN",
    "DONE", "EVENT_TYPES", "EXECUTING", "IDLE", "LIMITS", "PLANNING", "REFLECTING", "REVIEW",
    "SKIP", "STATES", "TOPICS", "TRANSITIONS", "Budget", "Event", "EventLog", "EventLogError",
    "FakeClock", "Harness", "HookError", "HookRegistry", "IllegalTransition", "PlanError",
    "Session", "State", "Stop", "TickingClock", "UnknownTopic", "canned_shell", "check_plan",
    "check_result", "check_transition", "demo_harness", "describe", "drive", "is_legal",
    "legal_pairs", "load_events", "parse_jsonl", "replay", "replay_file", "run_demo",
    "save_events", "three_step_planner",
]
