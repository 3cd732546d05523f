"""Chapter 4's state machine: every legal and every illegal transition, through one function."""

from __future__ import annotations

import pytest

from agentloop.harness import (
    DONE,
    IDLE,
    STATES,
    TRANSITIONS,
    Harness,
    IllegalTransition,
    State,
    validate_transition,
)
from agentloop.harness.states import CYCLE_EDGES, parse_state

LEGAL = {
    ("IDLE", "PLANNING"), ("IDLE", "EXECUTING"), ("IDLE", "AWAITING_TOOL"),
    ("IDLE", "REFLECTING"), ("IDLE", "DONE"),
    ("PLANNING", "EXECUTING"), ("PLANNING", "DONE"), ("PLANNING", "IDLE"),
    ("EXECUTING", "AWAITING_TOOL"), ("EXECUTING", "REFLECTING"), ("EXECUTING", "IDLE"),
    ("AWAITING_TOOL", "REFLECTING"), ("AWAITING_TOOL", "IDLE"),
    ("REFLECTING", "EXECUTING"), ("REFLECTING", "PLANNING"), ("REFLECTING", "DONE"),
    ("REFLECTING", "IDLE"),
}
PAIRS = [(str(s), str(t)) for s in STATES for t in STATES]


def test_six_states_with_one_entry_and_one_exit():
    assert [str(s) for s in STATES] == ["IDLE", "PLANNING", "EXECUTING", "AWAITING_TOOL",
                                        "REFLECTING", "DONE"]
    assert TRANSITIONS[DONE] == {}
    entered_from_outside = {t for s in STATES for t in TRANSITIONS[s]}
    assert IDLE in entered_from_outside  # only as a pause, never as a fresh start


def legal_pairs():
    return {(str(s), str(t)) for s in STATES for t in TRANSITIONS[s]}


def test_the_seed_cycle_is_all_legal_and_the_table_is_the_documented_one():
    assert set(CYCLE_EDGES) <= legal_pairs()
    assert legal_pairs() == LEGAL


@pytest.mark.parametrize(("source", "target"), sorted(LEGAL))
def test_legal_transition_passes_through_the_transition_function(source, target):
    validate_transition(source, target)
    harness = Harness()
    harness.state = State(source)  # put the machine there, as a test fixture may
    harness._transition(State(target))
    assert harness.state == target


@pytest.mark.parametrize(("source", "target"), [p for p in PAIRS if p not in LEGAL])
def test_illegal_transition_raises_and_names_from_to_and_allowed(source, target):
    with pytest.raises(IllegalTransition):
        validate_transition(source, target)
    harness = Harness()
    harness.state = State(source)
    with pytest.raises(IllegalTransition) as caught:
        harness._transition(State(target))
    assert harness.state == source  # nothing changed
    message = str(caught.value)
    assert f"{source} -> {target}" in message
    for allowed in TRANSITIONS[State(source)]:
        assert str(allowed) in message
    assert isinstance(caught.value, ValueError)
    assert caught.value.source == source and caught.value.target == target


def test_an_illegal_move_of_another_table_names_that_tables_targets():
    error = IllegalTransition(State("EXECUTING"), State("IDLE"),
                              allowed=[State("AWAITING_TOOL"), State("REFLECTING")])
    assert error.allowed == ("AWAITING_TOOL", "REFLECTING")
    assert str(error) == ("illegal transition EXECUTING -> IDLE; from EXECUTING the allowed "
                          "targets are: AWAITING_TOOL, REFLECTING")
    assert "none (DONE is the only exit)" in str(IllegalTransition(State("IDLE"),
                                                                   State("IDLE"), allowed=()))


def test_done_says_it_has_no_exit():
    with pytest.raises(IllegalTransition, match="none \\(DONE is the only exit\\)"):
        validate_transition("DONE", "IDLE")


@pytest.mark.parametrize("name", ["idle", "RUNNING", "", None, 3])
def test_unknown_state_names_are_rejected_with_the_list(name):
    with pytest.raises(ValueError, match="the states are: IDLE, PLANNING"):
        parse_state(name)
