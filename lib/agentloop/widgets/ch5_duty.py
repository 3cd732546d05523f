"""Chapter 5's duty explorer: pick the query, the board and the policy, watch the officer's run.

Every change re-runs the duty officer (chapter 5's loop, with the scripted scenario in the
model's place) on the example office, written once into a temporary folder: the office
board (with its unreadable task-012.md), the same board fixed, an empty board, a missing
one. The table has one row a step; below it, the stop and what the person is told.
Its labels are in the course's current language (agentloop.i18n), right to left in Persian;
queries, actions, decisions and terminals are the run's data, the same in every language.
"""

from __future__ import annotations

import html
import tempfile
from pathlib import Path
from typing import Any

from agentloop.duty.banner import board_words
from agentloop.duty.banner import outcome_lines as banner_outcome
from agentloop.duty.board_tools import (
    DRAFT_SUMMARY,
    PAGE_SIZE,
    READ_TASK_CARDS,
    VALIDATE_TASK_CARD,
    board_registry,
)
from agentloop.duty.example import BOARD, FIXED_BOARD, WORKSPACE, write_office
from agentloop.duty.officer import Run, RunInput, run_officer
from agentloop.duty.planner import DutyModel
from agentloop.duty.state import DutyStep
from agentloop.i18n import is_rtl, t
from agentloop.i18n.display import RTL_CLASS, RTL_STYLE, rtl_block
from agentloop.loop import MAX_RETRIES, MAX_STEPS, RETRY_RANGE, STEP_RANGE
from agentloop.widgets.common import TextFallback, html_table, text_table

HEADERS = ("step", "action", "observation", "decision")
QUERIES = ("equipment", "posters", "projector", "catering", "task-003", "lab")
# board label -> its folder inside the example workspace (archive/ is never written); the
# office board has task-012.md, which cannot be read, so only the fixed board lets a single
# match become a success without a person's answer
BOARDS = {"office board": BOARD, "fixed board": FIXED_BOARD, "empty board": "empty",
          "archive (missing)": "archive"}
CONTRACT = ("id", "title", "status", "blocked_by")
PAGE_SIZES = (1, 14)          # 14: the office board on one page
TOKEN_BUDGETS = {"none": None, "4000": 4000, "1000": 1000}

# the example office, written once a process; the folder goes when the kernel exits
_OFFICE: list[tuple[tempfile.TemporaryDirectory[str], Path]] = []


def office() -> Path:
    """The example workspace folder (my_agent/), written into a temporary folder once."""
    if not _OFFICE:
        folder = tempfile.TemporaryDirectory(prefix="agentloop-office-")
        root = write_office(folder.name)
        (root / "empty").mkdir(exist_ok=True)
        _OFFICE.append((folder, root))
    return _OFFICE[0][1]


def duty_run(query: str, board: str = "office board", max_steps: int = MAX_STEPS,
             max_retries: int = MAX_RETRIES, page_size: int = PAGE_SIZE,
             repeated: bool = True, tokens: int | None = None) -> Run:
    """One run of the duty officer on an example board, as the explorer shows it."""
    if board not in BOARDS:
        raise ValueError(t("board must be one of {boards}, got {board}",
                           boards=", ".join(BOARDS), board=repr(board)))
    guards = (("repeated",) if repeated else ()) + ((f"tokens={tokens}",) if tokens else ())
    registry = board_registry(office() / BOARDS[board], f"{WORKSPACE}/{BOARDS[board]}",
                              page_size, CONTRACT)
    return run_officer(RunInput(f"Tell Anya about {query!r}", query, max_steps, max_retries,
                                guards), DutyModel(), registry)


def observed(record: DutyStep) -> str:
    """What came back on one step, in a few words."""
    observation = record["observation"]
    if not observation["ok"]:
        return board_words(observation["error"])
    if record["action"] == READ_TASK_CARDS:
        found = ", ".join(observation["matches"]) or t("no match")
        return t("page {page} of {pages}: {found}", page=observation["page"],
                 pages=observation["pages"], found=found)
    if record["action"] == VALIDATE_TASK_CARD:
        if observation["valid"]:
            return t("{card} is valid", card=observation["card"])
        return t("{card}: {problems}", card=observation["card"], problems="; ".join(
            board_words(problem) for problem in observation["problems"]))
    if record["action"] == DRAFT_SUMMARY:
        cards = ", ".join(observation["cards"])
        if observation["contract"]["ok"]:
            return t("summary of {cards}; contract met", cards=cards)
        return t("summary of {cards}; contract not met", cards=cards)
    return t("(an observation)")


def rows(run: Run) -> list[tuple]:
    return [(r["step"], r["action"], observed(r), r["decision"]) for r in run.records]


def outcome_lines(run: Run) -> list[str]:
    """The stop, what the person is told, and the card files that could not be searched."""
    steps = len(run.records)
    after = t("{terminal} after 1 step", terminal=run.terminal) if steps == 1 else \
        t("{terminal} after {steps} steps", terminal=run.terminal, steps=steps)
    # the banner's own lines after its stop line; as there, the line's key stays English
    return [f"Stop: {after}", *banner_outcome(run)[1:]]


