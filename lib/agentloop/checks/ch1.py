"""Chapter 1's checks, as a learner holds them: decide under the office's revised policy,
whole runs, final messages.

Each check's id is the grade_id of a test cell in chapters/01_agent_loop.ipynb. This is the
learner's edition: the visible cases, how an answer is called (the probes) and how an
output is judged (the judges, which need the reference's *facts* about a case, never the
reference itself). The facts of the visible cases come from agentloop/checks/facts/ch1.json;
the reference answers and the hidden cases are the teacher's (agentloop_grader.answers.ch1).

The graded exercises are deliberately *not* functions the library already has:

- exercise 1 is `decide` under the office's revised stop policy, which adds two rules to
  `agentloop.loop.decide` (a failure marked `"retryable": false` ends at once; one card
  listed twice is one card). The grader's sandbox does not load `agentloop.loop`
  (`answered_by`), so an answer that calls the library's decide fails there;
- exercise 2 predicts whole scripted runs under that policy. Its answer is a table of
  values, so this edition ships no facts for it: only a salted digest of the right table,
  which says whether the whole table is right without holding it;
- exercise 3 writes the final message from the whole state (how many actions, what went
  wrong), judged by rules that need no reference; the library's short `honest_message`
  (`agentloop.terminal_messages`) is not loaded while it is graded.
"""

from __future__ import annotations

import re
from typing import Any

from agentloop.checks.claims import (
    CARD_LIKE,
    NOT_ALL,
    SUCCESS_WORDS,
    claims_all_checked,
    plain_text,
    says_found,
)
from agentloop.checks.core import Case, Check, no_facts
from agentloop.checks.student import shipped, whole_digest
from agentloop.environment import CARDS_FILE_MISSING, CARDS_UNAVAILABLE
from agentloop.terminals import ERROR, LIMIT, NEEDS_INPUT, SUCCESS, TERMINALS
from agentloop.validation import is_whole_number

CHAPTER = "ch1"

# The hint steps a learner opens one at a time, after a first try (agentloop.checks.hints):
# the first names the rule, the last is a nudge towards what to look at — never the answer.
HINTS: dict[str, tuple[str, ...]] = {
    "ch1-decide-failure": (
        "A failed read is judged before anything else, by three rules in a fixed order: the "
        "`retryable` mark, then the failure count, then the step limit.",
        "`retryable: false` is `error` at once, even with a retry left and even on the last "
        "step; a failure without the field, or with `true`, is `error` only once failures > "
        "max_retries.",
        "Only a failure that neither rule ends meets the step limit. Take the first ✘ case "
        "and walk it through your code by hand, line by line: which rule answers first?",
    ),
    "ch1-decide-search": (
        "A read that worked is judged by whether its search is finished: `search_complete` "
        "true, or missing, means finished.",
        "A finished search is judged by its different cards, even on the last step: the same "
        "card listed twice is one card.",
        "Only an unfinished search meets the step limit. For the first ✘ case, print how many "
        "different cards it has and whether its search is finished, then read the rule again.",
    ),
    "ch1-decide-scenario": (
        "These cases have the observation, counters and limits of cases you already pass, with "
        "another `state['scenario']`.",
        "The decision comes from the observation, `steps`, `failures`, `max_steps` and "
        "`max_retries` alone.",
        "Look through your code for every place it reads the scenario's name.",
    ),
    "ch1-predict": (
        "First the form: every run answered with a pair (terminal, step), on a step the run "
        "can end on.",
        "Play a run on paper, one observation a step: add 1 to `steps` (and to `failures` "
        "after a failed read), then let the revised rules decide; the first terminal ends the "
        "run.",
        "Check your table with your own `decide` from exercise 1, run by run: the library's "
        "`decide` follows the first policy and gives other answers.",
    ),
    "ch1-messages": (
        "Each terminal has its own row of must and must-not in the chapter's table; the ✘ "
        "line names the rule your message breaks.",
        "Every message says how many actions the run used, as a number, and no number that "
        "is not one of the run's counts or limits.",
        "Take the cards and the error text from `state['observation']`, each different card "
        "once, then read your message for the ✘ case against its row of the table.",
    ),
}

SCENARIO_NAMES = ("one_match", "two_matches", "no_matches", "temporary_error",
                  "permanent_error", "missing_file", "limit")

# --- the office's revised stop policy: the rules a case is labelled with ------------------

