"""Chapter 4's checks: a guard hook, an event subscriber, a budget pause, the transition table.

Each check's id is the grade_id of a test cell in chapters/04_harness.ipynb. Probes run
the learner's object inside a trusted harness and return plain facts (the events, the
arguments a tool received, what the learner extended); verify recomputes the answer
with the reference in this module and never trusts a flag from the learner's side.
"""

from __future__ import annotations

import copy
import random
import shlex
from typing import Any

from agentloop.checks.core import Case, Check
from agentloop.harness import (
    DEMO_GOAL,
    DONE,
    REVIEW,
    SKIP,
    STATES,
    Budget,
    EventLog,
    EventLogError,
    Harness,
    IllegalTransition,
    TickingClock,
    demo_harness,
    drive,
    is_legal,
    replay,
)
from agentloop.harness.events import events_from_dicts

# --- exercise 1: a before_tool_call hook that blocks rm -rf -------------------------------

SEPARATORS = {";", "&&", "||", "|", "&"}
RECURSIVE, FORCE = ("-r", "-R", "--recursive"), ("-f", "--force")


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
    if stop.kind == "tool_call":
        sent = stop.request["args"] if stop.request else None
        harness.resume({"ok": True, "output": ""})
    errors = [e.data["error"] for e in harness.events if e.type == "tool.error"]
    return {"called": sent is not None, "args": sent, "errors": errors}


def _verify_hook(case: dict[str, Any], output: Any) -> str | None:
    command = case["args"].get("command")
    dangerous = case["tool"] == "shell" and isinstance(command, str) and is_dangerous(command)
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


def _shell(command: str) -> dict[str, Any]:
    return {"tool": "shell", "args": {"command": command}}


DANGEROUS_FLAGS = ("-rf", "-fr", "-Rf", "-fR", "-r -f", "-f -r", "-rfv", "-vrf", "-R -f",
                   "--recursive --force", "-r --force", "--force -R", "-rf --")
TARGETS = ("/", "~", "build", "*", "/var/tmp/cache", "./node_modules", "$HOME", "dist/ logs/")
SAFE_COMMANDS = ("ls -la", "du -sh build/cache", "git status", "grep -rf patterns.txt src",
                 "rm notes.txt", "rm -f old.log", "rm -r empty_dir", "rm -i -r drafts",
                 "cp -rf src backup", "chmod -R 755 public", "rmdir build",
                 "echo 'rm -rf / is how you lose a weekend'", "find . -name '*.pyc'",
                 "cat README.md", "python -m pytest -q", "mkdir -p build/cache",
                 "git rm -r --cached dist", "firm -rf setting", "trim -fr text")
CHAINS = ("{x}", "{x}", "{s} && {x}", "{x}; {s}", "cd /tmp && {x}", "{s} | tee out.txt; {x}",
          "{s} || {x}")


def _dangerous_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        rm = f"{rng.choice(['', '', 'sudo '])}rm {rng.choice(DANGEROUS_FLAGS)} " \
             f"{rng.choice(TARGETS)}"
        command = rng.choice(CHAINS).format(x=rm, s=rng.choice(SAFE_COMMANDS[:4]))
        cases.append(Case(_shell(command), f"generated dangerous command {number + 1}"))
    return cases


def _safe_cases(rng: random.Random) -> list[Case]:
    cases = [Case(_shell(command), f"safe: {command}") for command in SAFE_COMMANDS]
    for number in range(12):
        first, second = rng.sample(SAFE_COMMANDS, 2)
        command = rng.choice(["{a} && {b}", "{a}; {b}", "{a} | {b}"]).format(a=first, b=second)
        cases.append(Case(_shell(command), f"generated safe chain {number + 1}"))
    cases += [
        Case({"tool": "read_file", "args": {"path": "rm -rf notes"}}, "another tool, no command"),
        Case({"tool": "http_get", "args": {"url": "https://example.org/rm-rf"}},
             "another tool with a url"),
        Case({"tool": "shell", "args": {"cwd": "/tmp"}}, "a shell call without a command"),
    ]
    return cases


_HOOK_HINT = ("Split the command at ; && || | and &, drop a leading sudo, and look for rm with "
              "both a recursive flag (-r, -R, --recursive) and a force flag (-f, --force), in "
              "any order or combination. Raise to block; return None to let a call through.")

