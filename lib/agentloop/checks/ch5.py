"""Chapter 5's checks, as a learner holds them: the duty officer's graded project, on boards
the learner has not seen.

    exercise                                 checks
    1  route_steps(card_files, page_size)    ch5-route-steps
    2  office_policy(card_files)             ch5-policy-fit, ch5-policy-edges
    3  add_count_blocked(registry, board)    ch5-tool-controller, ch5-tool-board
    4  after_search(state, board)            ch5-ask-decision, ch5-ask-question
    5  limit_report(state)                   ch5-report-unchecked, ch5-report-counts

(Exercise 6, what the runs prove, is a written answer a person grades.) Each check's id is
the grade_id of a test cell in chapters/05_capstone.ipynb. This is the learner's edition:
the visible cases, the probes and the judges. A case that needs a board carries its card
files as plain data (or names the example office's board, `EXAMPLE`, or its fixed board,
`FIXED`); the probe writes them into a fresh folder, runs the answer there and returns
plain data. What the reference says about a visible case (its *facts*) is shipped in
agentloop/checks/facts/ch5.json; the references and the hidden cases are the teacher's
(agentloop_grader.answers.ch5).

How each exercise is judged:

- 1: the number of actions, against the facts;
- 2: by what the settings do: the library's officer runs with them on a generated board
  whose first read fails once, and the route and its retry must fit in five steps with the
  fewest card files a page (one fewer must not fit); when no page size fits, the largest
  page and an honest limit. No reference is needed;
- 3: the controller's verdict on a proposal, recomputed here from the tool's schema, and
  the tool's observation, against the facts;
- 4: the decision against the office's rule (facts: the decision and the candidates), and
  the question by rules, with the candidates' titles as facts;
- 5: by rules alone: what the report must say and must not claim.

The library does not answer them. The officer's loop (`agentloop.duty.officer`) could count
a route's actions or try page sizes by running, and has the similar-id rule; the handover
(`agentloop.duty.handover`) words the questions and the limit's reason. The grader's sandbox
does not load either while it grades this chapter (`answered_by`), and nothing it must load
needs them: this module imports the officer only inside the functions that make cases and
judge (the trusted side, or a learner's kernel before and after the answer runs). And the
exercises ask for what the library does not do: exercise 4's rule asks as soon as the search
ends when a card file could not be read (the library's officer drafts the summary first) and
names those files in every question, and lets the person's chosen card settle the search;
exercise 5's state has no list of the pages read, which the report must count from the steps
and the failures.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import functools
import hashlib
import itertools
import json
import os
import random
import re
import shutil
import tempfile
from collections.abc import Iterable, Iterator
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
from agentloop.checks.core import Case, Check, Compare, Put, no_facts
from agentloop.checks.student import shipped
from agentloop.controller import validate_proposal
from agentloop.duty.board_tools import (
    PAGE_SIZE_RANGE,
    READ_TASK_CARDS,
    board_registry,
    read_task_cards,
)
from agentloop.duty.example import CARDS, ENCODINGS
from agentloop.loop import MAX_RETRIES, MAX_STEPS
from agentloop.proposals import ProposalRejected
from agentloop.terminals import CONTINUE, LIMIT, NEEDS_INPUT
from agentloop.tools import Tool, ToolRegistry, ToolSpecError

CHAPTER = "ch5"

# The hint steps a learner opens one at a time, after a first try (agentloop.checks.hints):
# the first names the rule, the last is a nudge towards what to look at — never the answer.
HINTS: dict[str, tuple[str, ...]] = {
    "ch5-route-steps": (
        "Count the reads first: how many pages do the card files make, `page_size` a page?",
        "A last page that is not full is read all the same, and even an empty board is one "
        "page.",
        "Then add the actions that come after the search, and check yourself on the example "
        "board: 5 actions.",
    ),
    "ch5-policy-fit": (
        "Three of the four settings come straight from the office's rules; the page size is "
        "the exercise.",
        "Share out the five steps: what does the route take besides its reads, and what does "
        "one retry of a failed read take?",
        "What is left is the number of reads the board must fit in. Work it out for the ✘ "
        "board on paper, then with your `route_steps`.",
    ),
    "ch5-policy-edges": (
        "A page holds 1 to 50 card files: the workspace refuses any other page size.",
        "A very short board fits at any page size; a very long one fits at none.",
        "When nothing fits, the run should read as much of the board as it can before the "
        "limit stops it.",
    ),
    "ch5-tool-controller": (
        "The controller refuses only what your schema forbids: the group's type and lengths "
        "belong in the schema.",
        "The observation has exactly the keys the exercise lists, no more.",
        "Propose `count_blocked` through `validate_proposal` with an empty group and with 33 "
        "characters, as the cell below does: both must be refused.",
    ),
    "ch5-tool-board": (
        "Read the board with `load_board(board)`: its cards and the files it could not read.",
        "A card is in the group when its own `group` field matches, ignoring case; a word in "
        "a title is not a group.",
        "Called directly, the tool checks its argument itself, and a board that cannot be "
        "read gives an error observation: never an exception.",
    ),
    "ch5-ask-decision": (
        "Only a complete search is judged; pages still unread mean there is nothing to ask "
        "yet.",
        "The candidates are the matches and every card whose id is similar to a match's: "
        "one id is the other followed by `-` and more.",
        "One candidate is enough only when every card file was read — and the person's own "
        "choice settles it. Walk the ✘ case through the rules in the exercise's order.",
    ),
    "ch5-ask-question": (
        "The question names every candidate with its title, and every card file that could "
        "not be read.",
        "It asks (a `?`) and picks nothing: no 'I picked', no 'the card is', and no other "
        "card.",
        "Print your question for the ✘ case and read it as Anya would: could she answer it?",
    ),
    "ch5-report-unchecked": (
        "The report says that not every card was checked, and claims nothing else.",
        "No success word, not even negated; no 'found', no card id; every file in "
        "`state['unreadable']` is named.",
        "Read your report for the ✘ case word by word against the exercise's table.",
    ),
    "ch5-report-counts": (
        "The card files: how many were read, of how many, and how many were not — as numbers.",
        "The pages: the state has no list of them, so count them from what each step of the "
        "run did.",
        "What did a step whose read failed add? Compare your count with the "
        "`last_step_failure` route above.",
    ),
}
# The library modules that answer this chapter's exercises (see the module's text).
OFFICER = "agentloop.duty.officer"
HANDOVER = "agentloop.duty.handover"

Files = dict[str, Any]   # card file name -> text, or {"encoding": ..., "text": ...}

# --- boards as plain data --------------------------------------------------------------------

EXAMPLE = "example"   # a case's board: the example office's board (task-012.md unreadable)
FIXED = "fixed"       # the same board once task-012.md was saved again as UTF-8
EXAMPLE_FILES: Files = {name: ({"encoding": ENCODINGS[name], "text": text}
                               if name in ENCODINGS else text) for name, text in CARDS.items()}
FIXED_FILES: Files = dict(CARDS)


# written as bytes, as Path.write_bytes does (O_BINARY: no newline translation on Windows)
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | getattr(os, "O_BINARY", 0)


def write_board(folder: Path, files: Files) -> Path:
    """Write a board's card files into `folder` (created), each read-only: a board is what
    the officer reads, and the grader's boards cannot be written either (see stage_board)."""
    folder.mkdir(parents=True, exist_ok=True)
    base = os.fspath(folder)
    # os-level writes: a graded notebook writes some 2,500 card files (a fresh board for
    # every case it probes), and a file object per card cost a third of that time
    for name, content in files.items():
        if isinstance(content, dict):
            data = content["text"].encode(content["encoding"])
        else:
            data = content.encode("utf-8")
        fd = os.open(os.path.join(base, name), _NEW_FILE, 0o444)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    return folder


