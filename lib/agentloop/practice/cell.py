"""What a check cell shows a learner, beyond its ✔/✘ lines.

`check("…")` asks `after_run` once it has judged the answer:

- a blank answer (the exercise's stub, untouched: every case raised NotImplementedError,
  or the value is the stub's own) is not a try: the cell says so in one calm line and
  opens no hint;
- any other run is a try: in a workspace it is recorded (agentloop.practice.tracking); a
  failed try opens one more hint step (agentloop.practice.hints); a run that leaves every
  check of the exercise passed tries the exercise's lock (★ solved, or why not);
- in a workspace (a clone's workspace/, the zero-install site's browser drive) the cell
  also shows the buttons under it (agentloop.practice.panel): Hint, Solution and the
  chapter's progress.

Nothing here may stop a notebook: progress is a convenience, so a read-only folder or a
missing widget library only leaves the buttons out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.checks.core import Check, HintSteps, Report
from agentloop.checks.hints import steps_of
from agentloop.practice import hints
from agentloop.practice.workspace import find_workspace


@dataclass
class CellView:
    """What the check cell shows after its report: a blank answer's calm line instead of
    the report, the hint steps opened so far, the ★ line, and the buttons (or None)."""

    blank: bool = False
    steps: HintSteps = field(default_factory=HintSteps)
    note: str | None = None
    panel: Any = None


def blank_line(chk: Check) -> str:
    """The calm line of a check whose answer is not written yet."""
    from agentloop.i18n import t

    return t("not answered yet — write `{name}` above", name=chk.answer)


def is_blank(report: Report, workspace: Path | None, check_id: str) -> bool:
    from agentloop.practice.tracking import is_blank as raised_not_implemented
    from agentloop.practice.tracking import untouched

    return raised_not_implemented(report) or untouched(workspace, check_id)


def after_run(check_id: str, chk: Check, report: Report, answer: Any) -> CellView:
    """Record a run of the check (see the module's text); what its cell shows."""
    workspace = find_workspace()
    steps = steps_of(chk)
    if is_blank(report, workspace, check_id):
        return CellView(True, HintSteps((), len(steps)),
                        panel=_panel(check_id, chk, workspace, len(steps)))
    note = None
    recorded = False
    if workspace is not None:
        from agentloop.practice.tracking import record

        recorded = record(check_id, report, workspace)
    if workspace is None or recorded:
        count = hints.after_try(check_id, report.passed, len(steps), workspace)
    else:
        count = hints.opened(check_id, workspace, len(steps))
    if recorded and report.passed:
        note = _unlocked(workspace, check_id, answer)  # type: ignore[arg-type]
    return CellView(False, HintSteps(steps[:count], len(steps)), note,
                    _panel(check_id, chk, workspace, len(steps)))


def _unlocked(workspace: Path, check_id: str, answer: Any) -> str | None:
    """Every check of the exercise passed with this run: the lock's line (★ solved, or
    why not); None while another check of the exercise has not passed."""
    from agentloop.practice.solutions import unlock
    from agentloop.practice.tracking import exercise_of, exercise_passed

    exercise = exercise_of(workspace, check_id)
    if exercise is None or not exercise_passed(workspace, exercise):
        return None
    return unlock(workspace, exercise, check_id, answer)


def _panel(check_id: str, chk: Check, workspace: Path | None, total: int) -> Any:
    """The buttons under the check, where there is a workspace and a notebook to show
    them in; None anywhere else."""
    from agentloop.i18n.display import _ipython

    if workspace is None or _ipython() is None:  # no notebook to show buttons in
        return None
    from agentloop.practice.panel import check_panel

    return check_panel(check_id, chk, workspace, total)


def blank_panel(check_id: str, chk: Check) -> Any:
    """The buttons of a check whose answer is not defined yet (nothing was run)."""
    return _panel(check_id, chk, find_workspace(), len(steps_of(chk)))
