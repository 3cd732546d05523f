"""Chapter 1's checks, the teacher's edition: the revised policy's reference, the facts of
any state, and the hidden cases (states, runs and final states the chapter never shows).

The learner's edition (`agentloop.checks.ch1`) has the visible cases, the probes and the
judges; `CHECKS` here are the same checks completed by `key(...)`.
"""

from __future__ import annotations

import random
from typing import Any

from agentloop.checks.ch1 import (
    CHECKS as LEARNER_CHECKS,
)
from agentloop.checks.ch1 import (
    FAILURE_RULES,
    NAMES_CANDIDATES,
    NO_RETRY_HELPS,
    NO_STEP_FOR_RETRY,
    NOT_ONE_CARD,
    ONE_CARD,
    PREDICTION_RUNS,
    RETRIES_USED_UP,
    RETRY,
    SAYS_FOUND,
    SAYS_NONE_MATCHED,
    SAYS_NOT_ALL,
    SAYS_READ_FAILED,
    SCENARIO_IGNORED,
    SCENARIO_NAMES,
    SEARCH_RULES,
    UNFINISHED,
    UNFINISHED_LAST,
    _page,
    _state,
)
from agentloop.checks.core import Case, cases_by_rule, no_facts
from agentloop.terminals import CONTINUE, ERROR, LIMIT, NEEDS_INPUT, SUCCESS

from . import Lock, key


def revised_rule(state: dict[str, Any]) -> tuple[str, str]:
    """The decision under the office's revised policy, and the rule that gives it."""
    observation = state["observation"]
    if not observation["ok"]:
        if observation.get("retryable", True) is False:
            return ERROR, NO_RETRY_HELPS
        if state["failures"] > state["max_retries"]:
            return ERROR, RETRIES_USED_UP
        if state["steps"] >= state["max_steps"]:
            return LIMIT, NO_STEP_FOR_RETRY
        return CONTINUE, RETRY
    if observation.get("search_complete", True):
        if len(set(observation["matches"])) == 1:
            return SUCCESS, ONE_CARD
        return NEEDS_INPUT, NOT_ONE_CARD
    if state["steps"] >= state["max_steps"]:
        return LIMIT, UNFINISHED_LAST
    return CONTINUE, UNFINISHED


def revised_decide(state: dict[str, Any]) -> str:
    """Reference for exercise 1: `decide` under the office's revised policy."""
    return revised_rule(state)[0]


# Error texts and card ids the chapter never shows. No error text holds anything that
# looks like a card id, so exercise 3 can tell the two apart.
ERROR_TEXTS = ("Error: timeout after 30 s", "Error: the lab share is offline",
               "Error: permission denied for the board folder", "Error: disk unreadable",
               "Error: the board server answered 503", "Error: connection reset")
PREFIXES = ("task", "card", "hall", "bench", "lab")


def _card(rng: random.Random) -> str:
    card = f"{rng.choice(PREFIXES)}-{rng.randint(100, 999)}"
    return card + "-copy" if rng.random() < 0.15 else card


def _cards(rng: random.Random, different: int, repeats: bool = False) -> list[str]:
    ids: list[str] = []
    while len(ids) < different:
        card = _card(rng)
        if card not in ids:
            ids.append(card)
    if repeats and ids:
        ids += [rng.choice(ids) for _ in range(rng.randint(1, 2))]
        rng.shuffle(ids)
    return ids


def _failure(rng: random.Random, retryable: bool | None) -> dict[str, Any]:
    observation: dict[str, Any] = {"ok": False, "error": rng.choice(ERROR_TEXTS)}
    if retryable is not None:
        observation["retryable"] = retryable
    return observation


def _finished(rng: random.Random, matches: list[str]) -> dict[str, Any]:
    observation: dict[str, Any] = {"ok": True, "matches": matches}
    if rng.random() < 0.5:
        observation["search_complete"] = True  # otherwise missing: finished all the same
    return observation


