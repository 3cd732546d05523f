"""Chapter 3: a rough token count, tokens ≈ words × 1.3, of everything a request sends.

A model keeps no memory between calls, so every step sends the system prompt, the tool
definitions and the whole history again. That is why each request of a run costs more
than the one before. The scripted models report this estimate as their `usage`.
"""

from __future__ import annotations

from typing import Any


def estimate_tokens(words: int) -> int:
    """words × 1.3, rounded half up; integer arithmetic so no float error moves a boundary."""
    return (words * 13 + 5) // 10


def words_sent(system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> int:
    """The number of words in one request: system prompt, tool definitions and history."""
    texts = [system]
    for tool in tools:
        texts += [tool["name"], tool["description"], *tool["input_schema"]["properties"]]
    for message in messages:
        texts += [_block_text(block) for block in message["content"]]
    return sum(len(text.split()) for text in texts)


def request_tokens(system: str, messages: list[dict[str, Any]],
                   tools: list[dict[str, Any]]) -> int:
    """The estimated input tokens of one request."""
    return estimate_tokens(words_sent(system, messages, tools))


def reply_tokens(content: list[dict[str, Any]]) -> int:
    """The estimated output tokens of a reply's content."""
    return estimate_tokens(sum(len(_block_text(block).split()) for block in content))


def _block_text(block: dict[str, Any]) -> str:
    kind = block.get("type")
    if kind == "text":
        return block["text"]
    if kind == "tool_use":
        return " ".join([block["name"], *(str(v) for v in block["input"].values())])
    if kind == "tool_result":
        return str(block["content"])
    return ""
