"""Chapter 1's exercise checks, the teacher's edition (agentloop_grader/answers/ch1.py):
right answers pass; blank, wrong and cheating ones earn nothing.

Every graded check is run with its hidden cases, drawn from the tests' course seed, which
is what decides a grade (`graded`, with the exercise's answered_by modules out of reach as
in the grader's sandbox). The cheats are the ones a student in a hurry would try: the
library's own functions, called, copied or wrapped; a table of the visible cases; an
answer that only passes the visible cases; keyword salad; values printed in the chapter.
"""

from __future__ import annotations

import inspect
import random
from collections import Counter

import pytest
from agentloop_grader.answers.ch1 import (
    CHECKS,
    REFERENCE,
    revised_rule,
    scripted_run,
    state_for_rule,
)
from chapter_answers import SEED, cases, graded, key

from agentloop import loop, terminal_messages
from agentloop.checks import hidden_seed
from agentloop.checks.ch1 import PREDICTION_RUNS

BY_ID = {chk.id: chk for chk in CHECKS}

reference_decide = REFERENCE["decide"]
reference_message = REFERENCE["final_message"]
DECIDE_IDS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")


def blank(*args, **kwargs):
    raise NotImplementedError()


def passes(check_id, answer, hidden=True):
    return graded(check_id, answer, hidden=hidden).passed


def reasons(check_id, answer):
    return [r.reason for r in graded(check_id, answer).results if not r.passed]


