"""Chapter 1's checks: decide, predicting decisions, honest messages.

Each check's id is the grade_id of a test cell in chapters/01_agent_loop.ipynb.
Hidden cases are generated from a seeded random source, so an answer that only
remembers the visible cases fails them.
"""

from __future__ import annotations

import random
import re
from typing import Any

from agentloop.checks.core import Case, Check
from agentloop.loop import DECISIONS, decide
from agentloop.terminal_messages import honest_message

SCENARIO_NAMES = ("one_match", "two_matches", "no_matches", "temporary_error",
                  "permanent_error", "missing_file", "limit")


def _state(observation: dict, steps: int, failures: int, max_steps: int = 5,
           max_retries: int = 1, scenario: str = "one_match") -> dict[str, Any]:
    return {"phase": "observed", "steps": steps, "failures": failures, "done": False,
            "terminal": None, "max_steps": max_steps, "max_retries": max_retries,
            "observation": observation, "scenario": scenario}


FAIL = {"ok": False, "error": "Error: the practice task cards are unavailable"}
ONE = {"ok": True, "matches": ["task-003"]}
TWO = {"ok": True, "matches": ["task-003", "task-003-copy"]}
NONE = {"ok": True, "matches": []}


def _page(n: int) -> dict[str, Any]:
    return {"ok": True, "matches": [f"candidate-{n:03d}"], "search_complete": False,
            "next_page": n + 1}


# --- decide -----------------------------------------------------------------------------

def _probe_decide(decide_fn: Any, state: dict) -> Any:
    return decide_fn(state)


def _verify_decide(state: dict, output: Any) -> str | None:
    expected = decide(state)
    if output == expected and type(output) is str:
        return None
    return f"expected {expected!r}, got {output!r}"


def _random_observation(rng: random.Random, kind: str, step: int) -> dict[str, Any]:
    if kind == "fail":
        return {"ok": False, "error": rng.choice(["Error: timeout", "Error: disk unreadable",
                                                  FAIL["error"]])}
    ids = [f"task-{rng.randint(100, 999)}" for _ in range(rng.choice([0, 1, 1, 2, 3]))]
    observation: dict[str, Any] = {"ok": True, "matches": ids}
    completeness = rng.choice(["missing", "finished", "unfinished"])
    if completeness != "missing":
        observation["search_complete"] = completeness == "finished"
        if completeness == "unfinished":
            observation["next_page"] = step + 1
    return observation


def _random_state(rng: random.Random, kind: str) -> dict[str, Any]:
    max_steps, max_retries = rng.randint(1, 5), rng.randint(0, 1)
    steps = rng.randint(1, max_steps)
    failures = rng.randint(1, steps) if kind == "fail" else rng.randint(0, steps - 1)
    return _state(_random_observation(rng, kind, steps), steps, failures, max_steps,
                  max_retries, rng.choice((*SCENARIO_NAMES, "anything", "")))


def _generated(kind: str, count: int):
    def cases(rng: random.Random) -> list[Case]:
        out = []
        for number in range(count):
            state = _random_state(rng, kind)
            out.append(Case(state, f"generated state {number + 1}"))
        return out
    return cases


_FAILURE_HINT = ("A failure is judged first: error once failures > max_retries; otherwise the "
                 "step limit still applies before you continue.")
_SEARCH_HINT = ("A finished search decides by the number of matches, even on the last step; "
                "only an unfinished search is stopped by the step limit.")

DECIDE_FAILURE = Check(
    id="ch1-decide-failure",
    symbol="decide",
    title="decide() after a failed action",
    probe=_probe_decide,
    verify=_verify_decide,
    visible=lambda: [
        Case(_state(FAIL, 1, 1), "first failure, steps left → continue"),
        Case(_state(FAIL, 2, 2), "second failure with one retry → error"),
        Case(_state(FAIL, 1, 1, max_retries=0), "first failure with no retries → error"),
        Case(_state(FAIL, 5, 1), "first failure on the last allowed step → limit"),
    ],
    hidden=_generated("fail", 40),
    hint=_FAILURE_HINT,
)

