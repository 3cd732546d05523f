"""Chapter 4: the harness — the agent loop as a deterministic state machine.

- `states`:  the six states (`State`) and the table of legal transitions
- `moves`:   the typed moves the loop makes, and how a step, a pause and a session end
             (`StepStatus`, `PauseReason`, `Outcome`)
- `hooks`:   ten topics (`Topic`) where operators' code acts on the loop
- `events`:  the append-only stream of eleven event types (`EventType`), saved as JSON Lines
- `budget`:  turns, tool calls and wall-clock seconds, with injectable clocks
- `session`: the session record, folded from events
- `machine`: `Harness`, the loop itself, with its two yield points (`StopKind`) and its
             two plug-ins, the planner and `decide`
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
    EventType,
    describe_error,
    load_events,
    parse_jsonl,
    save_events,
)
from agentloop.harness.hooks import (
    REVIEW,
    SKIP,
    TOPICS,
    HookError,
    HookRegistry,
    Topic,
    UnknownTopic,
)
from agentloop.harness.machine import (
    FINISHED,
    PAUSE,
    STOP_KINDS,
    TOOL_CALL,
    Decide,
    Harness,
    Stop,
    StopKind,
    drive,
    result_problem,
)
from agentloop.harness.moves import (
    OUTCOMES,
    PAUSE_REASONS,
    STEP_STATUSES,
    CallTool,
    EndStep,
    Finish,
    Move,
    Outcome,
    PauseReason,
    PlanStep,
    Replan,
    Review,
    StartSession,
    StartStep,
    StepRecord,
    StepStatus,
)
from agentloop.harness.replay import describe, replay, replay_file
from agentloop.harness.session import PlanError, Session, validate_plan
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
    validate_transition,
)

__all__ = [
    "AWAITING_TOOL", "CANNED_SHELL", "CYCLE_EDGES", "DEMO_GOAL", "DEMO_LIMITS", "DEMO_PLAN",
    "DONE", "EVENT_TYPES", "EXECUTING", "FINISHED", "IDLE", "LIMITS", "OUTCOMES", "PAUSE",
    "PAUSE_REASONS", "PLANNING", "REFLECTING", "REVIEW", "SKIP", "STATES", "STEP_STATUSES",
    "STOP_KINDS", "TOOL_CALL", "TOPICS", "TRANSITIONS", "Budget", "CallTool", "Decide",
    "EndStep", "Event", "EventLog", "EventLogError", "EventType", "FakeClock", "Finish",
    "Harness", "HookError", "HookRegistry", "IllegalTransition", "Move", "Outcome",
    "PauseReason", "PlanError", "PlanStep", "Replan", "Review", "Session", "StartSession",
    "StartStep", "State", "StepRecord", "StepStatus", "Stop", "StopKind", "TickingClock",
    "Topic", "UnknownTopic",
    "canned_shell", "demo_harness", "describe", "describe_error", "drive", "load_events",
    "parse_jsonl", "replay", "replay_file", "result_problem", "run_demo", "save_events",
    "three_step_planner", "validate_plan", "validate_transition",
]