def headers() -> tuple[str, ...]:
    """The table's column names in the current language."""
    return tuple(t(header) for header in HEADERS)


class DutyExplorer(TextFallback):
    """Query and board dropdowns, the stop policy's sliders, the guards; the run below."""

    def __init__(self, query: str = "equipment", board: str = "office board",
                 max_steps: int = MAX_STEPS, max_retries: int = MAX_RETRIES,
                 page_size: int = PAGE_SIZE, repeated: bool = True,
                 tokens: int | None = None) -> None:
        import ipywidgets as w

        if query not in QUERIES:
            raise ValueError(t("query must be one of {queries}, got {query}",
                               queries=", ".join(QUERIES), query=repr(query)))
        budget = next((label for label, value in TOKEN_BUDGETS.items() if value == tokens),
                      None)
        if budget is None:
            raise ValueError(t("tokens must be one of {budgets}, got {tokens}",
                               budgets=", ".join(map(str, TOKEN_BUDGETS.values())),
                               tokens=repr(tokens)))
        if not PAGE_SIZES[0] <= page_size <= PAGE_SIZES[1]:
            raise ValueError(t("page_size must be from {low} to {high} here, got {value}",
                               low=PAGE_SIZES[0], high=PAGE_SIZES[1], value=repr(page_size)))
        duty_run(query, board, max_steps, max_retries, page_size, repeated, tokens)  # validate
        self.query = w.Dropdown(options=list(QUERIES), value=query, description=t("query"))
        # a board and a budget are shown in the reader's language; their values stay English
        self.board = w.Dropdown(options=[(t(label), label) for label in BOARDS], value=board,
                                description=t("board"))
        self.max_steps = w.IntSlider(value=max_steps, min=STEP_RANGE[0], max=STEP_RANGE[1],
                                     description="max_steps")
        self.max_retries = w.IntSlider(value=max_retries, min=RETRY_RANGE[0],
                                       max=RETRY_RANGE[1], description="max_retries")
        self.page_size = w.IntSlider(value=page_size, min=PAGE_SIZES[0], max=PAGE_SIZES[1],
                                     description="page_size")
        self.repeated = w.Checkbox(value=repeated, description=t("repeated-action guard"))
        self.tokens = w.Dropdown(options=[(t(label), label) for label in TOKEN_BUDGETS],
                                 value=budget, description=t("token budget"))
        self.view = w.HTML()
        controls = (self.query, self.board, self.max_steps, self.max_retries, self.page_size,
                    self.repeated, self.tokens)
        for control in controls:
            control.observe(self._changed, names="value")
        self.rtl = is_rtl()
        self.box = w.VBox([
            w.HBox([self.query, self.board, self.tokens]),
            w.HBox([self.max_steps, self.max_retries, self.page_size, self.repeated]),
            self.view,
        ] + ([w.HTML(RTL_STYLE)] if self.rtl else []))
        if self.rtl:  # labels and table right to left; the sliders' names stay code
            self.box.add_class(RTL_CLASS)
        self._changed()

    def settings(self) -> dict[str, Any]:
        return {"query": self.query.value, "board": self.board.value,
                "max_steps": self.max_steps.value, "max_retries": self.max_retries.value,
                "page_size": self.page_size.value, "repeated": self.repeated.value,
                "tokens": TOKEN_BUDGETS[self.tokens.value]}

    def _changed(self, change: Any = None) -> None:
        self.run = duty_run(**self.settings())
        lines = outcome_lines(self.run)
        view = (
            f'<div class="agentloop-duty" data-terminal="{self.run.terminal}" '
            f'data-steps="{len(self.run.records)}">'
            + html_table(headers(), rows(self.run))
            + f'<p class="agentloop-summary"><b>{html.escape(lines[0])}</b><br>'
            + "<br>".join(html.escape(line) for line in lines[1:]) + "</p></div>")
        self.view.value = rtl_block(view) if self.rtl else view

    def text(self) -> str:
        s = self.settings()
        guards = [*(["repeated"] if s["repeated"] else []),
                  *([f"tokens={s['tokens']}"] if s["tokens"] else [])]
        settings = (f"query={s['query']!r} board={s['board']!r} max_steps={s['max_steps']} "
                    f"max_retries={s['max_retries']} page_size={s['page_size']} "
                    f"guards={','.join(guards) or 'none'}")
        return "\n".join([settings, text_table(headers(), rows(self.run)),
                          *outcome_lines(self.run)])


def duty_explorer(query: str = "equipment", board: str = "office board",
                  max_steps: int = MAX_STEPS, max_retries: int = MAX_RETRIES,
                  page_size: int = PAGE_SIZE, repeated: bool = True,
                  tokens: int | None = None) -> DutyExplorer:
    """Build the explorer; the last expression of a cell displays it."""
    return DutyExplorer(query, board, max_steps, max_retries, page_size, repeated, tokens)
