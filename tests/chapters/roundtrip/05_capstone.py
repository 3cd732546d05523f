"""Chapter 5's wrong submissions for the grading round trips.

WRONG / PARTIAL: the subtly wrong submission, one near-miss per exercise (the other answer
cells keep the instructor solution):

- `route_steps` rounds the pages up but forgets that an empty board is still one page;
- `office_policy` forgets that a page holds at most 50 card files (a long board gets a page
  size the workspace refuses: it fails ch5-policy-edges, passes ch5-policy-fit);
- `add_count_blocked` is the solution's;
- `after_search` decides by the office's rule but asks without naming the card files that
  could not be read (passes ch5-ask-decision, fails ch5-ask-question);
- `limit_report` counts every step as a page read, a failed read too (passes
  ch5-report-unchecked, fails ch5-report-counts).

CHEATS: whole-notebook submissions that must earn nothing on the exercise they cheat (name
→ (answer cells replaced, test cell → passes)): the library's officer and handover called or
wrapped (the grader's sandbox does not load them at all), their source pasted (the office's
rule and the report are variants they do not have), the check's own judge asked, the
chapter's former answer, the expected value read from the caller's frames, the teacher's
edition dug out of the process, lookup tables of the visible cases made from what a learner
holds (the check module and its shipped facts), the values the chapter prints, and keyword
salad. tests/grader/test_roundtrip.py grades every one in the sandbox,
tests/chapters/test_ch5_grading.py in this process all but SANDBOX_ONLY: a test process holds
the teacher's edition, which a sandbox never does.
"""

import inspect
import json

from agentloop.checks.ch5 import CHECKS
from agentloop.duty import handover, officer

PARTIAL = {
    "ch5-route-steps": False,
    "ch5-policy-fit": True,
    "ch5-policy-edges": False,
    "ch5-tool-controller": True,
    "ch5-tool-board": True,
    "ch5-ask-decision": True,
    "ch5-ask-question": False,
    "ch5-report-unchecked": True,
    "ch5-report-counts": False,
}

WRONG = {
    "ch5-route-steps-answer": '''\
def route_steps(card_files, page_size):
    return -(-card_files // page_size) + 2
''',
    "ch5-policy-answer": '''\
def office_policy(card_files):
    page_size = max(1, -(-card_files // 2))
    return {"max_steps": 5, "max_retries": 1, "page_size": page_size, "guards": ["repeated"]}
''',
    "ch5-ask-answer": '''\
from agentloop.duty.board import load_board


def after_search(state, board):
    if not state["search_complete"]:
        return ("continue", None)
    if state["chosen"] is not None and state["chosen"] in state["matches"]:
        return ("continue", None)
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    found = set(state["matches"])
    for card_id in titles:
        for match in state["matches"]:
            if card_id.startswith(match + "-") or match.startswith(card_id + "-"):
                found.add(card_id)
    if len(found) == 1 and not state["unreadable"]:
        return ("continue", None)
    query = state["query"]
    if not found:
        return ("needs_input", f"No card matches {query!r}. Which task do you mean?")
    listing = "; ".join(f'{card} "{titles[card]}"' for card in sorted(found))
    return ("needs_input", f"I found {listing} for {query!r}. Which one do you mean?")
''',
    "ch5-report-answer": '''\
def limit_report(state):
    unread = state["total"] - state["scanned"]
    files = ", ".join(item["file"] for item in state["unreadable"])
    text = (f"Not all cards were checked: {state['steps']} of {state['page_count']} pages and "
            f"{state['scanned']} of {state['total']} card files read, {unread} left unread.")
    return text + (f" Could not be read: {files}." if files else "")
''',
}

ROUTE = ("ch5-route-steps",)
POLICY = ("ch5-policy-fit", "ch5-policy-edges")
TOOL = ("ch5-tool-controller", "ch5-tool-board")
ASK = ("ch5-ask-decision", "ch5-ask-question")
REPORT = ("ch5-report-unchecked", "ch5-report-counts")


