"""Chapter 2's exercise checks, the teacher's edition (agentloop_grader/answers/ch2.py):
right answers pass; blank, wrong, half-right and cheating ones earn nothing they did not get
right.

Every graded check is run with its hidden cases, drawn from the tests' course seed, which
is what decides a grade (`graded`, with the exercise's answered_by modules out of reach as
in the grader's sandbox). The cheats are the ones a student in a hurry would try: the
library's own validator and planner, called, copied as source, wrapped or reached through
private helpers; tables of the visible cases, typed in or read from the shipped facts;
answers from memory; values printed in the chapter; schemas without bounds.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from agentloop_grader.answers import locks
from agentloop_grader.answers.ch2 import (
    CHECKS,
    LOCKS,
    REFERENCE,
    expected_code,
    planner_rule,
    reference_run,
)
from chapter_answers import SEED, cases, graded, key

from agentloop import controller, planners
from agentloop.checks import collect, hidden_seed, judge
from agentloop.checks.ch2 import ANY, EXACT, RULES, desk
from agentloop.checks.student import facts_file, input_key
from agentloop.proposals import ProposalRejected
from agentloop.tools import CATALOGUE, Tool

BY_ID = {chk.id: chk for chk in CHECKS}
VALIDATE_IDS = ("ch2-validate-form", "ch2-validate-context")
PRACTICE_SEED = "agentloop practice lock"  # the seed a lock's inputs are drawn with

reference_validate = REFERENCE["validate_proposal"]
reference_add = REFERENCE["add_list_keys"]
reference_planner = REFERENCE["topics_planner"]


def blank(*args, **kwargs):
    raise NotImplementedError()


def passes(check_id, answer, hidden=True):
    return graded(check_id, answer, hidden=hidden).passed


def reasons(check_id, answer):
    return [r.reason for r in graded(check_id, answer).results if not r.passed]


# --- every check ------------------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_case(chk):
    report = graded(chk, REFERENCE[chk.answer])
    assert report.passed, [r.reason for r in report.results if not r.passed][:3]
    assert len(report.results) > 2 * len(chk.cases())


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = graded(chk, blank)
    assert report.results and not any(r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_ones_show_every_rule(chk):
    visible = {case.rule for case in chk.cases()}
    hidden = {case.rule for case in cases(chk)}
    assert "" not in hidden and hidden <= visible, hidden - visible


def test_hidden_cases_are_the_same_every_time_and_depend_on_the_seed():
    for chk in CHECKS:
        assert [c.input for c in cases(chk)] == [c.input for c in cases(chk)]
        assert [c.input for c in chk.all_cases(hidden=True, seed=hidden_seed("one", chk.id))] \
            != [c.input for c in chk.all_cases(hidden=True, seed=hidden_seed("two", chk.id))]
    with pytest.raises(ValueError, match="need a seed"):
        key("ch2-planner").all_cases(hidden=True)  # no public seed: hidden cases are the course's


def test_hidden_cases_are_the_same_in_every_process():
    """The grader draws cases in two processes; hash randomisation must not matter."""
    code = ("import json; from agentloop_grader.answers.ch2 import CHECKS; "
            "from agentloop.checks import hidden_seed; "
            f"print(json.dumps([[c.input for c in k.all_cases(hidden=True, "
            f"seed=hidden_seed({SEED!r}, k.id))] for k in CHECKS]))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=dict(os.environ, PYTHONHASHSEED=seed)).stdout
               for seed in ("1", "2")]
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])


def test_the_visible_cases_show_nothing_the_hidden_ones_repeat():
    for chk in CHECKS:
        shown = {json.dumps(case.input, sort_keys=True) for case in chk.cases()}
        hidden = cases(chk)[len(chk.cases()):]
        repeated = [c.label for c in hidden if json.dumps(c.input, sort_keys=True) in shown]
        assert len(repeated) <= len(hidden) // 10, (chk.id, repeated)


# --- exercise 1: the revised validator ------------------------------------------------------

@pytest.mark.parametrize("check_id", VALIDATE_IDS)
def test_the_visible_cases_say_what_the_reference_does(check_id):
    """The learner's edition labels its cases by hand; the reference agrees with each."""
    for case in key(check_id).cases():
        if case.input["mode"] == EXACT:
            assert case.rule == RULES[expected_code(case.input) or "accepted"], case.label