# A case's board the grader has written once, read-only, for every job (stage_board): the
# probe reads it where it is instead of writing its own copy. Only a grader makes these.
STAGED = "staged:"


def stage_board(value: Any, put: Put) -> Any:
    """A probe input with its board written once by the grader (`put`: see Check.stage):
    a graded notebook probes some 150 boards, and writing each for every student's job
    cost a third of grading one. Inputs without a board (or whose board is None: no board
    folder at all) stay as they are."""
    if not isinstance(value, dict) or value.get("board") is None:
        return value
    files = board_files(value["board"])
    digest = hashlib.blake2b(json.dumps(files, sort_keys=True).encode(),
                             digest_size=12).hexdigest()
    return {**value, "board": STAGED + put(digest, lambda folder: write_board(
        folder / "board", files))}


def board_files(board: Files | str) -> Files:
    """A case's board as card files (EXAMPLE and FIXED stand for the example office's)."""
    if board == EXAMPLE:
        return EXAMPLE_FILES
    if board == FIXED:
        return FIXED_FILES
    assert isinstance(board, dict), board
    return board


# One root per process for every case's board: a graded notebook probes some 150 boards,
# and a TemporaryDirectory each (a random name, then a safe rmtree) cost as much as writing
# the cards. Keyed by pid (a fork makes a root of its own) and by the temp folder of the
# moment: a grader that moves its temp files to a tmpfs for a run gets its boards there,
# even when this process made boards on disk before (creating files there cost a third
# more of drawing chapter 5's hidden cases).
_ROOT: dict[tuple[int, str], str] = {}
_CASES = itertools.count()
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)


def _board_root() -> str:
    key = (os.getpid(), tempfile.gettempdir())
    root = _ROOT.get(key)
    if root is None or not os.path.isdir(root):
        for other in [k for k in _ROOT if k[0] != key[0]]:
            del _ROOT[other]  # a parent's roots: its own to remove
        root = _ROOT[key] = tempfile.mkdtemp(prefix="agentloop-board-")
        atexit.register(shutil.rmtree, root, True)
    return root


