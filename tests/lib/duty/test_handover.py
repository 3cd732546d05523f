"""Chapter 5's handover: the person's answer resolved against the question and the board (an
id, or words of one card), what a run tells the person, and the state file it hands on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentloop.duty.board import load_board
from agentloop.duty.handover import (
    AnswerError,
    Saved,
    StateFileError,
    guard_reason,
    input_for,
    load_saved,
    resolve_answer,
    state_text,
)
from agentloop.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
BOARD = ROOT / "examples/my_agent/board"
CARDS = {card.id: card for card in load_board(BOARD).cards.values()}
PAIR = {"kind": "choose", "text": "Which one?", "query": "equipment",
        "candidates": ["task-003", "task-003-copy"]}
ONE = {"kind": "confirm", "text": "Is task-004 the one?", "query": "posters",
       "candidates": ["task-004"]}


@pytest.mark.parametrize(("answer", "question", "chosen"), [
    ("task-003", PAIR, "task-003"),
    ("TASK-003-copy", PAIR, "task-003-copy"),          # an id, whatever its case
    ("the one for the hall", PAIR, "task-003"),        # the seed's answer, in words
    ("Equipment for the hall, please", PAIR, "task-003"),
    ("the test benches", PAIR, "task-003-copy"),
    ("the bench one", PAIR, "task-003-copy"),          # bench and benches are one word
    ("the copy", PAIR, "task-003-copy"),               # a word of the id
    ("yes", ONE, "task-004"),                           # one card offered: a yes names it
    ("the posters", ONE, "task-004"),
    ("design", ONE, "task-004"),                       # its group
])
def test_an_answer_names_one_card(answer, question, chosen):
    assert resolve_answer(answer, question, CARDS) == chosen


@pytest.mark.parametrize(("answer", "question", "message"), [
    ("task-004", PAIR, "--answer 'task-004' is not one of the cards the question offered: "
                       "task-003, task-003-copy"),
    ("the lab one", PAIR, "--answer 'the lab one' does not tell the cards apart: 'lab' fits "
                          "every card the question offered"),
    ("equipment", PAIR, "'equipment' fits every card"),
    ("hall and benches", PAIR, "--answer 'hall and benches' still fits more than one card: "
                               "'hall' fits task-003 \"Equipment for the hall\" (lab); "
                               "'benches' fits task-003-copy \"Equipment for the test "
                               "benches\" (lab). Which one do you mean?"),
    ("the blue one", PAIR, "--answer 'the blue one' names none of the cards the question "
                           "offered (task-003 \"Equipment for the hall\" (lab); task-003-copy "
                           "\"Equipment for the test benches\" (lab))"),
    ("the one", PAIR, "names none of the cards"),       # only filler words
    ("no", ONE, "--answer 'no' names none of the cards the question offered (task-004 "
                "\"Print the open day posters\" (design))"),
])
def test_an_answer_that_does_not_settle_it_names_what_is_still_ambiguous(answer, question,
                                                                        message):
    with pytest.raises(AnswerError) as caught:
        resolve_answer(answer, question, CARDS)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_without_the_board_only_an_id_answers():
    assert resolve_answer("task-003", PAIR, None) == "task-003"
    with pytest.raises(AnswerError, match="the board cannot be read, so an answer in words "
                                          "cannot be matched to a card; answer with an id"):
        resolve_answer("the one for the hall", PAIR, None)


def test_the_old_entry_point_still_takes_an_id_and_a_new_query():
    """input_for without cards (as before) — the checks and older callers use it so."""
    saved = Saved(PAIR, None, "needs_input")
    run_input = input_for("g", "equipment", saved, "task-003", "s.json")
    assert (run_input.query, run_input.answer, run_input.chosen) == ("task-003", "task-003",
                                                                     "task-003")
    rephrase = Saved({"kind": "rephrase", "text": "Which task?", "query": "catering",
                      "candidates": []}, None, "needs_input")
    run_input = input_for("g", "catering", rephrase, "  the posters  ", "s.json", max_steps=4)
    assert (run_input.query, run_input.chosen, run_input.max_steps) == ("the posters", None, 4)
    with pytest.raises(AnswerError, match="--answer must be one line of 1 to 64 characters"):
        input_for("g", "q", saved, "x\udcfe", "s.json")


def test_a_guard_reason_drops_chapter_3s_hand_over():
    assert guard_reason("token budget passed (1118 > 1000) → to an employee") == \
        "token budget passed (1118 > 1000)"
    assert guard_reason("same action twice") == "same action twice"


def test_the_state_file_round_trips_with_the_chosen_card(tmp_path):
    path = tmp_path / "state.json"
    saved = Saved(PAIR, "the one for the hall", "success", "task-003")
    path.write_text(state_text(saved), encoding="utf-8")
    assert load_saved(path, "s.json") == saved
    assert json.loads(path.read_text(encoding="utf-8"))["chosen"] == "task-003"
    assert load_saved(tmp_path / "missing.json", "m.json") == Saved()


@pytest.mark.parametrize(("content", "message"), [
    ({"chosen": "../etc"}, "s.json: chosen must be a card id or null, got '../etc'"),
    ({"chosen": 3}, "s.json: chosen must be a card id or null, got 3"),
    ({"extra": 1}, "s.json: unknown field 'extra'"),
    ({"question": {**PAIR, "candidates": ["../x"]}},
     "s.json: question.candidates must be a list of card ids"),
    ({"stop": ["x"] * 40}, "s.json: stop must be one of success, needs_input, error, limit or "
                           "null, got ['x', 'x'"),
])
def test_a_bad_state_file_is_one_line_naming_the_field(tmp_path, content, message):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"format": "agentloop.duty.state/1", **content}),
                    encoding="utf-8")
    with pytest.raises(StateFileError) as caught:
        load_saved(path, "s.json")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("language", "said"), [
    ("ru", "s.json: chosen должен быть id карточки или null, а получено 3"),
    ("bg", "s.json: chosen трябва да е id на карта или null, а е 3"),
    ("fa", "s.json: chosen باید شناسهٔ کارت یا null باشد، اما 3 رسید"),
])
def test_a_bad_state_file_is_said_in_the_readers_language(tmp_path, language, said):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({"format": "agentloop.duty.state/1", "chosen": 3}),
                    encoding="utf-8")
    with speaking(language), pytest.raises(StateFileError) as caught:
        load_saved(path, "s.json")
    assert str(caught.value) == said
