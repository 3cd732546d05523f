"""What a written message claims (agentloop.checks.claims): "found" and "every card checked"
read with their negations, on text made plain first so a quoted id or error cannot trip a
rule."""

from __future__ import annotations

import pytest

from agentloop.checks.claims import SUCCESS_WORDS, claims_all_checked, plain_text, says_found


def test_plain_text_is_lower_case_with_straight_apostrophes_and_pieces_blanked():
    assert plain_text("Didn’t READ task-003: Timeout", ["task-003", "Timeout"]) == \
        "didn't read  :  "
    assert plain_text("ab", ["a", "ab"]) == " "   # the longest piece first


@pytest.mark.parametrize(("text", "found"), [
    ("i found it: the card is the one.", True),
    ("no card was found.", False),
    ("i found nothing that matches.", False),
    ("nothing found, but later i found the card.", True),
    ("i could not read the cards, so it was never found.", False),
])
def test_found_is_a_claim_unless_negated(text, found):
    assert says_found(text) is found


@pytest.mark.parametrize(("text", "claimed"), [
    ("all cards were checked.", True),
    ("every card read, one match.", True),
    ("not all cards were checked.", False),
    ("all of them not checked", False),
    ("i ran out of steps before every card was read.", False),
])
def test_every_card_checked_is_a_claim_unless_negated(text, claimed):
    assert claims_all_checked(text) is claimed


def test_success_words_are_whole_words():
    assert SUCCESS_WORDS.search("the search is complete") is not None
    assert SUCCESS_WORDS.search("undone") is None
