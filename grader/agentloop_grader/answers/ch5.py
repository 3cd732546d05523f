"""Chapter 5's checks, the teacher's edition: the references (the route's length, the office's
policy, count_blocked, after_search under the office's rule, the limit report), the facts
of any case, and the hidden cases (boards the chapter never shows: other ids, groups,
titles, lengths, similar and near ids, broken files, failed reads).

The learner's edition (`agentloop.checks.ch5`) has the visible cases, the probes and the
judges; `CHECKS` here are the same checks completed by `key(...)`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from agentloop.checks.ch5 import (
    ASK_CONFIRM,
    ASK_NONE,
    ASK_SEVERAL,
    ASK_SIMILAR,
    ASK_UNREAD,
    BLOCKED,
    CHOSEN,
    COUNT_BLOCKED,
    EMPTY_BOARD,
    EMPTY_GROUP,
    EXACT_PAGES,
    FIT,
    GROUPS,
    IGNORES_CASE,
    INCOMPLETE,
    LARGEST_PAGE,
    NAMES_UNREADABLE,
    NEAR,
    NO_BOARD,
    NO_MATCH,
    OFFICE_RETRIES,
    ONE,
    ONE_PAGE,
    OTHERS_STAY,
    OWN_CHECKS,
    PAGES_READ,
    PREFIXES,
    REFUSED,
    REPORT_FIELDS,
    ROUNDS_UP,
    RUNS,
    SAYS_UNCHECKED,
    SEVERAL,
    SHAPE,
    SIMILAR,
    SMALLEST,
    STATES_COUNTS,
    THINGS,
    TOO_LONG,
    UNIQUE,
    UNREAD,
    UNREADABLE,
    VERBS,
    Files,
    _call,
    _direct_case,
    _judge_policy,
    _policy_case,
    _tool_call_case,
    _tool_direct,
    _tool_outcome,
    after_case,
    board_folder,
    card_text,
    officer_run,
    plain_state,
    random_board,
    unread_files,
)
from agentloop.checks.ch5 import (
    CHECKS as LEARNER_CHECKS,
)
from agentloop.checks.core import Case, no_facts
from agentloop.duty.board import BoardError, load_board
from agentloop.duty.board_tools import READ_TASK_CARDS
from agentloop.loop import MAX_STEPS
from agentloop.terminals import CONTINUE, LIMIT, NEEDS_INPUT
from agentloop.tools import Tool, ToolRegistry

from . import Lock, key

HIDDEN_KEPT = 8   # hidden case lists kept per check (one per seed a grader or test uses)


def made_once(make: Callable[[random.Random], list[Case]]) -> Callable[[random.Random],
                                                                         list[Case]]:
    """`make`, whose cases are drawn once for each seed: this chapter's boards and runs are
    costly, and a grader (or a test) asks for the same seed's cases again and again. The
    case objects are shared: read them, never change them."""
    made: dict[Any, list[Case]] = {}

    def hidden(rng: random.Random) -> list[Case]:
        seed = rng.getstate()
        if seed not in made:
            if len(made) >= HIDDEN_KEPT:
                made.clear()
            made[seed] = make(rng)
        return list(made[seed])

    hidden.__name__ = getattr(make, "__name__", "hidden")
    return hidden


# --- exercise 1: the budget, in numbers ------------------------------------------------------

def route_steps(card_files: int, page_size: int) -> int:
    """Reference for exercise 1: every page (an empty board is one), then validate, draft."""
    return max(1, -(-card_files // page_size)) + 2


def route_rule(card_files: int, page_size: int) -> str:
    if card_files == 0:
        return EMPTY_BOARD
    if card_files <= page_size:
        return ONE_PAGE
    return EXACT_PAGES if card_files % page_size == 0 else ROUNDS_UP


def _route_hidden(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(24):
        wanted = (ROUNDS_UP, EXACT_PAGES, ONE_PAGE, EMPTY_BOARD)[number % 4]
        page = rng.randint(2, 50) if wanted == ROUNDS_UP else rng.randint(1, 50)
        if wanted == EMPTY_BOARD:
            count = 0
        elif wanted == ONE_PAGE:
            count = rng.randint(1, page)
        elif wanted == EXACT_PAGES:
            count = page * rng.randint(2, 40)
        else:
            count = page * rng.randint(1, 40) + rng.randint(1, page - 1)
        cases.append(Case({"card_files": count, "page_size": page},
                          f"generated board {number + 1}", rule=route_rule(count, page)))
    return cases


# --- exercise 2: the office's policy for a board of any length --------------------------------

FIT_PAGES = MAX_STEPS - 2 - OFFICE_RETRIES   # reads that leave room for validate, draft, a retry
FITS = FIT_PAGES * LARGEST_PAGE              # the longest board the route and a retry fit


def reference_policy(card_files: int) -> dict[str, Any]:
    """Reference for exercise 2: the fewest card files a page that make FIT_PAGES pages."""
    page_size = min(LARGEST_PAGE, max(1, -(-card_files // FIT_PAGES)))
    return {"max_steps": MAX_STEPS, "max_retries": OFFICE_RETRIES, "page_size": page_size,
            "guards": ["repeated"]}


def judge_policy(case: dict, facts: Any, output: Any) -> str | None:
    """The learner's judge, with what only this edition knows: the reference's settings are
    right without running them (the officer runs are what judging a class costs here). Any
    other output is judged by what it does; none other passes, so the verdicts are the same."""
    if output == reference_policy(case["card_files"]) and type(output) is dict:
        return None
    return _judge_policy(case, facts, output)


def policy_rule(card_files: int) -> str:
    return SMALLEST if card_files <= FIT_PAGES else TOO_LONG if card_files > FITS else FIT


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


# --- exercise 3: count_blocked, a new tool behind chapter 2's controller ----------------------

GROUP_LENGTH = (1, 32)


def add_count_blocked(registry: ToolRegistry, board: str | Path) -> None:
    """Reference for exercise 3: register count_blocked(group) for `board`."""

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
                      {"group": {"type": "str", "min_length": GROUP_LENGTH[0],
                                 "max_length": GROUP_LENGTH[1]}}, count_blocked))


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


def _observation_facts(observation: Any) -> Any:
    """An observation as the judge needs it: an error's own words do not matter."""
    return observation if observation.get("ok") else {"ok": False}


