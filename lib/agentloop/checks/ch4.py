"""Chapter 4's checks: a guard hook, an event subscriber, a budget pause, a table-driven test.

    exercise                                  checks
    1  block_rm_rf(payload)                   ch4-guard-flags, ch4-guard-commands
    2  StepFigures (an event subscriber)      ch4-figures-totals, ch4-figures-per-step
    3  finish_session(harness, stop)          ch4-finish-turns, ch4-finish-any-limit
    4  TRANSITION_ROWS                        ch4-table-rows (a self-check, not graded)
       run_table(validate)                    ch4-table-forbidden, ch4-table-allowed

Each graded check's id is the grade_id of a test cell in chapters/04_harness.ipynb. Probes
run the learner's object inside a trusted harness and return plain facts (the events, the
arguments a tool received, what the learner extended); verify recomputes the answer with
the references in this module — the danger rule, the subscriber, the finisher and the
transition table written out from the chapter's diagram — never with a flag from the
learner's side. The library's session record is the subscriber checks' `withhold`; the
table-driven test is run against the library's own table with one pair flipped, so a test
that reads its expectations from the code under test catches nothing.
"""

from __future__ import annotations

import contextlib
import copy
import random
import shlex
from collections.abc import Iterator
from typing import Any

from agentloop.checks.core import Case, Check
from agentloop.checks.legacy import Verify
from agentloop.harness import (
    DEMO_GOAL,
    DONE,
    FINISHED,
    REVIEW,
    SKIP,
    STATES,
    TOOL_CALL,
    TRANSITIONS,
    Budget,
    EventLog,
    EventLogError,
    Harness,
    IllegalTransition,
    Session,
    State,
    TickingClock,
    demo_harness,
    drive,
    replay,
    validate_transition,
)
from agentloop.harness.events import events_from_dicts

# --- exercise 1: a before_tool_call hook that blocks rm -rf -------------------------------

SEPARATORS = {";", "&&", "||", "|", "&"}


def is_dangerous(command: str) -> bool:
    """True when any part of `command` runs rm, perhaps after sudo, both recursive and forced.

    Parts are split at ; && || | and &. Flags count in any order and combination
    (-rf, -fr, -Rf, -r -f, --recursive --force). Text inside quotes is not a command.
    """
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError:  # unbalanced quotes: refuse to guess what would run
        return True
    part: list[str] = []
    for token in [*tokens, ";"]:
        if token in SEPARATORS:
            if _forced_recursive_rm(part):
                return True
            part = []
        else:
            part.append(token)
    return False


def _forced_recursive_rm(words: list[str]) -> bool:
    while words and words[0] == "sudo":
        words = words[1:]
    if not words or words[0] not in ("rm", "/bin/rm"):
        return False
    recursive = force = False
    for word in words[1:]:
        if word == "--":
            break
        if word.startswith("--"):
            recursive |= word == "--recursive"
            force |= word == "--force"
        elif word.startswith("-"):
            recursive |= "r" in word or "R" in word
            force |= "f" in word
    return recursive and force


def block_rm_rf(payload: dict[str, Any]) -> None:
    """The reference hook: raise on a dangerous shell command, let everything else through."""
    command = payload.get("args", {}).get("command")
    if payload.get("tool") == "shell" and isinstance(command, str) and is_dangerous(command):
        raise PermissionError(f"refused a recursive forced delete: {command}")


def _probe_hook(hook: Any, case: dict[str, Any]) -> dict[str, Any]:
    step = {"name": "run one command", "tool": case["tool"], "args": case["args"]}
    harness = Harness(lambda goal, history: [copy.deepcopy(step)],
                      Budget(5, 5, 60, TickingClock()), max_replans=0)
    harness.on("before_tool_call", hook)
    stop = harness.run("try one tool call")
    sent = None
    if stop.kind == TOOL_CALL:
        sent = stop.request["args"] if stop.request else None
        harness.resume({"ok": True, "output": ""})
    errors = [e.data["error"] for e in harness.events if e.type == "tool.error"]
    return {"called": sent is not None, "args": sent, "errors": errors}


