"""Chapter 3, optional: an OpenAI-compatible endpoint behind the same `create(...)`.

Local model servers — Ollama, llama.cpp's `llama-server`, vLLM, LM Studio — speak the
chat-completions API with tool calls, and so do many hosted providers. This adapter sends
the loop's history there and turns the reply back into the loop's plain dicts, so nothing
around the model changes: the controller still checks every proposal, the guards, the
stop policy and `needs_input` still decide. The standard library does the HTTP: there is
no SDK to install.

    the loop's history (messages.py)           chat completions
    the system prompt                      ->  {"role": "system", "content": ...}
    a user message's text blocks           ->  {"role": "user", "content": ...}
    a tool_result block                    ->  {"role": "tool", "tool_call_id": ..., ...}
    an assistant's text and tool_use       ->  {"role": "assistant", "content": ...,
                                                "tool_calls": [{"function": ...}]}
    a tool definition (input_schema)       ->  {"type": "function", "function": {...,
                                                "parameters": ...}}

    and back: the message's content -> a text block; each tool call -> a tool_use block
    whose input is its arguments, a JSON object (arguments that are not one are kept as
    the text the model sent, and the loop refuses them, as it refuses a scripted planner's
    malformed reply); finish_reason "length" -> stop_reason max_tokens, tool calls ->
    tool_use, anything else -> end_turn; usage.prompt_tokens and completion_tokens ->
    usage.input_tokens and output_tokens (a server that reports none gets the course's
    words × 1.3 estimate, marked "estimated").

A reply is read whole, or streamed (`stream=True`: server-sent events, `data:` lines).
Everything that can go wrong with the endpoint is an `EndpointError` with a one-line
message; its `kind` is one of `FAILURES`:

    unreachable        nothing listening at the base URL (or the host is unknown)
    timed_out          no reply within `timeout` seconds
    http_status        the server answered with an error status (a wrong model name is a
                       404): its own message is quoted
    not_json           the reply, or one of its streamed lines, is not JSON
    not_a_completion   JSON, but not a chat completion (no choices, an error object)

A live run is not reproducible — the same history can get another reply — and it costs:
on your own machine, disk, memory and time; hosted, money for every token. Its replies
are recorded (a chapter 3 transcript's `replies`, a chapter 5 trace), and they replay
the run offline.

    ollama pull qwen2.5:3b          # once: the model, about 2 GB; Ollama serves it on :11434
    from agentloop.agent import run_agent
    from agentloop.openai_compatible import OpenAICompatibleModel
    model = OpenAICompatibleModel("http://localhost:11434/v1", "qwen2.5:3b")
    print(run_agent(model, "I want to return order 1187."))
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import sys
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from agentloop.i18n import t
from agentloop.messages import (
    ASSISTANT,
    END_TURN,
    TOOL_USE,
    USER,
    Block,
    Message,
    Reply,
    ToolDefinition,
    reply,
    text_block,
)
from agentloop.model_contract import Model
from agentloop.text import ELLIPSIS, clip
from agentloop.token_estimate import reply_tokens, request_tokens
from agentloop.validation import validate_whole_number

NAME = "openai-compatible"
SETTING_PREFIX = NAME + ":"      # how a run's banner and trace name the model
KEY_VARIABLE = "OPENAI_COMPATIBLE_API_KEY"
BASE_URL_VARIABLE = "OPENAI_COMPATIBLE_BASE_URL"
MODEL_VARIABLE = "OPENAI_COMPATIBLE_MODEL"
OLLAMA_BASE_URL = "http://localhost:11434/v1"
OLLAMA_MODEL = "qwen2.5:3b"
TIMEOUT = 120.0        # seconds; a local model's first reply waits for it to load
PROBE_TIMEOUT = 0.5    # seconds to connect when a notebook asks whether an endpoint answers
MAX_TOKENS = 1024
CUT_OFF = "max_tokens"    # the loop's stop reason for finish_reason "length"
NOT_RUN = "not run: one action a step"

# How an endpoint can fail: a closed set.
UNREACHABLE = "unreachable"
TIMED_OUT = "timed_out"
HTTP_STATUS = "http_status"
NOT_JSON = "not_json"
NOT_A_COMPLETION = "not_a_completion"
FAILURES = (UNREACHABLE, TIMED_OUT, HTTP_STATUS, NOT_JSON, NOT_A_COMPLETION)


class EndpointError(RuntimeError):
    """The endpoint did not give a usable reply; `kind` is one of FAILURES."""

    def __init__(self, kind: str, message: str) -> None:
        if kind not in FAILURES:
            raise ValueError(f"kind must be one of {', '.join(FAILURES)}, got {kind!r}")
        super().__init__(message)
        self.kind = kind


class OpenAICompatibleModel(Model):
    """A model behind an OpenAI-compatible chat-completions endpoint.

    `base_url` is the API's root (it usually ends in /v1); `model` the name the server
    knows the model by. A key, when the endpoint needs one, is read from the environment
    variable OPENAI_COMPATIBLE_API_KEY — never from code — and is sent only over https or
    to this machine. Like every model of the course it keeps no memory between calls.
    """

    def __init__(self, base_url: str, model: str, *, timeout: float = TIMEOUT,
                 stream: bool = False, max_tokens: int = MAX_TOKENS,
                 temperature: float = 0.0) -> None:
        self.base_url = check_base_url(base_url)
        if not isinstance(model, str) or not model.strip() or "\n" in model:
            raise ValueError(f"model must be the name the endpoint serves the model by (one "
                             f"line of text, e.g. {OLLAMA_MODEL!r}), got {model!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) \
                or not 0 < timeout <= 3600:
            raise ValueError(f"timeout must be a number of seconds above 0, at most 3600, "
                             f"got {timeout!r}")
        if not isinstance(stream, bool):
            raise ValueError(f"stream must be True or False, got {stream!r}")
        validate_whole_number("max_tokens", max_tokens, 1)
        if isinstance(temperature, bool) or not isinstance(temperature, int | float) \
                or not 0 <= temperature <= 2:
            raise ValueError(f"temperature must be a number from 0 to 2, got {temperature!r}")
        self.model = model.strip()
        self.timeout = float(timeout)
        self.stream = stream
        self.max_tokens = max_tokens
        self.temperature = float(temperature)
        self.key = os.environ.get(KEY_VARIABLE, "").strip() or None
        if self.key is not None and not _may_carry_a_key(self.base_url):
            raise ValueError(f"{KEY_VARIABLE} is set, and {self.base_url} is neither https nor "
                             "this machine: the key would travel in clear text; use https")

    @property
    def setting(self) -> str:
        """How a run names this model: `openai-compatible:qwen2.5:3b at http://…/v1`."""
        return f"{SETTING_PREFIX}{self.model} at {self.base_url}"

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
        """Send one request with the whole history; return the reply as the loop's plain dicts."""
        body = request_body(self.model, system, messages, tools, self.max_tokens,
                            self.temperature, self.stream)
        completion = post_completion(self.base_url, body, self.key, self.timeout)
        return to_reply(completion, system, messages, tools)