def _only(failing: tuple[str, ...]) -> dict[str, bool]:
    return {test: test not in failing for test in PARTIAL}


BY_ID = {chk.id: chk for chk in CHECKS}


def _visible(check_id: str) -> list[tuple[dict, object]]:
    """A check's visible inputs with their facts, as a learner's own edition gives them."""
    chk = BY_ID[check_id]
    return [(case.input, chk.facts(case.input)) for case in chk.cases()]


def _policy(page_size_expression: str) -> str:
    return ("def office_policy(card_files):\n"
            f"    return {{'max_steps': 5, 'max_retries': 1, 'page_size': {page_size_expression},"
            " 'guards': ['repeated']}\n")


_ROUTE_TABLE = {f"{case['card_files']} {case['page_size']}": facts
                for case, facts in _visible("ch5-route-steps")}
# The visible board sizes and the page sizes the chapter's checks accept for them.
_VISIBLE_POLICY = {14: 7, 10: 5, 5: 3, 99: 50, 100: 50, 0: 1, 1: 1, 101: 50, 150: 50, 400: 50}
_DIRECT_TABLE = {json.dumps(case["group"]): facts for case, facts in _visible("ch5-tool-board")
                 if case["board"] is not None}
_DECISION_TABLE = {json.dumps([case["state"]["query"], case["state"]["search_complete"],
                               case["state"]["chosen"], len(case["state"]["unreadable"])]):
                   facts["decision"] for case, facts in _visible("ch5-ask-decision")}
_REPORT_TABLE = {f"{case['state']['scanned']} {case['state']['total']} "
                 f"{case['state']['failures']}": (case["pages_read"], case["state"]["page_count"])
                 for case in (c.input for c in BY_ID["ch5-report-counts"].cases())}


def _sources(*functions) -> str:
    return "\n\n".join(inspect.getsource(function) for function in functions)


def _constants(*names: str) -> str:
    """The handover's sentence templates the pasted functions use, as assignments."""
    return "".join(f"{name} = {getattr(handover, name)!r}\n" for name in names)


# The library's similar-id rule and its question, pasted (with what they need), and asked
# the way the office's rule asks.
_LIBRARY_ASK_SOURCE = (
    "from collections.abc import Mapping\n"
    "from types import SimpleNamespace\n"
    "from typing import Any\n\n"
    "from agentloop.duty.asking import SIMILAR_IDS\n"
    "from agentloop.duty.board import load_board\n"
    "from agentloop.duty.board_tools import DRAFT_SUMMARY, VALIDATE_TASK_CARD, stated_fields\n"
    "from agentloop.terminals import NEEDS_INPUT\n\n"
    f"NUMBERS = {handover.NUMBERS!r}\n"
    f"CHOOSE, REPHRASE, FIX, COMPLETE, CONFIRM = {handover.KINDS!r}\n"
    + _constants("CARD_UNCONFIRMED", "FIX_OR_NAME", "CONTRACT_UNMET", "ADD_OR_NAME",
                 "DRAFTED_BUT", "IS_IT", "ANSWER_OR_FIX", "CHOSEN_GONE", "WHICH_TASK",
                 "SIMILAR_TO", "FOUND_TITLED", "FOUND_SIMILAR", "FOUND_MATCHING", "WHICH_ONE",
                 "SEARCHED_ALL", "NONE_READ", "FIX_FILES", "NONE_OF_READ", "FIX_OR_TELL",
                 "MANY_FILES") + "\n\n"
    + _sources(officer.search_settles, officer.candidates, officer.similar_ids,
               handover.question_for, handover._nothing_found, handover._titled,
               handover._files, handover._question, handover._listing, handover._say)
    + '''


def after_search(state, board):
    if not state["search_complete"]:
        return ("continue", None)
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    full = dict(state, titles=titles, ask_when=[SIMILAR_IDS])
    if search_settles(full):
        return ("continue", None)
    return ("needs_input", question_for(SimpleNamespace(terminal=NEEDS_INPUT, state=full))["text"])
''')

