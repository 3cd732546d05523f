"""The buttons under a check cell in practice: Hint, Solution and the chapter's progress.

- **Hint** opens the check's next hint step (agentloop.practice.hints): it is off until
  the first try, says how many steps are left, and is off again once none are;
- **Solution** shows the exercise's reference next to the learner's answer once the
  answer solved it; before that it is marked locked and offers the honest "Show me
  anyway…" (agentloop.practice.solutions.Gate), which the progress records;
- the **progress bar** counts the chapter's checks that passed; every bar of the chapter
  in this notebook moves when a check is run.

Shown as ipywidgets in JupyterLab and in the zero-install site (Pyodide runs the same
widgets); where no widget can render (a notebook saved and opened again, nbval, a
terminal) the panel is one line of text.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from agentloop.checks.core import Check, HintSteps, hints_left
from agentloop.checks.hints import steps_of
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, rtl_block
from agentloop.practice import hints
from agentloop.practice.tracking import PASSED, chapter_rows, exercise_of, load, solved_key
from agentloop.widgets.common import TextFallback

PANEL_CLASS = "agentloop-check-panel"
LOCKED, OPEN, SEEN = "locked", "open", "seen"  # the Solution button's states

_LIVE: dict[str, CheckPanel] = {}  # the latest panel of each check in this kernel


def chapter_progress(workspace: Path, check_id: str) -> tuple[int, int]:
    """(checks passed, checks) of the chapter the check belongs to."""
    items = chapter_rows(workspace, check_id)
    return sum(r.status == PASSED for r in items), len(items)


def solution_state(workspace: Path, exercise: str | None) -> str:
    """OPEN once the learner's answer solved the exercise, SEEN once its reference was
    shown anyway, else LOCKED."""
    if exercise is None:
        return LOCKED
    if solved_key(workspace, exercise) is not None:
        return OPEN
    return SEEN if load(workspace)["solutions"].get(exercise) else LOCKED


class CheckPanel(TextFallback):
    """Hint, Solution and a progress bar, under one check cell."""

    def __init__(self, check_id: str, chk: Check, workspace: Path, total: int) -> None:
        import ipywidgets as w

        self.check_id, self.chk, self.workspace = check_id, chk, workspace
        self.steps = steps_of(chk)[:total]
        self.exercise = exercise_of(workspace, check_id)
        self.printed = hints.opened(check_id, workspace, len(self.steps))  # in the report
        self.rtl = is_rtl()
        self.hint = w.Button(layout=w.Layout(width="auto"))
        self.hint.add_class("agentloop-hint")
        self.solution = w.Button(layout=w.Layout(width="auto"))
        self.solution.add_class("agentloop-solution-button")
        self.bar = w.IntProgress(min=0, max=1, value=0, layout=w.Layout(width="160px"))
        self.bar.add_class("agentloop-progress-bar")
        self.bar_label = w.HTML()
        self.shown = w.Output()
        self.box = w.VBox([w.HBox([self.hint, self.solution, self.bar, self.bar_label]),
                           self.shown])
        self.box.add_class(PANEL_CLASS)
        if self.rtl:
            self.box.add_class(RTL_CLASS)
        self.hint.on_click(self.on_hint)
        self.solution.on_click(self.on_solution)
        if self.exercise is None:
            self.solution.layout.display = "none"
        self.refresh()

    # --- what the buttons say -------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the buttons and the bar up to date with the workspace's progress."""
        total = len(self.steps)
        count = hints.opened(self.check_id, self.workspace, total)
        passed = self._passed()
        if not total:
            self.hint.layout.display = "none"
        elif passed:
            self.hint.description, self.hint.disabled = t("Hint"), True
        elif not hints.tried(self.check_id, self.workspace):
            self.hint.description = t("Hint (after your first try)")
            self.hint.disabled = True
        elif count >= total:
            self.hint.description, self.hint.disabled = t("No hints left"), True
        else:
            self.hint.description = t("Hint ({count} of {total} left)", count=total - count,
                                      total=total)
            self.hint.disabled = False
        state = solution_state(self.workspace, self.exercise)
        self.solution.description = {OPEN: t("Solution"), SEEN: t("Solution (seen)"),
                                     LOCKED: t("Solution (locked)")}[state]
        self.solution.button_style = "success" if state == OPEN else ""
        self.solution.tooltip = {OPEN: t("Your answer solved the exercise: compare it with "
                                         "the course's"),
                                 SEEN: t("You looked before passing: the progress says so"),
                                 LOCKED: t("Locked until your answer solves the exercise")
                                 }[state]
        done, checks = chapter_progress(self.workspace, self.check_id)
        self.bar.max, self.bar.value = max(checks, 1), done
        label = t("chapter: {passed} of {total} checks passed", passed=done, total=checks)
        self.bar_label.value = (f'<span class="agentloop-chapter-progress" data-passed="{done}" '
                                f'data-total="{checks}">{html.escape(label)}</span>')

    def _passed(self) -> bool:
        entry = load(self.workspace)["checks"].get(self.check_id)
        return isinstance(entry, dict) and entry.get("status") == PASSED

    # --- what they do ---------------------------------------------------------------------
    def on_hint(self, _: Any = None) -> None:
        """Open the next hint step and show the ones opened since the check ran."""
        total = len(self.steps)
        count = hints.open_next(self.check_id, total, self.workspace)
        steps = HintSteps(self.steps[:count], total)
        lines = [t("hint {number} of {total}: {hint}", number=number, total=total,
                   hint=_with_code(step))
                 for number, step in enumerate(self.steps[:count], 1) if number > self.printed]
        lines.append(hints_left(steps))
        body = "".join(f'<div class="agentloop-hint-step">{_code(line)}</div>'
                       for line in lines)
        self._show_html(f'<div class="agentloop-hints" data-open="{count}" '
                        f'data-total="{total}">{body}</div>')
        self.refresh()

    def on_solution(self, _: Any = None) -> None:
        """The reference next to the learner's answer, or the locked gate."""
        from IPython.display import display

        from agentloop.practice.solutions import solution

        self.shown.clear_output()
        with self.shown:
            display(solution(self.exercise or self.check_id))
        self.refresh()

    def _show_html(self, inner: str) -> None:
        from IPython.display import HTML, display

        self.shown.clear_output()
        with self.shown:
            display(HTML(rtl_block(inner) if self.rtl else inner))

    def close(self) -> None:
        for widget in (*self.box.children[0].children, self.box.children[0], self.shown,
                       self.box):
            widget.close()

    def text(self) -> str:
        return t("(Hint, Solution and this chapter's progress are buttons: run the cell to "
                 "see them)")


