"""Chapter 5: one shift of the duty officer — everything `agentloop run --dir` does, in order.

    1. load the workspace (agent.json, stop_policy.json)      WorkspaceError
    2. read the saved state; check the person's answer         StateFileError, AnswerError
    3. choose the model: the authored scenario, or a live one  WorkspaceError (no key, no SDK)
    4. register the allowlisted board tools
    5. run the officer, writing the trace as it goes           OutputError
    6. write the answer and the state for the next run         OutputError
    7. print the banner

Every error above is a ValueError with a one-line message; the CLI prints it and exits 2.
Nothing is written before every setting has been checked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentloop.duty.banner import facts_for, format_banner
from agentloop.duty.board_tools import board_registry
from agentloop.duty.handover import (
    Saved,
    answer_file,
    input_for,
    load_saved,
    next_saved,
    save_state,
)
from agentloop.duty.officer import SUCCESS, Run, run_officer
from agentloop.duty.planner import DutyModel
from agentloop.duty.trace import TraceWriter
from agentloop.duty.workspace import (
    AGENT_FILE,
    LIVE_PREFIX,
    Workspace,
    WorkspaceError,
    load_workspace,
)


class OutputError(ValueError):
    """The answer, the state or the trace cannot be written where the workspace says."""


@dataclass
class Shift:
    """A finished shift: the banner it printed and the run behind it."""

    text: str
    run: Run
    workspace: Workspace

    @property
    def exit_status(self) -> int:
        """0 when the run succeeded, 1 when it ended another way (a person must act)."""
        return 0 if self.run.terminal == SUCCESS else 1


def run_shift(folder: str | Path, answer: str | None = None, model: Any = None) -> Shift:
    """Run the workspace in `folder` once; `answer` answers the question its state saved."""
    workspace = load_workspace(folder)
    state_path, state_shown = workspace.path("state"), workspace.shown_path("state")
    saved = load_saved(state_path, state_shown) if state_path is not None else None
    run_input = input_for(workspace.goal, workspace.query, saved, answer, state_shown,
                          max_steps=workspace.max_steps, max_retries=workspace.max_retries,
                          guards=workspace.guards)
    model = model if model is not None else model_for(workspace)
    registry = board_registry(workspace.board, workspace.board_shown, workspace.page_size,
                              workspace.contract, workspace.tools)
    facts = facts_for(workspace, run_input)
    trace = _open_trace(workspace, facts)
    try:
        run = run_officer(run_input, model, registry,
                          on_step=trace.step if trace else None,
                          on_event=trace.event if trace else None)
        if trace is not None:
            trace.stop(run)
    finally:
        if trace is not None:
            trace.close()
    if trace is not None and trace.error is not None:
        raise OutputError(f"cannot write the trace {workspace.shown_path('trace')}: "
                          f"{trace.error}")
    _write(workspace, "save", lambda path: path.write_text(answer_file(facts, run),
                                                           encoding="utf-8"))
    if state_path is not None:
        after = next_saved(saved or Saved(), run_input, run)
        _write(workspace, "state", lambda path: save_state(path, after))
    return Shift(format_banner(facts, run), run, workspace)


def model_for(workspace: Workspace) -> Any:
    """The authored scenario, or chapter 3's live adapter for "live:MODEL_NAME"."""
    if not workspace.model.startswith(LIVE_PREFIX):
        return DutyModel()
    from agentloop.live import KEY_VARIABLE, LiveModel, MissingKeyError

    where = os.path.join(workspace.shown, AGENT_FILE)
    try:
        return LiveModel(workspace.model[len(LIVE_PREFIX):].strip())
    except MissingKeyError:
        raise WorkspaceError(f"{where}: model {workspace.model!r} needs an API key: "
                          f"{KEY_VARIABLE} is not set (or use \"model\": \"replay\")") from None
    except ImportError:
        raise WorkspaceError(f"{where}: model {workspace.model!r} needs the provider's SDK: "
                          "pip install \"agentloop[live]\"") from None


def _open_trace(workspace: Workspace, facts: dict[str, Any]) -> TraceWriter | None:
    path = workspace.path("trace")
    if path is None:
        return None
    try:
        return TraceWriter(path, facts)
    except OSError as exc:
        raise OutputError(f"cannot write the trace {workspace.shown_path('trace')}: "
                          f"{exc.strerror or type(exc).__name__}") from None


def _write(workspace: Workspace, output: str, write: Any) -> None:
    path = workspace.path(output)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
    except OSError as exc:
        raise OutputError(f"cannot write {output} {workspace.shown_path(output)}: "
                          f"{exc.strerror or type(exc).__name__}") from None
