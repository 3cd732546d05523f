"""Chapter 5's duty officer on an OpenAI-compatible endpoint: a fake server on 127.0.0.1
plays back recorded responses (tests/golden/openai/ch5_*.json, whole and streamed) — never
the network.

The officer reaches each of its four terminals on the live model by the same decisions as
on the scripted one; every proposal still goes through the dispatcher, the guards and the
stop policy (a tool off the allowlist, arguments that are not JSON and an answer in words
are refusals in the trace); an endpoint that fails ends the run as an error, in one line;
and every live trace replays offline to the same run.
"""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path

import pytest
from fake_openai_server import FakeOpenAIServer, failure

from agentloop.cli import main
from agentloop.duty.planner import SYSTEM
from agentloop.duty.shift import run_shift
from agentloop.duty.trace import format_replay, read_trace
from agentloop.openai_compatible import KEY_VARIABLE, OpenAICompatibleModel

ROOT = Path(__file__).resolve().parents[3]
ROUTES = "examples/my_agent/routes"
MODEL = "qwen2.5:3b"


@pytest.fixture
def office(tmp_path, monkeypatch):
    """The example office, copied; `configure(route, **fields)` changes a route's agent.json."""
    monkeypatch.delenv(KEY_VARIABLE, raising=False)
    shutil.copytree(ROOT / "examples/my_agent", tmp_path / "examples/my_agent",
                    ignore=shutil.ignore_patterns("out"))
    monkeypatch.chdir(tmp_path)

    def configure(route, **fields):
        path = tmp_path / ROUTES / route / "agent.json"
        agent = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**agent, **fields}), encoding="utf-8")
        return f"{ROUTES}/{route}"
    return configure


def live_shift(route, responses, stream=False, model_name=MODEL, **options):
    with FakeOpenAIServer(responses) as server:
        model = OpenAICompatibleModel(server.url, model_name, stream=stream, **options)
        shift = run_shift(route, model=model, setting=model.setting)
    return shift, server


def replaying(name):
    return FakeOpenAIServer.replaying(name).responses


def step_lines(text):
    return [line for line in text.splitlines() if line.startswith(("Step ", "Stop:"))]


def trace_path(shift):
    (line,) = [line for line in shift.text.splitlines() if line.startswith("trace: ")]
    return line.removeprefix("trace: ").split(" — ")[0]


# --------------------------------------------------------------------------- the terminals

@pytest.mark.parametrize(("route", "name", "stream"), [
    ("one_match", "ch5_one_match", False),
    ("one_match", "ch5_one_match_stream", True),
    ("no_matches", "ch5_no_matches", False),
])
def test_a_live_model_takes_the_scenarios_road_to_the_same_stop(office, route, name, stream):
    """Where the live model proposes what the scripted scenario proposes, every decision and
    the stop are the same: the loop around the model did not change."""
    folder = office(route)
    scripted = run_shift(folder)
    live, server = live_shift(folder, replaying(name), stream)
    assert step_lines(live.text) == step_lines(scripted.text)
    assert live.run.terminal == scripted.run.terminal
    assert [r["proposal"] for r in live.run.records] == \
        [r["proposal"] for r in scripted.run.records]
    assert len(server.completions) == len(live.run.records)


def test_a_live_success_or_question_reports_the_live_model(office):
    live, _ = live_shift(office("one_match"), replaying("ch5_one_match"))
    lines = live.text.splitlines()
    model_line = [line for line in lines if line.startswith("model: ")]
    assert model_line[0].startswith(f"model: openai-compatible — {MODEL} at http://127.0.0.1:")
    assert model_line[0].endswith("/v1; every proposal is still checked")
    assert "scenario: none — the live model chooses every step" in lines


def test_the_repeated_action_guard_stops_a_live_model(office):
    live, server = live_shift(office("one_match"), replaying("ch5_repeats"))
    assert step_lines(live.text) == ["Step 1 | read_task_cards | continue",
                                     "Step 2 | read_task_cards (not run: a guard stopped it) "
                                     "| limit", "Stop: limit"]
    assert "same action twice" in live.text and len(server.completions) == 2


def test_the_token_budget_counts_the_servers_tokens(office):
    live, _ = live_shift(office("one_match", guards=["tokens=2000"]), replaying("ch5_one_match"))
    assert live.run.terminal == "limit"
    assert [r["tokens"] for r in live.run.records] == [486, 569, 648, 727]
    assert "token budget passed (2430 > 2000)" in live.text


