"""report/failures.py: a cell's failures over a class, grouped by rule and reason, counting
students (not cases), with work left as released apart."""

from __future__ import annotations

from agentloop_grader.report.failures import (
    EVERY_CASE,
    FailureGroup,
    failed_cases,
    group_failures,
    group_plain,
    student_groups,
    unanswered,
    without_rule,
)

RULE_A, RULE_B = "a failure marked retryable: false → error at once", "failures > max → error"


def failure(case: str, rule: str, why: str = "expected 'error', got 'limit'") -> dict:
    return {"case": case, "rule": rule, "reason": f"{why} (rule: {rule})"}


def test_a_reason_loses_the_rule_it_repeats_only():
    assert without_rule(RULE_A, f"expected 'error' (rule: {RULE_A})") == "expected 'error'"
    assert without_rule(RULE_A, " expected 'error' ") == "expected 'error'"
    assert without_rule("", "x (rule: )") == "x (rule: )"


def test_a_cell_without_kept_failures_has_one_made_from_its_reason():
    assert failed_cases({"reason": "AssertionError: 3 != 4\nmore"}) == [
        {"case": "", "rule": "AssertionError: 3 != 4", "reason": "AssertionError: 3 != 4\nmore"}]
    assert failed_cases({"score": 0.5})[0]["reason"] == "partial credit"
    assert failed_cases({})[0]["reason"] == "no reason recorded"


def test_a_student_failing_every_case_one_way_is_one_group():
    ran = {"reason": "2/2 cases failed", "failures": [
        failure("c1", RULE_A, "raised NotImplementedError"),
        failure("c2", RULE_B, "raised NotImplementedError")]}
    assert student_groups(ran) == [(EVERY_CASE, "raised NotImplementedError", ["c1", "c2"], 2)]
    ran["reason"] = "2/3 cases failed"
    assert [g[0] for g in student_groups(ran)] == [RULE_A, RULE_B]


def test_groups_count_students_most_first_with_the_case_most_of_them_failed():
    ran = {
        "ada": {"failures": [failure("one", RULE_A), failure("two", RULE_A)]},
        "bob": {"failures": [failure("two", RULE_A), failure("x", RULE_B)]},
        "cy": {"failures": [failure("two", RULE_A)]},
    }
    groups = group_failures("ch1-decide-failure", ran)
    assert [(g.rule, g.students, g.cases, g.example_case) for g in groups] == [
        (RULE_A, ["ada", "bob", "cy"], 4, "two"), (RULE_B, ["bob"], 1, "x")]
    assert group_plain(groups[1]) == {"rule": RULE_B, "reason": "expected 'error', got "
                                      "'limit'", "students": 1, "cases": 1,
                                      "example_case": "x", "who": ["bob"]}


def test_a_test_cells_only_case_is_itself_so_no_example():
    ran = {"ada": {"failures": [{"case": "ps1-mean", "rule": "AssertionError", "reason": ""}]}}
    assert group_failures("ps1-mean", ran)[0].example_case == ""


def test_work_left_as_released_is_not_a_mistake():
    assert unanswered(FailureGroup("No response.", "", ["ada"], 1, ""))
    assert unanswered(FailureGroup(EVERY_CASE, "NotImplementedError", ["ada"], 3, ""))
    assert not unanswered(FailureGroup(RULE_A, "expected 'error'", ["ada"], 1, ""))
