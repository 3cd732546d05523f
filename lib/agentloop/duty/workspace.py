"""Chapter 5: the workspace — one folder that configures every line of the run banner.

    my_agent/
      agent.json          what the duty officer is asked and with what (below)
      stop_policy.json    chapter 1's limits: {"max_steps": 5, "max_retries": 1}

agent.json, field by field (required first; the others may be left out, and the banner
then says "not configured" and why):

    goal       str    what the person asked, in words (one line)
    query      str    what to search the board for, 1 to 64 characters
    board      str    the board folder, relative to the workspace (or absolute)
    page_size  int    card files a page of the search, 1 to 50 (default 5)
    tools      list   the dispatcher's allowlist (default: all three board tools)
    guards     list   chapter 3's guards: "repeated", "tokens=N" (default: none)
    contract   list   card fields a finished answer must state: id, title, group, status,
                      blocked_by, notes
    ask_when   list   extra reasons to ask instead of answering: "similar_ids" (a card whose
                      id is similar to the match's; see `asking`) (default: none)
    faults     list   board tool calls that fail once, to watch a retry (default: none)
    save       str    the run's answer file's name         } file names in one folder inside
    state      str    what the next run is handed          } the workspace (out/answer.md,
    trace      str    the trace (JSON Lines)               } out/state.json, …): each run
                                                           } writes them into a folder of
                                                           } its own, out/runs/0001/ … (see
                                                           } `runs`)
    model      str    "scenario" (the authors' scripted replies, default; the older spelling
                      "replay" means the same) or "live:MODEL_NAME" (chapter 3's hosted
                      adapter, behind a key)
               object a local model behind an OpenAI-compatible endpoint (Ollama, llama.cpp,
                      vLLM, LM Studio): {"kind": "openai-compatible", "base_url":
                      "http://localhost:11434/v1", "model_name": "qwen2.5:3b"} and optionally
                      "timeout" (seconds) and "stream" (true/false); `--model` on the
                      command line overrides it

Every bad setting raises WorkspaceError, one line naming the file, the field, the value
and what is allowed, in the reader's language (agentloop.i18n; names, values and paths stay
as they are). Whether the board exists is not checked here: a missing board is
something the run observes (and reports), not a typo in the workspace.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from agentloop.duty.asking import ASK_RULES
from agentloop.duty.board import shown_name
from agentloop.duty.board_tools import (
    CONTRACT_FIELDS,
    PAGE_SIZE,
    PAGE_SIZE_RANGE,
    QUERY_LENGTH,
    TOOL_NAMES,
)
from agentloop.duty.faults import FAULT_RANGE
from agentloop.duty.jsonfile import MISSING, is_printable, read_json, why
from agentloop.guards import GUARD_SPELLING, UnknownGuard, parse_guard
from agentloop.i18n import t
from agentloop.openai_compatible import NAME as OPENAI_COMPATIBLE
from agentloop.openai_compatible import OLLAMA_BASE_URL, OLLAMA_MODEL, OpenAICompatibleModel
from agentloop.openai_compatible import TIMEOUT as ENDPOINT_TIMEOUT
from agentloop.stop_policy import POLICY_FILE, load_policy
from agentloop.text import short_repr
from agentloop.validation import is_whole_number

AGENT_FILE = "agent.json"
REQUIRED = ("goal", "query", "board")
OPTIONAL = ("page_size", "tools", "guards", "contract", "ask_when", "faults", "save", "state",
            "trace", "model")
OUTPUTS = ("save", "state", "trace")
SCENARIO = "scenario"
REPLAY = "replay"            # the older name of the scripted scenario (not a trace replay)
LIVE_PREFIX = "live:"
ENDPOINT_EXAMPLE = {"base_url": OLLAMA_BASE_URL, "model_name": OLLAMA_MODEL}
GOAL_LENGTH = 300
PATH_LENGTH = 200


ENDPOINT_KEYS = ("kind", "base_url", "model_name", "timeout", "stream")


class WorkspaceError(ValueError):
    """A workspace setting is missing or bad; the message names the file and the field."""


@dataclass(frozen=True)
class Endpoint:
    """agent.json's local model: an OpenAI-compatible endpoint and the model it serves."""

    base_url: str
    model_name: str
    timeout: float
    stream: bool


