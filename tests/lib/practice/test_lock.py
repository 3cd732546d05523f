"""The locks on the reference answers (agentloop.practice.lock) in the session's learner
release: a right answer opens every lock; a blank, a wrong, a table of the visible cases
and a half-right answer open none; the bundle holds the lock inputs, never their outputs,
and no line of any solution.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from agentloop_grader.answers import answer_key, references
from agentloop_grader.answers.ch1 import revised_rule
from learner_builds import learner_release

from agentloop.checks import get_check
from agentloop.checks.ch1 import PREDICTION_RUNS
from agentloop.checks.core import NoFacts
from agentloop.checks.student import pbkdf2_sha256
from agentloop.practice import bundle, lock

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))


@pytest.fixture(scope="module")
def exercises() -> dict[str, Any]:
    return bundle.decode((learner_release() / "solutions.bundle").read_text(encoding="utf-8"))


def locked(exercises: dict[str, Any]) -> list[str]:
    return sorted(e for e, entry in exercises.items() if entry["lock"]["kind"] == lock.BY_OUTPUTS)


def chapter_of(exercise_id: str) -> str:
    return exercise_id.split("-")[0]


def opens(exercise_id: str, entry: dict[str, Any], answers: dict[str, Any]) -> bool:
    def answer_for(chk: Any) -> Any:
        if chk.answer not in answers:
            raise LookupError(chk.answer)
        return answers[chk.answer]

    key = lock.try_open(exercise_id, entry, answer_for)
    return key is not None and lock.unseal(entry["sealed"], key) is not None


# --- the primitives ---------------------------------------------------------------------------

def test_the_key_derivation_in_python_is_hashlibs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's Pyodide has no hashlib.pbkdf2_hmac: the fallback gives the same bytes."""
    expected = hashlib.pbkdf2_hmac("sha256", b"outputs", b"salt", 1000)
    long_password = b"x" * 100  # longer than a SHA-256 block: hashed first, as HMAC does
    expected_long = hashlib.pbkdf2_hmac("sha256", long_password, b"salt", 3)
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")
    assert pbkdf2_sha256(b"outputs", b"salt", 1000) == expected
    assert pbkdf2_sha256(long_password, b"salt", 3) == expected_long


def test_a_sealed_text_opens_with_its_key_only() -> None:
    key = lock.derive_key([["error", "continue"]], "salt", 10)
    sealed = lock.seal("def decide(state):\n    return 'é'\n" * 20, key)
    assert "decide" not in sealed["text"]
    assert lock.unseal(sealed, key) == "def decide(state):\n    return 'é'\n" * 20
    assert lock.unseal(sealed, lock.derive_key([["error", "limit"]], "salt", 10)) is None
    assert lock.unseal(sealed, lock.derive_key([["error", "continue"]], "other", 10)) is None
    tampered = {**sealed, "text": sealed["text"][:-4] + ("AAAA" if sealed["text"][-4:] !=
                                                          "AAAA" else "BBBB")}
    assert lock.unseal(tampered, key) is None
    with pytest.raises(lock.LockError, match="unreadable"):
        lock.unseal({"text": "%%%", "tag": "00"}, key)


# --- every lock of the course ------------------------------------------------------------------

def test_the_course_has_locks_and_each_names_checks_of_its_exercise(exercises) -> None:
    assert {"ch1-decide-answer", "ch1-predict-answer"} <= set(locked(exercises))
    for exercise_id in locked(exercises):
        entry = exercises[exercise_id]
        parts = entry["lock"]["inputs"]
        assert parts and {p["check"] for p in parts} <= set(entry["checks"])
        assert all(p["inputs"] for p in parts)


def test_a_right_answer_opens_every_lock(exercises) -> None:
    for exercise_id in locked(exercises):
        assert opens(exercise_id, exercises[exercise_id], references(chapter_of(exercise_id))), \
            exercise_id