@pytest.mark.parametrize("check_id", VALIDATE_IDS)
def test_hidden_validator_cases_are_what_their_rule_says(check_id):
    exact = [c for c in cases(key(check_id)) if c.input["mode"] == EXACT]
    assert all(c.rule == RULES[expected_code(c.input) or "accepted"] for c in exact)
    assert len(Counter(c.rule for c in exact)) >= 6


def test_the_arbitrary_dicts_come_after_the_cases_with_one_right_code():
    chk = key("ch2-validate-context")
    modes = [c.input["mode"] for c in cases(chk)[len(chk.cases()):]]
    first_any = modes.index(ANY)
    assert first_any > 40 and set(modes[first_any:]) == {ANY}


def validate_without_scope(proposal, state, registry):
    """Everything but the scope check: a lookup of another key gets through."""
    try:
        reference_validate(proposal, state, registry)
    except ProposalRejected as refused:
        if refused.code != "out_of_scope":
            raise


def validate_bools_as_ints(proposal, state, registry):
    """isinstance(True, int) is True: a bool count slips through."""
    if isinstance(proposal, dict) and proposal.get("type") == "tool" and \
            isinstance(proposal.get("args"), dict) and proposal["args"].get("count") is True:
        proposal = dict(proposal, args=dict(proposal["args"], count=1))
    reference_validate(proposal, state, registry)


def validate_without_final_checks(proposal, state, registry):
    """Trusts any final answer: invented records get through."""
    if isinstance(proposal, dict) and proposal.get("type") == "final" and \
            set(proposal) == {"type", "answer"}:
        return None
    reference_validate(proposal, state, registry)


def validate_returning_codes(proposal, state, registry):
    try:
        reference_validate(proposal, state, registry)
    except ProposalRejected as refused:
        return refused.code
    return None


def validate_with_plain_errors(proposal, state, registry):
    try:
        reference_validate(proposal, state, registry)
    except ProposalRejected as refused:
        raise ValueError(refused.reason) from None


def validate_that_crashes(proposal, state, registry):
    """Assumes a dict: crashes (AttributeError) on anything else."""
    proposal.get("type")
    reference_validate(proposal, state, registry)


def validate_with_a_dict_of_fields(proposal, state, registry):
    """Looks the type up in a dict: a list as the type crashes it (unhashable)."""
    if isinstance(proposal, dict):
        {"tool": 1, "final": 2}.get(proposal.get("type"))
    reference_validate(proposal, state, registry)


def validate_why_up_to_199(proposal, state, registry):
    if isinstance(proposal, dict) and isinstance(proposal.get("why"), str) and \
            len(proposal["why"]) == 200:
        raise ProposalRejected("bad_field", "why must be shorter than 200 characters")
    reference_validate(proposal, state, registry)


def validate_extra_before_missing(proposal, state, registry):
    """Looks for extra arguments before missing ones."""
    if isinstance(proposal, dict) and proposal.get("type") == "tool" and \
            isinstance(proposal.get("args"), dict) and proposal.get("name") in registry:
        schema = registry[proposal["name"]].args
        if any(arg not in schema for arg in proposal["args"]) and \
                (set(proposal) - {"why"}) == {"type", "name", "args"}:
            raise ProposalRejected("extra_argument", "an argument the schema does not have")
    reference_validate(proposal, state, registry)


def test_no_scope_check_fails_only_the_context_check():
    assert passes("ch2-validate-form", validate_without_scope)
    assert not passes("ch2-validate-context", validate_without_scope)
    assert any("expected a rejection (out_of_scope)" in reason
               for reason in reasons("ch2-validate-context", validate_without_scope))


@pytest.mark.parametrize("wrong", [validate_bools_as_ints, validate_with_a_dict_of_fields,
                                   validate_why_up_to_199, validate_extra_before_missing],
                         ids=lambda f: f.__name__)
def test_common_slips_fail_the_visible_form_cases(wrong):
    assert not passes("ch2-validate-form", wrong, hidden=False)
    assert not passes("ch2-validate-form", wrong)


def test_trusting_final_answers_fails_the_context_check():
    assert passes("ch2-validate-form", validate_without_final_checks)
    assert not passes("ch2-validate-context", validate_without_final_checks, hidden=False)


