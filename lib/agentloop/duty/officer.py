"""Chapter 5: the duty officer — the loop of chapters 1 to 4, on a real task board.

One step, as in chapter 1: the model proposes an action (chapter 3's `create`) → the
dispatcher checks it (chapter 2's controller, then the officer's own checks) → chapter 3's
guards look at it → the tool runs on the board → observation → update the state → decide.
The steps run inside chapter 4's harness, which keeps the states, the event stream and
the budget envelope; `run_officer` plugs the officer into it (its planner and its `decide`
hook) and answers its yield point:

    PLANNING       propose(): the model proposes one action (a plan of one step)
    AWAITING_TOOL  the yield point: carry_out() checks the action and runs it,
                   update_state() records the observation
    REFLECTING     decide(): continue -> PLANNING again (a Replan move), a terminal -> DONE
                   (Finish: goal_met for success, incomplete for the other three, with
                   the terminal as the detail)

Terminals, chapter 1's closed set: success, needs_input, error, limit.

`decide`, in this order:
    a guard stopped the action                      -> limit (a safeguard is a limit)
    the board is longer than a run may read         -> limit (a budget; a retry cannot help)
    the action failed (refused, or a tool error)    -> error once failures > max_retries
    the search is complete and does not settle      -> needs_input (never pick a card):
      which card is meant                              0 or 2+ matches; with the workspace's
                                                       ask_when "similar_ids", a card whose id
                                                       is similar to the match's; the card
                                                       the person chose is not among them
    the card the search found is broken             -> needs_input (a person fixes it)
    the summary is drafted                          -> success if it meets the contract and
                                                       no card file went unread, else
                                                       needs_input: an unread card might be
                                                       the one meant, unless the person chose
    steps >= max_steps                              -> limit (also after a first failure:
                                                       a retry would be one step too many)
    otherwise                                       -> continue

The dispatcher's refusals, in the order it checks:
    not_a_tool_call    the model answered in words: an answer comes only from draft_summary
    (chapter 2)        not_a_dict … out_of_scope, against the allowlisted registry, with the
                       run's query as the key a search must use
    not_a_match        validate_task_card on a card this run's search did not find
    search_incomplete  draft_summary before every page of the search was read
    unconfirmed        draft_summary on a card not validated as sound in this run

A refused proposal is a failed action (it used a step and counts towards max_retries);
nothing runs. Read `run_officer` first, then the functions it calls in order. The state
and a step's record are typed in `agentloop.duty.state`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agentloop.agent import Guard, GuardStep, Step, first_objection
from agentloop.controller import ProposalRejected, validate_proposal
from agentloop.duty.asking import ASK_RULES, SIMILAR_IDS
from agentloop.duty.board_tools import (
    DRAFT_SUMMARY,
    READ_TASK_CARDS,
    VALIDATE_TASK_CARD,
    observation_problem,
    tool_definitions,
)
from agentloop.duty.planner import SYSTEM, proposal_of, task_message
from agentloop.duty.state import DutyStep, OfficerState, PageRead
from agentloop.guards import parse_guard, repeated_action
from agentloop.harness.budget import Budget, FakeClock
from agentloop.harness.machine import PAUSE, TOOL_CALL, Harness
from agentloop.harness.moves import (
    GOAL_MET,
    INCOMPLETE,
    Finish,
    Move,
    PlanStep,
    Replan,
    StepRecord,
)
from agentloop.i18n import t
from agentloop.loop import (
    CONTINUE,
    ERROR,
    LIMIT,
    MAX_RETRIES,
    MAX_STEPS,
    NEEDS_INPUT,
    SUCCESS,
    validate_limits,
)
from agentloop.messages import (
    ASSISTANT,
    USER,
    input_tokens_of,
    message,
    text_block,
    text_of,
    tool_result_block,
    tool_use_of,
)
from agentloop.model_contract import Model
from agentloop.plain import copy_plain
from agentloop.terminals import Decision
from agentloop.text import short_repr
from agentloop.tools import ToolRegistry
from agentloop.vocabulary import Word


class Refusal(Word):
    """The dispatcher's own refusals, beside chapter 2's codes, in the order it checks."""

    NOT_A_TOOL_CALL = "not_a_tool_call"
    NOT_A_MATCH = "not_a_match"
    SEARCH_INCOMPLETE = "search_incomplete"
    UNCONFIRMED = "unconfirmed"


REFUSALS = tuple(Refusal)
# The harness's envelope is only a backstop: decide() stops at max_steps first. Its clock
# never moves, so no wall-clock time reaches a decision or the trace.
MAX_SECONDS = 3600.0
MODEL_FAILED = "the model failed: "

StepHook = Callable[[DutyStep], None]


@dataclass(frozen=True)
class RunInput:
    """What one run is asked: the goal, the query (the workspace's, or the person's answer
    to a saved question), the stop policy and the guards.

    `chosen` is the card the person's answer named (resolved against the board before the
    run): it settles which card is meant, so neither a similar id nor an unread card file
    makes the officer ask again. `ask_when` holds the workspace's extra rules for asking."""

    goal: str
    query: str
    max_steps: int = MAX_STEPS
    max_retries: int = MAX_RETRIES
    guards: tuple[str, ...] = ()
    answer: str | None = None
    question: str | None = None
    chosen: str | None = None
    ask_when: tuple[str, ...] = ()


