"""Chapter 5: one shift of the duty officer — everything `agentloop run --dir` does, in order.

    1. load the workspace (agent.json, stop_policy.json)      WorkspaceError
    2. read the last run's state; resolve the person's answer  StateFileError, AnswerError,
       against the question and the board                      OutputError (see `runs`)
    3. choose the model: the scripted scenario, or a live one  WorkspaceError (no key, no SDK)
    4. register the allowlisted board tools (and any faults)
    5. create this run's folder, out/runs/NNNN/                 OutputError
    6. run the officer, writing the trace as it goes           OutputError
    7. write the answer and the state into the run's folder,   OutputError
       then mark it the latest run
    8. print the banner

Every error above is a ValueError with a one-line message; the CLI prints it and exits 2.
Nothing is written before every setting has been checked, and nothing an earlier run wrote
is ever changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentloop.duty.banner import facts_for, format_banner
from agentloop.duty.board import BoardError, Card, load_board
from agentloop.duty.board_tools import board_registry
from agentloop.duty.faults import with_faults
from agentloop.duty.handover import (
    AnswerError,
    Saved,
    answer_file,
    input_for,
    load_saved,
    next_saved,
    state_text,
)
from agentloop.duty.officer import SIMILAR_IDS, SUCCESS, Run, run_officer
from agentloop.duty.planner import DutyModel
from agentloop.duty.runs import OutputError, RunFolder, latest_run, mark_latest, new_run
from agentloop.duty.trace import TraceWriter
from agentloop.duty.workspace import (
    AGENT_FILE,
    LIVE_PREFIX,
    Workspace,
    WorkspaceError,
    endpoint_model,
    load_workspace,
)
from agentloop.i18n import t
from agentloop.model_contract import Model

__all__ = ["OutputError", "Shift", "model_for", "run_shift"]


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


def run_shift(folder: str | Path, answer: str | None = None, model: Model | None = None,
              setting: str | None = None) -> Shift:
    """Run the workspace in `folder` once; `answer` answers the question its last run saved.

    `model` replaces agent.json's model, and `setting` is then how the banner and the
    trace name it (an OpenAICompatibleModel's `setting`) instead of agent.json's model.
    """
    workspace = load_workspace(folder)
    saved, state_shown = last_saved(workspace)
    if answer is not None and saved is not None and state_shown is None:
        raise AnswerError(t("--answer: no run of {workspace} has saved a question yet; run it "
                            "without --answer first", workspace=workspace.shown))
    cards = board_cards(workspace) if answer is not None and saved is not None else None
    run_input = input_for(workspace.goal, workspace.query, saved, answer, state_shown,
                          cards=cards, max_steps=workspace.max_steps,
                          max_retries=workspace.max_retries, guards=workspace.guards,
                          ask_when=workspace.ask_when)
    model = model if model is not None else model_for(workspace)
    registry = with_faults(board_registry(workspace.board, workspace.board_shown,
                                          workspace.page_size, workspace.contract,
                                          workspace.tools, SIMILAR_IDS in workspace.ask_when),
                           workspace.faults)
    run_folder = new_run(workspace)
    facts = facts_for(workspace, run_input, _shown_outputs(workspace, run_folder))
    if setting is not None:
        facts["model"] = setting
    trace = _open_trace(workspace, run_folder, facts)
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
        raise OutputError(t("cannot write the trace {trace}: {why}", trace=facts["trace"],
                            why=trace.error))
    if run_folder is not None:
        _write(workspace, run_folder, "save", answer_file(facts, run))
        after = next_saved(saved or Saved(), run_input, run)
        _write(workspace, run_folder, "state", state_text(after))
        mark_latest(workspace, run_folder)
    return Shift(format_banner(facts, run), run, workspace)


def last_saved(workspace: Workspace) -> tuple[Saved | None, str | None]:
    """The state the last finished run saved, and its shown path (None, None when agent.json
    has no state). Before any run: a fresh state and None — or an older workspace's
    out/state.json, from before each run had its own folder."""
    if workspace.outputs["state"] is None:
        return None, None
    name = Path(workspace.outputs["state"]).name
    latest = latest_run(workspace)
    if latest is not None:
        run, _ = latest
        return load_saved(run.file(name), run.shown_file(name)), run.shown_file(name)
    legacy, shown = workspace.path("state"), workspace.shown_path("state")
    assert legacy is not None and shown is not None
    if os.path.lexists(legacy):   # written before each run had its own folder
        return load_saved(legacy, shown), shown
    return Saved(), None


def board_cards(workspace: Workspace) -> dict[str, Card] | None:
    """The board's readable cards by id, to resolve an answer in words (None: unreadable)."""
    try:
        board = load_board(workspace.board, workspace.board_shown)
    except BoardError:
        return None
    cards: dict[str, Card] = {}
    for card in board.cards.values():
        cards.setdefault(card.id, card)
    return cards


def model_for(workspace: Workspace) -> Model:
    """The authored scenario, chapter 3's live adapter for "live:MODEL_NAME", or the
    OpenAI-compatible endpoint agent.json's model object names."""
    if workspace.endpoint is not None:
        return endpoint_model(workspace.endpoint)
    if not workspace.model.startswith(LIVE_PREFIX):
        return DutyModel()
    from agentloop.live import KEY_VARIABLE, LiveModel, MissingKeyError

    where = os.path.join(workspace.shown, AGENT_FILE)
    try:
        return LiveModel(workspace.model[len(LIVE_PREFIX):].strip())
    except MissingKeyError:
        raise WorkspaceError(t('{where}: model {model} needs an API key: {variable} is not set '
                               '(or use "model": "scenario")', where=where,
                               model=repr(workspace.model), variable=KEY_VARIABLE)) from None
    except ImportError:
        raise WorkspaceError(t('{where}: model {model} needs the provider\'s SDK: pip install '
                               '"agentloop[live]"', where=where,
                               model=repr(workspace.model))) from None


def _shown_outputs(workspace: Workspace, run: RunFolder | None) -> dict[str, str | None]:
    """save, state and trace as this run writes them (None for those agent.json leaves out)."""
    return {output: None if relative is None or run is None
            else run.shown_file(Path(relative).name)
            for output, relative in workspace.outputs.items()}


def _open_trace(workspace: Workspace, run: RunFolder | None,
                facts: dict[str, Any]) -> TraceWriter | None:
    relative = workspace.outputs["trace"]
    if relative is None or run is None:
        return None
    try:
        return TraceWriter(run.file(Path(relative).name), facts)
    except OSError as exc:
        raise OutputError(t("cannot write the trace {trace}: {why}", trace=facts["trace"],
                            why=exc.strerror or type(exc).__name__)) from None


def _write(workspace: Workspace, run: RunFolder, output: str, text: str) -> None:
    relative = workspace.outputs[output]
    if relative is not None:
        run.write(Path(relative).name, text)