def _hook_facts(case: dict[str, Any]) -> bool:
    """Must the reference hook block this call?"""
    command = case["args"].get("command")
    return case["tool"] == "shell" and isinstance(command, str) and is_dangerous(command)


def _judge_hook(case: dict[str, Any], dangerous: bool, output: Any) -> str | None:
    if dangerous:
        if any("NotImplementedError" in error for error in output["errors"]):
            return "the hook is not written yet (it raises NotImplementedError for every call)"
        if output["called"]:
            return "the command reached the tool: raise an exception to block it"
        if any("HookError" in error for error in output["errors"]):
            return ("the hook returned a value; a hook blocks by raising an exception "
                    "(returning False or a message does not block)")
        if not any(error.startswith("blocked by a before_tool_call hook")
                   for error in output["errors"]):
            return "the call was not blocked by the hook"
        return None
    if not output["called"]:
        reason = output["errors"][0] if output["errors"] else "no tool call"
        return f"a safe call was blocked ({reason})"
    if output["args"] != case["args"]:
        return f"the tool received {output['args']!r}; a guard lets safe calls through unchanged"
    return None


_verify_hook = Verify(_judge_hook, _hook_facts)


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

ONE_WORD_FLAGS = ("-rf", "-fr", "-Rf", "-fR", "-rfv", "-vrf", "-fvR")
APART_FLAGS = ("-r -f", "-f -r", "-R -f", "--recursive --force", "-r --force", "--force -R",
               "-rf --", "-v -r -f")
TARGETS = ("/", "~", "build", "*", "/var/tmp/cache", "./node_modules", "$HOME", "dist/ logs/")
ONE_FLAG_COMMANDS = ("rm notes.txt", "rm -f old.log", "rm -r empty_dir", "rm -i -r drafts",
                     "rm -v report.pdf", "rm --force cache.db", "rm --recursive olddir")
NOT_RM_COMMANDS = ("grep -rf patterns.txt src", "cp -rf src backup", "chmod -R 755 public",
                   "git rm -r --cached dist", "firm -rf setting", "trim -fr text",
                   "rmdir build", "scp -r host:dir .")
SAFE_COMMANDS = ("ls -la", "du -sh build/cache", "git status", "find . -name '*.pyc'",
                 "cat README.md", "python -m pytest -q", "mkdir -p build/cache",
                 "rm notes.txt", "grep -rf patterns.txt src")
QUOTED_COMMANDS = ("echo 'rm -rf / is how you lose a weekend'", 'echo "rm -fr ~"',
                   "git commit -m 'stop using rm -rf'", "printf '%s' 'sudo rm -rf /'")
CHAINS = ("{s} && {x}", "{x}; {s}", "cd /tmp && {x}", "{s} | tee out.txt; {x}", "{s} || {x}",
          "{s} & {x}")
OTHER_CALLS = (
    {"tool": "read_file", "args": {"path": "rm -rf notes"}},
    {"tool": "http_get", "args": {"url": "https://example.org/rm-rf"}},
    {"tool": "shell", "args": {"cwd": "/tmp"}},
    {"tool": "search", "args": {"command": "rm -rf /"}},
)


def _rm(rng: random.Random, flags: tuple[str, ...], sudo: bool = False) -> str:
    return f"{'sudo ' if sudo else ''}rm {rng.choice(flags)} {rng.choice(TARGETS)}"


def _flag_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(36):
        rule = (ONE_WORD, SEPARATE, SUDO, ONE_FLAG, NOT_RM, OTHER_CALL)[number % 6]
        if rule == ONE_WORD:
            payload = _shell(_rm(rng, ONE_WORD_FLAGS))
        elif rule == SEPARATE:
            payload = _shell(_rm(rng, APART_FLAGS))
        elif rule == SUDO:
            payload = _shell(_rm(rng, ONE_WORD_FLAGS + APART_FLAGS, sudo=True))
        elif rule == ONE_FLAG:
            payload = _shell(rng.choice(ONE_FLAG_COMMANDS))
        elif rule == NOT_RM:
            payload = _shell(rng.choice(NOT_RM_COMMANDS))
        else:
            payload = copy.deepcopy(rng.choice(OTHER_CALLS))
        cases.append(Case(payload, f"generated call {number + 1}", rule=rule))
    return cases