BLOCK_DANGEROUS = Check(
    id="ch4-block-dangerous",
    symbol="block_rm_rf",
    title="the before_tool_call hook blocks recursive forced deletes",
    probe=_probe_hook,
    verify=_verify_hook,
    visible=lambda: [
        Case(_shell("rm -rf build/cache"), "rm -rf build/cache is blocked"),
        Case(_shell("rm -fr /"), "rm -fr / (flags the other way round) is blocked"),
        Case(_shell("rm -r -f /"), "rm -r -f / (separate flags) is blocked"),
        Case(_shell("sudo rm -rf ~"), "sudo rm -rf ~ is blocked"),
        Case(_shell("ls && rm -Rf dist"), "a delete after && is blocked"),
    ],
    hidden=_dangerous_cases,
    hint=_HOOK_HINT,
)

ALLOW_SAFE = Check(
    id="ch4-allow-safe",
    symbol="block_rm_rf",
    title="the hook lets every other call through, unchanged",
    probe=_probe_hook,
    verify=_verify_hook,
    visible=lambda: [
        Case(_shell("du -sh build/cache"), "du -sh build/cache reaches the tool"),
        Case(_shell("rm notes.txt"), "rm of one file reaches the tool"),
        Case(_shell("grep -rf patterns.txt src"), "grep -rf is not rm"),
        Case(_shell("echo 'rm -rf /'"), "rm -rf inside quoted text is not a command"),
        Case({"tool": "read_file", "args": {"path": "notes.txt"}},
             "another tool, without a command, reaches the tool"),
    ],
    hidden=_safe_cases,
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


def _probe_figures(figures_class: Any, events: list[dict[str, Any]]) -> Any:
    log = EventLog(events_from_dicts(events))
    subscriber = figures_class()
    log.subscribe(subscriber)
    if log.subscriber_errors:
        raise RuntimeError(log.subscriber_errors[0])
    return subscriber.figures()


def _reference_figures(events: list[dict[str, Any]]) -> dict[str, Any]:
    return _probe_figures(StepFigures, events)


def _verify_totals(events: list[dict[str, Any]], output: Any) -> str | None:
    expected = _reference_figures(events)
    for key in ("steps", "tool_calls", "errors"):
        if not isinstance(output, dict) or key not in output:
            return f"figures() must return a dict with {key!r}"
        if output[key] != expected[key] or type(output[key]) is not int:
            return f"{key}: expected {expected[key]}, got {output[key]!r}"
    return None


def _verify_per_step(events: list[dict[str, Any]], output: Any) -> str | None:
    expected = _reference_figures(events)["per_step"]
    got = output.get("per_step") if isinstance(output, dict) else None
    if not isinstance(got, list):
        return "figures() must return a dict with a 'per_step' list"
    if len(got) != len(expected):
        return f"expected {len(expected)} steps in per_step, got {len(got)}"
    for number, (want, have) in enumerate(zip(expected, got, strict=True)):
        if have != want:
            return f"per_step[{number}]: expected {want}, got {have!r}"
    return None


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
        if stop.kind == "done":
            break
        if stop.kind == "tool_call":
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
    return [Case(random_session_events(rng), f"generated session {n + 1}") for n in range(25)]


def _demo_events(**limits: Any) -> list[dict[str, Any]]:
    harness = demo_harness(**limits)
    stop = drive(harness, harness.run(DEMO_GOAL))
    while stop.kind == "pause":
        harness.extend_budget(turns=1, tool_calls=1, seconds=10)
        stop = drive(harness, harness.resume())
    return harness.events.to_dicts()


def _blocked_demo_events() -> list[dict[str, Any]]:
    harness = demo_harness()
    harness.on("before_tool_call", block_rm_rf)
    drive(harness, harness.run(DEMO_GOAL))
    return harness.events.to_dicts()


def _figure_visible() -> list[Case]:
    return [
        Case(_demo_events(), "the demo session: 3 steps, 2 tool calls, no errors"),
        Case(_blocked_demo_events(), "the demo with rm -rf blocked: errors and a replan"),
        Case(_demo_events(max_turns=1, max_tool_calls=1),
             "the demo with budget pauses along the way"),
    ]


_FIGURES_HINT = ("Count tool.call and tool.error events; a step's figures are the ones seen "
                 "since the last step.start or step.end, and step.end closes the step.")

FIGURES_TOTALS = Check(
    id="ch4-figures-totals",
    symbol="StepFigures",
    title="the subscriber counts steps, tool calls and errors",
    probe=_probe_figures,
    verify=_verify_totals,
    visible=_figure_visible,
    hidden=_figure_cases,
    hint=_FIGURES_HINT,
)

FIGURES_PER_STEP = Check(
    id="ch4-figures-per-step",
    symbol="StepFigures",
    title="the subscriber gives each step its own figures",
    probe=_probe_figures,
    verify=_verify_per_step,
    visible=_figure_visible,
    hidden=_figure_cases,
    hint=_FIGURES_HINT,
)

# --- exercise 3: extend the budget and resume until the session completes -----------------

EXTENSION = {"turns": 1, "tool_calls": 1, "seconds": 10}
MAX_RESUMES = 100


def finish_session(harness: Harness, stop: Any) -> Any:
    """The reference: answer tool calls; on a budget pause extend only the limit that ran out."""
    while stop.kind != "done":
        if stop.kind == "tool_call":
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


def _verify_finish(limits: dict[str, Any], output: Any) -> str | None:
    expected = _probe_finish(finish_session, limits)
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


def _amounts(extension: dict[str, Any]) -> str:
    given = {k: v for k, v in extension.items() if v}
    return ", ".join(f"{k}+{v}" for k, v in given.items()) or "nothing"


def _limits(turns: int = 10, tool_calls: int = 10, seconds: float = 60.0) -> dict[str, Any]:
    return {"max_turns": turns, "max_tool_calls": tool_calls, "max_seconds": seconds}


_FINISH_HINT = ("Loop until stop.kind == 'done': answer a tool_call with "
                "harness.resume(harness.call_tool(stop.request)); on a pause read "
                "stop.pause['limit'], extend that limit only (turns or tool_calls by 1, seconds "
                "by 10) and call harness.resume().")

FINISH_TURNS = Check(
    id="ch4-finish-turns",
    symbol="finish_session",
    title="extend the turns and resume until the session completes",
    probe=_probe_finish,
    verify=_verify_finish,
    visible=lambda: [
        Case(_limits(turns=2), "max_turns=2: one pause before the last step"),
        Case(_limits(turns=1), "max_turns=1: two pauses"),
        Case(_limits(), "a budget that is never reached: no pause at all"),
    ],
    hidden=lambda rng: [Case(_limits(turns=rng.randint(0, 3)), f"generated turn limit {n + 1}")
                        for n in range(8)],
    hint=_FINISH_HINT,
)

FINISH_ANY = Check(
    id="ch4-finish-any-limit",
    symbol="finish_session",
    title="extend whichever limit ran out: turns, tool calls or seconds",
    probe=_probe_finish,
    verify=_verify_finish,
    visible=lambda: [
        Case(_limits(tool_calls=1), "max_tool_calls=1: a pause before the second call"),
        Case(_limits(seconds=5), "max_seconds=5 (one simulated second a move)"),
        Case(_limits(turns=1, tool_calls=0, seconds=3), "all three limits tight"),
    ],
    hidden=lambda rng: [
        Case(_limits(rng.randint(0, 3), rng.randint(0, 2), rng.randint(1, 12)),
             f"generated limits {n + 1}") for n in range(12)],
    hint=_FINISH_HINT,
)

# --- exercise 4: a table-driven test of the transitions -----------------------------------

TRANSITION_ROWS = [(str(s), str(t), is_legal(s, t)) for s in STATES for t in STATES]


def run_table(check: Any) -> int:
    """The reference test: every row of the table against `check(source, target)`."""
    for source, target, legal in TRANSITION_ROWS:
        try:
            check(source, target)
            allowed = True
        except IllegalTransition:
            allowed = False
        assert allowed == legal, f"{source} -> {target}: table says legal={legal}"
    return len(TRANSITION_ROWS)


def _probe_rows(rows: Any, case: dict[str, Any]) -> Any:
    return [list(row) for row in rows]


def _verify_rows(case: dict[str, Any], output: Any) -> str | None:
    if not isinstance(output, list) or not all(
            isinstance(row, list) and len(row) == 3 for row in output):
        return "the table must be a list of (source, target, legal) rows"
    seen: dict[tuple[str, str], bool] = {}
    for source, target, legal in output:
        if source not in STATES or target not in STATES:
            return f"row ({source!r}, {target!r}, …) names a state that does not exist"
        if type(legal) is not bool:
            return f"row ({source}, {target}): legal must be True or False, got {legal!r}"
        if (source, target) in seen:
            return f"the pair {source} -> {target} appears twice"
        seen[(source, target)] = legal
    sources = STATES if case["source"] is None else (case["source"],)
    for source in sources:
        for target in STATES:
            if (source, target) not in seen:
                return f"no row for {source} -> {target}: the table covers all 36 pairs"
            legal = is_legal(source, target)
            if seen[(source, target)] != legal:
                return f"{source} -> {target} is {'legal' if legal else 'illegal'}"
    return None


def _mutant(flipped: tuple[str, str] | None):
    def check(source: str, target: str) -> None:
        legal = is_legal(source, target)
        if (source, target) == flipped:
            legal = not legal
        if not legal:
            raise IllegalTransition(*map(_state, (source, target)))
    return check


def _state(name: str) -> Any:
    return next(s for s in STATES if s == name)


def _probe_catches(run: Any, case: dict[str, Any]) -> dict[str, Any]:
    flipped = tuple(case["flip"]) if case["flip"] else None
    try:
        returned = run(_mutant(flipped))  # type: ignore[arg-type]
    except AssertionError:
        return {"result": "failed"}
    return {"result": "passed", "rows": returned if type(returned) is int else None}


def _verify_catches(case: dict[str, Any], output: Any) -> str | None:
    if case["flip"] is None:
        if output["result"] != "passed":
            return "the test fails on the real harness: a row of the table is wrong"
        if output["rows"] != len(STATES) ** 2:
            return f"run_table must check and count all 36 rows, returned {output['rows']!r}"
        return None
    source, target = case["flip"]
    if output["result"] != "failed":
        now = "legal" if not is_legal(source, target) else "illegal"
        return (f"a harness where {source} -> {target} is {now} passed the test: the test "
                "must fail with an AssertionError")
    return None


def _catch_cases(rng: random.Random) -> list[Case]:
    pairs = [(str(s), str(t)) for s in STATES for t in STATES]
    return [Case({"flip": list(pair)}, f"mutant {n + 1}: one pair flipped")
            for n, pair in enumerate(rng.sample(pairs, 12))]


_TABLE_HINT = ("Write one row per ordered pair of states (36 rows, self-loops included); "
               "legal is True only for the edges in the diagram, pauses and resumes included.")

TABLE_ROWS = Check(
    id="ch4-table-rows",
    symbol="TRANSITION_ROWS",
    title="the transition table names every pair and says which are legal",
    probe=_probe_rows,
    verify=_verify_rows,
    visible=lambda: [Case({"source": str(s)}, f"rows from {s}") for s in STATES],
    hidden=lambda rng: [Case({"source": None}, "the whole table")],
    hint=_TABLE_HINT,
)

TABLE_CATCHES = Check(
    id="ch4-table-catches",
    symbol="run_table",
    title="the table-driven test passes the harness and catches broken ones",
    probe=_probe_catches,
    verify=_verify_catches,
    visible=lambda: [
        Case({"flip": None}, "the real transition check passes"),
        Case({"flip": ["EXECUTING", "DONE"]}, "a harness that lets EXECUTING -> DONE fails"),
        Case({"flip": ["AWAITING_TOOL", "REFLECTING"]},
             "a harness that forbids AWAITING_TOOL -> REFLECTING fails"),
    ],
    hidden=_catch_cases,
    hint="For each row, call check(source, target); it raises IllegalTransition when the "
         "move is illegal. assert that what happened matches the row, and return the count.",
)

CHECKS = (BLOCK_DANGEROUS, ALLOW_SAFE, FIGURES_TOTALS, FIGURES_PER_STEP, FINISH_TURNS,
          FINISH_ANY, TABLE_ROWS, TABLE_CATCHES)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "block_rm_rf": block_rm_rf,
    "StepFigures": StepFigures,
    "finish_session": finish_session,
    "TRANSITION_ROWS": TRANSITION_ROWS,
    "run_table": run_table,
}