# --- every check ------------------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    obj = {} if chk.answer == "predictions" else blank
    report = graded(chk, obj)
    assert report.results and not any(r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_ones_show_every_rule(chk):
    visible = {case.rule for case in chk.cases()}
    hidden = {case.rule for case in cases(chk)}
    assert "" not in hidden
    if chk.id == "ch1-predict":
        # Its visible cases check only the form; the rules that end each run are the ones
        # exercise 1's visible cases show.
        visible = {case.rule for i in ("ch1-decide-failure", "ch1-decide-search")
                   for case in BY_ID[i].cases()}
        hidden -= {case.rule for case in chk.cases()}
    assert hidden <= visible, hidden - visible


@pytest.mark.parametrize("chk", [BY_ID["ch1-decide-failure"], BY_ID["ch1-decide-search"]],
                         ids=lambda c: c.id)
def test_hidden_decide_cases_are_what_their_rule_says(chk):
    hidden = cases(chk)[len(chk.cases()):]
    assert all(revised_rule(case.input)[1] == case.rule for case in hidden)
    counts = Counter(case.rule for case in hidden)
    assert min(counts.values()) >= 10  # every rule, many times, on states never shown
    shown = {repr(case.input) for c in CHECKS for case in c.cases()}
    assert not any(repr(case.input) in shown for case in hidden)


def test_hidden_cases_are_the_same_every_time_and_depend_on_the_seed():
    for chk in CHECKS:
        assert [c.input for c in cases(chk)] == [c.input for c in cases(chk)]
    chk = key("ch1-decide-failure")
    assert [c.input for c in chk.all_cases(hidden=True, seed=hidden_seed("one", chk.id))] != \
        [c.input for c in chk.all_cases(hidden=True, seed=hidden_seed("two", chk.id))]
    with pytest.raises(ValueError, match="need a seed"):
        chk.all_cases(hidden=True)  # no public seed: hidden cases come from the course's


def test_each_check_draws_its_own_hidden_cases_from_the_course_seed():
    failure, search = key("ch1-decide-failure"), key("ch1-decide-search")
    assert hidden_seed(SEED, failure.id) != hidden_seed(SEED, search.id)


@pytest.mark.parametrize("rule", [r for r, _ in Counter(
    case.rule for i in ("ch1-decide-failure", "ch1-decide-search")
    for case in cases(BY_ID[i])).items()])
def test_generated_states_are_consistent(rule):
    rng = random.Random(7)
    for _ in range(50):
        state = state_for_rule(rng, rule)
        assert 1 <= state["steps"] <= state["max_steps"] <= 5
        assert 0 <= state["failures"] <= state["steps"]
        assert state["failures"] >= (not state["observation"]["ok"])


# --- exercise 1: decide under the revised policy ------------------------------------------

def decide_limit_first(state):
    """Both new rules, but the step limit is asked before the success branch."""
    observation = state["observation"]
    if not observation["ok"]:
        if not observation.get("retryable", True) or state["failures"] > state["max_retries"]:
            return "error"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(set(observation["matches"])) == 1 else "needs_input"
    return "continue"


def _copied_first_policy():
    """The library's decide copied as source (what a learner could paste): a function of
    its own, so the check does not withhold it; only the revised rules can fail it."""
    namespace = dict(vars(loop))
    exec(inspect.getsource(loop.decide), namespace)
    return namespace["decide"]


first_policy = _copied_first_policy()


def decide_without_duplicates(state):
    """The retryable rule only: one card listed twice is taken for two cards."""
    observation = state["observation"]
    if not observation["ok"] and observation.get("retryable") is False:
        return "error"
    return first_policy(state)


def decide_without_retryable(state):
    """The duplicates rule only: a failure a retry cannot fix still gets its retry."""
    observation = state["observation"]
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(set(observation["matches"])) == 1 else "needs_input"
    return first_policy(state)


def decide_retryable_only_with_steps_left(state):
    """retryable false is noticed only where the first policy would continue."""
    decision = decide_without_retryable(state)
    if decision == "continue" and state["observation"].get("retryable") is False:
        return "error"
    return decision


def decide_missing_field_unfinished(state):
    """Reads a missing search_complete as 'not finished'."""
    observation = state["observation"]
    if observation["ok"] and "search_complete" not in observation:
        observation = dict(observation, search_complete=False)
    return reference_decide(dict(state, observation=observation))


def decide_reads_the_scenario(state):
    if state["scenario"] == "one_match":
        return "success"
    return reference_decide(state)


def copied_library_decide():
    namespace: dict = {}
    exec("from typing import Any\nfrom agentloop.loop import CONTINUE, ERROR, LIMIT, "
         "NEEDS_INPUT, SUCCESS\n" + inspect.getsource(loop.decide), namespace)
    return namespace["decide"]


def visible_table(check_ids=DECIDE_IDS):
    table = {repr(case.input): reference_decide(case.input)
             for check_id in check_ids for case in key(check_id).cases()}
    return lambda state: table.get(repr(state), "continue")


def test_the_subtly_wrong_order_fails_only_the_search_and_scenario_checks():
    assert passes("ch1-decide-failure", decide_limit_first)
    assert not passes("ch1-decide-search", decide_limit_first)
    assert not passes("ch1-decide-scenario", decide_limit_first)
    assert any("expected 'success', got 'limit'" in r
               for r in reasons("ch1-decide-search", decide_limit_first))


@pytest.mark.parametrize("cheat", [loop.decide, copied_library_decide()],
                         ids=["calls the library", "copies the library's source"])
@pytest.mark.parametrize("check_id", DECIDE_IDS)
def test_the_librarys_decide_earns_nothing(cheat, check_id):
    assert not passes(check_id, cheat)
    assert not passes(check_id, cheat, hidden=False)  # and it is told so at once


@pytest.mark.parametrize("wrong", [decide_without_duplicates, decide_without_retryable,
                                   decide_retryable_only_with_steps_left])
def test_half_of_the_revised_policy_earns_nothing(wrong):
    assert not all(passes(check_id, wrong) for check_id in DECIDE_IDS[:2])
    assert not passes("ch1-decide-scenario", wrong)


def test_each_new_rule_is_graded_by_its_own_check():
    assert passes("ch1-decide-search", decide_without_retryable)
    assert not passes("ch1-decide-failure", decide_without_retryable)
    assert passes("ch1-decide-failure", decide_without_duplicates)
    assert not passes("ch1-decide-search", decide_without_duplicates)
    assert not passes("ch1-decide-failure", decide_retryable_only_with_steps_left)


def test_a_missing_search_complete_means_finished():
    assert not passes("ch1-decide-search", decide_missing_field_unfinished, hidden=False)


def test_reading_the_scenario_is_caught():
    assert not passes("ch1-decide-scenario", decide_reads_the_scenario)


@pytest.mark.parametrize("check_id", DECIDE_IDS)
def test_a_table_of_the_visible_cases_passes_them_and_earns_nothing(check_id):
    remembers = visible_table()
    assert passes(check_id, remembers, hidden=False)
    assert not passes(check_id, remembers)


def test_lying_return_values_are_refused():
    class Always(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    report = graded("ch1-decide-search", lambda s: Always("x"))
    assert not report.passed
    assert "expected plain data" in report.results[0].reason


def test_hidden_decide_cases_use_inputs_the_chapter_never_shows():
    hidden = [c.input for i in DECIDE_IDS for c in cases(BY_ID[i])[len(BY_ID[i].cases()):]]
    errors = {s["observation"]["error"] for s in hidden if not s["observation"]["ok"]}
    assert len(errors) >= 4 and "Error: the practice task cards are unavailable" not in errors
    assert len({(s["steps"], s["max_steps"]) for s in hidden}) >= 10
    assert len({m for s in hidden for m in s["observation"].get("matches", [])}) >= 50


# --- exercise 2: predictions --------------------------------------------------------------

def predictions_by(decide_fn):
    out = {}
    for letter, script in PREDICTION_RUNS.items():
        state = loop.new_state("one_match", script["max_steps"], script["max_retries"])
        for observation in script["observations"]:
            state.update(observation=observation, steps=state["steps"] + 1,
                         failures=state["failures"] + (not observation["ok"]))
            if decide_fn(state) != "continue":
                out[letter] = (decide_fn(state), state["steps"])
                break
    return out


def test_the_own_decide_of_exercise_1_predicts_every_run():
    assert predictions_by(reference_decide) == REFERENCE["predictions"]
    assert passes("ch1-predict", predictions_by(reference_decide))


def test_predictions_computed_with_the_librarys_decide_earn_nothing():
    by_library = predictions_by(loop.decide)
    assert passes("ch1-predict", by_library, hidden=False)  # well-formed…
    assert not passes("ch1-predict", by_library)  # …and wrong on three runs
    assert sum(by_library[q] != REFERENCE["predictions"][q] for q in PREDICTION_RUNS) >= 3


def test_the_same_answer_everywhere_passes_the_visible_form_check_only():
    lazy = dict.fromkeys(PREDICTION_RUNS, ("error", 1))
    assert passes("ch1-predict", lazy, hidden=False)
    assert not passes("ch1-predict", lazy)


@pytest.mark.parametrize("answer", [("continue", 1), ("error", 9), ("error",), "error 2",
                                    ("error", True), ["error", 2.0]])
def test_malformed_predictions_fail_even_the_visible_check(answer):
    assert not passes("ch1-predict", dict(REFERENCE["predictions"], a=answer), hidden=False)


def test_every_prediction_run_ends_before_its_script_does_and_some_never_read_it_all():
    unread = 0
    for script in PREDICTION_RUNS.values():
        _, step, _ = scripted_run(script)
        assert step <= script["max_steps"]
        unread += step < len(script["observations"])
    assert unread >= 3


# --- exercise 3: final messages -----------------------------------------------------------

def library_wrapped(state):
    text = terminal_messages.honest_message(state["terminal"], state["observation"])
    return f"{text} Actions used: {state['steps']}."


def library_wrapped_with_error(state):
    text = library_wrapped(state)
    if state["terminal"] == "error":
        text += f" ({state['observation']['error']})"
    return text


def visible_messages():
    table = {repr(c.input): reference_message(c.input) for c in key("ch1-messages").cases()}
    return lambda state: table.get(repr(state), "Actions used: 1.")


def fixed(texts):
    return lambda state: texts[state["terminal"]]


SALAD = ("Found {cards}? Not all cards were checked; could not read ({error}); nothing was "
         "found. Actions used: {steps}.")

LAZY_MESSAGES = {
    # The audit's examples: each used to pass the old keyword patterns.
    "limit: all good": fixed(dict.fromkeys(("success", "needs_input", "error"), "")
                             | {"limit": "All good after 5 steps"}),
    "limit: I stopped": fixed(dict.fromkeys(("success", "needs_input", "error"), "")
                              | {"limit": "I stopped."}),
    "error: the word error": fixed(dict.fromkeys(("success", "needs_input", "limit"), "")
                                   | {"error": "error"}),
    "success: the bare card id": fixed(dict.fromkeys(("needs_input", "error", "limit"), "")
                                       | {"success": "task-003"}),
}


@pytest.mark.parametrize("name", sorted(LAZY_MESSAGES))
def test_the_audits_lazy_messages_earn_nothing(name):
    assert not passes("ch1-messages", LAZY_MESSAGES[name])


@pytest.mark.parametrize("cheat", [terminal_messages.honest_message, library_wrapped],
                         ids=["the library's function", "wrapped with a step count"])
def test_the_librarys_short_messages_earn_nothing(cheat):
    assert not passes("ch1-messages", cheat)


def test_a_wrapper_that_adds_everything_earns_nothing():
    """The grader does not load agentloop.terminal_messages while it grades messages."""
    assert not passes("ch1-messages", library_wrapped_with_error)
    assert "agentloop.terminal_messages" in key("ch1-messages").answered_by


def test_keyword_salad_earns_nothing():
    def salad(state):
        observation = state["observation"]
        return SALAD.format(cards=", ".join(observation.get("matches", [])),
                            error=observation.get("error", ""), steps=state["steps"])

    assert not passes("ch1-messages", salad)


def test_messages_for_the_visible_cases_only_earn_nothing():
    remembers = visible_messages()
    assert passes("ch1-messages", remembers, hidden=False)
    assert not passes("ch1-messages", remembers)


def test_hard_coded_card_step_and_error_text_fail_the_hidden_cases():
    def hard_coded(state):
        steps = state["steps"]  # the count is right: the card and the error are not
        return {"success": f"Found your card: task-003. Actions used: {steps}.",
                "needs_input": "Several cards match: task-003, task-003-copy. Which one? "
                               f"Actions used: {steps}.",
                "error": "I could not read the task cards (Error: the practice task cards are "
                         f"unavailable), so nothing was found. Actions used: {steps}.",
                "limit": "The search stopped before every card was checked. Actions used: 5.",
                }[state["terminal"]]

    failed = reasons("ch1-messages", hard_coded)
    assert any("names the card found" in r for r in failed)
    assert any("missing" in r for r in failed)
    assert any("quote the error" in r for r in failed)
    assert any("how many actions" in r or "none of this run's counts" in r for r in failed)


def test_the_chapters_example_question_to_anya_is_not_a_final_message():
    anya = ("There are two cards with nearly the same number, task-003 and task-003-copy — "
            "which one is yours?")
    assert not passes("ch1-messages", lambda state: anya)


def final(observation, steps, failures, terminal, max_steps=5, max_retries=1):
    from agentloop.checks.ch1 import _final

    return _final(observation, steps, failures, terminal, max_steps, max_retries)


ONE = {"ok": True, "matches": ["task-412"]}
TWO = {"ok": True, "matches": ["hall-101", "bench-202"]}
NONE = {"ok": True, "matches": []}
FAIL = {"ok": False, "error": "Error: timeout after 30 s"}
PAGE = {"ok": True, "matches": ["lab-777"], "search_complete": False, "next_page": 4}
def VERIFY(state, message):
    return key("ch1-messages").judge_one(state, message)


@pytest.mark.parametrize(
    ("state", "message", "reason"),
    [
        (final(ONE, 2, 0, "success"), "Found your card: task-412.", "how many actions"),
        (final(ONE, 2, 0, "success"), "Found task-412 after 3 actions (2 used).",
         "none of this run's counts"),
        (final(ONE, 2, 0, "success"), "Found task-999. Actions used: 2.", "names the card"),
        (final(ONE, 2, 0, "success"), "Your card: task-412. Actions used: 2.", "found"),
        (final(ONE, 2, 0, "success"), "No card was found but task-412 matched. Used: 2.",
         "found"),
        (final(ONE, 2, 0, "success"), "Found task-412? Actions used: 2.", "question mark"),
        (final(ONE, 2, 0, "success"), "Found task-412, but not all cards were checked. 2.",
         "not all was checked"),
        (final(ONE, 2, 0, "success"), "Found task-412 after the first read failed. 2.",
         "no read failed"),
        (final(TWO, 1, 0, "needs_input"), "Cards: hall-101. Which one? 1", "missing bench-202"),
        (final(TWO, 1, 0, "needs_input"), "hall-101 or bench-202. Actions used: 1.",
         "ask a question"),
        (final(TWO, 1, 0, "needs_input"), "The card is hall-101 (or bench-202?). 1 action.",
         "nothing was chosen"),
        (final(TWO, 1, 0, "needs_input"), "Done: hall-101, bench-202 — which? 1", "nothing was"),
        (final(NONE, 1, 0, "needs_input"), "Which task do you mean? Actions used: 1.",
         "no card matched"),
        (final(FAIL, 2, 2, "error"), "error. Actions used: 2.", "reading failed"),
        (final(FAIL, 2, 2, "error"), "I could not read the cards. Nothing found. 2 actions.",
         "quote the error"),
        (final(FAIL, 2, 2, "error"), "I could not read the cards (timeout after 30 s). 2.",
         "nothing was found or decided"),
        (final(FAIL, 2, 2, "error"), "Not finished: could not read (timeout after 30 s); "
         "nothing found. 2.", "says 'finish"),
        (final(FAIL, 2, 2, "error"), "Could not read (timeout after 30 s), nothing decided, "
         "but I found task-003. 2.", "do not say 'found'"),
        (final(FAIL, 2, 2, "error"), "Could not read (timeout after 30 s); nothing decided; "
         "see task-003. 2.", "name no card"),
        (final(PAGE, 5, 0, "limit"), "All good after 5 steps.", "says 'all good'"),
        (final(PAGE, 5, 0, "limit"), "I stopped after 5 actions.", "before every card"),
        (final(PAGE, 5, 0, "limit"), "Not all cards were checked; all cards checked. 5.",
         "claims it was"),
        (final(PAGE, 5, 0, "limit"), "Not all cards were checked; lab-777 so far. 5.",
         "do not name it"),
        (final(PAGE, 5, 0, "limit"), "Could not read every page: not all cards were checked. 5",
         "do not say reading failed"),
        (final(PAGE, 5, 0, "limit"), "Not all cards were checked. Actions used: 5. " + "x" * 300,
         "under 300"),
    ],
)
def test_each_message_rule_is_enforced_with_its_reason(state, message, reason):
    got = VERIFY(state, message)
    assert got is not None and reason in got, got


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (final(ONE, 2, 1, "success"), "The first read failed; the retry found task-412. "
                                      "Actions used: 2."),
        (final(TWO, 1, 0, "needs_input"), "I found two cards: hall-101 and bench-202. Which "
                                          "one do you mean? (1 action)"),
        (final(NONE, 3, 1, "needs_input"), "No card matches, after 3 actions. Which task?"),
        (final(FAIL, 1, 1, "error", max_retries=0), "Reading the cards failed: timeout after "
                                                    "30 s. No card was found in 1 action."),
        (final(dict(FAIL, retryable=False), 3, 1, "limit", max_steps=3),
         "The last read failed and no step was left for a retry, so not all cards were "
         "checked (3 of 3 actions)."),
        (final(PAGE, 4, 0, "limit", max_steps=4), "I used all 4 actions before every card was "
                                                  "checked: some cards were not checked."),
    ],
)
def test_honest_messages_in_other_words_pass(state, message):
    assert VERIFY(state, message) is None