def _remove_case(case: str, names: Iterable[str]) -> None:
    """Remove a case's folder: the card files it was given, then the folders, each by a
    descriptor (never following a link the learner's code put there); anything else in it
    (the learner's code wrote there) by rmtree."""
    try:
        case_fd = os.open(case, _FOLDER_FLAGS)
        try:
            board_fd = os.open("board", _FOLDER_FLAGS, dir_fd=case_fd)
            try:
                _writable(board_fd)
                for name in names:
                    os.unlink(name, dir_fd=board_fd)
            finally:
                os.close(board_fd)
            os.rmdir("board", dir_fd=case_fd)
        finally:
            os.close(case_fd)
        os.rmdir(case)
    except OSError:  # missing, changed or added to: the safe, general way
        board = os.path.join(case, "board")
        if os.path.isdir(board) and not os.path.islink(board):
            with contextlib.suppress(OSError):
                os.chmod(board, 0o700)  # read-only (board_folder): let rmtree empty it
        shutil.rmtree(case, ignore_errors=True)


def _writable(folder_fd: int) -> None:
    """Let a case's read-only board folder be emptied (by its descriptor, as the rest)."""
    with contextlib.suppress(AttributeError, NotImplementedError):  # a platform without
        os.fchmod(folder_fd, 0o700)  # fchmod: the removal below falls back to rmtree


@contextlib.contextmanager
def board_folder(files: Files | str | None) -> Iterator[Path]:
    """A fresh folder holding the board, read-only and removed afterwards; None: a board
    folder that does not exist; a STAGED board: the grader's, where it is."""
    if isinstance(files, str) and files.startswith(STAGED):
        yield Path(files[len(STAGED):])
        return
    case = os.path.join(_board_root(), str(next(_CASES)))
    os.mkdir(case, 0o700)
    folder = Path(case, "board")
    cards = board_files(files) if files is not None else None
    try:
        if cards is not None:
            write_board(folder, cards)
            os.chmod(folder, 0o555)  # no card added, removed or renamed: as in the grader
        yield folder
    finally:
        if cards is None:
            shutil.rmtree(case, ignore_errors=True)
        else:
            _remove_case(case, cards)


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
                 groups: tuple[str, ...] = GROUPS, near: int = 0
                 ) -> tuple[Files, list[dict[str, str]]]:
    """`count` card files (`unreadable` of them broken beyond reading), `siblings` more with
    a similar id (job-120-b for job-120) and `near` more whose id only starts like another's
    (job-1204); the files and the readable cards' fields."""
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
    for _ in range(near):
        base = rng.choice(ids[:max(1, count)])
        close_by = f"{base}{rng.randint(0, 9)}"
        if close_by not in ids:
            ids.append(close_by)
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


# --- the library's officer on a board given as data (cases and judges, never a probe) ------

_RUNS: dict[str, Any] = {}
RUNS_KEPT = 512


def officer_run(files: Files | str | None, query: str, page_size: int = 5,
                max_steps: int = MAX_STEPS, max_retries: int = MAX_RETRIES,
                faults: tuple[int, ...] = (), chosen: str | None = None) -> Any:
    """The library's duty officer (the authored scenario, the repeated-action guard) on a
    board given as data; `faults`: the board tool calls that fail once (call 1 is the first).

    A run is deterministic, and a class's judging asks for the same ones again and again,
    so each is made once and shared: read it, never change it. The officer is imported
    here, not by the module: the grader's sandbox, which loads this module, has none."""
    key = json.dumps([files, query, page_size, max_steps, max_retries, list(faults), chosen],
                     sort_keys=True)
    if key not in _RUNS:
        from agentloop.duty.faults import with_faults
        from agentloop.duty.officer import RunInput, run_officer
        from agentloop.duty.planner import DutyModel

        if len(_RUNS) >= RUNS_KEPT:
            _RUNS.clear()
        with board_folder(files) as folder:
            registry = with_faults(board_registry(folder, "board", page_size), tuple(faults))
            _RUNS[key] = run_officer(
                RunInput("Tell Anya", query, max_steps, max_retries, ("repeated",),
                         chosen=chosen), DutyModel(), registry)
    return _RUNS[key]


def _short(value: Any, limit: int = 100) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


# The officer state's fields exercises 4 and 5 read (plain JSON, nothing else).
STATE_FIELDS = ("query", "chosen", "steps", "max_steps", "failures", "max_retries", "action",
                "search_complete", "page_count", "matches", "scanned", "total", "unreadable")


def plain_state(state: dict[str, Any], fields: tuple[str, ...] = STATE_FIELDS) -> dict[str, Any]:
    """The officer state's fields an exercise reads."""
    return {name: copy.deepcopy(state[name]) for name in fields}


# --- exercise 1: the budget, in numbers ------------------------------------------------------

ROUNDS_UP = "a last page that is not full is still a page to read"
EXACT_PAGES = "card files that fill every page exactly make no extra page"
ONE_PAGE = "a board that fits on one page: one read, then validate and draft"
EMPTY_BOARD = "an empty board is still one (empty) page to read"


def _route_case(card_files: int, page_size: int, label: str, rule: str) -> Case:
    return Case({"card_files": card_files, "page_size": page_size}, label, rule=rule)


def _probe_route(route_steps: Any, case: dict) -> Any:
    return route_steps(case["card_files"], case["page_size"])