@pytest.mark.parametrize("wrong", [validate_returning_codes, validate_with_plain_errors])
def test_refusing_the_wrong_way_fails_both_checks(wrong):
    assert not passes("ch2-validate-form", wrong)
    assert not passes("ch2-validate-context", wrong)


def test_crashing_on_a_non_dict_fails():
    assert any("AttributeError" in reason
               for reason in reasons("ch2-validate-form", validate_that_crashes))


def test_a_wrong_code_is_named_in_the_failure():
    def swaps_codes(proposal, state, registry):
        try:
            reference_validate(proposal, state, registry)
        except ProposalRejected as refused:
            if refused.code == "missing_argument":
                raise ProposalRejected("bad_argument", refused.reason) from None
            raise

    assert "rejected with 'bad_argument'; expected 'missing_argument'" in \
        reasons("ch2-validate-form", swaps_codes)


def test_arbitrary_cases_accept_any_of_the_chapters_codes_but_not_others():
    chk = key("ch2-validate-context")
    arbitrary = [c for c in cases(chk) if c.input["mode"] == ANY]
    assert len(arbitrary) >= 40

    def always_not_a_dict(proposal, state, registry):
        try:
            reference_validate(proposal, state, registry)
        except ProposalRejected as refused:
            raise ProposalRejected("not_a_dict", refused.reason) from None

    def made_up_code(proposal, state, registry):
        try:
            reference_validate(proposal, state, registry)
        except ProposalRejected as refused:
            raise ProposalRejected("nope", refused.reason) from None

    assert judge(chk, arbitrary, collect(chk, always_not_a_dict, arbitrary)).passed
    assert not judge(chk, arbitrary, collect(chk, made_up_code, arbitrary)).passed


def test_an_empty_reason_fails():
    def mute(proposal, state, registry):
        try:
            reference_validate(proposal, state, registry)
        except ProposalRejected as refused:
            raise ProposalRejected(refused.code, " ") from None

    assert not passes("ch2-validate-form", mute, hidden=False)
    assert "a rejection needs a reason a person can read" in reasons("ch2-validate-form", mute)


def copied_library_validator():
    """The library's validator pasted as source, with the imports the sandbox has."""
    namespace: dict = {}
    exec("import copy\nfrom typing import Any\n"
         "from agentloop.proposals import FIELDS, FINAL, TOOL, ProposalRejected\n"
         "from agentloop.tools import ARG_TYPES, ToolRegistry, default_registry\n"
         "from agentloop.validation import is_whole_number\n"
         + "\n".join(inspect.getsource(f) for f in (
             controller.validate_proposal, controller._validate_tool_call,
             controller.argument_problem, controller._range, controller._validate_final)),
         namespace)
    return namespace["validate_proposal"]


def validate_why_as_extra_field(proposal, state, registry):
    """The last_step rule only, on the pasted library: a why note is still an extra field."""
    copied_library_validator()(proposal, state, registry)
    if proposal["type"] == "tool" and state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")


def validate_with_private_helpers(proposal, state, registry):
    """The new rules by hand, the kept ones through the library's private helpers."""
    if isinstance(proposal, dict) and "why" in proposal:
        proposal = {k: v for k, v in proposal.items() if k != "why"}
    if isinstance(proposal, dict) and proposal.get("type") == "final":
        return controller._validate_final(proposal.get("answer"), state)
    controller._validate_tool_call(proposal["name"], proposal["args"], state, registry)
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")
    return None


def validate_without_last_step(proposal, state, registry):
    try:
        reference_validate(proposal, state, registry)
    except ProposalRejected as refused:
        if refused.code != "last_step":
            raise


def validate_last_step_first(proposal, state, registry):
    """Weighs the budget before anything else about a tool call."""
    if isinstance(proposal, dict) and proposal.get("type") == "tool" and \
            state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")
    reference_validate(proposal, state, registry)


def validate_last_step_for_finals_too(proposal, state, registry):
    reference_validate(proposal, state, registry)
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")


def validate_last_step_a_step_early(proposal, state, registry):
    """Keeps two steps back: a lookup with two steps left is refused too."""
    reference_validate(proposal, state, registry)
    if proposal["type"] == "tool" and state["steps"] + 2 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")


