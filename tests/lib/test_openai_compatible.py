"""Chapter 3's OpenAI-compatible adapter, against a fake server on 127.0.0.1 that plays back
recorded responses (tests/golden/openai/, whole and streamed) — never the network.

The loop runs unchanged on it through each of its five exits; a reply that is not an
action is handled as a scripted model's would be; every endpoint failure is one line; and
the replies a live run recorded replay it offline.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest
from fake_openai_server import FakeOpenAIServer, failure, recording

from agentloop.agent import (
    ANSWERED,
    GUARDED,
    HANDED_OVER,
    MODEL_STOPPED,
    STEP_LIMIT,
    SYSTEM,
    run_agent,
)
from agentloop.cli import main
from agentloop.guards import REPEATED, repeated_action, token_budget
from agentloop.messages import message, text_block, tool_result_block, validate_reply
from agentloop.models import ScriptedModel
from agentloop.openai_compatible import (
    FAILURES,
    HTTP_STATUS,
    KEY_VARIABLE,
    NOT_A_COMPLETION,
    NOT_JSON,
    NOT_RUN,
    TIMED_OUT,
    UNREACHABLE,
    EndpointError,
    OpenAICompatibleModel,
    chat_messages,
    endpoint_problem,
    request_body,
    to_reply,
    tool_input,
)
from agentloop.shop import EXAMPLE_TASKS, TOOLS

MODEL = "qwen2.5:3b"
RETURN_1187 = EXAMPLE_TASKS["return 1187"]
COURIER = EXAMPLE_TASKS["courier 1042"]


@pytest.fixture(autouse=True)
def no_key(monkeypatch):
    monkeypatch.delenv(KEY_VARIABLE, raising=False)


@pytest.fixture
def closed_port():
    """A port on 127.0.0.1 that is bound but not listening: a connection is refused."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    yield sock.getsockname()[1]
    sock.close()


def live_run(name, task, stream=False, **options):
    with FakeOpenAIServer.replaying(name) as server:
        model = OpenAICompatibleModel(server.url, MODEL, stream=stream)
        return run_agent(model, task, **options), server


