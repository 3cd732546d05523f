"""Chapter 5: the trace of a run, and replaying it.

The trace is JSON Lines, written while the run goes (a line is on disk before the next
step starts, so a run that breaks still leaves its steps behind). Each line has a kind:

    run     first: the format and the banner's facts (goal, query, policy, allowlist, …)
    event   one of chapter 4's harness events, as it happened
    step    one step: the model's reply, the proposal, the observation, the decision
    stop    last: the terminal, and the failure if the run ended without a decision

Each run writes its trace into its own folder (out/runs/0001/trace.jsonl, see `runs`), so
every run of a workspace can be replayed: `agentloop replay` takes the trace file, the
run's folder, or the output folder (its latest run).

Replay (the playback of a trace — not the scripted scenario a workspace's model may be)
runs the same loop again with the recorded replies in the model's place and the recorded
observations in the tools' place — nothing reaches the board or a provider — and then
demands the same thing of it: the same steps, the same decisions, the same stop, the same
harness events. The events' `at` (seconds into the session) is left out of that
comparison; the harness's clock does not move in a duty run anyway. Any difference is a
TraceError naming the step, so a trace that was edited by hand does not replay quietly.

Replay alone re-decides; it cannot tell a forged observation (edited together with its
event) from a real one. `against_board` can: it runs every recorded tool call again on the
board and names the first observation the board does not give.

Every line is checked field by field before anything runs: a bad one is a TraceError
naming the file, the line and the field, in the reader's language (the trace itself, and
what it records, stays as the run wrote it).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from agentloop.duty.banner import format_banner
from agentloop.duty.board import is_card_id, shown_name
from agentloop.duty.board_tools import QUERY_LENGTH, board_registry, make_registry
from agentloop.duty.faults import with_faults
from agentloop.duty.jsonfile import is_printable, read_bytes, why
from agentloop.duty.officer import (
    MODEL_FAILED,
    SIMILAR_IDS,
    Run,
    RunInput,
    run_officer,
    run_tool,
)
from agentloop.duty.runs import LATEST, RUN_NAME, RUNS
from agentloop.duty.workspace import WorkspaceError, checked_setting
from agentloop.harness.events import Event, EventLogError, events_from_dicts
from agentloop.harness.replay import replay as replay_events
from agentloop.harness.states import DONE
from agentloop.i18n import t
from agentloop.loop import CONTINUE, TERMINALS, validate_limits
from agentloop.messages import Message, Reply, ToolDefinition
from agentloop.model_contract import Model
from agentloop.text import clip

TRACE_FORMAT = "agentloop.duty.trace/1"
KINDS = ("run", "event", "step", "stop")
COMPARED = ("step", "action", "note", "ran", "proposal", "tokens", "observation", "decision")
STEP_FIELDS = (*COMPARED, "reply")
MAX_TRACE_BYTES = 20_000_000   # a run of five steps writes a few dozen kilobytes
TEXT_LENGTH = 4_000            # facts that are paths or questions


class TraceError(ValueError):
    """A trace that cannot be read, or that does not replay to the run it records."""


class TraceWriter:
    """Writes a run's trace line by line. A write that fails is kept in `error`, not raised,
    because events reach it through the harness, which must not break on an observer."""

    def __init__(self, path: Path, facts: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # "x": a new file only — never an earlier run's trace, never through a link
        self._file: TextIO | None = path.open("x", encoding="utf-8")
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
            text = json.dumps(line, ensure_ascii=False, sort_keys=True)
            if not is_printable(text):   # a lone surrogate from a model: escape it instead
                text = json.dumps(line, sort_keys=True)
            self._file.write(text + "\n")
            self._file.flush()
        except OSError as exc:
            self.error = exc.strerror or type(exc).__name__
        except (TypeError, ValueError, RecursionError) as exc:   # not plain data: say so
            self.error = f"a line that is not plain JSON ({type(exc).__name__})"


def read_trace(path: str | Path) -> dict[str, Any]:
    """The trace's parts: {"facts", "events", "steps", "stop"}; TraceError if malformed."""
    shown = shown_name(str(path))
    data = read_bytes(path, shown, TraceError, limit=MAX_TRACE_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TraceError(t("{file} is not UTF-8 text (byte 0x{byte} at position {position})",
                           file=shown, byte=f"{data[exc.start]:02x}",
                           position=exc.start)) from None
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TraceError(t("{trace}, line {line}: not JSON ({problem})", trace=shown,
                               line=number, problem=exc.msg)) from None
        except RecursionError:
            raise TraceError(t("{trace}, line {line}: nested too deeply to be read",
                               trace=shown, line=number)) from None
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            raise TraceError(t("{trace}, line {line}: kind must be one of {kinds}", trace=shown,
                               line=number, kinds=", ".join(KINDS)))
        if not is_printable(item):
            raise TraceError(t("{trace}, line {line}: holds text that is not valid Unicode",
                               trace=shown, line=number))
        lines.append((number, item))
    if not lines or lines[0][1]["kind"] != "run" or lines[0][1].get("format") != TRACE_FORMAT:
        raise TraceError(t("{trace}: the first line must be the run line of a {format} trace",
                           trace=shown, format=TRACE_FORMAT))
    if len(lines) < 2 or lines[-1][1]["kind"] != "stop":
        raise TraceError(t("{trace}: the last line must be the stop line; the run did not "
                           "finish writing its trace", trace=shown))
    parts: dict[str, Any] = {"facts": lines[0][1].get("facts"), "events": [], "steps": [],
                             "stop": lines[-1][1]}
    for number, item in lines[1:-1]:
        if item["kind"] == "event":
            parts["events"].append({k: v for k, v in item.items() if k != "kind"})
        elif item["kind"] == "step":
            if item.get("step") != len(parts["steps"]) + 1:
                raise TraceError(t("{trace}, line {line}: step {value} is out of order; "
                                   "expected step {step}", trace=shown, line=number,
                                   value=_short(item.get("step")),
                                   step=len(parts["steps"]) + 1))
            _check_step(item, t("{trace}, line {line}", trace=shown, line=number))
            parts["steps"].append({k: v for k, v in item.items() if k != "kind"})
        else:
            raise TraceError(t("{trace}, line {line}: a {kind} line comes only once",
                               trace=shown, line=number, kind=item["kind"]))
    _check_facts(parts["facts"], shown)
    _check_stop(parts["stop"], t("{trace}, line {line}", trace=shown, line=lines[-1][0]))
    return parts


def find_trace(path: str | Path) -> Path:
    """The trace `path` stands for: the file itself, the one trace in a run's folder, or the
    latest run's trace in an output folder (the one holding runs/ and latest)."""
    folder = Path(path)
    shown = shown_name(str(path))
    if not folder.is_dir():
        return folder
    if (folder / LATEST).is_file() and (folder / RUNS).is_dir():
        try:
            name = (folder / LATEST).read_text(encoding="utf-8")[:100].strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise TraceError(t("cannot read {file}: {why}", file=f"{shown}/{LATEST}",
                               why=why(exc))) from None
        if not RUN_NAME.fullmatch(name):
            raise TraceError(t("{file} must name a run folder such as 0002",
                               file=f"{shown}/{LATEST}"))
        folder = folder / RUNS / name
        shown = f"{shown}/{RUNS}/{name}"
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise TraceError(t("cannot read the folder {folder}: {why}", folder=shown,
                           why=why(exc))) from None
    traces = [folder / name for name in names if is_trace(folder / name)]
    if not traces:
        raise TraceError(t("{folder} holds no duty officer trace; pass a trace file, a run's "
                           "folder (out/runs/0001) or the folder that holds runs/ and latest",
                           folder=shown))
    if len(traces) > 1:
        raise TraceError(t("{folder} holds {count} traces; pass one of them: {traces}",
                           folder=shown, count=len(traces),
                           traces=", ".join(shown_name(p.name) for p in traces)))
    return traces[0]


def replay_trace(path: str | Path) -> tuple[dict[str, Any], Run]:
    """Run the recorded run again from its trace alone (`path`: as `find_trace` takes it);
    TraceError unless it is the same run."""
    path = find_trace(path)
    shown = shown_name(str(path))
    parts = read_trace(path)
    facts, recorded = parts["facts"], parts["steps"]
    ran = [step for step in recorded if step.get("ran")]
    try:
        registry = make_registry(tuple(facts["tools"]), _recorded_tools(ran))
        run = run_officer(input_of(facts), RecordedModel(recorded, parts["stop"].get("failure")),
                          registry)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError,
            RecursionError) as exc:
        raise TraceError(t("{trace} does not replay: {kind}: {problem}", trace=shown,
                           kind=type(exc).__name__, problem=exc)) from None
    _compare(shown, recorded, run, parts)
    return facts, run