def _command_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        rule = (IN_A_CHAIN, IN_A_CHAIN, QUOTED, SAFE_CHAIN)[number % 4]
        if rule == IN_A_CHAIN:
            rm = _rm(rng, ONE_WORD_FLAGS + APART_FLAGS, sudo=rng.random() < 0.3)
            command = rng.choice(CHAINS).format(x=rm, s=rng.choice(SAFE_COMMANDS))
        elif rule == QUOTED:
            command = rng.choice(QUOTED_COMMANDS)
            if rng.random() < 0.5:
                command = rng.choice(CHAINS).format(x=command, s=rng.choice(SAFE_COMMANDS))
        else:
            first, second = rng.sample(SAFE_COMMANDS + ONE_FLAG_COMMANDS[:3], 2)
            command = rng.choice(CHAINS).format(x=first, s=second)
        cases.append(Case(_shell(command), f"generated command {number + 1}", rule=rule))
    return cases


_HOOK_HINT = ("Split the command at ; && || | and &, drop a leading sudo, and look for rm with "
              "both a recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in "
              "any order or combination. Raise to block; return None to let a call through.")

GUARD_FLAGS = Check(
    id="ch4-guard-flags",
    answer="block_rm_rf",
    title="the hook blocks rm when it is both recursive and forced, and nothing else",
    probe=_probe_hook,
    verify=_verify_hook,
    reference=block_rm_rf,
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
    hidden=_flag_cases,
    hint=_HOOK_HINT,
)

GUARD_COMMANDS = Check(
    id="ch4-guard-commands",
    answer="block_rm_rf",
    title="the hook reads whole command lines: every part of a chain, never quoted text",
    probe=_probe_hook,
    verify=_verify_hook,
    reference=block_rm_rf,
    cases=lambda: [
        Case(_shell("ls && rm -Rf dist"), "ls && rm -Rf dist", rule=IN_A_CHAIN),
        Case(_shell("rm -r -f build; echo done"), "rm -r -f build; echo done",
             rule=IN_A_CHAIN),
        Case(_shell("echo 'rm -rf /'"), "echo 'rm -rf /'", rule=QUOTED),
        Case(_shell("du -sh build/cache | sort -h"), "du -sh build/cache | sort -h",
             rule=SAFE_CHAIN),
    ],
    hidden=_command_cases,
    hint=_HOOK_HINT,
)

# --- exercise 2: an event subscriber that counts per step ---------------------------------


class StepFigures:
    """The reference subscriber: per-step tool calls and errors, and the session's totals."""

    def __init__(self) -> None:
        self.per_step: list[dict[str, Any]] = []
        self.tool_calls = self.errors = 0
        self._calls = self._errors = 0   # in the step still open

    def __call__(self, event: Any) -> None:
        if event.type == "step.start":
            self._calls = self._errors = 0
        elif event.type == "tool.call":
            self._calls += 1
            self.tool_calls += 1
        elif event.type == "tool.error":
            self._errors += 1
            self.errors += 1
        elif event.type == "step.end":
            data = event.data
            self.per_step.append({"name": data["name"], "status": data["status"],
                                  "tool_calls": self._calls, "errors": self._errors})
            self._calls = self._errors = 0

    def figures(self) -> dict[str, Any]:
        return {"steps": len(self.per_step), "tool_calls": self.tool_calls,
                "errors": self.errors, "per_step": copy.deepcopy(self.per_step)}


def _figures_of(figures_class: Any, events: list[dict[str, Any]]) -> Any:
    log = EventLog(events_from_dicts(events))
    subscriber = figures_class()
    log.subscribe(subscriber)
    if log.subscriber_errors:
        raise RuntimeError(log.subscriber_errors[0])
    return subscriber.figures()


def _probe_figures(figures_class: Any, events: list[dict[str, Any]]) -> Any:
    return _figures_of(figures_class, events)


# The session record folds the same events: counting with it is not counting.
RECORD = (Session, replay)


def _figures_facts(events: list[dict[str, Any]]) -> dict[str, Any]:
    return _figures_of(StepFigures, events)


