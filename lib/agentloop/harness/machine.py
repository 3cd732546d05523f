"""Chapter 4: the harness, an agent loop written as a deterministic state machine.

Read `_loop` first: while the session is not DONE, the handler of the current state
works out the next *move* (a small typed value, see `moves`), and `_take` makes it —
after asking the budget. Only `_transition` changes the state.

Control comes back to the caller as a `Stop`, never as an exception. Its kind is one of
(`StopKind`)

    tool_call   a yield point: AWAITING_TOOL hands out a request; answer with resume(result)
    pause       a yield point: the budget ran out, or a hook asked for review; resume()
    done        the session reached DONE; `outcome` says how it ended

Inside, the loop is a Python generator, and `resume` is its `send`.

Two functions plug the work in: the planner (PLANNING: a goal and the steps so far → a
plan) and `decide` (REFLECTING: the step that just ended → the next move). The default
`decide` is `walk_plan`: replan after a failure while replans are left, else the plan's
next step, else finish. A loop with a policy of its own — chapter 5's duty officer —
passes its own `decide` instead; the machine around it stays the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from agentloop.harness.budget import SECONDS, TOOL_CALLS, TURNS, Budget
from agentloop.harness.events import Event, EventLog, Subscriber, describe_error
from agentloop.harness.hooks import REVIEW, SKIP, Hook, HookRegistry
from agentloop.harness.moves import (
    ABORTED,
    BUDGET_EXCEEDED,
    CLOSED,
    FAILED,
    FOR_REVIEW,
    GOAL_MET,
    INCOMPLETE,
    NO_PLAN,
    OK,
    SKIPPED,
    CallTool,
    EndStep,
    Finish,
    Move,
    PlanStep,
    Replan,
    Review,
    StartSession,
    StartStep,
    StepRecord,
    from_plain,
)
from agentloop.harness.session import Session, validate_plan
from agentloop.harness.states import (
    AWAITING_TOOL,
    DONE,
    EXECUTING,
    IDLE,
    PLANNING,
    State,
    validate_transition,
)
from agentloop.plain import copy_plain
from agentloop.text import short_repr
from agentloop.validation import validate_whole_number
from agentloop.vocabulary import Word

Planner = Callable[[str, list[StepRecord]], list[PlanStep]]   # goal, steps so far -> plan
Decide = Callable[[StepRecord], Move]   # the step that just ended -> the next move
Tool = Callable[[dict[str, Any]], Any]


class StopKind(Word):
    """Why the loop handed control back to the caller."""

    TOOL_CALL = "tool_call"   # a yield point: answer the request with resume(result)
    PAUSE = "pause"           # a yield point: extend the budget (or not), then resume()
    DONE = "done"             # the session is over; `Stop.outcome` says how


TOOL_CALL, PAUSE, FINISHED = StopKind
STOP_KINDS = tuple(StopKind)


@dataclass(frozen=True)
class Stop:
    """Where the loop handed control back: `kind` is "tool_call", "pause" or "done"."""

    kind: StopKind
    state: State
    request: dict[str, Any] | None = None
    pause: dict[str, Any] | None = None
    outcome: str | None = None


class Harness:
    """One session of the loop: its state, budget, hooks, event log and session record."""

    def __init__(self, planner: Planner | None = None, budget: Budget | None = None,
                 max_replans: int = 1, decide: Decide | None = None) -> None:
        self.state = IDLE
        self.budget = budget if budget is not None else Budget()
        self.hooks = HookRegistry()
        self.events = EventLog()
        self.session = Session()
        self.tools: dict[str, Tool] = {}
        self.planner = planner
        if decide is not None and not callable(decide):
            raise ValueError(f"decide must be callable, got {decide!r}")
        self.decide: Decide = self.walk_plan if decide is None else decide
        self.max_replans = validate_whole_number("max_replans", max_replans, 0)
        self.hook_errors: list[str] = []
        self.stop: Stop | None = None
        self._run: Generator[Stop, Any, None] | None = None
        self._started: float | None = None
        self._elapsed = 0.0

    # --- registration: how planners, tools, hooks and observers plug in ------------------

    def use_planner(self, planner: Planner) -> None:
        if not callable(planner):
            raise ValueError(f"planner must be callable, got {planner!r}")
        self.planner = planner

    def register_tool(self, name: str, tool: Tool) -> None:
        if not isinstance(name, str) or not name or not callable(tool):
            raise ValueError(f"register_tool needs a tool name and a callable, "
                             f"got {name!r} and {tool!r}")
        self.tools[name] = tool

    def on(self, topic: str, hook: Hook) -> Hook:
        """Subscribe a hook to one of the ten topics."""
        return self.hooks.on(topic, hook)

    def subscribe(self, subscriber: Subscriber, offset: int = 0) -> Subscriber:
        """Observe the event stream from `offset` on."""
        return self.events.subscribe(subscriber, offset)

    def extend_budget(self, turns: int = 0, tool_calls: int = 0, seconds: float = 0) -> None:
        self.budget.extend(turns, tool_calls, seconds)

    # --- the caller's side ---------------------------------------------------------------

    def run(self, goal: str) -> Stop:
        """Start the session: IDLE -> PLANNING, then run to the first yield point."""
        if self._run is not None or self.events:
            raise ValueError("run() starts a session once; this harness already ran "
                             f"(state {self.state}); make a new Harness")
        if not isinstance(goal, str) or not goal.strip():
            raise ValueError(f"goal must be a non-empty str, got {goal!r}")
        if self.planner is None:
            raise ValueError("no planner: call use_planner(planner) before run()")
        self._run = self._loop(StartSession(goal))
        return self._advance(None)

    def resume(self, payload: Any = None) -> Stop:
        """Continue from the yield point: a tool result at AWAITING_TOOL, nothing after a pause."""
        if self._run is None or self.stop is None or self.stop.kind == FINISHED:
            raise ValueError(f"nothing to resume: the session is in {self.state} "
                             "and not at a yield point")
        if self.stop.kind == PAUSE and payload is not None:
            raise ValueError("a paused session resumes with resume() and no payload; extend "
                             f"the budget first with extend_budget(...), got {payload!r}")
        return self._advance(payload)

    def close(self, reason: str = "closed by the caller") -> Stop:
        """End a paused session: IDLE -> DONE, with outcome "closed"."""
        if self.stop is None or self.stop.kind != PAUSE:
            raise ValueError(f"close() ends a paused session; this one is in {self.state}")
        self._run = None
        self._transition(DONE)
        self._complete(CLOSED, reason)
        self.stop = Stop(FINISHED, DONE, outcome=CLOSED)
        return self.stop

    def call_tool(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer a tool request with a registered tool: {"ok": True, "output": …} or an error."""
        name = request.get("tool") if isinstance(request, dict) else None
        if name not in self.tools:
            known = ", ".join(self.tools) or "none"
            return {"ok": False, "error": f"unknown tool {name!r}; registered tools: {known}"}
        try:
            output = self.tools[name](copy_plain(request["args"]))
        except Exception as exc:  # a tool failing is an observation, not a crash
            return {"ok": False, "error": describe_error(exc)}
        if isinstance(output, dict) and "ok" in output:
            return output
        return {"ok": True, "output": output}

    def snapshot(self) -> dict[str, Any]:
        """The machine state and the session record, as plain data."""
        return {"state": str(self.state), **self.session.snapshot()}

    def _advance(self, payload: Any) -> Stop:
        assert self._run is not None
        try:
            self.stop = self._run.send(payload) if self.stop else next(self._run)
        except StopIteration:
            self._run = None
            self.stop = Stop(FINISHED, DONE, outcome=self.session.outcome)
        return self.stop

    # --- the loop ------------------------------------------------------------------------

    def _loop(self, first: Move | None) -> Generator[Stop, Any, None]:
        """The whole session; `first` is None when a replayed harness goes on from its log."""
        if first is not None:
            self._take(first)
        while self.state is not DONE:
            if self.state is IDLE:
                yield Stop(PAUSE, IDLE, pause=copy_plain(self.session.pause))
                self._take(self._leave_pause())
            elif self.state is AWAITING_TOOL:
                result = yield Stop(TOOL_CALL, AWAITING_TOOL,
                                    request=copy_plain(self.session.pending))
                self._take(self._receive(result))
            elif self.state is PLANNING:
                self._take(self._plan())
            elif self.state is EXECUTING:
                self._take(self._execute())
            else:  # REFLECTING
                self._take(self._reflect())

    def _take(self, move: Move) -> None:
        """Make a move, unless a hook wants a review or the budget cannot pay: then pause."""
        wanted = move.move if isinstance(move, Review) else move
        validate_transition(self.state, wanted.target)  # an illegal move fails here, early
        self._read_clock()
        if isinstance(move, Review):
            self._pause(FOR_REVIEW, wanted, {"detail": "a hook asked for a person's review"})
            return
        refusal = None if isinstance(move, Finish) else self.budget.refusal(
            move.spends, {TURNS: self.session.turns, TOOL_CALLS: self.session.tool_calls,
                          SECONDS: self._elapsed})
        if refusal is not None:
            self._notify("on_budget_exceeded", dict(refusal))
            self._emit("budget.warn", refusal)
            self._pause(BUDGET_EXCEEDED, move, refusal)
            return
        self._transition(move.target)
        self._arrive(move)

    def _transition(self, target: State) -> None:
        """The only code that changes the state."""
        validate_transition(self.state, target)
        self.state = target

    def _arrive(self, move: Move) -> None:
        """Write the event that says the move happened (a replan's events come with its plan)."""
        if isinstance(move, StartSession):
            self._emit("session.start", {"goal": move.goal, "limits": self.budget.limits()})
        elif isinstance(move, StartStep):
            self._emit("step.start", {"index": move.index,
                                      "name": self.session.plan[move.index]["name"],
                                      "turn": self.session.turns + 1})
        elif isinstance(move, CallTool):
            self._emit("tool.call", move.request)
        elif isinstance(move, EndStep):
            self._emit("step.end", move.facts())
        elif isinstance(move, Finish):
            self._complete(move.outcome, move.detail)

    # --- the work of each state ----------------------------------------------------------

    def _plan(self) -> Move:
        history = self.session.history()
        try:
            payload = {"goal": self.session.goal, "history": history}
            self._fire("before_plan", payload)
            assert self.planner is not None
            plan = validate_plan(self.planner(payload["goal"], payload["history"]),
                                 "the planner's plan")
            self._emit("plan.draft", {"steps": [step["name"] for step in plan],
                                      "replan": self.session.commits > 0})
            payload = {"goal": self.session.goal, "plan": plan}
            self._fire("after_plan", payload)
            plan = validate_plan(payload["plan"], "the plan after the after_plan hooks")
        except Exception as exc:
            self._report("planning", exc)
            return Finish(ABORTED, describe_error(exc))
        if not plan:
            return Finish(NO_PLAN)
        self._emit("plan.commit", {"plan": plan})
        return StartStep(0)

    def _execute(self) -> Move:
        index = self.session.current
        assert index is not None
        step = self.session.plan[index]
        try:
            if self._fire("before_step", {"index": index, "step": step["name"]}) is SKIP:
                return EndStep(index, step["name"], SKIPPED)
        except Exception as exc:
            self._report("before_step", exc, index)
            return EndStep(index, step["name"], FAILED)
        if step["tool"] is None:  # a step the model does by writing: nothing to wait for
            return EndStep(index, step["name"], OK)
        payload = {"index": index, "step": step["name"], "tool": step["tool"],
                   "args": copy_plain(step["args"])}
        try:
            verdict = self._fire("before_tool_call", payload)
            args = validate_plan([{**step, "args": payload["args"]}], "args after the hooks")[0]
        except Exception as exc:
            self._report("before_tool_call", exc, index)
            self._emit("tool.error", {"index": index, "call_id": None, "source": "hook",
                                      "error": "blocked by a before_tool_call hook: "
                                               + describe_error(exc)})
            return EndStep(index, step["name"], FAILED)
        if verdict is SKIP:
            return EndStep(index, step["name"], SKIPPED)
        call = CallTool({"index": index, "call_id": f"call-{self.session.tool_calls + 1}",
                         "tool": step["tool"], "args": args["args"]})
        return Review(call) if verdict is REVIEW else call

    def _receive(self, result: Any) -> Move:
        request = self.session.pending
        assert request is not None
        index, call_id = request["index"], request["call_id"]
        step = self.session.plan[index]
        payload = {"index": index, "step": step["name"], "tool": request["tool"],
                   "args": copy_plain(request["args"]), "result": _copy_result(result)}
        try:
            self._fire("after_tool_call", payload)
            problem, source = result_problem(payload["result"]), "result"
        except Exception as exc:
            self._report("after_tool_call", exc, index)
            problem, source = f"an after_tool_call hook failed: {describe_error(exc)}", "hook"
        if problem is None and payload["result"]["ok"]:
            self._emit("tool.result", {"index": index, "call_id": call_id,
                                       "output": payload["result"]["output"]})
            return EndStep(index, step["name"], OK)
        if problem is None:
            problem, source = payload["result"]["error"], "tool"
        self._emit("tool.error", {"index": index, "call_id": call_id, "source": source,
                                  "error": problem})
        return EndStep(index, step["name"], FAILED)

    def _reflect(self) -> Move:
        last = self.session.steps[-1]
        payload = {"index": last["index"], "step": last["name"], "status": last["status"]}
        try:
            verdict = self._fire("after_step", payload)
        except Exception as exc:
            self._report("after_step", exc, last["index"])
            verdict = None
        if verdict is SKIP and self.session.next_index < len(self.session.plan):
            skipped = self.session.next_index
            self._emit("step.end", EndStep(skipped, self.session.plan[skipped]["name"],
                                           SKIPPED).facts())
        move = self.decide(copy_plain(last))
        if not isinstance(move, Replan | StartStep | Finish):
            raise ValueError(f"decide must return the next move (Replan, StartStep or "
                             f"Finish), got {move!r}")
        return Review(move) if verdict is REVIEW else move

    def walk_plan(self, last: StepRecord) -> Move:
        """The default `decide`: replan after a failure (while replans are left), else the
        plan's next step, else done."""
        if last["status"] == FAILED and self.session.replans < self.max_replans:
            return Replan()
        if self.session.next_index < len(self.session.plan):
            return StartStep(self.session.next_index)
        return Finish(GOAL_MET if self.session.plan_met() else INCOMPLETE)

    # --- pauses, events, hooks and the clock ---------------------------------------------

    def _pause(self, reason: str, move: Move, facts: dict[str, Any]) -> None:
        source = self.state
        self._transition(IDLE)
        self._emit("session.pause", {"reason": reason, "from": str(source),
                                     "move": move.to_plain(), **facts})
        self._notify("on_pause", copy_plain(self.session.pause) or {})

    def _leave_pause(self) -> Move:
        """Back to the state the pause was taken in; returns the move it did not make."""
        pause = self.session.pause
        assert pause is not None
        self._transition(State(pause["from"]))
        self.session.pause = None
        return from_plain(pause["move"])

    def _complete(self, outcome: str, detail: str = "") -> None:
        statuses = [step["status"] for step in self.session.steps]
        counts = {status: statuses.count(status) for status in (OK, FAILED, SKIPPED)}
        self._emit("session.complete", {"outcome": outcome, "detail": detail, **counts})
        self._notify("on_complete", {"outcome": outcome, "detail": detail, **counts})

    def _emit(self, kind: str, data: dict[str, Any]) -> Event:
        event = self.events.append(kind, self._elapsed, data)
        self.session.apply(event)
        return event

    def _fire(self, topic: str, payload: dict[str, Any]) -> Any:
        return self.hooks.fire(topic, payload)

    def _notify(self, topic: str, payload: dict[str, Any]) -> None:
        """Fire a topic that only tells: an exception there has nothing left to abort."""
        try:
            self.hooks.fire(topic, payload)
        except Exception as exc:  # keep the error where it can be read
            self.hook_errors.append(f"{topic}: {describe_error(exc)}")

    def _report(self, where: str, exc: BaseException, index: int | None = None) -> None:
        self._notify("on_error", {"where": where, "index": index, "error": describe_error(exc)})

    def _read_clock(self) -> None:
        now = self.budget.clock()
        if self._started is None:
            self._started = now - self._elapsed
        self._elapsed = now - self._started


def drive(harness: Harness, stop: Stop) -> Stop:
    """Answer every tool request with the harness's registered tools, up to a pause or the end."""
    while stop.kind == TOOL_CALL:
        assert stop.request is not None
        stop = harness.resume(harness.call_tool(stop.request))
    return stop


def result_problem(result: Any) -> str | None:
    """What is wrong with a tool result, or None when it is well formed."""
    shape = "expected {'ok': True, 'output': …} or {'ok': False, 'error': '…'}"
    if not isinstance(result, dict) or type(result.get("ok")) is not bool:
        return f"malformed tool result: {shape}, got {short_repr(result)}"
    if set(result) != {"ok", "output" if result["ok"] else "error"}:
        return f"malformed tool result: {shape}, got {short_repr(result)}"
    if not result["ok"] and not isinstance(result["error"], str):
        return f"malformed tool result: error must be a str, got {short_repr(result)}"
    try:
        json.dumps(result, allow_nan=False)
    except (TypeError, ValueError):
        return f"malformed tool result: not JSON data, got {short_repr(result)}"
    return None


def _copy_result(result: Any) -> Any:
    try:
        return copy_plain(result)
    except Exception:  # an uncopyable object is still reported as malformed, not a crash
        return result