def validate_why_after_the_tool(proposal, state, registry):
    """Looks at the why note only once the tool call is otherwise valid."""
    if isinstance(proposal, dict) and "why" in proposal:
        bare = {k: v for k, v in proposal.items() if k != "why"}
        reference_validate(bare, state, registry)
    reference_validate(proposal, state, registry)


def validate_why_before_the_fields(proposal, state, registry):
    """Looks at the why note before the fields are known to be right."""
    if isinstance(proposal, dict) and proposal.get("type") in ("tool", "final") and \
            "why" in proposal:
        why = proposal["why"]
        if not isinstance(why, str) or not 1 <= len(why) <= 200:
            raise ProposalRejected("bad_field", "why must be a short text")
    reference_validate(proposal, state, registry)


def visible_table(check_ids=VALIDATE_IDS):
    table = {json.dumps([c.input["proposal"], c.input["state"]], sort_keys=True):
             expected_code(c.input) for i in check_ids for c in key(i).cases()}

    def remembers(proposal, state, registry):
        code = table.get(json.dumps([proposal, state], sort_keys=True))
        if code:
            raise ProposalRejected(code, "remembered")
    return remembers


def from_the_shipped_facts(proposal, state, registry):
    """The facts the learner's edition ships, looked up by the case's digest."""
    tools = "lookup+top_topics" if "top_topics" in registry else "lookup"
    for mode in (EXACT, ANY):
        digest = input_key({"proposal": proposal, "state": state, "tools": tools, "mode": mode})
        for entry in facts_file("ch2")["checks"].values():
            for case in entry.get("cases", []):
                if case["key"] == digest:
                    if case["facts"] is None:
                        return None
                    raise ProposalRejected(case["facts"], "remembered")
    return None


@pytest.mark.parametrize("cheat", [controller.validate_proposal, copied_library_validator(),
                                   validate_with_private_helpers],
                         ids=["calls the library", "pastes the library's source",
                              "calls its private helpers"])
@pytest.mark.parametrize("check_id", VALIDATE_IDS)
def test_the_librarys_validator_earns_nothing(cheat, check_id):
    assert not passes(check_id, cheat)
    assert not passes(check_id, cheat, hidden=False)  # and practice says so at once


@pytest.mark.parametrize("cheat", [visible_table(), from_the_shipped_facts],
                         ids=["typed in", "read from the shipped facts"])
@pytest.mark.parametrize("check_id", VALIDATE_IDS)
def test_a_table_of_the_visible_cases_passes_them_and_earns_nothing(cheat, check_id):
    assert passes(check_id, cheat, hidden=False)
    assert not passes(check_id, cheat)


@pytest.mark.parametrize(("wrong", "form", "context"), [
    (validate_why_as_extra_field, False, False),
    (validate_without_last_step, True, False),
    (validate_last_step_first, True, False),
    (validate_last_step_for_finals_too, True, False),
    (validate_last_step_a_step_early, False, False),
    (validate_why_after_the_tool, False, True),
    (validate_why_before_the_fields, False, True),
])
def test_each_revised_rule_and_its_place_is_graded(wrong, form, context):
    assert passes("ch2-validate-form", wrong) is form
    assert passes("ch2-validate-context", wrong) is context


def test_the_reference_does_not_lean_on_the_controller():
    """The grader's checks of exercise 1 run with agentloop.controller withheld."""
    assert "agentloop.controller" in key("ch2-validate-form").answered_by
    source = inspect.getsource(sys.modules[reference_validate.__module__])
    assert "validate_proposal(" not in source.replace("def revised_validate(", "")


# --- exercise 2: the second tool ------------------------------------------------------------

def tool_adder(description="List the course keys in alphabetical order.", minimum=1, maximum=10,
               run=None, name="list_keys", kind="int", scoped=None):
    def add(registry, catalogue):
        spec = {"type": kind, "minimum": minimum, "maximum": maximum}
        if kind == "str":
            spec = {"type": "str", "min_length": minimum, "max_length": maximum}
        if scoped is not None:
            spec["scoped"] = scoped
        registry.add(Tool(name=name, description=description, args={"limit": spec},
                          run=run or (lambda limit: sorted(catalogue)[:limit])))
    return add


