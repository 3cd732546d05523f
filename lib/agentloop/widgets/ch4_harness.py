"""Chapter 4's harness view: the state diagram, the event stream and the budget, live.

"next yield point" runs the demo session until it hands control back (a tool request
is answered from the canned table first); "extend & resume" gives a paused session one
more of the limit that ran out. Moving a slider starts a new session. Its labels are in the
course's current language (agentloop.i18n), right to left in Persian; states, event types,
facts and outcomes are the session's data, the same in every language.
"""

from __future__ import annotations

import html
import json
import math
from typing import Any

from agentloop.harness import (
    CYCLE_EDGES,
    DEMO_GOAL,
    PAUSE,
    STATES,
    TOOL_CALL,
    Harness,
    State,
    Stop,
    demo_harness,
)
from agentloop.harness.replay import pause_line
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, RTL_STYLE, rtl_block
from agentloop.widgets.common import TextFallback, html_table, text_table

HEADERS = ("offset", "at", "type", "facts")
NEXT = "next yield point"  # the button, named in the text before the first run
EXTENSION = {"turns": 1, "tool_calls": 1, "seconds": 10}
# Where each state's box sits in the diagram (x, y of its centre).
BOXES = {"IDLE": (70, 40), "PLANNING": (220, 40), "EXECUTING": (390, 40),
         "AWAITING_TOOL": (390, 150), "REFLECTING": (220, 150), "DONE": (70, 150)}


def _guard(payload: dict[str, Any]) -> None:
    command = payload.get("args", {}).get("command", "")
    if isinstance(command, str) and "rm -rf" in command:  # the demo's crude guard
        raise PermissionError(f"refused: {command}")


def state_diagram(current: str) -> str:
    """An SVG of the six states with the current one filled, and the nine cycle edges.

    Pause and resume edges (every active state to IDLE and back) are one note, not eight
    more arrows."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" '
             'class="agentloop-states" font-family="sans-serif" font-size="11">',
             '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="7" refY="3" '
             'orient="auto"><path d="M0,0 L7,3 L0,6 z" fill="#555"/></marker></defs>']
    for source, target in CYCLE_EDGES:
        (x1, y1), (x2, y2) = _edge(str(source), str(target))
        parts.append(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                     'stroke="#555" marker-end="url(#arrow)"/>')
    for name, (x, y) in BOXES.items():
        on = name == current
        fill, weight = ("#ffd54f", "bold") if on else ("#f4f4f4", "normal")
        parts.append(f'<rect x="{x - HALF_W}" y="{y - HALF_H}" width="{2 * HALF_W}" '
                     f'height="{2 * HALF_H}" rx="6" fill="{fill}" stroke="#333" '
                     f'data-state="{name}" data-current="{str(on).lower()}"/>')
        parts.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" '
                     f'font-weight="{weight}">{name}</text>')
    note = t("not drawn: every active state can pause to IDLE, and a resume goes back to it")
    anchor = ' x="470" text-anchor="end" direction="rtl"' if is_rtl() else ' x="10"'
    parts.append(f'<text{anchor} y="192" fill="#555">{html.escape(note)}</text></svg>')
    return "".join(parts)


HALF_W, HALF_H = 58, 14


def _edge(source: str, target: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The line from box to box: clipped at both borders, moved aside when it has a twin."""
    (x1, y1), (x2, y2) = BOXES[source], BOXES[target]
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if (State(target), State(source)) in CYCLE_EDGES:  # two arrows between one pair
        x1, y1, x2, y2 = (x1 - 5 * dy / length, y1 + 5 * dx / length,
                          x2 - 5 * dy / length, y2 + 5 * dx / length)
    scale = min(HALF_W / abs(dx) if dx else math.inf, HALF_H / abs(dy) if dy else math.inf)
    return (x1 + dx * scale, y1 + dy * scale), (x2 - dx * scale, y2 - dy * scale)


def event_rows(harness: Harness) -> list[tuple]:
    return [(e.offset, f"{e.at:.0f}s", e.type, e.data) for e in harness.events]


def describe_stop(stop: Stop | None, harness: Harness) -> str:
    if stop is None:
        return t("not started: press '{button}' to run(goal)", button=t(NEXT))
    if stop.kind == TOOL_CALL:
        request = stop.request or {}
        return t("yield point: AWAITING_TOOL, request {call_id} {tool} {args}",
                 call_id=request.get("call_id"), tool=request.get("tool"),
                 args=json.dumps(request.get("args")))
    if stop.kind == PAUSE:
        return pause_line("yield point", stop.pause or {})
    return t("DONE: outcome {outcome}", outcome=stop.outcome)


def headers() -> tuple[str, ...]:
    """The event table's column names in the current language."""
    return tuple(t(header) for header in HEADERS)


