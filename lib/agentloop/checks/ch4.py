"""Chapter 4's checks, as a learner holds them: a guard hook, an event subscriber, a caller
that handles budget pauses, a table-driven test.

    exercise                                  checks
    1  block_rm_rf(payload)                   ch4-guard-flags, ch4-guard-commands
    2  StepFigures (an event subscriber)      ch4-figures-totals, ch4-figures-per-step
    3  finish_session(harness, stop)          ch4-finish-turns, ch4-finish-any-limit
    4  TRANSITION_ROWS                        ch4-table-rows (a self-check, not graded)
       run_table(validate)                    ch4-table-forbidden, ch4-table-allowed

Each check's id is the grade_id of a test cell in chapters/04_harness.ipynb. This is the
learner's edition: the visible cases, the probes (each runs the learner's object inside a
harness of the library and returns plain facts: what reached the tool, the figures, the
extensions made and a digest of the event log, what the test said of each harness) and the
judges, which compare those facts with what the reference does on the same input. The facts
of the visible cases come from agentloop/checks/facts/ch4.json; the references, the facts of
any input and the hidden cases are the teacher's (agentloop_grader.answers.ch4).

No exercise is something the library already does, so no check needs `answered_by`:

- exercise 1's danger rule is nowhere in the library (the harness view's demo guard only
  looks for the text "rm -rf");
- exercise 2 tells a *blocked* call (refused before it was handed out) from a *failed* one,
  step by step; the session record (`Session`) counts steps, tool calls and errors, but
  neither per step nor by kind;
- exercise 3's caller extends each limit at most twice, then closes the session; the
  harness view's "extend & resume" never closes;
- exercise 4 is about the *batch* harness, which pauses only between steps: its table is
  not the library's (`TRANSITIONS` pauses in every active state), so neither the rows nor
  a test's expectations can be copied from the library. The test is handed harnesses the
  probe builds from masked tables in its input — the real batch harness and broken ones
  with one pair flipped, built alike, in an order the grader draws — so no marker tells
  one from another: a harness is known by its table only, which a test must check against
  rows of its own. Nothing in the library changes while a test runs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from agentloop.checks.core import Case, Check
from agentloop.checks.student import shipped, whole_digest
from agentloop.errors import describe_error
from agentloop.harness import (
    DEMO_GOAL,
    FINISHED,
    SKIP,
    STATES,
    TOOL_CALL,
    Budget,
    EventLog,
    Harness,
    IllegalTransition,
    Stop,
    TickingClock,
    demo_harness,
    drive,
)
from agentloop.harness.events import events_from_dicts
from agentloop.harness.hooks import Sentinel
from agentloop.harness.states import parse_state
from agentloop.plain import copy_plain

CHAPTER = "ch4"

# The hint steps a learner opens one at a time, after a first try (agentloop.checks.hints):
# the first names the rule, the last is a nudge towards what to look at — never the answer.
HINTS: dict[str, tuple[str, ...]] = {
    "ch4-guard-flags": (
        "A dangerous call is `rm`, perhaps after `sudo`, with both a recursive and a force "
        "flag, in any spelling and any order.",
        "Flags may be joined (`-rf`, `-fr`, `-Rfv`) or apart (`-r -f`, `--recursive "
        "--force`): look at every flag word, and at each letter of a short one.",
        "Only a part whose first word is `rm` runs rm: `grep -rf` and `git rm -r` pass. "
        "Block by raising; return `None` for everything else.",
    ),
    "ch4-guard-commands": (
        "A command can have several parts joined by `;`, `&&`, `||`, `|` or `&`, and any part "
        "can be the dangerous one.",
        "Text in quotes is one word, not a command: split with `shlex`, as the exercise "
        "shows, not with `str.split`.",
        "Print the words and separators `shlex` gives you for the ✘ command, and mark where "
        "each part starts.",
    ),
    "ch4-figures-totals": (
        "Count from the events alone: `tool.call` for the calls; a `tool.error` is either a "
        "blocked call or a failed one.",
        "A blocked call has no call id (`call_id` is `None`) and no `tool.call`; a failed one "
        "has both.",
        "Subscribe your instance to one of the chapter's sessions and print each event it "
        "receives next to your counts.",
    ),
    "ch4-figures-per-step": (
        "`per_step` has one entry for each `step.end`, in order, with the name and status "
        "from that event.",
        "A step's counts are those seen since the last `step.start` or `step.end`.",
        "A step skipped from `after_step` ends without starting. Print the event types of "
        "the ✘ session in order and mark where each step begins and ends.",
    ),
    "ch4-finish-turns": (
        "Loop until the session is done: a tool call is answered, a pause names the limit "
        "that ran out.",
        "Extend only the limit that ran out, then resume; count the extensions of each limit "
        "on its own.",
        "A limit may be extended twice; the third time, the session is closed. Print "
        "`stop.kind` and `stop.pause` at each turn of your loop.",
    ),
    "ch4-finish-any-limit": (
        "Any of the three limits can run out: `stop.pause['limit']` says which.",
        "Each limit has its own count and its own step: turns and tool calls by 1, seconds "
        "by 10.",
        "Two more turns and two more tool calls are allowed in one session. Print which "
        "limit each pause names, and your counts after it.",
    ),
    "ch4-table-rows": (
        "One row for every ordered pair of the six states: 36 rows, a state to itself "
        "included.",
        "`legal` comes from Figure 2, the batch harness's, not from this chapter's "
        "`TRANSITIONS`.",
        "The batch harness pauses in one state only and always resumes to it: look at your "
        "rows into and out of IDLE.",
    ),
    "ch4-table-forbidden": (
        "The expectations are your rows: for each one, ask `validate` about its source and "
        "target, and compare what happened with its `legal`.",
        "A legal move returns quietly; an illegal one raises `IllegalTransition`. Catch it, "
        "then `assert` that what happened matches the row.",
        "Try your test on a `validate` that allows every move: it must fail with an "
        "`AssertionError`.",
    ),
    "ch4-table-allowed": (
        "The expectations are your rows: for each one, ask `validate` about its source and "
        "target, and compare what happened with its `legal`.",
        "A harness that refuses a legal move raises `IllegalTransition` where your row says "
        "the move is allowed: your test must notice it.",
        "Try your test on a `validate` that refuses every move: it must fail with an "
        "`AssertionError`, not with `IllegalTransition`.",
    ),
}

# --- exercise 1: a before_tool_call hook that blocks rm -rf -------------------------------

# What the probe saw the hook do (the "hook" fact of an output).
LET_THROUGH = "returned None"
RAISED = "raised"
NOT_WRITTEN = "raised NotImplementedError"
RETURNED = "returned "  # followed by what it returned instead: SKIP, REVIEW, or a type's name


def _probe_hook(hook: Any, payload: dict[str, Any]) -> dict[str, Any]:
    """Run one tool call through a harness with `hook` on before_tool_call: did the call
    reach the tool, with which args, and did the hook return None, raise or return a value?"""
    seen = {"hook": LET_THROUGH}

    def observed(live: dict[str, Any]) -> Any:
        try:
            result = hook(live)
        except NotImplementedError:
            seen["hook"] = NOT_WRITTEN
            raise
        except Exception:
            seen["hook"] = RAISED
            raise
        if result is not None:
            shown = result.name if isinstance(result, Sentinel) else type(result).__name__
            seen["hook"] = RETURNED + shown
        return result

    step = {"name": "run one command", "tool": payload["tool"], "args": payload["args"]}
    harness = Harness(lambda goal, history: [copy_plain(step)],
                      Budget(5, 5, 60, TickingClock()), max_replans=0)
    harness.on("before_tool_call", observed)
    stop = harness.run("try one tool call")
    request = stop.request if stop.kind == TOOL_CALL else None
    return {"called": request is not None, "args": request["args"] if request else None,
            "hook": seen["hook"]}


def _judge_hook(payload: dict[str, Any], dangerous: bool, output: Any) -> str | None:
    hook = output["hook"]
    returned = hook != LET_THROUGH and hook.startswith(RETURNED)
    if hook == NOT_WRITTEN:
        return "the hook is not written yet (it raises NotImplementedError)"
    if dangerous:
        if returned:
            return (f"the hook {hook}; a hook blocks by raising an exception (returning "
                    "False, SKIP or a message does not block the call)")
        if output["called"] or hook != RAISED:
            return "the command reached the tool: raise an exception to block it"
        return None
    if hook == RAISED:
        return "a safe call was blocked (the hook raised)"
    if returned:
        return f"the hook {hook} for a safe call; to let a call through, return None"
    if not output["called"]:
        return "a safe call did not reach the tool"
    if output["args"] != payload["args"]:
        return f"the tool received {output['args']!r}; a guard lets safe calls through unchanged"
    return None


def _shell(command: str) -> dict[str, Any]:
    return {"tool": "shell", "args": {"command": command}}


ONE_WORD = "rm with -r and -f in one word, in any order (-rf, -fr, -Rf, -rfv) → blocked"
SEPARATE = "rm with the flags apart (-r -f) or spelled out (--recursive --force) → blocked"
SUDO = "sudo rm … is rm → blocked"
ONE_FLAG = "rm with only one of the two flags, or neither → passes unchanged"
NOT_RM = "another command with the same flags (grep -rf, cp -rf, git rm -r) → passes unchanged"
OTHER_CALL = "another tool, or a shell call without a command → passes unchanged"
IN_A_CHAIN = "a dangerous rm in any part of a chain (; && || | &) → blocked"
QUOTED = "rm -rf inside quoted text is not a command → passes unchanged"
SAFE_CHAIN = "a chain of safe commands → passes unchanged"
FLAG_RULES = (ONE_WORD, SEPARATE, SUDO, ONE_FLAG, NOT_RM, OTHER_CALL)
COMMAND_RULES = (IN_A_CHAIN, QUOTED, SAFE_CHAIN)

_HOOK_HINT = ("Split the command at ; && || | and &, drop a leading sudo, and look for rm with "
              "both a recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in "
              "any order or combination. Raise to block; return None to let a call through.")

GUARD_FLAGS = Check(
    id="ch4-guard-flags",
    answer="block_rm_rf",
    title="the hook blocks rm when it is both recursive and forced, and nothing else",
    probe=_probe_hook,
    judge=_judge_hook,
    facts=shipped(CHAPTER, "ch4-guard-flags"),
    cases=lambda: [
        Case(_shell("rm -rf build/cache"), "rm -rf build/cache", rule=ONE_WORD),
        Case(_shell("rm -fr /"), "rm -fr /", rule=ONE_WORD),
        Case(_shell("rm -r -f /tmp/x"), "rm -r -f /tmp/x", rule=SEPARATE),
        Case(_shell("rm --recursive --force dist"), "rm --recursive --force dist",
             rule=SEPARATE),
        Case(_shell("sudo rm -Rf ~"), "sudo rm -Rf ~", rule=SUDO),
        Case(_shell("rm notes.txt"), "rm notes.txt", rule=ONE_FLAG),
        Case(_shell("rm -r empty_dir"), "rm -r empty_dir", rule=ONE_FLAG),
        Case(_shell("grep -rf patterns.txt src"), "grep -rf patterns.txt src", rule=NOT_RM),
        Case({"tool": "read_file", "args": {"path": "notes.txt"}}, "read_file(notes.txt)",
             rule=OTHER_CALL),
        Case({"tool": "shell", "args": {"cwd": "/tmp"}}, "a shell call without a command",
             rule=OTHER_CALL),
    ],
    hint=_HOOK_HINT,
)

GUARD_COMMANDS = Check(
    id="ch4-guard-commands",
    answer="block_rm_rf",
    title="the hook reads whole command lines: every part of a chain, never quoted text",
    probe=_probe_hook,
    judge=_judge_hook,
    facts=shipped(CHAPTER, "ch4-guard-commands"),
    cases=lambda: [
        Case(_shell("ls && rm -Rf dist"), "ls && rm -Rf dist", rule=IN_A_CHAIN),
        Case(_shell("rm -r -f build; echo done"), "rm -r -f build; echo done",
             rule=IN_A_CHAIN),
        Case(_shell("echo 'rm -rf /'"), "echo 'rm -rf /'", rule=QUOTED),
        Case(_shell("du -sh build/cache | sort -h"), "du -sh build/cache | sort -h",
             rule=SAFE_CHAIN),
    ],
    hint=_HOOK_HINT,
)

# --- exercise 2: an event subscriber that tells blocked calls from failed ones, per step ----

COUNTS = ("tool_calls", "blocked", "failed")  # what each step, and the session, counts


def _probe_figures(figures_class: Any, events: list[dict[str, Any]]) -> Any:
    """Subscribe a fresh instance to a saved session's event log; its figures()."""
    subscriber = figures_class()
    log = EventLog(events_from_dicts(events))
    log.subscribe(subscriber)
    if log.subscriber_errors:
        raise RuntimeError(log.subscriber_errors[0])
    return subscriber.figures()


