"""Chapter 4's checks, the learner's edition (agentloop/checks/ch4.py): what `check(...)`
prints in a notebook on the visible cases, with their facts shipped as data; the probes,
which run the learner's object inside the library's harness and return the same plain facts
for every right answer; and no reference, hidden case or seed anywhere in it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from agentloop_grader.answers.ch4 import REFERENCE

from agentloop.checks import ch4, check, get_check, run_check
from agentloop.checks.ch4 import (
    CHECKS,
    PAIRS,
    SELF_CHECKS,
    VISIBLE_HARNESSES,
    harness_validate,
    legal_pairs,
    log_digest,
    table_spec,
)
from agentloop.checks.core import NoFacts
from agentloop.checks.student import facts_file, input_key
from agentloop.harness import STATES, TRANSITIONS, IllegalTransition, validate_transition

ROOT = Path(__file__).resolve().parents[3]
BY_ID = {chk.id: chk for chk in CHECKS}
LIBRARY_TABLE = frozenset((str(s), str(t)) for s in TRANSITIONS for t in TRANSITIONS[s])
TEACHERS_NAMES = ("is_dangerous", "block_rm_rf", "StepFigures", "finish_session", "run_table",
                  "TRANSITION_ROWS", "BATCH_EDGES", "random_session_events", "REFERENCE")


def blank(*args, **kwargs):
    raise NotImplementedError()


def test_the_learners_edition_holds_no_reference_hidden_case_or_seed():
    for chk in CHECKS:
        assert chk.reference is None and not chk.has_hidden, chk.id
        with pytest.raises(ValueError, match="need a seed"):
            chk.all_cases(hidden=True)
    assert not any(hasattr(ch4, name) for name in TEACHERS_NAMES)


def test_no_check_needs_a_library_module_kept_out_of_the_sandbox():
    """Every exercise is a variant the library does not contain (see the module's text)."""
    assert all(chk.answered_by == () for chk in CHECKS)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_visible_case_on_the_shipped_facts(chk):
    assert run_check(chk, REFERENCE[chk.answer]).passed


def test_the_shipped_facts_are_those_of_the_visible_cases_and_up_to_date():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_check_facts

    shipped = facts_file("ch4")
    assert shipped == json.loads(build_check_facts.render(build_check_facts.chapter_facts("ch4")))
    for chk in CHECKS:
        keys = [case["key"] for case in shipped["checks"][chk.id]["cases"]]
        assert keys == [input_key(case.input) for case in chk.cases()], chk.id


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_edition_knows_the_facts_of_its_visible_cases_only(chk):
    for case in chk.cases():
        chk.facts(case.input)
    with pytest.raises(NoFacts, match="not one of the check's visible cases"):
        chk.facts({"not": "a visible case"})


# --- what check() says ------------------------------------------------------------------------

def test_a_blank_hook_is_told_it_is_not_written(capsys, monkeypatch):
    """The stub, untouched: one calm line, not a ✘ a case."""
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch4-guard-flags", blank)
    out = capsys.readouterr().out
    assert out == "ch4-guard-flags: not answered yet — write `block_rm_rf` above\n"
    report = run_check(BY_ID["ch4-guard-flags"], blank)
    assert "the hook is not written yet" in report.results[0].reason  # what the grader says


def test_under_nbgrader_a_failure_raises(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch4-finish-turns", lambda harness, stop: stop)


def test_a_hook_that_returns_false_is_told_to_raise():
    def returns_false(payload):
        return False if "rm -rf" in payload["args"].get("command", "") else None

    report = run_check(BY_ID["ch4-guard-flags"], returns_false)
    assert "the hook returned bool; a hook blocks by raising" in report.results[0].reason


def test_a_subscriber_that_does_not_split_errors_is_told_which_count_is_wrong():
    class AllFailed:
        def __init__(self):
            self.counts = {"steps": 0, "tool_calls": 0, "blocked": 0, "failed": 0}

        def __call__(self, event):
            key = {"step.end": "steps", "tool.call": "tool_calls", "tool.error": "failed"}
            if event.type in key:
                self.counts[key[event.type]] += 1

        def figures(self):
            return dict(self.counts, per_step=[])

    report = run_check(BY_ID["ch4-figures-totals"], AllFailed)
    reasons = {r.label: r.reason for r in report.results if not r.passed}
    assert reasons == {"the demo with every rm refused by a before_tool_call hook, one replan":
                       "blocked: expected 2, got 0"}


def test_a_finisher_that_never_closes_is_told_to_close():
    def never_closes(harness, stop):
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume(harness.call_tool(stop.request))
            else:
                harness.extend_budget(**{stop.pause["limit"]: ch4.EXTENSION[stop.pause["limit"]]})
                stop = harness.resume()
        return stop

    report = run_check(BY_ID["ch4-finish-turns"], never_closes)
    failed = [r for r in report.results if not r.passed]
    assert [r.label for r in failed] == ["max_turns=0: turns run out a third time → close"]
    assert "turns had been extended 2 times already; close the session" in failed[0].reason


def test_a_test_of_this_chapters_own_table_fails_the_real_batch_harness():
    def library_rows(validate):
        for source in STATES:
            for target in STATES:
                try:
                    validate(source, target)
                    allowed = True
                except IllegalTransition:
                    allowed = False
                assert allowed == (target in TRANSITIONS[source])
        return 36

    report = run_check(BY_ID["ch4-table-forbidden"], library_rows)
    assert not report.passed
    assert "the real harness (harness 1 of 1) failed your test" in report.results[0].reason


# --- the probes ---------------------------------------------------------------------------------

def test_a_harness_built_from_a_spec_behaves_like_the_library_on_the_librarys_table():
    validate = harness_validate(table_spec(LIBRARY_TABLE, b"any key!"))
    for source in STATES:
        for target in STATES:
            try:
                validate_transition(source, target)
                expected = None
            except IllegalTransition as error:
                expected = (error.source, error.target, set(error.allowed))
            try:
                validate(str(source), target)
                got = None
            except IllegalTransition as error:
                got = (error.source, error.target, set(error.allowed))
                assert f"from {source} the allowed targets are" in str(error)
            assert got == expected, (source, target)


def test_table_specs_of_one_table_look_alike_only_in_what_they_decode_to():
    one, two = table_spec(LIBRARY_TABLE, b"key one!"), table_spec(LIBRARY_TABLE, b"key two!")
    assert one != two and legal_pairs(one) == legal_pairs(two) == LIBRARY_TABLE
    assert len(PAIRS) == 36 and len(VISIBLE_HARNESSES) == 5
    assert len({spec["mask"] for spec in VISIBLE_HARNESSES.values()}) == 5


def test_every_right_hook_gives_the_same_facts_whatever_it_raises():
    """What a lock needs: the probe's output does not depend on how a right answer blocks."""
    def raises_value_error(payload):
        try:
            REFERENCE["block_rm_rf"](payload)
        except PermissionError:
            raise ValueError("no") from None

    for check_id in ("ch4-guard-flags", "ch4-guard-commands"):
        for case in BY_ID[check_id].cases():
            assert ch4._probe_hook(raises_value_error, case.input) == \
                ch4._probe_hook(REFERENCE["block_rm_rf"], case.input)


def test_the_closing_reason_and_the_type_of_ten_seconds_change_no_fact():
    def other_words(harness, stop):
        used = dict.fromkeys(ch4.EXTENSION, 0)
        while stop.kind != "done":
            if stop.kind == "tool_call":
                stop = harness.resume(harness.call_tool(stop.request))
                continue
            limit = stop.pause["limit"]
            if used[limit] == 2:
                return harness.close("a person should look at this one")
            used[limit] += 1
            harness.extend_budget(**{limit: {"seconds": 10.0}.get(limit, 1)})
            stop = harness.resume()
        return stop

    for check_id in ("ch4-finish-turns", "ch4-finish-any-limit"):
        for case in BY_ID[check_id].cases():
            assert ch4._probe_finish(other_words, case.input) == \
                ch4._probe_finish(REFERENCE["finish_session"], case.input)


def test_the_log_digest_leaves_out_the_closing_reason_only():
    events = [{"offset": 0, "type": "session.complete", "at": 1.0,
               "data": {"outcome": "closed", "detail": "why"}}]
    other = [dict(events[0], data={"outcome": "closed", "detail": "another reason"})]
    later = [dict(events[0], at=2.0)]
    assert log_digest(events) == log_digest(other) != log_digest(later)


def test_a_loop_that_never_finishes_is_cut_even_if_it_catches_exceptions():
    def extend_nothing(harness, stop):
        while stop.kind != "done":
            try:
                stop = harness.resume(harness.call_tool(stop.request)) \
                    if stop.kind == "tool_call" else harness.resume()
            except Exception:  # the cut is not an Exception: it is not swallowed here
                pass
        return stop

    output = ch4._probe_finish(extend_nothing, {"max_turns": 1, "max_tool_calls": 10,
                                                "max_seconds": 60.0, "tick": 1.0})
    assert output["extensions"] == [] and output["state"] == "IDLE"
    assert output["events"] < 4 * ch4.MAX_RESUMES
    assert not run_check(BY_ID["ch4-finish-turns"], extend_nothing).passed


def test_the_self_check_is_the_rows_check_only():
    """The rows are the answer: the learner's edition ships only a digest of the right
    table, so a wrong table is told wrong as a whole, never which rows."""
    assert SELF_CHECKS == (BY_ID["ch4-table-rows"],)
    rows = [(s, t, (s, t) in LIBRARY_TABLE) for s, t in PAIRS]  # this chapter's own table
    report = run_check(get_check("ch4-table-rows"), rows)
    assert all(r.passed for r in report.results) and not report.passed
    assert "does not allow exactly the moves of Figure 2" in report.overall
    from agentloop_grader.answers.ch4 import TRANSITION_ROWS

    shuffled = list(reversed(TRANSITION_ROWS))  # any order of the right rows is right
    assert run_check(get_check("ch4-table-rows"), shuffled).passed
    from agentloop.checks.student import facts_file

    shipped = facts_file("ch4")["checks"]["ch4-table-rows"]
    assert all(case["facts"] is None for case in shipped["cases"])