@dataclass(frozen=True)
class Workspace:
    """A checked workspace. `*_shown` are paths as the banner prints them."""

    folder: Path
    shown: str
    goal: str
    query: str
    board: Path
    board_shown: str
    page_size: int
    tools: tuple[str, ...]
    tools_default: bool
    guards: tuple[str, ...]
    contract: tuple[str, ...] | None
    outputs: dict[str, str | None]        # save/state/trace -> path relative to the folder
    model: str
    max_steps: int
    max_retries: int
    ask_when: tuple[str, ...] = ()
    faults: tuple[int, ...] = ()
    endpoint: Endpoint | None = None     # when model names an OpenAI-compatible endpoint

    @property
    def out_folder(self) -> str | None:
        """The folder (relative to the workspace) that holds save, state and trace, and each
        run's folder under runs/; None when agent.json names none of them."""
        chosen = [path for path in self.outputs.values() if path is not None]
        return PurePath(chosen[0]).parent.as_posix() if chosen else None

    def path(self, output: str) -> Path | None:
        """Where `save`, `state` or `trace` goes, or None when agent.json leaves it out."""
        relative = self.outputs[output]
        return None if relative is None else self.folder / relative

    def shown_path(self, output: str) -> str | None:
        relative = self.outputs[output]
        return None if relative is None else _join(self.shown, relative)


def is_workspace(folder: str | Path) -> bool:
    """True when `folder` holds an agent.json (chapter 1's folders hold only stop_policy.json)."""
    try:
        return os.path.lexists(Path(folder) / AGENT_FILE)
    except (OSError, ValueError):   # a name the system refuses: not a workspace of ours
        return False


def load_workspace(folder: str | Path) -> Workspace:
    """Read and check `folder/agent.json` and `folder/stop_policy.json`."""
    shown = shown_name(str(folder))
    if shown != str(folder):
        raise WorkspaceError(t("{folder}: the workspace's path is not UTF-8 text; rename the "
                               "folder, or pass it by a path that is", folder=shown))
    where = _join(shown, AGENT_FILE)
    if not Path(folder).is_dir():
        raise WorkspaceError(t("{folder} is not a folder; pass the workspace folder that holds "
                               "{agent} and {policy}", folder=shown, agent=AGENT_FILE,
                               policy=POLICY_FILE))
    data = _read_json(Path(folder) / AGENT_FILE, where)
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise WorkspaceError(t("{where}: unknown field {field}; the fields are: {fields}",
                               where=where, field=repr(unknown[0]),
                               fields=", ".join(REQUIRED + OPTIONAL)))
    for name in REQUIRED:
        if name not in data:
            raise WorkspaceError(t("{where}: missing {name} ({meaning})", where=where,
                                   name=name, meaning=t(_MEANING[name], low=QUERY_LENGTH[0],
                                                        high=QUERY_LENGTH[1])))
    policy = _policy(folder, shown)
    board = _text(where, "board", data["board"], PATH_LENGTH)
    outputs = _outputs(where, data)
    tools = data.get("tools")
    return Workspace(
        folder=Path(folder), shown=shown,
        goal=_text(where, "goal", data["goal"], GOAL_LENGTH),
        query=_query(where, data["query"]),
        board=Path(folder) / board, board_shown=_join(shown, board),
        page_size=_page_size(where, data.get("page_size", PAGE_SIZE)),
        tools=TOOL_NAMES if tools is None else _tools(where, tools),
        tools_default=tools is None,
        guards=_guards(where, data.get("guards", [])),
        contract=None if "contract" not in data else _contract(where, data["contract"]),
        outputs=outputs,
        model=_model(where, data.get("model", SCENARIO)),
        max_steps=policy["max_steps"], max_retries=policy["max_retries"],
        ask_when=_ask_when(where, data.get("ask_when", [])),
        faults=_faults(where, data.get("faults", [])),
        endpoint=_endpoint(where, data.get("model")),
    )


