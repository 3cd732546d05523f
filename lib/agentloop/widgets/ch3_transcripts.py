"""Chapter 3's transcript viewer and token plot.

`transcript_viewer()` runs the support agent on a chosen task with a chosen step limit
and guards, and walks through the log one step at a time. `token_plot()` shows why a
token budget bites: every request resends the whole history, so the running total climbs
faster each step. It marks which steps ask for an action — the only ones a guard is asked
about — and leaves reading off where a budget stops the run to you. Both fall back to
text where widgets or images do not render. Labels and the log's words are in the course's
current language (agentloop.i18n); the task, plans, observations and exits are the run's
data, the same in every language.
"""

from __future__ import annotations

import html
import io
from typing import Any

from agentloop.agent import ANSWERED, GUARDED, MAX_STEPS, Transcript, run_agent
from agentloop.guards import TOKEN_BUDGET, repeated_action, token_budget, validate_budget
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, RTL_STYLE, rtl_block
from agentloop.loop import STEP_RANGE
from agentloop.messages import describe_action
from agentloop.models import SupportModel
from agentloop.shop import EXAMPLE_TASKS
from agentloop.widgets.common import TextFallback, html_table, text_table

HEADERS = ("step", "plan", "action", "observation", "tokens sent", "running total")
COURIER = EXAMPLE_TASKS["courier 1042"]


def run_with(task: str, max_steps: int = MAX_STEPS, repeated: bool = False,
             budget: int | None = None) -> Transcript:
    """Run the support agent with the guards the viewer's switches choose."""
    guards = []
    if repeated:
        guards.append(repeated_action)
    if budget is not None:
        guards.append(token_budget(budget))
    return run_agent(SupportModel(), task, max_steps, guards)


def rows(transcript: Transcript, shown: int | None = None) -> list[tuple]:
    """One row a step, with the tokens sent so far."""
    out, total = [], 0
    for step in transcript.steps[:shown]:
        total += step.tokens
        action = t("— (answered)") if step.action is None else describe_action(step.action)
        observation = (t("not run") if step.observation is None and step.action is not None
                       else "" if step.observation is None else step.observation["content"])
        out.append((step.number, step.plan, action, observation, step.tokens, total))
    return out


def summary(transcript: Transcript, shown: int | None = None) -> str:
    total = len(transcript.steps)
    if shown is not None and shown < total:
        return t("showing step {shown} of {total}: the run goes on", shown=shown, total=total)
    if transcript.exit == ANSWERED:
        line = t("exit: end_turn on step {step} (the model answered)", step=transcript.ended_on)
    elif transcript.exit == GUARDED:
        line = t("exit: a guard on step {step} ({reason})", step=transcript.ended_on,
                 reason=transcript.shown_reason())
    else:
        line = t("exit: {exit} on step {step} ({reason})", exit=transcript.exit,
                 step=transcript.ended_on, reason=transcript.shown_reason())
    pending = transcript.pending_line()
    return line if pending is None else t("{exit}; {pending}", exit=line, pending=pending)


def headers() -> tuple[str, ...]:
    """The table's column names in the current language."""
    return tuple(t(header) for header in HEADERS)


def log_lines(transcript: Transcript, shown: int | None = None) -> list[str]:
    """The transcript's log, cut after `shown` steps (None: the whole log)."""
    if shown is None or shown >= len(transcript.steps):
        return transcript.log()
    lines = [t("task: {task}", task=transcript.task)]
    for step in transcript.steps[:shown]:
        lines += step.lines(t)
    return lines


