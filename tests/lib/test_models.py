"""Chapter 3's scripted models: the seed's support rule, and plain playback."""

from __future__ import annotations

import pytest

from agentloop.agent import SYSTEM, run_agent
from agentloop.messages import message, reply, text_block, tool_result_block, tool_use_block
from agentloop.models import (
    THANKS,
    ScriptedModel,
    ScriptExhausted,
    SupportModel,
    intent_of,
    order_number,
)
from agentloop.shop import EXAMPLE_TASKS, TOOLS, Shop


def actions(transcript):
    return [(s.action["name"], s.action["input"]) if s.action else ("answer", s.plan)
            for s in transcript.steps]


@pytest.mark.parametrize(
    ("task", "intent", "order"),
    [
        (EXAMPLE_TASKS["return 1187"], "return", "1187"),
        (EXAMPLE_TASKS["courier 1042"], "courier", "1042"),
        (EXAMPLE_TASKS["compensation 1042"], "compensation", "1042"),  # 20 is not an order
        (EXAMPLE_TASKS["return 1042"], "return", "1042"),
        ("Thanks a lot!", None, None),
        ("I want to RETURN 7777, the courier was rude.", "return", "7777"),
        ("When will 3141 arrive?", "courier", "3141"),
    ],
)
def test_intent_and_order_number(task, intent, order):
    assert intent_of(task) == intent
    assert order_number(task) == order


def test_every_action_comes_after_a_plan_and_ids_count_up():
    transcript = run_agent(SupportModel(), EXAMPLE_TASKS["courier 1042"])
    for step in transcript.steps:
        assert step.plan
    ids = [b["id"] for m in transcript.messages for b in m["content"] if b["type"] == "tool_use"]
    assert ids == ["call_1", "call_2", "call_3", "call_4", "call_5"]


def test_the_model_keeps_no_state_between_calls():
    model = SupportModel()
    history = [message("user", EXAMPLE_TASKS["return 1187"])]
    assert model.create(SYSTEM, history, TOOLS) == model.create(SYSTEM, history, TOOLS)
    first = run_agent(model, EXAMPLE_TASKS["return 1187"])
    again = run_agent(model, EXAMPLE_TASKS["return 1187"])
    assert str(first) == str(again)


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("delivered", [("get_order_status", {"order_id": "4321"}),
                       ("open_return_request", {"order_id": "4321"}),
                       ("answer", "I opened return request R-1 for order 4321. An employee will "
                                  "approve it and write to you.")]),
        ("shipped", [("get_order_status", {"order_id": "4321"}),
                     ("answer", "The order has not been delivered yet. You can return it once "
                                "it arrives.")]),
    ],
)
def test_returns_of_other_orders(status, expected):
    shop = Shop({"4321": {"status": status, "date": "15.11"}})
    transcript = run_agent(SupportModel(), "Can I return order 4321?", shop=shop)
    assert actions(transcript) == expected


def test_compensation_goes_to_a_human_whatever_the_status():
    shop = Shop({"4321": {"status": "delivered", "date": "15.11"}})
    transcript = run_agent(SupportModel(), "I want compensation for 4321.", shop=shop)
    assert actions(transcript)[-1] == ("hand_to_human", {"reason": "compensation for 4321"})


def test_the_courier_question_repeats_until_something_changes():
    undelivered = run_agent(SupportModel(), "When does 5000 arrive?",
                            shop=Shop({"5000": {"status": "shipped", "date": "09.12"}}))
    assert [a for a, _ in actions(undelivered)] == ["estimate_delivery"] * 5
    delivered = run_agent(SupportModel(), "When does 1187 arrive?")
    assert actions(delivered)[-1] == ("answer", "Order 1187 has already been delivered.")


def test_unknown_orders_and_missing_numbers_get_honest_answers():
    unknown = run_agent(SupportModel(), "I want to return order 9999.")
    assert unknown.answer == "I could not do that: no order 9999. Please check the order number."
    assert run_agent(SupportModel(), "I want to return my shoes.").answer.startswith(
        "Which order do you mean?")
    assert run_agent(SupportModel(), "Thank you!").answer == THANKS


def test_scripted_model_plays_back_by_the_history():
    script = [reply([text_block("look"), tool_use_block("a", "get_order_status",
                                                        {"order_id": "1187"})], "tool_use"),
              reply([text_block("bye")], "end_turn")]
    model = ScriptedModel(script)
    transcript = run_agent(model, "x")
    assert [s.plan for s in transcript.steps] == ["look", "bye"]
    assert str(run_agent(model, "x")) == str(transcript)  # reusable: no state kept
    assert transcript.steps[0].tokens > 0  # usage filled in from the estimate


def test_scripted_model_keeps_its_script_whatever_a_caller_changes():
    """Its replies are copies both ways: changing the list it was given, or a reply it
    returned, never changes what it plays back next time."""
    script = [reply([text_block("look"), tool_use_block("a", "get_order_status",
                                                        {"order_id": "1187"})], "tool_use")]
    model = ScriptedModel(script)
    script[0]["content"][1]["input"]["order_id"] = "9999"
    first = model.create("system", [message("user", "x")], [])
    assert first["content"][1]["input"] == {"order_id": "1187"}
    first["content"][1]["input"]["order_id"] = "0000"
    first["content"].append(text_block("added"))
    first["usage"]["input_tokens"] = -1
    again = model.create("system", [message("user", "x")], [])
    assert again["content"][1]["input"] == {"order_id": "1187"}
    assert len(again["content"]) == 2 and again["usage"]["input_tokens"] > 0
    assert again is not first and again["content"] is not first["content"]


def test_scripted_model_runs_out_and_refuses_bad_scripts():
    model = ScriptedModel([reply([text_block("a"), tool_use_block("a", "get_order_status",
                                                                  {"order_id": "1"})],
                                 "tool_use")])
    with pytest.raises(ScriptExhausted, match="the script has 1 replies; reply 2 was asked for"):
        run_agent(model, "x")
    with pytest.raises(ValueError, match="replies must be a non-empty list"):
        ScriptedModel([])
    with pytest.raises(ValueError, match="has no tool_use block"):
        ScriptedModel([reply([text_block("a")], "tool_use")])


def test_tool_results_in_the_history_are_what_the_model_reads():
    history = [message("user", "I want to return order 1187."),
               message("assistant", [tool_use_block("call_1", "get_order_status",
                                                    {"order_id": "1187"})]),
               message("user", [tool_result_block("call_1", "1187 — shipped, delivery date x")])]
    answer = SupportModel().create(SYSTEM, history, TOOLS)
    assert answer["stop_reason"] == "end_turn"  # the model believes the observation
