"""The check machinery every chapter shares: plain data only, and the two halves."""

from __future__ import annotations

import enum
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agentloop.checks.core import (
    Case,
    Check,
    HintSteps,
    NotPlainData,
    collect,
    judge,
    run_check,
    to_plain,
)

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                 max_size=3),
    max_leaves=20,
)


@given(plain)
def test_plain_data_round_trips(value):
    assert to_plain(value) == value


@pytest.mark.parametrize(
    "value",
    [object(), {1: "a"}, math.nan, math.inf, {"a": {1, 2}}, b"bytes",
     type("S", (str,), {})("x"), type("D", (dict,), {})(), type("I", (int,), {})(3)],
    # object()'s repr holds an address, and every worker of a parallel run must name it alike
    ids=lambda value: "object()" if type(value) is object else repr(value),
)
def test_anything_else_is_refused(value):
    with pytest.raises(NotPlainData):
        to_plain(value)


def test_a_named_constant_is_its_exact_value_as_a_value_and_as_a_key():
    """The library's vocabulary (StrEnum members such as the terminals) is plain data: a
    member becomes its value, an exact str, wherever it stands, so an answer may return
    `{Decision.SUCCESS: 2}` as well as `{"success": 2}`."""
    from agentloop.terminals import Decision

    plain = to_plain({Decision.SUCCESS: [Decision.LIMIT], "n": 1})
    assert plain == {"success": ["limit"], "n": 1}
    assert all(type(key) is str for key in plain) and type(plain["success"][0]) is str
    with pytest.raises(NotPlainData, match="key of type"):
        to_plain({enum.IntEnum("N", "ONE").ONE: 1})  # keys are str, an int enum's too


def test_tuples_become_lists_and_size_is_bounded():
    assert to_plain((1, (2,))) == [1, [2]]
    with pytest.raises(NotPlainData, match="too large"):
        to_plain(list(range(20_000)))
    deep: list = []
    for _ in range(30):
        deep = [deep]
    with pytest.raises(NotPlainData, match="nested"):
        to_plain(deep)
    with pytest.raises(NotPlainData, match="characters"):
        to_plain("x" * 50_000)


DOUBLE = Check(
    id="t-double", answer="f", title="doubles", probe=lambda f, x: f(x),
    verify=lambda x, out: None if out == 2 * x else f"expected {2 * x}, got {out!r}",
    cases=lambda: [Case(1, "one"), Case(2, "two")],
)


def test_collect_records_values_and_exceptions():
    cases = DOUBLE.cases()
    assert collect(DOUBLE, lambda x: 2 * x, cases) == [{"value": 2}, {"value": 4}]
    outputs = collect(DOUBLE, lambda x: 1 / 0, cases)
    assert outputs[0] == {"raised": "ZeroDivisionError: division by zero"}


def test_judge_refuses_malformed_outputs():
    cases = DOUBLE.cases()
    assert judge(DOUBLE, cases, "garbage").problem
    report = judge(DOUBLE, cases, [{"value": 2}, {"nope": 1}])
    assert [r.passed for r in report.results] == [True, False]
    report = judge(DOUBLE, cases, [{"value": 2}, {"raised": 5}])
    assert report.results[1].reason == "raised an exception"
    assert not judge(DOUBLE, cases, []).passed


def test_a_verify_that_trips_on_a_bad_shape_fails_the_case_only():
    chk = Check(id="t-x", answer="f", title="t", probe=lambda f, x: f(x),
                verify=lambda x, out: None if out["k"] == 1 else "no",
                cases=lambda: [Case(1, "one")])
    report = judge(chk, chk.cases(), [{"value": [1]}])
    assert "wrong shape" in report.results[0].reason


def chapter_keys() -> list[Check]:
    """The teacher's edition of every check of every chapter (agentloop.checks.chN and its
    agentloop_grader.answers.chN), so new chapters join."""
    import importlib
    import pkgutil

    from agentloop_grader.answers import chapter_keys as keys_of

    import agentloop.checks

    chapters = [m.name for m in pkgutil.iter_modules(agentloop.checks.__path__)
                if m.name.startswith("ch") and m.name[2:].isdigit()]
    for chapter in chapters:
        importlib.import_module(f"agentloop.checks.{chapter}")
    return [chk for chapter in chapters for chk in keys_of(chapter).values()]


@pytest.mark.parametrize("chk", chapter_keys(), ids=lambda c: c.id)
def test_reference_answers_pass_visible_and_hidden(chk):
    from chapter_answers import SEED

    from agentloop.checks import hidden_seed

    assert chk.reference is not None, f"{chk.id} declares no reference answer"
    for hidden in (False, True):
        report = run_check(chk, chk.reference, hidden=hidden,
                           seed=hidden_seed(SEED, chk.id) if hidden else None)
        assert report.passed, report.text()