def _tool_call_facts(case: dict) -> dict[str, Any]:
    """What the reference tool's registration makes of the case's proposal."""
    want = _tool_outcome(add_count_blocked, case)
    return {"rejected": want["rejected"]} if "rejected" in want else \
        {"ran": _observation_facts(want["ran"])}


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


def _tool_direct_facts(case: dict) -> Any:
    """What the reference tool returns when called directly on the case's board."""
    return _observation_facts(_tool_direct(add_count_blocked, case)["observation"])


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


# --- exercise 4: ask, don't guess — after the search -------------------------------------------

def similar(first: str, second: str) -> bool:
    """task-003 and task-003-copy: one id is the other followed by '-' and more."""
    return first.startswith(second + "-") or second.startswith(first + "-")


def near(first: str, second: str) -> bool:
    """task-004 and task-0040: one id starts like the other, but does not go on with '-'."""
    return first != second and not similar(first, second) and (
        first.startswith(second) or second.startswith(first))


def candidates_of(matches: list[str], cards: dict[str, str]) -> list[str]:
    """The matches, and every readable card whose id is similar to a match's."""
    found = set(matches)
    found |= {card_id for card_id in cards for match in matches if similar(card_id, match)}
    return sorted(found)


def reference_after_search(state: dict[str, Any], board: str | Path) -> tuple[str, str | None]:
    """Reference for exercise 4: the office's rule, and the question it asks."""
    if not state["search_complete"]:
        return CONTINUE, None
    if state["chosen"] is not None and state["chosen"] in state["matches"]:
        return CONTINUE, None   # the person's answer settled which card is meant
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    candidates = candidates_of(state["matches"], titles)
    unread = unread_files(state)
    if len(candidates) == 1 and not unread:
        return CONTINUE, None
    query = state["query"]
    could_be = ""
    if unread:
        which = "it" if len(unread) == 1 else "one of them"
        could_be = f"{', '.join(unread)} could not be read, so {which} might be the card as well."
    if not candidates:
        if not unread:
            return NEEDS_INPUT, (f"I searched the whole board and no card matches {query!r}. "
                                 "Which task do you mean?")
        return NEEDS_INPUT, (f"No card I could read matches {query!r}, but {could_be} Which "
                             "task do you mean?")
    listing = "; ".join(f'{card_id} "{titles[card_id]}"' for card_id in candidates)
    if len(candidates) == 1:
        return NEEDS_INPUT, (f"I found {listing} for {query!r}, but {could_be} Is "
                             f"{candidates[0]} the card you mean?")
    found = f"I found {len(candidates)} cards for {query!r}: {listing}."
    return NEEDS_INPUT, " ".join(part for part in (found, could_be, "Which one do you mean?")
                                 if part)


def expected_after(case: dict) -> tuple[str, list[str], dict[str, str], set[str]]:
    """decision, candidates, id -> title, and every id-like name on the board."""
    with board_folder(case["board"]) as folder:
        whole = load_board(folder)
        decision, _ = reference_after_search(case["state"], folder)
    cards = {card.id: card.title for card in whole.cards.values()}
    names = set(cards) | {name.removesuffix(".md") for name in whole.unreadable}
    state = case["state"]
    candidates = candidates_of(state["matches"], cards) if state["search_complete"] else []
    return decision, candidates, cards, names