def _judge_totals(events: list[dict[str, Any]], expected: dict[str, Any],
                  output: Any) -> str | None:
    for key in ("steps", *COUNTS):
        if not isinstance(output, dict) or key not in output:
            return f"figures() must return a dict with {key!r}"
        if output[key] != expected[key] or type(output[key]) is not int:
            return f"{key}: expected {expected[key]}, got {output[key]!r}"
    return None


def _judge_per_step(events: list[dict[str, Any]], expected: dict[str, Any],
                    output: Any) -> str | None:
    want = expected["per_step"]
    got = output.get("per_step") if isinstance(output, dict) else None
    if not isinstance(got, list):
        return "figures() must return a dict with a 'per_step' list"
    if len(got) != len(want):
        return f"expected {len(want)} steps in per_step, got {len(got)}"
    for number, (right, have) in enumerate(zip(want, got, strict=True)):
        if have != right:
            return f"per_step[{number}]: expected {right}, got {have!r}"
    return None


SKIPPED_UNSTARTED = "a step skipped from after_step ends without starting: its figures are 0"
REFUSED_RESULT = ("a result an after_tool_call hook refused was handed out (it has a call_id): "
                  "failed, not blocked")
BLOCKED = ("a call a before_tool_call hook refused was never handed out (call_id None): "
           "blocked, for its step")
