"""Chapter 3, optional: a live model behind the same `create(system, messages, tools)`.

Nothing in the course needs this. It shows that the loop does not change when a real
model replaces the scripted one: the history and the tool definitions are already in
the provider's format, so they are sent as they are, and the reply is turned back into
the same plain dicts the scripted models return.

    pip install "agentloop[live]"          # the provider's SDK (anthropic)
    export LLM_API_KEY=...                 # the key lives in the environment, never in code

    from agentloop.agent import run_agent
    from agentloop.live import LiveModel
    print(run_agent(LiveModel("<model name>"), "I want to return order 1187."))

Every call costs money and a live model may choose differently each time.
"""

from __future__ import annotations

import os
from typing import Any

from agentloop.messages import (
    Block,
    Message,
    Reply,
    ToolDefinition,
    reply,
    text_block,
    tool_use_block,
)
from agentloop.model_contract import Model
from agentloop.validation import validate_whole_number

KEY_VARIABLE = "LLM_API_KEY"


class MissingKeyError(RuntimeError):
    """No API key in the environment."""


class LiveModel(Model):
    """A provider's model through its official Python SDK (imported only when used)."""

    def __init__(self, model: str, max_tokens: int = 1024, http_client: Any = None) -> None:
        if not isinstance(model, str) or not model.strip():
            raise ValueError(f"model must be the provider's model name (a str), got {model!r}")
        validate_whole_number("max_tokens", max_tokens, 1)
        key = os.environ.get(KEY_VARIABLE, "").strip()
        if not key:
            raise MissingKeyError(
                f"{KEY_VARIABLE} is not set: put your provider's API key in that environment "
                "variable (never in code). The course itself needs no key: use SupportModel."
            )
        try:
            import anthropic
        except ImportError:
            raise ImportError('the live model needs the provider\'s SDK: '
                              'pip install "agentloop[live]"') from None
        self.model = model
        self.max_tokens = max_tokens
        # Passing the key explicitly keeps the SDK from reading any other variable for it.
        self.client = anthropic.Anthropic(api_key=key, http_client=http_client)

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        """Send one request; return the reply as the loop's plain dicts."""
        response = self.client.messages.create(
            model=self.model, max_tokens=self.max_tokens, system=system, tools=tools,
            messages=messages,
        )
        return to_reply(response)


def to_reply(response: Any) -> Reply:
    """The SDK's message object → `{"content": [...], "stop_reason": ..., "usage": ...}`."""
    content: list[Block] = []
    for block in response.content:
        if block.type == "text":
            content.append(text_block(block.text))
        elif block.type == "tool_use":
            content.append(tool_use_block(block.id, block.name, dict(block.input)))
        # Other block kinds (a model's thinking, say) are not part of this course's loop.
    return reply(content, response.stop_reason, response.usage.input_tokens,
                 response.usage.output_tokens)