def _judge_totals(events: list[dict[str, Any]], expected: dict[str, Any],
                  output: Any) -> str | None:
    for key in ("steps", "tool_calls", "errors"):
        if not isinstance(output, dict) or key not in output:
            return f"figures() must return a dict with {key!r}"
        if output[key] != expected[key] or type(output[key]) is not int:
            return f"{key}: expected {expected[key]}, got {output[key]!r}"
    return None


def _judge_per_step(events: list[dict[str, Any]], figures: dict[str, Any],
                    output: Any) -> str | None:
    expected = figures["per_step"]
    got = output.get("per_step") if isinstance(output, dict) else None
    if not isinstance(got, list):
        return "figures() must return a dict with a 'per_step' list"
    if len(got) != len(expected):
        return f"expected {len(expected)} steps in per_step, got {len(got)}"
    for number, (want, have) in enumerate(zip(expected, got, strict=True)):
        if have != want:
            return f"per_step[{number}]: expected {want}, got {have!r}"
    return None


_verify_totals = Verify(_judge_totals, _figures_facts)
_verify_per_step = Verify(_judge_per_step, _figures_facts)


SKIPPED_UNSTARTED = "a step skipped from after_step ends without starting: its figures are 0"
BLOCKED = "a blocked call is a tool.error with no tool.call: it counts for its step"
REPLANNED = "after a replan the steps go on counting, one entry per step.end"
PAUSED = "pauses in the middle change no count"
FAILED_RESULT = "an error result is a tool.call and a tool.error of the same step"
PLAIN = "tool calls counted per step; a step without a tool has 0"


def _figures_rule(events: list[dict[str, Any]]) -> str:
    types = [e["type"] for e in events]
    open_step = False
    for kind in types:
        if kind == "step.end" and not open_step:
            return SKIPPED_UNSTARTED
        open_step = kind == "step.start" or (open_step and kind != "step.end")
    if any(e["type"] == "tool.error" and e["data"]["source"] == "hook" for e in events):
        return BLOCKED
    if any(e["type"] == "plan.draft" and e["data"]["replan"] for e in events):
        return REPLANNED
    if "session.pause" in types:
        return PAUSED
    if "tool.error" in types:
        return FAILED_RESULT
    return PLAIN


def random_session_events(rng: random.Random) -> list[dict[str, Any]]:
    """A whole session with random plans, results, guards, skips and pauses; its event log."""
    tools = ("shell", "read_file", "search")
    plan = [{"name": f"step {n + 1}", "tool": rng.choice([*tools, None]),
             "args": {"command": rng.choice(["ls", "rm -rf tmp", "cat a.txt", "du -sh ."])}}
            for n in range(rng.randint(1, 4))]
    harness = Harness(lambda goal, history: copy.deepcopy(plan[len(history) % len(plan):]),
                      Budget(rng.randint(0, 4), rng.randint(0, 3), rng.randint(4, 40),
                             TickingClock(1.0)), max_replans=rng.randint(0, 2))
    if rng.random() < 0.5:
        harness.on("before_tool_call", block_rm_rf)
    skip_step = rng.choice([None, None, "step 2", "step 3"])
    harness.on("before_step", lambda p: SKIP if p["step"] == skip_step else None)
    if rng.random() < 0.2:
        harness.on("after_step", lambda p: SKIP if p["step"] == "step 1" else None)
    if rng.random() < 0.2:
        harness.on("before_tool_call", lambda p: REVIEW if p["index"] == 0 else None)
    stop = harness.run(rng.choice(["tidy the workspace", "find the big files", "ship it"]))
    for _ in range(60):
        if stop.kind == FINISHED:
            break
        if stop.kind == TOOL_CALL:
            stop = harness.resume(rng.choice([
                {"ok": True, "output": "fine"}, {"ok": True, "output": ["a", "b"]},
                {"ok": False, "error": "Error: timed out"}, "not a result", {"ok": "yes"}]))
        elif rng.random() < 0.1:
            stop = harness.close("the caller gave up")
        else:
            harness.extend_budget(turns=1, tool_calls=1, seconds=10)
            stop = harness.resume()
    return harness.events.to_dicts()


