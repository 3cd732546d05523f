"""The teacher's edition of the checks (agentloop_grader.answers): a learner's check completed
with its reference, the facts of any input (computed once per case object) and its hidden
cases; looked up by id; each exercise's Lock."""

from __future__ import annotations

import pytest
from agentloop_grader.answers import (
    Lock,
    answer_key,
    chapter_keys,
    chapter_of,
    key,
    locks,
    references,
    remembered,
)

from agentloop.checks import get_check


def test_the_teachers_check_is_the_learners_with_what_only_the_grader_holds():
    learner = get_check("ch1-decide-failure")
    teacher = answer_key("ch1-decide-failure")
    assert teacher is not None and teacher.id == learner.id and teacher.answer == learner.answer
    assert learner.reference is None and teacher.reference is not None
    assert teacher.whole is None
    assert answer_key("ps-mean") is None and answer_key("ch99-x") is None


def test_key_fills_the_reference_the_facts_and_the_hidden_cases():
    learner = get_check("ch1-decide-failure")
    made = key(learner, reference="ref", facts=lambda value: ["fact"], hidden=lambda rng: [])
    assert made.reference == "ref" and made.facts({"a": 1}) == ["fact"]
    assert made.hidden(None) == [] and made.whole is None and made.id == learner.id


def test_facts_are_computed_once_per_case_object_on_a_copy():
    calls = []

    def facts(value):
        calls.append(value)
        value["seen"] = True   # a reference that changes its input changes only a copy
        return len(calls)

    cached = remembered(facts)
    case, other = {"x": 1}, {"x": 1}
    assert (cached(case), cached(case), cached(other)) == (1, 1, 2)
    assert case == {"x": 1} and cached.__name__ == "facts"


def test_a_chapter_is_found_by_its_check_ids_prefix():
    assert chapter_of("ch3-guard-repeat") == "ch3" and chapter_of("ps-mean") is None
    keys = chapter_keys("ch1")
    assert "ch1-decide-failure" in keys and chapter_keys("ch99") == {}
    assert "decide" in references("ch1")


def test_a_lock_needs_a_check_and_1_to_50_inputs():
    assert locks("ch1")["ch1-decide-answer"].checks
    assert locks("ch99") == {}
    for bad in ({"checks": ()}, {"checks": ("c",), "inputs": 0},
                {"checks": ("c",), "inputs": 51}):
        with pytest.raises(ValueError, match="a Lock needs at least one check and 1 to 50"):
            Lock(**bad)