REPLANNED = "after a replan the steps go on counting, one entry per step.end"
PAUSED = "pauses in the middle change no count"
FAILED_RESULT = "an error result is a tool.call and a failed tool.error of the same step"
PLAIN = "tool calls counted per step; a step without a tool has 0"


def figures_rule(events: list[dict[str, Any]]) -> str:
    """Which rule a session's event log tests first (a label: it computes no figure)."""
    types = [e["type"] for e in events]
    open_step = False
    for kind in types:
        if kind == "step.end" and not open_step:
            return SKIPPED_UNSTARTED
        open_step = kind == "step.start" or (open_step and kind != "step.end")
    errors = [e["data"] for e in events if e["type"] == "tool.error"]
    if any(error["source"] == "hook" and error["call_id"] is not None for error in errors):
        return REFUSED_RESULT
    if any(error["call_id"] is None for error in errors):
        return BLOCKED
    if any(e["type"] == "plan.draft" and e["data"]["replan"] for e in events):
        return REPLANNED
    if "session.pause" in types:
        return PAUSED
    if errors:
        return FAILED_RESULT
    return PLAIN


def demo_events(harness: Harness | None = None, **limits: Any) -> list[dict[str, Any]]:
    """The event log of a demo session run to the end (every pause extended by a lot)."""
    harness = harness or demo_harness(**limits)
    stop = drive(harness, harness.run(DEMO_GOAL))
    while stop.kind != FINISHED:
        harness.extend_budget(turns=1, tool_calls=1, seconds=10)
        stop = drive(harness, harness.resume())
    return harness.events.to_dicts()