def _figure_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(25):
        events = random_session_events(rng)
        cases.append(Case(events, f"generated session {number + 1}",
                          rule=_figures_rule(events)))
    return cases


def _demo_events(harness: Harness | None = None, **limits: Any) -> list[dict[str, Any]]:
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


def _figure_visible() -> list[Case]:
    sessions = [
        ("the demo session", _demo_events()),
        ("the demo with a shell whose rm fails, no replans",
         _demo_events(_hooked_demo("before_step", lambda p: None, 0, shell=_failing_shell))),
        ("the demo with budget pauses along the way", _demo_events(max_turns=1,
                                                                    max_tool_calls=1)),
        ("the demo with a shell whose rm fails, one replan",
         _demo_events(_hooked_demo("before_step", lambda p: None, 1, shell=_failing_shell))),
        ("the demo with rm -rf blocked", _demo_events(_hooked_demo("before_tool_call",
                                                                   block_rm_rf, 0))),
        ("the demo where after_step skips the step after the first",
         _demo_events(_hooked_demo("after_step", lambda p: SKIP if p["index"] == 0 else None))),
    ]
    return [Case(events, label, rule=_figures_rule(events)) for label, events in sessions]


_FIGURES_HINT = ("Count tool.call and tool.error events; a step's figures are the ones seen "
                 "since the last step.start or step.end, and step.end closes the step.")

FIGURES_TOTALS = Check(
    id="ch4-figures-totals",
    answer="StepFigures",
    title="the subscriber counts steps, tool calls and errors",
    probe=_probe_figures,
    verify=_verify_totals,
    reference=StepFigures,
    cases=_figure_visible,
    hidden=_figure_cases,
    withhold=RECORD,
    hint=_FIGURES_HINT,
)

FIGURES_PER_STEP = Check(
    id="ch4-figures-per-step",
    answer="StepFigures",
    title="the subscriber gives each step its own figures",
    probe=_probe_figures,
    verify=_verify_per_step,
    reference=StepFigures,
    cases=_figure_visible,
    hidden=_figure_cases,
    withhold=RECORD,
    hint=_FIGURES_HINT,
)

# --- exercise 3: extend the budget and resume until the session completes -----------------

EXTENSION = {"turns": 1, "tool_calls": 1, "seconds": 10}
# The reference needs at most 7 extensions on any case; a loop still pausing after 25
# resumes is not getting anywhere, and every resume more only lengthens the evidence.
MAX_RESUMES = 25


def finish_session(harness: Harness, stop: Any) -> Any:
    """The reference: answer tool calls; on a budget pause extend only the limit that ran out."""
    while stop.kind != FINISHED:
        if stop.kind == TOOL_CALL:
            stop = harness.resume(harness.call_tool(stop.request))
        else:
            limit = stop.pause["limit"]
            harness.extend_budget(**{limit: EXTENSION[limit]})
            stop = harness.resume()
    return stop


class _GaveUp(Exception):
    """The learner's loop kept pausing without getting anywhere."""


def _probe_finish(finish: Any, limits: dict[str, Any]) -> dict[str, Any]:
    harness = demo_harness(**limits)
    extensions: list[dict[str, Any]] = []
    extend, resume = harness.budget.extend, harness.resume

    def recording_extend(turns: int = 0, tool_calls: int = 0, seconds: float = 0) -> None:
        extensions.append({"turns": turns, "tool_calls": tool_calls, "seconds": seconds})
        extend(turns, tool_calls, seconds)

    def counted_resume(payload: Any = None) -> Any:
        if harness.session.warnings > MAX_RESUMES:
            raise _GaveUp()
        return resume(payload)

    harness.budget.extend = recording_extend  # type: ignore[method-assign]
    harness.resume = counted_resume  # type: ignore[method-assign]
    try:
        finish(harness, harness.run(DEMO_GOAL))
    except _GaveUp:
        pass  # what happened so far is the evidence
    return {"events": harness.events.to_dicts(), "extensions": extensions}


def _finish_facts(limits: dict[str, Any]) -> dict[str, Any]:
    """The reference's session: its events and the extensions it made."""
    return _probe_finish(finish_session, limits)


