"""Chapter 5's exercise checks, the teacher's edition (agentloop_grader/answers/ch5.py): right
answers pass, in any wording; blank, wrong, half-right and cheating ones earn only what they
really get right.

Every check is graded with its hidden cases, drawn from the tests' course seed, with the
exercise's answered_by modules out of reach while the answer runs, as in the grader's
sandbox (`graded`). For each check: the reference and the chapter's solution, the blank, the
common wrong answers, half-right answers (each earning exactly its share), the library's
officer and handover called or copied from their source, the check's own judge asked, and
the values the chapter prints. Whole notebooks are graded in
tests/chapters/test_ch5_grading.py and, in the sandbox, by tests/grader/test_roundtrip.py.
"""

from __future__ import annotations

import inspect
import math
import random
import runpy
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers import locks
from agentloop_grader.answers.ch5 import (
    CHECKS,
    FIT_PAGES,
    FITS,
    LOCKS,
    REFERENCE,
    add_count_blocked,
    after_rule,
    expected_after,
    near,
    reference_after_search,
    reference_policy,
    reference_report,
    route_steps,
    similar,
)
from chapter_answers import SEED, cases, graded, key

from agentloop.checks import collect, hidden_seed, judge
from agentloop.checks.ch5 import (
    ASK_CONFIRM,
    ASK_NONE,
    ASK_SEVERAL,
    ASK_SIMILAR,
    ASK_UNREAD,
    BLOCKED,
    CHOSEN,
    EMPTY_BOARD,
    EXACT_PAGES,
    EXAMPLE,
    EXAMPLE_FILES,
    FIXED,
    FIXED_FILES,
    INCOMPLETE,
    NEAR,
    OFFICER,
    ONE,
    ONE_PAGE,
    PAGES_READ,
    ROUNDS_UP,
    SIMILAR,
    UNREAD,
    board_folder,
    policy_board,
)
from agentloop.checks.ch5 import CHECKS as LEARNER_CHECKS
from agentloop.duty import officer
from agentloop.duty.board import load_board
from agentloop.tools import Tool, ToolRegistry

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "chapters" / "05_capstone.ipynb"
ROUNDTRIP = runpy.run_path(str(ROOT / "tests" / "chapters" / "roundtrip" / "05_capstone.py"))
BY_ID = {chk.id: chk for chk in CHECKS}
LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}
POLICY = ("ch5-policy-fit", "ch5-policy-edges")
TOOL = ("ch5-tool-controller", "ch5-tool-board")
ASK = ("ch5-ask-decision", "ch5-ask-question")
REPORT = ("ch5-report-unchecked", "ch5-report-counts")
BOARD_CHECKS = (*TOOL, *ASK)


def _solution() -> dict:
    """What the chapter's answer cells define (another wording of each right answer)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    namespace: dict = {"__name__": "__main__"}
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.metadata.get("nbgrader", {}).get("solution"):
            exec(compile(cell.source, cell.metadata["nbgrader"]["grade_id"], "exec"), namespace)
    return namespace


SOLUTION = _solution()


def passes(check_id, answer, hidden=True):
    return graded(check_id, answer, hidden=hidden).passed


def failed_rules(check_id, answer, hidden=True):
    return {r.rule for r in graded(check_id, answer, hidden=hidden).results if not r.passed}


def reasons(check_id, answer, hidden=True):
    return [r.reason for r in graded(check_id, answer, hidden=hidden).results if not r.passed]


def scores(check_ids, answer):
    return {check_id: passes(check_id, answer) for check_id in check_ids}


def blank(*args, **kwargs):
    raise NotImplementedError()


def cell(source: str, name: str):
    """A learner's answer cell, run on its own."""
    namespace: dict = {"__name__": "__main__"}
    exec(source, namespace)
    return namespace[name]


def cheat(title: str, name: str):
    """The answer a CHEATS entry of the round trip file defines."""
    answers, _ = ROUNDTRIP["CHEATS"][title]
    return cell(next(iter(answers.values())), name)