def _hooked_demo(topic: str, hook: Any, max_replans: int = 1, **tools: Any) -> Harness:
    harness = demo_harness()
    harness.max_replans = max_replans
    harness.on(topic, hook)
    for name, tool in tools.items():
        harness.register_tool(name, tool)
    return harness


def _failing_shell(args: dict[str, Any]) -> Any:
    return {"ok": False, "error": "disk busy"} if args["command"].startswith("rm") else "412M"


def _no_rm(payload: dict[str, Any]) -> None:
    """The chapter's crude guard: every rm is refused (blocked before it is handed out)."""
    if payload["args"].get("command", "").startswith("rm"):
        raise PermissionError("rm is not allowed here")


def _refuse_du_result(payload: dict[str, Any]) -> None:
    """An after_tool_call hook that refuses what du answered (the call was handed out)."""
    if payload["args"].get("command", "").startswith("du"):
        raise ValueError("the size is not in the expected unit")


def _figure_visible() -> list[Case]:
    sessions = [
        ("the demo session", demo_events()),
        ("the demo with a shell whose rm fails, no replans",
         demo_events(_hooked_demo("before_step", lambda p: None, 0, shell=_failing_shell))),
        ("the demo with budget pauses along the way", demo_events(max_turns=1,
                                                                   max_tool_calls=1)),
        ("the demo with a shell whose rm fails, one replan",
         demo_events(_hooked_demo("before_step", lambda p: None, 1, shell=_failing_shell))),
        ("the demo with every rm refused by a before_tool_call hook, one replan",
         demo_events(_hooked_demo("before_tool_call", _no_rm, 1))),
        ("the demo where an after_tool_call hook refuses the du result",
         demo_events(_hooked_demo("after_tool_call", _refuse_du_result, 0))),
        ("the demo where after_step skips the step after the first",
         demo_events(_hooked_demo("after_step", lambda p: SKIP if p["index"] == 0 else None))),
    ]
    return [Case(events, label, rule=figures_rule(events)) for label, events in sessions]


_FIGURES_HINT = ("Count tool.call events, and split the tool.error events: no call_id (None) "
                 "means the call was blocked before it was handed out; a call_id means it was "
                 "handed out and failed. A step's figures are the ones seen since the last "
                 "step.start or step.end, and step.end closes the step.")

