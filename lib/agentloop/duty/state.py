"""Chapter 5: what the duty officer knows during a run, and what each step leaves behind.

`agentloop.duty.officer.new_state` makes an `OfficerState`; each step updates it
(`update_state`) and `decide` reads it. A run keeps one `DutyStep` a step (`Run.records`,
the trace's step lines). The types live in a module of their own so that anything may
name them (a check, a widget, an answer) without loading the officer.
"""

from __future__ import annotations

from typing import Any, TypedDict

from agentloop.agent import Step
from agentloop.messages import Message, Reply, ToolDefinition
from agentloop.terminals import Decision


class PageRead(TypedDict):
    """What one page of the search found."""

    matches: list[str]
    scanned: int
    unreadable: list[dict[str, str]]   # {"file": "task-012.md", "reason": "..."}


class Validation(TypedDict):
    """What validate_task_card said of one card."""

    valid: bool
    file: str
    problems: list[str]


class OfficerState(TypedDict):
    """The officer's state: chapter 1's counters and limits, the search page by page, the
    cards validated, the draft, and what a model is sent (chapter 3's format)."""

    # chapter 1: the loop's counters, its limits and how the run ended
    phase: str                          # "start", then "observed"
    steps: int
    failures: int
    done: bool
    terminal: Decision | None
    max_steps: int
    max_retries: int
    failure: str | None                 # set when the run ended without a decision
    # the question: the query, the card the person chose, the workspace's rules for asking
    query: str
    chosen: str | None
    ask_when: list[str]
    # the last step: the model's reply, the proposal it made, what came of it
    reply: Reply | dict[str, Any] | None   # as the model gave it, made plain
    proposal: Any                        # a chapter 2 proposal, or None (a malformed reply)
    action: str | None                   # the proposal's tool name
    observation: dict[str, Any] | None
    objection: str | None                # a guard's reason for not running the action
    # the search, page by page; complete only when every page was read
    pages: dict[int, PageRead]
    page_count: int | None
    search_complete: bool
    matches: list[str]
    scanned: int
    total: int | None
    unreadable: list[dict[str, str]]
    titles: dict[str, str]               # card id -> title (only with the similar-id rule)
    validated: dict[str, Validation]     # card id -> what validate_task_card said
    draft: dict[str, Any] | None         # draft_summary's observation
    # what a model is sent, and chapter 3's record of each request for the guards
    messages: list[Message]
    tools: list[ToolDefinition]
    requests: list[Step]


class DutyStep(TypedDict):
    """One step of a run as `Run.records` keeps it (and the trace writes it)."""

    step: int
    action: str              # the banner's name for the action (see officer.action_label)
    note: str                # "refused: <code>", "not run: a guard stopped it", or ""
    ran: bool                # whether a tool ran
    proposal: Any
    reply: Any
    tokens: int              # the request's input tokens
    observation: dict[str, Any]
    decision: Decision