def _after_facts(case: dict) -> dict[str, Any]:
    """The decision the office's rule gives, its candidates, their titles, and every
    id-like name on the board (readable ids and the unreadable files' stems)."""
    decision, candidates, cards, names = expected_after(case)
    return {"decision": decision, "candidates": candidates,
            "titles": {card: cards[card] for card in candidates}, "names": sorted(names)}


def _decision_facts(case: dict) -> dict[str, Any]:
    """The decision the office's rule gives, and its candidates (for the reason)."""
    decision, candidates, _, _ = expected_after(case)
    return {"decision": decision, "candidates": candidates}


def after_rule(case: dict) -> str:
    """The rule of the office's that decides a case."""
    state = case["state"]
    if not state["search_complete"]:
        return INCOMPLETE
    _, candidates, cards, _ = expected_after(case)
    matches = state["matches"]
    if state["chosen"] is not None and state["chosen"] in matches:
        return CHOSEN
    if not candidates:
        return NO_MATCH
    if len(matches) > 1:
        return SEVERAL
    if len(candidates) > 1:
        return SIMILAR
    if unread_files(state):
        return UNREAD
    if any(near(card_id, matches[0]) for card_id in cards):
        return NEAR
    return ONE


def question_rule(case: dict) -> str:
    """What the question of a needs_input case is judged on first."""
    rule = after_rule(case)
    if rule == UNREAD:
        return ASK_CONFIRM
    if unread_files(case["state"]):
        return ASK_UNREAD
    return {SEVERAL: ASK_SEVERAL, SIMILAR: ASK_SIMILAR, NO_MATCH: ASK_NONE}[rule]


def _related(ids: list[str], how: Callable[[str, str], bool]) -> list[str]:
    return [card_id for card_id in ids if any(how(card_id, other) for other in ids)]