FIGURES_TOTALS = Check(
    id="ch4-figures-totals",
    answer="StepFigures",
    title="the subscriber counts steps, tool calls, blocked calls and failed calls",
    probe=_probe_figures,
    judge=_judge_totals,
    facts=shipped(CHAPTER, "ch4-figures-totals"),
    cases=_figure_visible,
    hint=_FIGURES_HINT,
)

FIGURES_PER_STEP = Check(
    id="ch4-figures-per-step",
    answer="StepFigures",
    title="the subscriber gives each step its own figures",
    probe=_probe_figures,
    judge=_judge_per_step,
    facts=shipped(CHAPTER, "ch4-figures-per-step"),
    cases=_figure_visible,
    hint=_FIGURES_HINT,
)

# --- exercise 3: extend the budget (each limit at most twice), resume or close --------------

EXTENSION = {"turns": 1, "tool_calls": 1, "seconds": 10}  # the exercise's amounts
TIMES_PER_LIMIT = 2  # how often one limit may be extended in a session
# The reference makes at most 6 extensions; a loop still pausing after 25 resumes is not
# getting anywhere, and every resume more only lengthens the evidence.
MAX_RESUMES = 25


class _GaveUp(BaseException):
    """The learner's loop kept pausing without getting anywhere (a BaseException, so an
    `except Exception` in the loop does not swallow it)."""


def log_digest(events: list[dict[str, Any]]) -> str:
    """A digest of an event log, the closing reason left out (any reason will do)."""
    canonical = [dict(e, data={k: v for k, v in e["data"].items() if k != "detail"})
                 if e["type"] == "session.complete" else e for e in events]
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _amount(value: Any) -> Any:
    """10 and 10.0 seconds are one amount (every right answer records the same facts)."""
    return float(value) if type(value) in (int, float) else value


def _probe_finish(finish: Any, case: dict[str, Any]) -> dict[str, Any]:
    """Run the demo with the case's budget and clock through `finish`: the extensions it
    made, where the session ended, what it returned, and a digest of the event log."""
    harness = demo_harness(case["max_turns"], case["max_tool_calls"], case["max_seconds"],
                           clock=TickingClock(case["tick"]))
    extensions: list[dict[str, Any]] = []
    extend, resume = harness.budget.extend, harness.resume

    def recording_extend(turns: int = 0, tool_calls: int = 0, seconds: float = 0) -> None:
        extensions.append({"turns": turns, "tool_calls": tool_calls,
                           "seconds": _amount(seconds)})
        extend(turns, tool_calls, seconds)

    def counted_resume(payload: Any = None) -> Stop:
        if harness.session.warnings > MAX_RESUMES:
            raise _GaveUp()
        return resume(payload)

    harness.budget.extend = recording_extend  # type: ignore[method-assign]
    harness.resume = counted_resume  # type: ignore[method-assign]
    returned = None
    try:
        returned = finish(harness, harness.run(DEMO_GOAL))
    except _GaveUp:
        pass  # what happened so far is the evidence
    # the events as to_dicts() gives them, without copying each event's data to read it once
    events = [{"offset": e.offset, "type": e.type, "at": e.at, "data": e._data}
              for e in harness.events]
    return {"extensions": extensions, "state": str(harness.state),
            "outcome": harness.session.outcome,
            "returned": returned.kind if isinstance(returned, Stop) else None,
            "events": len(events), "log": log_digest(events)}


def _amounts(extension: dict[str, Any]) -> str:
    given = {k: v for k, v in extension.items() if v}
    return ", ".join(f"{k}+{v:g}" if type(v) in (int, float) else f"{k}+{v!r}"
                     for k, v in given.items()) or "nothing"


def _ran_out(extension: dict[str, Any]) -> str:
    return next((k for k, v in extension.items() if v), "a limit")