def input_of(facts: dict[str, Any]) -> RunInput:
    """The run's input as its trace's facts record it."""
    return RunInput(facts["goal"], facts["query"], facts["max_steps"], facts["max_retries"],
                    tuple(facts["guards"]), facts["answer"], facts["question"],
                    facts.get("chosen"), tuple(facts.get("ask_when", [])))


def against_board(path: str | Path, board: str | Path | None = None) -> tuple[bool, str]:
    """Run every recorded tool call again on the board (the trace's, or `board`); True and a
    line saying so when each gives the recorded observation, else False and a line naming
    the first step whose observation the board does not give. The trace must replay first."""
    path = find_trace(path)
    facts, _ = replay_trace(path)
    steps = read_trace(path)["steps"]
    where = facts["board"] if board is None else board
    contract = None if facts["contract"] is None else tuple(facts["contract"])
    registry = with_faults(board_registry(where, facts["board"], facts["page_size"], contract,
                                          tuple(facts["tools"]),
                                          SIMILAR_IDS in facts.get("ask_when", [])),
                           tuple(facts.get("faults", [])))
    calls = [step for step in steps if step["ran"]]
    for step in calls:
        name, args = step["proposal"]["name"], step["proposal"]["args"]
        now = run_tool(registry, name, args)
        if now != step["observation"]:
            key = _first_difference(step["observation"], now)
            return False, t("against the board: step {step}'s {tool} {args} is not what the "
                            "board {board} gives now — the trace has {key} {recorded}, the "
                            "board gives {now}", step=step["step"], tool=name,
                            args=_short(args), board=shown_name(str(where)), key=key,
                            recorded=_short(step["observation"].get(key)),
                            now=_short(now.get(key)))
    if len(calls) == 1:
        return True, t("against the board: {board} gives every recorded observation again "
                       "(1 tool call)", board=shown_name(str(where)))
    return True, t("against the board: {board} gives every recorded observation again "
                   "({count} tool calls)", board=shown_name(str(where)), count=len(calls))