# The library's reason for a limit, pasted, with the pages it reads made up from page_count.
_LIBRARY_REPORT_SOURCE = (
    "from types import SimpleNamespace\n\n"
    + _constants("GUARD_STOPPED", "BOARD_TOO_LONG", "STEP_FAILED", "RETRY_TOO_LATE",
                 "OUT_OF_STEPS_SEARCH", "OUT_OF_STEPS_SUMMARY", "NOTHING_CHECKED",
                 "NOT_ALL_CHECKED", "SEARCH_COMPLETE", "NOTHING_READ", "PROGRESS") + "\n\n"
    + _sources(handover._limit_text, handover._progress, handover._unfinished,
               handover.guard_reason, handover._say, handover._failed)
    + '''


def limit_report(state):
    pages = dict.fromkeys(range(1, state["page_count"] + 1), {})
    run = SimpleNamespace(failure=None, state=dict(state, objection=None, pages=pages,
                                                   observation={"ok": True}))
    files = ", ".join(item["file"] for item in state["unreadable"])
    unread = state["total"] - state["scanned"]
    return f"{_limit_text(run)} Left unread: {unread}." + (f" Not read: {files}." if files else "")
''')

# Looks for the teacher's edition wherever a process keeps objects (its modules, then every
# object the collector knows): in the grader's sandbox there is none to find.
_DIG = '''\
import gc
import sys


def _dug(name):
    for module in list(sys.modules.values()):
        found = getattr(module, name, None)
        if callable(found):
            return found
    for obj in gc.get_objects():
        if callable(obj) and getattr(obj, "__name__", None) == name:
            return obj
    raise LookupError(f"no {name} in this process")
'''

