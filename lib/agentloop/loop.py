"""Chapter 1: the agent loop.

One step is: choose an action -> execute it -> get an observation -> update the
state -> decide. Deciding happens inside the same step and is not an action, so it
never counts as a step. Read `run_loop` first, then the functions it calls.
"""

from __future__ import annotations

from typing import Any, TypedDict

from agentloop.environment import Action, Observation, perform_action, validate_scenario
from agentloop.terminals import (  # noqa: F401 - the chapter's vocabulary, named here too
    CONTINUE,
    DECISIONS,
    ERROR,
    LIMIT,
    NEEDS_INPUT,
    SUCCESS,
    TERMINALS,
    Decision,
)
from agentloop.validation import validate_whole_number

MAX_STEPS = 5
MAX_RETRIES = 1
STEP_RANGE = (1, 5)
RETRY_RANGE = (0, 1)


class LoopState(TypedDict):
    """What the loop knows during a run: `new_state` makes it, each step updates it."""

    phase: str                       # "start", then "observed" after the first step
    steps: int                       # actions taken, failed ones included
    failures: int                    # actions that failed
    done: bool
    terminal: Decision | None        # set when the run ends
    max_steps: int
    max_retries: int
    observation: Observation | None  # the last action's observation
    scenario: str                    # the environment's scenario (agentloop.environment)


class StepEvent(TypedDict):
    """One step of a run, as `step` returns it."""

    step: int
    phase: str
    action: Action
    observation: Observation
    decision: Decision


class LoopRun(TypedDict):
    """What `run_loop` returns."""

    terminal: Decision
    state: LoopState
    events: list[StepEvent]


def run_loop(
    scenario: str = "one_match", max_steps: int = MAX_STEPS, max_retries: int = MAX_RETRIES
) -> dict[str, Any]:
    """Run the loop until a terminal; return the terminal, the final state and one event a step."""
    state = new_state(scenario, max_steps, max_retries)
    events = []
    while not state["done"]:
        events.append(step(state))
    return {"terminal": state["terminal"], "state": state, "events": events}


def step(state: dict[str, Any]) -> dict[str, Any]:
    """Make one pass of the loop on `state` (changing it) and return the step's event."""
    if state["done"]:
        raise RuntimeError(
            f"the run already ended with {state['terminal']!r}; start a new run with new_state()"
        )
    action = planner_stub(state)
    observation = perform_action(action, state)
    update_state(state, observation)
    decision = decide(state)
    if decision != CONTINUE:
        state["done"] = True
        state["terminal"] = decision
    return {
        "step": state["steps"],
        "phase": state["phase"],
        "action": action,
        "observation": observation,
        "decision": decision,
    }


def new_state(
    scenario: str = "one_match", max_steps: int = MAX_STEPS, max_retries: int = MAX_RETRIES
) -> LoopState:
    """The state at the start of a run: nothing done yet, the limits validated."""
    validate_limits(max_steps, max_retries)
    return {
        "phase": "start",
        "steps": 0,
        "failures": 0,
        "done": False,
        "terminal": None,
        "max_steps": max_steps,
        "max_retries": max_retries,
        "observation": None,
        "scenario": validate_scenario(scenario),
    }


def planner_stub(state: LoopState) -> Action:
    """Stands where a model will later choose: always proposes reading the task cards."""
    return {"name": "read_task_cards"}


def update_state(state: dict[str, Any], observation: dict[str, Any]) -> None:
    """Record the observation; a failed attempt is still an action, so it counts as a step."""
    state["observation"] = observation
    state["steps"] += 1
    if not observation["ok"]:
        state["failures"] += 1
    state["phase"] = "observed"


def decide(state: dict[str, Any]) -> str:
    """Turn the last observation, the counters and the limits into the next decision.

    The order of the rules matters: a failure is judged first, then a finished search
    (an observation without "search_complete" is a finished one), and only a run that
    could go on is stopped by the step limit.
    """
    observation = state["observation"]
    if not observation["ok"]:
        if state["failures"] > state["max_retries"]:
            return ERROR
    elif observation.get("search_complete", True):
        if len(observation["matches"]) == 1:
            return SUCCESS
        return NEEDS_INPUT
    if state["steps"] >= state["max_steps"]:
        return LIMIT
    return CONTINUE


def validate_limits(max_steps: object, max_retries: object) -> None:
    """Raise ValueError unless both limits are whole numbers inside the course's ranges.

    (It validates input; the name stays because stop_policy imports it.)
    """
    validate_whole_number("max_steps", max_steps, *STEP_RANGE)
    validate_whole_number("max_retries", max_retries, *RETRY_RANGE)
