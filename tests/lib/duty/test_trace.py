"""Chapter 5's trace: written line by line, never over an earlier one; what replay takes
(a file, a run's folder, the output folder); every line checked before anything runs."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentloop.duty.example import write_office
from agentloop.duty.shift import run_shift
from agentloop.duty.trace import TraceError, TraceWriter, find_trace, format_replay, read_trace
from agentloop.i18n import speaking

FACTS = {"goal": "g"}


def test_a_trace_is_a_new_file_never_an_earlier_one(tmp_path):
    path = tmp_path / "trace.jsonl"
    path.write_text("an earlier run's trace\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        TraceWriter(path, FACTS)
    assert path.read_text(encoding="utf-8") == "an earlier run's trace\n"


def test_a_line_a_model_filled_with_a_lone_surrogate_is_still_written(tmp_path):
    writer = TraceWriter(tmp_path / "t.jsonl", FACTS)
    writer.step({"step": 1, "reply": {"text": "bad \udcfe"}})
    writer.close()
    assert writer.error is None
    lines = (tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[1])["reply"]["text"] == "bad \udcfe"   # escaped, not lost


def test_replay_takes_a_file_a_run_folder_or_the_output_folder(tmp_path, monkeypatch):
    write_office(tmp_path)
    monkeypatch.chdir(tmp_path)
    run_shift("my_agent")
    run_shift("my_agent", answer="task-003")
    out = tmp_path / "my_agent/out"
    first = out / "runs/0001/trace.jsonl"
    assert find_trace(first) == first
    assert find_trace(out / "runs/0001") == first
    assert find_trace(out) == out / "runs/0002/trace.jsonl"
    assert read_trace(find_trace(out))["facts"]["answer"] == "task-003"
    (out / "runs/0001/copy.jsonl").write_bytes(first.read_bytes())
    with pytest.raises(TraceError, match=r"holds 2 traces; pass one of them: copy\.jsonl, "
                                         r"trace\.jsonl"):
        find_trace(out / "runs/0001")


@pytest.mark.parametrize(("text", "message"), [
    ("", "the first line must be the run line"),
    ('{"kind": "run", "format": "agentloop.duty.trace/1", "facts": {}}\n',
     "the last line must be the stop line"),
    ('{"kind": "nope"}\n', "line 1: kind must be one of run, event, step, stop"),
    ("\xff\n", "is not UTF-8 text"),
])
def test_a_malformed_trace_is_one_line(tmp_path, text, message):
    path = tmp_path / "t.jsonl"
    path.write_bytes(text.encode("latin-1") if text == "\xff\n" else text.encode("utf-8"))
    with pytest.raises(TraceError) as caught:
        read_trace(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


values = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=5),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """One trace of each kind of ending, as lines of JSON."""
    folder = tmp_path_factory.mktemp("traces")
    write_office(folder)
    traces = []
    for route in ("my_agent", "my_agent/routes/one_match", "my_agent/routes/last_step_failure",
                  "my_agent/routes/missing_board"):
        run_shift(folder / route)
        traces.append([json.loads(line) for line in
                       (folder / route / "out/runs/0001/trace.jsonl").read_text(
                           encoding="utf-8").splitlines()])
    return traces


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_edit_of_a_trace_replays_or_is_one_line_never_a_crash(recorded, tmp_path, data):
    lines = copy.deepcopy(data.draw(st.sampled_from(recorded)))
    line = data.draw(st.sampled_from(lines))
    target = line if line["kind"] != "run" else line["facts"]
    nested = [key for key in target if isinstance(target[key], dict)]
    if nested and data.draw(st.booleans()):
        target = target[data.draw(st.sampled_from(nested))]
    if target and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(target)))
        if data.draw(st.booleans()):
            del target[key]
        else:
            target[key] = data.draw(values)
    else:
        target[data.draw(st.text(min_size=1, max_size=6))] = data.draw(values)
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in lines), encoding="utf-8")
    try:
        text = format_replay(path)
    except TraceError as exc:
        assert "\n" not in str(exc)
    else:
        assert "the same decisions and the same stop" in text


@pytest.mark.parametrize(("language", "said"), [
    ("ru", "t.jsonl, строка 1: kind должен быть одним из run, event, step, stop"),
    ("bg", "t.jsonl, ред 1: kind трябва да е едно от run, event, step, stop"),
    ("fa", "t.jsonl، خط 1: kind باید یکی از run, event, step, stop باشد"),
])
def test_a_malformed_trace_is_said_in_the_readers_language(tmp_path, monkeypatch, language,
                                                           said):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.jsonl").write_text('{"kind": "nope"}\n', encoding="utf-8")
    with speaking(language), pytest.raises(TraceError) as refused:
        read_trace("t.jsonl")
    assert str(refused.value) == said
    with pytest.raises(TraceError) as refused:   # and in English as before
        read_trace("t.jsonl")
    assert str(refused.value) == "t.jsonl, line 1: kind must be one of run, event, step, stop"


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_an_edited_trace_that_does_not_replay_is_said_in_the_readers_language(
        recorded, tmp_path, language):
    lines = copy.deepcopy(recorded[0])
    lines[-1]["terminal"] = "maybe"
    path = tmp_path / "edited.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in lines), encoding="utf-8")
    with pytest.raises(TraceError) as english:
        format_replay(path)
    with speaking(language), pytest.raises(TraceError) as said:
        format_replay(path)
    assert "the stop's terminal must be one of" in str(english.value)
    assert str(said.value) != str(english.value) and str(path) in str(said.value)
    assert "success, needs_input, error, limit" in str(said.value)   # the names stay