def check_base_url(base_url: Any) -> str:
    """`base_url` without a trailing slash, if it is an http(s) URL with a host; else ValueError."""
    if isinstance(base_url, str):
        parts = urlsplit(base_url.strip())
        try:
            parts.port  # noqa: B018 (reading it checks the port)
            good = parts.scheme in ("http", "https") and bool(parts.hostname) \
                and not parts.query and not parts.fragment
        except ValueError:
            good = False
        if good:
            return base_url.strip().rstrip("/")
    raise ValueError(f"base_url must be an http:// or https:// address such as "
                     f"{OLLAMA_BASE_URL} (Ollama), got {base_url!r}")


# --------------------------------------------------------------------------- the request

def request_body(model: str, system: str, messages: list[Message], tools: list[ToolDefinition],
                 max_tokens: int = MAX_TOKENS, temperature: float = 0.0,
                 stream: bool = False) -> dict[str, Any]:
    """The chat-completions request for one step of the loop."""
    body: dict[str, Any] = {"model": model, "messages": chat_messages(system, messages),
                            "max_tokens": max_tokens, "temperature": temperature,
                            "stream": stream}
    if tools:   # an empty list is refused by some servers: no tools is no "tools" field
        body["tools"] = chat_tools(tools)
    if stream:  # the last event then carries the usage
        body["stream_options"] = {"include_usage": True}
    return body


def chat_tools(tools: list[ToolDefinition]) -> list[dict[str, Any]]:
    """The loop's tool definitions as chat-completions functions."""
    return [{"type": "function", "function": {"name": tool["name"],
                                              "description": tool.get("description", ""),
                                              "parameters": tool["input_schema"]}}
            for tool in tools]


