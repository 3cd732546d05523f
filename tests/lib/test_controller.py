"""Chapter 2's tools and controller: every refusal, every status, the budget, swapping planners."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentloop.controller import (
    REJECTION_CODES,
    ProposalRejected,
    new_state,
    run,
    step,
    validate_proposal,
)
from agentloop.tools import CATALOGUE, Tool, ToolRegistry, default_registry, lookup, topics_tool

AI = {"title": "Applied AI", "topics": ["goals", "tools", "checks"]}


def lookup_of(key):
    return {"type": "tool", "name": "lookup", "args": {"key": key}}


def after_lookup(key="ai"):
    state = new_state(key)
    step(state, lookup_of(key))
    return state


def counting_registry(calls):
    return ToolRegistry([Tool(
        name="lookup", description="counts its calls",
        args={"key": {"type": "str", "min_length": 1, "max_length": 32, "scoped": True}},
        run=lambda key: calls.append(key) or lookup(key),
    )])


def with_int_tool():
    registry = default_registry()
    registry.add(Tool(name="top", description="first topics of a course",
                      args={"key": {"type": "str", "scoped": True},
                            "count": {"type": "int", "minimum": 1, "maximum": 3}},
                      run=lambda key, count: (lookup(key) or {"topics": []})["topics"][:count]))
    return registry


# --- the tool and the registry -------------------------------------------------------------


def test_a_desks_top_topics_bound_is_on_its_card_and_enforced_by_the_controller():
    registry = default_registry()
    registry.add(topics_tool(most=2))
    card = registry.describe()[1]
    assert card["args"]["count"] == {"type": "int", "minimum": 1, "maximum": 2}
    assert "1 to 2" in card["description"]
    with pytest.raises(ProposalRejected) as refused:
        validate_proposal({"type": "tool", "name": "top_topics",
                           "args": {"key": "ai", "count": 3}}, new_state("ai"), registry)
    assert refused.value.code == "bad_argument"


@pytest.mark.parametrize("most", [0, -1, True, 2.0, "3"])
def test_a_desks_bound_is_a_positive_whole_number(most):
    with pytest.raises(ValueError, match="most must be a positive integer"):
        topics_tool(most=most)


# --- every refusal -----------------------------------------------------------------------------

REFUSALS = [
    ("not_a_dict", '{"type": "tool"}', "asked"),
    ("not_a_dict", [lookup_of("ai")], "asked"),
    ("not_a_dict", None, "asked"),
    ("unknown_type", {"type": "shell", "command": "ls"}, "asked"),
    ("unknown_type", {"name": "lookup", "args": {"key": "ai"}}, "asked"),
    ("unknown_type", {"type": ["tool"], "name": "lookup", "args": {"key": "ai"}}, "asked"),
    ("missing_field", {"type": "tool", "name": "lookup"}, "asked"),
    ("missing_field", {"type": "tool", "args": {"key": "ai"}}, "asked"),
    ("missing_field", {"type": "final"}, "looked"),
    ("extra_field", dict(lookup_of("ai"), reason="sure"), "asked"),
    ("extra_field", {"type": "final", "answer": AI, "confidence": 0.9}, "looked"),
    ("unknown_tool", {"type": "tool", "name": "python", "args": {"code": "1"}}, "asked"),
    ("unknown_tool", {"type": "tool", "name": ["lookup"], "args": {"key": "ai"}}, "asked"),
    ("unknown_tool", {"type": "tool", "name": "Lookup", "args": {"key": "ai"}}, "asked"),
    ("missing_argument", {"type": "tool", "name": "lookup", "args": {}}, "asked"),
    ("extra_argument", {"type": "tool", "name": "lookup", "args": {"key": "ai", "k": 1}},
     "asked"),
    ("bad_argument", {"type": "tool", "name": "lookup", "args": ["ai"]}, "asked"),
    ("bad_argument", lookup_of(42), "asked"),
    ("bad_argument", lookup_of(""), "asked"),
    ("bad_argument", lookup_of("x" * 33), "asked"),
    ("out_of_scope", lookup_of("design"), "asked"),
    ("out_of_scope", lookup_of("AI"), "asked"),
    ("final_without_observation", {"type": "final", "answer": AI}, "asked"),
    ("final_without_observation", {"type": "final", "answer": None}, "asked"),
    ("final_mismatch", {"type": "final", "answer": {"title": "Applied AI"}}, "looked"),
    ("final_mismatch", {"type": "final", "answer": None}, "looked"),
]


@pytest.mark.parametrize(("code", "proposal", "when"), REFUSALS,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(REFUSALS)])
def test_each_refusal_has_its_code_and_a_reason(code, proposal, when):
    state = new_state("ai") if when == "asked" else after_lookup("ai")
    with pytest.raises(ProposalRejected) as refused:
        validate_proposal(proposal, state)
    assert refused.value.code == code
    assert refused.value.reason
    assert isinstance(refused.value, ValueError)
    assert str(refused.value).startswith(f"proposal rejected ({code}): ")


def test_every_code_is_exercised():
    assert {code for code, _, _ in REFUSALS} == set(REJECTION_CODES)


@pytest.mark.parametrize(
    ("count", "accepted"),
    [(1, True), (3, True), (0, False), (4, False), (True, False), ("2", False), (2.0, False)],
)
def test_int_arguments_are_exact_ints_within_bounds(count, accepted):
    proposal = {"type": "tool", "name": "top", "args": {"key": "ai", "count": count}}
    if accepted:
        assert validate_proposal(proposal, new_state("ai"), with_int_tool()) is None
    else:
        with pytest.raises(ProposalRejected, match="bad_argument"):
            validate_proposal(proposal, new_state("ai"), with_int_tool())


def test_type_and_bounds_are_checked_before_scope():
    with pytest.raises(ProposalRejected) as refused:
        validate_proposal({"type": "tool", "name": "top", "args": {"key": "design", "count": 9}},
                          new_state("ai"), with_int_tool())
    assert refused.value.code == "bad_argument"


@pytest.mark.parametrize("proposal", [lookup_of("ai"), {"type": "final", "answer": AI}])
def test_valid_proposals_are_accepted(proposal):
    assert validate_proposal(proposal, after_lookup("ai")) is None


def test_none_confirms_an_empty_lookup():
    assert validate_proposal({"type": "final", "answer": None}, after_lookup("robotics")) is None


def test_a_refused_proposal_runs_no_tool_and_changes_nothing():
    calls = []
    registry = counting_registry(calls)
    state = new_state("ai")
    before = copy.deepcopy(state)
    for proposal in (lookup_of("design"), lookup_of(""), {"type": "tool", "name": "lookup",
                                                         "args": {"key": "ai", "x": 1}}):
        with pytest.raises(ProposalRejected):
            step(state, proposal, registry)
    assert calls == [] and state == before
    step(state, lookup_of("ai"), registry)
    assert calls == ["ai"]


def test_a_finished_run_takes_no_more_steps():
    state = after_lookup("ai")
    step(state, {"type": "final", "answer": AI})
    with pytest.raises(RuntimeError, match="already ended with 'done'"):
        step(state, lookup_of("ai"))


# --- statuses, the trace and the budget ------------------------------------------------------

def test_done_returns_the_record_after_one_lookup():
    result = run("ai")
    assert result == {"status": "done", "answer": AI,
                      "trace": [{"tool": "lookup", "input": {"key": "ai"}, "result": AI}]}


def test_unknown_keys_end_unknown_with_no_answer():
    result = run("robotics")
    assert result["status"] == "unknown" and result["answer"] is None
    assert result["trace"] == [{"tool": "lookup", "input": {"key": "robotics"}, "result": None}]


@pytest.mark.parametrize("key", ["ai", "robotics"])
def test_one_step_runs_the_lookup_but_stops(key):
    result = run(key, max_steps=1)
    assert result["status"] == "stopped" and result["answer"] is None
    assert [entry["tool"] for entry in result["trace"]] == ["lookup"]


@pytest.mark.parametrize("max_steps", [2, 3, 5, 50])
def test_two_steps_are_enough(max_steps):
    assert run("design", max_steps=max_steps)["status"] == "done"


@pytest.mark.parametrize("max_steps", [0, -1, True, False, 2.0, "3", None])
def test_max_steps_must_be_a_positive_int(max_steps):
    with pytest.raises(ValueError, match=r"max_steps must be a positive integer, got "):
        run("ai", max_steps=max_steps)


@pytest.mark.parametrize("key", ["", "k" * 33, 7])
def test_bad_keys_are_refused_before_any_step(key):
    with pytest.raises(ValueError, match="key must be a string of 1 to 32 characters"):
        run(key)


def test_the_trace_keeps_the_validated_input_not_the_planners_dict():
    args = {"key": "ai"}

    def sneaky(state):
        if state["observations"]:
            args["key"] = "design"  # changes the planner's dict after it was validated
            return {"type": "final", "answer": state["observations"][-1]["result"]}
        return {"type": "tool", "name": "lookup", "args": args}

    assert run("ai", sneaky)["trace"][0]["input"] == {"key": "ai"}


def test_the_planner_sees_a_copy_and_cannot_fake_an_observation():
    def forger(state):
        state["observations"].append({"tool": "lookup", "input": {"key": "ai"},
                                      "result": {"title": "Forged"}})
        return {"type": "final", "answer": {"title": "Forged"}}

    with pytest.raises(ProposalRejected) as refused:
        run("ai", forger)
    assert refused.value.code == "final_without_observation"


# --- swapping planners -------------------------------------------------------------------------


def test_a_custom_planner_and_registry_plug_in():
    registry = default_registry()
    registry.add(Tool("list_keys", "catalogue keys in order", {"limit": {
        "type": "int", "minimum": 1, "maximum": 10}}, lambda limit: sorted(CATALOGUE)[:limit]))

    def lister(state):
        if not state["observations"]:
            return {"type": "tool", "name": "list_keys", "args": {"limit": 1}}
        if len(state["observations"]) == 1:
            return lookup_of(state["key"])
        return {"type": "final", "answer": state["observations"][-1]["result"]}

    result = run("design", lister, registry=registry)
    assert result["status"] == "done"
    assert [(t["tool"], t["result"]) for t in result["trace"]] == [
        ("list_keys", ["ai"]), ("lookup", CATALOGUE["design"])]


# --- property: arbitrary dicts ---------------------------------------------------------------

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False)
    | st.text(max_size=40) | st.sampled_from(["ai", "design", "lookup", "tool", "final", "key"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["key", "count", "type", "x"]), inner, max_size=3),
    max_leaves=8,
)
key_values = st.sampled_from(["ai", "design", "robotics", "", "x" * 33]) | plain
tool_calls = st.fixed_dictionaries(
    {"type": st.just("tool"), "name": st.sampled_from(["lookup", "top", "python"]),
     "args": st.fixed_dictionaries({"key": key_values},
                                   optional={"count": st.integers(-1, 5) | plain, "x": plain})},
    optional={"note": plain},
)
finals = st.fixed_dictionaries({"type": st.just("final"),
                                "answer": st.sampled_from([None, AI]) | plain},
                               optional={"note": plain})
shapeless = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["tool", "final"]) | plain,
        "name": st.sampled_from(["lookup", "top"]) | plain,
        "args": st.dictionaries(st.sampled_from(["key", "count", "x"]),
                                st.sampled_from(["ai", "design", ""]) | st.integers(-1, 5)
                                | plain, max_size=3) | plain,
        "answer": st.sampled_from([None, AI]) | plain,
        "note": plain,
    },
)


def _must_be_valid(proposal, state, registry):
    """An independent statement of the rules, for what is accepted."""
    if not isinstance(proposal, dict) or proposal.get("type") not in ("tool", "final"):
        return False
    if proposal["type"] == "final":
        return set(proposal) == {"type", "answer"} and bool(state["observations"]) and \
            proposal["answer"] == state["observations"][-1]["result"]
    if set(proposal) != {"type", "name", "args"} or proposal["name"] not in registry:
        return False
    args, schema = proposal["args"], registry[proposal["name"]].args
    if not isinstance(args, dict) or set(args) != set(schema):
        return False
    if "count" in schema and not (type(args["count"]) is int and 1 <= args["count"] <= 3):
        return False
    return args["key"] == state["key"]


@settings(max_examples=400, deadline=None)
@given(proposal=tool_calls | finals | shapeless | plain, looked=st.booleans(),
       key=st.sampled_from(["ai", "design", "robotics"]))
def test_arbitrary_proposals_are_refused_with_a_code_or_accepted_only_if_valid(proposal, looked,
                                                                               key):
    state = after_lookup(key) if looked else new_state(key)
    registry = with_int_tool()
    try:
        validate_proposal(proposal, state, registry)
    except ProposalRejected as refused:
        assert refused.code in REJECTION_CODES and refused.reason
        assert not _must_be_valid(proposal, state, registry)
    else:
        assert _must_be_valid(proposal, state, registry)


def test_a_refusal_survives_pickling_and_copying():
    refusal = ProposalRejected("out_of_scope", "lookup's key must be 'ai'")
    for clone in (pickle.loads(pickle.dumps(refusal)), copy.deepcopy(refusal)):
        assert (clone.code, clone.reason, str(clone)) == (refusal.code, refusal.reason,
                                                         str(refusal))