def _first_difference(recorded: dict[str, Any], now: dict[str, Any]) -> str:
    keys = sorted(set(recorded) | set(now), key=lambda k: (k != "ok", k))
    return next(k for k in keys if recorded.get(k, _ABSENT) != now.get(k, _ABSENT))


_ABSENT = object()


def format_replay(path: str | Path) -> str:
    """What `agentloop replay TRACE` prints: the run's banner again, then one line saying so
    (`path`: a trace, a run's folder or an output folder, as `find_trace` takes it)."""
    path = find_trace(path)
    facts, run = replay_trace(path)
    return format_banner(facts, run) + "\n" + t(
        "replayed: {trace} — {steps} steps, the same decisions and the same stop",
        trace=shown_name(str(path)), steps=len(run.records))


def is_trace(path: str | Path) -> bool:
    """True when the file's first line is a duty officer trace's run line."""
    try:
        if not Path(path).is_file():
            return False
        with Path(path).open(encoding="utf-8") as handle:
            first = json.loads(handle.readline(1_000_000))
    except (OSError, ValueError, RecursionError):   # ValueError: not UTF-8, not JSON
        return False
    return isinstance(first, dict) and first.get("format") == TRACE_FORMAT


class RecordedModel(Model):
    """Plays back the recorded replies, one a step, chosen by the history's length.

    Asked for one more reply than the trace holds, it fails the way the recorded model
    failed: an exception of the recorded type's name and message, so the harness writes
    the same detail again. (A model cannot be asked again in a replay.)
    """

    def __init__(self, steps: list[dict[str, Any]], failure: str | None) -> None:
        self.replies = [copy.deepcopy(step.get("reply")) for step in steps]
        self.failure = failure

    def create(self, system: str, messages: list[Message],
               tools: list[ToolDefinition]) -> Reply:
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
                raise TraceError(t("{trace}: step {step} does not replay: the trace has {key} "
                                   "{recorded}, the loop gives {now}", trace=shown,
                                   step=before.get("step"), key=key,
                                   recorded=_short(before.get(key)),
                                   now=_short(after.get(key))))
    if len(recorded) != len(run.records):
        raise TraceError(t("{trace} does not replay: the trace has {count} steps, the loop "
                           "takes {steps}", trace=shown, count=len(recorded),
                           steps=len(run.records)))
    stop = parts["stop"]
    if (stop.get("terminal"), stop.get("failure")) != (run.terminal, run.failure):
        raise TraceError(t("{trace} does not replay: the trace stops with {recorded}, the loop "
                           "with {now}", trace=shown, recorded=repr(stop.get("terminal")),
                           now=repr(run.terminal)))
    timeless = [{k: v for k, v in e.items() if k != "at"} for e in parts["events"]]
    if timeless != [{k: v for k, v in e.items() if k != "at"} for e in run.events]:
        raise TraceError(t("{trace} does not replay: its harness events differ from the loop's",
                           trace=shown))
    try:   # and chapter 4's own replay walks the recorded events to the same end
        harness = replay_events(events_from_dicts(parts["events"], shown))
    except EventLogError as exc:
        raise TraceError(str(exc)) from None
    if harness.state is not DONE:
        raise TraceError(t("{trace}: the harness events end in {state}, not DONE",
                           trace=shown, state=harness.state))


