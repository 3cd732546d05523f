"""What a learner's edition of a check knows (agentloop.checks.student): its visible cases'
facts, shipped as data and looked up by a digest of the input; a value answer's table by a
salted, stretched digest; PBKDF2 computed by hand where hashlib has none (Pyodide)."""

from __future__ import annotations

import hashlib

import pytest

from agentloop.checks import get_check
from agentloop.checks.core import NoFacts
from agentloop.checks.student import input_key, pbkdf2_sha256, shipped, stretched


def test_an_inputs_key_is_its_canonical_json_digested():
    assert input_key({"b": 1, "a": [2]}) == input_key({"a": [2], "b": 1})
    assert input_key({"a": 1}) != input_key({"a": 1.5}) and len(input_key(None)) == 24


@pytest.mark.parametrize(("password", "salt", "iterations"), [
    (b"secret", b"salt", 1), (b"x" * 100, b"salt", 3), (b"", b"", 2)])
def test_pbkdf2_by_hand_is_hashlibs(password, salt, iterations, monkeypatch):
    expected = hashlib.pbkdf2_hmac("sha256", password, salt, iterations)
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")   # as in Pyodide
    assert pbkdf2_sha256(password, salt, iterations) == expected


def test_a_stretched_digest_is_salted_and_ignores_key_order():
    assert stretched("s", {"a": 1, "b": 2}) == stretched("s", {"b": 2, "a": 1})
    assert stretched("s", [1]) != stretched("t", [1])


def test_the_shipped_facts_are_those_of_the_visible_cases_only():
    chk = get_check("ch1-decide-failure")
    facts = shipped("ch1", chk.id)
    for case in chk.cases():
        assert facts(case.input) == chk.facts_of(case.input)
    with pytest.raises(NoFacts, match="not one of the check's visible cases"):
        facts({"not": "a visible case"})
