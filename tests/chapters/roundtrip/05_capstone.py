"""Chapter 5's wrong submissions for the grader's round trip test.

WRONG / PARTIAL: the subtly wrong submission. Its `office_policy` forgets that a page holds
at most 50 card files (a long board gets a page size the workspace refuses: it fails
ch5-policy-edges, passes ch5-policy-fit); its `after_search` applies the similar-id rule but
asks without the cards' titles (passes ch5-ask-decision, fails ch5-ask-question); its
`limit_report` says what was read of how many but not how many were left unread (passes
ch5-report-unchecked, fails ch5-report-counts). The other answer cells keep the solution.

CHEATS: whole-notebook submissions that try to earn points without the understanding
(name → (answer cells replaced, every test cell → passes)). Every cheated cell earns
nothing: values copied from the chapter, the library's own answer called or wrapped, the
library's source copied, keyword stuffing, and answers that know only the visible cases.
"""

WRONG = {
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
    ids = [card.id for card in load_board(board).cards.values()]
    found = set(state["matches"])
    for card_id in ids:
        for match in state["matches"]:
            if card_id.startswith(match + "-") or match.startswith(card_id + "-"):
                found.add(card_id)
    if len(found) == 1:
        return ("continue", None)
    if not found:
        return ("needs_input", f"No card matches {state['query']!r}. Which task do you mean?")
    return ("needs_input", f"I found {', '.join(sorted(found))}. Which one do you mean?")
''',
    "ch5-report-answer": '''\
def limit_report(state):
    files = ", ".join(item["file"] for item in state["unreadable"])
    text = (f"Not all cards were checked: I read {state['scanned']} of {state['total']} card "
            "files before the step limit.")
    return text + (f" Could not be read: {files}." if files else "")
''',
}

PARTIAL = {
    "ch5-route-steps": True,
    "ch5-policy-fit": True,
    "ch5-policy-edges": False,
    "ch5-tool-controller": True,
    "ch5-tool-board": True,
    "ch5-ask-decision": True,
    "ch5-ask-question": False,
    "ch5-report-unchecked": True,
    "ch5-report-counts": False,
}


def _only(failing: tuple[str, ...]) -> dict[str, bool]:
    return {test: test not in failing for test in PARTIAL}


ROUTE = ("ch5-route-steps",)
POLICY = ("ch5-policy-fit", "ch5-policy-edges")
TOOL = ("ch5-tool-controller", "ch5-tool-board")
ASK = ("ch5-ask-decision", "ch5-ask-question")
REPORT = ("ch5-report-unchecked", "ch5-report-counts")


def _policy(page_size_expression: str) -> str:
    return ("def office_policy(card_files):\n"
            f"    return {{'max_steps': 5, 'max_retries': 1, 'page_size': {page_size_expression},"
            " 'guards': ['repeated']}\n")


# The visible board sizes and the page sizes the chapter's checks accept for them.
_VISIBLE_POLICY = {14: 7, 10: 5, 5: 3, 99: 50, 100: 50, 0: 1, 1: 1, 101: 50, 150: 50, 400: 50}

CHEATS = {
    "route_steps knows only the asserts it can see": (
        {"ch5-route-steps-answer": '''\
def route_steps(card_files, page_size):
    return {(14, 5): 5, (14, 2): 9, (0, 5): 3}.get((card_files, page_size), 5)
'''}, _only(ROUTE)),
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
    "counts with read_task_cards, the group as its query": (
        {"ch5-tool-answer": '''\
from agentloop.duty.board import BoardError, load_board
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
    "wraps the library's decide and question_for": (
        {"ch5-ask-answer": '''\
from types import SimpleNamespace

from agentloop.duty import handover, officer


def after_search(state, board):
    full = dict(state, objection=None, observation={"ok": True})
    decision = officer.decide(dict(full, steps=0))
    if decision != "needs_input":
        return ("continue", None)
    run = SimpleNamespace(terminal="needs_input", state=full)
    return ("needs_input", handover.question_for(run)["text"])
'''}, _only(ASK)),
    "copies the library's question (no titles, no similar-id rule)": (
        {"ch5-ask-answer": '''\
def after_search(state, board):
    matches, query = state["matches"], state["query"]
    if not state["search_complete"] or len(matches) == 1:
        return ("continue", None)
    if not matches:
        return ("needs_input", f"I searched the whole board and no card matches {query!r}. "
                               "Which task do you mean?")
    listing = matches[0] if len(matches) == 1 else \\
        f"{', '.join(matches[:-1])} and {matches[-1]}"
    return ("needs_input", f"I found {len(matches)} cards that match {query!r} — {listing}. "
                           "Which one do you mean?")
'''}, _only(ASK)),
    "asks about every card on the board, every time (keyword salad)": (
        {"ch5-ask-answer": '''\
from agentloop.duty.board import load_board


def after_search(state, board):
    cards = load_board(board).cards.values()
    listing = "; ".join(f'{card.id} "{card.title}"' for card in cards)
    return ("needs_input", f"No card matches {state['query']!r}, or one of: {listing}? "
                           "Which one do you mean?")
'''}, _only(ASK)),
    "wraps the library's limit reason, adding what it lacks": (
        {"ch5-report-answer": '''\
from types import SimpleNamespace

from agentloop.duty import handover


def limit_report(state):
    pages = dict.fromkeys(range(1, state["page_count"] + 1), {})
    run = SimpleNamespace(state=dict(state, objection=None, pages=pages), failure=None)
    text = handover._limit_text(run)
    files = ", ".join(item["file"] for item in state["unreadable"])
    unread = state["total"] - state["scanned"]
    return f"{text} Left unread: {unread}." + (f" Could not be read: {files}." if files else "")
'''}, _only(REPORT)),
    "copies the library's limit reason": (
        {"ch5-report-answer": '''\
def limit_report(state):
    return (f"I ran out of allowed steps before the search ended: not all cards were checked "
            f"— {state['scanned']} of {state['total']} card files were read.")
'''}, _only(REPORT)),
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
        {"ch5-report-answer": '''\
KNOWN = {
    (10, 14, 0): "Not all cards were checked: 10 of 14 card files read, 4 left unread.",
    (13, 14, 1): "Not all cards were checked: 13 of 14 card files read, 1 left unread; "
                 "task-012.md could not be read.",
    (9, 14, 0): "Not all cards were checked: 9 of 14 card files read, 5 left unread.",
}


def limit_report(state):
    key = (state["scanned"], state["total"], len(state["unreadable"]))
    return KNOWN.get(key, "I stopped.")
'''}, _only(REPORT)),
}