def _judge_finish(limits: dict[str, Any], expected: dict[str, Any], output: Any) -> str | None:
    try:
        replayed = replay(output["events"])
    except EventLogError as exc:
        return f"the session's event log does not replay: {exc}"
    wanted, made = expected["extensions"], output["extensions"]
    for number, (want, have) in enumerate(zip(wanted, made, strict=False)):
        if have != want:
            return (f"extension {number + 1}: expected {_amounts(want)}, got {_amounts(have)}"
                    " (extend only the limit that ran out: turns or tool calls by 1, "
                    "seconds by 10)")
    if replayed.state is not DONE:
        return (f"the session ended in {replayed.state}, not DONE, after {len(made)} "
                "extension(s): keep going until stop.kind == 'done'")
    if replayed.session.outcome != "goal_met":
        return f"the session ended with outcome {replayed.session.outcome!r}, not 'goal_met'"
    if len(made) != len(wanted):
        return f"expected {len(wanted)} extension(s), got {len(made)}"
    if output["events"] != expected["events"]:
        first = next(n for n, (a, b) in enumerate(zip(output["events"], expected["events"],
                                                       strict=False)) if a != b)
        return (f"event {first} differs from the reference run: answer tool calls with "
                "harness.call_tool(stop.request)")
    return None


_verify_finish = Verify(_judge_finish, _finish_facts)


def _amounts(extension: dict[str, Any]) -> str:
    given = {k: v for k, v in extension.items() if v}
    return ", ".join(f"{k}+{v}" for k, v in given.items()) or "nothing"


def _limits(turns: int = 10, tool_calls: int = 10, seconds: float = 60.0) -> dict[str, Any]:
    return {"max_turns": turns, "max_tool_calls": tool_calls, "max_seconds": seconds}


NO_PAUSE = "a budget that is never reached: no extension at all"
LIMIT_RULES = {
    "turns": "turns run out: extend turns by 1, as often as it pauses",
    "tool_calls": "tool calls run out: extend tool_calls by 1, as often as it pauses",
    "seconds": "seconds run out: extend seconds by 10, as often as it pauses",
}
MIXED = "several limits run out: extend each one as it runs out, and only that one"


def _finish_rule(limits: dict[str, Any]) -> str:
    ran_out = {limit for extension in _probe_finish(finish_session, limits)["extensions"]
               for limit, amount in extension.items() if amount}
    if not ran_out:
        return NO_PAUSE
    return LIMIT_RULES[ran_out.pop()] if len(ran_out) == 1 else MIXED


def _finish_case(limits: dict[str, Any], label: str) -> Case:
    return Case(limits, label, rule=_finish_rule(limits))


_FINISH_HINT = ("Loop until stop.kind == 'done': answer a tool_call with "
                "harness.resume(harness.call_tool(stop.request)); on a pause read "
                "stop.pause['limit'], extend that limit only (turns or tool_calls by 1, seconds "
                "by 10) and call harness.resume().")

FINISH_TURNS = Check(
    id="ch4-finish-turns",
    answer="finish_session",
    title="extend the turns and resume until the session completes",
    probe=_probe_finish,
    verify=_verify_finish,
    reference=finish_session,
    cases=lambda: [
        _finish_case(_limits(turns=2), "max_turns=2: one pause before the last step"),
        _finish_case(_limits(turns=0), "max_turns=0: a pause right after planning"),
        _finish_case(_limits(), "a budget that is never reached"),
    ],
    hidden=lambda rng: [_finish_case(_limits(rng.randint(0, 3), rng.randint(2, 10),
                                             rng.randint(40, 90)),
                                     f"generated turn limit {n + 1}") for n in range(10)],
    hint=_FINISH_HINT,
)

FINISH_ANY = Check(
    id="ch4-finish-any-limit",
    answer="finish_session",
    title="extend whichever limit ran out: turns, tool calls or seconds",
    probe=_probe_finish,
    verify=_verify_finish,
    reference=finish_session,
    cases=lambda: [
        _finish_case(_limits(tool_calls=1), "max_tool_calls=1: a pause before the second call"),
        _finish_case(_limits(seconds=5), "max_seconds=5 (one simulated second a move)"),
        _finish_case(_limits(turns=1), "max_turns=1"),
        _finish_case(_limits(turns=1, tool_calls=0, seconds=3), "all three limits tight"),
        _finish_case(_limits(), "a budget that is never reached"),
    ],
    hidden=lambda rng: [
        _finish_case(_limits(rng.randint(0, 3), rng.randint(0, 2), rng.randint(1, 12)),
                     f"generated limits {n + 1}") for n in range(12)],
    hint=_FINISH_HINT,
)

