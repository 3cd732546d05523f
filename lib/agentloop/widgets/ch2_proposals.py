"""Chapter 2's proposal explorer: write a proposal, see whether the controller accepts it.

The top half validates one proposal (picked from the presets or edited by hand)
against a run that asked about `key`, before or after one lookup. The bottom half
runs a whole planner under the controller with a step budget and shows its trace.
Everything it shows comes from `agentloop.controller`; the widget decides nothing.
Its labels are in the course's current language (agentloop.i18n), right to left in
Persian; proposals, codes, statuses and planner names are data, the same in every language.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from html import escape
from typing import Any

from agentloop.controller import step, validate_proposal
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, RTL_STYLE, rtl_block
from agentloop.planners import PLANNERS
from agentloop.proposals import ProposalRejected, RunState, new_state
from agentloop.tools import default_registry
from agentloop.validation import validate_whole_number
from agentloop.widgets.common import TextFallback, html_table, text_table

KINDS = ("tool", "final", "shell")  # "shell" is there to be refused (unknown_type)
STEP_RANGE = (1, 5)  # the budget slider; the controller itself allows any positive budget
HEADERS = ("step", "proposal", "outcome")
EDITOR = "editor"  # the fields do not make a proposal yet (bad JSON, bad requested key)
NO_KEY = "type a requested key of 1 to 32 characters"


def _other_key(key: str) -> str:
    return "design" if key != "design" else "ai"


# Each preset builds a proposal for a run asked about `key` whose last result is `last`.
PRESETS: dict[str, Callable[[str, Any], Any]] = {
    "lookup the requested key": lambda key, last: {
        "type": "tool", "name": "lookup", "args": {"key": key}},
    "lookup another key": lambda key, last: {
        "type": "tool", "name": "lookup", "args": {"key": _other_key(key)}},
    "lookup with an extra argument": lambda key, last: {
        "type": "tool", "name": "lookup", "args": {"key": key, "limit": 5}},
    "lookup a 40-character key": lambda key, last: {
        "type": "tool", "name": "lookup", "args": {"key": "k" * 40}},
    "run Python code": lambda key, last: {
        "type": "tool", "name": "python", "args": {"code": "import os; os.remove('notes.txt')"}},
    "final: what was observed": lambda key, last: {"type": "final", "answer": last},
    "final: an invented record": lambda key, last: {
        "type": "final", "answer": {"title": "Advanced AI", "topics": ["everything"]}},
    "final: nothing found (None)": lambda key, last: {"type": "final", "answer": None},
}


def state_for(key: str, looked_up: bool) -> RunState:
    """A run's state for `key`, before any step or after one lookup of it."""
    state = new_state(key)
    if looked_up:
        step(state, {"type": "tool", "name": "lookup", "args": {"key": key}})
    return state


def preset(name: str, key: str, looked_up: bool) -> Any:
    """The preset proposal `name` for a run asked about `key`."""
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    state = state_for(key, looked_up)
    last = state["observations"][-1]["result"] if state["observations"] else None
    return PRESETS[name](key, last)


def build_proposal(kind: str, name: str, args_text: str, answer_text: str) -> dict[str, Any]:
    """Assemble a proposal from the editor's fields; JSON that does not parse raises ValueError."""
    if kind == "final":
        return {"type": "final", "answer": _parse("answer", answer_text)}
    return {"type": kind, "name": name, "args": _parse("args", args_text)}


