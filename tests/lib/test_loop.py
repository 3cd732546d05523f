"""Chapter 1's loop: every branch of decide, the scenarios, the limits and the invariants."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agentloop.environment import SCENARIOS
from agentloop.loop import DECISIONS, TERMINALS, decide, new_state, run_loop, step

FAIL = {"ok": False, "error": "Error: x"}


def state_with(observation, steps, failures, max_steps=5, max_retries=1, scenario="one_match"):
    state = new_state(scenario, max_steps, max_retries)
    state.update(observation=observation, steps=steps, failures=failures, phase="observed")
    return state


@pytest.mark.parametrize(
    ("observation", "steps", "failures", "max_retries", "expected"),
    [
        (FAIL, 1, 1, 1, "continue"),
        (FAIL, 2, 2, 1, "error"),
        (FAIL, 1, 1, 0, "error"),
        (FAIL, 5, 1, 1, "limit"),  # a retry would be a sixth action
        ({"ok": True, "matches": ["t"]}, 1, 0, 1, "success"),
        ({"ok": True, "matches": ["t"]}, 5, 0, 1, "success"),  # success on the last step stays
        ({"ok": True, "matches": ["t", "u"]}, 1, 0, 1, "needs_input"),
        ({"ok": True, "matches": ["t", "u"]}, 5, 0, 1, "needs_input"),
        ({"ok": True, "matches": []}, 1, 0, 1, "needs_input"),
        ({"ok": True, "matches": [], "search_complete": True}, 1, 0, 1, "needs_input"),
        ({"ok": True, "matches": ["t"], "search_complete": False}, 4, 0, 1, "continue"),
        ({"ok": True, "matches": ["t"], "search_complete": False}, 5, 0, 1, "limit"),
    ],
)
def test_decide_branches(observation, steps, failures, max_retries, expected):
    assert decide(state_with(observation, steps, failures, max_retries=max_retries)) == expected


def test_decide_does_not_change_the_state():
    state = state_with(FAIL, 1, 1)
    before = dict(state)
    decide(state)
    assert state == before


@pytest.mark.parametrize(
    ("scenario", "terminal", "steps"),
    [
        ("one_match", "success", 1),
        ("two_matches", "needs_input", 1),
        ("no_matches", "needs_input", 1),
        ("temporary_error", "success", 2),
        ("permanent_error", "error", 2),
        ("missing_file", "error", 2),
        ("limit", "limit", 5),
    ],
)
def test_scenarios_end_as_the_course_says(scenario, terminal, steps):
    result = run_loop(scenario)
    assert result["terminal"] == terminal
    assert result["state"]["steps"] == steps == len(result["events"])
    assert result["events"][-1]["decision"] == terminal
    assert all(e["decision"] == "continue" for e in result["events"][:-1])
    assert result["state"]["done"] is True


def test_no_retry_means_error_at_the_first_failure():
    result = run_loop("permanent_error", max_steps=5, max_retries=0)
    assert (result["terminal"], result["state"]["steps"]) == ("error", 1)


def test_lower_step_limit_cuts_the_limit_scenario():
    result = run_loop("limit", max_steps=2)
    assert (result["terminal"], result["state"]["steps"]) == ("limit", 2)


def test_event_shape():
    event = run_loop("temporary_error")["events"][0]
    assert event == {
        "step": 1,
        "phase": "observed",
        "action": {"name": "read_task_cards"},
        "observation": {"ok": False, "error": "Error: the practice task cards are unavailable"},
        "decision": "continue",
    }


def test_state_at_start():
    assert new_state("limit", 3, 0) == {
        "phase": "start", "steps": 0, "failures": 0, "done": False, "terminal": None,
        "max_steps": 3, "max_retries": 0, "observation": None, "scenario": "limit",
    }


def test_a_finished_run_takes_no_further_step():
    state = new_state("one_match")
    step(state)
    with pytest.raises(RuntimeError, match="already ended with 'success'"):
        step(state)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_steps": 0}, "max_steps must be an integer from 1 to 5, got 0"),
        ({"max_steps": 6}, "max_steps must be an integer from 1 to 5, got 6"),
        ({"max_steps": True}, "max_steps must be an integer from 1 to 5, got True"),
        ({"max_steps": 2.0}, "max_steps must be an integer from 1 to 5, got 2.0"),
        ({"max_steps": "3"}, "max_steps must be an integer from 1 to 5, got '3'"),
        ({"max_retries": -1}, "max_retries must be an integer from 0 to 1, got -1"),
        ({"max_retries": 2}, "max_retries must be an integer from 0 to 1, got 2"),
        ({"max_retries": False}, "max_retries must be an integer from 0 to 1, got False"),
    ],
)
def test_limits_are_validated(kwargs, message):
    with pytest.raises(ValueError) as error:
        run_loop("one_match", **kwargs)
    assert str(error.value) == message


# --- invariants -----------------------------------------------------------------------------

observations = st.one_of(
    st.builds(lambda e: {"ok": False, "error": e}, st.text(max_size=10)),
    st.builds(
        lambda m, c: {"ok": True, "matches": m, **({} if c is None else {"search_complete": c})},
        st.lists(st.text(min_size=1, max_size=8), max_size=4),
        st.one_of(st.none(), st.booleans()),
    ),
)


@st.composite
def states(draw):
    max_steps = draw(st.integers(1, 5))
    steps = draw(st.integers(1, max_steps))
    return state_with(draw(observations), steps, draw(st.integers(0, steps)), max_steps,
                      draw(st.integers(0, 1)), draw(st.sampled_from(list(SCENARIOS))))


@given(states(), st.sampled_from(list(SCENARIOS)))
def test_decision_ignores_the_scenario_name(state, other):
    assert decide(state) == decide(dict(state, scenario=other))
    assert decide(state) in DECISIONS


@given(st.sampled_from(list(SCENARIOS)), st.integers(1, 5), st.integers(0, 1))
def test_runs_respect_the_limits_and_end_on_a_terminal(scenario, max_steps, max_retries):
    result = run_loop(scenario, max_steps, max_retries)
    assert 1 <= result["state"]["steps"] <= max_steps
    assert result["terminal"] in TERMINALS
    decisions = [e["decision"] for e in result["events"]]
    assert decisions[:-1] == ["continue"] * (len(decisions) - 1)
    assert [e["step"] for e in result["events"]] == list(range(1, len(decisions) + 1))
    assert result["state"]["failures"] == sum(not e["observation"]["ok"]
                                              for e in result["events"])


# --- the one whole-number rule (agentloop.validation) -------------------------------------
