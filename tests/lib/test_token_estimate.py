"""The words estimate of tokens (agentloop.token_estimate): words times 1.3, rounded half up, over
the whole request."""

from __future__ import annotations

import pytest

from agentloop.agent import SYSTEM
from agentloop.messages import message
from agentloop.models import SupportModel
from agentloop.shop import EXAMPLE_TASKS, TOOLS
from agentloop.token_estimate import estimate_tokens, request_tokens, words_sent


def test_usage_is_the_words_estimate_of_the_whole_request():
    history = [message("user", EXAMPLE_TASKS["courier 1042"])]
    answer = SupportModel().create(SYSTEM, history, TOOLS)
    assert answer["usage"]["input_tokens"] == request_tokens(SYSTEM, history, TOOLS)
    assert request_tokens(SYSTEM, history, TOOLS) == estimate_tokens(
        words_sent(SYSTEM, history, TOOLS))


@pytest.mark.parametrize(("words", "tokens"), [(0, 0), (1, 1), (5, 7), (10, 13), (15, 20),
                                                (100, 130)])
def test_tokens_are_words_times_1_3_rounded_half_up(words, tokens):
    assert estimate_tokens(words) == tokens