NO_RETRY_HELPS = "a failure marked retryable: false → error at once"
RETRIES_USED_UP = "failures > max_retries → error, even on the last step"
NO_STEP_FOR_RETRY = "a failure with a retry left, on the last allowed step → limit"
RETRY = "a failure with a retry and a step left → continue"
ONE_CARD = "a finished search with exactly one different card → success, even on the last step"
NOT_ONE_CARD = "a finished search with no card or several different cards → needs_input"
UNFINISHED_LAST = "an unfinished search on the last allowed step → limit"
UNFINISHED = "an unfinished search with steps left → continue"
FAILURE_RULES = (NO_RETRY_HELPS, RETRIES_USED_UP, NO_STEP_FOR_RETRY, RETRY)
SEARCH_RULES = (ONE_CARD, NOT_ONE_CARD, UNFINISHED_LAST, UNFINISHED)


def _state(observation: dict, steps: int, failures: int, max_steps: int = 5,
           max_retries: int = 1, scenario: str = "one_match") -> dict[str, Any]:
    return {"phase": "observed", "steps": steps, "failures": failures, "done": False,
            "terminal": None, "max_steps": max_steps, "max_retries": max_retries,
            "observation": observation, "scenario": scenario}


FAIL = {"ok": False, "error": CARDS_UNAVAILABLE}
FAIL_RETRYABLE = {"ok": False, "error": CARDS_UNAVAILABLE, "retryable": True}
MISSING = {"ok": False, "error": CARDS_FILE_MISSING, "retryable": False}
ONE = {"ok": True, "matches": ["task-003"]}
ONE_FINISHED = {"ok": True, "matches": ["task-003"], "search_complete": True}
TWICE = {"ok": True, "matches": ["task-003", "task-003"]}
TWO = {"ok": True, "matches": ["task-003", "task-003-copy"]}
NONE = {"ok": True, "matches": []}


def _page(n: int, matches: list[str] | None = None) -> dict[str, Any]:
    return {"ok": True, "matches": [f"candidate-{n:03d}"] if matches is None else matches,
            "search_complete": False, "next_page": n + 1}


def _probe_decide(decide_fn: Any, state: dict) -> Any:
    return decide_fn(state)


def _judge_decide(state: dict, facts: list[str], output: Any) -> str | None:
    expected, rule = facts
    if type(output) is str and output == expected:
        return None
    return f"expected {expected!r}, got {output!r} (rule: {rule})"


def _case(observation: dict, steps: int, failures: int, label: str, rule: str,
          **limits: Any) -> Case:
    return Case(_state(observation, steps, failures, **limits), label, rule=rule)


_FAILURE_HINT = ("A failure is judged first: retryable false → error at once; then error once "
                 "failures > max_retries; otherwise the step limit still applies before you "
                 "continue.")
_SEARCH_HINT = ("A finished search (search_complete true or missing) is judged by how many "
                "different cards it found, even on the last step; only an unfinished search "
                "is stopped by the step limit.")

DECIDE_FAILURE = Check(
    id="ch1-decide-failure",
    answer="decide",
    title="decide() after a failed read, under the revised policy",
    answered_by=("agentloop.loop",),  # the library's own decide is not loaded while grading
    probe=_probe_decide,
    judge=_judge_decide,
    facts=shipped(CHAPTER, "ch1-decide-failure"),
    cases=lambda: [
        _case(FAIL, 1, 1, "first failure, a retry and steps left → continue", RETRY),
        _case(FAIL_RETRYABLE, 1, 1, "retryable: true is an ordinary failure → continue", RETRY),
        _case(FAIL, 2, 2, "second failure with one retry allowed → error", RETRIES_USED_UP),
        _case(FAIL, 5, 2, "second failure on the last allowed step → error", RETRIES_USED_UP),
        _case(FAIL, 1, 1, "first failure with no retries allowed → error", RETRIES_USED_UP,
              max_retries=0),
        _case(FAIL, 5, 1, "first failure on the last allowed step → limit", NO_STEP_FOR_RETRY),
        _case(MISSING, 1, 1, "retryable: false with a retry left → error at once",
              NO_RETRY_HELPS),
        _case(MISSING, 3, 1, "retryable: false on the last allowed step → error, not limit",
              NO_RETRY_HELPS, max_steps=3),
    ],
    hint=_FAILURE_HINT,
)

