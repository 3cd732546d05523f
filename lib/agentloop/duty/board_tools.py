"""Chapter 5: the duty officer's three tools, registered the chapter 2 way.

    read_task_cards(query, page)   one page of the board: the cards on it that match
    validate_task_card(card)       the schema and consistency problems of one card
    draft_summary(cards)           the summary of valid cards, checked against the contract

Each returns an observation, a plain dict. `ok` says whether the tool could do its job
(chapter 1's meaning: `ok: true` is not success of the run); when it is false, `error` says
why. A read's observation has chapter 1's shape and a few counts:

    {"ok": true, "matches": ["task-003", "task-003-copy"], "search_complete": false,
     "next_page": 2, "page": 1, "pages": 3, "scanned": 5, "total": 14,
     "unreadable": [{"file": "task-012.md", "reason": "not UTF-8 text (...)"}]}

A query matches a card when it equals the card's id, or when the card's title or group
contains it (case does not matter). Notes are not searched: they mention other cards.
With `titles=True` (the workspace asks when ids are similar), a read also lists every
readable card of its page, `"titles": {"task-003": "Equipment for the hall", ...}`, so the
officer can see a card whose id is similar to a match's.

A board of more than MAX_CARD_FILES card files is not read at all: the observation is an
error with `"over_limit": true`, a budget the officer reports as a limit (a retry cannot
shorten the board).

The tools check their own arguments again (with chapter 2's `argument_problem`), so they
are safe to call directly, and never raise for bad data: a broken board or card becomes
an observation. Only tools in the workspace's allowlist are put in the registry, so the
controller refuses the others as `unknown_tool` before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from agentloop.controller import argument_problem
from agentloop.duty.board import (
    BoardError,
    BoardTooLong,
    Card,
    check_card,
    is_card_id,
    list_card_files,
    load_board,
)
from agentloop.i18n import t
from agentloop.tools import Tool, ToolRegistry
from agentloop.validation import validate_whole_number

READ_TASK_CARDS = "read_task_cards"
VALIDATE_TASK_CARD = "validate_task_card"
DRAFT_SUMMARY = "draft_summary"
TOOL_NAMES = (READ_TASK_CARDS, VALIDATE_TASK_CARD, DRAFT_SUMMARY)

PAGE_SIZE = 5
PAGE_SIZE_RANGE = (1, 50)
QUERY_LENGTH = (1, 64)
CONTRACT_FIELDS = ("id", "title", "group", "status", "blocked_by", "notes")

SCHEMAS: dict[str, dict[str, dict[str, Any]]] = {
    # query is scoped: the controller lets a model search only for what this run was asked.
    READ_TASK_CARDS: {"query": {"type": "str", "min_length": QUERY_LENGTH[0],
                                "max_length": QUERY_LENGTH[1], "scoped": True},
                      "page": {"type": "int", "minimum": 1, "maximum": 1000}},
    VALIDATE_TASK_CARD: {"card": {"type": "str", "min_length": 1, "max_length": 64}},
    DRAFT_SUMMARY: {"cards": {"type": "str", "min_length": 1, "max_length": 400}},
}
# Written for the model: it picks a tool by reading these.
DESCRIPTIONS = {
    READ_TASK_CARDS: "Search the task board for cards whose id equals the query or whose "
                     "title or group contains it. The board is read one page of card files "
                     "at a time: read page 1, then each next_page, until search_complete is "
                     "true. Returns the matches on the page and the files that could not be "
                     "read.",
    VALIDATE_TASK_CARD: "Check one card the search found: its fields, and its consistency "
                        "with the rest of the board. Returns valid and the problems.",
    DRAFT_SUMMARY: "Draft the summary of cards that validate_task_card confirmed (their ids, "
                   "separated by commas), checked against the output contract. Its result "
                   "is the answer of the run.",
}

Observation = dict[str, Any]


def read_task_cards(board: str | Path, query: str, page: int, page_size: int = PAGE_SIZE,
                    shown: str | None = None, titles: bool = False) -> Observation:
    """One page of the board: the matching cards on it, and whether it was the last page."""
    problem = _argument_problem(READ_TASK_CARDS, {"query": query, "page": page})
    if problem:
        return _error(problem)
    try:
        files = list_card_files(board, shown)
    except BoardError as exc:
        return _board_error(exc)
    pages = max(1, -(-len(files) // page_size))   # an empty board is one empty page
    if page > pages:
        return _error(f"page {page} does not exist; the board has {pages} "
                      f"page{'s' if pages != 1 else ''} of {page_size} card files")
    names = files[(page - 1) * page_size:page * page_size]
    try:
        cards = load_board(board, shown, only=names)
    except BoardError as exc:   # the board vanished between listing and reading
        return _board_error(exc)
    wanted = query.strip().casefold()
    listed = {"titles": {card.id: card.title for card in cards.cards.values()}} if titles else {}
    return {
        "ok": True,
        "matches": sorted(card.id for card in cards.cards.values() if _matches(card, wanted)),
        "search_complete": page == pages,
        "next_page": page + 1 if page < pages else None,
        "page": page,
        "pages": pages,
        "scanned": len(names),
        "total": len(files),
        "unreadable": [{"file": name, "reason": reason}
                       for name, reason in cards.unreadable.items()],
        **listed,
    }


def validate_task_card(board: str | Path, card: str, shown: str | None = None) -> Observation:
    """Whether one card is sound: {"ok", "card", "file", "valid", "problems"}."""
    problem = _argument_problem(VALIDATE_TASK_CARD, {"card": card}) or _id_problem(card)
    if problem:
        return _error(problem)
    try:
        whole = load_board(board, shown)
    except BoardError as exc:
        return _board_error(exc)
    found = whole.with_id(card)
    if not found:
        file = card + ".md"
        if file in whole.unreadable:
            return {"ok": True, "card": card, "file": file, "valid": False,
                    "problems": [whole.unreadable[file]]}
        return _error(f"no card with the id {card} on the board")
    problems = check_card(found[0], whole)
    return {"ok": True, "card": card, "file": found[0].file, "valid": not problems,
            "problems": problems}


def draft_summary(board: str | Path, cards: str, contract: tuple[str, ...] | None = None,
                  shown: str | None = None) -> Observation:
    """The summary of the named cards, each checked valid again, then held to the contract."""
    problem = _argument_problem(DRAFT_SUMMARY, {"cards": cards})
    if problem:
        return _error(problem)
    ids = [part.strip() for part in cards.split(",")]
    for card_id in ids:
        problem = _id_problem(card_id)
        if problem:
            return _error(problem)
    if len(set(ids)) != len(ids):
        return _error(f"cards names a card twice: {cards}")
    try:
        whole = load_board(board, shown)
    except BoardError as exc:
        return _board_error(exc)
    chosen = []
    for card_id in ids:
        found = whole.with_id(card_id)
        if not found:
            return _error(f"no card with the id {card_id} on the board")
        problems = check_card(found[0], whole)
        if problems:   # the tool itself refuses to summarise a card it cannot confirm
            return _error(f"{card_id} is not a valid card ({problems[0]}); only confirmed "
                          "cards are summarised")
        chosen.append(found[0])
    summary = render_summary(chosen)
    fields = tuple(contract or ())
    missing = check_contract(summary, ids, fields)
    return {"ok": True, "cards": ids, "summary": summary,
            "headline": "; ".join(headline(card) for card in chosen),
            "contract": {"ok": not missing, "fields": list(fields), "missing": missing}}


def render_summary(cards: list[Card]) -> str:
    """The Markdown summary: a section a card, one `- field: value` line a field."""
    sections = []
    for card in cards:
        lines = [f"## {card.id} — {card.title}", f"- id: {card.id}", f"- title: {card.title}",
                 f"- group: {card.group}", f"- status: {card.status}",
                 # an empty blocked_by is a statement ("nothing blocks it"), so it is written
                 f"- blocked_by: {', '.join(card.blocked_by) or 'none'}"]
        if card.notes:
            lines.append(f"- notes: {' '.join(card.notes.split())}")
        sections.append("\n".join(lines))
    return "\n\n".join(sections) + "\n"


def check_contract(summary: str, ids: list[str], fields: tuple[str, ...]) -> list[str]:
    """What the drafted text lacks: `card: field` for each contract field not stated in it."""
    stated = stated_fields(summary)
    return [f"{card_id}: {name}" for card_id in ids for name in fields
            if not stated.get(card_id, {}).get(name)]


def stated_fields(summary: str) -> dict[str, dict[str, str]]:
    """What a drafted summary states: card id -> field -> value, from its `- field:` lines."""
    stated: dict[str, dict[str, str]] = {}
    current = None
    for line in summary.splitlines():
        if line.startswith("## "):
            current = stated.setdefault(line[3:].split(" — ")[0].strip(), {})
        elif current is not None and line.startswith("- ") and ":" in line:
            key, _, value = line[2:].partition(":")
            current[key.strip()] = value.strip()
    return stated


# A card's headline (the run saves it in English; a reader is shown it translated): blocked
# by its blockers, or by nothing.
HEADLINES = ('{card} "{title}" ({group}) — {status}, blocked by {blockers}',
             '{card} "{title}" ({group}) — {status}, blocked by nothing')


def headline(card: Card) -> str:
    """One line for the banner: `task-004 "Print the posters" (design) — todo, blocked by …`."""
    blocked, free = HEADLINES
    return (blocked if card.blocked_by else free).format(
        card=card.id, title=card.title, group=card.group, status=card.status,
        blockers=", ".join(card.blocked_by))


def board_registry(board: str | Path, shown: str | None = None, page_size: int = PAGE_SIZE,
                   contract: tuple[str, ...] | None = None,
                   allowlist: tuple[str, ...] = TOOL_NAMES, titles: bool = False
                   ) -> ToolRegistry:
    """A chapter 2 registry holding only the allowlisted board tools, bound to `board`
    (`titles`: every read lists its page's cards, for the similar-id rule)."""
    validate_whole_number("page_size", page_size, *PAGE_SIZE_RANGE)
    runs: dict[str, Callable[..., Observation]] = {
        READ_TASK_CARDS: lambda query, page: read_task_cards(board, query, page, page_size,
                                                             shown, titles),
        VALIDATE_TASK_CARD: lambda card: validate_task_card(board, card, shown),
        DRAFT_SUMMARY: lambda cards: draft_summary(board, cards, contract, shown),
    }
    return make_registry(allowlist, lambda name: runs[name])


def make_registry(allowlist: tuple[str, ...],
                  run_for: Callable[[str], Callable[..., Observation]]) -> ToolRegistry:
    """The registry of the allowlisted tools, in TOOL_NAMES order, each run by `run_for(name)`."""
    unknown = [name for name in allowlist if name not in TOOL_NAMES]
    if unknown:
        raise ValueError(t("allowlist names unknown tools {unknown}; the board tools are: "
                           "{tools}", unknown=unknown, tools=", ".join(TOOL_NAMES)))
    return ToolRegistry([Tool(name, DESCRIPTIONS[name], SCHEMAS[name], run_for(name))
                         for name in TOOL_NAMES if name in allowlist])


def tool_definitions(registry: ToolRegistry) -> list[dict[str, Any]]:
    """The registry in the providers' tool format (what chapter 3's models are sent)."""
    definitions = []
    for card in registry.describe():
        properties = {}
        for arg, spec in card["args"].items():
            if spec["type"] == "str":
                properties[arg] = {"type": "string", "minLength": spec["min_length"],
                                   "maxLength": spec["max_length"]}
            else:
                properties[arg] = {"type": "integer", "minimum": spec["minimum"],
                                   "maximum": spec["maximum"]}
        definitions.append({"name": card["name"], "description": card["description"],
                            "input_schema": {"type": "object", "properties": properties,
                                             "required": list(card["args"])}})
    return definitions


def _matches(card: Card, wanted: str) -> bool:
    return (card.id.casefold() == wanted or wanted in card.title.casefold()
            or wanted in card.group.casefold())


def _argument_problem(tool: str, args: dict[str, Any]) -> str | None:
    for arg, value in args.items():
        problem = argument_problem(value, SCHEMAS[tool][arg])
        if problem:
            return f"{tool}'s {arg} {problem}"
    return None


def _id_problem(text: str) -> str | None:
    if is_card_id(text):
        return None
    return (f"{text!r} is not a card id (lowercase letters and digits in parts joined by "
            "'-'); a card is named by its id, never by a path")


def _error(text: str) -> Observation:
    return {"ok": False, "error": f"Error: {text}"}


def _board_error(exc: BoardError) -> Observation:
    if isinstance(exc, BoardTooLong):
        return {**_error(str(exc)), "over_limit": True}
    return _error(str(exc))


# What an observation of each tool holds when `ok` is true: field -> a check of its value.
def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _unreadable_items(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(item, dict) and sorted(item) == ["file", "reason"]
        and isinstance(item["file"], str) and isinstance(item["reason"], str) for item in value)


def _contract_result(value: Any) -> bool:
    return isinstance(value, dict) and sorted(value) == ["fields", "missing", "ok"] \
        and type(value["ok"]) is bool and _strings(value["fields"]) and _strings(value["missing"])


SHAPES: dict[str, dict[str, Callable[[Any], bool]]] = {
    READ_TASK_CARDS: {
        "matches": _strings, "search_complete": lambda v: type(v) is bool,
        "next_page": lambda v: v is None or (_count(v) and v > 0),
        "page": lambda v: _count(v) and v > 0, "pages": lambda v: _count(v) and v > 0,
        "scanned": _count, "total": _count, "unreadable": _unreadable_items},
    VALIDATE_TASK_CARD: {"card": lambda v: isinstance(v, str), "file": lambda v: isinstance(v, str),
                         "valid": lambda v: type(v) is bool, "problems": _strings},
    DRAFT_SUMMARY: {"cards": _strings, "summary": lambda v: isinstance(v, str),
                    "headline": lambda v: isinstance(v, str), "contract": _contract_result},
}
OPTIONAL_FIELDS = {READ_TASK_CARDS: {"titles": lambda v: isinstance(v, dict) and all(
    isinstance(k, str) and isinstance(t, str) for k, t in v.items())}}


def observation_problem(tool: str, observation: dict[str, Any]) -> str | None:
    """What is wrong with a board tool's `ok: true` observation, or None (other tools: None).

    The officer reads these fields to decide; one of the wrong type would break it."""
    shape = SHAPES.get(tool)
    if shape is None or not observation.get("ok"):
        return None
    optional = OPTIONAL_FIELDS.get(tool, {})
    for name, fits in shape.items():
        if name not in observation or not fits(observation[name]):
            return f"{tool}'s observation needs a well-formed {name}"
    extra = sorted(set(observation) - set(shape) - set(optional) - {"ok"})
    if extra:
        return f"{tool}'s observation has a field it never returns: {extra[0]}"
    for name, fits in optional.items():
        if name in observation and not fits(observation[name]):
            return f"{tool}'s observation needs a well-formed {name}"
    if tool == READ_TASK_CARDS and observation["page"] > observation["pages"]:
        return f"{tool}'s observation has page {observation['page']} of {observation['pages']}"
    return None