def chat_messages(system: str, messages: list[Message]) -> list[dict[str, Any]]:
    """The system prompt and the loop's history as chat-completions messages.

    A provider wants an answer to every tool call before the conversation goes on; the
    loop runs one action a step, so a second call of the same reply is answered as not run.
    """
    out: list[dict[str, Any]] = [{"role": "system", "content": system}]
    waiting: list[str] = []   # tool call ids of the last assistant message, not yet answered
    for item in messages:
        blocks = item["content"]
        if item["role"] == ASSISTANT:
            out += _unanswered(waiting)
            calls = [_tool_call(block) for block in blocks if block.get("type") == TOOL_USE]
            text = _joined(blocks)
            entry: dict[str, Any] = {"role": "assistant", "content": text or None}
            if calls:
                entry["tool_calls"] = calls
            else:
                entry["content"] = text
            out.append(entry)
            waiting = [call["id"] for call in calls]
            continue
        for block in blocks:
            if block.get("type") == "tool_result":
                out.append({"role": "tool", "tool_call_id": block["tool_use_id"],
                            "content": _result_text(block)})
                if block["tool_use_id"] in waiting:
                    waiting.remove(block["tool_use_id"])
        out += _unanswered(waiting)
        waiting = []
        text = _joined(blocks)
        if text:
            out.append({"role": USER, "content": text})
    return out


def _tool_call(block: Block) -> dict[str, Any]:
    tool_input = block.get("input")
    arguments = tool_input if isinstance(tool_input, str) else json.dumps(tool_input,
                                                                          ensure_ascii=False)
    return {"id": block["id"], "type": "function",
            "function": {"name": block["name"], "arguments": arguments}}


def _unanswered(ids: list[str]) -> list[dict[str, Any]]:
    return [{"role": "tool", "tool_call_id": use_id, "content": NOT_RUN} for use_id in ids]


def _joined(blocks: list[Block]) -> str:
    return "\n".join(block["text"] for block in blocks
                     if block.get("type") == "text" and block.get("text"))


def _result_text(block: Block) -> str:
    # Chat completions have no error flag on a tool message: the words carry it.
    content = str(block.get("content", ""))
    if block.get("is_error") and not content.lower().startswith(("error", "not run")):
        return f"Error: {content}"
    return content


# --------------------------------------------------------------------------- the transport

def post_completion(base_url: str, body: dict[str, Any], key: str | None,
                    timeout: float) -> dict[str, Any]:
    """POST the request to BASE/chat/completions; the completion, read whole or streamed."""
    import http.client
    import urllib.error
    import urllib.request

    url = f"{base_url}/chat/completions"
    headers = {"Content-Type": "application/json",
               "Accept": "text/event-stream" if body.get("stream") else "application/json"}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(url, json.dumps(body).encode("utf-8"), headers,
                                     method="POST")
    try:
        with _opener(base_url).open(request, timeout=timeout) as response:
            if "text/event-stream" in response.headers.get("Content-Type", ""):
                return read_stream(_lines(response), url)
            data = response.read().decode("utf-8", errors="replace")
            if data.lstrip().startswith("data:"):   # events under another content type
                return read_stream(data.splitlines(), url)
            return _completion(_json_of(data, url), url)
    except urllib.error.HTTPError as error:
        raise _status_error(base_url, error) from None
    except EndpointError:
        raise
    except TimeoutError:
        raise _timed_out(base_url, timeout) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            raise _timed_out(base_url, timeout) from None
        raise _unreachable(base_url, error.reason) from None
    except (OSError, ValueError, http.client.HTTPException) as error:
        raise _unreachable(base_url, error) from None   # reset, cut short, a bad status line


def _opener(base_url: str) -> Any:
    import urllib.request

    # A proxy from the environment must not stand between the learner and this machine.
    if _is_this_machine(urlsplit(base_url).hostname or ""):
        return urllib.request.build_opener(urllib.request.ProxyHandler({}))
    return urllib.request.build_opener()


def _lines(response: Any) -> Iterable[str]:
    for raw in response:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def _json_of(data: bytes | str, url: str) -> Any:
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start = " ".join(text.split())[:40]
        raise EndpointError(NOT_JSON, f"the reply from {url} is not JSON (it starts with "
                                      f"{start!r}); is the base URL the API's address (it "
                                      "usually ends in /v1)?") from None


def _completion(value: Any, url: str) -> dict[str, Any]:
    """`value` if it is a chat completion with a message, else EndpointError."""
    if isinstance(value, dict) and "error" in value:
        raise EndpointError(NOT_A_COMPLETION, f"{url} answered with an error: "
                                              f"{_error_message(value)}")
    choices = value.get("choices") if isinstance(value, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict) \
            or not isinstance(choices[0].get("message"), dict):
        raise EndpointError(NOT_A_COMPLETION, f"the reply from {url} is JSON but not a chat "
                                              f"completion (no choices[0].message): "
                                              f"{_clip(json.dumps(value, ensure_ascii=False))}")
    return value


