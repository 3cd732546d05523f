"""Keeping the library's own answer out of reach while a check runs (agentloop.checks.withhold):
inside the block every place that binds it — its module, the answer's globals — holds a stub
that raises, an answer that is the library's is refused at once, and afterwards all is as it
was."""

from __future__ import annotations

import pytest

import agentloop.loop
from agentloop.checks.withhold import Withheld, library_objects, withheld
from agentloop.loop import decide as library_decide

decide = library_decide   # this module's globals bind it too, as a learner's notebook would


def answer_that_calls_the_library(state):
    return decide(state)


def test_the_library_modules_functions_and_classes_are_found():
    found = library_objects(["agentloop.loop"])
    assert library_decide in found
    assert all(getattr(obj, "__module__", None) == "agentloop.loop" for obj in found)


def test_inside_the_block_the_library_answer_raises_everywhere_it_is_bound():
    with withheld(answer_that_calls_the_library, [library_decide]):
        with pytest.raises(Withheld, match="decide is the library's own answer"):
            answer_that_calls_the_library({})
        with pytest.raises(Withheld):
            agentloop.loop.decide({})
    assert agentloop.loop.decide is library_decide and decide is library_decide


def test_an_answer_that_is_the_librarys_is_refused_at_once():
    with pytest.raises(Withheld, match="write your own"):
        with withheld(library_decide, [library_decide]):
            pass


def test_nothing_to_withhold_changes_nothing():
    with withheld(answer_that_calls_the_library, []):
        assert agentloop.loop.decide is library_decide
