"""Chapter 4: deterministic replay. The same event log puts a harness in the same state.

Replay never calls the planner or a tool: every event says which state it was
emitted in, so the harness walks the same transitions (through the same
`_transition`) and folds the same facts into its session record. A log that stops at
a yield point gives a harness you can resume — after the fact, in a debugger.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from agentloop.harness.budget import Budget, Clock
from agentloop.harness.events import (
    Event,
    EventLogError,
    describe_error,
    events_from_dicts,
    load_events,
)
from agentloop.harness.machine import FINISHED, Harness, Planner, Stop
from agentloop.harness.moves import CLOSED
from agentloop.harness.states import (
    AWAITING_TOOL,
    DONE,
    EXECUTING,
    IDLE,
    PLANNING,
    REFLECTING,
    State,
)
from agentloop.i18n import t

# The state the harness is in when it emits each event (None: any state, no move).
EMITTED_IN: dict[str, State | None] = {
    "session.start": PLANNING, "plan.draft": PLANNING, "plan.commit": PLANNING,
    "step.start": EXECUTING, "tool.call": AWAITING_TOOL, "tool.result": None,
    "tool.error": None, "step.end": REFLECTING, "budget.warn": None, "session.pause": IDLE,
    "session.complete": DONE,
}


def _refuse_to_plan(goal: str, history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    raise RuntimeError("a replayed session has no planner; pass replay(..., planner=...) "
                       "to let it plan again")


def replay(events: Iterable[Event | dict[str, Any]], planner: Planner | None = None,
           clock: Clock | None = None) -> Harness:
    """A harness in the state the log ends in, rebuilt without calling a planner or tool."""
    items = list(events)
    if not items:
        raise EventLogError("an empty event log has no session to replay")
    if not all(isinstance(item, Event) for item in items):
        items = events_from_dicts([i.to_dict() if isinstance(i, Event) else i for i in items])
    if items[0].type != "session.start":
        raise EventLogError(f"event 0 must be session.start, got {items[0].type}")
    limits = items[0].data.get("limits", {})
    try:
        budget = Budget(limits["turns"], limits["tool_calls"], limits["seconds"],
                        **({"clock": clock} if clock else {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise EventLogError(f"event 0 (session.start): bad limits {limits!r} ({exc})") from None
    harness = Harness(planner or _refuse_to_plan, budget)
    for event in items:
        _follow(harness, event)
    harness._elapsed = items[-1].at
    if harness.state is DONE:
        harness.stop = Stop(FINISHED, DONE, outcome=harness.session.outcome)
    elif harness.state is AWAITING_TOOL or harness.session.pause is not None:
        harness._run = harness._loop(None)
        harness.stop = next(harness._run)
    return harness


def _follow(harness: Harness, event: Event) -> None:
    target = EMITTED_IN[event.type]
    try:
        if event.type == "session.start" and event.offset != 0:
            raise ValueError("session.start comes once, at offset 0")
        if harness.state is IDLE and harness.session.pause is not None \
                and target not in (None, IDLE) and not _closes(event):
            harness._leave_pause()
        if target is not None and target is not harness.state:
            harness._transition(target)
        if event.type == "step.start" and not 0 <= event.data["index"] < len(
                harness.session.plan):
            raise ValueError(f"step index {event.data['index']} is not in the plan")
        harness.events._add(event)
        harness.session.apply(event)
    except EventLogError:
        raise
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise EventLogError(f"event {event.offset} ({event.type}) cannot be replayed: "
                            f"{describe_error(exc)}") from None


def _closes(event: Event) -> bool:
    return event.type == "session.complete" and event.data.get("outcome") == CLOSED


def replay_file(path: str | Path, planner: Planner | None = None) -> Harness:
    """Load a JSON Lines event file and replay it."""
    return replay(load_events(path), planner)


def describe(harness: Harness) -> str:
    """A few lines saying where a (replayed) session stands, for a reader (in the course's
    language; states, names, statuses and reasons are the session's data)."""
    session = harness.session
    lines = [t("state: {state}", state=harness.state), t("goal: {goal}", goal=session.goal),
             t("events: {count}", count=len(harness.events)),
             t("turns: {turns}, tool calls: {tool_calls}, errors: {errors}, replans: {replans}",
               turns=session.turns, tool_calls=session.tool_calls, errors=session.errors,
               replans=session.replans)]
    for step in session.steps:
        lines.append(t("step {index} {name}: {status}", index=step["index"], name=step["name"],
                       status=step["status"]))
    if session.pending is not None:
        lines.append(t("waiting for tool: {call_id} {tool} {args}",
                       call_id=session.pending["call_id"], tool=session.pending["tool"],
                       args=session.pending["args"]))
    if session.pause is not None:
        lines.append(pause_line("paused", session.pause))
    if session.outcome is not None:
        lines.append(t("outcome: {outcome}", outcome=session.outcome))
    return "\n".join(lines)


# A pause as a reader is told of it (`describe`, chapter 4's widget), with its limit if it has one.
PAUSE_LINES = {
    "paused": ("paused: {reason} ({limit} {used}/{max}), taken in {state}",
               "paused: {reason}, taken in {state}"),
    "yield point": ("yield point: paused, {reason} ({limit} {used}/{max}), taken in {state}",
                    "yield point: paused, {reason}, taken in {state}"),
}


def pause_line(kind: str, pause: dict[str, Any]) -> str:
    """`paused: budget_exceeded (turns 2/2), taken in REFLECTING` in the reader's language."""
    with_limit, without = PAUSE_LINES[kind]
    if "limit" in pause:
        return t(with_limit, reason=pause.get("reason"), limit=pause["limit"],
                 used=f"{pause['used']:g}", max=f"{pause['max']:g}", state=pause.get("from"))
    return t(without, reason=pause.get("reason"), state=pause.get("from"))