@pytest.mark.parametrize(("name", "expected", "told"), [
    ("ch5_strays", ["Step 1 | delete_task_card (refused: unknown_tool) | continue",
                    "Step 2 | (a malformed proposal) (refused: not_a_dict) | error",
                    "Stop: error"], ("tool", "Error: proposal rejected (unknown_tool): ")),
    ("ch5_words", ["Step 1 | (an answer in words) (refused: not_a_tool_call) | continue",
                   "Step 2 | (an answer in words) (refused: not_a_tool_call) | error",
                   "Stop: error"], ("user", "proposal rejected (not_a_tool_call): ")),
])
def test_what_a_live_model_gets_wrong_is_refused_in_the_trace(office, name, expected, told):
    live, server = live_shift(office("one_match"), replaying(name))
    assert step_lines(live.text) == expected
    recorded = read_trace(trace_path(live))["steps"]
    assert [step["ran"] for step in recorded] == [False, False]
    # the refusal is what the model is told next: the result of its call, or a message
    last = server.completions[1]["messages"][-1]
    assert last["role"] == told[0] and last["content"].startswith(told[1])


def test_arguments_that_are_not_json_are_kept_as_the_model_sent_them(office):
    live, _ = live_shift(office("one_match"), replaying("ch5_strays"))
    use = live.run.records[1]["reply"]["content"][0]
    assert (use["name"], use["input"]) == ("read_task_cards", '{"query": "posters", "page": 1')
    assert live.run.records[1]["proposal"] is None


# --------------------------------------------------------------------------- bad endpoints

@pytest.fixture
def closed_port():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    yield sock.getsockname()[1]
    sock.close()


@pytest.mark.parametrize(("name", "words"), [
    ("wrong_model", 'answered HTTP 404: model "qwen9:3b" not found, try pulling it first'),
    ("not_json", "is not JSON (it starts with '<!doctype html>"),
    ("hang", "did not reply within 0.2 s"),
])
def test_an_endpoint_that_fails_ends_the_run_as_an_error_in_one_line(office, name, words):
    live, _ = live_shift(office("one_match"), [failure(name)], model_name="qwen9:3b",
                         timeout=0.2)
    assert live.run.terminal == "error" and live.run.records == []
    assert live.run.failure.startswith("the model failed: EndpointError: ")
    assert words in live.run.failure
    (reason,) = [line for line in live.text.splitlines() if line.startswith("reason: ")]
    assert words in reason
    assert format_replay(trace_path(live)).startswith(live.text + "\n")


def test_nothing_listening_ends_the_run_as_an_error(office, closed_port):
    model = OpenAICompatibleModel(f"http://127.0.0.1:{closed_port}/v1", MODEL)
    live = run_shift(office("one_match"), model=model, setting=model.setting)
    assert live.run.terminal == "error"
    assert "nothing answers at http://127.0.0.1:" in live.run.failure


# --------------------------------------------------------------------------- the record

def test_the_trace_holds_the_models_own_replies_and_token_counts(office):
    live, _ = live_shift(office("one_match"), replaying("ch5_one_match_stream"), stream=True)
    recorded = read_trace(trace_path(live))
    assert recorded["facts"]["model"].startswith(f"openai-compatible:{MODEL} at "
                                                 "http://127.0.0.1:")
    replies = [step["reply"] for step in recorded["steps"]]
    assert [r["content"][-1]["id"] for r in replies] == [
        "lcp1q8vz0k", "lc2m5xw4re", "lc9j3hd6ty", "lcv4l1d8te", "lcdr4ft5mm"]
    assert [r["usage"]["input_tokens"] for r in replies] == [486, 569, 648, 727, 842]
    assert replies[0]["usage"] == {"input_tokens": 486, "output_tokens": 26}
    assert replies[3]["content"][0] == {"type": "text", "text": "The search is complete: one "
                                                               "match, task-004."}


@pytest.mark.parametrize(("route", "name", "stream"), [
    ("one_match", "ch5_one_match_stream", True),
    ("no_matches", "ch5_no_matches", False),
    ("one_match", "ch5_repeats", False),
    ("one_match", "ch5_strays", False),
])
def test_a_live_trace_replays_offline_to_the_same_run(office, route, name, stream):
    live, server = live_shift(office(route), replaying(name), stream)
    asked = len(server.requests)
    replayed = format_replay(trace_path(live))   # the server is closed: nothing to ask
    assert replayed.startswith(live.text + "\n")
    assert replayed.splitlines()[-1].startswith(f"replayed: {trace_path(live)} — "
                                                f"{len(live.run.records)} steps")
    assert len(server.requests) == asked


