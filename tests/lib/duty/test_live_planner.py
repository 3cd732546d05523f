"""Chapter 5's optional live planner: chapter 3's adapter drives the same loop, on recorded
provider responses played back through the SDK's mock transport — never the network.
Every proposal is still checked and every limit still holds."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest

from agentloop.duty.planner import SYSTEM
from agentloop.duty.shift import run_shift
from agentloop.duty.trace import format_replay
from agentloop.live import KEY_VARIABLE, LiveModel

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).resolve().parents[2] / "golden"
RECORDED = json.loads((GOLDEN / "ch5_live_one_match.json").read_text(encoding="utf-8"))
ROUTE = "examples/my_agent/routes/one_match"


@pytest.fixture
def sdk_http():
    """The HTTP library the installed SDK is built on, with its MockTransport."""
    pytest.importorskip("anthropic", reason="the live extra (anthropic SDK) is not installed; "
                                            'pip install "agentloop[live]" to run these tests')
    import anthropic

    for base in anthropic.DefaultHttpxClient.__mro__[1:]:
        name = base.__module__.split(".")[0]
        if name in ("httpx", "httpx2"):
            return importlib.import_module(name)
    pytest.skip("could not tell which HTTP library the anthropic SDK uses")


def recorded_model(sdk_http, monkeypatch, bodies):
    monkeypatch.setenv(KEY_VARIABLE, "test-key-5")
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    sent = []

    def handler(request):
        sent.append(request)
        return sdk_http.Response(200, json=bodies[len(sent) - 1])

    http = sdk_http.Client(transport=sdk_http.MockTransport(handler))
    return LiveModel("recorded-model", max_tokens=512, http_client=http), sent


@pytest.fixture
def live_route(tmp_path, monkeypatch):
    """The one_match route, copied, with its model set to the recorded live model."""
    shutil.copytree(ROOT / "examples/my_agent", tmp_path / "examples/my_agent",
                    ignore=shutil.ignore_patterns("out"))
    monkeypatch.chdir(tmp_path)

    def configure(**changes):
        path = tmp_path / ROUTE / "agent.json"
        agent = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**agent, "model": "live:recorded-model", **changes}),
                        encoding="utf-8")
    return configure


def test_every_limit_still_holds_for_a_live_model(sdk_http, monkeypatch, live_route):
    live_route()   # the route's token budget is 4000; a live model's requests are bigger
    model, sent = recorded_model(sdk_http, monkeypatch, RECORDED)
    shift = run_shift(ROUTE, model=model)
    assert shift.text + "\n" == (GOLDEN / "ch5_live_one_match.txt").read_text(encoding="utf-8")
    assert len(sent) == 4 and shift.run.terminal == "limit"
    assert [r["tokens"] for r in shift.run.records] == [702, 915, 1108, 1336]


def test_the_loop_runs_unchanged_on_a_recorded_live_model(sdk_http, monkeypatch, live_route):
    live_route(guards=["repeated", "tokens=8000"])
    model, sent = recorded_model(sdk_http, monkeypatch, RECORDED)
    shift = run_shift(ROUTE, model=model)
    lines = shift.text.splitlines()
    assert "model: live — recorded-model, through chapter 3's adapter; every proposal is " \
           "still checked" in lines
    assert "scenario: none — the live model chooses every step" in lines
    scripted = (GOLDEN / "ch5_one_match.txt").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.startswith(("Step", "Stop", "answer", "contract"))] \
        == [line for line in scripted if line.startswith(("Step", "Stop", "answer", "contract"))]
    assert len(sent) == 5


def test_the_requests_are_the_providers_format(sdk_http, monkeypatch, live_route):
    live_route(guards=[])
    model, sent = recorded_model(sdk_http, monkeypatch, RECORDED)
    run_shift(ROUTE, model=model)
    first = json.loads(sent[0].content)
    assert first["system"] == SYSTEM and first["model"] == "recorded-model"
    assert [tool["name"] for tool in first["tools"]] == ["read_task_cards",
                                                         "validate_task_card", "draft_summary"]
    assert first["messages"] == [{"role": "user", "content": [{"type": "text", "text": (
        "Goal: Tell Anya whether the open day posters are printed\nQuery: posters")}]}]
    third = json.loads(sent[2].content)["messages"]
    assert [m["role"] for m in third] == ["user", "assistant", "user", "assistant", "user"]
    result = third[2]["content"][0]
    assert (result["type"], result["tool_use_id"], result["is_error"]) == \
        ("tool_result", "toolu_05A", False)
    assert json.loads(result["content"])["matches"] == ["task-004"]


def test_a_live_run_replays_from_its_trace_without_the_provider(sdk_http, monkeypatch,
                                                                live_route):
    live_route(guards=["tokens=8000"])
    model, sent = recorded_model(sdk_http, monkeypatch, RECORDED)
    shift = run_shift(ROUTE, model=model)
    monkeypatch.delenv(KEY_VARIABLE)
    replayed = format_replay(f"{ROUTE}/out/runs/0001/trace.jsonl")
    assert replayed.startswith(shift.text + "\n") and len(sent) == 5


def provider_reply(number: int, name: str, tool_input: dict) -> dict:
    return {"id": f"msg_05Bad{number}", "type": "message", "role": "assistant",
            "model": "recorded-model", "stop_reason": "tool_use", "stop_sequence": None,
            "content": [{"type": "text", "text": "Let me look elsewhere."},
                        {"type": "tool_use", "id": f"toolu_05Bad{number}", "name": name,
                         "input": tool_input}],
            "usage": {"input_tokens": 500, "output_tokens": 30}}


def test_a_live_model_that_strays_is_refused(sdk_http, monkeypatch, live_route):
    live_route(guards=[])
    bodies = [provider_reply(1, "validate_task_card", {"card": "../../../etc/passwd"}),
              provider_reply(2, "shell", {"command": "rm -rf /"})]
    model, sent = recorded_model(sdk_http, monkeypatch, bodies)
    shift = run_shift(ROUTE, model=model)
    assert [line for line in shift.text.splitlines() if line.startswith("Step")] == [
        "Step 1 | validate_task_card (refused: not_a_match) | continue",
        "Step 2 | shell (refused: unknown_tool) | error"]
    assert shift.run.terminal == "error" and len(sent) == 2
    second = json.loads(sent[1].content)["messages"][2]["content"][0]
    assert second["is_error"] is True and "not_a_match" in second["content"]
