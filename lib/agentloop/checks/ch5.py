"""Chapter 5's checks: the duty officer's graded project, on boards the learner has not seen.

Each check's id is the grade_id of a test cell in chapters/05_capstone.ipynb. A case that
needs a board carries its card files as plain data; the probe writes them into a fresh
folder, runs the learner's answer there and returns plain data; verify judges it on the
trusted side, running the library's own officer and tools again. Hidden cases come from
the seeded rng, on generated boards (other ids, groups, titles, sizes, broken files).

- exercise 1, `office_policy(card_files)`: the workspace settings for a board that long.
  Judged by what they do: the officer runs with them on a generated board whose first read
  fails once; the route and its retry must fit (success), with the fewest card files a page
  (one fewer must not fit). Nothing in the library computes it.
- exercise 2, `add_count_blocked(registry, board)`: a new tool, through chapter 2's
  controller (its schema decides what is refused) and called directly (its own checks).
- exercise 3, `after_search(state, board)`: continue, or needs_input and the question,
  under the office's rule for similar ids (task-003 found alone while task-003-copy is on the
  board), which the library's `decide` lacks; the question names every candidate with its
  title, which the library's question does not. `decide` and the question's makers are
  withheld.
- exercise 4, `limit_report(state)`: what a run that hit its step limit on a long board
  tells the person, judged per case on what it must and must not claim. The library's reason
  gives neither the unread count nor the unreadable files; it is withheld all the same.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agentloop.checks.claims import (
    CARD_LIKE,
    NOT_ALL,
    SUCCESS_WORDS,
    claims_all_checked,
    plain_text,
    says_found,
)
from agentloop.checks.core import Case, Check, Compare, cases_by_rule
from agentloop.checks.legacy import Verify
from agentloop.controller import ProposalRejected, validate_proposal
from agentloop.duty import handover, officer
from agentloop.duty.board import BoardError, load_board
from agentloop.duty.board_tools import (
    PAGE_SIZE_RANGE,
    READ_TASK_CARDS,
    TOOL_NAMES,
    board_registry,
    make_registry,
)
from agentloop.duty.example import CARDS, ENCODINGS
from agentloop.duty.officer import LIMIT, NEEDS_INPUT, SUCCESS, Run, RunInput, run_officer
from agentloop.duty.planner import DutyModel
from agentloop.duty.workspace import load_workspace
from agentloop.loop import CONTINUE, MAX_STEPS
from agentloop.tools import Tool, ToolRegistry, ToolSpecError

Files = dict[str, Any]   # card file name -> text, or {"encoding": ..., "text": ...}

# --- boards as plain data --------------------------------------------------------------------

EXAMPLE_FILES: Files = {name: ({"encoding": ENCODINGS[name], "text": text}
                               if name in ENCODINGS else text) for name, text in CARDS.items()}


def write_board(folder: Path, files: Files) -> Path:
    """Write a board's card files into `folder` (created)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        if isinstance(content, dict):
            data = content["text"].encode(content["encoding"])
        else:
            data = content.encode("utf-8")
        (folder / name).write_bytes(data)
    return folder


EXAMPLE = "example"   # a case's board: "example" stands for the example board's files


@contextlib.contextmanager
def board_folder(files: Files | str | None) -> Iterator[Path]:
    """A fresh folder holding the board ("example": the example board); None: a board
    folder that does not exist."""
    with tempfile.TemporaryDirectory(prefix="agentloop-board-") as tmp:
        folder = Path(tmp) / "board"
        if files is not None:
            write_board(folder, EXAMPLE_FILES if files == EXAMPLE else files)
        yield folder


def card_text(card_id: str, title: str, group: str, status: str, blocked_by: str = "",
              notes: str = "") -> str:
    return (f"---\nid: {card_id}\ntitle: {title}\ngroup: {group}\nstatus: {status}\n"
            f"blocked_by: {blocked_by}\n---\n{notes}\n")


PREFIXES = ("job", "card", "ticket", "item", "todo")
GROUPS = ("lab", "design", "events", "admin", "press", "kitchen", "garden")
THINGS = ("chairs", "lamps", "flyers", "cables", "paint", "music", "coffee", "maps",
          "banners", "keys", "tables", "boxes", "plants", "cups")
VERBS = ("Order", "Print", "Collect", "Check", "Move", "Count", "Clean", "Book", "Borrow",
         "Sort")
# "for the lab": a title may hold a group's name, which does not put the card in that group
PLACES = ("the hall", "the foyer", "the garden", "the lab", "the kitchen", "the press room",
          "the stage")
SUFFIXES = ("copy", "b", "2", "new")
# Words no generated title holds: a query for one of them matches exactly one card.
UNIQUE = ("xylophone", "zeppelin", "quokka", "marimba", "yurt", "origami", "kayak", "tuba")
STATUSES = ("todo", "in_progress", "blocked", "done")


def _unreadable_text(rng: random.Random, card_id: str) -> Any:
    return rng.choice([
        {"encoding": "cp1251", "text": card_text(card_id, "Купить стулья", "admin", "todo")},
        "Just a note about the chairs, no header.\n",
        f"---\nid: {card_id}\ntitle: Count the keys\n",                  # never closed
        f"---\nid: {card_id}\u0000\ntitle: x\n---\n",                    # a NUL byte
        f"---\nid {card_id}\ntitle: Sort the boxes\n---\n",               # not field: value
    ])


def random_board(rng: random.Random, count: int, unreadable: int = 0, siblings: int = 0,
                 groups: tuple[str, ...] = GROUPS) -> tuple[Files, list[dict[str, str]]]:
    """`count` card files (`unreadable` of them broken beyond reading, `siblings` more with
    a similar id); the files and the readable cards' fields."""
    ids: list[str] = []
    while len(ids) < count:
        card_id = f"{rng.choice(PREFIXES)}-{rng.randint(1, 999):03d}"
        if card_id not in ids:
            ids.append(card_id)
    for _ in range(siblings):
        base = rng.choice(ids[:max(1, count)])
        sibling = f"{base}-{rng.choice(SUFFIXES)}"
        if sibling not in ids:
            ids.append(sibling)
    broken = set(rng.sample(ids, min(unreadable, len(ids))))
    files: Files = {}
    cards = []
    for card_id in ids:
        if card_id in broken:
            files[f"{card_id}.md"] = _unreadable_text(rng, card_id)
            continue
        status = rng.choice(STATUSES)
        others = [i for i in ids if i != card_id]
        blocked_by = rng.choice(others) if status == "blocked" and others else ""
        fields = {"id": card_id, "title": f"{rng.choice(VERBS)} the {rng.choice(THINGS)} "
                                          f"for {rng.choice(PLACES)}",
                  "group": rng.choice(groups), "status": status, "blocked_by": blocked_by}
        files[f"{card_id}.md"] = card_text(*fields.values(), notes=rng.choice(
            ["", "Ask the office.", f"See {rng.choice(ids)}.", "Blocked until Monday."]))
        cards.append(fields)
    return files, cards