def _with_code(message: str) -> str:
    """A message in the current language with its `code` marks kept (agentloop.i18n.t drops
    them from plain text; here they become <code>)."""
    from agentloop.i18n import catalog, current

    return catalog(current()).messages.get(message, message)


def _code(line: str) -> str:
    """A line as HTML, its `code` in <code> (left to right inside a right-to-left text)."""
    parts = html.escape(line, quote=False).split("`")
    return "".join(f'<code dir="ltr">{part}</code>' if number % 2 else part
                   for number, part in enumerate(parts))


def refresh_all() -> None:
    """Move every live panel's bar and buttons (after a check ran in this kernel)."""
    for panel in list(_LIVE.values()):
        try:
            panel.refresh()
        except Exception:  # a panel whose widgets were closed: forget it
            _LIVE.pop(panel.check_id, None)


def check_panel(check_id: str, chk: Check, workspace: Path, total: int) -> CheckPanel | None:
    """The panel under this run of the check, or None without ipywidgets or a notebook."""
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return None
    previous = _LIVE.pop(check_id, None)
    if previous is not None:  # the check ran again: its cell's old output is gone
        previous.close()
    panel = CheckPanel(check_id, chk, workspace, total)
    refresh_all()
    _LIVE[check_id] = panel
    return panel