def _check_facts(facts: Any, shown: str) -> None:
    """Every fact the replay and the banner use, with the workspace's own checks."""
    where = t("{trace}: the run line's facts", trace=shown)
    if not isinstance(facts, dict):
        raise TraceError(t("{trace}: the run line needs facts (an object)", trace=shown))
    for name in ("goal", "query", "max_steps", "max_retries", "guards", "tools", "config",
                 "board", "model", "page_size", "answer", "question", "contract", "save",
                 "state", "trace", "tools_default"):
        if name not in facts:
            raise TraceError(t("{where} has no {name}", where=where, name=name))
    try:
        checked_setting(where, "goal", facts["goal"])
        checked_setting(where, "query", facts["query"])
        for name in ("page_size", "tools", "guards", "ask_when", "faults"):
            if name in facts or name in ("page_size", "tools", "guards"):
                checked_setting(where, name, facts[name])
        if facts["contract"] is not None:
            checked_setting(where, "contract", facts["contract"])
        _model_fact(where, facts["model"])
        validate_limits(facts["max_steps"], facts["max_retries"])
    except WorkspaceError as exc:
        raise TraceError(str(exc)) from None
    except TraceError:   # _model_fact's own, already naming `where`
        raise
    except ValueError as exc:   # validate_limits
        raise TraceError(f"{where}: {exc}") from None   # words only in `exc`
    for name in ("config", "board"):
        _text_fact(where, name, facts[name], required=True)
    for name in ("save", "state", "trace", "question"):
        _text_fact(where, name, facts[name], required=False)
    low, high = QUERY_LENGTH
    if facts["answer"] is not None and not (isinstance(facts["answer"], str)
                                            and low <= len(facts["answer"]) <= high):
        raise TraceError(t("{where}.answer must be null or the person's answer, {low} to "
                           "{high} characters, got {value}", where=where, low=low, high=high,
                           value=_short(facts["answer"])))
    if facts.get("chosen") is not None and not is_card_id(facts["chosen"]):
        raise TraceError(t("{where}.chosen must be null or a card id, got {value}",
                           where=where, value=_short(facts["chosen"])))
    if type(facts["tools_default"]) is not bool:
        raise TraceError(t("{where}.tools_default must be true or false, got {value}",
                           where=where, value=_short(facts["tools_default"])))