def _judge_route(case: dict, facts: int, output: Any) -> str | None:
    if type(output) is not int:
        return f"return the number of actions as a whole number (an int), got {_short(output)}"
    if output == facts:
        return None
    return (f"{case['card_files']} card files, {case['page_size']} a page: the route takes "
            f"{facts} actions, not {output}")


ROUTE = Check(
    id="ch5-route-steps",
    answer="route_steps",
    title="route_steps(): the actions of the one-match route, for a board and a page size",
    answered_by=(OFFICER,),   # a run of the library's officer counts them: not loaded
    probe=_probe_route,
    judge=_judge_route,
    facts=shipped(CHAPTER, "ch5-route-steps"),
    cases=lambda: [
        _route_case(14, 5, "14 card files, 5 a page (the example board)", ROUNDS_UP),
        _route_case(16, 5, "16 card files, 5 a page", ROUNDS_UP),
        _route_case(101, 50, "101 card files, 50 a page", ROUNDS_UP),
        _route_case(14, 2, "14 card files, 2 a page", EXACT_PAGES),
        _route_case(15, 5, "15 card files, 5 a page", EXACT_PAGES),
        _route_case(100, 50, "100 card files, 50 a page", EXACT_PAGES),
        _route_case(3, 5, "3 card files, 5 a page", ONE_PAGE),
        _route_case(1, 1, "1 card file, 1 a page", ONE_PAGE),
        _route_case(0, 5, "an empty board, 5 a page", EMPTY_BOARD),
    ],
    hint="Count the reads first: how many pages does the board make (a last page that is not "
         "full is read all the same, and even an empty board is one page)? Then add the "
         "actions that come after the search.",
)

# --- exercise 2: the office's policy for a board of any length --------------------------------

POLICY_KEYS = ("max_steps", "max_retries", "page_size", "guards")
OFFICE_RETRIES = 1            # the office's stop policy: five actions a run, one retry
SMALLEST_PAGE, LARGEST_PAGE = PAGE_SIZE_RANGE
FIRST_READ_FAILS = (1,)       # the policy's runs: the board's first read fails once

FIT = "the route and one retry fit in five steps, with the fewest card files a page"
SMALLEST = "a board so short that one card file a page fits: page_size 1 (a page holds one)"
TOO_LONG = ("a board no page size fits: the largest page the workspace allows, so the run "
            "reads as much as it can before it stops at the limit")


@functools.lru_cache(maxsize=256)
def policy_board(seed: int, count: int) -> tuple[Files, str]:
    """A generated board of `count` card files, one of which a query for a unique word finds
    (nothing on it is unreadable). Shared between calls: read it, never change it."""
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


def policy_run(seed: int, count: int, page_size: int) -> Any:
    """The officer with the office's policy and `page_size` on the case's board, its first
    read failing once."""
    files, query = policy_board(seed, count)
    return officer_run(files, query, page_size, MAX_STEPS, OFFICE_RETRIES, FIRST_READ_FAILS)


def fits(run: Any) -> bool:
    """The route and its retry fit: the run ended for what it saw, not for want of steps."""
    return run.terminal != LIMIT


def _probe_policy(policy: Any, case: dict) -> Any:
    return policy(case["card_files"])


@functools.lru_cache(maxsize=256)
def _loads_as_workspace(text: str) -> str | None:
    """None if the settings (JSON) load as agent.json + stop_policy.json, else the reason."""
    from agentloop.duty.workspace import load_workspace

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
    problem = _loads_as_workspace(json.dumps(output, sort_keys=True))
    if problem:
        return problem
    if output["max_steps"] != MAX_STEPS:
        return f"the office allows {MAX_STEPS} actions a run: max_steps {MAX_STEPS}"
    if output["max_retries"] != OFFICE_RETRIES:
        return "the office allows one retry of a failed read: max_retries 1"
    if output["guards"] != ["repeated"]:
        return "guards: the repeated-action guard and nothing else, ['repeated']"
    seed, count, page = case["seed"], case["card_files"], output["page_size"]
    run = policy_run(seed, count, page)
    if fits(run):
        if page > SMALLEST_PAGE and fits(policy_run(seed, count, page - 1)):
            return (f"page_size {page - 1} fits as well: use the fewest card files a page (a "
                    "page is what the model is sent in one go)")
        return None
    if page < LARGEST_PAGE and fits(policy_run(seed, count, LARGEST_PAGE)):
        return (f"with page_size {page}, on a board of {count} card files whose first read "
                f"fails once, the run stops at the limit on step {len(run.records)}: the "
                f"route and its retry do not fit in max_steps {MAX_STEPS}")
    if page != LARGEST_PAGE:
        return (f"no page size fits {count} card files: take the largest page the workspace "
                f"allows, so that the run reads as much as it can (page_size {page} reads "
                f"{run.state['scanned']} before the limit)")
    return None


def _policy_case(count: int, label: str, rule: str, seed: int = 5) -> Case:
    return Case({"card_files": count, "seed": seed}, label, rule=rule)


