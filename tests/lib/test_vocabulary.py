"""The closed sets are `Word` enums whose members read, print and serialise as their strings."""

from __future__ import annotations

import copy
import json
import pickle
import pprint

import pytest

from agentloop.agent import EXITS, Exit, Transcript, run_agent
from agentloop.messages import BLOCK_TYPES, ROLES, BlockType, Role, StopReason, message
from agentloop.models import SupportModel
from agentloop.proposals import REJECTION_CODES, STATUSES, ProposalType, RejectionCode, Status
from agentloop.shop import EXAMPLE_TASKS
from agentloop.vocabulary import Word


class Colour(Word):
    RED = "red"
    DARK_BLUE = "dark blue"


def test_a_word_is_its_string_wherever_it_is_shown():
    assert Colour.RED == "red" and isinstance(Colour.RED, str)
    assert (str(Colour.RED), f"{Colour.RED}", f"{Colour.RED:>5}", " ".join([Colour.RED])) == \
        ("red", "red", "  red", "red")
    assert (repr(Colour.RED), f"{Colour.RED!r}", ascii(Colour.RED)) == ("'red'",) * 3
    assert repr({"colour": [Colour.DARK_BLUE]}) == "{'colour': ['dark blue']}"
    assert pprint.pformat({"colour": Colour.RED}) == "{'colour': 'red'}"
    assert json.dumps({Colour.RED: Colour.DARK_BLUE}) == '{"red": "dark blue"}'
    assert {"red": 1}[Colour.RED] == 1 and Colour("red") is Colour.RED


def test_a_word_survives_copies_and_pickles_as_itself():
    assert copy.deepcopy(Colour.RED) is Colour.RED
    assert pickle.loads(pickle.dumps(Colour.DARK_BLUE)) is Colour.DARK_BLUE


def test_a_notebook_shows_a_word_as_its_string():
    pretty = pytest.importorskip("IPython.lib.pretty")
    assert pretty.pretty({"t": Colour.RED, "l": (Colour.DARK_BLUE,)}) == \
        "{'t': 'red', 'l': ('dark blue',)}"


def test_listing_names_every_word_in_order():
    assert Colour.listing() == "red, dark blue"
    assert Colour.listing(" or ") == "red or dark blue"


def test_an_unknown_word_is_refused_with_the_set_named():
    with pytest.raises(ValueError, match="'green' is not a valid Colour"):
        Colour("green")


def test_chapter_2s_statuses_kinds_and_codes_keep_their_strings():
    assert STATUSES == tuple(Status) == ("done", "unknown", "stopped")
    assert tuple(ProposalType) == ("tool", "final")
    assert REJECTION_CODES == tuple(RejectionCode) == (
        "not_a_dict", "unknown_type", "missing_field", "extra_field", "unknown_tool",
        "missing_argument", "extra_argument", "bad_argument", "out_of_scope",
        "final_without_observation", "final_mismatch")


def test_chapter_3s_exits_roles_blocks_and_stop_reasons_keep_their_strings():
    assert EXITS == tuple(Exit) == ("end_turn", "max_steps", "hand_to_human", "guard",
                                    "model_stopped")
    assert ROLES == tuple(Role) == ("user", "assistant")
    assert BLOCK_TYPES == tuple(BlockType) == ("text", "tool_use", "tool_result")
    assert tuple(StopReason) == ("tool_use", "end_turn", "max_tokens")


def test_a_transcript_records_its_exit_as_the_plain_word():
    transcript = run_agent(SupportModel(), EXAMPLE_TASKS["return 1187"])
    assert transcript.exit == Exit.END_TURN and type(transcript.exit) is str
    with pytest.raises(ValueError, match="exit must be one of end_turn, max_steps"):
        Transcript("t", [], "finished", "")


def test_a_message_names_its_role_and_blocks_from_the_sets():
    made = message("user", "Hello")
    assert made == {"role": "user", "content": [{"type": "text", "text": "Hello"}]}
    assert made["role"] is Role.USER and made["content"][0]["type"] is BlockType.TEXT
    with pytest.raises(ValueError, match="role must be one of user, assistant"):
        message("system", "Hello")


def test_chapter_4s_sets_keep_their_strings_and_an_event_keeps_the_plain_word():
    from agentloop.harness import (
        EVENT_TYPES,
        STATES,
        TOPICS,
        EventType,
        Outcome,
        PauseReason,
        State,
        StepStatus,
        StopKind,
        Topic,
        run_demo,
    )

    assert tuple(StopKind) == ("tool_call", "pause", "done")
    assert tuple(Outcome) == ("goal_met", "incomplete", "no_plan", "aborted", "closed")
    assert tuple(PauseReason) == ("budget_exceeded", "review")
    assert tuple(StepStatus) == ("ok", "failed", "skipped")
    assert EVENT_TYPES == tuple(EventType) and len(EventType) == 11
    assert TOPICS == tuple(Topic) and len(Topic) == 10
    assert STATES == tuple(State) and repr(State.IDLE) == "'IDLE'"
    harness = run_demo()
    assert harness.stop.kind is StopKind.DONE
    assert all(type(event.type) is str for event in harness.events)
    assert all(type(event.data["outcome"]) is str for event in harness.events
               if event.type == EventType.SESSION_COMPLETE)


def test_chapter_5s_refusals_and_question_kinds_keep_their_strings():
    from agentloop.duty.handover import KINDS, QuestionKind
    from agentloop.duty.officer import REFUSALS, Refusal

    assert REFUSALS == tuple(Refusal) == ("not_a_tool_call", "not_a_match",
                                          "search_incomplete", "unconfirmed")
    assert KINDS == tuple(QuestionKind) == ("choose", "rephrase", "fix", "complete", "confirm")
