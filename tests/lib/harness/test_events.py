"""Chapter 4's event stream: the demo's golden sequence, offsets, replay to subscribers, files."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentloop.harness import (
    EVENT_TYPES,
    EventLog,
    EventLogError,
    load_events,
    parse_jsonl,
    run_demo,
    save_events,
)

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


def test_eleven_event_types():
    assert len(EVENT_TYPES) == 11 == len(set(EVENT_TYPES))


def test_the_demo_session_matches_the_golden_log():
    assert run_demo().events.to_jsonl() == (GOLDEN / "ch4_demo_events.jsonl").read_text()


def test_the_demo_sequence_reads_as_the_contract():
    types = [e.type for e in run_demo().events]
    step_with_tool = ["step.start", "tool.call", "tool.result", "step.end"]
    assert types == ["session.start", "plan.draft", "plan.commit", *step_with_tool,
                     *step_with_tool, "step.start", "step.end", "session.complete"]


def test_offsets_count_up_and_events_cannot_be_changed_by_readers():
    log = run_demo().events
    assert [e.offset for e in log] == list(range(len(log)))
    log[0].data["goal"] = "something else"
    assert log[0].data["goal"] == "free the disk space taken by the build cache"


def test_subscribers_replay_from_any_offset_then_follow():
    log, seen = EventLog(), []
    for n in range(3):
        log.append("step.start", n, {"index": n})
    log.subscribe(lambda e: seen.append(e.offset), offset=2)
    log.append("step.end", 3, {"index": 2})
    assert seen == [2, 3]
    with pytest.raises(ValueError, match="offset must be an integer from 0 to 4, got 5"):
        log.subscribe(print, offset=5)


def test_a_failing_subscriber_does_not_stop_the_others():
    log, seen = EventLog(), []

    def broken(event):
        raise KeyError("index")

    log.subscribe(broken)
    log.subscribe(lambda e: seen.append(e.type))
    log.append("budget.warn", 0, {"limit": "turns"})
    assert seen == ["budget.warn"]
    assert log.subscriber_errors == ["subscriber broken raised KeyError: 'index' on event 0 "
                                     "(budget.warn)"]


def test_events_hold_plain_facts_only():
    with pytest.raises(EventLogError, match=r"unknown event type 'step\.begin'"):
        EventLog().append("step.begin", 0, {})
    with pytest.raises(EventLogError, match="must be plain JSON"):
        EventLog().append("step.start", 0, {"when": object()})


class Word(str):
    pass


@pytest.mark.parametrize(("data", "copied"), [
    ({"a": [1, 2.5, None, True, "é"], "b": ({"c": "x"},)}, {"a": [1, 2.5, None, True, "é"],
                                                           "b": [{"c": "x"}]}),
    ({1: "one", None: "none", 2.5: "x"}, {"1": "one", "null": "none", "2.5": "x"}),
    ({"pair": "\ud83d\ude00", "lone": "\ud800"}, {"pair": "😀", "lone": "\ud800"}),  # as JSON does
    ({"word": Word("w"), Word("k"): 2**70}, {"word": "w", "k": 2**70}),
])
def test_event_data_is_copied_as_a_json_round_trip_gives_it(data, copied):
    event = EventLog().append("step.start", 0, data)
    assert event.data == copied
    assert [type(v) for v in event.data.values()] == [type(v) for v in copied.values()]


@pytest.mark.parametrize(("data", "reason"), [
    ({"x": float("nan")}, "Out of range float values are not JSON compliant"),
    ({"x": [float("inf")]}, "Out of range float values are not JSON compliant"),
    ({"x": 10**5000}, "Exceeds the limit"),
    ({(1, 2): "x"}, "keys must be str, int, float, bool or None, not tuple"),
    ({"x": {1, 2}}, "Object of type set is not JSON serializable"),
])
def test_event_data_that_json_refuses_is_refused_with_its_reason(data, reason):
    with pytest.raises(EventLogError, match=r"step\.start: data must be plain JSON \(.*"
                                            + reason.replace("(", r"\(")):
        EventLog().append("step.start", 0, data)


def test_circular_or_deep_event_data():
    circular: dict = {}
    circular["self"] = circular
    with pytest.raises(EventLogError, match="Circular reference detected"):
        EventLog().append("step.start", 0, circular)
    deep: list = []
    inner = deep
    for _ in range(100):
        inner.append([])
        inner = inner[0]
    assert EventLog().append("step.start", 0, {"deep": deep}).data == {"deep": deep}


def test_save_and_load_round_trip(tmp_path):
    events = list(run_demo(max_turns=1).events)
    save_events(events, tmp_path / "log.jsonl")
    assert load_events(tmp_path / "log.jsonl") == events


@pytest.mark.parametrize(("text", "message"), [
    ("", "holds no events"),
    ("{not json}\n", "line 1: not JSON"),
    ('[1, 2]\n', "event 0: expected a JSON object, got list"),
    ('{"offset": 0, "type": "session.begin", "at": 0, "data": {}}\n',
     "unknown event type 'session.begin'"),
    ('{"offset": 1, "type": "session.start", "at": 0, "data": {}}\n',
     "event 0 has offset 1; offsets must count up from 0 without gaps"),
    ('{"offset": 0, "type": "session.start", "at": 0}\n', "missing data"),
    ('{"offset": 0, "type": "session.start", "at": "soon", "data": {}}\n',
     "at must be a number"),
    ('{"offset": 0, "type": "session.start", "at": 0, "data": {}, "x": 1}\n',
     "unknown keys ['x']"),
])
def test_bad_event_files_are_named_clearly(text, message):
    with pytest.raises(EventLogError, match=message.replace("[", r"\[").replace("(", r"\(")):
        parse_jsonl(text, "log.jsonl")


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(EventLogError, match="no event file"):
        load_events(tmp_path / "nope.jsonl")