def _policy(folder: str | Path, shown: str) -> dict[str, int]:
    """stop_policy.json, read with chapter 1's checks and messages; a file that cannot be
    read at all (a folder, no permission, not UTF-8, nested too deep) is one line too."""
    where = _join(shown, POLICY_FILE)
    read_json(Path(folder) / POLICY_FILE, where, WorkspaceError, missing_ok=True)
    try:
        return load_policy(folder)   # chapter 1's checks and messages, unchanged
    except (OSError, UnicodeDecodeError, RecursionError) as exc:   # changed since it was read
        raise WorkspaceError(t("{file} cannot be read ({why})", file=where,
                               why=why(exc))) from None


def checked_setting(where: str, name: str, value: Any) -> Any:
    """One agent.json setting checked as load_workspace checks it (the trace's facts are
    checked this way too); WorkspaceError naming `where` and the field."""
    checks = {"goal": lambda v: _text(where, "goal", v, GOAL_LENGTH),
              "query": lambda v: _query(where, v),
              "page_size": lambda v: _page_size(where, v),
              "tools": lambda v: _tools(where, v), "guards": lambda v: _guards(where, v),
              "contract": lambda v: _contract(where, v),
              "ask_when": lambda v: _ask_when(where, v), "faults": lambda v: _faults(where, v),
              "model": lambda v: _model(where, v)}
    return checks[name](value)


# What each required field means (templates: said in the reader's language, with
# QUERY_LENGTH as low and high).
_MEANING = {
    "goal": "what the duty officer is asked, a non-empty string",
    "query": "what to search the board for, a string of {low} to {high} characters",
    "board": "the folder of task cards, relative to the workspace",
}


def _read_json(path: Path, where: str) -> dict[str, Any]:
    data = read_json(path, where, WorkspaceError, missing_ok=True)
    if data is MISSING:
        raise WorkspaceError(t("{file} was not found; a workspace holds {agent} and {policy}",
                               file=where, agent=AGENT_FILE, policy=POLICY_FILE))
    if not isinstance(data, dict):
        raise WorkspaceError(t("{file} must hold a JSON object with the fields {required} "
                               "(and optionally {optional})", file=where,
                               required=", ".join(REQUIRED), optional=", ".join(OPTIONAL)))
    return data