class TranscriptViewer(TextFallback):
    """Task dropdown, max_steps slider (1–5), guard switches, a budget slider, step buttons."""

    def __init__(self, task: str = COURIER, max_steps: int = MAX_STEPS, repeated: bool = False,
                 budget: int | None = None) -> None:
        import ipywidgets as w

        run_with(task, max_steps, repeated, budget)  # validate before building anything
        options = [(label, text) for label, text in EXAMPLE_TASKS.items()]
        if task not in EXAMPLE_TASKS.values():
            options.append((task[:30], task))
        self.task = w.Dropdown(options=options, value=task, description=t("task"))
        self.max_steps = w.IntSlider(value=max_steps, min=STEP_RANGE[0], max=STEP_RANGE[1],
                                     description="max_steps")
        self.repeated = w.Checkbox(value=repeated, description=t("repeated-action guard"))
        self.tokens = w.Checkbox(value=budget is not None, description=t("token budget guard"))
        self.budget = w.IntSlider(value=TOKEN_BUDGET if budget is None else budget, min=50,
                                  max=1000, step=10, description=t("budget"))
        self.first = w.Button(description=t("first step"), icon="step-backward")
        self.next = w.Button(description=t("next step"), icon="step-forward")
        self.all = w.Button(description=t("whole run"), icon="fast-forward")
        self.view = w.HTML()
        for control in (self.task, self.max_steps, self.repeated, self.tokens, self.budget):
            control.observe(self._changed, names="value")
        self.first.on_click(lambda _: self.show(1))
        self.next.on_click(lambda _: self.show((self.shown or len(self.result.steps)) + 1))
        self.all.on_click(lambda _: self.show(None))
        self.rtl = is_rtl()
        self.box = w.VBox([
            w.HBox([self.task, self.max_steps]),
            w.HBox([self.repeated, self.tokens, self.budget]),
            w.HBox([self.first, self.next, self.all]),
            self.view,
        ] + ([w.HTML(RTL_STYLE)] if self.rtl else []))
        if self.rtl:  # labels and table right to left; the slider's name stays code
            self.box.add_class(RTL_CLASS)
        self.shown: int | None = None
        self._changed()

    def _changed(self, change: Any = None) -> None:
        budget = self.budget.value if self.tokens.value else None
        self.result = run_with(self.task.value, self.max_steps.value, self.repeated.value,
                               budget)
        self.show(None)

    def show(self, shown: int | None) -> None:
        """Show the first `shown` steps (None: the whole run)."""
        total = len(self.result.steps)
        self.shown = None if shown is None or shown >= total else max(1, shown)
        exit_ = self.result.exit if self.shown is None else "running"
        view = (
            f'<div class="agentloop-transcript" data-exit="{html.escape(exit_)}" '
            f'data-steps="{len(rows(self.result, self.shown))}">'
            f'<p class="agentloop-task">'
            f'{html.escape(t("task: {task}", task=self.result.task))}</p>'
            + html_table(headers(), rows(self.result, self.shown))
            + f'<p class="agentloop-summary"><b>{summary(self.result, self.shown)}</b></p></div>'
        )
        self.view.value = rtl_block(view) if self.rtl else view

    def settings(self) -> str:
        guards = [name for name, on in (("repeated", self.repeated.value),
                                        (f"tokens={self.budget.value}", self.tokens.value)) if on]
        return (f"max_steps={self.max_steps.value} guards={','.join(guards) or 'none'}")

    def text(self) -> str:
        return "\n".join([self.settings(), *log_lines(self.result, self.shown),
                          summary(self.result, self.shown)])


def transcript_viewer(task: str = COURIER, max_steps: int = MAX_STEPS, repeated: bool = False,
                      budget: int | None = None) -> TranscriptViewer:
    """Build the viewer; the last expression of a cell displays it."""
    return TranscriptViewer(task, max_steps, repeated, budget)


class TokenPlot:
    """Tokens per request and their running total, step by step, against a budget."""

    def __init__(self, task: str = COURIER, max_steps: int = MAX_STEPS,
                 budget: int = TOKEN_BUDGET) -> None:
        self.budget = validate_budget(budget)
        # Run without guards, to see where the total would go if nothing stopped it.
        self.transcript = run_agent(SupportModel(), task, max_steps)
        self.per_request = self.transcript.tokens
        self.totals = [sum(self.per_request[:n]) for n in range(1, len(self.per_request) + 1)]
        # A guard is asked only about an action that would run (not an answer, not a hand-over).
        self.actions = [step.action is not None and step.observation is not None
                        for step in self.transcript.steps]

    def text(self) -> str:
        yes, no = t("yes"), t("no")
        table = [(n, tokens, total, yes if total > self.budget else no, yes if action else no)
                 for n, (tokens, total, action) in enumerate(
                     zip(self.per_request, self.totals, self.actions, strict=True), start=1)]
        return text_table((t("step"), t("tokens sent"), t("running total"),
                           t("over {budget}?", budget=self.budget), t("an action to run?")),
                          table)

    def figure(self) -> Any:
        """The matplotlib figure (matplotlib is imported only here)."""
        from matplotlib.figure import Figure

        # matplotlib neither joins Persian letters nor runs text right to left: a figure for
        # a right-to-left language keeps its English labels
        say = (lambda text, **values: text.format(**values)) if is_rtl() else t
        steps = list(range(1, len(self.per_request) + 1))
        fig = Figure(figsize=(6.4, 3.6))
        ax = fig.add_subplot()
        ax.bar(steps, self.per_request, color=["#9ecae1" if a else "#d9d9d9"
                                               for a in self.actions],
               label=say("tokens sent in this request (grey: no action to run)"))
        ax.plot(steps, self.totals, marker="o", color="#08519c", label=say("running total"))
        ax.axhline(self.budget, color="#cb181d", linestyle="--",
                   label=say("budget {budget}", budget=self.budget))
        ax.set_xticks(steps)
        ax.set_xlabel(say("step"))
        ax.set_ylabel(say("tokens (≈ words × 1.3)"))
        ax.set_title(say("Every request resends the whole history"))
        ax.legend(loc="upper left", fontsize="small")
        fig.tight_layout()
        return fig

    def png(self) -> bytes:
        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", dpi=80)
        return buffer.getvalue()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        try:
            return {"image/png": self.png(), "text/plain": self.text()}
        except ImportError:  # no matplotlib (the learner's distribution does not need it)
            return {"text/plain": self.text()}


def token_plot(task: str = COURIER, max_steps: int = MAX_STEPS,
               budget: int = TOKEN_BUDGET) -> TokenPlot:
    """Build the plot; the last expression of a cell displays it (text where images don't)."""
    return TokenPlot(task, max_steps, budget)