def state_for_rule(rng: random.Random, rule: str) -> dict[str, Any]:
    """A state the chapter never shows, chosen so that `rule` decides it."""
    max_retries = rng.randint(0, 1)
    scenario = rng.choice((*SCENARIO_NAMES, "anything", ""))
    if rule == NO_RETRY_HELPS:
        max_steps = rng.randint(1, 5)
        steps = rng.randint(1, max_steps)
        failures = rng.randint(1, steps)
        observation = _failure(rng, False)
    elif rule == RETRIES_USED_UP:
        max_steps = rng.randint(max_retries + 1, 5)
        steps = rng.choice([max_steps, rng.randint(max_retries + 1, max_steps)])
        failures = rng.randint(max_retries + 1, steps)
        observation = _failure(rng, rng.choice([None, None, True]))
    elif rule == NO_STEP_FOR_RETRY:
        max_retries, max_steps = 1, rng.randint(1, 5)
        steps, failures = max_steps, 1
        observation = _failure(rng, rng.choice([None, None, True]))
    elif rule == RETRY:
        max_retries, max_steps = 1, rng.randint(2, 5)
        steps, failures = rng.randint(1, max_steps - 1), 1
        observation = _failure(rng, rng.choice([None, None, True]))
    else:
        max_steps = rng.randint(1, 5) if rule != UNFINISHED else rng.randint(2, 5)
        steps = max_steps if rule == UNFINISHED_LAST or rng.random() < 0.3 else \
            rng.randint(1, max_steps - (rule == UNFINISHED))
        if rule == UNFINISHED and steps >= max_steps:
            steps = max_steps - 1
        failures = rng.randint(0, min(max_retries, steps - 1))
        if rule == ONE_CARD:
            observation = _finished(rng, _cards(rng, 1, repeats=rng.random() < 0.4))
        elif rule == NOT_ONE_CARD:
            different = rng.choice([0, 2, 2, 3])
            observation = _finished(rng, _cards(rng, different, repeats=rng.random() < 0.3))
        else:
            observation = _page(steps, _cards(rng, rng.choice([0, 1, 1, 2])))
    state = _state(observation, steps, failures, max_steps, max_retries, scenario)
    assert revised_rule(state)[1] == rule, (rule, state)
    return state


def _generated(rules: tuple[str, ...], per_rule: int) -> Any:
    return cases_by_rule(state_for_rule, rules, per_rule, "generated state")


def _decide_facts(state: dict) -> list[str]:
    """What the revised policy decides, and the rule that gives it (the reference's side)."""
    return list(revised_rule(state))


def _scenario_cases(rng: random.Random) -> list[Case]:
    cases = []
    rules = FAILURE_RULES + SEARCH_RULES
    for number in range(16):
        state = state_for_rule(rng, rules[number % len(rules)])
        for name in SCENARIO_NAMES:
            cases.append(Case(dict(state, scenario=name), f"state {number + 1} as {name!r}",
                              rule=SCENARIO_IGNORED))
    return cases


def scripted_run(question: dict[str, Any]) -> tuple[str, int, str]:
    """Play a scripted run under the revised policy: (terminal, step, the rule that ended it)."""
    state = _state({}, 0, 0, question["max_steps"], question["max_retries"])
    for observation in question["observations"]:
        state["observation"] = observation
        state["steps"] += 1
        state["failures"] += not observation["ok"]
        decision, rule = revised_rule(state)
        if decision != CONTINUE:
            return decision, state["steps"], rule
    raise ValueError("the script ends before the run does")


def _prediction_facts(question: dict) -> list[Any] | None:
    """How the run really ends, (terminal, step); nothing for a question of form only."""
    if question["mode"] == "shape":
        return None
    return list(scripted_run(PREDICTION_RUNS[question["question"]])[:2])


def _prediction_hidden(rng: random.Random) -> list[Case]:
    return [Case({"question": q, "mode": "answer"}, f"run {q}", rule=scripted_run(r)[2])
            for q, r in PREDICTION_RUNS.items()]


