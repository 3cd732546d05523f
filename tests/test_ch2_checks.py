"""Chapter 2's exercise checks: right answers pass, blank and subtly wrong ones fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from agentloop.checks import collect, get_check, judge, run_check
from agentloop.checks.ch2 import CHECKS, REFERENCE
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
    obj = {} if chk.symbol == "budget_answer" else blank
    report = run_check(chk, obj, hidden=True)
    assert not report.passed
    assert all(not r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_hidden_cases_are_generated_and_reproducible(chk):
    assert [c.input for c in chk.cases(hidden=True)] == [c.input for c in chk.cases(hidden=True)]
    if chk.id != "ch2-budget":
        assert len(chk.cases(hidden=True)) > 2 * len(chk.cases())
        assert chk.cases(hidden=True, seed=1) != chk.cases(hidden=True, seed=2)


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
    arbitrary = [c for c in chk.cases(hidden=True) if c.input["mode"] == "any"]
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


def test_registering_lookup_twice_is_reported():
    def add(registry, catalogue):
        registry.add(registry["lookup"])

    assert any("already registered" in r for r in failed_reasons("ch2-second-tool", add))


# --- exercise 3: the planner -------------------------------------------------------------------

def invents(state):
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    return {"type": "final", "answer": {"title": state["key"].title()}}


def says_unknown(state):
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    return {"type": "final", "answer": None}


def answers_from_memory(state):
    return {"type": "final", "answer": CATALOGUE.get(state["key"])}


def looks_twice(state):
    if len(state["observations"]) < 2:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    return {"type": "final", "answer": state["observations"][-1]["result"]}


def lowercases(state):
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"].lower()}}
    return {"type": "final", "answer": state["observations"][-1]["result"]}


@pytest.mark.parametrize("wrong", [invents, says_unknown, answers_from_memory, looks_twice,
                                   lowercases, blank])
def test_wrong_planners_fail(wrong):
    assert not passes("ch2-planner", wrong)


def test_a_refused_proposal_is_named():
    assert any("final_without_observation" in reason
               for reason in failed_reasons("ch2-planner", answers_from_memory))


def test_forged_outputs_do_not_pass_verify():
    """verify replays the proposals itself; a claimed outcome is never trusted."""
    chk = get_check("ch2-planner")
    cases = chk.cases()
    record = CATALOGUE["ai"]
    forged = [{"value": {"proposals": [{"type": "final", "answer": record}]}}] * len(cases)
    assert not judge(chk, cases, forged).passed
    extra = [{"value": {"proposals": [
        {"type": "tool", "name": "lookup", "args": {"key": c.input["key"]}},
        {"type": "final", "answer": CATALOGUE.get(c.input["key"])},
        {"type": "final", "answer": None}]}} for c in cases]
    assert not judge(chk, cases, extra).passed


def test_non_plain_proposals_are_refused():
    class Proposal(dict):
        pass

    def sneaky(state):
        return Proposal(REFERENCE["my_planner"](state))

    assert not passes("ch2-planner", sneaky, hidden=False)


# --- the one-step budget ------------------------------------------------------------------------

GOOD_WHY = REFERENCE["budget_answer"]["why"]


@pytest.mark.parametrize(
    "answer",
    [
        {"status": "done", "why": GOOD_WHY},
        {"status": "unknown", "why": GOOD_WHY},
        {"status": "stopped", "why": "because"},
        {"status": "stopped", "why": "the lookup returned the record but it was cut"},
        {"status": "stopped", "why": "there was only one step for the whole run here"},
    ],
)
def test_wrong_budget_answers_fail_when_graded(answer):
    assert not passes("ch2-budget", answer)


def test_the_visible_budget_check_only_checks_the_shape():
    assert passes("ch2-budget", {"status": "done", "why": GOOD_WHY}, hidden=False)
    assert not passes("ch2-budget", {"status": "finished", "why": GOOD_WHY}, hidden=False)
    assert passes("ch2-budget", {"status": "stopped", "why": "One step: the lookup ate the "
                                 "budget, no final answer."})


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
            "print(json.dumps([[c.input for c in k.cases(hidden=True)] for k in CHECKS]))")
    outputs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=dict(os.environ, PYTHONHASHSEED=seed)).stdout
               for seed in ("1", "2", "3")]
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(outputs[0])
