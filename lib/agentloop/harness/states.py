"""Chapter 4: the six states of the harness and the only transitions allowed between them.

The table is the contract. `Harness._transition` consults it before every change of
state (through `validate_transition`), so an illegal move fails loudly in one place
instead of corrupting a session.

Beyond the nine edges of the plan–execute–reflect cycle, a pause is an edge to IDLE:
when the budget runs out (or a hook asks for review) the loop goes back to IDLE, the
only entry, and a resume leaves IDLE for the state it paused in. A paused session the
caller gives up on is closed: IDLE → DONE.
"""

from __future__ import annotations

from collections.abc import Iterable

from agentloop.i18n import t
from agentloop.vocabulary import Word


class State(Word):
    """Where the loop is; only `Harness._transition` changes it."""

    IDLE = "IDLE"
    PLANNING = "PLANNING"
    EXECUTING = "EXECUTING"
    AWAITING_TOOL = "AWAITING_TOOL"
    REFLECTING = "REFLECTING"
    DONE = "DONE"


IDLE, PLANNING, EXECUTING, AWAITING_TOOL, REFLECTING, DONE = State
STATES = tuple(State)

# target -> what makes the loop take that edge, for every source state.
TRANSITIONS: dict[State, dict[State, str]] = {
    IDLE: {
        PLANNING: "run(goal), or resume a pause taken in PLANNING",
        EXECUTING: "resume a pause taken in EXECUTING",
        AWAITING_TOOL: "resume a pause taken in AWAITING_TOOL",
        REFLECTING: "resume a pause taken in REFLECTING",
        DONE: "close() a paused session",
    },
    PLANNING: {EXECUTING: "plan committed", DONE: "no plan", IDLE: "pause"},
    EXECUTING: {AWAITING_TOOL: "tool call needed", REFLECTING: "step without a tool done",
                IDLE: "pause"},
    AWAITING_TOOL: {REFLECTING: "result", IDLE: "pause"},
    REFLECTING: {EXECUTING: "next step", PLANNING: "replan", DONE: "goal met", IDLE: "pause"},
    DONE: {},
}

CYCLE_EDGES = (  # the nine edges of the seed's diagram, without pauses
    (IDLE, PLANNING), (PLANNING, EXECUTING), (PLANNING, DONE), (EXECUTING, AWAITING_TOOL),
    (EXECUTING, REFLECTING), (AWAITING_TOOL, REFLECTING), (REFLECTING, EXECUTING),
    (REFLECTING, PLANNING), (REFLECTING, DONE),
)


class IllegalTransition(ValueError):
    """A move the table does not allow; names the source, the target and the allowed targets
    (`allowed`: the targets a table other than TRANSITIONS allows from `source`)."""

    def __init__(self, source: State, target: State,
                 allowed: Iterable[State] | None = None) -> None:
        self.source, self.target = source, target
        self.allowed = tuple(TRANSITIONS[source] if allowed is None else allowed)
        if self.allowed:
            message = t("illegal transition {source} -> {target}; from {source} the allowed "
                        "targets are: {allowed}", source=source, target=target,
                        allowed=", ".join(self.allowed))
        else:
            message = t("illegal transition {source} -> {target}; from {source} the allowed "
                        "targets are: none (DONE is the only exit)", source=source,
                        target=target)
        super().__init__(message)  # in the reader's language; source and target are data


_BY_NAME = {str(state): state for state in STATES}


def parse_state(name: object) -> State:
    """The State called `name` (a State or its name), or ValueError listing the six states."""
    state = _BY_NAME.get(name) if isinstance(name, str) else None
    if state is None:
        raise ValueError(f"unknown state {name!r}; the states are: {', '.join(STATES)}")
    return state


def validate_transition(source: object, target: object) -> None:
    """Return quietly when source -> target is legal; raise IllegalTransition otherwise."""
    source, target = parse_state(source), parse_state(target)
    if target not in TRANSITIONS[source]:
        raise IllegalTransition(source, target)

