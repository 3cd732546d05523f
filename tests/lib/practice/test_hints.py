"""Hint steps in practice: none before the first try, one more after each failed run and
each press of Hint, never more than the check has; kept in the workspace's progress (or,
outside a workspace, in this kernel). The buttons under a check are tested in test_panel.py."""

from __future__ import annotations

import json
from pathlib import Path

from agentloop_grader.answers.ch1 import revised_rule

from agentloop.checks import check, get_check
from agentloop.checks.hints import steps_of
from agentloop.practice import hints
from agentloop.practice.workspace import PROGRESS, STATE_DIR

FAILURE = "ch1-decide-failure"
STEPS = len(steps_of(get_check(FAILURE)))




def blank(state):
    raise NotImplementedError()


def wrong(state):
    return "continue"


def right(state):
    return revised_rule(state)[0]


def opened_in(workspace: Path, check_id: str = FAILURE) -> int:
    data = json.loads((workspace / STATE_DIR / PROGRESS).read_text(encoding="utf-8"))
    return data["checks"][check_id]["hints"]


def test_none_before_the_first_try_then_one_more_a_failed_run(workspace: Path, capsys) -> None:
    check(FAILURE, blank)
    assert "hint" not in capsys.readouterr().out  # blank: not a try, no hint
    assert hints.opened(FAILURE, workspace, STEPS) == 0
    assert hints.open_next(FAILURE, STEPS, workspace) == 0  # Hint does nothing before a try
    for number in range(1, STEPS + 2):
        check(FAILURE, wrong)
        out = capsys.readouterr().out
        shown = min(number, STEPS)
        assert f"hint {shown} of {STEPS}: " in out and f"hint {shown + 1} of" not in out
    assert opened_in(workspace) == STEPS  # never more than the check has
    assert out.rstrip().endswith("no hints left: the last one is a nudge, not the answer")


def test_the_hint_button_opens_one_more_and_the_count_survives(workspace: Path, capsys) -> None:
    check(FAILURE, wrong)
    capsys.readouterr()
    assert hints.open_next(FAILURE, STEPS, workspace) == 2
    assert opened_in(workspace) == 2
    check(FAILURE, right)  # a pass opens nothing more
    assert "hint" not in capsys.readouterr().out and opened_in(workspace) == 2
    check(FAILURE, wrong)  # the count was kept with the progress, as after a restart
    assert "hint 3 of 3: " in capsys.readouterr().out


def test_outside_a_workspace_this_kernel_counts(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check(FAILURE, wrong)
    check(FAILURE, wrong)
    out = capsys.readouterr().out
    assert "hint 1 of 3" in out and "hint 2 of 3" in out
    assert not (tmp_path / STATE_DIR).exists()  # nothing written outside a workspace