# --- exercise 4: a table-driven test of the transitions -----------------------------------

# The legal moves, written out from the chapter's diagram (not read from the library).
DIAGRAM_EDGES = frozenset({
    ("IDLE", "PLANNING"), ("IDLE", "EXECUTING"), ("IDLE", "AWAITING_TOOL"),
    ("IDLE", "REFLECTING"), ("IDLE", "DONE"),
    ("PLANNING", "EXECUTING"), ("PLANNING", "DONE"), ("PLANNING", "IDLE"),
    ("EXECUTING", "AWAITING_TOOL"), ("EXECUTING", "REFLECTING"), ("EXECUTING", "IDLE"),
    ("AWAITING_TOOL", "REFLECTING"), ("AWAITING_TOOL", "IDLE"),
    ("REFLECTING", "EXECUTING"), ("REFLECTING", "PLANNING"), ("REFLECTING", "DONE"),
    ("REFLECTING", "IDLE"),
})
NAMES = tuple(str(state) for state in STATES)
TRANSITION_ROWS = [(source, target, (source, target) in DIAGRAM_EDGES)
                   for source in NAMES for target in NAMES]


def run_table(validate: Any) -> int:
    """The reference test: every row of the table against `validate(source, target)`."""
    for source, target, legal in TRANSITION_ROWS:
        try:
            validate(source, target)
            allowed = True
        except IllegalTransition:
            allowed = False
        assert allowed == legal, f"{source} -> {target}: the table says legal={legal}"
    return len(TRANSITION_ROWS)


def _probe_rows(rows: Any, case: dict[str, Any]) -> Any:
    return [list(row) for row in rows]


def _rows_facts(case: dict[str, Any]) -> dict[str, bool]:
    """Which moves out of the case's state the diagram allows."""
    return {target: (case["source"], target) in DIAGRAM_EDGES for target in NAMES}


def _judge_rows(case: dict[str, Any], legal_moves: dict[str, bool], output: Any) -> str | None:
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
        legal = legal_moves[target]
        if seen[pair] != legal:
            return f"{pair[0]} -> {target} is {'legal' if legal else 'illegal'}"
    return None


_verify_rows = Verify(_judge_rows, _rows_facts)


TABLE_ROWS = Check(
    id="ch4-table-rows",
    answer="TRANSITION_ROWS",
    title="your table names every pair and says which moves the diagram allows (self-check)",
    probe=_probe_rows,
    verify=_verify_rows,
    reference=TRANSITION_ROWS,
    cases=lambda: [Case({"source": name}, f"rows from {name}", rule=f"the moves out of {name}")
                   for name in NAMES],
    hint="One row per ordered pair of states (36 rows, self-loops included); legal is True "
         "only for the edges in the diagram, pauses and resumes included.",
)


@contextlib.contextmanager
def _flipped(pair: tuple[str, str] | None) -> Iterator[None]:
    """The library's own table with one pair flipped: a harness with a bug in its table."""
    if pair is None:
        yield
        return
    source, target = State(pair[0]), State(pair[1])
    saved = dict(TRANSITIONS[source])
    if target in TRANSITIONS[source]:
        del TRANSITIONS[source][target]
    else:
        TRANSITIONS[source][target] = "a bug"
    try:
        yield
    finally:
        TRANSITIONS[source].clear()
        TRANSITIONS[source].update(saved)


def _probe_catches(run: Any, case: dict[str, Any]) -> dict[str, Any]:
    with _flipped(tuple(case["flip"]) if case["flip"] else None):
        try:
            returned = run(validate_transition)
        except AssertionError:
            return {"result": "failed"}
    return {"result": "passed", "rows": returned if type(returned) is int else None}