@pytest.mark.parametrize(
    ("wrong", "visible_too"),
    [
        (tool_adder(maximum=100), True),
        (tool_adder(minimum=0), True),
        (tool_adder(run=lambda limit: sorted(CATALOGUE)[:limit]), True),  # ignores `catalogue`
        (tool_adder(run=lambda limit: ["ai", "design"][:limit]), True),  # the chapter's keys
        (tool_adder(name="keys"), True),
        (tool_adder(description="keys"), True),
        (tool_adder(scoped=True), True),
        (tool_adder(kind="str"), True),
    ],
    ids=["maximum 100", "minimum 0", "ignores the catalogue", "the chapter's keys",
         "another name", "no sentence", "scoped", "a str"],
)
def test_wrong_second_tools_fail(wrong, visible_too):
    assert not passes("ch2-second-tool", wrong)
    assert passes("ch2-second-tool", wrong, hidden=False) is not visible_too


def test_unsorted_keys_fail_on_generated_catalogues():
    def add(registry, catalogue):
        tool_adder(run=lambda limit: list(catalogue)[:limit])(registry, catalogue)

    assert any("expected" in reason for reason in reasons("ch2-second-tool", add))


def test_a_schema_without_bounds_lets_bad_limits_run_and_fails():
    def add(registry, catalogue):
        registry.add(Tool("list_keys", "List the course keys in order.", {"limit": {"type": "int"}},
                          lambda limit: sorted(catalogue)[:limit]))

    assert any("the controller would run it" in reason
               for reason in reasons("ch2-second-tool", add))


def test_checking_the_limit_inside_the_tool_is_not_the_controller_refusing_it():
    def add(registry, catalogue):
        def keys(limit):
            if not 1 <= limit <= 10:
                raise ProposalRejected("bad_argument", "limit out of range")
            return sorted(catalogue)[:limit]
        registry.add(Tool("list_keys", "List the course keys in order.", {"limit": {"type": "int"}},
                          keys))

    assert not passes("ch2-second-tool", add, hidden=False)


def test_the_second_tool_hint_does_not_print_the_answer():
    hint = key("ch2-second-tool").hint
    assert "sorted(catalogue)" not in hint and "'maximum': 10" not in hint


def test_registering_lookup_twice_is_reported():
    def add(registry, catalogue):
        registry.add(registry["lookup"])

    assert any("already registered" in r for r in reasons("ch2-second-tool", add))


def test_second_tool_outcomes_are_decided_from_the_cards():
    """A reported result the card's schema would never let run is not believed."""
    chk = key("ch2-second-tool")
    visible = chk.cases()
    right = collect(chk, reference_add, visible)
    loose = [{"value": dict(out["value"], cards=[
        dict(card, args={"limit": {"type": "int"}}) if card["name"] == "list_keys" else card
        for card in out["value"]["cards"]])} for out in right]
    report = judge(chk, visible, loose)
    assert not report.passed
    assert any("the controller would run it" in r.reason for r in report.results)
    broken = [{"value": dict(out["value"], cards=[
        dict(card, args={"limit": {"type": "x"}}) if card["name"] == "list_keys" else card
        for card in out["value"]["cards"]])} for out in right]
    assert any("not a valid tool definition" in r.reason
               for r in judge(chk, visible, broken).results)


# --- exercise 3: the planner that reads the cards -------------------------------------------

def top_topics_of(key_, count=3):
    return {"type": "tool", "name": "top_topics", "args": {"key": key_, "count": count}}


def lookup_of(key_):
    return {"type": "tool", "name": "lookup", "args": {"key": key_}}


def finish_with_last(state):
    return {"type": "final", "answer": state["observations"][-1]["result"]}


def the_old_answer(state, cards):
    """The exercise as it was: top_topics with count 3, whatever the cards say."""
    return finish_with_last(state) if state["observations"] else top_topics_of(state["key"])


def never_falls_back(state, cards):
    if state["observations"]:
        return finish_with_last(state)
    card = next((c for c in cards if c["name"] == "top_topics"), None)
    most = card["args"]["count"]["maximum"] if card else 3
    return top_topics_of(state["key"], most)


def always_looks_up(state, cards):
    return finish_with_last(state) if state["observations"] else lookup_of(state["key"])


