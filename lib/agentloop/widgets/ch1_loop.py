"""Chapter 1's loop explorer: pick a scenario and the limits, watch the run change.

Every change of the dropdown or a slider re-runs `run_loop`; the step buttons walk
through the run one step at a time. Its labels are in the course's current language
(agentloop.i18n), right to left in Persian; scenario names, actions, observations and
decisions are data, the same in every language.
"""

from __future__ import annotations

from typing import Any

from agentloop.environment import SCENARIOS
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, RTL_STYLE, rtl_block
from agentloop.loop import MAX_RETRIES, MAX_STEPS, RETRY_RANGE, STEP_RANGE, LoopRun, run_loop
from agentloop.terminal_messages import honest_message
from agentloop.widgets.common import TextFallback, html_table, text_table

HEADERS = ("step", "action", "observation", "failures", "decision")


def headers() -> tuple[str, ...]:
    """The table's column names in the current language."""
    return tuple(t(header) for header in HEADERS)


def rows(result: LoopRun, shown: int | None = None) -> list[tuple]:
    """One row a step, with the failure count as it was after that step."""
    out, failures = [], 0
    for event in result["events"][:shown]:
        failures += not event["observation"]["ok"]
        out.append((event["step"], event["action"]["name"], event["observation"], failures,
                    event["decision"]))
    return out


def summary(result: LoopRun, shown: int | None = None) -> str:
    total = len(result["events"])
    if shown is not None and shown < total:
        return t("showing step {shown} of {total}: the run goes on", shown=shown, total=total)
    terminal = result["terminal"]
    message = honest_message(terminal, result["state"]["observation"])
    if total == 1:
        return t("terminal: {terminal} after 1 step; message: {message}", terminal=terminal,
                 message=message)
    return t("terminal: {terminal} after {total} steps; message: {message}", terminal=terminal,
             total=total, message=message)


class LoopExplorer(TextFallback):
    """Scenario dropdown, max_steps slider (1–5), max_retries slider (0–1) and step buttons."""

    def __init__(self, scenario: str = "one_match", max_steps: int = MAX_STEPS,
                 max_retries: int = MAX_RETRIES) -> None:
        import ipywidgets as w

        run_loop(scenario, max_steps, max_retries)  # validate before building anything
        self.scenario = w.Dropdown(options=list(SCENARIOS), value=scenario,
                                   description=t("scenario"))
        self.max_steps = w.IntSlider(value=max_steps, min=STEP_RANGE[0], max=STEP_RANGE[1],
                                     description="max_steps")
        self.max_retries = w.IntSlider(value=max_retries, min=RETRY_RANGE[0],
                                       max=RETRY_RANGE[1], description="max_retries")
        self.first = w.Button(description=t("first step"), icon="step-backward")
        self.next = w.Button(description=t("next step"), icon="step-forward")
        self.all = w.Button(description=t("whole run"), icon="fast-forward")
        self.view = w.HTML()
        for control in (self.scenario, self.max_steps, self.max_retries):
            control.observe(self._changed, names="value")
        self.first.on_click(lambda _: self.show(1))
        self.next.on_click(lambda _: self.show((self.shown or len(self.result["events"])) + 1))
        self.all.on_click(lambda _: self.show(None))
        self.rtl = is_rtl()
        self.box = w.VBox([
            w.HBox([self.scenario, self.max_steps, self.max_retries]),
            w.HBox([self.first, self.next, self.all]),
            self.view,
        ] + ([w.HTML(RTL_STYLE)] if self.rtl else []))
        if self.rtl:  # labels and table right to left; the sliders' names stay code
            self.box.add_class(RTL_CLASS)
        self.shown: int | None = None
        self._changed()

    def _changed(self, change: Any = None) -> None:
        self.result = run_loop(self.scenario.value, self.max_steps.value, self.max_retries.value)
        self.show(None)

    def show(self, shown: int | None) -> None:
        """Show the first `shown` steps (None: the whole run)."""
        total = len(self.result["events"])
        self.shown = None if shown is None or shown >= total else max(1, shown)
        terminal = self.result["terminal"] if self.shown is None else "running"
        view = (
            f'<div class="agentloop-run" data-terminal="{terminal}" '
            f'data-steps="{len(rows(self.result, self.shown))}">'
            + html_table(headers(), rows(self.result, self.shown))
            + f'<p class="agentloop-summary"><b>{summary(self.result, self.shown)}</b></p></div>'
        )
        self.view.value = rtl_block(view) if self.rtl else view

    def text(self) -> str:
        settings = (f"scenario={self.scenario.value} max_steps={self.max_steps.value} "
                    f"max_retries={self.max_retries.value}")
        return "\n".join([settings, text_table(headers(), rows(self.result, self.shown)),
                          summary(self.result, self.shown)])


def loop_explorer(scenario: str = "one_match", max_steps: int = MAX_STEPS,
                  max_retries: int = MAX_RETRIES) -> LoopExplorer:
    """Build the explorer; the last expression of a cell displays it."""
    return LoopExplorer(scenario, max_steps, max_retries)