def _judge_finish(case: dict[str, Any], expected: dict[str, Any], output: Any) -> str | None:
    wanted, made = expected["extensions"], output["extensions"]
    for number, (want, have) in enumerate(zip(wanted, made, strict=False)):
        if have != want:
            return (f"extension {number + 1}: expected {_amounts(want)}, got {_amounts(have)} "
                    "(extend only the limit that ran out: turns or tool calls by 1, seconds "
                    "by 10)")
    if len(made) > len(wanted):
        extra = made[len(wanted)]
        if expected["outcome"] == "closed":
            return (f"extension {len(wanted) + 1} ({_amounts(extra)}): {_ran_out(extra)} had "
                    f"been extended {TIMES_PER_LIMIT} times already; close the session "
                    "instead")
        return f"expected {len(wanted)} extension(s), got {len(made)}"
    if len(made) < len(wanted):
        return (f"expected {len(wanted)} extension(s), got {len(made)}: the next one is "
                f"{_amounts(wanted[len(made)])} (a limit is extended up to "
                f"{TIMES_PER_LIMIT} times, counted for each limit on its own)")
    if output["state"] != "DONE":
        return (f"the session was left in {output['state']}, not DONE: keep going until "
                "stop.kind == 'done', or close it")
    if output["outcome"] != expected["outcome"]:
        return f"the session ended {output['outcome']!r}, expected {expected['outcome']!r}"
    if output["returned"] != FINISHED:
        return "return the final Stop (the one whose kind is 'done')"
    if output["log"] != expected["log"] or output["events"] != expected["events"]:
        return ("the event log differs from the reference run: answer each tool call with "
                "harness.resume(harness.call_tool(stop.request))")
    return None


def finish_case(label: str, rule: str, turns: int = 10, tool_calls: int = 10,
                seconds: float = 60.0, tick: float = 1.0) -> Case:
    """A budget (and a simulated clock of `tick` seconds a move) for the demo session."""
    return Case({"max_turns": turns, "max_tool_calls": tool_calls,
                 "max_seconds": float(seconds), "tick": float(tick)}, label, rule=rule)


NO_PAUSE = "a budget that is never reached: no extension at all"
LIMIT_RULES = {
    "turns": "turns run out: extend turns by 1 each time, up to twice",
    "tool_calls": "tool calls run out: extend tool_calls by 1 each time, up to twice",
    "seconds": "seconds run out: extend seconds by 10 each time, up to twice",
}
MIXED = "several limits run out: each may be extended twice, counted on its own"
CLOSES = "a limit runs out a third time: close the session instead of extending it"

_FINISH_HINT = ("Loop until stop.kind == 'done': answer a tool_call with "
                "harness.resume(harness.call_tool(stop.request)); on a pause read "
                "stop.pause['limit']; if that limit was extended twice already, return "
                "harness.close(...); otherwise extend that limit only (turns or tool_calls by "
                "1, seconds by 10), count it, and call harness.resume().")

FINISH_TURNS = Check(
    id="ch4-finish-turns",
    answer="finish_session",
    title="extend the turns (twice at most) and resume until the session completes",
    probe=_probe_finish,
    judge=_judge_finish,
    facts=shipped(CHAPTER, "ch4-finish-turns"),
    cases=lambda: [
        finish_case("max_turns=2: one pause before the last step", LIMIT_RULES["turns"],
                    turns=2),
        finish_case("max_turns=1: two pauses, two extensions", LIMIT_RULES["turns"], turns=1),
        finish_case("max_turns=0: turns run out a third time → close", CLOSES, turns=0),
        finish_case("a budget that is never reached", NO_PAUSE),
    ],
    hint=_FINISH_HINT,
)

FINISH_ANY = Check(
    id="ch4-finish-any-limit",
    answer="finish_session",
    title="extend whichever limit ran out, each at most twice; then close",
    probe=_probe_finish,
    judge=_judge_finish,
    facts=shipped(CHAPTER, "ch4-finish-any-limit"),
    cases=lambda: [
        finish_case("max_tool_calls=0: two pauses for tool calls", LIMIT_RULES["tool_calls"],
                    tool_calls=0),
        finish_case("max_seconds=5, one simulated second a move", LIMIT_RULES["seconds"],
                    seconds=5),
        finish_case("max_turns=1: turns run out twice", LIMIT_RULES["turns"], turns=1),
        finish_case("all three limits tight: two extensions of each", MIXED, turns=1,
                    tool_calls=0, seconds=3),
        finish_case("max_seconds=5 on a clock of 3 s a move: seconds run out a third time",
                    CLOSES, seconds=5, tick=3.0),
        finish_case("no turns and no tool calls: turns run out a third time", CLOSES,
                    turns=0, tool_calls=0),
        finish_case("a budget that is never reached", NO_PAUSE),
    ],
    hint=_FINISH_HINT,
)

# --- exercise 4: a table-driven test of the transitions -----------------------------------

NAMES = tuple(str(state) for state in STATES)
PAIRS = tuple((source, target) for source in NAMES for target in NAMES)  # a table's bit order


def _rows_probe(rows: Any, case: dict[str, Any]) -> Any:
    """The whole table, its rows in one order (repr's), so every right table is the same
    output whatever order it was written in (its digest is what says "right")."""
    return sorted((list(row) for row in rows), key=repr)