DECIDE_SEARCH = Check(
    id="ch1-decide-search",
    answer="decide",
    title="decide() after a read that worked, under the revised policy",
    answered_by=("agentloop.loop",),
    probe=_probe_decide,
    judge=_judge_decide,
    facts=shipped(CHAPTER, "ch1-decide-search"),
    cases=lambda: [
        _case(ONE, 1, 0, "one card, no search_complete field (= finished) → success", ONE_CARD),
        _case(ONE_FINISHED, 2, 1, "one card, search_complete true, after a failure → success",
              ONE_CARD),
        _case(ONE, 5, 0, "one card on the last allowed step → success", ONE_CARD),
        _case(TWICE, 1, 0, "the same card listed twice is one card → success", ONE_CARD),
        _case(TWO, 1, 0, "two different cards → needs_input", NOT_ONE_CARD),
        _case(NONE, 1, 0, "a finished search with no card → needs_input", NOT_ONE_CARD),
        _case(TWO, 5, 0, "two cards on the last allowed step → needs_input", NOT_ONE_CARD),
        _case(_page(1), 1, 0, "an unfinished page with one card, steps left → continue",
              UNFINISHED),
        _case(_page(2), 2, 0, "an unfinished search, steps left → continue", UNFINISHED),
        _case(_page(5), 5, 0, "an unfinished search on step 5 of 5 → limit", UNFINISHED_LAST),
    ],
    hint=_SEARCH_HINT,
)

SCENARIO_IGNORED = "the scenario name never changes the decision"


DECIDE_SCENARIO = Check(
    id="ch1-decide-scenario",
    answer="decide",
    title="decide() ignores the scenario name",
    answered_by=("agentloop.loop",),
    probe=_probe_decide,
    judge=_judge_decide,
    facts=shipped(CHAPTER, "ch1-decide-scenario"),
    cases=lambda: [
        Case(_state(ONE, 5, 0, scenario="limit"), "one card on step 5, scenario called 'limit'",
             rule=SCENARIO_IGNORED),
        Case(_state(MISSING, 1, 1, scenario="temporary_error"),
             "retryable: false, scenario 'temporary_error'", rule=SCENARIO_IGNORED),
        Case(_state(TWICE, 1, 0, scenario="two_matches"),
             "one card listed twice, scenario 'two_matches'", rule=SCENARIO_IGNORED),
        Case(_state(_page(3), 3, 0, scenario="permanent_error"),
             "unfinished page, scenario 'permanent_error'", rule=SCENARIO_IGNORED),
    ],
    hint="Same observation + counters + limits must give the same decision: "
         "never read state['scenario'].",
)

# --- exercise 2: predict whole runs under the revised policy --------------------------------

# Each run reads observations[0] on step 1, observations[1] on step 2, … and stops at its
# first terminal; observations after it are never read.
PREDICTION_RUNS: dict[str, dict[str, Any]] = {
    "a": {"max_steps": 5, "max_retries": 1, "observations": [FAIL, FAIL, ONE]},
    "b": {"max_steps": 5, "max_retries": 1, "observations": [MISSING, ONE]},
    "c": {"max_steps": 3, "max_retries": 1,
          "observations": [_page(1), _page(2), _page(3), ONE]},
    "d": {"max_steps": 4, "max_retries": 1,
          "observations": [_page(1, []), FAIL, {"ok": True, "matches": ["task-207", "task-207"]}]},
    "e": {"max_steps": 2, "max_retries": 1, "observations": [_page(1), FAIL, ONE]},
    "f": {"max_steps": 5, "max_retries": 0, "observations": [FAIL_RETRYABLE, ONE]},
    "g": {"max_steps": 3, "max_retries": 1, "observations": [_page(1), _page(2), MISSING]},
    "h": {"max_steps": 5, "max_retries": 1,
          "observations": [FAIL, {"ok": True, "matches": ["task-003", "task-003-copy"],
                                  "search_complete": True}]},
}


def _probe_prediction(predictions: Any, question: dict) -> Any:
    return predictions[question["question"]]


def _judge_prediction(question: dict, facts: list[Any] | None, output: Any) -> str | None:
    letter = question["question"]
    run = PREDICTION_RUNS[letter]
    if type(output) is not list or len(output) != 2:
        return f"answer {output!r}: write a pair (terminal, step), e.g. ('limit', 3)"
    terminal, step = output
    if type(terminal) is not str or terminal not in TERMINALS:
        return f"{terminal!r} is not a terminal ({', '.join(TERMINALS)})"
    if not is_whole_number(step, 1, run["max_steps"]):
        return f"step {step!r} is not a step this run can end on (1 to {run['max_steps']})"
    if question["mode"] == "shape":
        return None
    if [terminal, step] == facts:
        return None
    return f"{(terminal, step)!r} is not how run {letter} ends"


