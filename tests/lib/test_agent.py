"""Chapter 3's loop: five named exits, guards before actions, limits, and the log."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentloop.agent import (
    ANSWERED,
    EXITS,
    GUARDED,
    HANDED_OVER,
    MODEL_STOPPED,
    STEP_LIMIT,
    Transcript,
    run_agent,
)
from agentloop.guards import REPEATED, parse_guard, repeated_action, token_budget
from agentloop.messages import reply, text_block, tool_use_block
from agentloop.models import ScriptedModel, SupportModel
from agentloop.shop import EXAMPLE_TASKS

RETURN, COURIER = EXAMPLE_TASKS["return 1187"], EXAMPLE_TASKS["courier 1042"]
COMPENSATION, UNDELIVERED = EXAMPLE_TASKS["compensation 1042"], EXAMPLE_TASKS["return 1042"]


def executed(transcript):
    return [s.action["name"] for s in transcript.steps if s.observation is not None]


@pytest.mark.parametrize(
    ("task", "exit_", "ended_on", "ran", "pending"),
    [
        (RETURN, "end_turn", 3, ["get_order_status", "open_return_request"],
         [{"id": "R-1", "order_id": "1187"}]),
        (COURIER, "max_steps", 5, ["estimate_delivery"] * 5, []),
        (COMPENSATION, "hand_to_human", 2, ["get_order_status"], []),
        (UNDELIVERED, "end_turn", 2, ["get_order_status"], []),
    ],
)
def test_the_four_seed_conversations(task, exit_, ended_on, ran, pending):
    transcript = run_agent(SupportModel(), task)
    assert (transcript.exit, transcript.ended_on, executed(transcript), transcript.pending) == \
        (exit_, ended_on, ran, pending)


def test_hand_to_human_is_an_exit_not_an_action():
    transcript = run_agent(SupportModel(), COMPENSATION)
    last = transcript.steps[-1]
    assert last.action["name"] == "hand_to_human" and last.observation is None
    assert transcript.reason == "compensation for 1042"
    assert transcript.lines()[-1] == "  stopping: needs a human — compensation for 1042"
    assert transcript.answer is None


def test_the_answer_is_the_last_steps_text():
    transcript = run_agent(SupportModel(), RETURN)
    assert transcript.answer == ("I opened return request R-1 for order 1187. An employee will "
                                 "approve it and write to you.")
    assert transcript.pending_line() == "pending approval: R-1 for 1187"
    assert run_agent(SupportModel(), COURIER).pending_line() is None


def test_the_history_holds_plans_actions_and_observations_in_order():
    transcript = run_agent(SupportModel(), RETURN)
    roles = [m["role"] for m in transcript.messages]
    assert roles == ["user", "assistant", "user", "assistant", "user"]
    kinds = [[b["type"] for b in m["content"]] for m in transcript.messages]
    assert kinds == [["text"], ["text", "tool_use"], ["tool_result"], ["text", "tool_use"],
                     ["tool_result"]]
    assert transcript.messages[2]["content"][0]["tool_use_id"] == "call_1"


def test_each_request_resends_the_history_so_tokens_grow():
    tokens = run_agent(SupportModel(), COURIER).tokens
    assert tokens == sorted(tokens) and len(set(tokens)) == 5


def test_repeated_guard_stops_the_courier_at_step_2_without_the_second_call():
    transcript = run_agent(SupportModel(), COURIER, guards=[repeated_action])
    assert transcript.exit == GUARDED and transcript.reason == REPEATED
    assert transcript.ended_on == 2
    assert executed(transcript) == ["estimate_delivery"]
    assert transcript.lines()[-1] == "  stopping: same action twice → to an employee"


def test_token_guard_stops_the_courier_at_step_3():
    # 101 + 124 = 225 ≤ 300; + 143 = 368 > 300 (the figures the chapter states).
    assert run_agent(SupportModel(), COURIER).tokens[:3] == [101, 124, 143]
    transcript = run_agent(SupportModel(), COURIER, guards=[token_budget(300)])
    assert transcript.ended_on == 3 and executed(transcript) == ["estimate_delivery"] * 2
    assert transcript.exit == GUARDED
    assert transcript.reason == "token budget passed (368 > 300) → to an employee"
    assert run_agent(SupportModel(), COURIER, guards=[token_budget(225)]).ended_on == 3
    assert run_agent(SupportModel(), COURIER, guards=[token_budget(224)]).ended_on == 2


def test_guards_do_not_stop_answers_or_hand_overs():
    budget = token_budget(1)
    assert run_agent(SupportModel(), "Thanks!", guards=[budget]).exit == "end_turn"
    compensation = run_agent(SupportModel(), COMPENSATION, guards=[repeated_action])
    assert compensation.exit == "hand_to_human"


def test_the_first_objection_wins():
    transcript = run_agent(SupportModel(), COURIER, guards=[repeated_action, token_budget(10)])
    assert transcript.ended_on == 1 and transcript.reason.startswith("token budget passed")


def test_a_guard_sees_plain_steps():
    seen = []

    def spy(steps):
        seen.append(steps)

    run_agent(SupportModel(), RETURN, guards=[spy])
    assert seen[1] == [
        {"step": 1, "plan": "First I check whether the order has been delivered.",
         "tool": "get_order_status", "input": {"order_id": "1187"}, "tokens": 104,
         "reply_tokens": 14, "observation": "1187 — delivered, delivery date 26.10",
         "is_error": False},
        {"step": 2, "plan": "It is delivered. I am opening a return request.",
         "tool": "open_return_request", "input": {"order_id": "1187"}, "tokens": 126,
         "reply_tokens": 14, "observation": None, "is_error": None},
    ]


def test_each_step_keeps_what_was_sent_and_what_came_back():
    transcript = run_agent(SupportModel(), COURIER)
    assert transcript.tokens[:3] == [101, 124, 143]
    assert transcript.reply_tokens == [r["usage"]["output_tokens"] for r in transcript.replies]
    assert transcript.reply_tokens[:3] == [12, 9, 9]


def test_a_guard_cannot_change_the_run_by_editing_what_it_sees():
    def vandal(steps):
        steps[0]["input"]["order_id"] = "0000"
        steps.clear()

    transcript = run_agent(SupportModel(), RETURN, guards=[vandal])
    assert transcript.exit == "end_turn" and transcript.pending[0]["order_id"] == "1187"


@pytest.mark.parametrize("bad", [True, False, 1.0, 1.5, 42, "   ", [], {}])
def test_a_guard_must_return_none_or_a_reason(bad):
    with pytest.raises(ValueError, match="a guard returns None or a reason"):
        run_agent(SupportModel(), RETURN, guards=[lambda steps: bad or ""])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_steps": 0}, "max_steps must be an integer from 1 to 5, got 0"),
        ({"max_steps": 6}, "max_steps must be an integer from 1 to 5, got 6"),
        ({"max_steps": True}, "max_steps must be an integer from 1 to 5, got True"),
        ({"max_steps": "5"}, "max_steps must be an integer from 1 to 5, got '5'"),
        ({"max_steps": 2.0}, "max_steps must be an integer from 1 to 5, got 2.0"),
        ({"task": ""}, "task must be a non-empty str, got ''"),
        ({"task": None}, "task must be a non-empty str, got None"),
        ({"guards": repeated_action}, "guards must be a list or tuple of callables"),
        ({"guards": ["repeated"]}, "guards must be a list or tuple of callables"),
    ],
)
def test_bad_arguments_are_refused(kwargs, message):
    arguments = {"task": RETURN, **kwargs}
    with pytest.raises(ValueError, match=message):
        run_agent(SupportModel(), **arguments)


@pytest.mark.parametrize("max_steps", [1, 2, 3, 4])
def test_a_smaller_limit_ends_the_courier_earlier(max_steps):
    transcript = run_agent(SupportModel(), COURIER, max_steps)
    assert (transcript.exit, transcript.ended_on) == ("max_steps", max_steps)
    assert transcript.lines()[-1] == \
        f"  stopping: {max_steps} steps without an answer → to an employee"


def test_a_return_cut_short_keeps_its_request_pending():
    transcript = run_agent(SupportModel(), RETURN, max_steps=2)
    assert transcript.exit == "max_steps" and transcript.pending_line() == \
        "pending approval: R-1 for 1187"


def test_a_live_models_other_stop_reason_ends_the_run_honestly():
    model = ScriptedModel([reply([text_block("The order is")], "max_tokens")])
    transcript = run_agent(model, RETURN)
    assert transcript.exit == MODEL_STOPPED and transcript.reason == "max_tokens"
    assert transcript.answer is None
    assert transcript.lines()[-2:] == ["  step 1. end: The order is",
                                       "  stopping: the model stopped (max_tokens)"]


def test_parse_guard():
    assert parse_guard("repeated") is repeated_action
    assert parse_guard("tokens=120")([{"tokens": 121}]) is not None
    for bad, message in (("tokens=", "unknown guard"), ("tokens=x", "takes a whole number"),
                         ("tokens=0", "budget must be an integer from 1"), ("nope", "unknown")):
        with pytest.raises(ValueError, match=message):
            parse_guard(bad)
    with pytest.raises(ValueError, match="budget must be an integer"):
        token_budget(True)


action = st.tuples(st.sampled_from(["get_order_status", "estimate_delivery",
                                    "open_return_request", "refund_money", "hand_to_human"]),
                   st.sampled_from(["1187", "1042", "9999"]))
script = st.lists(st.one_of(action, st.just(None)), min_size=1, max_size=7)


def replies_for(plan):
    out = []
    for number, item in enumerate(plan, start=1):
        if item is None:
            out.append(reply([text_block(f"answer {number}")], "end_turn"))
            continue
        name, order = item
        tool_input = {"reason": order} if name == "hand_to_human" else {"order_id": order}
        out.append(reply([text_block(f"plan {number}"),
                          tool_use_block(f"call_{number}", name, tool_input)], "tool_use"))
    return out


@settings(max_examples=150, deadline=None)
@given(plan=script, max_steps=st.integers(1, 5), guarded=st.booleans())
def test_any_script_ends_within_the_limit_with_a_named_exit(plan, max_steps, guarded):
    plan = plan + [None] * max_steps  # the script must not run dry before the limit
    guards = [repeated_action] if guarded else []
    transcript = run_agent(ScriptedModel(replies_for(plan)), "a task", max_steps, guards)
    assert 1 <= transcript.ended_on <= max_steps
    assert transcript.exit in EXITS
    assert all(s.action is not None for s in transcript.steps[:-1])
    not_run = [s for s in transcript.steps if s.action and s.observation is None]
    assert not_run == ([] if transcript.exit in (ANSWERED, STEP_LIMIT)
                       else [transcript.steps[-1]])
    assert (transcript.exit == GUARDED) == (transcript.reason == REPEATED)
    assert "hand_to_human" not in [s.action["name"] for s in transcript.steps
                                   if s.observation is not None]
    assert transcript.lines()[0] == "task: a task"


def test_the_exits_are_a_closed_set_with_named_constants():
    assert EXITS == (ANSWERED, STEP_LIMIT, HANDED_OVER, GUARDED, MODEL_STOPPED)
    assert EXITS == ("end_turn", "max_steps", "hand_to_human", "guard", "model_stopped")
    with pytest.raises(ValueError, match="exit must be one of end_turn, max_steps"):
        Transcript("a task", [], "same action twice", "same action twice")


def test_a_guards_text_is_the_reason_never_the_exit():
    transcript = run_agent(SupportModel(), COURIER, guards=[lambda steps: "over my budget"])
    assert (transcript.exit, transcript.reason) == (GUARDED, "over my budget")
    assert transcript.lines()[-1] == "  stopping: over my budget"
