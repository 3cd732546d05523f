"""What a person is told when a chapter 1 run ends (agentloop.terminal_messages): one honest
message a terminal — never success-sounding after `error` or `limit`, and after
`needs_input` what is missing."""

from __future__ import annotations

import pytest

from agentloop.terminal_messages import honest_message


def test_success_names_the_card():
    assert honest_message("success", {"matches": ["task-003"]}) == \
        "Found it: the card is task-003."


def test_needs_input_says_what_is_missing():
    assert honest_message("needs_input", {"matches": ["task-003", "task-007"]}) == \
        "Several cards match: task-003, task-007. Which one do you mean?"
    assert "no card matches" in honest_message("needs_input", {"matches": []})


@pytest.mark.parametrize("terminal", ["error", "limit"])
def test_error_and_limit_never_sound_like_success(terminal):
    message = honest_message(terminal, {"matches": ["task-003"]})
    assert "Found it" not in message and "task-003" not in message
    assert ("no card was found" in message) if terminal == "error" else \
        ("not all cards were checked" in message)


def test_an_unknown_terminal_is_refused_with_the_four_named():
    with pytest.raises(ValueError, match="unknown terminal 'done'; expected success, "
                                         "needs_input, error or limit"):
        honest_message("done", {})