def _model_fact(where: str, value: Any) -> None:
    """The scripted scenario ("scenario", or its older name "replay"), or a model named by
    its kind: "live:NAME", "openai-compatible:NAME at URL", …"""
    if value in ("scenario", "replay"):
        return
    kind, colon, name = value.partition(":") if isinstance(value, str) else ("", "", "")
    if not (colon and kind.replace("-", "_").isidentifier() and name.strip()
            and len(value) <= TEXT_LENGTH and "\n" not in value):
        raise TraceError(t("{where}.model must be 'scenario' or 'KIND:NAME' such as "
                           "'live:MODEL_NAME', got {value}", where=where, value=_short(value)))


def _text_fact(where: str, name: str, value: Any, required: bool) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str) or not value or len(value) > TEXT_LENGTH or "\n" in value:
        template = "{where}.{name} must be one line of text, got {value}" if required \
            else "{where}.{name} must be null or one line of text, got {value}"
        raise TraceError(t(template, where=where, name=name, value=_short(value)))


def _check_step(item: dict[str, Any], where: str) -> None:
    """A step line: its fields and their types (the proposal and the reply stay free: they
    are what a model sent, and the loop checks them as it replays)."""
    missing = [name for name in STEP_FIELDS if name not in item]
    if missing:
        raise TraceError(t("{where}: the step has no {name}", where=where, name=missing[0]))
    extra = sorted(set(item) - set(STEP_FIELDS) - {"kind"})
    if extra:
        raise TraceError(t("{where}: the step has a field no run writes: {name}", where=where,
                           name=_field(extra[0])))
    checks = {"action": lambda v: isinstance(v, str), "note": lambda v: isinstance(v, str),
              "ran": lambda v: type(v) is bool,
              "tokens": lambda v: type(v) is int and v >= 0,
              "observation": lambda v: isinstance(v, dict) and type(v.get("ok")) is bool,
              "decision": lambda v: v in (CONTINUE, *TERMINALS)}
    for name, fits in checks.items():
        if not fits(item[name]):
            raise TraceError(t("{where}: the step's {name} is not what a run writes, got "
                               "{value}", where=where, name=name, value=_short(item[name])))
    if item["ran"] and not (isinstance(item["proposal"], dict)
                            and isinstance(item["proposal"].get("name"), str)
                            and isinstance(item["proposal"].get("args"), dict)):
        raise TraceError(t("{where}: a step that ran needs the proposal that ran, with its "
                           "name and args", where=where))


def _check_stop(item: dict[str, Any], where: str) -> None:
    if item.get("terminal") not in TERMINALS:
        raise TraceError(t("{where}: the stop's terminal must be one of {terminals}, got "
                           "{value}", where=where, terminals=", ".join(TERMINALS),
                           value=_short(item.get("terminal"))))
    failure = item.get("failure")
    if failure is not None and not (isinstance(failure, str) and failure.strip()):
        raise TraceError(t("{where}: the stop's failure must be null or a text, got {value}",
                           where=where, value=_short(failure)))
    extra = sorted(set(item) - {"kind", "terminal", "failure"})
    if extra:
        raise TraceError(t("{where}: the stop has a field no run writes: {name}", where=where,
                           name=_field(extra[0])))


def _field(name: str) -> str:
    """A field's name as a message shows it: as it is, or quoted when it is not a plain name
    (one line, whatever an edited trace holds)."""
    return name if name.isidentifier() else _short(name)


def _short(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return clip(shown_name(text), 80)
