"""Chapter 5: who proposes the duty officer's next action — chapter 3's model contract.

A planner is a model: `create(system, messages, tools) -> reply`, exactly as in chapter 3
(`agentloop.model_contract.Model`), so the authored scenario and a live model
(`agentloop.live.LiveModel`) are interchangeable.
The officer turns the reply into a chapter 2 proposal with `proposal_of`:

    a tool_use block      -> {"type": "tool", "name": ..., "args": {...}}
    an answer in words    -> {"type": "final", "answer": "..."}   (the dispatcher refuses it:
                                                                 an answer comes only from
                                                                 draft_summary)
    a malformed reply     -> None                                 (refused as not_a_dict)

`DutyModel` plays the authors' "success" scenario: read every page of the search, validate
the one match, draft its summary. Like chapter 3's models it keeps no memory between calls:
it reads the query from the task message and the observations from the history, so the
same history always gets the same reply.
"""

from __future__ import annotations

import json
import re
from typing import Any

from agentloop.duty.board_tools import DRAFT_SUMMARY, READ_TASK_CARDS, VALIDATE_TASK_CARD
from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    Block,
    Message,
    Reply,
    ToolDefinition,
    ToolUseBlock,
    reply,
    text_block,
    text_of,
    tool_use_block,
    tool_use_of,
    validate_reply,
)
from agentloop.model_contract import Model
from agentloop.proposals import Proposal
from agentloop.token_estimate import reply_tokens, request_tokens

SCENARIO = "success"
SCENARIO_ROUTE = "read every page, validate the match, draft its summary"
SYSTEM = ("You are the duty officer of a project office. You answer questions about the "
          "office's task board with the tools only: search every page, validate the card "
          "you found, then draft its summary. Never guess a card: if the search finds none "
          "or several, stop and say so.")
QUERY_LINE = re.compile(r"^Query: (.+)$", re.M)


def task_message(goal: str, query: str, answer: str | None = None,
                 question: str | None = None, chosen: str | None = None) -> str:
    """The first user message of a run: the goal, the query and, if any, the person's answer
    (and the card it names, when the answer was in words)."""
    lines = [f"Goal: {goal}", f"Query: {query}"]
    if answer is not None:
        lines += [f"Earlier you asked: {question}", f"The person answered: {answer}"]
        if chosen is not None and chosen != answer:
            lines.append(f"That answer names the card {chosen}.")
    return "\n".join(lines)


def proposal_of(value: Any) -> Proposal | None:
    """The chapter 2 proposal a reply makes, or None when the reply is malformed."""
    try:
        checked = validate_reply(value)
    except ValueError:
        return None
    for block in checked["content"]:   # validate_reply looks at the first tool_use only
        if block["type"] == "text" and not isinstance(block.get("text"), str):
            return None
        if block["type"] == TOOL_USE and not (
                isinstance(block.get("id"), str) and isinstance(block.get("name"), str)
                and isinstance(block.get("input"), dict)):
            return None
    use = tool_use_of(checked) if checked["stop_reason"] == TOOL_USE else None
    if use is None:
        return {"type": "final", "answer": text_of(checked)}
    return {"type": "tool", "name": use["name"], "args": dict(use["input"])}


class DutyModel(Model):
    """The authored scenario as a model: the next step follows from the history alone.

    - no action yet                       -> read page 1
    - the last action failed              -> the same action again (the stop policy decides
                                             whether a retry is allowed)
    - the last read left a page unread    -> read the first unread page
    - the search is complete              -> validate its one match (or, when several match,
                                             the card the person chose: the query is its id)
    - the card is valid                   -> draft its summary
    """

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        content = self._next(messages)
        stop_reason = TOOL_USE if any(b["type"] == TOOL_USE for b in content) else END_TURN
        return reply(content, stop_reason, request_tokens(system, messages, tools),
                     reply_tokens(content))

    def _next(self, messages: list[Message]) -> list[Block]:
        found = QUERY_LINE.search(text_of(messages[0])) if messages else None
        if found is None:
            return [text_block("I was not told what to search for.")]
        query = found[1].strip()
        done = exchanges(messages)
        call = len(done) + 1
        if not done:
            return _act(call, f"I read page 1 of the board, looking for {query!r}.",
                        READ_TASK_CARDS, query=query, page=1)
        use, observation = done[-1]
        if observation is None:
            return _act(call, "That failed. I try the same action once more.",
                        use["name"], **use["input"])
        if use["name"] == READ_TASK_CARDS:
            read = {o["page"]: o for u, o in done if u["name"] == READ_TASK_CARDS and o}
            unread = [p for p in range(1, observation["pages"] + 1) if p not in read]
            if unread:
                return _act(call, f"I read page {unread[0]} of {observation['pages']}.",
                            READ_TASK_CARDS, query=query, page=unread[0])
            matches = [m for page in sorted(read) for m in read[page]["matches"]]
            if len(matches) > 1 and query in matches:   # the person chose one by its id
                return _act(call, f"The search is complete; the person chose {query}, so I "
                                  f"validate it.", VALIDATE_TASK_CARD, card=query)
            return _act(call, f"The search is complete with one match; I validate "
                              f"{matches[0]}.", VALIDATE_TASK_CARD, card=matches[0])
        if use["name"] == VALIDATE_TASK_CARD:
            return _act(call, f"{observation['card']} is valid; I draft its summary.",
                        DRAFT_SUMMARY, cards=observation["card"])
        return [text_block("The summary is drafted.")]


def exchanges(messages: list[Message]) -> list[tuple[ToolUseBlock, dict[str, Any] | None]]:
    """Each action of the history with its observation (None when it failed)."""
    results = {block["tool_use_id"]: block for m in messages for block in m["content"]
               if block.get("type") == "tool_result"}
    pairs = []
    for message in messages:
        use = tool_use_of(message) if message["role"] == "assistant" else None
        if use is None or use["id"] not in results:
            continue
        result = results[use["id"]]
        pairs.append((use, None if result["is_error"] else json.loads(result["content"])))
    return pairs


def _act(call: int, plan: str, tool: str, **tool_input: Any) -> list[Block]:
    return [text_block(plan), tool_use_block(f"call_{call}", tool, tool_input)]