DECIDE_SEARCH = Check(
    id="ch1-decide-search",
    symbol="decide",
    title="decide() after a successful read",
    probe=_probe_decide,
    verify=_verify_decide,
    visible=lambda: [
        Case(_state(ONE, 1, 0), "one match, search finished → success"),
        Case(_state(TWO, 1, 0), "two matches → needs_input"),
        Case(_state(NONE, 1, 0), "finished search, no matches → needs_input"),
        Case(_state(ONE, 5, 0), "one match on the last allowed step → success"),
        Case(_state(_page(2), 2, 0), "unfinished search, steps left → continue"),
        Case(_state(_page(5), 5, 0), "unfinished search on step 5 of 5 → limit"),
    ],
    hidden=_generated("ok", 60),
    hint=_SEARCH_HINT,
)


def _scenario_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(12):
        state = _random_state(rng, rng.choice(["fail", "ok"]))
        for name in SCENARIO_NAMES:
            cases.append(Case(dict(state, scenario=name), f"state {number + 1} as {name!r}"))
    return cases


DECIDE_SCENARIO = Check(
    id="ch1-decide-scenario",
    symbol="decide",
    title="decide() ignores the scenario name",
    probe=_probe_decide,
    verify=_verify_decide,
    visible=lambda: [
        Case(_state(ONE, 1, 0, scenario="limit"), "one match, scenario called 'limit'"),
        Case(_state(FAIL, 2, 2, scenario="one_match"), "two failures, scenario 'one_match'"),
        Case(_state(_page(3), 3, 0, scenario="permanent_error"),
             "unfinished page, scenario 'permanent_error'"),
    ],
    hidden=_scenario_cases,
    hint="Same observation + counters + limits must give the same decision: "
         "never read state['scenario'].",
)

# --- predictions ----------------------------------------------------------------------------

PREDICTION_QUESTIONS: dict[str, dict[str, Any]] = {
    "a": _state(ONE, 1, 0),
    "b": _state(TWO, 3, 1),
    "c": _state(FAIL, 1, 1),
    "d": _state(FAIL, 2, 2),
    "e": _state(FAIL, 3, 1, max_steps=3),
    "f": _state(_page(4), 4, 0),
    "g": _state(_page(2), 2, 0, max_steps=2),
    "h": _state(ONE, 5, 1),
    "i": _state(NONE, 2, 1),
    "j": _state(FAIL, 1, 1, max_retries=0),
}


def _probe_prediction(predictions: Any, question: dict) -> Any:
    return predictions[question["question"]]


def _verify_prediction(question: dict, output: Any) -> str | None:
    if output not in DECISIONS or type(output) is not str:
        return f"answer {output!r} is not one of {', '.join(DECISIONS)}"
    if question["mode"] == "shape":
        return None
    expected = decide(PREDICTION_QUESTIONS[question["question"]])
    return None if output == expected else f"{output!r} is not the decision"


PREDICT = Check(
    id="ch1-predict",
    symbol="predictions",
    title="predict the decision for each state",
    probe=_probe_prediction,
    verify=_verify_prediction,
    # The visible cases check only that every answer is a decision word: the grader
    # checks whether it is the right one.
    visible=lambda: [Case({"question": q, "mode": "shape"}, f"question {q} is answered")
                     for q in PREDICTION_QUESTIONS],
    hidden=lambda rng: [Case({"question": q, "mode": "answer"}, f"question {q}")
                        for q in PREDICTION_QUESTIONS],
    hint="Walk through decide's checks in order: failure first, then a finished search, "
         "then the step limit.",
)

# --- honest messages --------------------------------------------------------------------------