@dataclass
class Run:
    """How a run went: one record a step, the terminal, the final state, the harness events.

    `failure` is set when the run ended without a decision: the model itself failed (an
    error), or the harness's backstop budget ran out (a limit).
    """

    input: RunInput
    records: list[DutyStep]
    terminal: Decision
    state: OfficerState
    events: list[dict[str, Any]] = field(default_factory=list)
    failure: str | None = None


def run_officer(run_input: RunInput, model: Model, registry: ToolRegistry,
                on_step: StepHook | None = None,
                on_event: Callable[[Any], Any] | None = None) -> Run:
    """Run the duty officer until one of the four terminals; return the run.

    Chapter 4's harness runs the steps; the officer plugs in its planner (the model proposes
    one action) and its `decide` (chapter 1's decision, made the harness's next move), and
    acts at the yield point, where the harness hands the action back to be carried out."""
    state = new_state(run_input, registry)
    guards = guards_from(run_input.guards)
    records: list[DutyStep] = []

    def plan(goal: str, history: list[StepRecord]) -> list[PlanStep]:   # PLANNING
        propose(state, model)
        return [plan_step(state)]

    def decide_next(ended: StepRecord) -> Move:                         # REFLECTING
        decision = decide(state)
        records.append(record_step(state, decision, on_step))
        return next_move(state, decision)

    budget = Budget(run_input.max_steps, run_input.max_steps, MAX_SECONDS, FakeClock())
    harness = Harness(plan, budget, decide=decide_next)
    if on_event is not None:
        harness.subscribe(on_event)
    stop = harness.run(run_input.goal)
    while stop.kind == TOOL_CALL:                     # AWAITING_TOOL: the officer acts
        observation = carry_out(state, registry, guards)
        update_state(state, observation)
        stop = harness.resume(as_tool_result(observation))
    if stop.kind == PAUSE:                            # the backstop; decide() stops first
        state["failure"] = f"the harness budget ran out ({stop.pause})"
        harness.close(state["failure"])
    return finish(run_input, state, records, harness)


def propose(state: OfficerState, model: Model) -> Any:
    """PLANNING: ask the model for the next action; its reply becomes a proposal (or None)."""
    # Both are plain data the run built itself, with no part shared or circular: copy_plain
    # copies them as deepcopy would, at a fraction of its cost.
    reply = model.create(SYSTEM, copy_plain(state["messages"]), copy_plain(state["tools"]))
    proposal = proposal_of(reply)   # None: the reply is malformed
    state["reply"] = _plain(reply)
    state["proposal"] = _plain(proposal)
    state["action"] = _tool_name(proposal)
    kept = state["reply"]   # the plain copy: the model keeps no handle on the run's record
    use = tool_use_of(kept) if state["action"] is not None else None
    plan = text_of(kept) if proposal is not None else ""
    tokens = input_tokens_of(kept) if proposal is not None else 0
    # chapter 3's record of the request, which is what its guards read
    state["requests"].append(Step(state["steps"] + 1, plan, use, tokens=tokens))
    return proposal


def plan_step(state: OfficerState) -> PlanStep:
    """The proposal as the harness's plan of one step (its plain copy: safe for the event
    log). Always with a tool: a step without one would skip AWAITING_TOOL, where the checks
    are."""
    proposal = state["proposal"]
    args = proposal.get("args") if isinstance(proposal, dict) else None
    label = action_label(proposal)
    return {"name": f"step {state['steps'] + 1}: {label}", "tool": label,
            "args": args if isinstance(args, dict) else {}}


