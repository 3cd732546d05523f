"""Chapter 3: models that stand where a live model will sit — offline and deterministic.

Every model here implements chapter 3's `Model` contract (`agentloop.model_contract`), the
method a live model adapter has too (see `agentloop.live`):

    create(system, messages, tools) -> reply

and keeps no memory between calls: like a live model, it knows only what the request
sends, so the same history always gets the same reply.

- `SupportModel` plays the shop's support agent: it reads the task and the observations
  in the history and picks the next step by a fixed rule (below).
- `ScriptedModel(replies)` plays back a list of replies, one per step, for tests and
  exercises.
"""

from __future__ import annotations

import re

from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    Block,
    Message,
    Reply,
    ToolDefinition,
    reply,
    text_block,
    text_of,
    tool_use_block,
    validate_reply,
)
from agentloop.model_contract import Model
from agentloop.plain import copy_plain
from agentloop.shop import ESTIMATE_DELIVERY, GET_ORDER_STATUS, HAND_TO_HUMAN, OPEN_RETURN_REQUEST
from agentloop.token_estimate import reply_tokens, request_tokens

RETURN, COMPENSATION, COURIER = "return", "compensation", "courier"
# Tried in this order: "return 1042, the courier was late" is a return.
INTENTS = (
    (RETURN, re.compile(r"\breturn", re.I)),
    (COMPENSATION, re.compile(r"\bcompensat", re.I)),
    (COURIER, re.compile(r"\bcourier|\barriv", re.I)),
)
ORDER_NUMBER = re.compile(r"\b\d{4}\b")  # the shop's order numbers have four digits
REQUEST_ID = re.compile(r"\bR-\d+\b")

THANKS = "You're welcome! Write to us if you have a question."
ASK_FOR_NUMBER = "Which order do you mean? Please send me its four-digit number."
NOT_DELIVERED = "The order has not been delivered yet. You can return it once it arrives."


def intent_of(task: str) -> str | None:
    """`return`, `compensation`, `courier`, or None for anything else."""
    for name, pattern in INTENTS:
        if pattern.search(task):
            return name
    return None


def order_number(task: str) -> str | None:
    """The first four-digit number in the task (20 EUR is not an order)."""
    match = ORDER_NUMBER.search(task)
    return match[0] if match else None


def tool_results(messages: list[Message]) -> list[Block]:
    """Every observation in the history, oldest first."""
    return [block for m in messages for block in m["content"]
            if block.get("type") == "tool_result"]


class SupportModel(Model):
    """The support agent's scripted model.

    The rule, per intent (the order number is the task's first four-digit number):

    - return: ask for the status; if delivered, open a return request, then answer with the
      request's number; if not delivered, answer that it cannot be returned yet;
    - compensation: ask for the status, then hand to a human (money is an employee's call);
    - courier question: ask `estimate_delivery`, and ask again every step while nothing
      changes — the loop must stop it;
    - anything else: thank the customer.

    An error observation (an unknown order) ends with an answer that says so. Every action
    comes with a plan: a text block before the tool_use block.
    """

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        task = text_of(messages[0])
        results = tool_results(messages)
        content = self._next(task, results, _count_tool_uses(messages) + 1)
        stop_reason = TOOL_USE if any(b["type"] == TOOL_USE for b in content) else END_TURN
        return reply(content, stop_reason, request_tokens(system, messages, tools),
                     reply_tokens(content))

    def _next(self, task: str, results: list[Block], call: int) -> list[Block]:
        intent, order = intent_of(task), order_number(task)
        if intent is None:
            return [text_block(THANKS)]
        if order is None:
            return [text_block(ASK_FOR_NUMBER)]
        last = results[-1] if results else None
        if last is not None and last["is_error"]:
            return [text_block(f"I could not do that: {last['content']}. "
                               "Please check the order number.")]
        if intent == RETURN:
            if last is None:
                return _act(call, "First I check whether the order has been delivered.",
                            GET_ORDER_STATUS, order_id=order)
            if len(results) == 1 and " — delivered" in last["content"]:
                return _act(call, "It is delivered. I am opening a return request.",
                            OPEN_RETURN_REQUEST, order_id=order)
            if len(results) == 1:
                return [text_block(NOT_DELIVERED)]
            request = REQUEST_ID.search(last["content"])
            return [text_block(f"I opened return request {request[0] if request else '?'} "
                               f"for order {order}. An employee will approve it and write "
                               "to you.")]
        if intent == COMPENSATION:
            if last is None:
                return _act(call, "I check the order.", GET_ORDER_STATUS, order_id=order)
            return _act(call, "Compensation is for an employee to decide, not for me.",
                        HAND_TO_HUMAN, reason=f"compensation for {order}")
        # The courier question: nothing new ever arrives, and this model keeps asking.
        if last is not None and "already delivered" in last["content"]:
            return [text_block(f"Order {order} has already been delivered.")]
        plan = "I ask the courier for the date." if last is None else "No change. I ask again."
        return _act(call, plan, ESTIMATE_DELIVERY, order_id=order)


class ScriptExhausted(RuntimeError):
    """A ScriptedModel was asked for more replies than its script holds."""


class ScriptedModel(Model):
    """Plays back `replies`: the first for the first request, and so on.

    Which reply comes next is read from the history (how many assistant messages it
    holds), so the model keeps no state and can be reused for another run. A reply
    without `usage` gets the words × 1.3 estimate of the request.
    """

    def __init__(self, replies: list[Reply]) -> None:
        if not isinstance(replies, list | tuple) or not replies:
            raise ValueError(f"replies must be a non-empty list of replies, got {replies!r}")
        # replies are plain JSON-like data: copy_plain copies them deeply, as deepcopy did, at
        # a fraction of its cost (chapter 3's probes spent some 40% of a job in deepcopy)
        self.replies = [validate_reply(copy_plain(r)) for r in replies]

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        index = sum(m["role"] == "assistant" for m in messages)
        if index >= len(self.replies):
            raise ScriptExhausted(f"the script has {len(self.replies)} replies; "
                                  f"reply {index + 1} was asked for")
        chosen = copy_plain(self.replies[index])  # a caller may change it: the script never
        chosen.setdefault("type", "message")
        chosen.setdefault("role", "assistant")
        chosen.setdefault("usage", {"input_tokens": request_tokens(system, messages, tools),
                                    "output_tokens": reply_tokens(chosen["content"])})
        return chosen


def _act(call: int, plan: str, tool: str, **tool_input: str) -> list[Block]:
    """A plan (text) and one action (tool_use) in one reply."""
    return [text_block(plan), tool_use_block(f"call_{call}", tool, tool_input)]


def _count_tool_uses(messages: list[Message]) -> int:
    return sum(block.get("type") == TOOL_USE for m in messages for block in m["content"])
