"""Chapter 5: the run banner — every line names something the workspace configures.

    agentloop: run
    goal:         what the person asked
    config:       the workspace folder
    board:        the board folder, the query searched for, the page size
    model:        the authors' scripted scenario, or the live model
    scenario:     the route the scripted scenario follows
    stop_policy:  chapter 1's limits, chapter 3's guards (and the workspace's ask_when)
    faults:       the injected faults, if agent.json names any
    tools:        the dispatcher's allowlist
    Step N | action | decision          one line a step
    Stop: terminal
    answer: / question: / reason:       what the person is told
    not searched:  card files that could not be read, and why (only when there are some)
    contract:     whether the answer met the output contract
    save:         where the answer was written (this run's folder, out/runs/NNNN/)
    state:        what the state file carries into the next run
    trace:        where the trace went, and how to replay it
    (closing)     a technical run does not confirm the model's quality

A line the workspace leaves out says "not configured" and why. Nothing here reads a clock:
the same workspace, board and state print the same bytes.

The banner is made from `facts` — plain data fixed before the run (`facts_for`), which the
trace stores — and the run itself, so a replay prints it again from the trace alone.
"""

from __future__ import annotations

from typing import Any

from agentloop.duty.handover import message_for, unreadable_line
from agentloop.duty.officer import NEEDS_INPUT, SIMILAR_IDS, SUCCESS, Run, RunInput
from agentloop.duty.planner import SCENARIO, SCENARIO_ROUTE
from agentloop.duty.state import DutyStep
from agentloop.duty.workspace import LIVE_PREFIX, Workspace
from agentloop.guards import guard_label
from agentloop.openai_compatible import NAME as OPENAI_COMPATIBLE
from agentloop.openai_compatible import SETTING_PREFIX

CLOSING = "This technical run does not confirm the model's quality."
ASK_NAMES = {SIMILAR_IDS: "a card has a similar id"}


def facts_for(workspace: Workspace, run_input: RunInput,
              outputs: dict[str, str | None] | None = None) -> dict[str, Any]:
    """Everything the banner prints that is fixed before the run starts, as plain data.
    `outputs`: where this run writes save, state and trace (default: agent.json's paths)."""
    shown = outputs if outputs is not None else {
        name: workspace.shown_path(name) for name in ("save", "state", "trace")}
    return {
        "goal": workspace.goal, "query": run_input.query, "answer": run_input.answer,
        "question": run_input.question, "config": workspace.shown,
        "board": workspace.board_shown, "page_size": workspace.page_size,
        "model": workspace.model, "max_steps": run_input.max_steps,
        "max_retries": run_input.max_retries, "guards": list(run_input.guards),
        "tools": list(workspace.tools), "tools_default": workspace.tools_default,
        "contract": None if workspace.contract is None else list(workspace.contract),
        "save": shown["save"], "state": shown["state"], "trace": shown["trace"],
        "chosen": run_input.chosen, "ask_when": list(run_input.ask_when),
        "faults": list(workspace.faults),
    }


def format_banner(facts: dict[str, Any], run: Run) -> str:
    """The text `agentloop run --dir WORKSPACE` prints."""
    label, text = message_for(run)
    lines = [
        "agentloop: run",
        f"goal: {facts['goal']}",
        f"config: {facts['config']}",
        _board_line(facts),
        *_model_lines(facts),
        _policy_line(facts),
        *_faults_lines(facts),
        _tools_line(facts),
    ]
    lines += [f"Step {r['step']} | {r['action']}{_note(r)} | {r['decision']}"
              for r in run.records]
    lines += [f"Stop: {run.terminal}", f"{label}: {text}"]
    unreadable = unreadable_line(run)
    if unreadable is not None:
        lines.append(unreadable)
    lines += [
        _contract_line(facts, run),
        _save_line(facts, run),
        _state_line(facts, run),
        _trace_line(facts),
        CLOSING,
    ]
    return "\n".join(lines)


def _board_line(facts: dict[str, Any]) -> str:
    answer, chosen = facts["answer"], facts.get("chosen")
    whose = ""
    if answer is not None:
        whose = " (the person's answer)" if chosen in (None, answer) else \
            f" (the card the person's answer {answer!r} names)"
    return (f"board: {facts['board']} — searched for {facts['query']!r}{whose}, "
            f"{facts['page_size']} card files a page")