def _text(where: str, name: str, value: Any, longest: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest \
            or "\n" in value or "\r" in value or not is_printable(value):
        raise WorkspaceError(t("{where}: {name} must be one line of text, 1 to {longest} "
                               "characters, got {value}", where=where, name=name,
                               longest=longest, value=_short(value)))
    return value.strip()


def _query(where: str, value: Any) -> str:
    low, high = QUERY_LENGTH
    if not isinstance(value, str) or not low <= len(value.strip()) <= high or "\n" in value \
            or "\r" in value or not is_printable(value):
        raise WorkspaceError(t("{where}: query must be one line of {low} to {high} "
                               "characters, got {value}", where=where, low=low, high=high,
                               value=_short(value)))
    return value.strip()


def _page_size(where: str, value: Any) -> int:
    if not is_whole_number(value, *PAGE_SIZE_RANGE):
        low, high = PAGE_SIZE_RANGE   # whole_number_range's words for a range with two ends
        raise WorkspaceError(t("{where}: page_size must be {allowed}, got {value}", where=where,
                               allowed=t("an integer from {low} to {high}", low=low, high=high),
                               value=_short(value)))
    return value


def _names(where: str, name: str, value: Any, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise WorkspaceError(t("{where}: {name} must be a list drawn from {allowed}, got "
                               "{value}", where=where, name=name, allowed=", ".join(allowed),
                               value=_short(value)))
    for index, item in enumerate(value):
        if item not in allowed:
            raise WorkspaceError(t("{where}: {name}[{index}] is {value}; allowed: {allowed}",
                                   where=where, name=name, index=index, value=_short(item),
                                   allowed=", ".join(allowed)))
        if item in value[:index]:
            raise WorkspaceError(t("{where}: {name}[{index}] repeats {value}", where=where,
                                   name=name, index=index, value=repr(item)))
    return tuple(value)


def _tools(where: str, value: Any) -> tuple[str, ...]:
    return _names(where, "tools", value, TOOL_NAMES)


def _contract(where: str, value: Any) -> tuple[str, ...]:
    fields = _names(where, "contract", value, CONTRACT_FIELDS)
    if not fields:
        raise WorkspaceError(t("{where}: contract is empty; name the card fields a finished "
                               "answer must state ({fields}), or leave contract out",
                               where=where, fields=", ".join(CONTRACT_FIELDS)))
    return fields


def _guards(where: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise WorkspaceError(t('{where}: guards must be a list such as ["repeated", '
                               '"tokens=3000"], got {value}', where=where, value=_short(value)))
    for index, item in enumerate(value):
        try:
            parse_guard(item)
        except UnknownGuard:
            raise WorkspaceError(t("{where}: guards[{index}] is {value}; a guard is {spelling}",
                                   where=where, index=index, value=_short(item),
                                   spelling=GUARD_SPELLING)) from None
        except ValueError as exc:   # a budget out of its range
            # the words are the guard's own (already in the reader's language)
            raise WorkspaceError(f"{where}: guards[{index}]: {exc}") from None
    if len(set(value)) != len(value):
        raise WorkspaceError(t("{where}: guards names a guard twice: {value}", where=where,
                               value=value))
    return tuple(value)


def _outputs(where: str, data: dict[str, Any]) -> dict[str, str | None]:
    outputs: dict[str, str | None] = {}
    for name in OUTPUTS:
        value = data.get(name)
        if value is None and name not in data:
            outputs[name] = None
            continue
        if not isinstance(value, str) or not value.strip() or len(value) > PATH_LENGTH:
            raise WorkspaceError(t("{where}: {name} must be a file path inside the "
                                   "workspace, got {value}", where=where, name=name,
                                   value=_short(value)))
        parts = PurePath(value).parts
        if PurePath(value).is_absolute() or os.path.isabs(value) or ".." in parts \
                or "\\" in value or "\0" in value:
            raise WorkspaceError(t("{where}: {name} must be a relative path inside the "
                                   "workspace (no '..', not absolute), got {value}",
                                   where=where, name=name, value=repr(value)))
        if PurePath(value).as_posix() in (AGENT_FILE, POLICY_FILE, "."):
            raise WorkspaceError(t("{where}: {name} would overwrite {file}; choose another "
                                   "file, e.g. out/answer.md", where=where, name=name,
                                   file=value))
        if not is_printable(value) or PurePath(value).name == "runs" \
                or PurePath(value).name.startswith("."):
            raise WorkspaceError(t("{where}: {name} must be a file name such as "
                                   "out/answer.md (not runs, not hidden), got {value}",
                                   where=where, name=name, value=_short(value)))
        outputs[name] = PurePath(value).as_posix()
    chosen = [path for path in outputs.values() if path is not None]
    if len(set(chosen)) != len(chosen) or \
            len({PurePath(path).name for path in chosen}) != len(chosen):
        raise WorkspaceError(t("{where}: save, state and trace must be three different "
                               "files, got {files}", where=where, files=chosen))
    if len({PurePath(path).parent for path in chosen}) > 1:
        raise WorkspaceError(t("{where}: save, state and trace must be in one folder (each "
                               "run writes them into a folder of its own under it), got "
                               "{files}", where=where, files=chosen))
    return outputs


def _model(where: str, value: Any) -> str:
    """The model as a run's banner and trace name it."""
    if isinstance(value, dict):
        endpoint = _endpoint(where, value)
        assert endpoint is not None
        return _live_model(where, endpoint).setting
    if value in (SCENARIO, REPLAY):
        return SCENARIO
    if isinstance(value, str) and value.startswith(LIVE_PREFIX) \
            and value[len(LIVE_PREFIX):].strip() and is_printable(value) \
            and len(value) <= PATH_LENGTH and "\n" not in value:
        return value
    raise WorkspaceError(t('{where}: model must be {scenario}, \'{live}MODEL_NAME\' or an '
                           'object {"kind": "{kind}", "base_url": …, "model_name": …}, got '
                           '{value}', where=where, scenario=repr(SCENARIO), live=LIVE_PREFIX,
                           kind=OPENAI_COMPATIBLE, value=_short(value)))


def _endpoint(where: str, value: Any) -> Endpoint | None:
    """agent.json's model object, checked field by field (None for a model named by text)."""
    if not isinstance(value, dict):
        return None
    unknown = sorted(set(value) - set(ENDPOINT_KEYS), key=str)
    if unknown:
        raise WorkspaceError(t("{where}: model has unknown fields {fields}; allowed: "
                               "{allowed}", where=where, fields=_short(unknown),
                               allowed=", ".join(ENDPOINT_KEYS)))
    if value.get("kind") != OPENAI_COMPATIBLE:
        raise WorkspaceError(t("{where}: model.kind must be {kind} (the only kind of model "
                               "object), got {value}", where=where,
                               kind=repr(OPENAI_COMPATIBLE),
                               value=_short(value.get("kind", MISSING))))
    for name in ("base_url", "model_name"):
        if not isinstance(value.get(name), str) or not value[name].strip() \
                or len(value[name]) > PATH_LENGTH or not is_printable(value[name]):
            raise WorkspaceError(t("{where}: model.{name} must be one line of text, e.g. "
                                   "{example}, got {value}", where=where, name=name,
                                   example=repr(ENDPOINT_EXAMPLE[name]),
                                   value=_short(value.get(name, MISSING))))
    endpoint = Endpoint(value["base_url"], value["model_name"].strip(),
                        value.get("timeout", ENDPOINT_TIMEOUT), value.get("stream", False))
    _live_model(where, endpoint)   # its own checks: the URL, the timeout, stream, the key
    return endpoint


def _live_model(where: str, endpoint: Endpoint) -> OpenAICompatibleModel:
    try:
        return OpenAICompatibleModel(endpoint.base_url, endpoint.model_name,
                                     timeout=endpoint.timeout, stream=endpoint.stream)
    except ValueError as exc:
        raise WorkspaceError(f"{where}: model: {exc}") from None   # the adapter's words


def endpoint_model(endpoint: Endpoint) -> OpenAICompatibleModel:
    """The OpenAICompatibleModel agent.json's model object names (checked when loaded)."""
    return _live_model(AGENT_FILE, endpoint)


def _ask_when(where: str, value: Any) -> tuple[str, ...]:
    return _names(where, "ask_when", value, ASK_RULES)


def _faults(where: str, value: Any) -> tuple[int, ...]:
    low, high = FAULT_RANGE
    if not isinstance(value, list):
        raise WorkspaceError(t("{where}: faults must be a list of tool call numbers, an "
                               "integer from {low} to {high}, such as [1]; got {value}",
                               where=where, low=low, high=high, value=_short(value)))
    for index, item in enumerate(value):
        if not is_whole_number(item, low, high):
            raise WorkspaceError(t("{where}: faults[{index}] must be an integer from {low} "
                                   "to {high} (a tool call of the run), got {value}",
                                   where=where, index=index, low=low, high=high,
                                   value=_short(item)))
        if item in value[:index]:
            raise WorkspaceError(t("{where}: faults[{index}] repeats {value}", where=where,
                                   index=index, value=item))
    return tuple(value)


def _join(folder: str, relative: str) -> str:
    return os.path.normpath(os.path.join(folder, relative))


def _short(value: Any) -> str:
    return short_repr(value, 60)
