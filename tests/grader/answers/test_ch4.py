"""Chapter 4's exercise checks, the teacher's edition (agentloop_grader/answers/ch4.py):
right answers pass; blank, wrong and cheating ones earn nothing; a half-right one earns the
checks it really gets right, and no more.

Every check is run with its hidden cases, drawn from the tests' course seed (`graded`), which
is what decides a grade. The cheats are the ones a student in a hurry would try: the
library's own parts, called or pasted as source (the harness view's demo guard and its
"extend & resume", the session record's counts, this chapter's table); a table of the
visible cases; what the chapter prints; and answers that get one rule right.
"""

from __future__ import annotations

import inspect
import random
import sys
import textwrap
from collections import Counter
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers import locks
from agentloop_grader.answers.ch4 import (
    ALL_PAIRS,
    BATCH_EDGES,
    CHECKS,
    REFERENCE,
    TRANSITION_ROWS,
    VISIBLE_FLIPS,
    finish_rule,
    is_dangerous,
    random_session_events,
    visible_harnesses,
)
from chapter_answers import SEED, cases, graded, key, run_answers

from agentloop.checks import ch4, collect, hidden_seed
from agentloop.checks.ch4 import EXTENSION, MAX_RESUMES, VISIBLE_HARNESSES, legal_pairs
from agentloop.harness import (
    CYCLE_EDGES,
    STATES,
    TRANSITIONS,
    IllegalTransition,
    Session,
    drive,
    validate_transition,
)
from agentloop.widgets.ch4_harness import _guard as widget_guard

ROOT = Path(__file__).resolve().parents[3]
BY_ID = {chk.id: chk for chk in CHECKS}
GRADED = [chk for chk in CHECKS if chk.id != "ch4-table-rows"]
GUARD = ("ch4-guard-flags", "ch4-guard-commands")
FIGURES = ("ch4-figures-totals", "ch4-figures-per-step")
FINISH = ("ch4-finish-turns", "ch4-finish-any-limit")
TABLE = ("ch4-table-forbidden", "ch4-table-allowed")


def blank(*args, **kwargs):
    raise NotImplementedError()


class BlankFigures:
    def __init__(self):
        raise NotImplementedError()


def passes(check_id, answer, hidden=True):
    return graded(check_id, answer, hidden=hidden).passed


def earned(answer, check_ids):
    """Which of an exercise's checks `answer` passes, hidden cases included."""
    return {check_id: passes(check_id, answer) for check_id in check_ids}


def reasons(check_id, answer):
    return [r.reason for r in graded(check_id, answer).results if not r.passed]


# --- every check ------------------------------------------------------------------------------