def test_facts_are_computed_once_per_case_and_each_output_judged_once():
    """A class is judged on the same case objects, with one verdict cache as the grader
    keeps it: the reference's facts are worked out once a case (the teacher's edition
    remembers them), an output every right answer shares is judged once, and a judge that
    changes what it is given cannot change a later verdict."""
    from agentloop_grader.answers import key

    facts_calls, judge_calls = [], []

    def facts(value):
        facts_calls.append(value["n"])
        return value["n"] * 2

    def judge_fn(value, want, output):
        judge_calls.append(output)
        output.append("changed by the judge")  # a careless judge
        value["n"] = -1
        return None if output[0] == want else f"expected {want}"

    learner = Check(id="t-cache", answer="f", title="f", cases=lambda: [Case({"n": 2}, "two")],
                    judge=judge_fn)
    chk = key(learner, facts=facts)
    cases = chk.all_cases()
    verdicts: dict = {}
    for _ in range(5):  # five students with the right answer
        assert judge(chk, cases, [{"value": [4]}], verdicts).passed
    assert not judge(chk, cases, [{"value": [5]}], verdicts).passed
    assert judge(chk, cases, [{"value": [4]}], verdicts).passed
    assert facts_calls == [2] and len(judge_calls) == 2
    assert cases[0].input == {"n": 2}  # the case itself was never handed to the judge


def test_a_class_shares_its_verdicts_by_case_and_output():
    """The grader's cache (judge(..., verdicts)): an output equal to one already judged on
    that case gets the kept reason; another output (1.0 is not 1 there, though the check
    may accept both), or the same output on another case, is judged afresh."""
    seen = []

    def reference(value):
        return value

    chk = Check(id="t-class", answer="f", title="f", reference=reference,
                cases=lambda: [Case(1, "one"), Case(2, "two")])
    cases = chk.all_cases()
    original = chk.judge_one
    object.__setattr__(chk, "judge_one", lambda v, o: seen.append((v, o)) or original(v, o))
    verdicts: dict = {}
    right = [{"value": 1}, {"value": 2}]
    for _ in range(4):
        assert judge(chk, cases, right, verdicts).passed
    assert seen == [(1, 1), (2, 2)]
    assert judge(chk, cases, [{"value": 1.0}, {"value": 2}], verdicts).passed
    assert seen[2:] == [(1, 1.0)]
    assert not judge(chk, cases, [{"value": "1"}, {"value": 2}], verdicts).passed
    assert not judge(chk, cases, [{"value": "1"}, {"value": 2}], verdicts).passed
    assert seen[3:] == [(1, "1")]
    assert not judge(chk, cases, [{"value": 2}, {"value": 1}], verdicts).passed
    assert seen[4:] == [(1, 2), (2, 1)]
    assert judge(chk, cases, right, verdicts).passed and len(seen) == 6


# --- the report a check cell shows ------------------------------------------------------------

RULED = Check(
    id="t-ruled", answer="f", title="parity", probe=lambda f, x: f(x),
    verify=lambda x, out: None if out == x % 2 else "zero is even too" if x == 0 else
    f"expected {x % 2}, got {out!r} (rule: {'odd' if x % 2 else 'even'})",
    cases=lambda: [Case(1, "one", rule="odd"), Case(3, "three", rule="odd"),
                   Case(2, "two", rule="even"), Case(4, "four", rule="even"),
                   Case(0, "zero")],
    hint="the remainder of a division by 2",
)


def test_a_report_groups_the_cases_by_rule_and_names_each_failing_case_once():
    report = run_check(RULED, lambda x: 1)
    assert report.text() == (
        "t-ruled: parity\n"
        "  ✔ odd\n"
        "  ✘ even\n"
        "      two: expected 0, got 1\n"   # the rule is said once, above its cases
        "      four: expected 0, got 1\n"
        "  ✘ zero: zero is even too\n"  # a case without a rule: a line of its own
        "  hint: the remainder of a division by 2\n"
        "  2/5 cases passed: not yet")
    assert "✔" not in report.text(show_labels=False)  # the grader's report: failures only


def test_one_error_on_every_case_of_several_rules_is_said_once():
    report = run_check(RULED, lambda x: 1 / 0)
    text = report.text()  # not a line a case
    assert text.count("ZeroDivisionError") == 1
    assert "  ✘ odd\n  ✘ even\n  ✘ zero\n  ✘ 5 cases fail the same way: raised " \
           "ZeroDivisionError: division by zero\n" in text


def test_the_hint_steps_opened_are_listed_with_how_many_are_left():
    report = run_check(RULED, lambda x: 1)
    steps = ("first", "second", "nudge")
    text = report.text(steps=HintSteps(steps[:1], 3))
    assert "  hint 1 of 3: first\n  2/5 cases passed: not yet\n  2 more hints: press Hint" \
        in text
    assert "hint: " not in text  # the steps replace the one-line hint
    assert text.endswith("2 more hints: press Hint")
    assert report.text(steps=HintSteps(steps[:2], 3)).endswith("1 more hint: press Hint")
    last = report.text(steps=HintSteps(steps, 3))
    assert "hint 3 of 3: nudge" in last and last.endswith("no hints left: the last one is a "
                                                          "nudge, not the answer")
    passed = run_check(RULED, lambda x: x % 2).text(steps=HintSteps(steps[:1], 3))
    assert "hint" not in passed and passed.endswith("5/5 cases passed: all passed")
