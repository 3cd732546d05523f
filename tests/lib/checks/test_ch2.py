"""Chapter 2's exercise checks: right answers pass; blank, wrong and cheating ones earn nothing.

Every graded check is run with its hidden cases (`run_check(..., hidden=True)`), which is
what decides a grade. Cheats: the library's own validator and planner, called, copied or
wrapped; tables of the visible cases; answers from memory; schemas without bounds.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys

import pytest

from agentloop import controller, planners
from agentloop.checks import collect, get_check, judge, run_check
from agentloop.checks.ch2 import (
    CHECKS,
    REFERENCE,
    RULES,
    expected_code,
)
from agentloop.controller import ProposalRejected
from agentloop.tools import CATALOGUE, Tool

reference_validate = REFERENCE["validate_proposal"]


def blank(*args, **kwargs):
    raise NotImplementedError()


def passes(check_id, obj, hidden=True):
    return run_check(get_check(check_id), obj, hidden=hidden).passed


def failed_reasons(check_id, obj):
    report = run_check(get_check(check_id), obj, hidden=True)
    return [r.reason for r in report.results if not r.passed]


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = run_check(chk, blank, hidden=True)
    assert not report.passed
    assert all(not r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_hidden_cases_are_generated_and_reproducible(chk):
    assert [c.input for c in chk.all_cases(hidden=True)] == \
        [c.input for c in chk.all_cases(hidden=True)]
    assert len(chk.all_cases(hidden=True)) > 2 * len(chk.cases())
    assert chk.all_cases(hidden=True, seed=1) != chk.all_cases(hidden=True, seed=2)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_ones_show_every_rule(chk):
    visible = {case.rule for case in chk.cases()}
    hidden = {case.rule for case in chk.all_cases(hidden=True)}
    assert "" not in hidden and hidden <= visible, hidden - visible


@pytest.mark.parametrize("chk", CHECKS[:2], ids=lambda c: c.id)
def test_validator_cases_are_what_their_rule_says(chk):
    for case in chk.all_cases(hidden=True):
        if case.input["mode"] == "exact":
            assert case.rule == RULES[expected_code(case.input) or "accepted"]


# --- exercise 1: the validator ------------------------------------------------------------------

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


def test_no_scope_check_fails_only_the_context_cell():
    assert passes("ch2-validate-form", validate_without_scope)
    assert not passes("ch2-validate-context", validate_without_scope)
    assert any("expected a rejection (out_of_scope)" in reason
               for reason in failed_reasons("ch2-validate-context", validate_without_scope))


def test_a_bool_count_fails_the_form_cell():
    assert not passes("ch2-validate-form", validate_bools_as_ints, hidden=False)


def test_trusting_final_answers_fails_the_context_cell():
    assert passes("ch2-validate-form", validate_without_final_checks)
    assert not passes("ch2-validate-context", validate_without_final_checks, hidden=False)


@pytest.mark.parametrize("wrong", [validate_returning_codes, validate_with_plain_errors])
def test_refusing_the_wrong_way_fails_both_cells(wrong):
    assert not passes("ch2-validate-form", wrong)
    assert not passes("ch2-validate-context", wrong)


def test_crashing_on_a_non_dict_fails():
    assert any("AttributeError" in reason
               for reason in failed_reasons("ch2-validate-form", validate_that_crashes))


def test_a_wrong_code_is_named_in_the_failure():
    def swaps_codes(proposal, state, registry):
        try:
            reference_validate(proposal, state, registry)
        except ProposalRejected as refused:
            if refused.code == "missing_argument":
                raise ProposalRejected("bad_argument", refused.reason) from None
            raise

    assert "rejected with 'bad_argument'; expected 'missing_argument'" in \
        failed_reasons("ch2-validate-form", swaps_codes)


def test_arbitrary_cases_accept_any_of_the_chapters_codes_but_not_others():
    chk = get_check("ch2-validate-context")
    arbitrary = [c for c in chk.all_cases(hidden=True) if c.input["mode"] == "any"]
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


def copied_library_validator():
    namespace: dict = {}
    exec("import copy\nfrom typing import Any\n"
         "from agentloop.controller import FIELDS, FINAL, TOOL, ProposalRejected\n"
         "from agentloop.tools import ARG_TYPES, ToolRegistry, default_registry\n"
         "from agentloop.validation import is_whole_number\n"
         + "\n".join(inspect.getsource(f) for f in (
             controller.validate_proposal, controller._validate_tool_call,
             controller.argument_problem, controller._range, controller._validate_final)),
         namespace)
    return namespace["validate_proposal"]


def validate_why_as_extra_field(proposal, state, registry):
    """The last_step rule only: a why note is still an extra field."""
    controller.validate_proposal(proposal, state, registry)
    if proposal["type"] == "tool" and state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")


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


def validate_why_after_the_tool(proposal, state, registry):
    """Looks at the why note only once the tool call is otherwise valid."""
    if isinstance(proposal, dict) and "why" in proposal:
        bare = {k: v for k, v in proposal.items() if k != "why"}
        reference_validate(bare, state, registry)
    reference_validate(proposal, state, registry)


def visible_table(check_id):
    table = {}
    for case in get_check(check_id).cases():
        table[json.dumps(case.input, sort_keys=True)] = expected_code(case.input)

    def remembers(proposal, state, registry):
        for key, code in table.items():
            data = json.loads(key)
            if data["proposal"] == proposal and data["state"] == state:
                if code:
                    raise ProposalRejected(code, "remembered")
                return None
        return None
    return remembers


@pytest.mark.parametrize("cheat", [controller.validate_proposal, copied_library_validator()],
                         ids=["calls the library", "copies the library's source"])
@pytest.mark.parametrize("check_id", ["ch2-validate-form", "ch2-validate-context"])
def test_the_librarys_validator_earns_nothing(cheat, check_id):
    assert not passes(check_id, cheat)
    assert not passes(check_id, cheat, hidden=False)


@pytest.mark.parametrize("check_id", ["ch2-validate-form", "ch2-validate-context"])
def test_a_table_of_the_visible_cases_earns_nothing(check_id):
    remembers = visible_table(check_id)
    assert passes(check_id, remembers, hidden=False)
    assert not passes(check_id, remembers)


@pytest.mark.parametrize(("wrong", "form", "context"), [
    (validate_why_as_extra_field, False, False),
    (validate_without_last_step, True, False),
    (validate_last_step_first, True, False),
    (validate_last_step_for_finals_too, True, False),
    (validate_why_after_the_tool, False, True),
])
def test_each_revised_rule_and_its_place_is_graded(wrong, form, context):
    assert passes("ch2-validate-form", wrong) is form
    assert passes("ch2-validate-context", wrong) is context


# --- exercise 2: the second tool ------------------------------------------------------------

def tool_adder(description="List the course keys in alphabetical order.", minimum=1, maximum=10,
               run=None, name="list_keys"):
    def add(registry, catalogue):
        registry.add(Tool(name=name, description=description,
                          args={"limit": {"type": "int", "minimum": minimum,
                                          "maximum": maximum}},
                          run=run or (lambda limit: sorted(catalogue)[:limit])))
    return add


@pytest.mark.parametrize(
    ("wrong", "visible_too"),
    [
        (tool_adder(maximum=100), True),
        (tool_adder(minimum=0), True),
        (tool_adder(run=lambda limit: sorted(CATALOGUE)[:limit]), True),  # ignores `catalogue`
        (tool_adder(name="keys"), True),
        (tool_adder(description="keys"), True),
    ],
)
def test_wrong_second_tools_fail(wrong, visible_too):
    assert not passes("ch2-second-tool", wrong)
    assert passes("ch2-second-tool", wrong, hidden=False) is not visible_too


def test_unsorted_keys_fail_on_generated_catalogues():
    def add(registry, catalogue):
        tool_adder(run=lambda limit: list(catalogue)[:limit])(registry, catalogue)

    assert any("expected" in reason for reason in failed_reasons("ch2-second-tool", add))


def test_a_schema_without_bounds_lets_bad_limits_run_and_fails():
    def add(registry, catalogue):
        registry.add(Tool("list_keys", "List the course keys in order.", {"limit": {"type": "int"}},
                          lambda limit: sorted(catalogue)[:limit]))

    reasons = failed_reasons("ch2-second-tool", add)
    assert any("the controller ran it" in reason for reason in reasons)


def test_the_second_tool_hint_does_not_print_the_answer():
    hint = get_check("ch2-second-tool").hint
    assert "sorted(catalogue)" not in hint and "'maximum': 10" not in hint


def test_registering_lookup_twice_is_reported():
    def add(registry, catalogue):
        registry.add(registry["lookup"])

    assert any("already registered" in r for r in failed_reasons("ch2-second-tool", add))


# --- exercise 3: the topics planner ---------------------------------------------------------

def top_topics_of(key, count=3):
    return {"type": "tool", "name": "top_topics", "args": {"key": key, "count": count}}


def finish_with_last(state):
    return {"type": "final", "answer": state["observations"][-1]["result"]}


def invents(state):
    if not state["observations"]:
        return top_topics_of(state["key"])
    return {"type": "final", "answer": ["goals", "tools"]}


def says_unknown(state):
    if not state["observations"]:
        return top_topics_of(state["key"])
    return {"type": "final", "answer": None}


def answers_from_memory(state):
    record = CATALOGUE.get(state["key"])
    return {"type": "final", "answer": None if record is None else record["topics"]}


def topics_of_the_record(state):
    """Looks the record up, then answers its topics: not what was observed."""
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    record = state["observations"][-1]["result"]
    return {"type": "final", "answer": None if record is None else record["topics"]}


def asks_for_two(state):
    if not state["observations"]:
        return top_topics_of(state["key"], 2)
    return finish_with_last(state)


def asks_for_five(state):
    if not state["observations"]:
        return top_topics_of(state["key"], 5)
    return finish_with_last(state)


def looks_twice(state):
    if len(state["observations"]) < 2:
        return top_topics_of(state["key"])
    return finish_with_last(state)


def lowercases(state):
    if not state["observations"]:
        return top_topics_of(state["key"].lower())
    return finish_with_last(state)


def knows_the_chapters_catalogue(state):
    known = {key: record["topics"] for key, record in CATALOGUE.items()}
    if not state["observations"]:
        return top_topics_of(state["key"])
    return {"type": "final", "answer": known.get(state["key"])}


def wraps_plan(state):
    proposal = planners.plan(state)
    if proposal["type"] == "tool":
        return top_topics_of(state["key"])
    return proposal


@pytest.mark.parametrize("wrong", [planners.plan, invents, says_unknown, answers_from_memory,
                                   topics_of_the_record, asks_for_two, asks_for_five,
                                   looks_twice, lowercases, knows_the_chapters_catalogue, blank])
def test_wrong_planners_fail(wrong):
    assert not passes("ch2-planner", wrong)


def test_the_librarys_plan_fails_a_visible_case_too():
    assert not passes("ch2-planner", planners.plan, hidden=False)


def test_a_planner_that_knows_the_chapters_catalogue_passes_only_the_visible_runs_of_it():
    assert not passes("ch2-planner", knows_the_chapters_catalogue, hidden=False)
    reasons = failed_reasons("ch2-planner", knows_the_chapters_catalogue)
    assert reasons and all("final_mismatch" in reason for reason in reasons)


def test_a_wrapper_around_plan_earns_nothing():
    """The check withholds planners.plan while it probes, in a notebook as in the grader."""
    assert not passes("ch2-planner", wraps_plan)
    assert planners.plan in get_check("ch2-planner").withhold


def test_a_refused_proposal_is_named():
    assert any("final_without_observation" in reason
               for reason in failed_reasons("ch2-planner", answers_from_memory))
    assert any("final_mismatch" in reason
               for reason in failed_reasons("ch2-planner", topics_of_the_record))
    assert any("bad_argument" in reason
               for reason in failed_reasons("ch2-planner", asks_for_five))


def test_forged_outputs_do_not_pass_verify():
    """verify replays the proposals itself; a claimed outcome is never trusted."""
    chk = get_check("ch2-planner")
    cases = chk.cases()
    forged = [{"value": {"proposals": [{"type": "final", "answer": ["goals"]}]}}] * len(cases)
    assert not judge(chk, cases, forged).passed
    extra = [{"value": {"proposals": [
        top_topics_of(c.input["key"]),
        {"type": "final", "answer": None},
        {"type": "final", "answer": None}]}} for c in cases]
    assert not judge(chk, cases, extra).passed


def test_non_plain_proposals_are_refused():
    class Proposal(dict):
        pass

    def sneaky(state):
        return Proposal(REFERENCE["topics_planner"](state))

    assert not passes("ch2-planner", sneaky, hidden=False)


def test_planner_runs_use_catalogues_the_chapter_never_shows():
    hidden = [c.input for c in get_check("ch2-planner").all_cases(hidden=True)]
    catalogues = [c["catalogue"] for c in hidden if "catalogue" in c]
    assert len(catalogues) >= 10
    assert any(c["key"] in c.get("catalogue", {}) for c in hidden)


def test_second_tool_outcomes_are_recomputed_from_the_card():
    """A reported refusal that the card's schema would not produce is not believed."""
    chk = get_check("ch2-second-tool")
    cases = chk.cases()
    loose = {"name": "list_keys", "description": "List the course keys in order.",
             "args": {"limit": {"type": "int"}}}
    reference = collect(chk, REFERENCE["add_list_keys"], cases)
    forged = [{"value": dict(out["value"], card=loose)} for out in reference]
    report = judge(chk, cases, forged)
    assert not report.passed
    assert any("does not match what the controller decides" in r.reason
               for r in report.results if not r.passed)
    broken = [{"value": dict(out["value"], card=dict(loose, args={"limit": {"type": "x"}}))}
              for out in reference]
    assert any("not a valid tool definition" in r.reason
               for r in judge(chk, cases, broken).results)


def test_hidden_cases_are_the_same_in_every_process():
    """The grader generates cases in two processes; hash randomisation must not matter."""
    code = ("import json; from agentloop.checks.ch2 import CHECKS; "
            "print(json.dumps([[c.input for c in k.all_cases(hidden=True)] for k in CHECKS]))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=dict(os.environ, PYTHONHASHSEED=seed)).stdout
               for seed in ("1", "2", "3")]
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(outputs[0])