class HarnessView(TextFallback):
    """Budget sliders, a guard switch, 'next yield point', 'extend & resume', the diagram."""

    def __init__(self, max_turns: int = 2, max_tool_calls: int = 10, max_seconds: int = 60,
                 guard: bool = False) -> None:
        import ipywidgets as w

        demo_harness(max_turns, max_tool_calls, max_seconds)  # validate before building
        self.max_turns = w.IntSlider(value=max_turns, min=0, max=5, description="max_turns")
        self.max_tool_calls = w.IntSlider(value=max_tool_calls, min=0, max=10,
                                          description=t("tool calls"))
        self.max_seconds = w.IntSlider(value=max_seconds, min=1, max=60,
                                       description=t("seconds"))
        self.guard = w.Checkbox(value=guard, description=t("block rm -rf"))
        self.next = w.Button(description=t(NEXT), icon="step-forward")
        self.resume = w.Button(description=t("extend & resume"), icon="play")
        self.restart = w.Button(description=t("restart"), icon="refresh")
        self.view = w.HTML()
        for control in (self.max_turns, self.max_tool_calls, self.max_seconds, self.guard):
            control.observe(self._restart, names="value")
        self.next.on_click(lambda _: self.next_yield())
        self.resume.on_click(lambda _: self.extend_and_resume())
        self.restart.on_click(self._restart)
        self.rtl = is_rtl()
        self.box = w.VBox([
            w.HBox([self.max_turns, self.max_tool_calls, self.max_seconds, self.guard]),
            w.HBox([self.next, self.resume, self.restart]),
            self.view,
        ] + ([w.HTML(RTL_STYLE)] if self.rtl else []))
        if self.rtl:  # labels right to left; the states, events and facts stay code
            self.box.add_class(RTL_CLASS)
        self._restart()

    def _restart(self, change: Any = None) -> None:
        self.harness = demo_harness(self.max_turns.value, self.max_tool_calls.value,
                                    self.max_seconds.value)
        if self.guard.value:
            self.harness.on("before_tool_call", _guard)
        self.stop: Stop | None = None
        self.render()

    def next_yield(self) -> None:
        """Run to the next yield point: start the session, or answer the pending tool call."""
        if self.stop is None:
            self.stop = self.harness.run(DEMO_GOAL)
        elif self.stop.kind == TOOL_CALL and self.stop.request is not None:
            self.stop = self.harness.resume(self.harness.call_tool(self.stop.request))
        self.render()

    def extend_and_resume(self) -> None:
        """On a pause: extend the limit that ran out (by 1, or 10 seconds) and resume."""
        if self.stop is not None and self.stop.kind == PAUSE and self.stop.pause:
            limit = self.stop.pause.get("limit")
            if limit:
                self.harness.extend_budget(**{limit: EXTENSION[limit]})
            self.stop = self.harness.resume()
        self.render()

    def budget_line(self) -> str:
        s, b = self.harness.session, self.harness.budget
        return t("budget: turns {turns}/{max_turns}, tool calls {tool_calls}/{max_tool_calls}, "
                 "seconds {seconds}/{max_seconds}", turns=s.turns, max_turns=b.max_turns,
                 tool_calls=s.tool_calls, max_tool_calls=b.max_tool_calls,
                 seconds=f"{self.harness._elapsed:g}", max_seconds=f"{b.max_seconds:g}")

    def render(self) -> None:
        state = str(self.harness.state)
        view = (
            f'<div class="agentloop-harness" data-state="{state}">'
            + state_diagram(state)
            + f"<p><b>{html.escape(describe_stop(self.stop, self.harness))}</b><br>"
            + f"{html.escape(self.budget_line())}</p>"
            + html_table(headers(), event_rows(self.harness)) + "</div>")
        self.view.value = rtl_block(view) if self.rtl else view

    def text(self) -> str:
        settings = (f"max_turns={self.max_turns.value} max_tool_calls="
                    f"{self.max_tool_calls.value} max_seconds={self.max_seconds.value} "
                    f"guard={'on' if self.guard.value else 'off'}")
        states = "  ".join(f"[{s}]" if s == self.harness.state else s for s in STATES)
        lines = [settings, t("states: {states}", states=states),
                 describe_stop(self.stop, self.harness),
                 self.budget_line()]
        rows = [(o, at, kind, json.dumps(facts, ensure_ascii=False)[:70])
                for o, at, kind, facts in event_rows(self.harness)]
        if rows:
            lines.append(text_table(headers(), rows))
        return "\n".join(lines)


def harness_view(max_turns: int = 2, max_tool_calls: int = 10, max_seconds: int = 60,
                 guard: bool = False) -> HarnessView:
    """Build the view; the last expression of a cell displays it."""
    return HarnessView(max_turns, max_tool_calls, max_seconds, guard)