def _registry(folder: Path, page_size: int, flaky: bool = False) -> ToolRegistry:
    """The board tools; `flaky`: the first read fails once, as a board share that times out."""
    base = board_registry(folder, "board", page_size)
    if not flaky:
        return base
    failed: list[int] = []

    def run_for(name: str) -> Any:
        tool = base[name].run
        if name != READ_TASK_CARDS:
            return tool

        def read(query: str, page: int) -> dict[str, Any]:
            if not failed:
                failed.append(page)
                return {"ok": False, "error": "Error: the board share did not answer in time"}
            return tool(query=query, page=page)
        return read

    return make_registry(TOOL_NAMES, run_for)


_RUNS: dict[str, Run] = {}
RUNS_KEPT = 512


def officer_run(files: Files | None, query: str, page_size: int = 5, max_steps: int = MAX_STEPS,
                max_retries: int = 1, flaky: bool = False) -> Run:
    """The library's duty officer (the authored scenario) on a board given as data.

    A run is deterministic, and a class's judging asks for the same ones again and again
    (one per case and settings), so each is made once and shared: read it, never change it."""
    key = json.dumps([files, query, page_size, max_steps, max_retries, flaky], sort_keys=True)
    if key not in _RUNS:
        if len(_RUNS) >= RUNS_KEPT:
            _RUNS.clear()
        with board_folder(files) as folder:
            _RUNS[key] = run_officer(
                RunInput("Tell Anya", query, max_steps, max_retries, ("repeated",)),
                DutyModel(), _registry(folder, page_size, flaky))
    return _RUNS[key]