def generated_after(rng: random.Random, rule: str) -> dict[str, Any]:
    """A search state on a generated board that `rule` decides."""
    for _ in range(500):
        page_size = rng.randint(2, 6)
        count = rng.randint(3, 4 * page_size)
        unreadable = {UNREAD: rng.randint(1, 2), ONE: 0, NEAR: 0}.get(
            rule, rng.choice([0, 0, 1, 2]))
        siblings = {SIMILAR: rng.randint(1, 3), ONE: 0, UNREAD: 0, NEAR: 0}.get(
            rule, rng.randint(0, 2))
        files, cards = random_board(rng, count, unreadable=unreadable, siblings=siblings,
                                    near=rng.randint(1, 2) if rule == NEAR else
                                    rng.choice([0, 0, 1]))
        ids = [c["id"] for c in cards]
        if not ids:
            continue
        with_sibling = _related(ids, similar)
        query = {
            SIMILAR: rng.choice(with_sibling or ids), NEAR: rng.choice(_related(ids, near) or ids),
            CHOSEN: rng.choice(with_sibling or ids),
            SEVERAL: rng.choice([*THINGS, *GROUPS, *VERBS]).lower(), NO_MATCH: rng.choice(UNIQUE),
            INCOMPLETE: rng.choice([*THINGS, *ids]),
        }.get(rule, rng.choice(ids))
        chosen = query if rule == CHOSEN else None
        pages = max(1, -(-len(files) // page_size))
        if rule == INCOMPLETE:
            if pages < 2:
                continue
            read: int | None = rng.randint(1, min(pages - 1, MAX_STEPS))
        elif pages > MAX_STEPS:
            continue
        else:
            read = None
        # every file of a generated board is a card file, so `pages` is what a read of it
        # says: given, after_case writes and reads no board to count them
        case = after_case(files, query, pages if read is None else read, page_size, chosen)
        if after_rule(case) != rule:
            continue
        if rule == CHOSEN and after_rule(dict(case, state=dict(case["state"], chosen=None))) \
                in (ONE, NEAR):
            continue   # the choice must settle something the rule would otherwise ask about
        return case
    raise AssertionError(f"no generated board for {rule!r}")   # pragma: no cover


def _after_decision_hidden(rng: random.Random) -> list[Case]:
    rules = (INCOMPLETE, ONE, UNREAD, SIMILAR, NEAR, SEVERAL, NO_MATCH, CHOSEN)
    return [Case(generated_after(rng, rule), f"generated board {number + 1}", rule=rule)
            for number, rule in enumerate(rules * 4)]


def _after_question_hidden(rng: random.Random) -> list[Case]:
    cases = []
    for number, rule in enumerate((SEVERAL, SIMILAR, UNREAD, NO_MATCH) * 4):
        case = generated_after(rng, rule)
        cases.append(Case(case, f"generated board {number + 1}", rule=question_rule(case)))
    return cases


# --- exercise 5: an honest report when a long board hits the limit ----------------------------

def reference_report(state: dict[str, Any]) -> str:
    """Reference for exercise 5. Every step of such a run was a read of the next page, and a
    read that failed read no page: the pages read are the steps less the failures."""
    pages_read = state["steps"] - state["failures"]
    unread = state["total"] - state["scanned"]
    text = (f"I stopped at the step limit of {state['max_steps']} before the search ended: "
            f"not all cards were checked. Pages read: {pages_read} of {state['page_count']}; "
            f"card files read: {state['scanned']} of {state['total']}; left unread: {unread}.")
    files = unread_files(state)
    if files:
        text += f" Could not be read at all: {', '.join(files)}."
    return text + " No card is confirmed."


def unchecked_rule(state: dict[str, Any]) -> str:
    return NAMES_UNREADABLE if state["unreadable"] else SAYS_UNCHECKED


def counts_rule(state: dict[str, Any]) -> str:
    return PAGES_READ if state["failures"] else STATES_COUNTS


def _report_hidden(rule_of: Callable[[dict[str, Any]], str]) -> Callable[[random.Random],
                                                                          list[Case]]:
    def cases(rng: random.Random) -> list[Case]:
        out = []
        while len(out) < 16:
            with_unreadable = len(out) % 2 == 0
            page_size, max_steps = rng.randint(1, 8), rng.randint(1, 5)
            count = rng.randint(page_size * (max_steps + 1) + 1, page_size * 12 + 12)
            files, cards = random_board(rng, count,
                                        unreadable=rng.randint(2, 6) if with_unreadable else 0)
            query = rng.choice([*THINGS, *GROUPS, *(c["id"] for c in cards[:3])])
            faults = rng.choice([(), (), (), (1,), (1,), (max_steps,)])
            run = officer_run(files, query, page_size, max_steps, faults=faults)
            state = run.state
            if run.terminal != LIMIT or state["search_complete"] or not state["pages"]:
                continue
            if with_unreadable and not state["unreadable"]:
                continue
            assert len(state["pages"]) == state["steps"] - state["failures"]
            out.append(Case({"state": plain_state(state, REPORT_FIELDS),
                             "pages_read": len(state["pages"])},
                            f"generated long board {len(out) + 1}", rule=rule_of(state)))
        return out
    return cases


_LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}

CHECKS = (
    key(_LEARNER["ch5-route-steps"], reference=route_steps,
        facts=lambda case: route_steps(case["card_files"], case["page_size"]),
        hidden=_route_hidden),
    replace(key(_LEARNER["ch5-policy-fit"], reference=reference_policy, facts=no_facts,
                hidden=made_once(_policy_fit_hidden)), judge=judge_policy),
    replace(key(_LEARNER["ch5-policy-edges"], reference=reference_policy, facts=no_facts,
                hidden=made_once(_policy_edges_hidden)), judge=judge_policy),
    key(_LEARNER["ch5-tool-controller"], reference=add_count_blocked, facts=_tool_call_facts,
        hidden=made_once(_tool_call_hidden)),
    key(_LEARNER["ch5-tool-board"], reference=add_count_blocked, facts=_tool_direct_facts,
        hidden=made_once(_direct_hidden)),
    key(_LEARNER["ch5-ask-decision"], reference=reference_after_search, facts=_decision_facts,
        hidden=made_once(_after_decision_hidden)),
    key(_LEARNER["ch5-ask-question"], reference=reference_after_search, facts=_after_facts,
        hidden=made_once(_after_question_hidden)),
    key(_LEARNER["ch5-report-unchecked"], reference=reference_report, facts=no_facts,
        hidden=made_once(_report_hidden(unchecked_rule))),
    key(_LEARNER["ch5-report-counts"], reference=reference_report, facts=no_facts,
        hidden=made_once(_report_hidden(counts_rule))),
)
# What a correct submission defines (used by tests, the benchmark and the learner release).
REFERENCE = {
    "route_steps": route_steps,
    "office_policy": reference_policy,
    "add_count_blocked": add_count_blocked,
    "after_search": reference_after_search,
    "limit_report": reference_report,
}
# How each exercise's reference is locked for self-study (see Lock): the probes report what
# every right answer gives alike (a number, the settings, an observation without an error's
# words, a decision and whether a question came). The tool's card has its own words and the
# question and the report are judged by rules, so their checks lock nothing. A decision is
# one of two, so its lock takes many inputs: too many to try every combination.
LOCKS = {
    "ch5-route-steps-answer": Lock(("ch5-route-steps",)),
    "ch5-policy-answer": Lock(("ch5-policy-fit", "ch5-policy-edges")),
    "ch5-tool-answer": Lock(("ch5-tool-board",)),
    "ch5-ask-answer": Lock(("ch5-ask-decision",), inputs=24),
}
