"""Chapter 5: the trace of a run, and replaying it.

The trace is JSON Lines, written while the run goes (a line is on disk before the next
step starts, so a run that breaks still leaves its steps behind). Each line has a kind:

    run     first: the format and the banner's facts (goal, query, policy, allowlist, …)
    event   one of chapter 4's harness events, as it happened
    step    one step: the model's reply, the proposal, the observation, the decision
    stop    last: the terminal, and the failure if the run ended without a decision

Replay runs the same loop again with the recorded replies in the model's place and the
recorded observations in the tools' place — nothing reaches the board or a provider — and
then demands the same thing of it: the same steps, the same decisions, the same stop, the
same harness events. The events' `at` (seconds into the session) is left out of that
comparison; the harness's clock does not move in a duty run anyway. Any difference is a
TraceError naming the step, so a trace that was edited by hand does not replay quietly.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from agentloop.duty.banner import format_banner
from agentloop.duty.board_tools import make_registry
from agentloop.duty.officer import MODEL_FAILED, Run, RunInput, run_officer
from agentloop.harness.events import Event, EventLogError, events_from_dicts
from agentloop.harness.replay import replay as replay_events
from agentloop.harness.states import DONE

TRACE_FORMAT = "agentloop.duty.trace/1"
KINDS = ("run", "event", "step", "stop")
COMPARED = ("step", "action", "note", "ran", "proposal", "tokens", "observation", "decision")


class TraceError(ValueError):
    """A trace that cannot be read, or that does not replay to the run it records."""


class TraceWriter:
    """Writes a run's trace line by line. A write that fails is kept in `error`, not raised,
    because events reach it through the harness, which must not break on an observer."""

    def __init__(self, path: Path, facts: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: TextIO | None = path.open("w", encoding="utf-8")
        self.error: str | None = None
        self._write({"kind": "run", "format": TRACE_FORMAT, "facts": facts})

    def event(self, event: Event) -> None:
        self._write({"kind": "event", **event.to_dict()})

    def step(self, record: dict[str, Any]) -> None:
        self._write({"kind": "step", **record})

    def stop(self, run: Run) -> None:
        self._write({"kind": "stop", "terminal": run.terminal, "failure": run.failure})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _write(self, line: dict[str, Any]) -> None:
        if self._file is None or self.error is not None:
            return
        try:
            self._file.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
            self._file.flush()
        except OSError as exc:
            self.error = exc.strerror or type(exc).__name__


def read_trace(path: str | Path) -> dict[str, Any]:
    """The trace's parts: {"facts", "events", "steps", "stop"}; TraceError if malformed."""
    shown = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TraceError(f"no trace file {shown}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TraceError(f"cannot read {shown} as a trace ({type(exc).__name__})") from None
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TraceError(f"{shown}, line {number}: not JSON ({exc.msg})") from None
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            raise TraceError(f"{shown}, line {number}: kind must be one of {', '.join(KINDS)}")
        lines.append((number, item))
    if not lines or lines[0][1]["kind"] != "run" or lines[0][1].get("format") != TRACE_FORMAT:
        raise TraceError(f"{shown}: the first line must be the run line of a "
                         f"{TRACE_FORMAT} trace")
    if lines[-1][1]["kind"] != "stop":
        raise TraceError(f"{shown}: the last line must be the stop line; the run did not "
                         "finish writing its trace")
    parts: dict[str, Any] = {"facts": lines[0][1].get("facts"), "events": [], "steps": [],
                             "stop": lines[-1][1]}
    for number, item in lines[1:-1]:
        if item["kind"] == "event":
            parts["events"].append({k: v for k, v in item.items() if k != "kind"})
        elif item["kind"] == "step":
            if item.get("step") != len(parts["steps"]) + 1:
                raise TraceError(f"{shown}, line {number}: step {item.get('step')!r} is out of "
                                 f"order; expected step {len(parts['steps']) + 1}")
            parts["steps"].append({k: v for k, v in item.items() if k != "kind"})
        else:
            raise TraceError(f"{shown}, line {number}: a {item['kind']} line comes only once")
    _check_facts(parts["facts"], shown)
    return parts


def replay_trace(path: str | Path) -> tuple[dict[str, Any], Run]:
    """Run the recorded run again from its trace alone; TraceError unless it is the same run."""
    shown = str(path)
    parts = read_trace(path)
    facts, recorded = parts["facts"], parts["steps"]
    run_input = RunInput(facts["goal"], facts["query"], facts["max_steps"],
                         facts["max_retries"], tuple(facts["guards"]), facts["answer"],
                         facts["question"])
    ran = [step for step in recorded if step.get("ran")]
    try:
        registry = make_registry(tuple(facts["tools"]), _recorded_tools(ran))
        run = run_officer(run_input, RecordedModel(recorded, parts["stop"].get("failure")),
                          registry)
    except (ValueError, KeyError, TypeError) as exc:
        raise TraceError(f"{shown} does not replay: {type(exc).__name__}: {exc}") from None
    _compare(shown, recorded, run, parts)
    return facts, run


def format_replay(path: str | Path) -> str:
    """What `agentloop replay TRACE` prints: the run's banner again, then one line saying so."""
    facts, run = replay_trace(path)
    return (f"{format_banner(facts, run)}\n"
            f"replayed: {path} — {len(run.records)} steps, the same decisions and the same stop")


def is_trace(path: str | Path) -> bool:
    """True when the file's first line is a duty officer trace's run line."""
    try:
        with Path(path).open(encoding="utf-8") as handle:
            first = json.loads(handle.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(first, dict) and first.get("format") == TRACE_FORMAT


class RecordedModel:
    """Plays back the recorded replies, one a step, chosen by the history's length.

    Asked for one more reply than the trace holds, it fails the way the recorded model
    failed: an exception of the recorded type's name and message, so the harness writes
    the same detail again. (A model cannot be asked again in a replay.)
    """

    def __init__(self, steps: list[dict[str, Any]], failure: str | None) -> None:
        self.replies = [copy.deepcopy(step.get("reply")) for step in steps]
        self.failure = failure

    def create(self, system: str, messages: list[dict[str, Any]],
               tools: list[dict[str, Any]]) -> Any:
        index = sum(m["role"] == "assistant" for m in messages)
        if index < len(self.replies):
            return copy.deepcopy(self.replies[index])
        detail = (self.failure or "").removeprefix(MODEL_FAILED)
        name, _, message = detail.partition(": ")
        kind = name if name.isidentifier() else "RecordedFailure"
        raise type(kind, (Exception,), {})(*([message] if message else []))


def _recorded_tools(steps: list[dict[str, Any]]) -> Callable[[str], Callable[..., Any]]:
    """Tools that answer with the recorded observations, in order, and never touch a board."""
    queue = list(steps)

    def run_for(name: str) -> Callable[..., Any]:
        def recorded(**args: Any) -> Any:
            if not queue or queue[0].get("action") != name:
                return {"ok": False, "error": f"the trace has no recorded {name} here"}
            return copy.deepcopy(queue.pop(0).get("observation"))
        return recorded

    return run_for


def _compare(shown: str, recorded: list[dict[str, Any]], run: Run,
             parts: dict[str, Any]) -> None:
    for before, after in zip(recorded, run.records, strict=False):
        for key in COMPARED:
            if before.get(key) != after.get(key):
                raise TraceError(f"{shown}: step {before.get('step')} does not replay: the trace "
                                 f"has {key} {_short(before.get(key))}, the loop gives "
                                 f"{_short(after.get(key))}")
    if len(recorded) != len(run.records):
        raise TraceError(f"{shown} does not replay: the trace has {len(recorded)} steps, the "
                         f"loop takes {len(run.records)}")
    stop = parts["stop"]
    if (stop.get("terminal"), stop.get("failure")) != (run.terminal, run.failure):
        raise TraceError(f"{shown} does not replay: the trace stops with "
                         f"{stop.get('terminal')!r}, the loop with {run.terminal!r}")
    timeless = [{k: v for k, v in e.items() if k != "at"} for e in parts["events"]]
    if timeless != [{k: v for k, v in e.items() if k != "at"} for e in run.events]:
        raise TraceError(f"{shown} does not replay: its harness events differ from the loop's")
    try:   # and chapter 4's own replay walks the recorded events to the same end
        harness = replay_events(events_from_dicts(parts["events"], shown))
    except EventLogError as exc:
        raise TraceError(str(exc)) from None
    if harness.state is not DONE:
        raise TraceError(f"{shown}: the harness events end in {harness.state}, not DONE")


def _check_facts(facts: Any, shown: str) -> None:
    needed = {"goal": str, "query": str, "max_steps": int, "max_retries": int, "guards": list,
              "tools": list, "config": str, "board": str, "model": str, "page_size": int}
    if not isinstance(facts, dict):
        raise TraceError(f"{shown}: the run line needs facts (an object)")
    for name, kind in needed.items():
        if not isinstance(facts.get(name), kind):
            raise TraceError(f"{shown}: the run line's facts.{name} must be a "
                             f"{kind.__name__}, got {_short(facts.get(name))}")
    for name in ("answer", "question", "contract", "save", "state", "trace", "tools_default"):
        if name not in facts:
            raise TraceError(f"{shown}: the run line's facts has no {name}")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."