def test_the_adapter_needs_only_the_standard_library():
    code = ("import sys; before = set(sys.modules); import agentloop.openai_compatible; "
            "print(sorted({m.split('.')[0] for m in set(sys.modules) - before} "
            "- set(sys.stdlib_module_names) - {'agentloop'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


# --------------------------------------------------------------------------- five exits

def test_the_loop_answers_on_a_live_model():
    transcript, server = live_run("ch3_return_1187", RETURN_1187)
    assert transcript.exit == ANSWERED
    assert transcript.answer == recording("ch3_return_1187")["responses"][2]["body"][
        "choices"][0]["message"]["content"]
    assert [s.action["name"] for s in transcript.steps[:2]] == ["get_order_status",
                                                                 "open_return_request"]
    assert transcript.pending_line() == "pending approval: R-1 for 1187"
    assert transcript.tokens == [412, 471, 536]   # the server's usage, not an estimate
    assert len(server.completions) == 3


def test_a_streamed_reply_is_the_same_reply():
    whole, _ = live_run("ch3_return_1187", RETURN_1187)
    streamed, server = live_run("ch3_return_1187_stream", RETURN_1187, stream=True)
    assert streamed.lines() == whole.lines()
    assert streamed.replies == whole.replies
    assert all(body["stream"] is True for body in server.completions)
    assert server.completions[0]["stream_options"] == {"include_usage": True}
    assert server.requests[0]["headers"]["Accept"] == "text/event-stream"


def test_a_live_model_hands_over():
    transcript, server = live_run("ch3_compensation_1042", EXAMPLE_TASKS["compensation 1042"])
    assert transcript.exit == HANDED_OVER
    assert transcript.reason == "the customer asks for 20 EUR compensation for the late " \
                                "order 1042"
    assert transcript.steps[-1].observation is None and len(server.completions) == 2


def test_the_step_limit_holds():
    transcript, server = live_run("ch3_courier_1042", COURIER)
    assert transcript.exit == STEP_LIMIT and transcript.ended_on == 5
    assert len(server.completions) == 5


@pytest.mark.parametrize(("guard", "ended_on", "reason"), [
    (repeated_action, 2, REPEATED),
    (token_budget(1000), 3, "token budget passed (1404 > 1000) → to an employee"),
])
def test_the_guards_hold(guard, ended_on, reason):
    transcript, server = live_run("ch3_courier_1042", COURIER, guards=[guard])
    assert (transcript.exit, transcript.ended_on, transcript.reason) == (GUARDED, ended_on,
                                                                         reason)
    assert transcript.steps[-1].observation is None   # stopped before it ran
    assert len(server.completions) == ended_on


def test_a_cut_off_reply_is_not_an_answer():
    transcript, _ = live_run("ch3_cut_off", RETURN_1187)
    assert (transcript.exit, transcript.reason) == (MODEL_STOPPED, "max_tokens")
    assert transcript.lines()[-1] == "  stopping: the model stopped (max_tokens)"


# --------------------------------------------------------------------------- what is sent

def test_the_request_is_a_chat_completion():
    _, server = live_run("ch3_return_1187", RETURN_1187)
    first, third = server.completions[0], server.completions[2]
    assert first == {
        "model": MODEL, "max_tokens": 1024, "temperature": 0.0, "stream": False,
        "messages": [{"role": "system", "content": SYSTEM},
                     {"role": "user", "content": RETURN_1187}],
        "tools": [{"type": "function", "function": {
            "name": tool["name"], "description": tool["description"],
            "parameters": tool["input_schema"]}} for tool in TOOLS]}
    headers = server.requests[0]["headers"]
    assert headers["Content-Type"] == "application/json" and "Authorization" not in headers
    assert server.requests[0]["path"] == "/v1/chat/completions"
    assert third["messages"][2:4] == [
        {"role": "assistant", "content": None, "tool_calls": [{
            "id": "call_7rkqm2xa", "type": "function", "function": {
                "name": "get_order_status", "arguments": '{"order_id": "1187"}'}}]},
        {"role": "tool", "tool_call_id": "call_7rkqm2xa",
         "content": "1187 — delivered, delivery date 26.10"}]
    assert [m["role"] for m in third["messages"]] == ["system", "user", "assistant", "tool",
                                                     "assistant", "tool"]


def test_the_key_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(KEY_VARIABLE, "sk-local-123")
    with FakeOpenAIServer.replaying("ch3_cut_off") as server:
        run_agent(OpenAICompatibleModel(server.url, MODEL), RETURN_1187)
    assert server.requests[0]["headers"]["Authorization"] == "Bearer sk-local-123"


def test_a_key_never_travels_in_clear_text(monkeypatch):
    monkeypatch.setenv(KEY_VARIABLE, "sk-remote")
    with pytest.raises(ValueError) as caught:
        OpenAICompatibleModel("http://models.example.org/v1", MODEL)
    assert str(caught.value).startswith("OPENAI_COMPATIBLE_API_KEY is set, and http://models."
                                        "example.org/v1 is neither https nor this machine")
    assert OpenAICompatibleModel("https://models.example.org/v1/", MODEL).base_url \
        == "https://models.example.org/v1"


def test_a_proxy_in_the_environment_is_not_used_for_this_machine(monkeypatch, closed_port):
    for name in ("http_proxy", "HTTP_PROXY"):
        monkeypatch.setenv(name, f"http://127.0.0.1:{closed_port}")
    transcript, _ = live_run("ch3_cut_off", RETURN_1187)
    assert transcript.exit == MODEL_STOPPED


def test_a_second_tool_call_is_answered_as_not_run():
    history = [message("user", "task"),
               message("assistant", [text_block("Two at once."),
                                     {"type": "tool_use", "id": "a", "name": "x", "input": {}},
                                     {"type": "tool_use", "id": "b", "name": "y", "input": {}}]),
               message("user", [tool_result_block("a", "no order 9999", is_error=True)])]
    sent = chat_messages("sys", history)
    assert sent[2]["content"] == "Two at once." and len(sent[2]["tool_calls"]) == 2
    assert sent[3:] == [{"role": "tool", "tool_call_id": "a", "content": "Error: no order 9999"},
                        {"role": "tool", "tool_call_id": "b", "content": NOT_RUN}]


def test_no_tools_is_no_tools_field():
    assert "tools" not in request_body(MODEL, "sys", [message("user", "hi")], [])


# --------------------------------------------------------------------------- what comes back

def completion(message_, finish="stop", usage=None):
    made = {"choices": [{"index": 0, "message": message_, "finish_reason": finish}]}
    if usage is not None:
        made["usage"] = usage
    return made


def test_a_tool_call_without_an_id_gets_one_from_the_step():
    history = [message("user", "t"), message("assistant", [text_block("a")]),
               message("user", "b")]
    made = to_reply(completion({"content": None, "tool_calls": [
        {"type": "function", "function": {"name": "get_order_status",
                                          "arguments": {"order_id": "1"}}}]}, "tool_calls",
        {"prompt_tokens": 9, "completion_tokens": 2}), "s", history, TOOLS)
    assert made["content"] == [{"type": "tool_use", "id": "call_2_1", "name": "get_order_status",
                                "input": {"order_id": "1"}}]
    assert made["stop_reason"] == "tool_use"
    assert made["usage"] == {"input_tokens": 9, "output_tokens": 2}


def test_a_reply_without_usage_gets_the_estimate_and_says_so():
    history = [message("user", RETURN_1187)]
    made = to_reply(completion({"content": [{"type": "text", "text": "Hello there"}]}),
                    SYSTEM, history, TOOLS)
    scripted = ScriptedModel([{"content": made["content"], "stop_reason": "end_turn"}])
    assert made["usage"] == {**scripted.create(SYSTEM, history, TOOLS)["usage"],
                             "estimated": True}
    assert made["content"] == [text_block("Hello there")]


def test_a_cut_off_tool_call_is_not_an_action():
    made = to_reply(completion({"content": "", "tool_calls": [{"id": "c", "function": {
        "name": "get_order_status", "arguments": '{"order_'}}]}, "length"))
    assert made["stop_reason"] == "max_tokens"


@pytest.mark.parametrize(("arguments", "kept"), [
    ('{"order_id": "1187"}', {"order_id": "1187"}),
    ({"order_id": "1187"}, {"order_id": "1187"}),
    ("", {}),
    (None, {}),
    ("{order_id: 1187}", "{order_id: 1187}"),
    ('["1187"]', '["1187"]'),
])
def test_arguments_that_are_not_a_json_object_are_kept_as_sent(arguments, kept):
    assert tool_input(arguments) == kept


def test_malformed_arguments_are_refused_as_a_scripted_models_would_be():
    responses = recording("ch3_bad_arguments")["responses"]
    with FakeOpenAIServer(responses * 2) as server:
        model = OpenAICompatibleModel(server.url, MODEL)
        made = model.create(SYSTEM, [message("user", RETURN_1187)], TOOLS)
        with pytest.raises(ValueError) as live:
            run_agent(model, RETURN_1187)
    assert made["content"][0]["input"] == "{order_id: 1187}"   # what the model sent
    with pytest.raises(ValueError) as scripted:
        validate_reply(made)
    assert str(live.value) == str(scripted.value)
    assert "needs a name (str) and an input (dict)" in str(live.value)


def test_an_unknown_tool_is_not_run():
    transcript, _ = live_run("ch3_unknown_tool", RETURN_1187)
    first = transcript.steps[0]
    assert first.action["name"] == "refund_order"
    assert (first.observation["is_error"], first.observation["content"]) == \
        (True, "no tool named refund_order")
    assert transcript.exit == HANDED_OVER and transcript.pending == []


# --------------------------------------------------------------------------- bad endpoints

@pytest.mark.parametrize(("name", "kind", "words"), [
    ("wrong_model", HTTP_STATUS, 'answered HTTP 404: model "qwen9:3b" not found, try pulling '
                                 "it first — check the model name"),
    ("wrong_model_vllm", HTTP_STATUS, "answered HTTP 404: The model `qwen9:3b` does not exist."),
    ("wrong_path", HTTP_STATUS, "answered HTTP 404: 404 page not found"),
    ("not_json", NOT_JSON,
     "is not JSON (it starts with '<!doctype html> <html lang=\"en\"><head><t'"),
    ("no_choices", NOT_A_COMPLETION, "is JSON but not a chat completion"),
    ("stream_bad_line", NOT_JSON, "is not JSON"),
    ("stream_cut_short", NOT_A_COMPLETION, "ended before the reply was complete"),
    ("stream_error", NOT_A_COMPLETION, "answered with an error: an error was encountered while "
                                       "running the model: unexpected EOF"),
])
def test_a_bad_reply_is_one_line(name, kind, words):
    with FakeOpenAIServer([failure(name)]) as server:
        model = OpenAICompatibleModel(server.url, "qwen9:3b", stream="stream" in name)
        with pytest.raises(EndpointError) as caught:
            model.create(SYSTEM, [message("user", RETURN_1187)], TOOLS)
    assert caught.value.kind == kind and kind in FAILURES
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_nothing_listening_is_one_line(closed_port):
    url = f"http://127.0.0.1:{closed_port}/v1"
    with pytest.raises(EndpointError) as caught:
        OpenAICompatibleModel(url, MODEL).create(SYSTEM, [message("user", "hi")], TOOLS)
    assert caught.value.kind == UNREACHABLE
    assert str(caught.value) == (f"nothing answers at {url} (connection refused); is the model "
                                 "server running (ollama serve)?")


def test_a_server_that_never_replies_times_out():
    with FakeOpenAIServer([failure("hang")]) as server:
        model = OpenAICompatibleModel(server.url, MODEL, timeout=0.2)
        with pytest.raises(EndpointError) as caught:
            model.create(SYSTEM, [message("user", "hi")], TOOLS)
    assert caught.value.kind == TIMED_OUT
    assert str(caught.value).startswith(f"{server.url} did not reply within 0.2 s")


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"base_url": "localhost:11434"}, "base_url must be an http:// or https:// address"),
    ({"base_url": "ftp://x/v1"}, "base_url must be"),
    ({"model": " "}, "model must be the name the endpoint serves"),
    ({"timeout": 0}, "timeout must be a number of seconds above 0"),
    ({"timeout": True}, "timeout must be"),
    ({"max_tokens": 0}, "max_tokens must be a positive integer"),
    ({"temperature": 3}, "temperature must be a number from 0 to 2"),
    ({"stream": "yes"}, "stream must be True or False"),
])
def test_bad_settings_are_refused(kwargs, words):
    settings = {"base_url": "http://127.0.0.1:11434/v1", "model": MODEL, **kwargs}
    with pytest.raises(ValueError, match=words):
        OpenAICompatibleModel(**settings)