POLICY_FIT = Check(
    id="ch5-policy-fit",
    answer="office_policy",
    title="office_policy(): the route and a retry fit, with the fewest card files a page",
    answered_by=(OFFICER,),   # trying page sizes with the library's officer: not loaded
    probe=_probe_policy,
    judge=_judge_policy,
    facts=no_facts,
    cases=lambda: [
        _policy_case(14, "14 card files (as many as the example board)", FIT),
        _policy_case(10, "10 card files", FIT),
        _policy_case(5, "5 card files", FIT),
        _policy_case(99, "99 card files", FIT),
        _policy_case(100, "100 card files", FIT),
    ],
    hint="Count the one-match route's actions for a page size: every page, validate, draft, "
         "and the check's board fails its first read once. Which page size is the smallest "
         "that still fits in max_steps? (1 to 50 card files a page.)",
)

POLICY_EDGES = Check(
    id="ch5-policy-edges",
    answer="office_policy",
    title="office_policy(): the smallest and the longest boards",
    answered_by=(OFFICER,),
    probe=_probe_policy,
    judge=_judge_policy,
    facts=no_facts,
    cases=lambda: [
        _policy_case(0, "an empty board", SMALLEST),
        _policy_case(1, "1 card file", SMALLEST),
        _policy_case(101, "101 card files", TOO_LONG),
        _policy_case(150, "150 card files", TOO_LONG),
        _policy_case(400, "400 card files", TOO_LONG),
    ],
    hint="A page holds at least 1 card file and at most 50 (the workspace refuses others); "
         "when even the largest page does not fit, the run should still read as much as it "
         "can before the limit stops it.",
)

# --- exercise 3: count_blocked, a new tool behind chapter 2's controller ----------------------

COUNT_BLOCKED = "count_blocked"
OBSERVATION_KEYS = ("ok", "group", "blocked", "count", "unreadable")


def observed(observation: Any) -> Any:
    """An observation as a probe reports it: an error's own words do not matter, only that it
    says why; any other value as it is."""
    if type(observation) is dict and observation.get("ok") is False:
        error = observation.get("error")
        return {"ok": False, "says_why": type(error) is str and bool(error.strip())}
    return observation


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
        return {"card": card, "ran": observed(
            registry[proposal["name"]].run(**copy.deepcopy(proposal["args"])))}


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
        if not got.get("says_why"):
            return "an error observation says why in 'error', a non-empty text"
        return None
    if type(got) is dict and sorted(got) != sorted(want):
        return f"the observation has the keys {sorted(got)}; expected {list(OBSERVATION_KEYS)}"
    return Compare()(got, want)


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


def _tool_call_case(proposal: Any, label: str, rule: str, board: Files | str = EXAMPLE,
                    query: str = "equipment") -> Case:
    return Case({"board": board, "query": query, "proposal": proposal}, label, rule=rule)


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


TOOL_CALL = Check(
    id="ch5-tool-controller",
    answer="add_count_blocked",
    title="count_blocked behind the controller: what its schema lets through",
    probe=_tool_outcome,
    judge=_judge_tool_call,
    facts=shipped(CHAPTER, "ch5-tool-controller"),
    cases=_tool_call_visible,
    hint="The controller refuses only what the schema forbids: which type and which lengths "
         "may a group have? The observation has exactly ok, group, blocked, count and "
         "unreadable.",
    stage=stage_board,
)


def _tool_direct(add_tool: Any, case: dict) -> Any:
    """Call the registered tool itself, as code other than the controller could."""
    with board_folder(case["board"]) as folder:
        registry = ToolRegistry()
        add_tool(registry, folder)
        if COUNT_BLOCKED not in registry:
            return {"missing": True}
        return {"observation": observed(
            registry[COUNT_BLOCKED].run(group=copy.deepcopy(case["group"])))}


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


TOOL_DIRECT = Check(
    id="ch5-tool-board",
    answer="add_count_blocked",
    title="count_blocked called directly on generated boards",
    probe=_tool_direct,
    judge=_judge_tool_direct,
    facts=shipped(CHAPTER, "ch5-tool-board"),
    cases=_direct_visible,
    hint="Read the board with load_board (BoardError: the board cannot be read); a card is "
         "in the group when its group field equals the argument, ignoring case; check the "
         "argument yourself before you use it.",
    stage=stage_board,
)

# --- exercise 4: ask, don't guess — after the search -------------------------------------------

PICKED = re.compile(r"\b(the card is|your card is|found it|i (chose|picked|took|selected|will "
                    r"take|will use|went with|assume)|i'?ll (take|use|pick)|probably|most "
                    r"likely)\b")
NO_CARD = re.compile(r"\bno (card|cards|match|matches|task|tasks)\b|\bnothing\b|\bnone\b"
                     r"|\b(did ?n[o']t|could ?n[o']t|cannot|can ?n[o']t|not) find\b"
                     r"|\bnot found\b")
NO_CARD_CLAIM = re.compile(r"\bno (card|cards|match|matches)\b|\bnothing (matches|matched|was "
                           r"found)\b|\bnot found\b")
NO_QUESTION, QUESTION = "no question", "a question"   # what the decision's probe reports