def _parse(field: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(t("{field} is not valid JSON ({error} at column {column})",
                           field=field, error=exc.msg, column=exc.colno)) from None


def verdict(proposal: Any, key: str, looked_up: bool) -> dict[str, Any]:
    """What the controller says about `proposal`: accepted, or the code and reason."""
    state = state_for(key, looked_up)
    try:
        validate_proposal(proposal, state)
    except ProposalRejected as exc:
        return {"accepted": False, "code": exc.code, "reason": exc.reason}
    if proposal["type"] == "final":
        does = t("the run ends with answer {answer}", answer=json.dumps(proposal["answer"]))
    else:
        does = t("the controller runs {tool}({args})", tool=proposal["name"],
                 args=json.dumps(proposal["args"]))
    return {"accepted": True, "code": None, "reason": does}


def verdict_line(result: dict[str, Any]) -> str:
    if result["code"] == EDITOR:
        return t("not validated yet: {reason}", reason=result["reason"])
    if result["accepted"]:
        return t("accepted: {reason}", reason=result["reason"])
    return t("REJECTED ({code}): {reason} — nothing ran", code=result["code"],
             reason=result["reason"])


def traced_run(key: str, planner: str = "plan", max_steps: int = 3) -> dict[str, Any]:
    """Run a named planner under the controller, keeping every step, the refused one too.

    Same steps as `controller.run`; the difference is that a refusal is recorded as the
    last event instead of propagating, so the widget can show what came before it.
    """
    if planner not in PLANNERS:
        raise ValueError(f"unknown planner {planner!r}; planners: {', '.join(PLANNERS)}")
    state = new_state(key, max_steps)
    events: list[dict[str, Any]] = []
    while not state["status"] and state["steps"] < max_steps:
        proposal = PLANNERS[planner](copy.deepcopy(state))
        try:
            outcome = step(state, proposal, default_registry())
        except ProposalRejected as exc:
            events.append({"proposal": proposal, "rejected": exc.code, "reason": exc.reason})
            return {"status": "rejected", "answer": None, "events": events}
        events.append({"proposal": proposal, "outcome": outcome})
    return {"status": state["status"] or "stopped", "answer": state["answer"], "events": events}


def rows(run: dict[str, Any]) -> list[tuple]:
    out = []
    for number, event in enumerate(run["events"], start=1):
        if "rejected" in event:
            outcome = t("REJECTED ({code}): {reason}", code=event["rejected"],
                        reason=event["reason"])
        elif "tool" in event["outcome"]:
            outcome = t("ran {tool} → {result}", tool=event["outcome"]["tool"],
                        result=json.dumps(event["outcome"]["result"]))
        else:
            outcome = t("final answer accepted → {status}", status=event["outcome"]["status"])
        out.append((number, event["proposal"], outcome))
    return out


def summary(run: dict[str, Any], max_steps: int) -> str:
    status = run["status"]
    if status == "rejected":
        return t("the controller refused a proposal: run() raises ProposalRejected here")
    if status == "stopped" and max_steps == 1:
        return t("status: stopped — 1 step used and no final answer: not a success, whatever "
                 "the lookup returned")
    if status == "stopped":
        return t("status: stopped — {max_steps} steps used and no final answer: not a success, "
                 "whatever the lookup returned", max_steps=max_steps)
    return t("status: {status}; answer: {answer}", status=status,
             answer=json.dumps(run["answer"]))


def headers() -> tuple[str, ...]:
    """The run table's column names in the current language."""
    return tuple(t(header) for header in HEADERS)


class ProposalExplorer(TextFallback):
    """Preset and editor for one proposal, its verdict, and a planner's run with a budget."""

    def __init__(self, key: str = "ai", proposal: str = "lookup the requested key",
                 looked_up: bool = False, planner: str = "plan", max_steps: int = 3) -> None:
        import ipywidgets as w

        # Validate before building anything, so a bad argument fails with a clear message.
        validate_whole_number("max_steps", max_steps, *STEP_RANGE)
        start = preset(proposal, key, looked_up)
        traced_run(key, planner, max_steps)
        wide = {"style": {"description_width": "initial"}}  # labels are longer than the default
        self.key = w.Text(value=key, description=t("asked about"), **wide)
        self.looked_up = w.Checkbox(value=looked_up, description=t("after one lookup"))
        # a preset is shown in the reader's language; its value stays the English name
        self.preset = w.Dropdown(options=[(t(name), name) for name in PRESETS], value=proposal,
                                 description=t("preset"))
        self.kind = w.Dropdown(options=list(KINDS), description=t("type"))
        self.name = w.Text(description=t("tool name"), **wide)
        self.args = w.Textarea(description=t("args (JSON)"), rows=2, **wide)
        self.answer = w.Textarea(description=t("answer (JSON)"), rows=2, **wide)
        self.planner = w.Dropdown(options=list(PLANNERS), value=planner,
                                  description=t("planner"))
        self.max_steps = w.IntSlider(value=max_steps, min=STEP_RANGE[0], max=STEP_RANGE[1],
                                     description="max_steps")
        self.verdict_view = w.HTML()
        self.run_view = w.HTML()
        self._filling = False
        self._fill(start)
        self.preset.observe(self._preset_changed, names="value")
        # A preset is written for the run's context: when the requested key or the lookup
        # checkbox changes, an untouched preset is rebuilt for the new context (so "final:
        # what was observed" stays what was observed); a hand-edited proposal is kept.
        for control in (self.key, self.looked_up):
            control.observe(self._context_changed, names="value")
        for control in (self.kind, self.name, self.args, self.answer):
            control.observe(self._proposal_changed, names="value")
        for control in (self.key, self.planner, self.max_steps):
            control.observe(self._run_changed, names="value")
        self.rtl = is_rtl()
        self.box = w.VBox([
            w.HTML(f"<b>{escape(t('One proposal'))}</b>"),
            w.HBox([self.key, self.looked_up]),
            self.preset,
            w.HBox([self.kind, self.name]),
            w.HBox([self.args, self.answer]),
            self.verdict_view,
            w.HTML(f"<b>{escape(t('A whole run'))}</b>"),
            w.HBox([self.planner, self.max_steps]),
            self.run_view,
        ] + ([w.HTML(RTL_STYLE)] if self.rtl else []))
        if self.rtl:  # labels and tables right to left; proposals and names stay code
            self.box.add_class(RTL_CLASS)
        self._proposal_changed()
        self._run_changed()

    def _fill(self, proposal: dict[str, Any]) -> None:
        self._filling = True
        self.kind.value = proposal["type"]
        self.name.value = proposal.get("name", "")
        self.args.value = json.dumps(proposal.get("args", {}))
        self.answer.value = json.dumps(proposal.get("answer"))
        self._filling = False
        self._filled = self._fields()

    def _fields(self) -> tuple[str, str, str, str]:
        return (self.kind.value, self.name.value, self.args.value, self.answer.value)

    def _preset_changed(self, change: Any = None) -> None:
        try:
            self._fill(preset(self.preset.value, self.key.value, self.looked_up.value))
        except ValueError:
            pass  # an invalid requested key is reported by _proposal_changed
        self._proposal_changed()

    def _context_changed(self, change: Any = None) -> None:
        if self._fields() == self._filled:  # not edited by hand since the preset filled it
            self._preset_changed()
        else:
            self._proposal_changed()

    def current(self) -> tuple[Any, dict[str, Any]]:
        """The edited proposal and its verdict (an editor error is reported like a verdict)."""
        try:
            proposal = build_proposal(self.kind.value, self.name.value, self.args.value,
                                      self.answer.value)
            return proposal, verdict(proposal, self.key.value, self.looked_up.value)
        except ValueError as exc:  # bad JSON, or a requested key that is not a valid key
            return None, {"accepted": False, "code": EDITOR, "reason": str(exc)}

    def _proposal_changed(self, change: Any = None) -> None:
        if self._filling:  # one preset sets four fields: validate once, at the end
            return
        _, result = self.current()
        accepted = "true" if result["accepted"] else "false"
        colour = "#0a7d2c" if result["accepted"] else "#b00020"
        view = (f'<p class="agentloop-verdict" data-accepted="{accepted}" '
                f'data-code="{result["code"] or ""}" style="color:{colour}">'
                f"{escape(verdict_line(result))}</p>")
        self.verdict_view.value = rtl_block(view) if self.rtl else view

    def planner_run(self) -> dict[str, Any] | None:
        try:
            return traced_run(self.key.value, self.planner.value, self.max_steps.value)
        except ValueError:
            return None

    def _run_changed(self, change: Any = None) -> None:
        run = self.planner_run()
        if run is None:
            view = f"<p>{escape(t(NO_KEY))}</p>"
        else:
            view = (f'<div class="agentloop-run" data-status="{run["status"]}" '
                    f'data-steps="{len(run["events"])}">' + html_table(headers(), rows(run))
                    + f'<p class="agentloop-summary"><b>'
                    f'{summary(run, self.max_steps.value)}</b></p></div>')
        self.run_view.value = rtl_block(view) if self.rtl else view

    def text(self) -> str:
        proposal, result = self.current()
        run = self.planner_run()
        asked = t("asked about {key}, after one lookup" if self.looked_up.value else
                  "asked about {key}, before any step", key=repr(self.key.value))
        shown = json.dumps(proposal) if proposal is not None else t("(not valid JSON)")
        lines = [
            asked,
            t("proposal: {proposal}", proposal=shown),
            verdict_line(result),
            "",
            f"planner={self.planner.value} max_steps={self.max_steps.value}",
        ]
        if run is None:
            lines.append(t(NO_KEY))
        else:
            lines += [text_table(headers(), rows(run)), summary(run, self.max_steps.value)]
        return "\n".join(lines)


def proposal_explorer(key: str = "ai", proposal: str = "lookup the requested key",
                      looked_up: bool = False, planner: str = "plan",
                      max_steps: int = 3) -> ProposalExplorer:
    """Build the explorer; the last expression of a cell displays it."""
    return ProposalExplorer(key, proposal, looked_up, planner, max_steps)