def _judge_rows(case: dict[str, Any], legal_moves: dict[str, bool] | None,
                output: Any) -> str | None:
    """The table's shape for one source state; and, on the teacher's side (with the
    reference's legal moves as facts), which moves it allows. A learner's edition holds
    no legal moves: the table as a whole is judged by its digest (`whole`)."""
    if not isinstance(output, list) or not all(
            isinstance(row, list) and len(row) == 3 for row in output):
        return "the table must be a list of (source, target, legal) rows"
    seen: dict[tuple[str, str], bool] = {}
    for source, target, legal in output:
        if source not in NAMES or target not in NAMES:
            return f"row ({source!r}, {target!r}, …) names a state that does not exist"
        if type(legal) is not bool:
            return f"row ({source}, {target}): legal must be True or False, got {legal!r}"
        if (source, target) in seen:
            return f"the pair {source} -> {target} appears twice"
        seen[(source, target)] = legal
    for target in NAMES:
        pair = (case["source"], target)
        if pair not in seen:
            return f"no row for {pair[0]} -> {target}: the table covers all 36 pairs"
        if legal_moves is None:
            continue
        legal = legal_moves[target]
        if seen[pair] != legal:
            return f"{pair[0]} -> {target} is {'legal' if legal else 'illegal'}"
    return None


TABLE_ROWS = Check(
    id="ch4-table-rows",
    answer="TRANSITION_ROWS",
    title="your table names every pair and says which moves the batch harness allows "
          "(self-check)",
    probe=_rows_probe,
    judge=_judge_rows,
    facts=shipped(CHAPTER, "ch4-table-rows"),
    # The table is the answer: this edition ships only a salted digest of the right one.
    whole=whole_digest(CHAPTER, "ch4-table-rows", "every row is well formed and every pair "
                       "is there, but the table does not allow exactly the moves of Figure 2 "
                       "(which rows are wrong is not said: that would give them away)"),
    cases=lambda: [Case({"source": name}, f"rows from {name}", rule=f"the moves out of {name}")
                   for name in NAMES],
    hint="One row per ordered pair of states (36 rows, self-loops included); legal is True "
         "only for the twelve moves of Figure 2, the batch harness's (this chapter's own table, "
         "TRANSITIONS, pauses in every active state: the batch harness does not).",
)