INCOMPLETE = "pages still unread → continue, ask nothing yet"
ONE = "one candidate, and every card file was read → continue"
UNREAD = "one candidate, but a card file could not be read → needs_input (it might be the card)"
SIMILAR = "one match, but a card with a similar id is on the board → needs_input"
NEAR = "an id that only starts like the match's (task-004, task-0040) is not similar → continue"
SEVERAL = "several matches → needs_input"
NO_MATCH = "no match on the whole board → needs_input"
CHOSEN = "the person chose the card the search found → continue, whatever else is on the board"
ASK_SEVERAL = "several candidates: the question names each with its title and picks none"
ASK_SIMILAR = "a similar id: the question names both cards with their titles"
ASK_CONFIRM = ("one card, but a card file went unread: the question names the card with its "
               "title and the file, and asks to confirm")
ASK_UNREAD = "every card file that could not be read is named in the question: it might be the card"
ASK_NONE = "no match: the question quotes the query and says no card matched"
# The board of one visible case: the fixed board and a card whose id only starts like task-004.
NEAR_BOARD: Files = {**FIXED_FILES, "task-0040.md": card_text(
    "task-0040", "Frame the photos of the open day", "events", "todo")}


def after_case(board: Files | str, query: str, pages: int | None = None, page_size: int = 5,
               chosen: str | None = None) -> dict[str, Any]:
    """The officer's state after reading `pages` pages (None: all of them) of the board for
    `query` — the person having chosen `chosen` — and the board itself."""
    if pages is None:   # every page: as many as a read of the board says it has
        with board_folder(board) as folder:
            pages = read_task_cards(folder, query, 1, page_size)["pages"]
    run = officer_run(board, query, page_size, max_steps=pages, chosen=chosen)
    return {"board": board, "state": plain_state(run.state)}


def _probe_after(after: Any, case: dict) -> Any:
    with board_folder(case["board"]) as folder:
        return after(copy.deepcopy(case["state"]), folder)


def _probe_decision(after: Any, case: dict) -> Any:
    """The decision, and only whether a question came with it (every right answer gives the
    same: the question's words are ch5-ask-question's)."""
    output = _probe_after(after, case)
    if type(output) not in (list, tuple) or len(output) != 2:
        return {"returned": _short(output)}
    decision, question = output
    if question is None:
        return [decision, NO_QUESTION]
    if type(question) is str and question.strip():
        return [decision, QUESTION]
    return [decision, {"returned": _short(question)}]


def _pair(output: Any) -> tuple[Any, Any] | str:
    if type(output) is not list or len(output) != 2:
        returned = output.get("returned") if type(output) is dict else _short(output)
        return f"return a pair (decision, question), got {returned}"
    return output[0], output[1]


def unread_files(state: dict[str, Any]) -> list[str]:
    return [item["file"] for item in state["unreadable"]]


def _why(case: dict, facts: dict[str, Any]) -> str:
    state = case["state"]
    if not state["search_complete"]:
        return "pages are still unread"
    parts = [f"candidates: {', '.join(facts['candidates']) or 'none'}"]
    if unread_files(state):
        parts.append(f"not read: {', '.join(unread_files(state))}")
    if state["chosen"] is not None:
        parts.append(f"the person chose {state['chosen']}")
    return "; ".join(parts)


def _judge_after_decision(case: dict, facts: dict[str, Any], output: Any) -> str | None:
    pair = _pair(output)
    if isinstance(pair, str):
        return pair
    decision, asks = pair
    expected = facts["decision"]
    if decision != expected:
        return f"expected {expected!r}, got {_short(decision)} ({_why(case, facts)})"
    if expected == CONTINUE and asks != NO_QUESTION:
        return "continue asks nothing: the question is None"
    if expected == NEEDS_INPUT and asks != QUESTION:
        return "needs_input comes with the question for the person, a non-empty str"
    return None


def _names(text: str, card_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(card_id.lower())}(?![\w-])", text) is not None


def _names_file(text: str, file: str) -> bool:
    return file.lower() in text or _names(text, file.removesuffix(".md"))


def _judge_question(case: dict, facts: dict[str, Any], output: Any) -> str | None:
    pair = _pair(output)
    if isinstance(pair, str):
        return pair
    decision, question = pair
    candidates, titles = facts["candidates"], facts["titles"]
    state = case["state"]
    unread = unread_files(state)
    if decision != NEEDS_INPUT:
        return f"expected 'needs_input', got {_short(decision)}"
    if type(question) is not str or not question.strip():
        return "needs_input comes with the question for the person, a non-empty str"
    if len(question) > 500:
        return "keep the question under 500 characters: a person has to read it"
    lower = question.lower().replace("’", "'")
    not_offered = set(facts["names"]) - set(candidates) - {f.removesuffix(".md") for f in unread}
    others = sorted(name for name in not_offered if _names(lower, name))
    if others:
        return f"the question names {others[0]}, which is not one of the candidates"
    if "?" not in question:
        return "ask the person: the question needs a '?'"
    picked = PICKED.search(lower)
    if picked:
        return f"nothing was chosen, but the question says {picked[0]!r}"
    missing_files = [file for file in unread if not _names_file(lower, file)]
    if missing_files:
        return (f"{missing_files[0]} could not be read, so it might be the card: name every "
                "card file that could not be read")
    if not candidates:
        if state["query"].lower() not in lower:
            return f"say what was searched for: quote the query {state['query']!r}"
        if not NO_CARD.search(lower):
            return "say that no card matched (e.g. 'no card matches')"
        return None
    missing = [card for card in candidates if not _names(lower, card)]
    if missing:
        return f"the person must see every candidate; missing {missing[0]}"
    untitled = [card for card in candidates if titles[card].lower() not in lower]
    if untitled:
        return (f"give each candidate its title, so the person can tell them apart: "
                f"{untitled[0]} is {titles[untitled[0]]!r}")
    if NO_CARD_CLAIM.search(lower):
        return "cards did match: do not say that none did"
    return None