def reads_cards_by_position(state, cards):
    if state["observations"]:
        return finish_with_last(state)
    if len(cards) > 1:
        return top_topics_of(state["key"], cards[1]["args"]["count"]["maximum"])
    return lookup_of(state["key"])


def reads_the_minimum(state, cards):
    if state["observations"]:
        return finish_with_last(state)
    for card in cards:
        if card["name"] == "top_topics":
            return top_topics_of(state["key"], card["args"]["count"]["minimum"])
    return lookup_of(state["key"])


def invents(state, cards):
    return {"type": "final", "answer": ["goals", "tools"]} if state["observations"] else \
        reference_planner(state, cards)


def says_unknown(state, cards):
    return {"type": "final", "answer": None} if state["observations"] else \
        reference_planner(state, cards)


def answers_from_memory(state, cards):
    record = CATALOGUE.get(state["key"])
    return {"type": "final", "answer": None if record is None else record["topics"]}


def topics_of_the_record(state, cards):
    """Looks the record up, then answers its topics: not what was observed."""
    if not state["observations"]:
        return lookup_of(state["key"])
    record = state["observations"][-1]["result"]
    return {"type": "final", "answer": None if record is None else record["topics"]}


def looks_twice(state, cards):
    if len(state["observations"]) < 2:
        return reference_planner(dict(state, observations=[]), cards)
    return finish_with_last(state)


def lowercases(state, cards):
    return reference_planner(dict(state, key=state["key"].lower()), cards)


def knows_the_chapters_catalogue(state, cards):
    known = {k: record["topics"] for k, record in CATALOGUE.items()}
    if not state["observations"]:
        return reference_planner(state, cards)
    return {"type": "final", "answer": known.get(state["key"])}


def wraps_plan(state, cards):
    proposal = planners.plan(state)
    return top_topics_of(state["key"]) if proposal["type"] == "tool" else proposal


@functools.cache
def visible_runs():
    table = {}
    for case in key("ch2-planner").cases():
        run_ = reference_run(case.input)
        table[json.dumps([case.input["key"], desk(case.input).describe()], sort_keys=True)] \
            = run_["trace"][0]["input"] if run_["trace"] else {}
    return table


def remembers_the_visible_runs(state, cards):
    if state["observations"]:
        return finish_with_last(state)
    args = visible_runs().get(json.dumps([state["key"], cards], sort_keys=True))
    if args and "count" in args:
        return top_topics_of(state["key"], args["count"])
    return lookup_of(state["key"])


@pytest.mark.parametrize("wrong", [
    the_old_answer, never_falls_back, always_looks_up, reads_cards_by_position,
    reads_the_minimum, invents, says_unknown, answers_from_memory, topics_of_the_record,
    looks_twice, lowercases, knows_the_chapters_catalogue, wraps_plan, blank,
], ids=lambda f: f.__name__)
def test_wrong_planners_fail(wrong):
    assert not passes("ch2-planner", wrong)
    assert not passes("ch2-planner", wrong, hidden=False)  # each is told so while practising


def test_the_librarys_plan_earns_nothing():
    assert not passes("ch2-planner", lambda state, cards: planners.plan(state))
    assert not passes("ch2-planner", lambda state, cards: planners.plan(state), hidden=False)
    assert "agentloop.planners" in key("ch2-planner").answered_by


def test_a_table_of_the_visible_runs_passes_them_and_earns_nothing():
    assert passes("ch2-planner", remembers_the_visible_runs, hidden=False)
    assert not passes("ch2-planner", remembers_the_visible_runs)


def test_a_refused_proposal_is_named():
    assert any("final_without_observation" in reason
               for reason in reasons("ch2-planner", answers_from_memory))
    assert any("final_mismatch" in reason
               for reason in reasons("ch2-planner", topics_of_the_record))
    assert any("bad_argument" in reason for reason in reasons("ch2-planner", the_old_answer))
    assert any("unknown_tool" in reason for reason in reasons("ch2-planner", never_falls_back))