def read_stream(lines: Iterable[str], url: str = "the endpoint") -> dict[str, Any]:
    """Server-sent events (`data: {chunk}` lines, `data: [DONE]` last) → one completion."""
    text: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    finish: Any = None
    usage: Any = None
    model: Any = None
    done = False
    for line in lines:
        if not line.startswith("data:"):
            continue   # blank separators, comments (": ping"), event names
        data = line[len("data:"):].strip()
        if data == "[DONE]":
            done = True
            break
        chunk = _json_of(data, url)
        if isinstance(chunk, dict) and "error" in chunk:
            raise EndpointError(NOT_A_COMPLETION, f"{url} answered with an error: "
                                                  f"{_error_message(chunk)}")
        if not isinstance(chunk, dict) or not isinstance(chunk.get("choices", []), list):
            raise EndpointError(NOT_A_COMPLETION, f"a streamed line from {url} is not a chat "
                                                  f"completion chunk: {_clip(data)}")
        model = chunk.get("model", model)
        usage = chunk.get("usage") or usage
        for choice in chunk.get("choices", [])[:1]:
            if not isinstance(choice, dict):
                continue
            delta = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
            if isinstance(delta.get("content"), str):
                text.append(delta["content"])
            for position, call in enumerate(delta.get("tool_calls") or []):
                _add_call_delta(calls, position, call)
            finish = choice.get("finish_reason") or finish
    if not done and finish is None:
        raise EndpointError(NOT_A_COMPLETION, f"the stream from {url} ended before the reply "
                                              "was complete")
    message: dict[str, Any] = {"role": "assistant", "content": "".join(text) or None}
    if calls:
        message["tool_calls"] = [calls[index] for index in sorted(calls)]
    completion: dict[str, Any] = {"object": "chat.completion", "model": model, "choices": [
        {"index": 0, "message": message, "finish_reason": finish}]}
    if usage is not None:
        completion["usage"] = usage
    return completion


def _add_call_delta(calls: dict[int, dict[str, Any]], position: int, delta: Any) -> None:
    """Add one streamed piece of a tool call: the id and type come once, name and arguments
    come in pieces."""
    if not isinstance(delta, dict):
        return
    index = delta.get("index", position)
    call = calls.setdefault(index, {"id": None, "type": "function",
                                    "function": {"name": "", "arguments": ""}})
    if delta.get("id") and not call["id"]:
        call["id"] = delta["id"]
    function = delta.get("function") or {}
    for field in ("name", "arguments"):
        piece = function.get(field)
        if isinstance(piece, dict):   # a server that sends the arguments as an object
            call["function"][field] = piece
        elif isinstance(piece, str) and isinstance(call["function"][field], str):
            call["function"][field] += piece


def _status_error(base_url: str, error: Any) -> EndpointError:
    try:
        body = error.read().decode("utf-8", errors="replace")
    except (OSError, ValueError):
        body = ""
    try:
        said = _error_message(json.loads(body))
    except json.JSONDecodeError:
        said = _clip(" ".join(body.split())) or "no message"
    hint = {404: " — check the model name and that the base URL ends in /v1",
            401: f" — the endpoint wants a key: put it in {KEY_VARIABLE}",
            403: f" — the key in {KEY_VARIABLE} is not allowed this"}.get(error.code, "")
    return EndpointError(HTTP_STATUS, f"{base_url} answered HTTP {error.code}: {said}{hint}")


def _error_message(value: Any) -> str:
    """The words of an error body: {"error": {"message"}}, {"error": "..."} or {"message"}."""
    error = value.get("error", value) if isinstance(value, dict) else value
    if isinstance(error, dict):
        error = error.get("message", error)
    text = error if isinstance(error, str) else json.dumps(error, ensure_ascii=False)
    return _clip(" ".join(text.split()))


def _timed_out(base_url: str, timeout: float) -> EndpointError:
    return EndpointError(TIMED_OUT, f"{base_url} did not reply within {timeout:g} s; a local "
                                    "model's first reply waits for it to load: allow more "
                                    "time (timeout)")


def _unreachable(base_url: str, reason: Any) -> EndpointError:
    if isinstance(reason, ConnectionRefusedError):
        why = "connection refused"
    elif isinstance(reason, socket.gaierror):
        why = "unknown host"
    elif isinstance(reason, BaseException):
        why = " ".join((getattr(reason, "strerror", None) or str(reason)
                        or type(reason).__name__).split())
    else:
        why = " ".join(str(reason).split())
    return EndpointError(UNREACHABLE, f"nothing answers at {base_url} ({_clip(why, 80)}); is "
                                      "the model server running (ollama serve)?")