def test_a_blank_answer_opens_no_lock(exercises) -> None:
    def blank(*args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError()

    for exercise_id in locked(exercises):
        names = {get_check(p["check"]).answer for p in exercises[exercise_id]["lock"]["inputs"]}
        stubs = {name: blank for name in names}
        assert not opens(exercise_id, exercises[exercise_id], stubs), exercise_id
        assert not opens(exercise_id, exercises[exercise_id], {}), exercise_id  # undefined


def test_the_lock_inputs_are_not_cases_a_learner_has_the_facts_of(exercises) -> None:
    """The outputs that make a key are nowhere in the learner's edition: for a lock on
    hidden cases, its checks have no facts for those inputs (or, judged by rules, none at
    all); a value answer's lock uses the visible cases, whose facts are not shipped (only a
    salted digest of the table)."""
    for exercise_id in locked(exercises):
        for part in exercises[exercise_id]["lock"]["inputs"]:
            chk = get_check(part["check"])
            for value in part["inputs"]:
                try:
                    facts = chk.facts_of(value)
                except NoFacts:
                    continue
                assert facts is None, (exercise_id, part["check"], value)


def test_a_bundle_entry_holds_inputs_and_sealed_text_only(exercises) -> None:
    for exercise_id, entry in exercises.items():
        assert set(entry) == {"chapter", "answer", "kind", "checks", "lock", "sealed"}
        keys = {"kind", "salt", "iterations"} | ({"inputs"} if entry["lock"]["kind"] ==
                                                  lock.BY_OUTPUTS else set())
        assert set(entry["lock"]) == keys, exercise_id
        for part in entry["lock"].get("inputs", []):
            assert set(part) == {"check", "inputs"}
        assert set(entry["sealed"]) == {"text", "tag"}


def test_no_line_of_any_solution_is_in_the_bundle() -> None:
    """Each BEGIN SOLUTION region's lines, grepped as tools/build_site.py does."""
    import answer_leaks

    release = learner_release()
    needles = [n for n in answer_leaks.answer_texts(ROOT / "chapters", answer_leaks.public_text(
        ROOT / "chapters", release)) if ": solution" in n[0]]
    assert len([n for n in needles if n[2]]) >= 10, "no solution region to look for"
    text = (release / "solutions.bundle").read_text(encoding="utf-8")
    assert [what for what, needle, _ in needles if needle in text] == []


def test_an_exercise_judged_by_rules_alone_opens_for_anyone(exercises) -> None:
    entry = exercises["ch1-messages-answer"]
    assert entry["lock"]["kind"] == lock.OPEN
    key = lock.derive_key(lock.open_secret("ch1-messages-answer"), entry["lock"]["salt"],
                          entry["lock"]["iterations"])
    assert "def final_message" in lock.unseal(entry["sealed"], key)


# --- chapter 1: the wrong answers a learner tries ----------------------------------------------

def visible_table(check_ids: tuple[str, ...]) -> Any:
    """decide as a lookup table of the visible cases (their facts, as the learner's edition
    ships them), "continue" anywhere else."""
    import json

    table = {}
    for check_id in check_ids:
        chk = get_check(check_id)
        for case in chk.cases():
            table[json.dumps(case.input, sort_keys=True)] = chk.facts_of(case.input)[0]
    return lambda state: table.get(json.dumps(state, sort_keys=True), "continue")


def half_right_decide(state: dict[str, Any]) -> str:
    """The revised failure rules; the search rules of the chapter's first policy (one card
    listed twice counts twice)."""
    if not state["observation"]["ok"]:
        return revised_rule(state)[0]
    observation = state["observation"]
    if observation.get("search_complete", True):
        return "success" if len(observation["matches"]) == 1 else "needs_input"
    return "limit" if state["steps"] >= state["max_steps"] else "continue"


DECIDE_CHECKS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")


@pytest.mark.parametrize("answer", [
    lambda state: "continue",
    visible_table(DECIDE_CHECKS),
    half_right_decide,
], ids=["wrong", "table of the visible cases", "half right"])
def test_chapter_1s_decide_lock_opens_for_no_wrong_answer(exercises, answer) -> None:
    assert not opens("ch1-decide-answer", exercises["ch1-decide-answer"], {"decide": answer})


def test_the_table_of_the_visible_cases_passes_every_listed_case(exercises) -> None:
    from chapter_answers import graded

    table = visible_table(DECIDE_CHECKS)
    assert all(graded(c, table, hidden=False).passed for c in DECIDE_CHECKS)
    assert not opens("ch1-decide-answer", exercises["ch1-decide-answer"], {"decide": table})


def right_predictions() -> dict[str, Any]:
    return dict(references("ch1")["predictions"])


@pytest.mark.parametrize("name", ["wrong", "half right", "one wrong"])
def test_chapter_1s_prediction_lock_opens_for_no_wrong_table(exercises, name) -> None:
    right = right_predictions()
    if name == "wrong":
        answer = {q: ("error", 1) for q in PREDICTION_RUNS}
    elif name == "half right":
        answer = {q: (right[q] if number % 2 else ("limit", 2))
                  for number, q in enumerate(sorted(PREDICTION_RUNS))}
    else:
        first = sorted(PREDICTION_RUNS)[0]
        answer = {**right, first: ("success", 5) if right[first] != ("success", 5)
                  else ("error", 1)}
    assert answer != right
    assert not opens("ch1-predict-answer", exercises["ch1-predict-answer"],
                     {"predictions": answer})
    assert opens("ch1-predict-answer", exercises["ch1-predict-answer"], {"predictions": right})


def test_the_release_refuses_a_lock_whose_reference_fails_its_own_check(monkeypatch) -> None:
    import dataclasses

    from agentloop_grader import learner_release

    teacher = answer_key("ch1-decide-failure")
    broken = dataclasses.replace(teacher, reference=lambda state: "continue")
    monkeypatch.setattr("agentloop_grader.answers.answer_key",
                        lambda check_id: broken if check_id == teacher.id else None)
    with pytest.raises(learner_release.LearnerReleaseError, match="fails its own check"):
        learner_release.lock_inputs("ch1-decide-failure", 4)


def test_lock_input_counts_follow_the_teachers_locks(exercises) -> None:
    """A value answer's lock: all its visible cases; any other: up to the Lock's count of
    hidden cases drawn with the practice seed, each input once."""
    import json

    from agentloop_grader.answers import locks

    for exercise_id in locked(exercises):
        spec = locks(chapter_of(exercise_id))[exercise_id]
        for part in exercises[exercise_id]["lock"]["inputs"]:
            chk = get_check(part["check"])
            if chk.whole is not None:
                assert len(part["inputs"]) == len(chk.cases())
            else:
                assert 1 <= len(part["inputs"]) <= spec.inputs, (exercise_id, part["check"])
                texts = [json.dumps(value, sort_keys=True) for value in part["inputs"]]
                assert len(set(texts)) == len(texts)
    decide = exercises["ch1-decide-answer"]["lock"]["inputs"]
    assert [len(part["inputs"]) for part in decide] == [8, 8]
    assert re.fullmatch(r"[0-9a-f]{32}", exercises["ch1-decide-answer"]["lock"]["salt"])
