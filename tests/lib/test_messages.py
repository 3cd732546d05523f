"""Chapter 3's messages: provider-style blocks, replies, and what the loop refuses."""

from __future__ import annotations

import pytest

from agentloop.messages import (
    describe_action,
    input_tokens_of,
    message,
    output_tokens_of,
    reply,
    text_block,
    text_of,
    tool_result_block,
    tool_use_block,
    tool_use_of,
    tool_uses_of,
    validate_reply,
)


def test_blocks_have_the_provider_shapes():
    assert text_block("hi") == {"type": "text", "text": "hi"}
    assert tool_use_block("call_1", "get_order_status", {"order_id": "1187"}) == {
        "type": "tool_use", "id": "call_1", "name": "get_order_status",
        "input": {"order_id": "1187"}}
    assert tool_result_block("call_1", "no order 9", is_error=True) == {
        "type": "tool_result", "tool_use_id": "call_1", "content": "no order 9", "is_error": True}


def test_a_reply_carries_content_stop_reason_and_usage():
    answer = reply([text_block("Done.")], "end_turn", 10, 2)
    assert "usage" not in reply([], "end_turn")
    assert answer == {"type": "message", "role": "assistant",
                      "content": [{"type": "text", "text": "Done."}],
                      "stop_reason": "end_turn",
                      "usage": {"input_tokens": 10, "output_tokens": 2}}


def test_a_string_message_becomes_one_text_block():
    assert message("user", "I want to return 1187.") == {
        "role": "user", "content": [{"type": "text", "text": "I want to return 1187."}]}
    with pytest.raises(ValueError, match="role must be one of user, assistant, got 'system'"):
        message("system", "x")


def test_plan_and_action_are_found_in_one_reply():
    use = tool_use_block("call_2", "estimate_delivery", {"order_id": "1042"})
    asked = reply([text_block("I ask the courier."), use], "tool_use")
    assert text_of(asked) == "I ask the courier."
    assert tool_use_of(asked) == use
    assert tool_use_of(reply([text_block("x")], "end_turn")) is None
    assert describe_action(use) == "estimate_delivery(1042)"
    assert describe_action(tool_use_block("c", "hand_to_human", {"reason": "money"})) == \
        "hand_to_human(money)"


def test_several_actions_in_one_reply_are_found_in_order():
    first = tool_use_block("call_1", "get_order_status", {"order_id": "1187"})
    second = tool_use_block("call_2", "get_order_status", {"order_id": "1042"})
    asked = reply([text_block("Both orders."), first, second], "tool_use")
    assert tool_uses_of(asked) == [first, second] and tool_use_of(asked) == first
    assert tool_uses_of(reply([text_block("x")], "end_turn")) == []


def test_a_reply_reports_both_sizes_or_none():
    assert (input_tokens_of(reply([], "end_turn", 10, 2)),
            output_tokens_of(reply([], "end_turn", 10, 2))) == (10, 2)
    assert (input_tokens_of(reply([], "end_turn")), output_tokens_of(reply([], "end_turn"))) == \
        (0, 0)


@pytest.mark.parametrize(
    ("value", "message_part"),
    [
        ("text", "a model reply must be a dict, got str"),
        ({"content": "hi", "stop_reason": "end_turn"}, "content must be a list of blocks"),
        ({"content": [{"type": "image"}], "stop_reason": "end_turn"}, "unknown block type"),
        ({"content": [], "stop_reason": ""}, "needs a stop_reason"),
        ({"content": [text_block("x")], "stop_reason": "tool_use"}, "has no tool_use block"),
        ({"content": [{"type": "tool_use", "id": "c", "name": "t", "input": "1187"}],
          "stop_reason": "tool_use"}, "needs a name (str) and an input (dict)"),
        ({"content": [], "stop_reason": "end_turn",
          "usage": {"input_tokens": 3, "output_tokens": "2"}}, "output_tokens (an int)"),
    ],
)
def test_malformed_replies_are_refused_with_the_reason(value, message_part):
    with pytest.raises(ValueError, match=message_part.replace("(", r"\(").replace(")", r"\)")):
        validate_reply(value)