def _catches_facts(case: dict[str, Any]) -> str | None:
    """What the flipped pair is in the broken harness: "legal" or "illegal"."""
    if case["flip"] is None:
        return None
    return "legal" if tuple(case["flip"]) not in DIAGRAM_EDGES else "illegal"


def _judge_catches(case: dict[str, Any], now: str | None, output: Any) -> str | None:
    if case["flip"] is None:
        if output["result"] != "passed":
            return "the test fails on the real harness: a row of the table is wrong"
        if output["rows"] != len(NAMES) ** 2:
            return f"run_table must check and count all 36 rows, returned {output['rows']!r}"
        return None
    source, target = case["flip"]
    if output["result"] != "failed":
        return (f"a harness where {source} -> {target} is {now} passed the test: the test "
                "must fail with an AssertionError")
    return None


_verify_catches = Verify(_judge_catches, _catches_facts)


REAL = "the real harness passes: every row checked, and the count returned"
MADE_LEGAL = "a harness that allows a move the diagram forbids fails the test"
MADE_ILLEGAL = "a harness that forbids a move the diagram allows fails the test"


def _catch_cases(flipped: set[tuple[str, str]] | frozenset, rule: str, count: int):
    def hidden(rng: random.Random) -> list[Case]:
        pairs = sorted(flipped)
        return [Case({"flip": list(pair)}, f"broken harness {n + 1}", rule=rule)
                for n, pair in enumerate(rng.sample(pairs, min(count, len(pairs))))] + \
            [Case({"flip": None}, "the real harness again", rule=REAL)]
    return hidden


_TABLE_HINT = ("For each row, call validate(source, target); it raises IllegalTransition when "
               "the move is illegal. assert that what happened matches the row, and return "
               "the number of rows.")
ILLEGAL_PAIRS = frozenset((s, t) for s in NAMES for t in NAMES) - DIAGRAM_EDGES

TABLE_FORBIDDEN = Check(
    id="ch4-table-forbidden",
    answer="run_table",
    title="the test passes the real harness and fails one that allows a forbidden move",
    probe=_probe_catches,
    verify=_verify_catches,
    reference=run_table,
    cases=lambda: [
        Case({"flip": None}, "the real harness", rule=REAL),
        Case({"flip": ["EXECUTING", "DONE"]}, "a harness that allows EXECUTING -> DONE",
             rule=MADE_LEGAL),
        Case({"flip": ["DONE", "IDLE"]}, "a harness that allows DONE -> IDLE",
             rule=MADE_LEGAL),
    ],
    hidden=_catch_cases(ILLEGAL_PAIRS, MADE_LEGAL, 12),
    hint=_TABLE_HINT,
)

TABLE_ALLOWED = Check(
    id="ch4-table-allowed",
    answer="run_table",
    title="the test fails a harness that forbids a move the diagram allows",
    probe=_probe_catches,
    verify=_verify_catches,
    reference=run_table,
    cases=lambda: [
        Case({"flip": None}, "the real harness", rule=REAL),
        Case({"flip": ["AWAITING_TOOL", "REFLECTING"]},
             "a harness that forbids AWAITING_TOOL -> REFLECTING", rule=MADE_ILLEGAL),
        Case({"flip": ["IDLE", "EXECUTING"]}, "a harness that forbids IDLE -> EXECUTING",
             rule=MADE_ILLEGAL),
    ],
    hidden=_catch_cases(DIAGRAM_EDGES, MADE_ILLEGAL, 10),
    hint=_TABLE_HINT,
)

CHECKS = (GUARD_FLAGS, GUARD_COMMANDS, FIGURES_TOTALS, FIGURES_PER_STEP, FINISH_TURNS,
          FINISH_ANY, TABLE_ROWS, TABLE_FORBIDDEN, TABLE_ALLOWED)
SELF_CHECKS = (TABLE_ROWS,)  # shown in the notebook, never graded
# Reference answers by the name a submission defines (used by tests and the benchmark).
REFERENCE = {
    "block_rm_rf": block_rm_rf,
    "StepFigures": StepFigures,
    "finish_session": finish_session,
    "TRANSITION_ROWS": TRANSITION_ROWS,
    "run_table": run_table,
}
