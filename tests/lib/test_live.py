"""Chapter 3's live model adapter, against recorded provider responses — never the network.

The provider's SDK talks to a mock HTTP transport that plays back tests/golden/
ch3_live_return_1187.json, so the adapter, the SDK's request building and its response
parsing are all exercised, and the loop runs unchanged on a "live" model.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from agentloop.agent import SYSTEM, run_agent
from agentloop.live import KEY_VARIABLE, LiveModel, MissingKeyError
from agentloop.shop import EXAMPLE_TASKS, TOOLS

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RECORDED = json.loads((GOLDEN / "ch3_live_return_1187.json").read_text(encoding="utf-8"))


def test_importing_agentloop_does_not_import_the_sdk():
    code = "import agentloop.live, agentloop.agent, sys; print('anthropic' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_without_a_key_it_says_so(monkeypatch):
    monkeypatch.delenv(KEY_VARIABLE, raising=False)
    with pytest.raises(MissingKeyError, match="LLM_API_KEY is not set"):
        LiveModel("some-model")
    monkeypatch.setenv(KEY_VARIABLE, "   ")
    with pytest.raises(MissingKeyError, match="LLM_API_KEY is not set"):
        LiveModel("some-model")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"model": ""}, "model must be the provider's model name"),
    ({"model": "m", "max_tokens": 0}, "max_tokens must be a positive integer"),
    ({"model": "m", "max_tokens": True}, "max_tokens must be a positive integer"),
])
def test_bad_settings_are_refused_before_anything_else(kwargs, message):
    with pytest.raises(ValueError, match=message):
        LiveModel(**kwargs)


@pytest.fixture
def sdk_http():
    """The HTTP library the installed SDK is built on, with its MockTransport."""
    pytest.importorskip("anthropic", reason="the live extra (anthropic SDK) is not installed; "
                                            'pip install "agentloop[live]" to run these tests')
    import anthropic

    # The SDK's default client subclasses its HTTP library's Client (httpx, or httpx2 in
    # newer SDKs), so the mock transport must come from the same library.
    for base in anthropic.DefaultHttpxClient.__mro__[1:]:
        name = base.__module__.split(".")[0]
        if name in ("httpx", "httpx2"):
            return importlib.import_module(name)
    pytest.skip("could not tell which HTTP library the anthropic SDK uses")


def recorded_model(sdk_http, monkeypatch, responses, key="test-key-123"):
    monkeypatch.setenv(KEY_VARIABLE, key)
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    sent = []

    def handler(request):
        sent.append(request)
        status, body = responses[len(sent) - 1]
        return sdk_http.Response(status, json=body)

    http = sdk_http.Client(transport=sdk_http.MockTransport(handler))
    return LiveModel("recorded-model", max_tokens=512, http_client=http), sent


def test_the_loop_runs_unchanged_on_a_recorded_live_model(sdk_http, monkeypatch):
    model, sent = recorded_model(sdk_http, monkeypatch, [(200, body) for body in RECORDED])
    transcript = run_agent(model, EXAMPLE_TASKS["return 1187"])
    golden = (GOLDEN / "ch3_return_1187.txt").read_text(encoding="utf-8").splitlines()
    assert [*transcript.lines(), transcript.pending_line()] == golden
    assert transcript.tokens == [612, 705, 801]  # the provider's usage, not an estimate
    assert len(sent) == 3


def test_the_request_is_the_providers_format(sdk_http, monkeypatch):
    model, sent = recorded_model(sdk_http, monkeypatch, [(200, body) for body in RECORDED])
    run_agent(model, EXAMPLE_TASKS["return 1187"])
    first = json.loads(sent[0].content)
    assert sent[0].url.path.endswith("/v1/messages")
    assert first == {"model": "recorded-model", "max_tokens": 512, "system": SYSTEM,
                     "tools": TOOLS, "messages": [{"role": "user", "content": [
                         {"type": "text", "text": EXAMPLE_TASKS["return 1187"]}]}]}
    headers = {k.lower(): v for k, v in sent[0].headers.items()}
    assert "test-key-123" in (headers.get("x-api-key", "") + headers.get("authorization", ""))
    third = json.loads(sent[2].content)["messages"]
    assert [m["role"] for m in third] == ["user", "assistant", "user", "assistant", "user"]
    assert third[2]["content"] == [{"type": "tool_result", "tool_use_id": "toolu_01A",
                                    "content": "1187 — delivered, delivery date 26.10",
                                    "is_error": False}]
    assert third[3]["content"][1] == {"type": "tool_use", "id": "toolu_01B",
                                      "name": "open_return_request",
                                      "input": {"order_id": "1187"}}


def test_a_reply_becomes_plain_dicts(sdk_http, monkeypatch):
    model, _ = recorded_model(sdk_http, monkeypatch, [(200, RECORDED[0])])
    answer = model.create(SYSTEM, [{"role": "user", "content": "x"}], TOOLS)
    assert answer == {"type": "message", "role": "assistant", "content": [
        {"type": "text", "text": "First I check whether the order has been delivered."},
        {"type": "tool_use", "id": "toolu_01A", "name": "get_order_status",
         "input": {"order_id": "1187"}}],
        "stop_reason": "tool_use", "usage": {"input_tokens": 612, "output_tokens": 71}}
    assert type(answer["content"][1]["input"]) is dict


def test_provider_errors_reach_the_caller(sdk_http, monkeypatch):
    import anthropic

    error = {"type": "error", "error": {"type": "authentication_error",
                                        "message": "invalid x-api-key"}}
    model, _ = recorded_model(sdk_http, monkeypatch, [(401, error)])
    with pytest.raises(anthropic.AuthenticationError):
        run_agent(model, EXAMPLE_TASKS["return 1187"])
