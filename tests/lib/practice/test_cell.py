"""What a check cell shows beyond its ✔/✘ lines (agentloop.practice.cell), outside any
workspace: a blank answer is one calm line and opens no hint; a failed try opens one more
hint step, never more than the check has; a pass opens none and shows no buttons."""

from __future__ import annotations

import pytest

from agentloop.checks import get_check
from agentloop.checks.core import collect, judge
from agentloop.checks.hints import steps_of
from agentloop.practice.cell import after_run, blank_line

CHECK = "ch1-decide-failure"


@pytest.fixture
def nowhere(tmp_path, monkeypatch):
    """The current folder holds no workspace, and no notebook names one."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.delenv("AGENTLOOP_WORKSPACE", raising=False)


def _view(answer):
    chk = get_check(CHECK)
    cases = chk.cases()
    return after_run(CHECK, chk, judge(chk, cases, collect(chk, answer, cases)), answer)


def _stub(state):
    raise NotImplementedError


def _wrong(state):
    return "continue"


def test_a_blank_answer_is_a_calm_line_and_opens_no_hint(nowhere):
    view = _view(_stub)
    total = len(steps_of(get_check(CHECK)))
    assert view.blank and view.steps.shown == () and view.steps.total == total
    assert view.panel is None and view.note is None
    assert blank_line(get_check(CHECK)) == "not answered yet — write `decide` above"


def test_each_failed_try_opens_one_more_hint_step_up_to_the_last(nowhere):
    total = len(steps_of(get_check(CHECK)))
    opened = [len(_view(_wrong).steps.shown) for _ in range(total + 1)]
    assert opened == [*range(1, total + 1), total]
    assert not _view(_wrong).blank


def test_a_pass_opens_no_hint_step_and_outside_a_workspace_tries_no_lock(nowhere):
    from agentloop_grader.answers.ch1 import revised_rule

    view = _view(lambda state: revised_rule(state)[0])
    assert not view.blank and view.steps.shown == ()
    assert view.note is None and view.panel is None
