"""Chapter 3: the contract between the loop and a model — one method.

    create(system, messages, tools) -> reply

Each step the loop sends the system prompt, the whole history (`messages.Message`, oldest
first) and the tool definitions (`messages.ToolDefinition`); the model answers with one
reply (`messages.Reply`): text, at most one action it wants run, a stop reason and the
tokens used. A model keeps no memory between calls: the same history always gets the
same reply from a scripted model, and a live one knows only what the request sends.

Every model of the course implements `Model`, so a lesson, a test or a replay runs the
real loop with any of them — as pydantic-ai's `FunctionModel` and its live models
implement one `Model`:

    scripted    models.SupportModel, models.ScriptedModel, duty.planner.DutyModel,
                duty.trace.RecordedModel (a trace's replies, played back)
    live        live.LiveModel (the provider's SDK),
                openai_compatible.OpenAICompatibleModel (Ollama, llama.cpp, vLLM, …)

A class of your own fits as well: `Model` is a Protocol, so anything with that `create`
method is a model, whether or not it names `Model` as its base.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from agentloop.messages import Message, Reply, ToolDefinition


@runtime_checkable
class Model(Protocol):
    """Anything the loop can ask for the next reply."""

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        """The reply to one request: the system prompt, the whole history, the tools."""
        ...