# --------------------------------------------------------------------------- the probe

def test_the_probe_says_whether_the_model_is_there(closed_port):
    with FakeOpenAIServer([], model=MODEL) as server:
        assert endpoint_problem(server.url, MODEL) is None
        assert endpoint_problem(server.url, "llama3.2") == (
            f"{server.url} has no model 'llama3.2' (it has: {MODEL}); e.g. ollama pull llama3.2")
        root = server.url.removesuffix("/v1")
        assert endpoint_problem(root, MODEL).startswith(
            f"{root} answers, but not as an OpenAI-compatible API")
        assert server.completions == []   # the probe never asks the model anything
    url = f"http://127.0.0.1:{closed_port}/v1"
    assert endpoint_problem(url, MODEL) == f"nothing answers at {url}"


def test_in_a_browser_tab_the_probe_gives_the_same_line(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    with FakeOpenAIServer([]) as server:
        assert endpoint_problem(server.url, MODEL) == f"nothing answers at {server.url}"
        assert server.requests == []


# --------------------------------------------------------------------------- replay

@pytest.mark.parametrize(("name", "task", "guards"), [
    ("ch3_return_1187_stream", RETURN_1187, []),
    ("ch3_compensation_1042", EXAMPLE_TASKS["compensation 1042"], []),
    ("ch3_courier_1042", COURIER, [token_budget(1000)]),
])
def test_a_live_run_replays_offline_from_its_replies(name, task, guards):
    live, server = live_run(name, task, stream="stream" in name, guards=guards)
    assert json.loads(json.dumps(live.replies)) == live.replies   # plain data, to save
    again = run_agent(ScriptedModel(live.replies), task, guards=guards)
    assert again.lines() == live.lines() and again.tokens == live.tokens
    assert (again.exit, again.reason, again.pending) == (live.exit, live.reason, live.pending)
    assert len(live.replies) == len(server.completions)


# --------------------------------------------------------------------------- the command

def support(*args):
    return main(["support", *args])


def test_the_command_runs_on_a_live_model(capsys):
    with FakeOpenAIServer.replaying("ch3_return_1187_stream") as server:
        status = support(RETURN_1187, "--model", "openai-compatible", "--base-url", server.url,
                         "--model-name", MODEL, "--stream", "--timeout", "30")
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[0] == (f"model: openai-compatible — {MODEL} at {server.url} (a live run: the "
                      "next one may go another way)")
    assert out[1] == f"task: {RETURN_1187}" and out[-1] == "pending approval: R-1 for 1187"


@pytest.mark.parametrize("name", ["wrong_model", "not_json"])
def test_the_command_reports_a_failing_model_on_one_line(capsys, name):
    with FakeOpenAIServer([failure(name)]) as server:
        status = support(RETURN_1187, "--model", "openai-compatible", "--base-url", server.url,
                         "--model-name", "qwen9:3b")
    captured = capsys.readouterr()
    assert status == 1 and captured.out == ""
    assert captured.err.startswith("agentloop: support: the live model failed: ")
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize(("args", "words"), [
    (["--base-url", "http://127.0.0.1:1/v1"], "--base-url goes with --model openai-compatible"),
    (["--stream"], "--stream goes with --model openai-compatible"),
    (["--model", "openai-compatible", "--model-name", MODEL], "needs --base-url URL and "
                                                              "--model-name NAME"),
    (["--model", "gpt"], "invalid choice: 'gpt'"),
    (["--model", "openai-compatible", "--base-url", "x", "--model-name", MODEL],
     "base_url must be"),
])
def test_the_command_refuses_incomplete_model_options(capsys, args, words):
    assert support(RETURN_1187, *args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