def _pad(key: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def table_spec(legal: set[tuple[str, str]] | frozenset[tuple[str, str]], key: bytes) -> dict:
    """A harness's table as a probe input: its legal pairs as bits, masked with a key, so
    that no two harnesses' inputs look alike, the real one's included."""
    bits = sum(1 << number for number, pair in enumerate(PAIRS) if pair in legal)
    return {"key": key.hex(), "mask": format(bits ^ _pad(key), "x")}


def legal_pairs(spec: dict[str, Any]) -> frozenset[tuple[str, str]]:
    """The legal pairs of the table `spec` (see table_spec)."""
    bits = int(spec["mask"], 16) ^ _pad(bytes.fromhex(spec["key"]))
    return frozenset(pair for number, pair in enumerate(PAIRS) if bits >> number & 1)


def harness_validate(spec: dict[str, Any]) -> Callable[[Any, Any], None]:
    """The validate_transition of a harness whose table is `spec` (see table_spec): returns
    quietly for a legal move, raises IllegalTransition for an illegal one. Every harness's
    is made here, the same way: they differ in their table only."""
    legal = legal_pairs(spec)

    def validate_transition(source: object, target: object) -> None:
        source, target = parse_state(source), parse_state(target)
        if (source, target) not in legal:
            raise IllegalTransition(source, target,
                                    allowed=[t for t in STATES if (source, t) in legal])

    return validate_transition


TEST_PASSED, TEST_FAILED = "passed", "failed"  # what a test did on one harness


def _probe_catches(run: Any, case: dict[str, Any]) -> list[dict[str, Any]]:
    """Run the learner's test on each harness of the case, in the case's order: did it pass
    (and return how many rows), fail with an AssertionError, or raise something else?"""
    results: list[dict[str, Any]] = []
    for spec in case["harnesses"]:
        try:
            returned = run(harness_validate(spec))
        except AssertionError:
            results.append({"result": TEST_FAILED})
            continue
        except Exception as exc:  # the test itself broke
            results.append({"result": f"raised {describe_error(exc, limit=120)}"})
            continue
        results.append({"result": TEST_PASSED,
                        "rows": returned if type(returned) is int else None})
    return results


def _judge_catches(case: dict[str, Any], broken: list[dict[str, str] | None],
                   output: Any) -> str | None:
    """`broken`: for each harness of the case, None for the real one, else which pair its
    table has flipped and what that pair is now ({"pair": "S -> T", "now": "legal"})."""
    if not isinstance(output, list) or len(output) != len(broken):
        return "the test was not run on every harness"
    where = {n: f"harness {n + 1} of {len(broken)}" for n in range(len(broken))}
    for number, flip in enumerate(broken):
        got = output[number]
        if flip is None and got["result"] != TEST_PASSED:
            what = ("failed your test: a row of your table is wrong" if got["result"] ==
                    TEST_FAILED else f"made your test break ({got['result']})")
            return f"the real harness ({where[number]}) {what}"
        if flip is None and got["rows"] != len(PAIRS):
            return (f"on the real harness run_table returned {got['rows']!r}: it must check "
                    f"and count all {len(PAIRS)} rows")
    for number, flip in enumerate(broken):
        result = output[number]["result"]
        if flip is not None and result != TEST_FAILED:
            what = "passed your test" if result == TEST_PASSED else f"made it break ({result})"
            return (f"a harness where {flip['pair']} is {flip['now']} ({where[number]}) {what}: "
                    "the test must fail it with an AssertionError")
    return None


REAL = "the real batch harness passes: every row checked, and the count returned"
MADE_LEGAL = "a harness that allows a move the batch harness forbids fails the test"
MADE_ILLEGAL = "a harness that forbids a move the batch harness allows fails the test"

# The harnesses of the visible cases, masked as the probe gets them (see table_spec): the
# real batch harness, and four broken ones named by the pair each has flipped.
# agentloop_grader.answers.ch4.visible_harnesses writes them; a test keeps the two in step.
VISIBLE_HARNESSES = {
    "real": {"key": "4a9970ff93343f4f", "mask": "928f573a6589e220"},
    "EXECUTING -> IDLE": {"key": "d2a06cf895ce69b7", "mask": "dad31e864242457f"},
    "DONE -> IDLE": {"key": "cc67051b971a9983", "mask": "dbc501a3b4707426"},
    "IDLE -> REFLECTING": {"key": "58767d5afbbaf1ec", "mask": "fd3fc8966b6f0df9"},
    "AWAITING_TOOL -> REFLECTING": {"key": "5813f36730552987", "mask": "6635fe6f252a4c69"},
}


def _harnesses(label: str, rule: str, *names: str) -> Case:
    return Case({"harnesses": [copy_plain(VISIBLE_HARNESSES[name]) for name in names]},
                label, rule=rule)


_TABLE_HINT = ("For each row, call validate(source, target); it raises IllegalTransition when "
               "the move is illegal. assert that what happened matches the row, and return "
               "the number of rows.")

TABLE_FORBIDDEN = Check(
    id="ch4-table-forbidden",
    answer="run_table",
    title="the test passes the real batch harness and fails one that allows a forbidden move",
    probe=_probe_catches,
    judge=_judge_catches,
    facts=shipped(CHAPTER, "ch4-table-forbidden"),
    cases=lambda: [
        _harnesses("the real batch harness alone", REAL, "real"),
        _harnesses("three harnesses: one allows EXECUTING -> IDLE (a pause in the middle of a "
                   "step), one DONE -> IDLE, then the real one", MADE_LEGAL,
                   "EXECUTING -> IDLE", "DONE -> IDLE", "real"),
    ],
    hint=_TABLE_HINT,
)

TABLE_ALLOWED = Check(
    id="ch4-table-allowed",
    answer="run_table",
    title="the test fails a harness that forbids a move the batch harness allows",
    probe=_probe_catches,
    judge=_judge_catches,
    facts=shipped(CHAPTER, "ch4-table-allowed"),
    cases=lambda: [
        _harnesses("the real batch harness alone", REAL, "real"),
        _harnesses("three harnesses: one forbids IDLE -> REFLECTING (the resume), the real "
                   "one, one forbids AWAITING_TOOL -> REFLECTING", MADE_ILLEGAL,
                   "IDLE -> REFLECTING", "real", "AWAITING_TOOL -> REFLECTING"),
    ],
    hint=_TABLE_HINT,
)

CHECKS = (GUARD_FLAGS, GUARD_COMMANDS, FIGURES_TOTALS, FIGURES_PER_STEP, FINISH_TURNS,
          FINISH_ANY, TABLE_ROWS, TABLE_FORBIDDEN, TABLE_ALLOWED)
SELF_CHECKS = (TABLE_ROWS,)  # shown in the notebook, never graded