def carry_out(state: OfficerState, registry: ToolRegistry,
              guards: Sequence[Guard]) -> dict[str, Any]:
    """AWAITING_TOOL: check the proposal, let the guards look, then run the tool."""
    proposal = state["proposal"]
    try:
        check_proposal(proposal, state, registry)
    except ProposalRejected as refusal:
        return {"ok": False, "error": refusal.record(), "refused": refusal.code}
    objection = first_objection(guards, state["requests"])
    if objection is not None:
        return {"ok": False, "error": f"not run: a guard stopped it ({objection})",
                "guard": objection}
    return run_tool(registry, proposal["name"], proposal["args"])


def run_tool(registry: ToolRegistry, name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run one checked action; whatever the tool does, the result is an observation."""
    try:   # the validated arguments are copied: the model's dict is not the tool's
        observation = registry[name].run(**copy.deepcopy(args))
    except Exception as exc:   # a tool that breaks is an observation, never a crash
        observation = {"ok": False, "error": f"Error: {name} failed ({type(exc).__name__}: "
                                             f"{exc})"}
    return checked_observation(observation, name)


def update_state(state: OfficerState, observation: dict[str, Any]) -> None:
    """Record the observation. A failed attempt is still an action, so it counts as a step."""
    state["observation"] = observation
    state["steps"] += 1
    state["phase"] = "observed"
    state["objection"] = observation.get("guard")
    _remember(state, observation)
    if not observation["ok"]:
        if state["objection"] is None:
            state["failures"] += 1
        return
    if state["action"] == READ_TASK_CARDS:
        _record_page(state, observation)
    elif state["action"] == VALIDATE_TASK_CARD:
        state["validated"][observation["card"]] = {
            "valid": observation["valid"], "file": observation["file"],
            "problems": list(observation["problems"])}
    elif state["action"] == DRAFT_SUMMARY:
        state["draft"] = copy.deepcopy(observation)


def decide(state: dict[str, Any]) -> str:
    """Turn the last observation, the counters and the limits into the next decision.

    The order is chapter 1's: what the action returned is judged first, and only a run
    that could go on is stopped by the step limit — success on the last step is success.
    """
    observation = state["observation"]
    if state["objection"] is not None:
        return LIMIT
    if not observation["ok"]:
        if observation.get("over_limit"):
            return LIMIT
        if state["failures"] > state["max_retries"]:
            return ERROR
    elif state["action"] == READ_TASK_CARDS:
        if state["search_complete"] and not search_settles(state):
            return NEEDS_INPUT
    elif state["action"] == VALIDATE_TASK_CARD:
        if not observation["valid"]:
            return NEEDS_INPUT
    elif state["action"] == DRAFT_SUMMARY:
        if not observation["contract"]["ok"] or unread_could_change(state):
            return NEEDS_INPUT
        return SUCCESS
    if state["steps"] >= state["max_steps"]:
        return LIMIT
    return CONTINUE


def search_settles(state: OfficerState) -> bool:
    """Whether a complete search tells which card is meant: the person's chosen card is
    among the matches, or else there is exactly one match (and, with the similar-id rule,
    no readable card whose id is similar to it)."""
    chosen = state.get("chosen")
    if chosen is not None:
        return chosen in state["matches"]
    if len(state["matches"]) != 1:
        return False
    return SIMILAR_IDS not in state.get("ask_when", ()) or len(candidates(state)) == 1


def unread_could_change(state: OfficerState) -> bool:
    """A card file that could not be read might be a match too, so one match is not yet
    the answer — unless the person chose the card."""
    return bool(state["unreadable"]) and state.get("chosen") is None


def candidates(state: OfficerState) -> list[str]:
    """The matches and every card read whose id is similar to a match's (task-003 and
    task-003-copy: one id is the other followed by '-' and more), sorted."""
    found = set(state["matches"])
    found |= {card_id for card_id in state.get("titles", {}) for match in state["matches"]
              if similar_ids(card_id, match)}
    return sorted(found)


def similar_ids(first: str, second: str) -> bool:
    """task-003 and task-003-copy: one id is the other followed by '-' and more."""
    return first.startswith(second + "-") or second.startswith(first + "-")


def record_step(state: OfficerState, decision: Decision,
                on_step: StepHook | None = None) -> DutyStep:
    """The step as the run keeps it (and `on_step` is shown a copy of)."""
    observation = state["observation"]
    record: DutyStep = {
        "step": state["steps"], "action": action_label(state["proposal"]),
        "note": _note(observation), "ran": "refused" not in observation
                                            and "guard" not in observation,
        "proposal": state["proposal"], "reply": state["reply"],
        "tokens": state["requests"][-1].tokens, "observation": observation,
        "decision": decision,
    }
    if on_step is not None:
        on_step(copy.deepcopy(record))
    return record


def next_move(state: OfficerState, decision: Decision) -> Move:
    """The harness's next move: continue plans again; a terminal ends the session. The
    harness keeps its own closed set of outcomes, so the terminal is the detail."""
    if decision == CONTINUE:
        return Replan()
    state["done"], state["terminal"] = True, decision
    return Finish(GOAL_MET if decision == SUCCESS else INCOMPLETE, decision)


def new_state(run_input: RunInput, registry: ToolRegistry) -> OfficerState:
    """The state at the start of a run: nothing read, limits checked, the task message sent."""
    validate_limits(run_input.max_steps, run_input.max_retries)
    task = task_message(run_input.goal, run_input.query, run_input.answer, run_input.question,
                        run_input.chosen)
    unknown = [rule for rule in run_input.ask_when if rule not in ASK_RULES]
    if unknown:
        raise ValueError(t("ask_when names {rule}; the rules are: {rules}",
                           rule=repr(unknown[0]), rules=", ".join(ASK_RULES)))
    return {
        "phase": "start", "steps": 0, "failures": 0, "done": False, "terminal": None,
        "max_steps": run_input.max_steps, "max_retries": run_input.max_retries,
        "query": run_input.query, "chosen": run_input.chosen,
        "ask_when": list(run_input.ask_when),
        "proposal": None, "reply": None, "action": None,
        "observation": None, "objection": None, "failure": None,
        # the search, page by page; complete only when every page was read
        "pages": {}, "page_count": None, "search_complete": False, "matches": [],
        "scanned": 0, "total": None, "unreadable": [],
        "titles": {},      # card id -> title, from the reads (only with the similar-id rule)
        "validated": {},   # card id -> {"valid", "file", "problems"}
        "draft": None,
        # what a model is sent, chapter 3's format, and chapter 3's record for the guards
        "messages": [message(USER, task)], "tools": tool_definitions(registry),
        "requests": [],
    }


def check_proposal(proposal: Any, state: OfficerState, registry: ToolRegistry) -> None:
    """Return None if `proposal` may run now; else raise ProposalRejected (codes above)."""
    if isinstance(proposal, dict) and proposal.get("type") == "final":
        raise ProposalRejected(Refusal.NOT_A_TOOL_CALL, "an answer in words is not accepted: "
                                                        "the answer is what draft_summary "
                                                        "returns")
    validate_proposal(proposal, {"key": state["query"], "observations": []}, registry)
    name, args = proposal["name"], proposal["args"]
    if name == VALIDATE_TASK_CARD and args["card"] not in state["matches"]:
        found = ", ".join(state["matches"]) or "none yet"
        raise ProposalRejected(Refusal.NOT_A_MATCH, f"validate_task_card checks only a card "
                                                    f"the search found ({found}), got "
                                                    f"{args['card']!r}")
    if name == DRAFT_SUMMARY:
        if not state["search_complete"]:
            raise ProposalRejected(Refusal.SEARCH_INCOMPLETE, "draft_summary comes after "
                                                              "every page of the search "
                                                              "was read")
        cards = [part.strip() for part in args["cards"].split(",")]
        unconfirmed = [c for c in cards if not state["validated"].get(c, {}).get("valid")]
        if unconfirmed:
            raise ProposalRejected(Refusal.UNCONFIRMED, f"draft_summary summarises only "
                                                        f"cards validated as sound in this "
                                                        f"run; not confirmed: "
                                                        f"{', '.join(unconfirmed)}")


def checked_observation(observation: Any, tool: str | None = None) -> dict[str, Any]:
    """`observation` if it has the observation shape and is plain JSON (and, for a board
    tool, that tool's fields), else an error."""
    shape_ok = isinstance(observation, dict) and type(observation.get("ok")) is bool and (
        observation["ok"] or isinstance(observation.get("error"), str))
    try:
        json.dumps(observation, allow_nan=False)
    except (TypeError, ValueError):
        shape_ok = False
    if not shape_ok:
        return {"ok": False, "error": "Error: the tool returned something that is not an "
                                      "observation"}
    if "refused" in observation or "guard" in observation:   # the dispatcher's words only
        return {"ok": False, "error": "Error: the tool's observation uses a field only the "
                                      "dispatcher may set (refused, guard)"}
    problem = observation_problem(tool, observation) if tool is not None else None
    if problem is not None:
        return {"ok": False, "error": f"Error: the tool returned a malformed observation "
                                      f"({problem})"}
    return observation


def guards_from(names: Sequence[str]) -> list[Guard]:
    """Chapter 3's guards by name ("repeated", "tokens=N": `agentloop.guards.parse_guard`);
    the repeated-action guard lets a retry through."""
    guards = [parse_guard(name) for name in names]
    return [allowing_retries(g) if g is repeated_action else g for g in guards]


def allowing_retries(guard: Guard) -> Guard:
    """`guard`, except right after a failed action: repeating it then is a retry, and retries
    are the stop policy's to count (max_retries), not a repeated action."""

    def guard_unless_retry(steps: list[GuardStep]) -> str | None:
        if len(steps) >= 2 and steps[-2]["is_error"]:
            return None
        return guard(steps)

    guard_unless_retry.__name__ = f"{getattr(guard, '__name__', 'guard')}_unless_retry"
    return guard_unless_retry


def as_tool_result(observation: dict[str, Any]) -> dict[str, Any]:
    """The observation in the harness's result shape: {"ok", "output"} or {"ok", "error"}."""
    if observation["ok"]:
        return {"ok": True, "output": observation}
    return {"ok": False, "error": observation["error"]}


def finish(run_input: RunInput, state: OfficerState, records: list[DutyStep],
           harness: Harness) -> Run:
    """The run as a record; a harness that ended without a decision is an error or a limit."""
    if state["terminal"] is None:
        complete = harness.events[len(harness.events) - 1].data
        if state["failure"] is None:   # PLANNING aborted: the model itself failed
            state["failure"] = MODEL_FAILED + (complete.get("detail") or "no detail")
            state["terminal"] = ERROR
        else:
            state["terminal"] = LIMIT
        state["done"] = True
    return Run(run_input, records, state["terminal"], state, harness.events.to_dicts(),
               state["failure"])


def _record_page(state: OfficerState, observation: dict[str, Any]) -> None:
    page: PageRead = {"matches": list(observation["matches"]),
                      "scanned": observation["scanned"],
                      "unreadable": list(observation["unreadable"])}
    state["pages"][observation["page"]] = page
    count = observation["pages"]
    state["page_count"], state["total"] = count, observation["total"]
    read = [state["pages"][p] for p in sorted(state["pages"]) if p <= count]
    # Not the last page's search_complete alone: a model may skip a page.
    state["search_complete"] = all(p in state["pages"] for p in range(1, count + 1))
    # sorted by id, as a person would list them: task-003 before task-003-copy
    state["matches"] = sorted({m for page in read for m in page["matches"]})
    state["scanned"] = sum(page["scanned"] for page in read)
    state["unreadable"] = [item for page in read for item in page["unreadable"]]
    state["titles"].update(observation.get("titles", {}))


def _remember(state: OfficerState, observation: dict[str, Any]) -> None:
    """Add this step to the history a model is sent: its reply, then what came back."""
    reply = state["reply"]
    content = reply["content"] if state["proposal"] is not None else []
    content = content or [text_block("(an empty or malformed reply)")]
    state["messages"].append(message(ASSISTANT, copy_plain(content)))   # plain: see propose
    text = json.dumps(observation, ensure_ascii=False) if observation["ok"] \
        else observation["error"]
    uses = [block for block in content if block.get("type") == "tool_use"]
    result = tool_result_block(uses[0]["id"] if uses else "", text,
                               is_error=not observation["ok"])
    state["requests"][-1].observation = result   # what the guards see of this step
    if not uses:
        state["messages"].append(message(USER, text))
        return
    # A provider wants a result for every tool_use; only the first one is ever run.
    state["messages"].append(message(USER, [result] + [
        tool_result_block(u["id"], "not run: one action a step", is_error=True)
        for u in uses[1:]]))


def _tool_name(proposal: Any) -> str | None:
    if isinstance(proposal, dict) and proposal.get("type") == "tool" \
            and isinstance(proposal.get("name"), str):
        return proposal["name"]
    return None


def action_label(proposal: Any) -> str:
    """How the banner names a step's action (never raw text a model could fill with lines)."""
    name = _tool_name(proposal)
    if name is not None and name.isidentifier() and len(name) <= 40:
        return name
    if name is not None:
        return short_repr(name, 40)
    if isinstance(proposal, dict) and proposal.get("type") == "final":
        return "(an answer in words)"
    return "(a malformed proposal)"


def _plain(value: Any) -> Any:
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError):
        return {"unrecordable": short_repr(value, 200)}


# A step's note, as templates (a banner shows it translated; the trace keeps it English).
NOTES = ("refused: {code}", "not run: a guard stopped it")


def _note(observation: dict[str, Any]) -> str:
    if "refused" in observation:
        return NOTES[0].format(code=observation["refused"])
    if "guard" in observation:
        return NOTES[1]
    return ""
