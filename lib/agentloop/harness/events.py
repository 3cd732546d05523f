"""Chapter 4: the event stream, an append-only log of small typed facts.

Hooks act; events observe. A hook gets the live payload the loop will read back; an
event is a frozen copy of a few facts (names, counts, ids, statuses) taken when it
happened. So an event never carries a hook payload object, subscribers cannot change
what the loop does, and a log can be saved, shipped and replayed as plain JSON. Where
replay needs more than a name — plan.commit holds the committed steps, tool.call the
request — the event holds a copy of what the hooks settled on, never the dict they got.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.errors import describe_error  # re-exported by agentloop.harness
from agentloop.plain import copy_plain
from agentloop.validation import validate_whole_number
from agentloop.vocabulary import Word


class EventType(Word):
    """The eleven kinds of fact on the stream. An event keeps its type as the plain word
    (`Event.type`), as a saved log does."""

    SESSION_START = "session.start"
    PLAN_DRAFT = "plan.draft"
    PLAN_COMMIT = "plan.commit"
    STEP_START = "step.start"
    STEP_END = "step.end"
    TOOL_CALL = "tool.call"
    TOOL_RESULT = "tool.result"
    TOOL_ERROR = "tool.error"
    BUDGET_WARN = "budget.warn"
    SESSION_PAUSE = "session.pause"
    SESSION_COMPLETE = "session.complete"


EVENT_TYPES = tuple(EventType)


class EventLogError(ValueError):
    """A bad event or event file: not JSON, an unknown type, offsets out of order."""


@dataclass(frozen=True)
class Event:
    """One fact on the stream: its position, its type, when (seconds into the session), data."""

    offset: int
    type: str
    at: float
    _data: dict[str, Any] = field(repr=False)

    @property
    def data(self) -> dict[str, Any]:
        """A copy of the facts: reading an event can never change the log."""
        return copy_plain(self._data)

    def to_dict(self) -> dict[str, Any]:
        return {"offset": self.offset, "type": self.type, "at": self.at, "data": self.data}

    @classmethod
    def from_dict(cls, item: object, where: str = "event") -> Event:
        """Turn one JSON object into an Event, or raise EventLogError saying what is wrong."""
        if not isinstance(item, dict):
            raise EventLogError(f"{where}: expected a JSON object, got {type(item).__name__}")
        missing = [k for k in ("offset", "type", "at", "data") if k not in item]
        if missing:
            raise EventLogError(f"{where}: missing {', '.join(missing)}")
        extra = sorted(set(item) - {"offset", "type", "at", "data"})
        if extra:
            raise EventLogError(f"{where}: unknown keys {extra}; allowed: offset, type, at, data")
        if item["type"] not in EVENT_TYPES:
            raise EventLogError(f"{where}: unknown event type {item['type']!r}; "
                                f"the types are: {', '.join(EVENT_TYPES)}")
        if type(item["offset"]) is not int:
            raise EventLogError(f"{where}: offset must be an integer, got {item['offset']!r}")
        if type(item["at"]) not in (int, float):
            raise EventLogError(f"{where}: at must be a number, got {item['at']!r}")
        if not isinstance(item["data"], dict):
            raise EventLogError(f"{where}: data must be a JSON object")
        return cls(item["offset"], item["type"], float(item["at"]), _plain(item["data"], where))


_ENCODE = json.JSONEncoder(allow_nan=False).encode  # made once: json.dumps with an option
_DECODE = json.JSONDecoder().decode                  # builds a new encoder on every call
_SURROGATE = re.compile("[\ud800-\udfff]")   # JSON joins a pair of them into one character
_SIMPLE_DEPTH = 32          # deeper (or circular) data goes through JSON, which says why
_SIMPLE_INT = 2 ** 63       # a longer int too (JSON refuses one of more than 4300 digits)


class _NotSimple(Exception):
    """Data a JSON round trip might change or refuse: it takes the JSON way."""


def json_copy(value: Any) -> Any:
    """A copy of `value` through JSON, which proves it is plain data: TypeError or
    ValueError (NaN, infinity) if it is not."""
    try:   # most event data is simple: copied as JSON would give it back, without JSON
        return _simple_copy(value, _SIMPLE_DEPTH)
    except (_NotSimple, RecursionError):
        return _DECODE(_ENCODE(value))


def _simple_copy(value: Any, depth: int) -> Any:
    """`value` as a JSON round trip gives it back, for data of exact JSON types that the
    round trip leaves as they are; _NotSimple for anything else (no method of it is called)."""
    kind = type(value)
    if kind is str:
        if _kept_text(value):
            return value
    elif kind is int:
        if -_SIMPLE_INT < value < _SIMPLE_INT:
            return value
    elif kind is float:
        if -math.inf < value < math.inf:   # not NaN or an infinity: JSON refuses those
            return value
    elif value is None or kind is bool:
        return value
    elif kind is dict and depth:
        copied = {}
        for key, item in value.items():
            if type(key) is not str or not _kept_text(key):
                raise _NotSimple   # JSON turns an int key into text, and so on
            copied[key] = _simple_copy(item, depth - 1)
        return copied
    elif (kind is list or kind is tuple) and depth:
        return [_simple_copy(item, depth - 1) for item in value]
    raise _NotSimple


def _kept_text(text: str) -> bool:
    """Whether JSON gives `text` back as it is (it joins a pair of surrogates)."""
    return text.isascii() or _SURROGATE.search(text) is None


def _plain(data: dict[str, Any], where: str) -> dict[str, Any]:
    try:  # a JSON round trip both copies the facts and proves they are plain data
        return json_copy(data)
    except (TypeError, ValueError) as exc:
        raise EventLogError(f"{where}: data must be plain JSON ({exc})") from None


Subscriber = Callable[[Event], Any]


class EventLog:
    """Append-only; subscribers get every event from the offset they asked for, then new ones.

    A subscriber that raises does not stop the loop (events only observe): the error is
    kept in `subscriber_errors` and the next subscriber still runs.
    """

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events: list[Event] = []
        self._subscribers: list[Subscriber] = []
        self.subscriber_errors: list[str] = []
        for event in events:
            self._add(event)

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(list(self._events))

    def __getitem__(self, offset: int) -> Event:
        return self._events[offset]

    def append(self, type: str, at: float, data: dict[str, Any]) -> Event:
        """Add an event at the next offset and deliver it to every subscriber."""
        if type not in EVENT_TYPES:
            raise EventLogError(f"unknown event type {type!r}; the types are: "
                                f"{', '.join(EVENT_TYPES)}")
        event = Event(len(self._events), EventType(type).value, round(float(at), 6),
                      _plain(data, type))
        self._add(event)
        return event

    def _add(self, event: Event) -> None:
        if event.offset != len(self._events):
            raise EventLogError(f"event {event.type} has offset {event.offset}; "
                                f"expected {len(self._events)} (offsets count up from 0)")
        self._events.append(event)
        for subscriber in list(self._subscribers):
            self._deliver(subscriber, event)

    def _deliver(self, subscriber: Subscriber, event: Event) -> None:
        try:
            subscriber(event)
        except Exception as exc:  # an observer must not break the loop it observes
            name = getattr(subscriber, "__name__", type(subscriber).__name__)
            self.subscriber_errors.append(
                f"subscriber {name} raised {describe_error(exc)} "
                f"on event {event.offset} ({event.type})")

    def since(self, offset: int = 0) -> list[Event]:
        """The events from `offset` on."""
        validate_offset(offset, len(self._events))
        return self._events[offset:]

    def subscribe(self, subscriber: Subscriber, offset: int = 0) -> Subscriber:
        """Replay the events from `offset` to `subscriber`, then send it every new one."""
        if not callable(subscriber):
            raise ValueError(f"subscriber must be callable, got {subscriber!r}")
        for event in self.since(offset):
            self._deliver(subscriber, event)
        self._subscribers.append(subscriber)
        return subscriber

    def to_dicts(self) -> list[dict[str, Any]]:
        return [event.to_dict() for event in self._events]

    def to_jsonl(self) -> str:
        """One JSON object a line; the format `save_events` writes."""
        return "".join(json.dumps(e.to_dict(), ensure_ascii=False, sort_keys=True) + "\n"
                       for e in self._events)


def validate_offset(offset: object, length: int) -> int:
    return validate_whole_number("offset", offset, 0, length)


def events_from_dicts(items: Iterable[object], source: str = "events") -> list[Event]:
    """Turn a list of event objects (offsets 0, 1, 2, …) into Events, refusing bad ones."""
    events = []
    for number, item in enumerate(items):
        event = Event.from_dict(item, f"{source}: event {number}")
        if event.offset != number:
            raise EventLogError(f"{source}: event {number} has offset {event.offset}; "
                                f"offsets must count up from 0 without gaps")
        events.append(event)
    return events


def parse_jsonl(text: str, source: str = "events") -> list[Event]:
    """Parse JSON Lines text into Events (bad ones refused); blank lines are ignored."""
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise EventLogError(f"{source}, line {number}: not JSON ({exc.msg})") from None
    if not items:
        raise EventLogError(f"{source} holds no events")
    return events_from_dicts(items, source)


def save_events(events: Iterable[Event], path: str | Path) -> None:
    """Write events as JSON Lines."""
    Path(path).write_text(EventLog(events).to_jsonl(), encoding="utf-8")


def load_events(path: str | Path) -> list[Event]:
    """Read a JSON Lines event file; EventLogError if it cannot be read or is malformed."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EventLogError(f"no event file {path}") from None
    except (IsADirectoryError, UnicodeDecodeError) as exc:
        raise EventLogError(f"cannot read {path} as an event file ({type(exc).__name__})") \
            from None
    return parse_jsonl(text, str(path))