def _model_lines(facts: dict[str, Any]) -> list[str]:
    if facts["model"].startswith(SETTING_PREFIX):   # `agentloop run --model openai-compatible`
        return [f"model: {OPENAI_COMPATIBLE} — {facts['model'][len(SETTING_PREFIX):]}; "
                "every proposal is still checked",
                "scenario: none — the live model chooses every step"]
    if facts["model"].startswith(LIVE_PREFIX):
        name = facts["model"][len(LIVE_PREFIX):]
        return [f"model: live — {name}, through chapter 3's adapter; every proposal is "
                "still checked",
                "scenario: none — the live model chooses every step"]
    return ["model: scenario — the authors' scripted replies, not a live model and not a "
            "recording of one",
            f"scenario: {SCENARIO} — {SCENARIO_ROUTE}"]


def _policy_line(facts: dict[str, Any]) -> str:
    guards = [guard_label(g) for g in facts["guards"]]
    asks = [ASK_NAMES[rule] for rule in facts.get("ask_when", [])]
    ask = f"; asks when {' or '.join(asks)}" if asks else ""
    return (f"stop_policy: max_steps {facts['max_steps']}, max_retries {facts['max_retries']}; "
            f"guards: {', '.join(guards) or 'none'}{ask}")


def _faults_lines(facts: dict[str, Any]) -> list[str]:
    calls = facts.get("faults", [])
    if not calls:
        return []
    numbers = ", ".join(str(call) for call in calls)
    return [f"faults: tool call{'s' * (len(calls) != 1)} {numbers} fail{'s' * (len(calls) == 1)}"
            " once — injected by agent.json, as a board that does not answer in time"]


def _tools_line(facts: dict[str, Any]) -> str:
    if not facts["tools"]:
        return "tools: none — the dispatcher's allowlist is empty, so nothing may run"
    whose = ("the dispatcher's default allowlist: agent.json names no tools"
             if facts["tools_default"] else "the dispatcher's allowlist")
    return f"tools: {', '.join(facts['tools'])} ({whose})"


def _note(record: DutyStep) -> str:
    return f" ({record['note']})" if record["note"] else ""


def _contract_line(facts: dict[str, Any], run: Run) -> str:
    if facts["contract"] is None:
        return "contract: not configured — agent.json has no contract, so the summary is not " \
               "checked"
    fields = ", ".join(facts["contract"])
    draft = run.state["draft"]
    if draft is None:
        return f"contract: {fields} — not checked: the run stopped before a summary was drafted"
    if draft["contract"]["ok"]:
        return f"contract: met — the summary states {fields}"
    return f"contract: not met — the summary lacks {', '.join(draft['contract']['missing'])}"


def _save_line(facts: dict[str, Any], run: Run) -> str:
    if facts["save"] is None:
        return "save: not configured — agent.json has no save, so the answer is only printed"
    what = {SUCCESS: "the summary", NEEDS_INPUT: "the question"}.get(
        run.terminal, "why no answer was confirmed")
    draft = run.state["draft"]
    if run.terminal == NEEDS_INPUT and draft is not None and draft["contract"]["ok"]:
        what = "the question, and the summary drafted but not confirmed"
    return f"save: {facts['save']} — {what}"


def _state_line(facts: dict[str, Any], run: Run) -> str:
    if facts["state"] is None:
        return "state: not configured — agent.json has no state, so a question cannot be " \
               "answered in a later run"
    chosen = facts.get("chosen")
    named = f" ({chosen})" if chosen not in (None, facts["answer"]) else ""
    before = (f"this run answered the saved question with {facts['answer']!r}{named}"
              if facts["answer"] is not None else "no earlier answer used")
    after = ("the question is saved: answer it with --answer"
             if run.terminal == NEEDS_INPUT else "no new question")
    return f"state: {facts['state']} — {before}; {after}"


def _trace_line(facts: dict[str, Any]) -> str:
    if facts["trace"] is None:
        return "trace: not configured — agent.json has no trace, so this run cannot be replayed"
    return f"trace: {facts['trace']} — replay this run with: agentloop replay {facts['trace']}"