SUCCESS_WORDS = re.compile(
    r"\b(done|success\w*|succeed\w*|complete[d]?|finished|ready|all set|solved)\b", re.I)
FAILURE_WORDS = re.compile(r"(could ?n[o']t|can ?n[o']t|fail\w*|error|unavailable|unable)", re.I)
INCOMPLETE_WORDS = re.compile(
    r"(not all|not every|limit|ran out|run out|out of steps|incomplete|unfinished|stopped|"
    r"steps?)", re.I)
NOTHING_WORDS = re.compile(r"\b(no|none|nothing|zero|not find|n't find|not found)\b", re.I)


def _probe_message(fn: Any, case: dict) -> Any:
    return fn(case["terminal"], case["observation"])


def _verify_message(case: dict, output: Any) -> str | None:
    if type(output) is not str or not output.strip():
        return f"expected a non-empty str, got {output!r}"
    if len(output) > 300:
        return "keep the message under 300 characters"
    terminal, observation = case["terminal"], case["observation"]
    matches = observation.get("matches") or []
    if terminal == "success":
        if matches[0] not in output:
            return f"a success message names the card found ({matches[0]})"
    elif terminal == "needs_input":
        missing = [m for m in matches if m not in output]
        if missing:
            return f"the person must see every candidate card; missing {', '.join(missing)}"
        if not matches and not NOTHING_WORDS.search(output):
            return "say that no card matched"
        if "?" not in output:
            return "needs_input asks the person something: end with a question"
    elif terminal in ("error", "limit"):
        wording = SUCCESS_WORDS.search(output)
        if wording:
            return f"after {terminal} nothing was achieved, but the message says {wording[0]!r}"
        pattern = FAILURE_WORDS if terminal == "error" else INCOMPLETE_WORDS
        if not pattern.search(output):
            return ("say that reading failed" if terminal == "error"
                    else "say that the search stopped before checking everything")
    return None


def _message_cases(rng: random.Random) -> list[Case]:
    def ids(count: int) -> list[str]:
        return [f"task-{rng.randint(100, 999)}-{rng.choice('abcdxyz')}" for _ in range(count)]

    cases = []
    for number in range(6):
        cases += [
            Case({"terminal": "success", "observation": {"ok": True, "matches": ids(1)}},
                 f"success, generated card {number + 1}"),
            Case({"terminal": "needs_input",
                  "observation": {"ok": True, "matches": ids(rng.randint(2, 4))}},
                 f"several generated cards {number + 1}"),
        ]
    cases += [
        Case({"terminal": "error", "observation": {"ok": False, "error": "Error: disk"}},
             "error after another failure"),
        Case({"terminal": "limit", "observation": _page(3)}, "limit on step 3"),
        Case({"terminal": "needs_input", "observation": {"ok": True, "matches": [],
              "search_complete": True}}, "explicitly finished, empty search"),
    ]
    return cases


MESSAGES = Check(
    id="ch1-messages",
    symbol="honest_message",
    title="an honest message for each terminal",
    probe=_probe_message,
    verify=_verify_message,
    visible=lambda: [
        Case({"terminal": "success", "observation": ONE}, "success with task-003"),
        Case({"terminal": "needs_input", "observation": TWO}, "needs_input with two cards"),
        Case({"terminal": "needs_input", "observation": NONE}, "needs_input with no cards"),
        Case({"terminal": "error", "observation": FAIL}, "error after the retry"),
        Case({"terminal": "limit", "observation": _page(5)}, "limit on step 5"),
    ],
    hidden=_message_cases,
    hint="No 'done'/'success' words after error or limit; needs_input names what is missing.",
)

CHECKS = (DECIDE_FAILURE, DECIDE_SEARCH, DECIDE_SCENARIO, PREDICT, MESSAGES)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "decide": decide,
    "predictions": {q: decide(state) for q, state in PREDICTION_QUESTIONS.items()},
    "honest_message": honest_message,
}