# --------------------------------------------------------------------------- the reply

def to_reply(completion: dict[str, Any], system: str = "", messages: list[Message] | None = None,
             tools: list[ToolDefinition] | None = None) -> Reply:
    """A chat completion → `{"content": [...], "stop_reason": ..., "usage": ...}`.

    `system`, `messages` and `tools` are the request: a tool call without an id gets one
    from the step's number, and a reply without usage gets the request's estimate.
    """
    messages = messages or []
    choice = completion["choices"][0]
    said = choice["message"]
    content: list[Block] = []
    text = _content_text(said.get("content"))
    if text:
        content.append(text_block(text))
    step = sum(m["role"] == ASSISTANT for m in messages) + 1
    for number, call in enumerate(said.get("tool_calls") or [], start=1):
        call = call if isinstance(call, dict) else {}
        function = call.get("function") if isinstance(call.get("function"), dict) else {}
        content.append({"type": TOOL_USE, "id": call.get("id") or f"call_{step}_{number}",
                        "name": function.get("name"),
                        "input": tool_input(function.get("arguments"))})
    finish = choice.get("finish_reason")
    if finish == "length":
        stop_reason = CUT_OFF   # cut off: a half-written action is not an action
    elif any(block["type"] == TOOL_USE for block in content):
        stop_reason = TOOL_USE
    else:
        stop_reason = END_TURN
    usage = completion.get("usage")
    if isinstance(usage, dict) and type(usage.get("prompt_tokens")) is int:
        output = usage.get("completion_tokens")
        return reply(content, stop_reason, usage["prompt_tokens"],
                     output if type(output) is int else 0)
    made = reply(content, stop_reason, request_tokens(system, messages, tools or []),
                 reply_tokens([b for b in content if b["type"] == "text"]))
    made["usage"]["estimated"] = True   # the server reported none
    return made


def tool_input(arguments: Any) -> Any:
    """A tool call's arguments as the loop's input: the JSON object they hold, or else the
    text as the model sent it (which the loop refuses)."""
    if isinstance(arguments, dict):
        return arguments
    if arguments is None or arguments == "":
        return {}
    if isinstance(arguments, str):
        try:
            value = json.loads(arguments)
        except json.JSONDecodeError:
            return arguments
        return value if isinstance(value, dict) else arguments
    return arguments


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):   # content parts: [{"type": "text", "text": ...}]
        return "".join(part.get("text", "") for part in content
                       if isinstance(part, dict) and isinstance(part.get("text"), str))
    return ""


# --------------------------------------------------------------------------- the probe

def endpoint_problem(base_url: str, model: str, timeout: float = PROBE_TIMEOUT) -> str | None:
    """None when `base_url` answers and serves `model`; otherwise why not, in one line.

    Quick (a short connect time-out), for a notebook cell that runs only when a local model
    is there. Nothing answering is always the same words, whatever the operating system said.
    """
    try:
        base_url = check_base_url(base_url)
    except ValueError as exc:
        return str(exc)
    nothing = t("nothing answers at {url}", url=base_url)  # shown to a reader
    parts = urlsplit(base_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if sys.platform == "emscripten":   # a browser tab (the zero-install site) has no sockets
        return nothing
    try:
        socket.create_connection((parts.hostname, port), timeout=timeout).close()
    except (OSError, ValueError):
        return nothing
    import urllib.error
    import urllib.request

    try:
        with _opener(base_url).open(urllib.request.Request(f"{base_url}/models"),
                                    timeout=max(timeout, 2.0)) as response:
            listed = _json_of(response.read(), f"{base_url}/models")
    except (urllib.error.URLError, OSError, ValueError, EndpointError) as exc:
        return f"{base_url} answers, but not as an OpenAI-compatible API ({_clip(str(exc), 80)})"
    data = listed.get("data") if isinstance(listed, dict) else None
    names = [entry.get("id") for entry in data or [] if isinstance(entry, dict)]
    if model not in names:
        has = ", ".join(str(name) for name in names[:5]) or "none"
        return f"{base_url} has no model {model!r} (it has: {has}); e.g. ollama pull {model}"
    return None


def _is_this_machine(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _may_carry_a_key(base_url: str) -> bool:
    parts = urlsplit(base_url)
    return parts.scheme == "https" or _is_this_machine(parts.hostname or "")


def _clip(text: str, width: int = 200) -> str:
    return clip(text, width, ELLIPSIS)   # an endpoint's words: cut at 200 characters