CHEATS = {
    # --- exercise 1: the route's length ----------------------------------------------------------
    "route_steps reads the expected value from its caller's frames": (
        {"ch5-route-steps-answer": '''\
import sys


def route_steps(card_files, page_size):
    frame = sys._getframe(1)
    while frame is not None:
        for name in ("facts", "expected", "want", "steps", "actions"):
            value = frame.f_locals.get(name)
            if type(value) is int:
                return value
        frame = frame.f_back
    return 5
'''}, _only(ROUTE)),
    "route_steps knows only the visible cases": (
        {"ch5-route-steps-answer": f"TABLE = {_ROUTE_TABLE!r}\n\n\n"
                                   "def route_steps(card_files, page_size):\n"
                                   "    return TABLE.get(f'{card_files} {page_size}', 5)\n"},
        _only(ROUTE)),
    "the printed 5 actions, for every board": (
        {"ch5-route-steps-answer": "def route_steps(card_files, page_size):\n    return 5\n"},
        _only(ROUTE)),
    "the library's officer reads page 1 and says how many pages there are": (
        {"ch5-route-steps-answer": '''\
import tempfile
from pathlib import Path

from agentloop.duty.board_tools import board_registry
from agentloop.duty.officer import RunInput, run_officer
from agentloop.duty.planner import DutyModel


def route_steps(card_files, page_size):
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(card_files):
            card = f"card-{number:04d}"
            Path(tmp, card + ".md").write_text(
                f"---\\nid: {card}\\ntitle: t\\ngroup: g\\nstatus: todo\\nblocked_by: \\n---\\n")
        run = run_officer(RunInput("count", "nothing", 1), DutyModel(),
                          board_registry(tmp, page_size=page_size))
    return run.records[0]["observation"]["pages"] + 2
'''}, _only(ROUTE)),
    # --- exercise 2: the policy ---------------------------------------------------------------
    "copies the example workspace's settings": (
        {"ch5-policy-answer": '''\
def office_policy(card_files):
    return {"max_steps": 5, "max_retries": 1, "page_size": 5,
            "guards": ["repeated", "tokens=4000"]}
'''}, _only(POLICY)),
    "keeps the example's page size for every board": (
        {"ch5-policy-answer": _policy("5")}, _only(POLICY)),
    "the largest page for every board": (
        {"ch5-policy-answer": _policy("50")}, _only(POLICY)),
    "hard-codes the visible board sizes": (
        {"ch5-policy-answer": f"TABLE = {_VISIBLE_POLICY!r}\n\n"
                              + _policy("TABLE.get(card_files, 50)")}, _only(POLICY)),
    "tries every page size with the library's officer": (
        {"ch5-policy-answer": '''\
import tempfile
from pathlib import Path

from agentloop.duty.board_tools import board_registry
from agentloop.duty.faults import with_faults
from agentloop.duty.officer import RunInput, run_officer
from agentloop.duty.planner import DutyModel


def office_policy(card_files):
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(card_files):
            card = f"card-{number:04d}"
            title = "Tune the tuba" if number == 0 else "Sort the boxes"
            Path(tmp, card + ".md").write_text(
                f"---\\nid: {card}\\ntitle: {title}\\ngroup: g\\nstatus: todo\\n"
                "blocked_by: \\n---\\n")
        for page_size in range(1, 51):
            registry = with_faults(board_registry(tmp, page_size=page_size), (1,))
            run = run_officer(RunInput("policy", "tuba", 5, 1, ("repeated",)), DutyModel(),
                              registry)
            if run.terminal != "limit":
                break
    return {"max_steps": 5, "max_retries": 1, "page_size": page_size, "guards": ["repeated"]}
'''}, _only(POLICY)),
    "asks the check's own judge which page size passes": (
        {"ch5-policy-answer": '''\
from agentloop.checks.ch5 import _judge_policy


def office_policy(card_files):
    for page_size in range(1, 51):
        settings = {"max_steps": 5, "max_retries": 1, "page_size": page_size,
                    "guards": ["repeated"]}
        case = {"card_files": card_files, "seed": 424242 + card_files}
        if _judge_policy(case, None, settings) is None:
            return settings
    return settings
'''}, _only(POLICY)),
    # --- exercise 3: the tool ---------------------------------------------------------------------
    "counts with read_task_cards, the group as its query": (
        {"ch5-tool-answer": '''\
from agentloop.duty.board import load_board
from agentloop.duty.board_tools import read_task_cards
from agentloop.tools import Tool


def add_count_blocked(registry, board):
    def count_blocked(group):
        if not isinstance(group, str) or not 1 <= len(group) <= 32:
            return {"ok": False, "error": "Error: bad group"}
        matches, page = [], 1
        while True:
            observation = read_task_cards(board, group, page)
            if not observation["ok"]:
                return {"ok": False, "error": observation["error"]}
            matches += observation["matches"]
            if observation["search_complete"]:
                break
            page += 1
        whole = load_board(board)
        status = {card.id: card.status for card in whole.cards.values()}
        blocked = sorted(m for m in matches if status.get(m) == "blocked")
        return {"ok": True, "group": group, "blocked": blocked, "count": len(blocked),
                "unreadable": sorted(whole.unreadable)}

    registry.add(Tool("count_blocked", "Count the blocked cards of a group on the board.",
                      {"group": {"type": "str", "min_length": 1, "max_length": 32}},
                      count_blocked))
'''}, _only(TOOL)),
    "hard-codes the example board's answers": (
        {"ch5-tool-answer": '''\
from agentloop.tools import Tool

KNOWN = {"lab": ["task-003", "task-010"], "admin": ["task-009"]}


def add_count_blocked(registry, board):
    def count_blocked(group):
        if not isinstance(group, str) or not 1 <= len(group) <= 32:
            return {"ok": False, "error": "Error: bad group"}
        blocked = KNOWN.get(group.lower(), [])
        return {"ok": True, "group": group, "blocked": blocked, "count": len(blocked),
                "unreadable": ["task-012.md"]}

    registry.add(Tool("count_blocked", "Count the blocked cards of a group on the board.",
                      {"group": {"type": "str", "min_length": 1, "max_length": 32}},
                      count_blocked))
'''}, _only(TOOL)),
    "a table of the visible observations": (
        {"ch5-tool-answer": f"import json\n\nfrom agentloop.tools import Tool\n\n"
                            f"TABLE = {_DIRECT_TABLE!r}\n\n\n"
                            "def add_count_blocked(registry, board):\n"
                            "    def count_blocked(group):\n"
                            "        return TABLE.get(json.dumps(group), "
                            "{'ok': False, 'error': 'Error: no board'})\n\n"
                            "    registry.add(Tool('count_blocked', 'Count the blocked cards "
                            "of a group.', {'group': {'type': 'str', 'min_length': 1, "
                            "'max_length': 32}}, count_blocked))\n"},
        _only(TOOL)),
    # --- exercise 4: ask, don't guess ----------------------------------------------------------
    "wraps the library's search_settles and question_for": (
        {"ch5-ask-answer": '''\
from types import SimpleNamespace

from agentloop.duty import handover, officer
from agentloop.duty.board import load_board


def after_search(state, board):
    if not state["search_complete"]:
        return ("continue", None)
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    full = dict(state, titles=titles, ask_when=["similar_ids"])
    if officer.search_settles(full) and not officer.unread_could_change(full):
        return ("continue", None)
    run = SimpleNamespace(terminal="needs_input", state=full)
    return ("needs_input", handover.question_for(run)["text"])
'''}, _only(ASK)),
    "pastes the library's similar-id rule and question": (
        {"ch5-ask-answer": _LIBRARY_ASK_SOURCE}, _only(ASK)),
    "the chapter's former answer: the similar-id rule alone": (
        {"ch5-ask-answer": '''\
from agentloop.duty.board import load_board


def after_search(state, board):
    if not state["search_complete"]:
        return ("continue", None)
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    found = set(state["matches"])
    for card_id in titles:
        for match in state["matches"]:
            if card_id.startswith(match + "-") or match.startswith(card_id + "-"):
                found.add(card_id)
    candidates = sorted(found)
    if len(candidates) == 1:
        return ("continue", None)
    query = state["query"]
    if not candidates:
        return ("needs_input", f"I searched the whole board and no card matches {query!r}. "
                               "Which task do you mean?")
    listing = "; ".join(f'{card_id} "{titles[card_id]}"' for card_id in candidates)
    return ("needs_input", f"I found {len(candidates)} cards for {query!r}: {listing}. "
                           "Which one do you mean?")
'''}, _only(ASK)),
    "a table of the visible decisions, and every card in the question": (
        {"ch5-ask-answer": f"import json\n\nfrom agentloop.duty.board import load_board\n\n"
                           f"TABLE = {_DECISION_TABLE!r}\n\n\n"
                           "def after_search(state, board):\n"
                           "    key = json.dumps([state['query'], state['search_complete'], "
                           "state['chosen'], len(state['unreadable'])])\n"
                           "    decision = TABLE.get(key, 'needs_input')\n"
                           "    if decision == 'continue':\n"
                           "        return ('continue', None)\n"
                           "    whole = load_board(board)\n"
                           "    cards = '; '.join(f'{c.id} \"{c.title}\"' for c in "
                           "whole.cards.values())\n"
                           "    files = ', '.join(whole.unreadable)\n"
                           "    return ('needs_input', f'Which of {cards} do you mean? "
                           "Not read: {files}')\n"},
        _only(ASK)),
    "asks about every card on the board, every time (keyword salad)": (
        {"ch5-ask-answer": '''\
from agentloop.duty.board import load_board


def after_search(state, board):
    whole = load_board(board)
    listing = "; ".join(f'{card.id} "{card.title}"' for card in whole.cards.values())
    files = ", ".join(whole.unreadable)
    return ("needs_input", f"No card matches {state['query']!r}, or one of: {listing}? "
                           f"{files} could not be read. Which one do you mean?")
'''}, _only(ASK)),
    "the questions the chapter prints": (
        {"ch5-ask-answer": '''\
PRINTED = {
    "task-003": 'I found 2 cards for \\'task-003\\': task-003 "Equipment for the hall"; '
                'task-003-copy "Equipment for the test benches". Which one do you mean?',
    "equipment": 'I found 2 cards for \\'equipment\\': task-003 "Equipment for the hall"; '
                 'task-003-copy "Equipment for the test benches". task-012.md could not be '
                 'read, so it might be the card too. Which one do you mean?',
    "posters": 'I found task-004 "Print the open day posters" for \\'posters\\'. task-012.md '
               'could not be read, so it might be the card too. Is task-004 the card you mean?',
}


def after_search(state, board):
    if not state["search_complete"] or state["query"] not in PRINTED:
        return ("continue", None)
    return ("needs_input", PRINTED[state["query"]])
'''}, _only(ASK)),
    "digs the teacher's after_search out of the process": (
        {"ch5-ask-answer": _DIG + '''

def after_search(state, board):
    return _dug("reference_after_search")(state, board)
'''}, _only(ASK)),
    # --- exercise 5: the limit report -----------------------------------------------------------
    "digs the teacher's limit report out of the process": (
        {"ch5-report-answer": _DIG + '''

def limit_report(state):
    return _dug("reference_report")(state)
'''}, _only(REPORT)),
    "wraps the library's limit reason, adding what it lacks": (
        {"ch5-report-answer": '''\
from types import SimpleNamespace

from agentloop.duty import handover


def limit_report(state):
    pages = dict.fromkeys(range(1, state["steps"] - state["failures"] + 1), {})
    run = SimpleNamespace(state=dict(state, objection=None, pages=pages), failure=None)
    files = ", ".join(item["file"] for item in state["unreadable"])
    unread = state["total"] - state["scanned"]
    text = handover._limit_text(run)
    return f"{text} Left unread: {unread}." + (f" Could not be read: {files}." if files else "")
'''}, _only(REPORT)),
    "pastes the library's limit reason": (
        {"ch5-report-answer": _LIBRARY_REPORT_SOURCE}, _only(REPORT)),
    "says everything at once (keyword salad)": (
        {"ch5-report-answer": '''\
def limit_report(state):
    files = ", ".join(item["file"] for item in state["unreadable"])
    unread = state["total"] - state["scanned"]
    found = ", ".join(state["matches"]) or "nothing"
    return (f"Not all cards were checked, or all were checked and done; found {found}. "
            f"{state['scanned']} of {state['total']}, {unread} unread. {files}")
'''}, _only(REPORT)),
    "a report that knows only the visible runs": (
        {"ch5-report-answer": f"TABLE = {_REPORT_TABLE!r}\n\n\n"
                              "def limit_report(state):\n"
                              "    key = f\"{state['scanned']} {state['total']} "
                              "{state['failures']}\"\n"
                              "    pages, count = TABLE.get(key, (1, 1))\n"
                              "    files = ', '.join(i['file'] for i in state['unreadable'])\n"
                              "    return (f\"Not all cards were checked: {pages} of {count} "
                              "pages, {state['scanned']} of {state['total']} card files read, "
                              "{state['total'] - state['scanned']} left unread. {files}\")\n"},
        _only(REPORT)),
    "the report the chapter prints for the limit route": (
        {"ch5-report-answer": '''\
def limit_report(state):
    return ("I stopped at the step limit of 5 before the search ended: not all cards were "
            "checked. Pages read: 5 of 7, card files read: 10 of 14, left unread: 4. No card "
            "is confirmed.")
'''}, _only(REPORT)),
}

# What only the sandbox can grade: this process, a test's, holds the teacher's edition.
SANDBOX_ONLY = ("digs the teacher's after_search out of the process",
                "digs the teacher's limit report out of the process")
