"""Chapter 5's scripted planner (agentloop.duty.planner): the task message, the proposal a
reply makes (None when it is malformed), and DutyModel's next step, which follows from the
history alone."""

from __future__ import annotations

import json

from agentloop.duty.board_tools import DRAFT_SUMMARY, READ_TASK_CARDS, VALIDATE_TASK_CARD
from agentloop.duty.planner import SYSTEM, DutyModel, exchanges, proposal_of, task_message
from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    message,
    reply,
    text_block,
    tool_result_block,
    tool_use_block,
)


def _history(*steps: tuple[str, dict, dict | None]) -> list:
    """The task, then one (tool, input, observation or None for a failure) per action."""
    messages = [message("user", task_message("Find the card.", "hall"))]
    for call, (tool, tool_input, observation) in enumerate(steps, start=1):
        use = f"call_{call}"
        messages.append(message("assistant", [text_block("plan"),
                                              tool_use_block(use, tool, tool_input)]))
        content = "boom" if observation is None else json.dumps(observation)
        messages.append(message("user", [tool_result_block(use, content,
                                                           is_error=observation is None)]))
    return messages


def _next(messages: list) -> dict | None:
    return proposal_of(DutyModel().create(SYSTEM, messages, []))


def test_the_task_message_carries_the_persons_answer_and_the_card_it_names():
    assert task_message("Find it.", "hall") == "Goal: Find it.\nQuery: hall"
    assert task_message("Find it.", "hall", answer="the second", question="Which one?",
                        chosen="task-003").splitlines()[2:] == [
        "Earlier you asked: Which one?", "The person answered: the second",
        "That answer names the card task-003."]
    assert "names the card" not in task_message("F", "q", answer="task-003",
                                                question="Which?", chosen="task-003")


def test_a_reply_becomes_a_tool_proposal_or_a_final_answer():
    use = reply([text_block("I read."), tool_use_block("c1", READ_TASK_CARDS,
                                                       {"query": "hall", "page": 1})], TOOL_USE)
    assert proposal_of(use) == {"type": "tool", "name": READ_TASK_CARDS,
                                "args": {"query": "hall", "page": 1}}
    assert proposal_of(reply([text_block("Done.")], END_TURN)) == \
        {"type": "final", "answer": "Done."}


def test_a_malformed_reply_makes_no_proposal():
    good = reply([tool_use_block("c1", READ_TASK_CARDS, {"page": 1})], TOOL_USE)
    assert proposal_of("not a reply") is None
    assert proposal_of({**good, "content": [{**good["content"][0], "input": "page=1"}]}) is None
    assert proposal_of({**good, "content": [{"type": "text", "text": 3}]}) is None


def test_the_model_reads_every_page_then_validates_the_one_match_then_drafts():
    page = {"query": "hall"}
    first = {"page": 1, "pages": 2, "matches": ["task-003"]}
    second = {"page": 2, "pages": 2, "matches": []}
    assert _next(_history())["args"] == {"query": "hall", "page": 1}
    assert _next(_history((READ_TASK_CARDS, {**page, "page": 1}, first)))["args"] == \
        {"query": "hall", "page": 2}
    done = _history((READ_TASK_CARDS, {**page, "page": 1}, first),
                    (READ_TASK_CARDS, {**page, "page": 2}, second))
    assert _next(done) == {"type": "tool", "name": VALIDATE_TASK_CARD,
                           "args": {"card": "task-003"}}
    valid = done[:] + _history((VALIDATE_TASK_CARD, {"card": "task-003"},
                                {"card": "task-003"}))[1:]
    assert exchanges(valid)[-1][0]["name"] == VALIDATE_TASK_CARD
    assert _next(valid)["name"] == DRAFT_SUMMARY


def test_a_failed_action_is_proposed_again_and_the_same_history_gets_the_same_reply():
    failed = _history((READ_TASK_CARDS, {"query": "hall", "page": 1}, None))
    assert exchanges(failed)[0][1] is None
    assert _next(failed) == {"type": "tool", "name": READ_TASK_CARDS,
                             "args": {"query": "hall", "page": 1}}
    model = DutyModel()
    assert model.create(SYSTEM, failed, []) == model.create(SYSTEM, failed, [])


def test_a_task_without_a_query_gets_words_not_an_action():
    said = _next([message("user", "Goal: nothing to search")])
    assert said == {"type": "final", "answer": "I was not told what to search for."}