def _after_decision_visible() -> list[Case]:
    return [
        Case(after_case(EXAMPLE, "equipment"), "'equipment': task-003 and task-003-copy",
             rule=SEVERAL),
        Case(after_case(EXAMPLE, "lab"), "'lab': five cards of the lab group", rule=SEVERAL),
        Case(after_case(FIXED, "task-003"), "'task-003' on the fixed board: task-003-copy is "
                                            "there too", rule=SIMILAR),
        Case(after_case(FIXED, "task-003-copy"), "'task-003-copy' on the fixed board: task-003 "
                                                 "is there too", rule=SIMILAR),
        Case(after_case(FIXED, "posters"), "'posters' on the fixed board: task-004 alone",
             rule=ONE),
        Case(after_case(EXAMPLE, "posters"), "'posters' on the office board: task-004 alone, "
                                             "task-012.md unread", rule=UNREAD),
        Case(after_case(NEAR_BOARD, "task-004"), "'task-004' with task-0040 on the board",
             rule=NEAR),
        Case(after_case(EXAMPLE, "catering"), "'catering': nothing on the whole board",
             rule=NO_MATCH),
        Case(after_case(EXAMPLE, "equipment", pages=1), "'equipment' after page 1 of 3",
             rule=INCOMPLETE),
        Case(after_case(EXAMPLE, "task-003", chosen="task-003"),
             "'task-003', the card Anya chose: task-003-copy and task-012.md are still there",
             rule=CHOSEN),
    ]


AFTER_DECISION = Check(
    id="ch5-ask-decision",
    answer="after_search",
    title="after_search(): continue, or ask — the office's rule",
    answered_by=(OFFICER, HANDOVER),   # the similar-id rule and the questions: not loaded
    stage=stage_board,
    probe=_probe_decision,
    judge=_judge_after_decision,
    facts=shipped(CHAPTER, "ch5-ask-decision"),
    cases=_after_decision_visible,
    hint="Only a complete search is judged. Which cards could the person mean: the matches, "
         "and which others? When could a card file that was not read change the answer? And "
         "when does the person's own choice settle it?",
)

AFTER_QUESTION = Check(
    id="ch5-ask-question",
    answer="after_search",
    title="after_search(): the question a person is asked",
    answered_by=(OFFICER, HANDOVER),
    stage=stage_board,
    probe=_probe_after,
    judge=_judge_question,
    facts=shipped(CHAPTER, "ch5-ask-question"),
    cases=lambda: [
        Case(after_case(FIXED, "equipment"), "'equipment' on the fixed board: two cards",
             rule=ASK_SEVERAL),
        Case(after_case(FIXED, "lab"), "'lab' on the fixed board: five cards", rule=ASK_SEVERAL),
        Case(after_case(FIXED, "task-003"), "'task-003' and its similar task-003-copy",
             rule=ASK_SIMILAR),
        Case(after_case(EXAMPLE, "posters"), "'posters' on the office board: task-004, and "
                                             "task-012.md unread", rule=ASK_CONFIRM),
        Case(after_case(EXAMPLE, "equipment"), "'equipment' on the office board: two cards, "
                                               "and task-012.md unread", rule=ASK_UNREAD),
        Case(after_case(FIXED, "catering"), "'catering' on the fixed board: nothing matched",
             rule=ASK_NONE),
        Case(after_case(EXAMPLE, "catering"), "'catering' on the office board: nothing matched "
                                              "that could be read", rule=ASK_UNREAD),
    ],
    hint="Name every candidate with its title (load_board gives you the cards) and every card "
         "file that could not be read, ask the person, and name no other card; with no "
         "candidate, quote the query and say that no card matched.",
)

# --- exercise 5: an honest report when a long board hits the limit ----------------------------

REPORT_FIELDS = (*STATE_FIELDS, "terminal")
NOISE = re.compile(r"utf-?8|0x[0-9a-f]+")
PAGES_OF = re.compile(r"(\d+) (?:of|out of) (\d+) pages?\b")

SAYS_UNCHECKED = "says that not every card was checked; no success words, nothing found, no card"
NAMES_UNREADABLE = "names every card file on the pages read that could not be read"
STATES_COUNTS = ("states the card files read, of how many, and how many were not; the pages "
                 "read, of how many; no other number, and no false claim")