PREDICT = Check(
    id="ch1-predict",
    answer="predictions",
    title="predict how each scripted run ends (terminal and step)",
    probe=_probe_prediction,
    judge=_judge_prediction,
    facts=shipped(CHAPTER, "ch1-predict"),
    # Each visible case checks the form of one answer; whether the table as a whole is
    # right is `whole`'s digest (this edition does not hold the right table); the grader
    # checks each run's answer on its own.
    whole=whole_digest(CHAPTER, "ch1-predict", "every run is answered in the right form, but "
                       "not every answer is how its run ends: play each run again, step by "
                       "step (which ones are wrong is not said: that would give them away)"),
    cases=lambda: [Case({"question": q, "mode": "shape"}, f"run {q} is answered",
                        rule="every run answered with a terminal and a step")
                   for q in PREDICTION_RUNS],
    hint="Play each run step by step: add 1 to steps (and to failures after a failed read), "
         "then apply the revised rules in order; stop at the first terminal.",
)

# --- exercise 3: the final message ------------------------------------------------------------

SAYS_FOUND = "success names the card and says it was found; asks nothing"
NAMES_CANDIDATES = "needs_input names every candidate card and asks a question"
SAYS_NONE_MATCHED = "needs_input after an empty search says no card matched and asks"
SAYS_READ_FAILED = ("error says reading failed, quotes the error and says nothing was "
                    "found; no success words")
SAYS_NOT_ALL = ("limit says not every card was checked; names no candidate; no success "
                "words")
COUNTS = "every message says how many actions the run used, and states no wrong number"

NEEDS_INPUT_WORDS = re.compile(r"\b(done|success\w*|succeed\w*|solved|ready|all set|all good)\b")
READ_FAILED = re.compile(
    r"\b(could ?n[o']t|can ?n[o']t|cannot|unable to|failed to|did ?n[o']t manage to) "
    r"(read|open|load|access|reach)\b"
    r"|\b(read|reading|reads|the board|the cards?|the file|access) (failed|fails|did ?n[o']t "
    r"work)\b|\bunreadable\b|\b(failed|failing) (reads?|reading|attempts?)\b")
NOTHING = re.compile(
    r"\bnothing\b|\bno (card|cards|match|matches|result|results|answer|decision)\b"
    r"|\bnone of\b|\b(did ?n[o']t|could ?n[o']t|not) find\b|\bnot found\b")
PICKED = re.compile(r"\b(the card is|your card is|found it|i (chose|picked|took|selected)|"
                    r"i'?ll (take|use|pick))\b")


