"""Chapter 3: the messages a model and a program exchange, as plain dicts.

The shapes are the tool-use format model providers use (Anthropic Messages API style),
so the same history can be sent to a live model without changing the loop:

- a message is `{"role": "user" | "assistant", "content": [block, ...]}`;
- a block is text, a `tool_use` (the model asks for an action) or a `tool_result`
  (the program hands back the observation);
- a model's reply is an assistant message with a `stop_reason` (`tool_use` when it
  asks for an action, `end_turn` when it answers) and a `usage` figure in tokens.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from agentloop.vocabulary import Word


class Role(Word):
    """Who wrote a message of the history."""

    USER = "user"             # the customer's task, and the observations the program sends
    ASSISTANT = "assistant"   # the model's replies


USER, ASSISTANT = Role
ROLES = tuple(Role)


class BlockType(Word):
    """What a block of a message holds."""

    TEXT = "text"                # words: a plan, an answer, the task
    TOOL_USE = "tool_use"        # the model asks the program to run a tool
    TOOL_RESULT = "tool_result"  # what running it returned


BLOCK_TYPES = tuple(BlockType)


class StopReason(Word):
    """Why a model's reply ended: the reasons the loop reads (a live model may give others,
    and then the run ends with chapter 3's exit model_stopped)."""

    TOOL_USE = "tool_use"        # it asks for an action
    END_TURN = "end_turn"        # it answered
    MAX_TOKENS = "max_tokens"    # cut off by the reply's token limit


TOOL_USE, END_TURN = StopReason.TOOL_USE, StopReason.END_TURN


class TextBlock(TypedDict):
    """`{"type": "text", "text": "I check the order."}`"""

    type: BlockType
    text: str


class ToolUseBlock(TypedDict):
    """`{"type": "tool_use", "id": "call_1", "name": "get_order_status",
    "input": {"order_id": "1187"}}`"""

    type: BlockType
    id: str
    name: str
    input: dict[str, Any]


class ToolResultBlock(TypedDict):
    """`{"type": "tool_result", "tool_use_id": "call_1", "content": "...",
    "is_error": False}`"""

    type: BlockType
    tool_use_id: str
    content: str
    is_error: bool


Block = TextBlock | ToolUseBlock | ToolResultBlock


class Message(TypedDict):
    """One message of the history: who wrote it, and its blocks."""

    role: Role
    content: list[Block]


class Usage(TypedDict):
    """A reply's size in tokens: what the request sent, what the model wrote."""

    input_tokens: int
    output_tokens: int
    estimated: NotRequired[bool]   # the server reported none: the course's estimate


class Reply(TypedDict):
    """A model's reply: an assistant message with a stop reason and its usage."""

    type: NotRequired[str]         # "message"
    role: NotRequired[Role]
    content: list[Block]
    stop_reason: str               # a StopReason, or a live model's own
    usage: NotRequired[Usage]


class ToolDefinition(TypedDict):
    """A tool as a model is told about it: its name, what it does, its input's JSON schema."""

    name: str
    description: str
    input_schema: dict[str, Any]


def text_block(text: str) -> TextBlock:
    """Words: a plan, an answer, or the task itself."""
    return {"type": BlockType.TEXT, "text": text}


def tool_use_block(use_id: str, name: str, tool_input: dict[str, Any]) -> ToolUseBlock:
    """The model asks the program to run the tool `name` with `tool_input`."""
    return {"type": BlockType.TOOL_USE, "id": use_id, "name": name, "input": dict(tool_input)}


def tool_result_block(tool_use_id: str, content: str, is_error: bool = False) -> ToolResultBlock:
    """What running a tool returned, tied to the request by `tool_use_id`."""
    return {"type": BlockType.TOOL_RESULT, "tool_use_id": tool_use_id, "content": content,
            "is_error": is_error}


def message(role: Role, content: list[Block] | str) -> Message:
    """A message of the history; a bare string becomes one text block."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}, got {role!r}")
    blocks = [text_block(content)] if isinstance(content, str) else list(content)
    return {"role": Role(role), "content": blocks}


def reply(content: list[Block], stop_reason: str, input_tokens: int | None = None,
          output_tokens: int = 0) -> Reply:
    """A model's reply: an assistant message with a stop reason and, if given, its usage."""
    made: Reply = {"type": "message", "role": ASSISTANT, "content": list(content),
                   "stop_reason": stop_reason}
    if input_tokens is not None:
        made["usage"] = {"input_tokens": input_tokens, "output_tokens": output_tokens}
    return made


def input_tokens_of(value: Reply) -> int:
    """The request's size the reply reports (0 when a hand-made reply reports none)."""
    return value.get("usage", {}).get("input_tokens", 0)


def output_tokens_of(value: Reply) -> int:
    """The reply's own size, the tokens the model wrote (0 when a reply reports none)."""
    return value.get("usage", {}).get("output_tokens", 0)


def text_of(reply_or_message: Message | Reply) -> str:
    """All text blocks of a message, joined: the plan before an action, or the answer."""
    return " ".join(block["text"] for block in reply_or_message["content"]
                    if block.get("type") == "text")


def tool_use_of(reply_or_message: Message | Reply) -> ToolUseBlock | None:
    """The first tool_use block, or None when the message asks for nothing."""
    for block in reply_or_message["content"]:
        if block.get("type") == TOOL_USE:
            return block
    return None


def tool_uses_of(reply_or_message: Message | Reply) -> list[ToolUseBlock]:
    """Every tool_use block, in order: a live model may ask for several actions at once."""
    return [block for block in reply_or_message["content"] if block.get("type") == TOOL_USE]


def describe_action(use: ToolUseBlock) -> str:
    """`get_order_status(1187)`: the tool's name and its input values, as the log shows them."""
    values = ", ".join(str(value) for value in use["input"].values())
    return f"{use['name']}({values})"


def validate_reply(value: Any) -> Reply:
    """Return `value` if it is a reply the loop can use, else raise ValueError saying why."""
    if not isinstance(value, dict):
        raise ValueError(f"a model reply must be a dict, got {type(value).__name__}")
    content = value.get("content")
    if not isinstance(content, list) or not all(isinstance(b, dict) for b in content):
        raise ValueError(f"a model reply's content must be a list of blocks, got {content!r}")
    for block in content:
        if block.get("type") not in BLOCK_TYPES:
            raise ValueError(f"unknown block type {block.get('type')!r}; "
                             f"known: {', '.join(BLOCK_TYPES)}")
    usage = value.get("usage", {"input_tokens": 0})
    if not isinstance(usage, dict) or type(usage.get("input_tokens")) is not int \
            or type(usage.get("output_tokens", 0)) is not int:
        raise ValueError(f"a model reply's usage must hold input_tokens (an int) and, if "
                         f"given, output_tokens (an int), got {usage!r}")
    stop_reason = value.get("stop_reason")
    if not isinstance(stop_reason, str) or not stop_reason:
        raise ValueError(f"a model reply needs a stop_reason, got {stop_reason!r}")
    if stop_reason == TOOL_USE:
        use = tool_use_of(value)
        if use is None:
            raise ValueError("stop_reason is 'tool_use' but the reply has no tool_use block")
        if not isinstance(use.get("name"), str) or not isinstance(use.get("input"), dict):
            raise ValueError(f"a tool_use block needs a name (str) and an input (dict), "
                             f"got {use!r}")
    return value