PAGES_READ = "a read that failed read no page: the pages read are fewer than the steps"


def _report_text(state: dict[str, Any], output: Any) -> tuple[str, str] | str:
    if type(output) is not str or not output.strip():
        return f"expected a non-empty str, got {_short(output)}"
    if len(output) > 400:
        return "keep the report under 400 characters: a person has to read it"
    files = unread_files(state)
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
    every_page = next((said for said, of in PAGES_OF.findall(plain) if said == of), None)
    if every_page is not None:
        return (f"the search ended before its last page, but the report says {every_page} of "
                f"{every_page} pages were read")
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
    missing = [file for file in unread_files(state) if file.lower() not in text.lower()]
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
    plain = CARD_LIKE.sub(" ", plain)
    numbers = [int(n) for n in re.findall(r"\d+", plain)]
    scanned, total, page_count = state["scanned"], state["total"], state["page_count"]
    unread, pages = total - scanned, case["pages_read"]
    if scanned not in numbers or total not in numbers:
        return f"say how many card files were read, of how many ({scanned} of {total})"
    if unread not in numbers:
        return f"say how many card files were not read, as a number ({unread})"
    for said, of in PAGES_OF.findall(plain):
        if int(said) != pages:
            return (f"the report says {said} of {of} pages were read, but the run read "
                    f"{pages}: count the reads that worked")
    if pages not in numbers or page_count not in numbers:
        return f"say how many pages were read, of how many ({pages} of {page_count})"
    allowed = {scanned, total, unread, state["steps"], state["max_steps"], page_count, pages,
               page_count - pages, state["failures"], state["max_retries"],
               len(state["unreadable"])}
    wrong = [n for n in numbers if n not in allowed]
    if wrong:
        return f"the report says {wrong[0]}, which is none of this run's counts or limits"
    return None


def report_case(board: Files | str, query: str, page_size: int, max_steps: int, label: str,
                rule: str, faults: tuple[int, ...] = ()) -> Case:
    """The state of a run that stopped at its step limit before the search ended."""
    run = officer_run(board, query, page_size, max_steps, faults=faults)
    assert run.terminal == LIMIT and not run.state["search_complete"], (label, run.terminal)
    return Case({"state": plain_state(run.state, REPORT_FIELDS),
                 "pages_read": len(run.state["pages"])}, label, rule=rule)


def _report_visible(rule_for: dict[str, str]) -> list[Case]:
    return [
        report_case(EXAMPLE, "equipment", 2, 5, "the limit route: 2 card files a page, 5 steps",
                    rule_for["plain"]),
        report_case(EXAMPLE, "equipment", 5, 2, "the limit2 route: 5 a page, 2 steps",
                    rule_for["plain"]),
        report_case(EXAMPLE, "equipment", 13, 1, "13 a page, 1 step: task-012.md was on the "
                    "page read", rule_for["unreadable"]),
        report_case(EXAMPLE, "posters", 3, 4, "3 a page, 4 steps: the first read failed and "
                    "was retried", rule_for["failed"], faults=(1,)),
        report_case(EXAMPLE, "equipment", 2, 5, "the last_step_failure route: the fifth read "
                    "failed, no step left for the retry", rule_for["failed"], faults=(5,)),
    ]


def _probe_report(report: Any, case: dict) -> Any:
    return report(copy.deepcopy(case["state"]))


UNCHECKED_RULES = {"plain": SAYS_UNCHECKED, "unreadable": NAMES_UNREADABLE,
                   "failed": SAYS_UNCHECKED}
COUNT_RULES = {"plain": STATES_COUNTS, "unreadable": STATES_COUNTS, "failed": PAGES_READ}

REPORT_UNCHECKED = Check(
    id="ch5-report-unchecked",
    answer="limit_report",
    title="limit_report(): honest about what was not checked",
    answered_by=(HANDOVER,),   # the library's reasons for a limit: not loaded
    probe=_probe_report,
    judge=_judge_unchecked,
    facts=no_facts,   # the rules alone judge a report
    cases=lambda: _report_visible(UNCHECKED_RULES),
    hint="Say that not all cards were checked, name each file in state['unreadable'], and "
         "claim nothing: no success words (not even negated), no 'found', no card id.",
)

REPORT_COUNTS = Check(
    id="ch5-report-counts",
    answer="limit_report",
    title="limit_report(): the counts of what was read and what was not, and no false claim",
    answered_by=(HANDOVER,),
    probe=_probe_report,
    judge=_judge_counts,
    facts=no_facts,
    cases=lambda: _report_visible(COUNT_RULES),
    hint="The card files: state['scanned'] of state['total'], and how many were not read. The "
         "pages: the state has no list of them — what did each step of this run do, and what "
         "did a step whose read failed add? Any other number must be one of the run's counts "
         "or limits.",
)

CHECKS = (ROUTE, POLICY_FIT, POLICY_EDGES, TOOL_CALL, TOOL_DIRECT, AFTER_DECISION,
          AFTER_QUESTION, REPORT_UNCHECKED, REPORT_COUNTS)