# --- every check ------------------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_and_the_chapters_solution_pass_every_case(chk):
    assert passes(chk.id, REFERENCE[chk.answer])
    assert passes(chk.id, SOLUTION[chk.answer])


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = graded(chk, blank)
    assert report.results and not any(r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_cases_show_every_rule(chk):
    everything = cases(chk)
    assert all(case.rule for case in everything)
    assert {case.rule for case in everything} <= {case.rule for case in chk.cases()}


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_hidden_cases_are_fixed_by_the_course_seed_and_unseen_in_the_chapter(chk):
    first, again = cases(chk), cases(chk)
    assert [c.input for c in first] == [c.input for c in again]
    other = chk.all_cases(hidden=True, seed=hidden_seed("another course", chk.id))
    assert [c.input for c in other] != [c.input for c in first]
    shown = [c.input for c in chk.cases()]
    assert sum(c.input not in shown for c in first) >= 8
    with pytest.raises(ValueError, match="need a seed"):
        chk.all_cases(hidden=True)  # no public seed: hidden cases come from the course's


def test_each_check_draws_its_own_hidden_cases():
    assert len({hidden_seed(SEED, chk.id) for chk in CHECKS}) == len(CHECKS)


@pytest.mark.parametrize("check_id", BOARD_CHECKS)
def test_hidden_boards_are_not_the_example_boards(check_id):
    chk = key(check_id)
    hidden = cases(chk)[len(chk.cases()):]
    boards = [c.input["board"] for c in hidden if c.input["board"] is not None]
    assert boards and all(board not in (EXAMPLE, FIXED, EXAMPLE_FILES, FIXED_FILES)
                          for board in boards)


def test_the_judges_need_no_reference_where_rules_or_runs_judge():
    """The policy is judged by what the settings do, the report by rules: no facts."""
    for check_id in (*POLICY, *REPORT):
        chk = key(check_id)
        assert chk.facts_of(chk.cases()[0].input) is None


def test_every_answered_by_module_is_the_officers_or_the_handovers():
    assert {m for chk in CHECKS for m in chk.answered_by} == {OFFICER, "agentloop.duty.handover"}


# --- exercise 1: the route's length -----------------------------------------------------------

@pytest.mark.parametrize(("wrong", "slips"), [
    (lambda n, p: n // p + 2, {ROUNDS_UP, ONE_PAGE, EMPTY_BOARD}),   # floor division
    (lambda n, p: -(-n // p) + 2, {EMPTY_BOARD}),                     # an empty board: no page
    (lambda n, p: n // p + 3, {EXACT_PAGES}),                         # always one page more
    (lambda n, p: round(n / p) + 2 if n else 3, {ROUNDS_UP}),         # rounds to the nearest
    (lambda n, p: max(1, -(-n // p)) + 1, {ROUNDS_UP, EXACT_PAGES, ONE_PAGE, EMPTY_BOARD}),
    (lambda n, p: max(1, -(-n // p)) + 3, {ROUNDS_UP, EXACT_PAGES, ONE_PAGE, EMPTY_BOARD}),
])
def test_each_common_slip_in_the_route_fails_on_a_visible_case_of_its_rule(wrong, slips):
    assert slips <= failed_rules("ch5-route-steps", wrong, hidden=False)
    assert slips <= failed_rules("ch5-route-steps", wrong)


def test_forgetting_the_empty_board_fails_that_rule_alone():
    assert failed_rules("ch5-route-steps", lambda n, p: -(-n // p) + 2) == {EMPTY_BOARD}


def test_a_route_written_with_math_ceil_passes_and_a_float_does_not():
    assert passes("ch5-route-steps", lambda n, p: max(1, math.ceil(n / p)) + 2)
    report = graded("ch5-route-steps", lambda n, p: float(max(1, math.ceil(n / p)) + 2))
    assert not report.passed and "whole number" in report.results[0].reason


def test_route_cheats_earn_nothing():
    assert not passes("ch5-route-steps", cheat("route_steps knows only the visible cases",
                                                  "route_steps"))
    assert passes("ch5-route-steps", cheat("route_steps knows only the visible cases",
                                              "route_steps"), hidden=False)
    assert not passes("ch5-route-steps", lambda n, p: 5)
    # the library's officer counting the pages: it is not loaded while the answer runs
    counted = cheat("the library's officer reads page 1 and says how many pages there are",
                    "route_steps")
    assert counted(14, 5) == 5   # it would work, were the officer there
    report = graded("ch5-route-steps", counted)
    assert not report.passed and "withheld" in report.results[0].reason


# --- exercise 2: the office's policy ----------------------------------------------------------

def policy_with(page_size, **changes):
    def office_policy(card_files):
        return {"max_steps": 5, "max_retries": 1, "page_size": page_size(card_files),
                "guards": ["repeated"], **changes}
    return office_policy


def searched_policy(card_files):
    """Another right answer: the smallest page size whose route and retry fit, by trying."""
    for page in range(1, 51):
        if max(1, math.ceil(card_files / page)) + 3 <= 5:
            return {"max_steps": 5, "max_retries": 1, "page_size": page, "guards": ["repeated"]}
    return {"max_steps": 5, "max_retries": 1, "page_size": 50, "guards": ["repeated"]}


@pytest.mark.parametrize(("answer", "expected"), [
    (searched_policy, {"ch5-policy-fit": True, "ch5-policy-edges": True}),
    (policy_with(lambda n: max(1, -(-n // 2))), {"ch5-policy-fit": True,
                                                  "ch5-policy-edges": False}),   # no cap
    (policy_with(lambda n: min(50, -(-n // 2))), {"ch5-policy-fit": True,
                                                   "ch5-policy-edges": False}),  # page 0
    (policy_with(lambda n: min(50, max(1, -(-n // 3)))), {"ch5-policy-fit": False,
                                                          "ch5-policy-edges": False}),  # no retry
    (policy_with(lambda n: min(50, max(1, n // 2))), {"ch5-policy-fit": False,
                                                      "ch5-policy-edges": True}),  # floor
    (policy_with(lambda n: 5), {"ch5-policy-fit": False, "ch5-policy-edges": False}),
    (policy_with(lambda n: 50), {"ch5-policy-fit": False, "ch5-policy-edges": False}),
    (policy_with(lambda n: reference_policy(n)["page_size"], guards=["repeated", "tokens=4000"]),
     {"ch5-policy-fit": False, "ch5-policy-edges": False}),
    (policy_with(lambda n: reference_policy(n)["page_size"], max_steps=4),
     {"ch5-policy-fit": False, "ch5-policy-edges": False}),
])
def test_policies_earn_what_they_get_right(answer, expected):
    assert scores(POLICY, answer) == expected


def test_the_policy_judge_says_what_the_run_did_never_the_arithmetic():
    slow = reasons("ch5-policy-fit", policy_with(lambda n: 5), hidden=False)
    assert any("stops at the limit on step 5" in reason for reason in slow)
    big = reasons("ch5-policy-fit", policy_with(lambda n: 50), hidden=False)
    assert any("fits as well: use the fewest card files a page" in reason for reason in big)
    for reason in slow + big:
        assert "+" not in reason and "validate" not in reason and "pages of" not in reason
    hint = LEARNER["ch5-policy-fit"].hint
    assert "Which page size is the smallest that still fits in max_steps?" in hint
    assert "at most 2 pages" not in hint and "smallest whole number" not in hint


@pytest.mark.parametrize("check_id", POLICY)
def test_the_grader_passes_the_reference_unrun_only_because_a_run_would_pass_it(check_id):
    """The teacher's judge takes the reference's settings as right without running them; the
    learner's judge, which runs them, agrees on every case, and a wrong policy still runs."""
    chk = key(check_id)
    for case in cases(chk):
        settings = reference_policy(case.input["card_files"])
        assert LEARNER[check_id].judge(case.input, None, settings) is None, case.label
        assert chk.judge(case.input, None, settings) is None
        wrong = dict(settings, page_size=settings["page_size"] + 1)
        assert chk.judge(case.input, None, wrong) == LEARNER[check_id].judge(case.input, None,
                                                                             wrong)


def test_the_policy_boards_have_nothing_unreadable_and_one_card_to_find():
    for count in (1, 14, 100, 400):
        files, query = policy_board(5, count)
        with board_folder(files) as folder:
            whole = load_board(folder)
        assert len(whole.files) == count and not whole.unreadable
        assert sum(query in card.title.lower() for card in whole.cards.values()) == 1


def test_the_budget_arithmetic_behind_the_reference():
    assert (FIT_PAGES, FITS) == (2, 100)
    for count, page in [(0, 1), (1, 1), (2, 1), (3, 2), (14, 7), (100, 50), (101, 50)]:
        assert reference_policy(count)["page_size"] == page
        assert route_steps(count, page) + 1 <= 5 or count > FITS


def test_policy_cheats_that_run_the_officer_earn_nothing():
    for title in ("tries every page size with the library's officer",
                  "asks the check's own judge which page size passes"):
        answer = cheat(title, "office_policy")
        assert scores(POLICY, answer) == {"ch5-policy-fit": False, "ch5-policy-edges": False}
    assert cheat("tries every page size with the library's officer",
                 "office_policy")(14)["page_size"] == 7   # it would work, were the officer there


# --- exercise 3: count_blocked ----------------------------------------------------------------

def tool_with(run_for, args=None, description="Count the blocked cards of a group."):
    """add_count_blocked with its run made by `run_for(board)` and a schema."""
    def add(registry, board):
        registry.add(Tool("count_blocked", description,
                          args or {"group": {"type": "str", "min_length": 1, "max_length": 32}},
                          run_for(board)))
    return add


def reference_run(board):
    registry = ToolRegistry()
    add_count_blocked(registry, board)
    return registry["count_blocked"].run


def no_own_checks(board):
    def run(group):
        from agentloop.duty.board import load_board

        whole = load_board(board)   # raises for a missing board; group.casefold() for 42
        blocked = sorted(c.id for c in whole.cards.values()
                         if c.group.casefold() == group.casefold() and c.status == "blocked")
        return {"ok": True, "group": group, "blocked": blocked, "count": len(blocked),
                "unreadable": sorted(whole.unreadable)}
    return run


@pytest.mark.parametrize(("answer", "expected"), [
    (tool_with(reference_run, {"group": {"type": "str", "min_length": 1, "max_length": 32,
                                         "scoped": False}}, "Blocked cards of one group."),
     {"ch5-tool-controller": True, "ch5-tool-board": True}),
    (tool_with(no_own_checks), {"ch5-tool-controller": True, "ch5-tool-board": False}),
    (tool_with(reference_run, {"group": {"type": "str"}}),
     {"ch5-tool-controller": False, "ch5-tool-board": True}),
    (tool_with(reference_run, description="count"),
     {"ch5-tool-controller": False, "ch5-tool-board": True}),
])
def test_tools_earn_what_they_get_right(answer, expected):
    assert scores(TOOL, answer) == expected


def test_a_group_word_in_a_title_is_a_trap_the_hidden_boards_set():
    """Substring matching (what read_task_cards does) gives another answer on some board."""
    traps = 0
    for case in cases(key("ch5-tool-board")):
        board, group = case.input["board"], case.input["group"]
        if board is None or not isinstance(group, str) or case.rule != BLOCKED:
            continue
        with board_folder(board) as folder:
            whole = load_board(folder)
        by_title = {c.id for c in whole.cards.values() if group.lower() in c.title.lower()
                    and c.group != group and c.status == "blocked"}
        traps += bool(by_title)
    assert traps >= 2


def test_the_tool_board_probe_keeps_no_error_words_so_right_answers_agree():
    def worded(board):
        run = reference_run(board)

        def other(group):
            out = run(group)
            return out if out["ok"] else {"ok": False, "error": "That is not a group I know."}
        return other

    chk = key("ch5-tool-board")
    drawn = cases(chk)
    assert collect(chk, tool_with(worded), drawn) == collect(chk, add_count_blocked, drawn)
    assert collect(chk, SOLUTION["add_count_blocked"], drawn) == \
        collect(chk, add_count_blocked, drawn)


def test_an_error_without_its_reason_fails():
    def silent(board):
        run = reference_run(board)
        return lambda group: run(group) if run(group)["ok"] else {"ok": False, "error": " "}

    assert "says why" in " ".join(reasons("ch5-tool-board", tool_with(silent)))


def test_tool_cheats_earn_nothing():
    for title in ("counts with read_task_cards, the group as its query",
                  "hard-codes the example board's answers", "a table of the visible observations"):
        answer = cheat(title, "add_count_blocked")
        assert not any(scores(TOOL, answer).values()), title


# --- exercise 4: ask, don't guess -------------------------------------------------------------

def with_question(question):
    """The office's decision (the reference's), asking `question(state, board)`."""
    def after_search(state, board):
        decision, _ = reference_after_search(state, board)
        return (decision, None) if decision == "continue" else (decision, question(state, board))
    return after_search


def titled(state, board):
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    found = {c for c in titles for m in state["matches"] if similar(c, m)} | set(state["matches"])
    return "; ".join(f'{c} "{titles[c]}"' for c in sorted(found))


def no_unread_named(state, board):
    listing = titled(state, board)
    if not listing:
        return f"No card matches {state['query']!r}. Which task do you mean?"
    return f"I found {listing}. Which one do you mean?"


def ignores_chosen(state, board):
    return reference_after_search(dict(state, chosen=None), board)


def waits_for_the_draft(state, board):
    """The library's order: an unread card file only matters once the summary is drafted."""
    decision, question = reference_after_search(dict(state, unreadable=[]), board)
    if decision == "continue":
        return decision, None
    return decision, reference_after_search(state, board)[1] or question


def similar_without_the_dash(state, board):
    if not state["search_complete"]:
        return "continue", None
    if state["chosen"] is not None and state["chosen"] in state["matches"]:
        return "continue", None
    titles = {card.id for card in load_board(board).cards.values()}
    found = set(state["matches"]) | {c for c in titles for m in state["matches"]
                                     if c.startswith(m) or m.startswith(c)}
    if len(found) == 1 and not state["unreadable"]:
        return "continue", None
    return "needs_input", "Which one?"


@pytest.mark.parametrize(("answer", "expected", "failing"), [
    (with_question(no_unread_named), {"ch5-ask-decision": True, "ch5-ask-question": False},
     {ASK_UNREAD, ASK_CONFIRM}),
    (ignores_chosen, {"ch5-ask-decision": False, "ch5-ask-question": True}, {CHOSEN}),
    (waits_for_the_draft, {"ch5-ask-decision": False, "ch5-ask-question": False}, {UNREAD}),
    (similar_without_the_dash, {"ch5-ask-decision": False, "ch5-ask-question": False}, {NEAR}),
])
def test_after_search_answers_earn_what_they_get_right(answer, expected, failing):
    assert scores(ASK, answer) == expected
    failed = failed_rules("ch5-ask-decision", answer) | failed_rules("ch5-ask-question", answer)
    assert failing <= failed


def test_the_librarys_own_rule_composed_after_the_search_earns_the_decision_alone():
    """Pasting the officer's helpers and asking them right after the search is the decision's
    rule written out; the question is not the library's."""
    source = ("SIMILAR_IDS = 'similar_ids'\n\n"
              + "\n\n".join(inspect.getsource(f) for f in (
                  officer.search_settles, officer.unread_could_change, officer.candidates,
                  officer.similar_ids)))
    namespace: dict = {}
    exec(source, namespace)

    def composed(state, board):
        if not state["search_complete"]:
            return "continue", None
        titles = {card.id: card.title for card in load_board(board).cards.values()}
        full = dict(state, titles=titles, ask_when=["similar_ids"])
        if namespace["search_settles"](full) and not namespace["unread_could_change"](full):
            return "continue", None
        return "needs_input", f"Which card do you mean, for {state['query']!r}?"

    assert scores(ASK, composed) == {"ch5-ask-decision": True, "ch5-ask-question": False}


@pytest.mark.parametrize("title", [
    "wraps the library's search_settles and question_for",
    "pastes the library's similar-id rule and question",
    "the chapter's former answer: the similar-id rule alone",
    "a table of the visible decisions, and every card in the question",
    "asks about every card on the board, every time (keyword salad)",
    "the questions the chapter prints",
])
def test_ask_cheats_earn_nothing(title):
    assert scores(ASK, cheat(title, "after_search")) == {"ch5-ask-decision": False,
                                                         "ch5-ask-question": False}


def test_the_library_wrapper_would_earn_the_decision_were_the_officer_there():
    """The officer not being there is what stops it; its question would still fail."""
    wrapped = cheat("wraps the library's search_settles and question_for", "after_search")
    chk = key("ch5-ask-decision")
    drawn = cases(chk)
    assert judge(chk, drawn, collect(chk, wrapped, drawn)).passed
    assert not passes("ch5-ask-decision", wrapped)
    question = key("ch5-ask-question")
    assert not judge(question, cases(question), collect(question, wrapped,
                                                        cases(question))).passed


def test_the_question_rules_on_their_own():
    chk = key("ch5-ask-question")
    case = chk.cases()[4].input                      # 'equipment' on the office board
    facts = chk.facts_of(case)
    judge_one = chk.judge

    def verdict(text):
        return judge_one(case, facts, ["needs_input", text])

    good = ('Do you mean task-003 "Equipment for the hall" or task-003-copy "Equipment for '
            'the test benches"? task-012.md could not be read, so it might be the card too.')
    assert verdict(good) is None
    assert "task-010" in verdict(good + " Not task-010.")
    assert "title" in verdict(good.replace(' "Equipment for the hall"', ""))
    assert "chosen" in verdict(good + " I picked task-003.")
    assert "task-012.md" in verdict(good.replace(" task-012.md could not be read, so it might "
                                                 "be the card too.", ""))
    assert "'?'" in verdict(good.replace("?", "."))
    assert "none did" in verdict(good + " No card matches, though.")
    none = chk.cases()[5].input                      # 'catering' on the fixed board
    assert chk.judge(none, chk.facts_of(none), ["needs_input", "Which task do you mean?"]) \
        == "say what was searched for: quote the query 'catering'"


def test_the_office_rule_is_not_the_librarys_where_the_chapter_says():
    """On the office board the library's officer goes on after the search for posters (it
    asks only after drafting); the office's rule asks at once. A near id is no similar id."""
    from agentloop.checks.ch5 import after_case

    posters = after_case(EXAMPLE, "posters")
    assert officer.search_settles(dict(posters["state"], ask_when=["similar_ids"], titles={}))
    assert after_rule(posters) == UNREAD and expected_after(posters)[0] == "needs_input"
    assert near("task-0040", "task-004") and not similar("task-0040", "task-004")
    assert similar("task-003-copy", "task-003") and not near("task-003-copy", "task-003")


def test_the_hidden_decisions_cover_every_rule_and_the_choice_always_matters():
    drawn = cases(key("ch5-ask-decision"))
    assert {case.rule for case in drawn} >= {INCOMPLETE, ONE, UNREAD, SIMILAR, NEAR, CHOSEN}
    for case in drawn:
        if case.rule == CHOSEN:
            unchosen = dict(case.input, state=dict(case.input["state"], chosen=None))
            assert expected_after(unchosen)[0] == "needs_input"
    rules = {case.rule for case in cases(key("ch5-ask-question"))}
    assert rules >= {ASK_SEVERAL, ASK_SIMILAR, ASK_CONFIRM, ASK_UNREAD, ASK_NONE}


def test_the_decision_probe_reports_whether_a_question_came_not_its_words():
    chk = key("ch5-ask-decision")
    drawn = cases(chk)
    outputs = collect(chk, SOLUTION["after_search"], drawn)
    assert outputs == collect(chk, reference_after_search, drawn)
    assert {o["value"][1] for o in outputs} == {"no question", "a question"}


# --- exercise 5: the limit report -------------------------------------------------------------

def report_counting(pages):
    def limit_report(state):
        unread = state["total"] - state["scanned"]
        files = ", ".join(item["file"] for item in state["unreadable"])
        return (f"Not all cards were checked: {pages(state)} of {state['page_count']} pages and "
                f"{state['scanned']} of {state['total']} card files read, {unread} left "
                f"unread." + (f" Could not be read: {files}." if files else ""))
    return limit_report


@pytest.mark.parametrize(("answer", "expected"), [
    (report_counting(lambda s: s["steps"] - s["failures"]),
     {"ch5-report-unchecked": True, "ch5-report-counts": True}),
    (report_counting(lambda s: s["steps"]),                         # a failed read read a page
     {"ch5-report-unchecked": True, "ch5-report-counts": False}),
    (report_counting(lambda s: s["page_count"]),                    # every page, it claims
     {"ch5-report-unchecked": False, "ch5-report-counts": False}),
    (lambda s: report_counting(lambda t: t["steps"] - t["failures"])(s).split(" Could")[0],
     {"ch5-report-unchecked": False, "ch5-report-counts": True}),   # the files left out
])
def test_reports_earn_what_they_get_right(answer, expected):
    assert scores(REPORT, answer) == expected


def test_a_report_that_counts_every_step_as_a_page_fails_where_a_read_failed():
    assert failed_rules("ch5-report-counts", report_counting(lambda s: s["steps"])) == \
        {PAGES_READ}


def test_the_report_rules_on_their_own():
    unchecked, counts = key("ch5-report-unchecked"), key("ch5-report-counts")
    case = unchecked.cases()[2].input    # task-012.md on the page read
    state = case["state"]
    assert state["unreadable"] and (state["scanned"], state["total"]) == (13, 14)
    assert (case["pages_read"], state["page_count"]) == (1, 2)
    honest = ("Not all cards were checked: 1 of 2 pages, 13 of 14 card files read, 1 left "
              "unread; task-012.md could not be read at all.")
    assert unchecked.judge(case, None, honest) is None and counts.judge(case, None, honest) is None
    assert "complete" in unchecked.judge(case, None, honest + " The search is not complete.")
    assert "task-012.md" in unchecked.judge(case, None, honest.replace(
        "; task-012.md could not be read at all", ""))
    assert "3" in counts.judge(case, None, honest + " It took 3 tries.")
    assert "name no card" in unchecked.judge(case, None, honest + " Maybe task-003.")
    assert "2 of 2 pages" in unchecked.judge(case, None, honest.replace("1 of 2", "2 of 2"))
    assert "pages were read" in counts.judge(case, None, honest.replace("1 of 2 pages, ", ""))


@pytest.mark.parametrize("title", [
    "wraps the library's limit reason, adding what it lacks",
    "pastes the library's limit reason",
    "says everything at once (keyword salad)",
    "a report that knows only the visible runs",
    "the report the chapter prints for the limit route",
])
def test_report_cheats_earn_nothing(title):
    assert scores(REPORT, cheat(title, "limit_report")) == {"ch5-report-unchecked": False,
                                                            "ch5-report-counts": False}


def test_the_library_report_wrapper_is_stopped_by_the_handover_not_being_there():
    wrapped = cheat("wraps the library's limit reason, adding what it lacks", "limit_report")
    chk = key("ch5-report-unchecked")
    drawn = cases(chk)
    assert judge(chk, drawn, collect(chk, wrapped, drawn)).passed   # the library's reason
    assert not passes("ch5-report-unchecked", wrapped)


def test_the_reference_report_counts_pages_as_the_run_read_them():
    for case in cases(key("ch5-report-counts")):
        state = case.input["state"]
        assert f"Pages read: {case.input['pages_read']} of {state['page_count']}" in \
            reference_report(state)


# --- locks: every right answer gives the same outputs on a lock's checks ------------------------

def test_every_lock_names_an_answer_cell_and_checks_of_its_own_exercise():
    assert locks("ch5") == LOCKS
    answers = {"ch5-route-steps-answer": "route_steps", "ch5-policy-answer": "office_policy",
               "ch5-tool-answer": "add_count_blocked", "ch5-ask-answer": "after_search"}
    assert set(LOCKS) == set(answers)   # the report is judged by rules alone: no lock
    for answer_cell, lock in LOCKS.items():
        assert {BY_ID[check_id].answer for check_id in lock.checks} == {answers[answer_cell]}


@pytest.mark.parametrize("check_id", [c for lock in LOCKS.values() for c in lock.checks])
def test_two_right_answers_give_the_same_outputs_on_a_locked_check(check_id):
    chk = key(check_id)
    drawn = chk.all_cases(hidden=True, seed=random.Random(check_id).getrandbits(32))
    other = {"office_policy": searched_policy}.get(chk.answer, SOLUTION[chk.answer])
    assert collect(chk, other, drawn) == collect(chk, REFERENCE[chk.answer], drawn)