def _short(value: Any, limit: int = 100) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _pages(card_files: int, page_size: int) -> int:
    return max(1, -(-card_files // page_size))


# --- the ordinary test cell: the route's length (its reference, for the tests) --------------

def route_steps(card_files: int, page_size: int) -> int:
    """Actions the authored route takes on a one-match board: every page, validate, draft."""
    return _pages(card_files, page_size) + 2


# --- exercise 1: the office's policy for a board of any length --------------------------------

POLICY_KEYS = ("max_steps", "max_retries", "page_size", "guards")
RETRIES = 1
FIT_PAGES = MAX_STEPS - 2 - RETRIES          # pages that leave room for validate, draft, retry
LARGEST_PAGE = PAGE_SIZE_RANGE[1]
FITS = FIT_PAGES * LARGEST_PAGE               # the longest board the route and a retry fit

FIT = ("the route and one retry fit in five steps, with the fewest card files a page: "
       "one fewer would not fit")
SMALLEST = "a board of 0 to 2 card files: one card file a page (a page holds at least one)"
TOO_LONG = (f"a board of more than {FITS} card files: nothing fits, so the largest page the "
            f"workspace allows ({LARGEST_PAGE}) and the run stops at the limit")


def reference_policy(card_files: int) -> dict[str, Any]:
    """Reference for exercise 1."""
    page_size = min(LARGEST_PAGE, max(1, -(-card_files // FIT_PAGES)))
    return {"max_steps": MAX_STEPS, "max_retries": RETRIES, "page_size": page_size,
            "guards": ["repeated"]}


@functools.lru_cache(maxsize=256)
def policy_board(seed: int, count: int) -> tuple[Files, str]:
    """A generated board of `count` card files, one of which a query for a unique word finds.
    (Shared between calls: read it, never change it.)"""
    rng = random.Random(seed)
    files, _ = random_board(rng, count)
    if not files:
        return files, rng.choice(UNIQUE)
    word = rng.choice(UNIQUE)
    target = f"{rng.choice(PREFIXES)}-{rng.randint(1, 999):03d}-{word[:3]}"
    # one card file replaced by the card the query is about: valid, nothing blocks it
    victim = rng.choice(sorted(files))
    del files[victim]
    files[f"{target}.md"] = card_text(target, f"Tune the {word} for the stage",
                                      rng.choice(GROUPS), "todo")
    return files, word


def _probe_policy(policy: Any, case: dict) -> Any:
    return policy(case["card_files"])


def _loads_as_workspace(settings: dict[str, Any]) -> str | None:
    """None if the settings load as agent.json + stop_policy.json, else the reason."""
    return _loads_as_workspace_json(json.dumps(settings, sort_keys=True))


@functools.lru_cache(maxsize=256)
def _loads_as_workspace_json(text: str) -> str | None:
    settings = json.loads(text)
    with tempfile.TemporaryDirectory(prefix="agentloop-policy-") as tmp:
        folder = Path(tmp) / "my_policy"
        folder.mkdir()
        agent = {"goal": "Tell Anya", "query": "q", "board": "board",
                 "page_size": settings["page_size"], "guards": settings["guards"]}
        policy = {"max_steps": settings["max_steps"], "max_retries": settings["max_retries"]}
        (folder / "agent.json").write_text(json.dumps(agent), encoding="utf-8")
        (folder / "stop_policy.json").write_text(json.dumps(policy), encoding="utf-8")
        try:
            load_workspace(folder)
        except ValueError as exc:
            return f"the settings do not load as a workspace: {str(exc).replace(tmp, '…')}"
    return None


def _judge_policy(case: dict, facts: Any, output: Any) -> str | None:
    """Judged by what the settings do: no facts from the reference are needed."""
    if type(output) is not dict or sorted(output) != sorted(POLICY_KEYS):
        return f"return a dict with exactly {', '.join(POLICY_KEYS)}; got {_short(output)}"
    problem = _loads_as_workspace(output)
    if problem:
        return problem
    if output["max_steps"] != MAX_STEPS:
        return f"the office allows {MAX_STEPS} actions a run: max_steps {MAX_STEPS}"
    if output["max_retries"] != RETRIES:
        return "the office allows one retry of a failed read: max_retries 1"
    if output["guards"] != ["repeated"]:
        return "guards: the repeated-action guard and nothing else, ['repeated']"
    count, page = case["card_files"], output["page_size"]
    files, query = policy_board(case["seed"], count)
    if count <= FIT_PAGES:
        return None if page == 1 else \
            f"{count} card files: one card file a page already fits; got page_size {page}"
    run = officer_run(files, query, page, flaky=True)
    pages = _pages(count, page)
    if count > FITS:
        if run.terminal != LIMIT:
            return f"expected the run to stop at the limit, it ended {run.terminal}"
        if page != LARGEST_PAGE:
            return (f"no page size fits {count} card files: take the largest page the workspace "
                    f"allows ({LARGEST_PAGE}) so the run reads as much as it can "
                    f"(page_size {page} reads {run.state['scanned']} before the limit)")
        return None
    if run.terminal != SUCCESS:
        return (f"page_size {page} makes {pages} pages of {count} card files: {pages} reads + "
                f"a retry + validate + draft = {pages + 3} steps, more than {MAX_STEPS}: the "
                f"run ends {run.terminal}")
    if page > 1 and officer_run(files, query, page - 1, flaky=True).terminal == SUCCESS:
        return (f"page_size {page - 1} fits as well: use the fewest card files a page (a page "
                "is what the model is sent in one go)")
    return None


def _policy_case(count: int, label: str, rule: str, seed: int = 5) -> Case:
    return Case({"card_files": count, "seed": seed}, label, rule=rule)


def _policy_fit_hidden(rng: random.Random) -> list[Case]:
    counts = [3, 4, FITS - 1, FITS] + [rng.randint(3, FITS) for _ in range(12)]
    return [_policy_case(n, f"generated board of {n} card files", FIT, rng.randint(1, 10**6))
            for n in counts]


def _policy_edges_hidden(rng: random.Random) -> list[Case]:
    cases = [_policy_case(n, f"generated board of {n} card files", SMALLEST,
                          rng.randint(1, 10**6)) for n in (0, 1, 2)]
    for number in range(6):
        count = rng.randint(FITS + 1, 220)
        cases.append(_policy_case(count, f"generated long board {number + 1}", TOO_LONG,
                                  rng.randint(1, 10**6)))
    return cases


POLICY_HINT = ("A one-match route is every page, then validate, then draft; leave room for one "
               "retry within max_steps 5: at most 2 pages. Then page_size is the smallest "
               "whole number of card files that makes at most 2 pages, from 1 to 50.")

POLICY_FIT = Check(
    id="ch5-policy-fit",
    answer="office_policy",
    title="office_policy(): the route and a retry fit, with the fewest card files a page",
    probe=_probe_policy,
    verify=Verify(judge=_judge_policy),
    cases=lambda: [
        _policy_case(14, "14 card files (as many as the example board)", FIT),
        _policy_case(10, "10 card files", FIT),
        _policy_case(5, "5 card files", FIT),
        _policy_case(99, "99 card files", FIT),
        _policy_case(100, "100 card files", FIT),
    ],
    hidden=_policy_fit_hidden,
    hint=POLICY_HINT,
)

POLICY_EDGES = Check(
    id="ch5-policy-edges",
    answer="office_policy",
    title="office_policy(): the smallest and the longest boards",
    probe=_probe_policy,
    verify=Verify(judge=_judge_policy),
    cases=lambda: [
        _policy_case(0, "an empty board", SMALLEST),
        _policy_case(1, "1 card file", SMALLEST),
        _policy_case(101, "101 card files", TOO_LONG),
        _policy_case(150, "150 card files", TOO_LONG),
        _policy_case(400, "400 card files", TOO_LONG),
    ],
    hidden=_policy_edges_hidden,
    hint="A page holds at least 1 card file and at most 50 (the workspace refuses others).",
)

# --- exercise 2: count_blocked, a new tool behind chapter 2's controller ----------------------

COUNT_BLOCKED = "count_blocked"
GROUP_LENGTH = (1, 32)
GROUP_SCHEMA = {"type": "str", "min_length": GROUP_LENGTH[0], "max_length": GROUP_LENGTH[1]}
OBSERVATION_KEYS = ("ok", "group", "blocked", "count", "unreadable")


def add_count_blocked(registry: ToolRegistry, board: str | Path) -> None:
    """Reference for exercise 2: register count_blocked(group) for `board`."""

    def count_blocked(group: Any) -> dict[str, Any]:
        low, high = GROUP_LENGTH
        if not isinstance(group, str) or not low <= len(group) <= high:
            return {"ok": False, "error": f"Error: group must be a text of {low} to {high} "
                                          f"characters, got {group!r}"}
        try:
            whole = load_board(board)
        except BoardError as exc:
            return {"ok": False, "error": f"Error: {exc}"}
        wanted = group.casefold()
        blocked = sorted(card.id for card in whole.cards.values()
                         if card.group.casefold() == wanted and card.status == "blocked")
        return {"ok": True, "group": group, "blocked": blocked, "count": len(blocked),
                "unreadable": sorted(whole.unreadable)}

    registry.add(Tool(COUNT_BLOCKED, "Count the blocked cards of one group of the task board. "
                                     "Returns their ids and the card files that could not be "
                                     "read (the count may then be incomplete).",
                      {"group": dict(GROUP_SCHEMA)}, count_blocked))


def with_trap(rng: random.Random, files: Files, group: str, groups: tuple[str, ...]) -> Files:
    """The board plus a blocked card of another group whose title holds `group`'s name."""
    others = [g for g in groups if g != group] or [g for g in GROUPS if g != group]
    while True:
        card_id = f"{rng.choice(PREFIXES)}-{rng.randint(1, 999):03d}"
        if f"{card_id}.md" not in files:
            break
    blocker = rng.choice(sorted(files)).removesuffix(".md") if files else card_id
    return {**files, f"{card_id}.md": card_text(card_id, f"Carry the boxes for the {group} team",
                                                rng.choice(others), "blocked", blocker)}


def _call(group: Any) -> dict[str, Any]:
    return {"type": "tool", "name": COUNT_BLOCKED, "args": {"group": group}}


def _tool_outcome(add_tool: Any, case: dict) -> dict[str, Any]:
    """Register the tool next to the officer's, then let the controller handle one proposal."""
    with board_folder(case["board"]) as folder:
        registry = board_registry(folder, "board")
        add_tool(registry, folder)
        if COUNT_BLOCKED not in registry:
            return {"card": None}
        card = registry[COUNT_BLOCKED].describe()
        proposal = case["proposal"]
        try:
            validate_proposal(proposal, {"key": case["query"], "observations": []}, registry)
        except ProposalRejected as exc:
            return {"card": card, "rejected": exc.code}
        return {"card": card,
                "ran": registry[proposal["name"]].run(**copy.deepcopy(proposal["args"]))}


def _decision(case: dict, card: dict[str, Any]) -> dict[str, Any]:
    """The controller's verdict on the case's proposal, from the learner's tool card alone."""
    registry = board_registry("board", "board")
    registry.add(Tool(COUNT_BLOCKED, card["description"], card["args"],
                      run=lambda **arguments: None))   # only the schema matters here
    try:
        validate_proposal(case["proposal"], {"key": case["query"], "observations": []},
                          registry)
    except ProposalRejected as exc:
        return {"rejected": exc.code}
    return {}


def _same_observation(want: dict[str, Any], got: Any) -> str | None:
    if not want["ok"]:
        if type(got) is not dict or got.get("ok") is not False:
            return f"expected an error observation {{'ok': False, 'error': ...}}, got {_short(got)}"
        if type(got.get("error")) is not str or not got["error"].strip():
            return "an error observation says why in 'error', a non-empty text"
        return None
    if type(got) is dict and sorted(got) != sorted(want):
        return f"the observation has the keys {sorted(got)}; expected {list(OBSERVATION_KEYS)}"
    return Compare()(got, want)


def _observation_facts(observation: Any) -> Any:
    """An observation as the judge needs it: an error's own words do not matter."""
    return observation if observation.get("ok") else {"ok": False}


def _tool_call_facts(case: dict) -> dict[str, Any]:
    """What the reference tool's registration makes of the case's proposal."""
    want = _tool_outcome(add_count_blocked, case)
    return {"rejected": want["rejected"]} if "rejected" in want else \
        {"ran": _observation_facts(want["ran"])}


def _judge_tool_call(case: dict, want: dict[str, Any], output: Any) -> str | None:
    card = output.get("card")
    if card is None:
        return "no tool named 'count_blocked' is in the registry after your function ran"
    if type(card.get("description")) is not str or len(card["description"].strip()) < 10:
        return "give count_blocked a description a model can read (a sentence)"
    try:   # recomputed here from the schema on the card, which is plain data
        decided = _decision(case, card)
    except ToolSpecError as exc:
        return f"the tool's card is not a valid tool definition: {exc}"
    got = {key: value for key, value in output.items() if key != "card"}
    if decided.get("rejected") != got.get("rejected"):
        return "the reported outcome does not match what the controller decides for that schema"
    if "rejected" in want:
        if "ran" in got:
            return (f"the controller ran it; it should refuse it with {want['rejected']!r}: "
                    "check the schema")
        return None if got["rejected"] == want["rejected"] else \
            f"refused with {got['rejected']!r}; expected {want['rejected']!r}"
    if "rejected" in got:
        return f"the controller refused it with {got['rejected']!r}; it should run"
    return _same_observation(want["ran"], got["ran"])


RUNS = "a group of 1 to 32 characters runs: its blocked cards, their count, the unreadable files"
REFUSED = "a bad group (empty, longer than 32, not a text) is refused by the controller"
SHAPE = "a missing or an extra argument is refused by the controller"
OTHERS_STAY = "the officer's tools keep working next to count_blocked"


def _tool_call_case(proposal: Any, label: str, rule: str, board: Files | None = None,
                    query: str = "equipment") -> Case:
    return Case({"board": EXAMPLE if board is None else board, "query": query,
                 "proposal": proposal}, label, rule=rule)


def _tool_call_visible() -> list[Case]:
    read = {"type": "tool", "name": READ_TASK_CARDS, "args": {"query": "equipment", "page": 1}}
    return [
        _tool_call_case(_call("lab"), "count_blocked('lab') on the example board", RUNS),
        _tool_call_case(_call("LAB"), "count_blocked('LAB'): the group ignores case", RUNS),
        _tool_call_case(_call("g" * 32), "a group of 32 characters runs (no such group)", RUNS),
        _tool_call_case(_call(""), "an empty group → refused (bad_argument)", REFUSED),
        _tool_call_case(_call("g" * 33), "a group of 33 characters → refused", REFUSED),
        _tool_call_case(_call(3), "group 3, not a text → refused (bad_argument)", REFUSED),
        _tool_call_case({"type": "tool", "name": COUNT_BLOCKED, "args": {}},
                        "no group → refused (missing_argument)", SHAPE),
        _tool_call_case({"type": "tool", "name": COUNT_BLOCKED,
                         "args": {"group": "lab", "status": "blocked"}},
                        "an extra status → refused (extra_argument)", SHAPE),
        _tool_call_case(read, "read_task_cards still runs next to it", OTHERS_STAY),
    ]


def _tool_call_hidden(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        files, cards = random_board(rng, rng.randint(3, 25), unreadable=rng.randint(0, 2))
        group = rng.choice([c["group"] for c in cards] or ["lab"])
        if rng.random() < 0.5:
            files = with_trap(rng, files, group, GROUPS)
        query = rng.choice(THINGS)
        rule, proposal = rng.choice([
            (RUNS, _call(group)), (RUNS, _call(group.upper())),
            (RUNS, _call(rng.choice(GROUPS))),
            (REFUSED, _call(rng.choice(["", "x" * rng.randint(33, 50), 7, None, True, ["lab"],
                                        {"group": "lab"}]))),
            (SHAPE, {"type": "tool", "name": COUNT_BLOCKED, "args": {}}),
            (SHAPE, {"type": "tool", "name": COUNT_BLOCKED,
                     "args": {"group": group, rng.choice(["status", "board", "page"]): 1}}),
            (OTHERS_STAY, {"type": "tool", "name": READ_TASK_CARDS,
                           "args": {"query": query, "page": 1}}),
        ])
        cases.append(_tool_call_case(proposal, f"generated board {number + 1}", rule, files,
                                     query))
    return cases


TOOL_CALL = Check(
    id="ch5-tool-controller",
    answer="add_count_blocked",
    title="count_blocked behind the controller: what its schema lets through",
    probe=_tool_outcome,
    verify=Verify(judge=_judge_tool_call, facts=_tool_call_facts),
    cases=_tool_call_visible,
    hidden=_tool_call_hidden,
    hint="The controller refuses only what the schema forbids: group is a str of 1 to 32 "
         "characters. The observation has exactly ok, group, blocked, count and unreadable.",
)


def _tool_direct(add_tool: Any, case: dict) -> Any:
    """Call the registered tool itself, as code other than the controller could."""
    with board_folder(case["board"]) as folder:
        registry = ToolRegistry()
        add_tool(registry, folder)
        if COUNT_BLOCKED not in registry:
            return {"missing": True}
        return {"observation": registry[COUNT_BLOCKED].run(group=copy.deepcopy(case["group"]))}


def _tool_direct_facts(case: dict) -> Any:
    """What the reference tool returns when called directly on the case's board."""
    return _observation_facts(_tool_direct(add_count_blocked, case)["observation"])


def _judge_tool_direct(case: dict, want: Any, output: Any) -> str | None:
    if "missing" in output:
        return "no tool named 'count_blocked' is in the registry after your function ran"
    return _same_observation(want, output["observation"])


BLOCKED = "the group's blocked cards by id, sorted, and how many; a group word in a title does " \
          "not count"
IGNORES_CASE = "the group is compared without regard to case"
UNREADABLE = "card files that cannot be read are listed, sorted (the count may be incomplete)"
EMPTY_GROUP = "a group without blocked cards: ok, an empty list, count 0"
OWN_CHECKS = "called directly with a bad group: an error observation, never an exception"
NO_BOARD = "a board that cannot be read: an error observation, never an exception"


def _direct_case(group: Any, label: str, rule: str, board: Files | str | None = EXAMPLE
                 ) -> Case:
    return Case({"board": board, "group": group}, label, rule=rule)


def _direct_visible() -> list[Case]:
    return [
        _direct_case("lab", "'lab' on the example board", BLOCKED),
        _direct_case("admin", "'admin' on the example board", BLOCKED),
        _direct_case("Lab", "'Lab' is the same group as 'lab'", IGNORES_CASE),
        _direct_case("design", "'design': no blocked card", EMPTY_GROUP),
        _direct_case("kitchen", "'kitchen': no card at all", EMPTY_GROUP),
        _direct_case("events", "the example board's task-012.md cannot be read", UNREADABLE),
        _direct_case(42, "group 42 → an error observation", OWN_CHECKS),
        _direct_case("", "an empty group → an error observation", OWN_CHECKS),
        _direct_case("x" * 40, "a group of 40 characters → an error observation", OWN_CHECKS),
        _direct_case("lab", "a board folder that is not there → an error observation", NO_BOARD,
                     None),
    ]


def _direct_hidden(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(36):
        rule = (BLOCKED, IGNORES_CASE, UNREADABLE, EMPTY_GROUP, OWN_CHECKS, NO_BOARD)[number % 6]
        groups = tuple(rng.sample(GROUPS, rng.randint(2, 4)))
        files, cards = random_board(rng, rng.randint(4, 30), groups=groups,
                                    unreadable=rng.randint(1, 3) if rule == UNREADABLE else
                                    rng.randint(0, 1))
        blocked_groups = sorted({c["group"] for c in cards if c["status"] == "blocked"})
        group: Any = rng.choice(blocked_groups or list(groups))
        board: Files | None = files
        if rule in (BLOCKED, IGNORES_CASE):
            board = with_trap(rng, files, group, groups)
        if rule == IGNORES_CASE:
            group = rng.choice([group.upper(), group.title(), group[0].upper() + group[1:]])
        elif rule == EMPTY_GROUP:
            group = rng.choice([g for g in GROUPS if g not in groups])
        elif rule == OWN_CHECKS:
            group = rng.choice(["", "y" * rng.randint(33, 45), 0, None, False, 3.5, ["lab"]])
        elif rule == NO_BOARD:
            board = None
        cases.append(_direct_case(group, f"generated board {number + 1}", rule, board))
    return cases


TOOL_DIRECT = Check(
    id="ch5-tool-board",
    answer="add_count_blocked",
    title="count_blocked called directly on generated boards",
    probe=_tool_direct,
    verify=Verify(judge=_judge_tool_direct, facts=_tool_direct_facts),
    cases=_direct_visible,
    hidden=_direct_hidden,
    hint="Read the board with load_board (BoardError: the board cannot be read); a card is "
         "in the group when its group field equals the argument, ignoring case; check the "
         "argument yourself before you use it.",
)

# --- exercise 3: ask, don't guess — after the search -------------------------------------------

STATE_FIELDS = ("query", "steps", "max_steps", "failures", "max_retries", "action",
                "search_complete", "page_count", "matches", "scanned", "total", "unreadable")
PICKED = re.compile(r"\b(the card is|your card is|found it|i (chose|picked|took|selected|will "
                    r"take|will use|went with|assume)|i'?ll (take|use|pick)|probably|most "
                    r"likely)\b")
NO_CARD = re.compile(r"\bno (card|cards|match|matches|task|tasks)\b|\bnothing\b|\bnone\b"
                     r"|\b(did ?n[o']t|could ?n[o']t|cannot|can ?n[o']t|not) find\b"
                     r"|\bnot found\b")
NO_CARD_CLAIM = re.compile(r"\bno (card|cards|match|matches)\b|\bnothing (matches|matched|was "
                           r"found)\b|\bnot found\b")


def plain_state(state: dict[str, Any], fields: tuple[str, ...] = STATE_FIELDS) -> dict[str, Any]:
    """The officer state's fields an exercise reads (plain JSON, nothing else)."""
    return {name: copy.deepcopy(state[name]) for name in fields}


def similar(first: str, second: str) -> bool:
    """task-003 and task-003-copy: one id is the other followed by '-' and more."""
    return first.startswith(second + "-") or second.startswith(first + "-")


def _readable_cards(board: str | Path) -> dict[str, str]:
    """id -> title of every card the board can read."""
    return {card.id: card.title for card in load_board(board).cards.values()}


def candidates_of(state: dict[str, Any], cards: dict[str, str]) -> list[str]:
    """The matches, and every readable card whose id is similar to a match's."""
    found = set(state["matches"])
    found |= {card_id for card_id in cards for match in state["matches"]
              if similar(card_id, match)}
    return sorted(found)


def reference_after_search(state: dict[str, Any], board: str | Path) -> tuple[str, str | None]:
    """Reference for exercise 3."""
    if not state["search_complete"]:
        return CONTINUE, None
    cards = _readable_cards(board)
    candidates = candidates_of(state, cards)
    if len(candidates) == 1:
        return CONTINUE, None
    query = state["query"]
    if not candidates:
        return NEEDS_INPUT, (f"I searched the whole board and no card matches {query!r}. "
                             "Which task do you mean?")
    listing = "; ".join(f'{card_id} "{cards[card_id]}"' for card_id in candidates)
    return NEEDS_INPUT, (f"I found {len(candidates)} cards for {query!r}: {listing}. "
                         "Which one do you mean?")


def _after_case(files: Files | str, query: str, pages: int | None = None, page_size: int = 5
                ) -> dict[str, Any]:
    """The state after reading `pages` pages (None: all of them) of the board for `query`."""
    whole = EXAMPLE_FILES if files == EXAMPLE else files
    read = _pages(len(whole), page_size) if pages is None else pages
    run = officer_run(whole, query, page_size, max_steps=read)
    return {"board": files, "state": plain_state(run.state)}


def _expected_after(case: dict) -> tuple[str, list[str], dict[str, str], set[str]]:
    """decision, candidates, id -> title, and every id-like name on the board."""
    with board_folder(case["board"]) as folder:
        whole = load_board(folder)
    cards = {card.id: card.title for card in whole.cards.values()}
    names = set(cards) | {name.removesuffix(".md") for name in whole.unreadable}
    state = case["state"]
    if not state["search_complete"]:
        return CONTINUE, [], cards, names
    candidates = candidates_of(state, cards)
    return (CONTINUE if len(candidates) == 1 else NEEDS_INPUT), candidates, cards, names


def _probe_after(after: Any, case: dict) -> Any:
    with board_folder(case["board"]) as folder:
        return after(copy.deepcopy(case["state"]), folder)


def _pair(output: Any) -> tuple[Any, Any] | str:
    if type(output) is not list or len(output) != 2:
        return f"return a pair (decision, question), got {_short(output)}"
    return output[0], output[1]


def _after_facts(case: dict) -> dict[str, Any]:
    """The decision the office's rule gives, its candidates, their titles, and every
    id-like name on the board (readable ids and the unreadable files' stems)."""
    decision, candidates, cards, names = _expected_after(case)
    return {"decision": decision, "candidates": candidates,
            "titles": {card: cards[card] for card in candidates}, "names": sorted(names)}


def _judge_after_decision(case: dict, facts: dict[str, Any], output: Any) -> str | None:
    pair = _pair(output)
    if isinstance(pair, str):
        return pair
    decision, question = pair
    expected, candidates = facts["decision"], facts["candidates"]
    if decision != expected:
        why = f" (candidates: {', '.join(candidates) or 'none'})" if case["state"][
            "search_complete"] else " (pages are still unread)"
        return f"expected {expected!r}, got {_short(decision)}{why}"
    if expected == CONTINUE and question is not None:
        return "continue asks nothing: the question is None"
    if expected == NEEDS_INPUT and (type(question) is not str or not question.strip()):
        return "needs_input comes with the question for the person, a non-empty str"
    return None


def _names(text: str, card_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(card_id.lower())}(?![\w-])", text) is not None


def _judge_question(case: dict, facts: dict[str, Any], output: Any) -> str | None:
    pair = _pair(output)
    if isinstance(pair, str):
        return pair
    decision, question = pair
    candidates, cards, names = facts["candidates"], facts["titles"], set(facts["names"])
    if decision != NEEDS_INPUT:
        return f"expected 'needs_input', got {_short(decision)}"
    if type(question) is not str or not question.strip():
        return "needs_input comes with the question for the person, a non-empty str"
    if len(question) > 500:
        return "keep the question under 500 characters: a person has to read it"
    lower = question.lower().replace("’", "'")
    others = sorted(name for name in names - set(candidates) if _names(lower, name))
    if others:
        return f"the question names {others[0]}, which is not one of the candidates"
    if "?" not in question:
        return "ask the person: the question needs a '?'"
    picked = PICKED.search(lower)
    if picked:
        return f"nothing was chosen, but the question says {picked[0]!r}"
    if not candidates:
        if case["state"]["query"].lower() not in lower:
            return f"say what was searched for: quote the query {case['state']['query']!r}"
        if not NO_CARD.search(lower):
            return "say that no card matched (e.g. 'no card matches')"
        return None
    missing = [card for card in candidates if not _names(lower, card)]
    if missing:
        return f"the person must see every candidate; missing {missing[0]}"
    untitled = [card for card in candidates if cards[card].lower() not in lower]
    if untitled:
        return (f"give each candidate its title, so the person can tell them apart: "
                f"{untitled[0]} is {cards[untitled[0]]!r}")
    if NO_CARD_CLAIM.search(lower):
        return "cards did match: do not say that none did"
    return None


INCOMPLETE = "pages still unread → continue, ask nothing yet"
ONE = "one match and no card with a similar id → continue"
SIMILAR = "one match, but a card with a similar id is on the board → needs_input"
SEVERAL = "several matches → needs_input"
NO_MATCH = "no match on the whole board → needs_input"
ASK_SEVERAL = "the question names every candidate with its title and picks none"
ASK_SIMILAR = "a similar id: the question names both cards with their titles"
ASK_NONE = "no match: the question quotes the query and says no card matched"


def _example_after(query: str, pages: int | None = None) -> dict[str, Any]:
    return _after_case(EXAMPLE, query, pages)


def _after_decision_visible() -> list[Case]:
    return [
        Case(_example_after("equipment"), "'equipment': task-003 and task-003-copy", rule=SEVERAL),
        Case(_example_after("lab"), "'lab': five cards of the lab group", rule=SEVERAL),
        Case(_example_after("task-003"), "'task-003' finds task-003 alone; task-003-copy is "
                                         "on the board", rule=SIMILAR),
        Case(_example_after("task-003-copy"), "'task-003-copy' alone; task-003 is on the board",
             rule=SIMILAR),
        Case(_example_after("posters"), "'posters': task-004 alone", rule=ONE),
        Case(_example_after("catering"), "'catering': nothing on the whole board",
             rule=NO_MATCH),
        Case(_example_after("equipment", pages=1), "'equipment' after page 1 of 3",
             rule=INCOMPLETE),
    ]


def _generated_after(rng: random.Random, rule: str) -> dict[str, Any]:
    """A search state on a generated board that `rule` decides."""
    for _ in range(200):
        page_size = rng.randint(2, 6)
        files, cards = random_board(rng, rng.randint(3, 4 * page_size), siblings=2,
                                    unreadable=rng.randint(0, 2))
        ids = [c["id"] for c in cards]
        pick = rng.choice(ids) if ids else None
        if rule in (ONE, SIMILAR) and pick is not None:
            query = pick
        elif rule == SEVERAL:
            query = rng.choice([*THINGS, *GROUPS, *VERBS]).lower()
        elif rule == NO_MATCH:
            query = rng.choice(UNIQUE)
        else:
            query = rng.choice([*THINGS, *(ids or ["x"])])
        pages = _pages(len(files), page_size)
        if rule == INCOMPLETE:
            if pages < 2:
                continue
            case = _after_case(files, query, rng.randint(1, min(pages - 1, MAX_STEPS)),
                               page_size)
        elif pages > MAX_STEPS:
            continue
        else:
            case = _after_case(files, query, None, page_size)
        decision, candidates, _, _ = _expected_after(case)
        matches = case["state"]["matches"]
        got = {INCOMPLETE: not case["state"]["search_complete"],
               ONE: decision == CONTINUE and len(matches) == 1,
               SIMILAR: decision == NEEDS_INPUT and len(matches) == 1,
               SEVERAL: len(matches) > 1, NO_MATCH: not candidates}[rule]
        if got and (rule == INCOMPLETE or case["state"]["search_complete"]):
            return case
    raise AssertionError(f"no generated board for {rule!r}")   # pragma: no cover


def _after_hidden(rules: tuple[str, ...], per_rule: int):
    return cases_by_rule(_generated_after, rules, per_rule, "generated board")


# The library's answers to exercise 3 (and the helper that spots a similar id).
ASK_WITHHELD = (officer.decide, handover.question_for, handover.message_for, handover._similar)

AFTER_DECISION = Check(
    id="ch5-ask-decision",
    answer="after_search",
    title="after_search(): continue, or ask — the office's rule for similar ids",
    withhold=ASK_WITHHELD,
    probe=_probe_after,
    verify=Verify(judge=_judge_after_decision, facts=_after_facts),
    cases=_after_decision_visible,
    hidden=_after_hidden((INCOMPLETE, ONE, SIMILAR, SEVERAL, NO_MATCH), 5),
    hint="Only a complete search is judged. Its candidates are the matches plus every card "
         "the board can read whose id is a match's id followed by '-' and more (or the other "
         "way round). Exactly one candidate: continue; none or several: needs_input.",
)

AFTER_QUESTION = Check(
    id="ch5-ask-question",
    answer="after_search",
    title="after_search(): the question a person is asked",
    withhold=ASK_WITHHELD,
    probe=_probe_after,
    verify=Verify(judge=_judge_question, facts=_after_facts),
    cases=lambda: [
        Case(_example_after("equipment"), "'equipment': two cards", rule=ASK_SEVERAL),
        Case(_example_after("lab"), "'lab': five cards", rule=ASK_SEVERAL),
        Case(_example_after("task-003"), "'task-003' and its similar task-003-copy",
             rule=ASK_SIMILAR),
        Case(_example_after("catering"), "'catering': nothing matched", rule=ASK_NONE),
    ],
    hidden=lambda rng: [
        Case(_generated_after(rng, rule), f"generated board {number + 1}",
             rule={SEVERAL: ASK_SEVERAL, SIMILAR: ASK_SIMILAR, NO_MATCH: ASK_NONE}[rule])
        for number, rule in enumerate([SEVERAL, SIMILAR, NO_MATCH] * 5)],
    hint="Name every candidate with its title (load_board gives you the cards), ask which one "
         "is meant, and name no other card; with no candidate, quote the query and say that no "
         "card matched.",
)

# --- exercise 4: an honest report when a long board hits the limit ----------------------------

REPORT_FIELDS = (*STATE_FIELDS, "terminal")
NOISE = re.compile(r"utf-?8|0x[0-9a-f]+")


def reference_report(state: dict[str, Any]) -> str:
    """Reference for exercise 4."""
    unread = state["total"] - state["scanned"]
    text = (f"I stopped at the step limit of {state['max_steps']} before the search ended: "
            f"not all cards were checked. Card files read: {state['scanned']} of "
            f"{state['total']}; left unread: {unread}.")
    files = [item["file"] for item in state["unreadable"]]
    if files:
        text += f" Could not be read at all: {', '.join(files)}."
    return text + " No card is confirmed."


def _report_text(state: dict[str, Any], output: Any) -> tuple[str, str] | str:
    if type(output) is not str or not output.strip():
        return f"expected a non-empty str, got {_short(output)}"
    if len(output) > 400:
        return "keep the report under 400 characters: a person has to read it"
    files = [item["file"] for item in state["unreadable"]]
    reasons = [item["reason"] for item in state["unreadable"]]
    return output, plain_text(output, [*files, *reasons, state["query"]], NOISE)


def _false_claim(plain: str) -> str | None:
    """What a limit report must never claim, whatever else it says."""
    wording = SUCCESS_WORDS.search(plain)
    if wording:
        return f"nothing was achieved, but the report says {wording[0]!r} (even negated)"
    if says_found(plain):
        return "no card was confirmed: do not say 'found'"
    if claims_all_checked(plain):
        return "not everything was checked, but the report claims it was"
    named = CARD_LIKE.search(plain)
    if named:
        return f"name no card ({named[0]}): the matches on the pages read are not a result"
    return None


def _judge_unchecked(case: dict, facts: Any, output: Any) -> str | None:
    state = case["state"]
    texts = _report_text(state, output)
    if isinstance(texts, str):
        return texts
    text, plain = texts
    if not NOT_ALL.search(plain):
        return "say that not every card was checked (e.g. 'not all cards were checked')"
    missing = [item["file"] for item in state["unreadable"]
               if item["file"].lower() not in text.lower()]
    if missing:
        return f"name every card file that could not be read: {missing[0]} is missing"
    return _false_claim(plain)


def _judge_counts(case: dict, facts: Any, output: Any) -> str | None:
    state = case["state"]
    texts = _report_text(state, output)
    if isinstance(texts, str):
        return texts
    _, plain = texts
    claim = _false_claim(plain)   # right numbers do not excuse a false claim
    if claim:
        return claim
    numbers = [int(n) for n in re.findall(r"\d+", CARD_LIKE.sub(" ", plain))]
    scanned, total = state["scanned"], state["total"]
    unread = total - scanned
    if scanned not in numbers or total not in numbers:
        return f"say how many card files were read, of how many ({scanned} of {total})"
    if unread not in numbers:
        return f"say how many card files were not read, as a number ({unread})"
    pages = case["pages_read"]
    allowed = {scanned, total, unread, state["steps"], state["max_steps"], state["page_count"],
               pages, state["page_count"] - pages, state["failures"], state["max_retries"],
               len(state["unreadable"])}
    wrong = [n for n in numbers if n not in allowed]
    if wrong:
        return f"the report says {wrong[0]}, which is none of this run's counts or limits"
    return None


SAYS_UNCHECKED = "says that not every card was checked; no success words, nothing found, no card"
NAMES_UNREADABLE = "names every card file on the pages read that could not be read"
STATES_COUNTS = ("states read, total and unread card files as numbers, no other number, and "
                 "no false claim")


def _report_case(files: Files, query: str, page_size: int, max_steps: int, label: str,
                 rule: str, flaky: bool = False) -> Case:
    run = officer_run(files, query, page_size, max_steps, flaky=flaky)
    assert run.terminal == LIMIT and not run.state["search_complete"], (label, run.terminal)
    return Case({"state": plain_state(run.state, REPORT_FIELDS),
                 "pages_read": len(run.state["pages"])}, label, rule=rule)


def _report_visible(rule_for: dict[str, str]) -> list[Case]:
    return [
        _report_case(EXAMPLE_FILES, "equipment", 2, 5, "the limit route: 2 card files a page, "
                     "5 steps", rule_for["plain"]),
        _report_case(EXAMPLE_FILES, "equipment", 5, 2, "the limit2 route: 5 a page, 2 steps",
                     rule_for["plain"]),
        _report_case(EXAMPLE_FILES, "equipment", 13, 1, "13 a page, 1 step: task-012.md was on "
                     "the page read", rule_for["unreadable"]),
        _report_case(EXAMPLE_FILES, "posters", 3, 4, "3 a page, 4 steps, the first read failed "
                     "and was retried", rule_for["plain"], flaky=True),
    ]


def _report_hidden(rule_for: dict[str, str]):
    def cases(rng: random.Random) -> list[Case]:
        out = []
        while len(out) < 16:
            with_unreadable = len(out) % 2 == 0
            page_size, max_steps = rng.randint(1, 8), rng.randint(1, 5)
            count = rng.randint(page_size * (max_steps + 1) + 1, page_size * 12 + 12)
            files, cards = random_board(rng, count,
                                        unreadable=rng.randint(2, 6) if with_unreadable else 0)
            query = rng.choice([*THINGS, *GROUPS, *(c["id"] for c in cards[:3])])
            flaky = rng.random() < 0.3
            run = officer_run(files, query, page_size, max_steps, flaky=flaky)
            if run.terminal != LIMIT or run.state["search_complete"] or not run.state["pages"]:
                continue
            if with_unreadable and not run.state["unreadable"]:
                continue
            rule = rule_for["unreadable" if run.state["unreadable"] else "plain"]
            out.append(Case({"state": plain_state(run.state, REPORT_FIELDS),
                             "pages_read": len(run.state["pages"])},
                            f"generated long board {len(out) + 1}", rule=rule))
        return out
    return cases


def _probe_report(report: Any, case: dict) -> Any:
    return report(copy.deepcopy(case["state"]))


# The library's reasons for a limit, and the line naming the files it could not search.
REPORT_WITHHELD = (handover.message_for, handover._limit_text, handover._progress,
                   handover._unfinished, handover.unreadable_line)
UNCHECKED_RULES = {"plain": SAYS_UNCHECKED, "unreadable": NAMES_UNREADABLE}
COUNT_RULES = {"plain": STATES_COUNTS, "unreadable": STATES_COUNTS}

REPORT_UNCHECKED = Check(
    id="ch5-report-unchecked",
    answer="limit_report",
    title="limit_report(): honest about what was not checked",
    withhold=REPORT_WITHHELD,
    probe=_probe_report,
    verify=Verify(judge=_judge_unchecked),
    cases=lambda: _report_visible(UNCHECKED_RULES),
    hidden=_report_hidden(UNCHECKED_RULES),
    hint="Say that not all cards were checked, name each file in state['unreadable'], and "
         "claim nothing: no success words (not even negated), no 'found', no card id.",
)

REPORT_COUNTS = Check(
    id="ch5-report-counts",
    answer="limit_report",
    title="limit_report(): the counts of what was read and what was not, and no false claim",
    withhold=REPORT_WITHHELD,
    probe=_probe_report,
    verify=Verify(judge=_judge_counts),
    cases=lambda: _report_visible(COUNT_RULES),
    hidden=_report_hidden(COUNT_RULES),
    hint="Use state['scanned'] and state['total'], and say how many were not read "
         "(total − scanned); any other number must be one of the run's counts or limits.",
)

CHECKS = (POLICY_FIT, POLICY_EDGES, TOOL_CALL, TOOL_DIRECT, AFTER_DECISION, AFTER_QUESTION,
          REPORT_UNCHECKED, REPORT_COUNTS)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "office_policy": reference_policy,
    "add_count_blocked": add_count_blocked,
    "after_search": reference_after_search,
    "limit_report": reference_report,
}
