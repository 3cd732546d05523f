"""The buttons under a check cell (agentloop.practice.panel): Hint, Solution and the chapter's
progress follow what the learner has done."""

from __future__ import annotations

from pathlib import Path

from agentloop_grader.answers.ch1 import revised_rule

from agentloop.checks import check, get_check
from agentloop.checks.hints import steps_of
from agentloop.practice import hints
from agentloop.practice.panel import LOCKED, OPEN, CheckPanel, chapter_progress, solution_state

FAILURE = "ch1-decide-failure"
STEPS = len(steps_of(get_check(FAILURE)))




def wrong(state):
    return "continue"


def right(state):
    return revised_rule(state)[0]


def test_the_buttons_follow_the_progress(workspace: Path, capsys) -> None:
    chk = get_check(FAILURE)
    panel = CheckPanel(FAILURE, chk, workspace, STEPS)
    assert panel.hint.disabled and panel.hint.description == "Hint (after your first try)"
    assert panel.solution.description == "Solution (locked)"
    assert panel.bar.value == 0 and chapter_progress(workspace, FAILURE) == (0, 5)
    check(FAILURE, wrong)
    panel.refresh()
    assert not panel.hint.disabled and panel.hint.description == "Hint (2 of 3 left)"
    panel.on_hint()
    assert hints.opened(FAILURE, workspace, STEPS) == 2
    assert panel.hint.description == "Hint (1 of 3 left)"
    panel.on_hint()
    assert panel.hint.disabled and panel.hint.description == "No hints left"
    assert "run the cell to see them" in panel.text()  # what a saved notebook shows
    for check_id in ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario"):
        check(check_id, right)
    capsys.readouterr()
    panel.refresh()  # the bar moves, the solution opens
    assert (panel.bar.value, panel.bar.max) == (3, 5)
    assert 'data-passed="3" data-total="5"' in panel.bar_label.value
    assert solution_state(workspace, "ch1-decide-answer") == OPEN
    assert panel.solution.description == "Solution" and panel.hint.disabled
    assert solution_state(workspace, "ch1-messages-answer") == LOCKED
