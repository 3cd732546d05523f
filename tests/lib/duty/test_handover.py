"""Chapter 5's handover: the person's answer resolved against the question and the board (an
id, or words of one card), what a run tells the person, and the state file it hands on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentloop.duty.board import load_board
from agentloop.duty.board_tools import DRAFT_SUMMARY, READ_TASK_CARDS, VALIDATE_TASK_CARD
from agentloop.duty.handover import (
    CHOOSE,
    COMPLETE,
    CONFIRM,
    FIX,
    REPHRASE,
    AnswerError,
    Saved,
    StateFileError,
    guard_reason,
    input_for,
    load_saved,
    message_for,
    question_for,
    resolve_answer,
    state_text,
)
from agentloop.duty.officer import (
    ERROR,
    LIMIT,
    NEEDS_INPUT,
    SIMILAR_IDS,
    SUCCESS,
    Run,
    RunInput,
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


# --- what the person is told: one run of every kind of message, by hand ---------------------

def _run(terminal: str, failure: str | None = None, **state: object) -> Run:
    """A finished run whose state holds what message_for reads (the rest as a fresh run's)."""
    base = {"query": "equipment", "unreadable": [], "action": READ_TASK_CARDS,
            "observation": {"ok": True}, "draft": None, "matches": [], "chosen": None,
            "scanned": 14, "titles": {}, "ask_when": [], "pages": [1, 2, 3], "page_count": 3,
            "total": 14, "max_retries": 1, "objection": None, "steps": 3, "max_steps": 5,
            "search_complete": True}
    return Run(RunInput("Tell Anya", "equipment"), [], terminal, {**base, **state}, [],
               failure)


UNREAD = [{"file": "task-012.md", "reason": "not a regular file"}]
MANY_UNREAD = [{"file": f"task-01{n}.md", "reason": "not a regular file"} for n in range(5)]
TITLES = {"task-003": "Equipment for the hall", "task-003-copy": "Equipment for the test benches"}
DRAFT = {"cards": ["task-004"], "summary": "## task-004 — Print the posters\n"
                                           "- title: Print the posters\n",
         "headline": 'task-004 "Print the posters" (design) — todo, blocked by nothing',
         "contract": {"ok": True, "missing": []}}
HEADLINES = ('task-004 "Print the posters" (design) — todo, blocked by nothing; task-003 '
             '"Equipment for the hall" (lab) — blocked, blocked by task-002, task-009')
# every branch of message_for: (name, run, its English message exactly as before)
MESSAGES = [
    ("success", _run(SUCCESS, draft={**DRAFT, "headline": HEADLINES}), HEADLINES),
    ("choose: a similar id", _run(NEEDS_INPUT, matches=["task-003"],
                                  ask_when=[SIMILAR_IDS], titles=TITLES),
     "I found task-003 \"Equipment for the hall\" for 'equipment', but task-003-copy "
     "\"Equipment for the test benches\" has a similar id. Which one do you mean?"),
    ("choose: titled", _run(NEEDS_INPUT, matches=["task-003", "task-003-copy"], titles=TITLES),
     "I found two cards for 'equipment' — task-003 \"Equipment for the hall\" and "
     "task-003-copy \"Equipment for the test benches\". Which one do you mean?"),
    ("choose: two similar ids", _run(NEEDS_INPUT, matches=["task-003", "task-003-copy"]),
     "I found two cards with a similar id — task-003 and task-003-copy. Which one do you "
     "mean?"),
    ("choose: several", _run(NEEDS_INPUT, query="lab", matches=["task-002", "task-007",
                                                                "task-010"]),
     "I found three cards that match 'lab' — task-002, task-007 and task-010. Which one do "
     "you mean?"),
    ("confirm", _run(NEEDS_INPUT, query="posters", action=DRAFT_SUMMARY, draft=DRAFT,
                     unreadable=UNREAD),
     "I found task-004 \"Print the posters\" for 'posters' and drafted the summary, but "
     "task-012.md could not be read, so it might match as well. Is task-004 the card you "
     "mean? Answer with its id or words from its title, or fix task-012.md and run me again."),
    ("confirm: many unread", _run(NEEDS_INPUT, query="posters", action=DRAFT_SUMMARY,
                                  draft=DRAFT, unreadable=MANY_UNREAD),
     "I found task-004 \"Print the posters\" for 'posters' and drafted the summary, but 5 "
     "card files (task-010.md, task-011.md, task-012.md, task-013.md and task-014.md) could "
     "not be read, so one of them might match as well. Is task-004 the card you mean? Answer "
     "with its id or words from its title, or fix them and run me again."),
    ("complete", _run(NEEDS_INPUT, action=DRAFT_SUMMARY, draft={
        **DRAFT, "contract": {"ok": False, "missing": ["task-004: status"]}}),
     "The summary does not meet the contract: it lacks task-004: status. Add that to the card "
     "and run me again, or tell me which card you mean."),
    ("fix: a broken card", _run(NEEDS_INPUT, action=VALIDATE_TASK_CARD, observation={
        "ok": True, "card": "task-007", "file": "task-007.md", "valid": False,
        "problems": ["unknown field 'owner'; a card has id, title and notes",
                     "the title is empty"]}),
     "The card task-007 (task-007.md) cannot be confirmed: unknown field 'owner'; a card has "
     "id, title and notes; the title is empty. Fix the card and run me again, or tell me "
     "which card you mean."),
    ("rephrase: the chosen card is gone", _run(NEEDS_INPUT, chosen="task-003",
                                               matches=["task-004"]),
     "The card you chose, task-003, does not match 'equipment' on the board any more. Which "
     "task do you mean?"),
    ("nothing found", _run(NEEDS_INPUT, query="catering. Or not?"),
     "I searched the whole board and no card matches 'catering. Or not?'. Which task do you "
     "mean?"),
    ("nothing found: unreadable cards", _run(NEEDS_INPUT, query="catering", unreadable=UNREAD),
     "No card I could read matches 'catering', but task-012.md could not be read, so I cannot "
     "say that none does. Fix task-012.md and run me again, or tell me which task you mean."),
    ("nothing found: many unreadable", _run(NEEDS_INPUT, query="catering",
                                            unreadable=MANY_UNREAD),
     "No card I could read matches 'catering', but 5 card files (task-010.md, task-011.md, "
     "task-012.md, task-013.md and task-014.md) could not be read, so I cannot say that none "
     "does. Fix them and run me again, or tell me which task you mean."),
    ("fix: no card readable", _run(NEEDS_INPUT, unreadable=UNREAD, scanned=1),
     "I could not read any of the 1 card file of the board (task-012.md), so nothing was "
     "searched for 'equipment'. Fix task-012.md and run me again."),
    ("fix: no cards readable", _run(NEEDS_INPUT, unreadable=MANY_UNREAD[:2], scanned=2),
     "I could not read any of the 2 card files of the board (task-010.md and task-011.md), so "
     "nothing was searched for 'equipment'. Fix them and run me again."),
    ("error: the model failed", _run(ERROR, "the model failed: the reply had no tool_use"),
     "The model failed: the reply had no tool_use. No answer was confirmed."),
    ("error: refused", _run(ERROR, observation={
        "ok": False, "refused": "unknown_tool",
        "error": "proposal rejected (unknown_tool): no tool named rm; registered: "
                 "read_task_cards"}, pages=[1], total=1, page_count=1, scanned=1),
     "The proposed actions were refused, even after a retry — proposal rejected "
     "(unknown_tool): no tool named rm; registered: read_task_cards. No answer was confirmed; "
     "1 of 1 page was read (1 of 1 card file)."),
    ("error: the board unread", _run(ERROR, pages=[], max_retries=0, observation={
        "ok": False, "error": "Error: the board folder my_agent/archive was not found"}),
     "I could not read the task cards — Error: the board folder my_agent/archive was not "
     "found. Nothing was checked."),
    ("error: a tool failed", _run(ERROR, action=VALIDATE_TASK_CARD, pages=[1, 2], observation={
        "ok": False, "error": "Error: the board did not answer in time (an injected fault: "
                              "tool call 3 is in agent.json's faults)"}),
     "I could not carry out validate_task_card, even after a retry — Error: the board did not "
     "answer in time (an injected fault: tool call 3 is in agent.json's faults). No answer was "
     "confirmed; 2 of 3 pages were read (14 of 14 card files)."),
    ("guard refusal", _run(LIMIT, objection="same action twice → to an employee", steps=4),
     "A guard stopped step 4 before it ran — same action twice. The search is complete, but "
     "no answer was confirmed."),
    ("guard refusal: tokens", _run(LIMIT, objection="token budget passed (1093 > 1000) → to "
                                                    "an employee", pages=[1],
                                   search_complete=False, scanned=5),
     "A guard stopped step 3 before it ran — token budget passed (1093 > 1000). Not all cards "
     "were checked — 1 of 3 pages was read (5 of 14 card files)."),
    ("limit: the harness budget", _run(LIMIT, "the harness budget ran out (max_steps)",
                                       pages=[]),
     "The harness budget ran out (max_steps). Nothing was checked."),
    ("limit: a board too long", _run(LIMIT, pages=[], observation={
        "ok": False, "over_limit": True, "error": "Error: the board my_agent/big has more "
                                                  "than 500 card files; split it into smaller "
                                                  "boards"}),
     "The board is longer than a run may read — the board my_agent/big has more than 500 card "
     "files; split it into smaller boards. Nothing was checked."),
    ("limit: a failure on the last step", _run(LIMIT, steps=5, pages=[1], search_complete=False,
                                               scanned=5, observation={
        "ok": False, "error": "Error: the board folder my_agent/board cannot be read (gone)"}),
     "Step 5's read_task_cards failed — Error: the board folder my_agent/board cannot be read "
     "(gone). A retry was allowed, but it would be step 6, and max_steps is 5. Not all cards "
     "were checked — 1 of 3 pages was read (5 of 14 card files)."),
    ("limit: out of steps in the search", _run(LIMIT, pages=[1, 2], search_complete=False,
                                               scanned=10),
     "I ran out of allowed steps before the search ended: not all cards were checked — 2 of 3 "
     "pages were read (10 of 14 card files)."),
    ("limit: out of steps after the search", _run(LIMIT),
     "I ran out of allowed steps before the summary was drafted: the search is complete, but "
     "no answer was confirmed."),
]
KINDS_ASKED = {CHOOSE, CONFIRM, COMPLETE, FIX, REPHRASE}


@pytest.mark.parametrize(("name", "run", "english"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_every_message_is_the_runs_english_made_of_whole_sentences(name, run, english):
    label, text = message_for(run)
    assert text == english
    assert label == {SUCCESS: "answer", NEEDS_INPUT: "question"}.get(run.terminal, "reason")
    if run.terminal == NEEDS_INPUT:
        assert question_for(run)["text"] == english   # the state file keeps it English
    with speaking("ru"):   # the run's data is the same whatever the reader's language
        assert message_for(run) == (label, english)


def test_the_gallery_asks_every_kind_of_question_and_ends_every_way():
    asked = {question_for(run)["kind"] for _, run, _ in MESSAGES if run.terminal == NEEDS_INPUT}
    assert asked == KINDS_ASKED
    assert {run.terminal for _, run, _ in MESSAGES} == {SUCCESS, NEEDS_INPUT, ERROR, LIMIT}


@pytest.mark.parametrize("answer", ["да", "Да, эта", "точно", "вярно", "بله", "آره"])
def test_a_yes_in_the_learners_language_names_the_one_card_offered(answer):
    assert resolve_answer(answer, ONE, CARDS) == "task-004"
    with pytest.raises(AnswerError, match="names none of the cards"):
        resolve_answer(answer, PAIR, CARDS)   # a yes cannot choose between two cards


def test_a_word_that_is_no_yes_still_names_no_card():
    with pytest.raises(AnswerError, match="names none of the cards"):
        resolve_answer("нет", ONE, CARDS)