def _judge_message(state: dict, facts: None, output: Any) -> str | None:
    """The message rules of exercise 3: they need no reference answer."""
    if type(output) is not str or not output.strip():
        return f"expected a non-empty str, got {output!r}"
    if len(output) > 300:
        return "keep the message under 300 characters: a person has to read it"
    terminal, observation = state["terminal"], state["observation"]
    cards = list(dict.fromkeys(observation.get("matches") or []))
    error = observation.get("error", "")
    error_core = re.sub(r"^error:\s*", "", error, flags=re.I)
    plain = plain_text(output, [*cards, error, error_core])
    lower = output.lower()

    numbers = [int(n) for n in re.findall(r"\d+", CARD_LIKE.sub(" ", plain))]
    allowed = {state["steps"], state["failures"], state["max_steps"], state["max_retries"]}
    if state["steps"] not in numbers:
        return f"say how many actions the run used ({state['steps']}), as a number"
    wrong = [n for n in numbers if n not in allowed]
    if wrong:
        return f"the message says {wrong[0]}, which is none of this run's counts or limits"
    failed_before = state["failures"] > 0

    if terminal == SUCCESS:
        if cards[0].lower() not in lower:
            return f"a success message names the card found ({cards[0]})"
        if not says_found(plain):
            return "say that the card was found (use the word 'found')"
        if "?" in output:
            return "after success there is nothing to ask: no question mark"
        if NOTHING.search(plain) or NOT_ALL.search(plain):
            return "a success message must not say that nothing was found or not all was checked"
        if READ_FAILED.search(plain) and not failed_before:
            return "no read failed in this run: do not say one did"
    elif terminal == NEEDS_INPUT:
        missing = [card for card in cards if card.lower() not in lower]
        if missing:
            return f"the person must see every candidate card; missing {', '.join(missing)}"
        if not cards and not NOTHING.search(plain):
            return "say that no card matched (e.g. 'no card matches')"
        if "?" not in output:
            return "needs_input asks the person something: ask a question (with '?')"
        picked = PICKED.search(plain) or NEEDS_INPUT_WORDS.search(plain)
        if picked:
            return f"nothing was chosen or solved, but the message says {picked[0]!r}"
        if NOT_ALL.search(plain):
            return "the search finished: do not say that cards were left unchecked"
        if READ_FAILED.search(plain) and not failed_before:
            return "no read failed in this run: do not say one did"
    elif terminal in (ERROR, LIMIT):
        wording = SUCCESS_WORDS.search(plain)
        if wording:
            return f"after {terminal} nothing was achieved, but the message says {wording[0]!r}"
        if says_found(plain):
            return f"after {terminal} no card was found: do not say 'found' (only 'nothing found')"
        if claims_all_checked(plain):
            return f"after {terminal} not everything was checked, but the message claims it was"
        if terminal == ERROR:
            if not READ_FAILED.search(plain):
                return "say that reading failed (e.g. 'could not read the cards')"
            if error_core.lower() not in lower:
                return f"say what went wrong: quote the error ({error_core!r})"
            if not NOTHING.search(plain):
                return "say that nothing was found or decided"
            if CARD_LIKE.search(plain):
                return "no card was found after error: name no card"
        else:
            if not NOT_ALL.search(plain):
                return "say that the search stopped before every card was checked"
            named = [card for card in cards if card.lower() in lower]
            if named:
                return f"{named[0]} is only on the last page read, not a result: do not name it"
            if READ_FAILED.search(plain) and observation["ok"]:
                return "the reads worked in this run: do not say reading failed"
    else:
        return f"the state's terminal {terminal!r} is not one of {', '.join(TERMINALS)}"
    return None


def _final(observation: dict, steps: int, failures: int, terminal: str, max_steps: int = 5,
           max_retries: int = 1, scenario: str = "one_match") -> dict[str, Any]:
    state = _state(observation, steps, failures, max_steps, max_retries, scenario)
    return dict(state, done=True, terminal=terminal)


def _message_visible() -> list[Case]:
    return [
        Case(_final(ONE, 1, 0, SUCCESS), "success with task-003 after 1 action", rule=SAYS_FOUND),
        Case(_final(ONE, 2, 1, SUCCESS), "success on the retry, after a failed read",
             rule=SAYS_FOUND),
        Case(_final(TWICE, 1, 0, SUCCESS), "success: one card listed twice", rule=SAYS_FOUND),
        Case(_final(TWO, 1, 0, NEEDS_INPUT), "needs_input with two cards",
             rule=NAMES_CANDIDATES),
        Case(_final(NONE, 1, 0, NEEDS_INPUT), "needs_input with no card",
             rule=SAYS_NONE_MATCHED),
        Case(_final(FAIL, 2, 2, ERROR), "error after the retry failed too",
             rule=SAYS_READ_FAILED),
        Case(_final(MISSING, 1, 1, ERROR, max_retries=0), "error with no retry allowed",
             rule=SAYS_READ_FAILED),
        Case(_final(_page(5), 5, 0, LIMIT), "limit on step 5 of 5", rule=SAYS_NOT_ALL),
        Case(_final(FAIL, 3, 1, LIMIT, max_steps=3), "limit: a first failure on the last step",
             rule=SAYS_NOT_ALL),
        Case(_final(_page(2), 2, 0, LIMIT, max_steps=2), "limit on step 2 of 2 (another count)",
             rule=COUNTS),
    ]


def _probe_message(message: Any, state: dict) -> Any:
    return message(state)


MESSAGES = Check(
    id="ch1-messages",
    answer="final_message",
    title="the final message of a run, for each terminal",
    # The library's short honest_message is not loaded while grading.
    answered_by=("agentloop.terminal_messages",),
    probe=_probe_message,
    judge=_judge_message,
    facts=no_facts,  # the rules alone judge a message
    cases=_message_visible,
    hint="Branch on state['terminal']; use state['steps'] and state['observation'] (its "
         "matches or its error). Each terminal has its must and must-not list in the chapter.",
)

CHECKS = (DECIDE_FAILURE, DECIDE_SEARCH, DECIDE_SCENARIO, PREDICT, MESSAGES)