def test_the_requests_are_chat_completions(office):
    _, server = live_shift(office("one_match"), replaying("ch5_one_match"))
    first, third = server.completions[0], server.completions[2]
    assert first["model"] == MODEL and first["stream"] is False
    assert first["messages"] == [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Goal: Tell Anya whether the open day posters are printed\n"
                                    "Query: posters"}]
    assert [tool["function"]["name"] for tool in first["tools"]] == [
        "read_task_cards", "validate_task_card", "draft_summary"]
    assert first["tools"][0]["function"]["parameters"]["required"] == ["query", "page"]
    assert [m["role"] for m in third["messages"]] == ["system", "user", "assistant", "tool",
                                                     "assistant", "tool"]
    result = third["messages"][3]
    assert result["tool_call_id"] == "call_p1q8vz0k"
    assert json.loads(result["content"])["matches"] == ["task-004"]


# --------------------------------------------------------------------------- the command

def run_cli(capsys, *args):
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_agentloop_run_takes_a_live_model_and_replay_needs_none(office, capsys):
    folder = office("no_matches")
    with FakeOpenAIServer.replaying("ch5_no_matches") as server:
        status, out, err = run_cli(capsys, "run", "--dir", folder, "--model",
                                   "openai-compatible", "--base-url", server.url,
                                   "--model-name", MODEL)
    assert (status, err) == (1, "")   # needs_input: a person must act
    assert f"model: openai-compatible — {MODEL} at {server.url}; every proposal is still " \
           "checked" in out.splitlines()
    (trace,) = [line for line in out.splitlines() if line.startswith("trace: ")]
    status, replayed, err = run_cli(capsys, "replay", trace.split(" — ")[0][len("trace: "):])
    assert (status, err) == (0, "") and replayed.startswith(out)


@pytest.mark.parametrize(("args", "words"), [
    (["--dir", "examples/stop_policy/limit2", "--model", "openai-compatible", "--base-url",
      "http://127.0.0.1:1/v1", "--model-name", MODEL], "--model needs a workspace"),
    (["--dir", f"{ROUTES}/one_match", "--model-name", MODEL],
     "--model-name goes with --model openai-compatible"),
    (["--dir", f"{ROUTES}/one_match", "--model", "openai-compatible"],
     "needs --base-url URL and --model-name NAME"),
])
def test_agentloop_run_refuses_incomplete_model_options(office, capsys, args, words):
    shutil.copytree(ROOT / "examples/stop_policy", Path("examples/stop_policy"))
    status, out, err = run_cli(capsys, "run", *args)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1


# --------------------------------------------------------------------------- agent.json names it

def test_agent_json_names_the_endpoint_and_the_run_uses_it(office, capsys):
    """agent.json's model object: the run goes to that endpoint with no command-line option,
    the banner and the trace name it as `--model` would, and the trace replays offline."""
    with FakeOpenAIServer.replaying("ch5_no_matches") as server:
        folder = office("no_matches", model={"kind": "openai-compatible",
                                             "base_url": server.url, "model_name": MODEL,
                                             "timeout": 30})
        status, out, err = run_cli(capsys, "run", "--dir", folder)
    assert (status, err) == (1, "") and len(server.completions) >= 1
    assert f"model: openai-compatible — {MODEL} at {server.url}; every proposal is still " \
           "checked" in out.splitlines()
    (trace,) = [line for line in out.splitlines() if line.startswith("trace: ")]
    status, replayed, err = run_cli(capsys, "replay", trace.split(" — ")[0][len("trace: "):])
    assert (status, err) == (0, "") and replayed.startswith(out)


@pytest.mark.parametrize(("model", "words"), [
    ({"kind": "ollama", "base_url": "http://127.0.0.1:1/v1", "model_name": MODEL},
     "model.kind must be 'openai-compatible'"),
    ({"kind": "openai-compatible", "model_name": MODEL}, "model.base_url must be one line"),
    ({"kind": "openai-compatible", "base_url": "http://127.0.0.1:1/v1", "model_name": ""},
     "model.model_name must be one line"),
    ({"kind": "openai-compatible", "base_url": "ftp://x/v1", "model_name": MODEL},
     "agent.json: model: "),
    ({"kind": "openai-compatible", "base_url": "http://127.0.0.1:1/v1", "model_name": MODEL,
      "timeout": 0}, "timeout must be a number of seconds above 0"),
    ({"kind": "openai-compatible", "base_url": "http://127.0.0.1:1/v1", "model_name": MODEL,
      "temperature": 1}, "model has unknown fields ['temperature']"),
    ([1], "model must be 'scenario', 'live:MODEL_NAME' or an object"),
])
def test_a_bad_model_object_is_one_line_before_any_request(office, capsys, model, words):
    folder = office("one_match", model=model)
    status, out, err = run_cli(capsys, "run", "--dir", folder)
    assert status == 2 and out == "" and words in err and err.count("\n") == 1, err