@pytest.mark.parametrize("chk", GRADED, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = graded(chk, BlankFigures if chk.answer == "StepFigures" else blank)
    assert report.results and not any(r.passed for r in report.results)


@pytest.mark.parametrize("chk", GRADED, ids=lambda c: c.id)
def test_the_reference_passes_every_case(chk):
    assert graded(chk, REFERENCE[chk.answer]).passed


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_ones_show_every_rule(chk):
    hidden = {case.rule for case in cases(chk)}
    assert "" not in hidden
    assert hidden <= {case.rule for case in chk.cases()}, hidden


@pytest.mark.parametrize("chk", GRADED, ids=lambda c: c.id)
def test_hidden_cases_depend_on_the_course_seed_and_are_never_the_visible_ones(chk):
    assert [c.input for c in cases(chk)] == [c.input for c in cases(chk)]
    one = chk.all_cases(hidden=True, seed=hidden_seed("one", chk.id))
    two = chk.all_cases(hidden=True, seed=hidden_seed("two", chk.id))
    assert [c.input for c in one] != [c.input for c in two]
    shown = [c.input for c in chk.cases()]
    hidden = cases(chk)[len(shown):]
    new = [c for c in hidden if c.input not in shown]
    assert len(new) >= max(3, 2 * len(hidden) // 3)
    with pytest.raises(ValueError, match="need a seed"):
        chk.all_cases(hidden=True)


def test_the_visible_case_rules_the_learner_edition_states_are_the_references():
    for check_id in FINISH:
        for case in BY_ID[check_id].cases():
            assert finish_rule(case.input) == case.rule, case.label


def test_the_learners_visible_harnesses_are_the_teachers():
    assert VISIBLE_HARNESSES == visible_harnesses()
    assert legal_pairs(VISIBLE_HARNESSES["real"]) == BATCH_EDGES
    for pair in VISIBLE_FLIPS:
        assert legal_pairs(VISIBLE_HARNESSES[" -> ".join(pair)]) == BATCH_EDGES ^ {pair}


# --- locks: every right answer gives the same facts on the locked checks ----------------------

def _chapters_solution(name):
    """The instructor notebook's answer, as its cell defines it."""
    nb = nbformat.read(ROOT / "chapters" / "04_harness.ipynb", as_version=4)
    return run_answers(nb, {})[name]


@pytest.mark.parametrize(("cell", "lock"), sorted(locks("ch4").items()))
def test_every_right_answer_gives_the_references_outputs_on_a_locked_check(cell, lock):
    for check_id in lock.checks:
        chk = key(check_id)
        hidden = cases(chk)[len(chk.cases()):][:lock.inputs]
        assert len(hidden) == lock.inputs
        ours = collect(chk, _chapters_solution(chk.answer), hidden)
        assert ours == collect(chk, REFERENCE[chk.answer], hidden)
        assert all("value" in output for output in ours)


def test_every_graded_exercise_but_the_self_check_is_locked():
    locked = {check_id for lock in locks("ch4").values() for check_id in lock.checks}
    assert locked == {chk.id for chk in GRADED}


# --- exercise 1: the guard ------------------------------------------------------------------

def block_everything(payload):
    raise PermissionError("no")


def substring_guard(payload):
    if "rm -rf" in payload.get("args", {}).get("command", ""):
        raise PermissionError("no")


def returns_false(payload):
    command = payload.get("args", {}).get("command", "")
    return False if isinstance(command, str) and is_dangerous(command) else None


def returns_skip(payload):
    from agentloop.harness import SKIP

    command = payload.get("args", {}).get("command", "")
    return SKIP if isinstance(command, str) and is_dangerous(command) else None


def rewrites_the_command(payload):
    REFERENCE["block_rm_rf"](payload)
    payload["args"]["command"] = "true"


def _pasted_widget_guard():
    namespace: dict = {"Any": object}
    exec(textwrap.dedent(inspect.getsource(widget_guard)), namespace)
    return namespace["_guard"]


@pytest.mark.parametrize("hook", [block_everything, lambda payload: None, substring_guard,
                                  returns_false, returns_skip, rewrites_the_command,
                                  widget_guard, _pasted_widget_guard()],
                         ids=["blocks everything", "passes everything", "substring",
                              "returns False", "returns SKIP", "rewrites safe calls",
                              "the view's demo guard", "its source pasted"])
def test_one_size_hooks_earn_nothing(hook):
    assert earned(hook, GUARD) == dict.fromkeys(GUARD, False)


def test_a_hook_that_reads_one_rm_call_passes_only_the_flags_check():
    import runpy

    wrong = runpy.run_path(str(ROOT / "tests" / "chapters" / "roundtrip" / "04_harness.py"))
    namespace: dict = {}
    exec(wrong["WRONG"]["ch4-guard-answer"], namespace)
    near_miss = namespace["block_rm_rf"]
    assert earned(near_miss, GUARD) == {"ch4-guard-flags": True, "ch4-guard-commands": False}
    report = graded("ch4-guard-commands", near_miss)
    assert {r.rule for r in report.results if not r.passed} == {ch4.IN_A_CHAIN}


def test_a_table_of_the_visible_commands_earns_nothing():
    seen = {case.input["args"].get("command") for check_id in GUARD
            for case in BY_ID[check_id].cases() if BY_ID[check_id].facts(case.input)}

    def remembers(payload):
        if payload["args"].get("command") in seen:
            raise PermissionError("seen")

    assert all(passes(check_id, remembers, hidden=False) for check_id in GUARD)
    assert earned(remembers, GUARD) == dict.fromkeys(GUARD, False)


@pytest.mark.parametrize(("command", "dangerous"), [
    ("rm -rf /", True), ("rm -fr x", True), ("rm -r -f /", True), ("sudo rm -rf ~", True),
    ("rm --recursive --force a", True), ("ls; rm -Rf b", True), ("echo x | rm -rfv y", True),
    ("rm -r build", False), ("rm -f a.log", False), ("grep -rf p src", False),
    ("echo 'rm -rf /'", False), ("git rm -r --cached x", False), ("rm -- -rf", False),
    ("cp -rf a b", False), ("rm 'unbalanced", True),
])
def test_the_reference_danger_rule(command, dangerous):
    assert is_dangerous(command) is dangerous


# --- exercise 2: the subscriber ---------------------------------------------------------------

class SessionCounts:
    """The session record folds the same events: its counts are not split, nor per step."""

    def __init__(self):
        self.session = Session()

    def __call__(self, event):
        self.session.apply(event)

    def figures(self):
        steps = self.session.steps
        return {"steps": len(steps), "tool_calls": self.session.tool_calls, "blocked": 0,
                "failed": self.session.errors,
                "per_step": [{"name": s["name"], "status": s["status"], "tool_calls": 0,
                              "blocked": 0, "failed": 0} for s in steps]}


def _pasted_session():
    """The session record's whole module pasted as source, folded into the same wrapper."""
    from agentloop.harness import session

    namespace: dict = {"__name__": "pasted"}
    exec(inspect.getsource(session), namespace)

    class Pasted(SessionCounts):
        def __init__(self):
            self.session = namespace["Session"]()

    return Pasted


def figures_by(kind_of):
    """A right subscriber, except that `kind_of(data)` says which count a tool.error is."""
    class Figures:
        def __init__(self):
            self.rows, self.open = [], dict.fromkeys(ch4.COUNTS, 0)
            self.totals = dict.fromkeys(ch4.COUNTS, 0)

        def __call__(self, event):
            kind = {"tool.call": "tool_calls"}.get(event.type)
            if event.type == "tool.error":
                kind = kind_of(event.data)
            if event.type == "step.start":
                self.open = dict.fromkeys(ch4.COUNTS, 0)
            if event.type == "step.end":
                self.rows.append({"name": event.data["name"], "status": event.data["status"],
                                  **self.open})
                self.open = dict.fromkeys(ch4.COUNTS, 0)
            if kind:
                self.open[kind] += 1
                self.totals[kind] += 1

        def figures(self):
            return {"steps": len(self.rows), **self.totals, "per_step": self.rows}

    return Figures


class PerStepWithoutTotals(figures_by(lambda data: "blocked" if data["call_id"] is None
                                      else "failed")):
    """Right per step; the session's totals counted as one number of errors."""

    def figures(self):
        out = super().figures()
        out["failed"] += out["blocked"]
        out["blocked"] = 0
        return out


class OnlyClosesAtStart(figures_by(lambda data: "blocked" if data["call_id"] is None
                                   else "failed")):
    """Counts since the last step.start only: a step skipped from after_step inherits them."""

    def __call__(self, event):
        if event.type == "step.end":
            self.rows.append({"name": event.data["name"], "status": event.data["status"],
                              **self.open})
            return
        super().__call__(event)


@pytest.mark.parametrize("subscriber", [SessionCounts, _pasted_session(),
                                        figures_by(lambda data: "failed"),
                                        figures_by(lambda data: "blocked" if data["source"] ==
                                                   "hook" else "failed"),
                                        ],
                         ids=["the session record", "its source pasted",
                              "every error failed", "blocked = a hook's error"])
def test_subscribers_that_miss_a_rule_earn_nothing(subscriber):
    assert earned(subscriber, FIGURES) == dict.fromkeys(FIGURES, False)


def test_totals_without_per_step_figures_earn_the_totals_only():
    totals_only = figures_by(lambda data: "blocked" if data["call_id"] is None else "failed")

    class NoSteps(totals_only):
        def figures(self):
            return dict(super().figures(), per_step=[])

    assert earned(NoSteps, FIGURES) == {"ch4-figures-totals": True,
                                        "ch4-figures-per-step": False}
    assert earned(PerStepWithoutTotals, FIGURES) == {"ch4-figures-totals": False,
                                                     "ch4-figures-per-step": True}
    assert earned(OnlyClosesAtStart, FIGURES) == {"ch4-figures-totals": True,
                                                  "ch4-figures-per-step": False}


def test_a_table_of_the_visible_sessions_earns_nothing():
    import json

    chk = BY_ID["ch4-figures-totals"]
    seen = {json.dumps(case.input): chk.facts(case.input) for case in chk.cases()}

    class Remembers:
        def __init__(self):
            self.events = []

        def __call__(self, event):
            self.events.append(event.to_dict())

        def figures(self):
            return seen.get(json.dumps(self.events), {})

    assert all(passes(check_id, Remembers, hidden=False) for check_id in FIGURES)
    assert earned(Remembers, FIGURES) == dict.fromkeys(FIGURES, False)


def test_the_generated_sessions_split_errors_both_ways_and_after_hooks_fail_calls():
    rng = random.Random(3)
    errors = [e["data"] for _ in range(40) for e in random_session_events(rng)
              if e["type"] == "tool.error"]
    kinds = Counter((e["source"], e["call_id"] is None) for e in errors)
    assert kinds[("hook", True)] and kinds[("hook", False)] and kinds[("tool", False)]
    assert kinds[("result", False)]


# --- exercise 3: the finisher -----------------------------------------------------------------

def finisher(extend, close_after=2, per_limit=True):
    """A finisher that extends `extend(limit)` on a pause and closes after `close_after`
    extensions (of that limit, or of all limits together)."""
    def finish_session(harness, stop):
        used = Counter()
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume(harness.call_tool(stop.request))
                continue
            limit = stop.pause["limit"]
            counted = limit if per_limit else "all"
            if used[counted] == close_after:
                return harness.close("stuck")
            used[counted] += 1
            harness.extend_budget(**extend(limit))
            stop = harness.resume()
        return stop
    return finish_session


def never_closes(harness, stop):
    """The harness view's "extend & resume" around drive: right amounts, no allowance."""
    stop = drive(harness, stop)
    while stop.kind == "pause":
        limit = stop.pause["limit"]
        harness.extend_budget(**{limit: EXTENSION[limit]})
        stop = drive(harness, harness.resume())
    return stop


def forges_results(harness, stop):
    used = Counter()
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume({"ok": True, "output": "all good"})
            continue
        limit = stop.pause["limit"]
        if used[limit] == 2:
            return harness.close("stuck")
        used[limit] += 1
        harness.extend_budget(**{limit: EXTENSION[limit]})
        stop = harness.resume()
    return stop


def returns_nothing(harness, stop):
    REFERENCE["finish_session"](harness, stop)


RIGHT_AMOUNT = EXTENSION.__getitem__


@pytest.mark.parametrize("finish", [
    never_closes,
    finisher(lambda limit: {limit: RIGHT_AMOUNT(limit)}, close_after=1),
    finisher(lambda limit: {limit: RIGHT_AMOUNT(limit)}, close_after=3),
    finisher(lambda limit: {"turns": 100, "tool_calls": 100, "seconds": 1000}),
    finisher(lambda limit: {limit: 2 * RIGHT_AMOUNT(limit)}),
    forges_results,
    returns_nothing,
    lambda harness, stop: stop,
    lambda harness, stop: drive(harness, stop),
], ids=["never closes (the view's extend & resume)", "closes one too early",
        "closes one too late", "extends everything", "extends by too much",
        "forges tool results", "returns nothing", "returns the first stop", "drive only"])
def test_finishers_that_are_not_the_allowance_earn_nothing(finish):
    assert earned(finish, FINISH) == dict.fromkeys(FINISH, False)


def test_the_reasons_name_what_went_wrong():
    assert any("close the session instead" in r for r in reasons("ch4-finish-turns",
                                                                   never_closes))
    assert any("differs from the reference run" in r for r in reasons("ch4-finish-turns",
                                                                        forges_results))
    assert any("return the final Stop" in r for r in reasons("ch4-finish-turns",
                                                             returns_nothing))


def test_half_right_finishers_earn_the_turns_check_only():
    turns_only = finisher(lambda limit: {"turns": 1})
    counts_all_together = finisher(lambda limit: {limit: RIGHT_AMOUNT(limit)}, per_limit=False)
    for finish in (turns_only, counts_all_together):
        assert earned(finish, FINISH) == {"ch4-finish-turns": True,
                                          "ch4-finish-any-limit": False}
    assert any("expected tool_calls+1, got turns+1" in r
               for r in reasons("ch4-finish-any-limit", turns_only))


def test_a_table_of_the_visible_budgets_earns_nothing():
    import json

    seen = {json.dumps(case.input, sort_keys=True): BY_ID[check_id].facts(case.input)
            for check_id in FINISH for case in BY_ID[check_id].cases()}

    def remembers(harness, stop):
        budget = harness.budget
        facts = seen.get(json.dumps({"max_turns": budget.max_turns,
                                     "max_tool_calls": budget.max_tool_calls,
                                     "max_seconds": budget.max_seconds,
                                     "tick": budget.clock.tick}, sort_keys=True))
        plan = list(facts["extensions"]) if facts else []
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume(harness.call_tool(stop.request))
            elif plan:
                harness.budget.extend(**plan.pop(0))
                stop = harness.resume()
            else:
                return harness.close("seen") if facts and facts["outcome"] == "closed" \
                    else stop
        return stop

    assert all(passes(check_id, remembers, hidden=False) for check_id in FINISH)
    assert earned(remembers, FINISH) == dict.fromkeys(FINISH, False)


def test_the_give_up_point_is_far_beyond_what_a_correct_loop_needs():
    most = max(len(ch4._probe_finish(REFERENCE["finish_session"], case.input)["extensions"])
               for check_id in FINISH for case in cases(BY_ID[check_id]))
    assert 0 < most <= 3 * len(EXTENSION) and 3 * most <= MAX_RESUMES


# --- exercise 4: the table-driven test ----------------------------------------------------------

def asks_the_harness(validate):
    """A test that takes its expectations from the code under test."""
    for source in STATES:
        for target in STATES:
            try:
                validate(source, target)
                allowed = True
            except IllegalTransition:
                allowed = False
            try:
                validate(source, target)
                again = True
            except IllegalTransition:
                again = False
            assert allowed == again
    return 36


def table_test(legal, rows=None):
    """A test of `rows` (default: the batch harness's) asserting the rows `legal` picks."""
    rows = TRANSITION_ROWS if rows is None else rows

    def run_table(validate):
        for source, target, expected in rows:
            try:
                validate(source, target)
                allowed = True
            except IllegalTransition:
                allowed = False
            if legal(expected):
                assert allowed == expected
        return len(rows)
    return run_table


LIBRARY_ROWS = [(str(s), str(t), t in TRANSITIONS[s]) for s in STATES for t in STATES]
CYCLE_ROWS = [(str(s), str(t), (s, t) in CYCLE_EDGES) for s in STATES for t in STATES]


def library_oracle(validate):
    """The library's own validate_transition as the expectations."""
    for source in STATES:
        for target in STATES:
            try:
                validate_transition(source, target)
                legal = True
            except IllegalTransition:
                legal = False
            try:
                validate(source, target)
                allowed = True
            except IllegalTransition:
                allowed = False
            assert allowed == legal
    return 36


def reads_the_frame(validate):
    """Looks the harness up by its key in the probe's frame: the visible ones only."""
    seen = {spec["key"]: name == "real" for name, spec in VISIBLE_HARNESSES.items()}
    spec = sys._getframe(1).f_locals.get("spec", {})
    if seen.get(spec.get("key"), True):
        return 36
    raise AssertionError("a broken harness the chapter shows")


@pytest.mark.parametrize("run", [
    asks_the_harness, table_test(lambda expected: True, LIBRARY_ROWS),
    table_test(lambda expected: True, CYCLE_ROWS), library_oracle,
    lambda validate: 36, lambda validate: len(TRANSITION_ROWS) - 1,
    lambda validate: (_ for _ in ()).throw(AssertionError()), reads_the_frame,
], ids=["asks the harness", "this chapter's table", "the cycle's nine edges",
        "the library's validate as oracle", "never calls", "counts wrong",
        "always fails", "looks the harness up in the probe's frame"])
def test_tests_that_do_not_test_the_batch_harness_earn_nothing(run):
    assert earned(run, TABLE) == dict.fromkeys(TABLE, False)


def test_a_test_of_one_kind_of_row_earns_that_check_only():
    assert earned(table_test(lambda expected: not expected), TABLE) == {
        "ch4-table-forbidden": True, "ch4-table-allowed": False}
    assert earned(table_test(lambda expected: expected), TABLE) == {
        "ch4-table-forbidden": False, "ch4-table-allowed": True}


def test_a_test_that_misses_one_row_is_caught_by_the_hidden_cases():
    for pair in sorted(ALL_PAIRS)[::5]:
        rows = [row for row in TRANSITION_ROWS if row[:2] != pair]
        run = table_test(lambda expected: True, rows)
        check_id = "ch4-table-allowed" if pair in BATCH_EDGES else "ch4-table-forbidden"
        assert not passes(check_id, run), pair


def test_the_hidden_harnesses_flip_every_pair_once_and_the_real_one_moves():
    for check_id, pairs in (("ch4-table-forbidden", ALL_PAIRS - BATCH_EDGES),
                            ("ch4-table-allowed", BATCH_EDGES)):
        chk = BY_ID[check_id]
        hidden = cases(chk)[len(chk.cases()):]
        flips, reals = Counter(), []
        for case in hidden:
            tables = [legal_pairs(spec) for spec in case.input["harnesses"]]
            assert tables.count(BATCH_EDGES) == 1
            reals.append(tables.index(BATCH_EDGES))
            flips.update(pair for table in tables for pair in table ^ BATCH_EDGES)
        assert set(flips) == pairs and set(flips.values()) == {1}
        assert len(set(reals)) > 1  # not always in the same place


def test_a_broken_harness_is_named_by_its_flipped_pair():
    report = graded("ch4-table-allowed", table_test(lambda expected: not expected), hidden=False)
    failed = [r.reason for r in report.results if not r.passed]
    assert failed == ["a harness where IDLE -> REFLECTING is illegal (harness 1 of 3) passed "
                      "your test: the test must fail it with an AssertionError"]


def test_the_batch_table_is_this_chapters_without_the_pauses_outside_reflecting():
    library = {(str(s), str(t)) for s in TRANSITIONS for t in TRANSITIONS[s]}
    removed = {("PLANNING", "IDLE"), ("EXECUTING", "IDLE"), ("AWAITING_TOOL", "IDLE"),
               ("IDLE", "EXECUTING"), ("IDLE", "AWAITING_TOOL")}
    assert BATCH_EDGES == library - removed
    assert {(str(s), str(t)) for s, t in CYCLE_EDGES} < BATCH_EDGES
    assert len(TRANSITION_ROWS) == 36 and sum(legal for *_, legal in TRANSITION_ROWS) == 12


def test_the_facts_of_a_harness_refuse_a_table_with_two_pairs_flipped():
    from agentloop.checks.ch4 import table_spec

    two = table_spec(BATCH_EDGES ^ {("DONE", "DONE"), ("IDLE", "IDLE")}, b"two flip")
    with pytest.raises(ValueError, match="differs from the diagram in 2 pairs"):
        key("ch4-table-forbidden").facts_of({"harnesses": [two]})


def test_the_chapters_seed_is_not_the_tests():
    assert SEED != "" and hidden_seed(SEED, "ch4-table-forbidden") != \
        hidden_seed(SEED, "ch4-table-allowed")
