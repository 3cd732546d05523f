"""Guard names: one reader, `parse_guard`, for the command line, agent.json and the officer."""

from __future__ import annotations

import re

import pytest

from agentloop.duty.officer import guards_from
from agentloop.duty.workspace import WorkspaceError, checked_setting
from agentloop.guards import UnknownGuard, parse_guard, repeated_action

REPEATED_STEPS = [{"tool": "t", "input": {}, "is_error": False, "tokens": 1}] * 2


def test_repeated_and_a_token_budget_are_the_two_names():
    assert parse_guard("repeated") is repeated_action
    budget = parse_guard("tokens=120")
    assert budget([{"tokens": 121}]) == "token budget passed (121 > 120) → to an employee"
    assert budget([{"tokens": 120}]) is None


@pytest.mark.parametrize("text", ["tokens=", "tokens=x", "tokens=-3", "tokens= 5", "tokens=٥",
                                  "polite", "", "Repeated", 5, None])
def test_anything_else_names_no_guard(text):
    with pytest.raises(UnknownGuard, match=r"unknown guard|takes a whole number"):
        parse_guard(text)


def test_a_whole_number_out_of_range_is_the_budgets_own_error():
    with pytest.raises(ValueError, match="budget must be an integer from 1 to 100000") as raised:
        parse_guard("tokens=0")
    assert not isinstance(raised.value, UnknownGuard)


def test_the_officer_reads_the_same_names_and_lets_a_retry_repeat():
    repeated, budget = guards_from(["repeated", "tokens=50"])
    assert repeated(REPEATED_STEPS) is not None
    assert repeated([dict(REPEATED_STEPS[0], is_error=True), REPEATED_STEPS[1]]) is None
    assert budget([{"tokens": 51}]) is not None
    with pytest.raises(UnknownGuard, match="unknown guard 'polite'"):
        guards_from(["polite"])


@pytest.mark.parametrize(("value", "message"), [
    (["polite"], "guards[0] is 'polite'; a guard is 'repeated' or 'tokens=N'"),
    (["tokens=x"], "guards[0] is 'tokens=x'; a guard is 'repeated' or 'tokens=N'"),
    (["repeated", "tokens=0"], "guards[1]: budget must be an integer from 1 to 100000"),
    (["repeated", "repeated"], "guards names a guard twice"),
])
def test_agent_json_says_which_guard_is_wrong(value, message):
    with pytest.raises(WorkspaceError, match=re.escape(message)):
        checked_setting("agent.json", "guards", value)
    assert checked_setting("agent.json", "guards", ["repeated", "tokens=9"]) == (
        "repeated", "tokens=9")


def test_a_banner_names_each_guard_in_words():
    from agentloop.guards import guard_label

    assert [guard_label(g) for g in ("repeated", "tokens=4000")] == [
        "repeated action", "token budget 4000"]