def test_forged_outputs_do_not_pass():
    """The judge replays the proposals itself; a claimed outcome is never trusted."""
    chk = key("ch2-planner")
    visible = chk.cases()
    forged = [{"value": {"proposals": [{"type": "final", "answer": ["goals"]}]}}] * len(visible)
    assert not judge(chk, visible, forged).passed
    extra = [{"value": {"proposals": [
        top_topics_of(c.input["key"]),
        {"type": "final", "answer": None},
        {"type": "final", "answer": None}]}} for c in visible]
    assert not judge(chk, visible, extra).passed
    too_few = [{"value": {"proposals": [top_topics_of(c.input["key"])]}} for c in visible]
    assert any("planner made 1" in r.reason for r in judge(chk, visible, too_few).results)


def test_non_plain_proposals_are_refused():
    class Proposal(dict):
        pass

    def sneaky(state, cards):
        return Proposal(reference_planner(state, cards))

    assert not passes("ch2-planner", sneaky, hidden=False)


def test_planner_runs_cover_every_desk_on_catalogues_the_chapter_never_shows():
    hidden = [c.input for c in cases(key("ch2-planner"))[len(key("ch2-planner").cases()):]]
    assert len([c for c in hidden if "catalogue" in c]) >= 15
    assert {c["tools"] for c in hidden} == {"lookup", "lookup+top_topics", "top_topics+lookup"}
    assert len({c.get("most") for c in hidden} - {None}) >= 4
    assert {c["max_steps"] for c in hidden} >= {1, 2, 3}
    assert all(planner_rule(c) for c in hidden)


# --- right answers give the same outputs: what the self-study locks rely on -------------------

def validate_in_other_words(proposal, state, registry):
    try:
        reference_validate(proposal, state, registry)
    except ProposalRejected as refused:
        raise ProposalRejected(refused.code, f"No: {refused.code.replace('_', ' ')}.") from None
    return None


def add_list_keys_in_other_words(registry, catalogue):
    registry.add(Tool("list_keys", "Course keys A to Z; at most `limit` of them.",
                      {"limit": {"type": "int", "maximum": 10, "minimum": 1, "scoped": False}},
                      lambda limit: sorted(catalogue.keys())[0:limit]))


def planner_in_other_words(state, cards):
    if len(state["observations"]) > 0:
        return {"answer": state["observations"][-1]["result"], "type": "final"}
    bounds = {card["name"]: card["args"].get("count", {}) for card in cards}
    if "top_topics" in bounds:
        return {"type": "tool", "name": "top_topics",
                "args": {"count": bounds["top_topics"]["maximum"], "key": state["key"]}}
    return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}


EXERCISE_CHECKS = {"ch2-validate-answer": VALIDATE_IDS,
                   "ch2-second-tool-answer": ("ch2-second-tool",),
                   "ch2-planner-answer": ("ch2-planner",)}
OTHER_WORDS = {"validate_proposal": validate_in_other_words,
               "add_list_keys": add_list_keys_in_other_words,
               "topics_planner": planner_in_other_words}


@pytest.mark.parametrize("cell", sorted(LOCKS))
def test_every_right_answer_gives_the_lock_checks_the_same_outputs(cell):
    lock = LOCKS[cell]
    assert lock == locks("ch2")[cell]
    for check_id in lock.checks:
        chk = key(check_id)
        assert check_id in EXERCISE_CHECKS[cell]
        inputs = chk.hidden(random.Random(hidden_seed(PRACTICE_SEED, check_id)))[:lock.inputs]
        assert len(inputs) == lock.inputs
        other = OTHER_WORDS[chk.answer]
        assert graded(chk, other).passed
        assert collect(chk, other, inputs) == collect(chk, REFERENCE[chk.answer], inputs)
        # …and a half-right or blank answer does not give them (the lock stays shut)
        assert collect(chk, blank, inputs) != collect(chk, REFERENCE[chk.answer], inputs)


def test_the_lock_of_the_validator_stays_shut_for_half_of_the_revised_rules():
    lock = LOCKS["ch2-validate-answer"]

    def outputs(answer):  # what the lock is opened with: every lock check's outputs
        out = []
        for check_id in lock.checks:
            chk = key(check_id)
            inputs = chk.hidden(random.Random(hidden_seed(PRACTICE_SEED, check_id)))
            out.append(collect(chk, answer, inputs[:lock.inputs]))
        return out

    right = outputs(reference_validate)
    assert outputs(validate_why_as_extra_field) != right
    assert outputs(validate_why_after_the_tool) != right