def _message_hidden(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(6):
        label = f"generated final state {number + 1}"
        ok = state_for_rule(rng, ONE_CARD)
        cases.append(Case(dict(ok, done=True, terminal=SUCCESS), f"{label}: success",
                          rule=SAYS_FOUND))
        several = state_for_rule(rng, NOT_ONE_CARD)
        if not several["observation"]["matches"]:
            several["observation"]["matches"] = _cards(rng, rng.randint(2, 4))
        cases.append(Case(dict(several, done=True, terminal=NEEDS_INPUT),
                          f"{label}: needs_input", rule=NAMES_CANDIDATES))
        failed = state_for_rule(rng, rng.choice([NO_RETRY_HELPS, RETRIES_USED_UP]))
        cases.append(Case(dict(failed, done=True, terminal=ERROR), f"{label}: error",
                          rule=SAYS_READ_FAILED))
        stopped = state_for_rule(rng, rng.choice([UNFINISHED_LAST, UNFINISHED_LAST,
                                                  NO_STEP_FOR_RETRY]))
        cases.append(Case(dict(stopped, done=True, terminal=LIMIT), f"{label}: limit",
                          rule=SAYS_NOT_ALL))
    for number in range(2):
        empty = state_for_rule(rng, NOT_ONE_CARD)
        empty["observation"]["matches"] = []
        cases.append(Case(dict(empty, done=True, terminal=NEEDS_INPUT),
                          f"generated empty search {number + 1}", rule=SAYS_NONE_MATCHED))
    return cases


def reference_message(state: dict[str, Any]) -> str:
    """Reference for exercise 3: the final message, from the whole final state."""
    observation, steps = state["observation"], state["steps"]
    actions = f"{steps} action{'s' * (steps != 1)}"
    cards = list(dict.fromkeys(observation.get("matches") or []))
    terminal = state["terminal"]
    if terminal == SUCCESS:
        return f"Found your card: {cards[0]} (after {actions})."
    if terminal == NEEDS_INPUT:
        if not cards:
            return f"I searched the whole board in {actions} and no card matches. " \
                   "Which task do you mean?"
        return f"After {actions} several cards match: {', '.join(cards)}. Which one do you mean?"
    if terminal == ERROR:
        return (f"I could not read the task cards ({observation['error']}), so after {actions} "
                "nothing was found and nothing was decided.")
    return f"I used all {actions} allowed before the search ended: not all cards were checked."




_LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}

CHECKS = (
    key(_LEARNER["ch1-decide-failure"], reference=revised_decide, facts=_decide_facts,
        hidden=_generated(FAILURE_RULES, 10)),
    key(_LEARNER["ch1-decide-search"], reference=revised_decide, facts=_decide_facts,
        hidden=_generated(SEARCH_RULES, 15)),
    key(_LEARNER["ch1-decide-scenario"], reference=revised_decide, facts=_decide_facts,
        hidden=_scenario_cases),
    key(_LEARNER["ch1-predict"], facts=_prediction_facts, hidden=_prediction_hidden,
        reference={q: scripted_run(run)[:2] for q, run in PREDICTION_RUNS.items()}),
    key(_LEARNER["ch1-messages"], reference=reference_message, facts=no_facts,
        hidden=_message_hidden),
)
# What a correct submission defines (used by tests, the benchmark and the learner release).
REFERENCE = {
    "decide": revised_decide,
    "predictions": {q: scripted_run(run)[:2] for q, run in PREDICTION_RUNS.items()},
    "final_message": reference_message,
}
# How each exercise's reference is locked for self-study (see Lock); the final message is
# judged by rules alone, so it has none.
LOCKS = {
    "ch1-decide-answer": Lock(("ch1-decide-failure", "ch1-decide-search"), inputs=8),
    "ch1-predict-answer": Lock(("ch1-predict",)),
}
