"""Chapter 4's checks, the teacher's edition: the references (the danger rule and its hook,
the subscriber, the caller that extends each limit twice and then closes, the batch
harness's transition table written out from the chapter's Figure 2, and its test), the
facts of any input, and the hidden cases (commands, whole sessions, budgets and harnesses
the chapter never shows).

The learner's edition (`agentloop.checks.ch4`) has the visible cases, the probes and the
judges; `CHECKS` here are the same checks completed by `key(...)`.
"""

from __future__ import annotations

import hashlib
import random
import shlex
from typing import Any

from agentloop.checks.ch4 import (
    CHECKS as LEARNER_CHECKS,
)
from agentloop.checks.ch4 import (
    CLOSES,
    COUNTS,
    EXTENSION,
    IN_A_CHAIN,
    LIMIT_RULES,
    MADE_ILLEGAL,
    MADE_LEGAL,
    MIXED,
    NAMES,
    NO_PAUSE,
    NOT_RM,
    ONE_FLAG,
    ONE_WORD,
    OTHER_CALL,
    QUOTED,
    SAFE_CHAIN,
    SEPARATE,
    SUDO,
    TIMES_PER_LIMIT,
    _probe_finish,
    _shell,
    figures_rule,
    finish_case,
    legal_pairs,
    table_spec,
)
from agentloop.checks.core import Case
from agentloop.harness import (
    FINISHED,
    REVIEW,
    SKIP,
    TOOL_CALL,
    Budget,
    EventLog,
    Harness,
    IllegalTransition,
    TickingClock,
)
from agentloop.harness.events import events_from_dicts
from agentloop.plain import copy_plain

from . import Lock, key

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


def _hook_facts(payload: dict[str, Any]) -> bool:
    """Must the hook block this call?"""
    command = payload["args"].get("command")
    return payload["tool"] == "shell" and isinstance(command, str) and is_dangerous(command)


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
    for number in range(30):
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
            payload = copy_plain(rng.choice(OTHER_CALLS))
        cases.append(Case(payload, f"generated call {number + 1}", rule=rule))
    return cases


def _command_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(24):
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


# --- exercise 2: an event subscriber that tells blocked calls from failed ones, per step ----


class StepFigures:
    """The reference subscriber: per step and in all, tool calls, blocked and failed calls."""

    def __init__(self) -> None:
        self.per_step: list[dict[str, Any]] = []
        self.totals = dict.fromkeys(COUNTS, 0)
        self._open = dict.fromkeys(COUNTS, 0)   # the step still open

    def __call__(self, event: Any) -> None:
        kind = None
        if event.type == "tool.call":
            kind = "tool_calls"
        elif event.type == "tool.error":
            # refused before it was handed out: no call_id; handed out, then failed: one
            kind = "blocked" if event.data["call_id"] is None else "failed"
        elif event.type == "step.start":
            self._open = dict.fromkeys(COUNTS, 0)
        elif event.type == "step.end":
            self.per_step.append({"name": event.data["name"], "status": event.data["status"],
                                  **self._open})
            self._open = dict.fromkeys(COUNTS, 0)
        if kind is not None:
            self._open[kind] += 1
            self.totals[kind] += 1

    def figures(self) -> dict[str, Any]:
        return {"steps": len(self.per_step), **self.totals,
                "per_step": [dict(step) for step in self.per_step]}


def _figures_facts(events: list[dict[str, Any]]) -> dict[str, Any]:
    log = EventLog(events_from_dicts(events))
    figures = StepFigures()
    log.subscribe(figures)
    return figures.figures()


def _refuse_listing(payload: dict[str, Any]) -> None:
    if isinstance(payload["result"], dict) and isinstance(payload["result"].get("output"),
                                                          list):
        raise ValueError("a list is not a size")


TOOLS = ("shell", "shell", "read_file", "search", None)
COMMANDS = ("ls", "rm -rf tmp", "cat a.txt", "rm -r -f cache", "du -sh .")
RESULTS = ({"ok": True, "output": "fine"}, {"ok": True, "output": ["a", "b"]},
           {"ok": False, "error": "Error: timed out"}, "not a result", {"ok": "yes"})


def random_session_events(rng: random.Random) -> list[dict[str, Any]]:
    """A whole session with random plans, results, guards, skips and pauses; its event log."""
    plan = [{"name": f"step {n + 1}", "tool": rng.choice(TOOLS),
             "args": {"command": rng.choice(COMMANDS)}} for n in range(rng.randint(1, 4))]
    harness = Harness(lambda goal, history: copy_plain(plan[len(history) % len(plan):]),
                      Budget(rng.randint(0, 4), rng.randint(0, 3), rng.randint(4, 40),
                             TickingClock(1.0)), max_replans=rng.randint(0, 2))
    if rng.random() < 0.6:
        harness.on("before_tool_call", block_rm_rf)
    if rng.random() < 0.3:
        harness.on("after_tool_call", _refuse_listing)
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
            stop = harness.resume(copy_plain(rng.choice(RESULTS)))
        elif rng.random() < 0.1:
            stop = harness.close("the caller gave up")
        else:
            harness.extend_budget(turns=1, tool_calls=1, seconds=10)
            stop = harness.resume()
    return harness.events.to_dicts()


def _figure_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(12):
        events = random_session_events(rng)
        cases.append(Case(events, f"generated session {number + 1}", rule=figures_rule(events)))
    return cases


# --- exercise 3: extend the budget (each limit at most twice), resume or close --------------


def finish_session(harness: Harness, stop: Any) -> Any:
    """The reference: answer tool calls; on a budget pause extend only the limit that ran
    out, unless it was extended twice already: then close the session."""
    extended = dict.fromkeys(EXTENSION, 0)
    while stop.kind != FINISHED:
        if stop.kind == TOOL_CALL:
            stop = harness.resume(harness.call_tool(stop.request))
            continue
        limit = stop.pause["limit"]
        if extended[limit] == TIMES_PER_LIMIT:
            return harness.close(f"{limit} ran out a third time")
        extended[limit] += 1
        harness.extend_budget(**{limit: EXTENSION[limit]})
        stop = harness.resume()
    return stop


def _finish_facts(case: dict[str, Any]) -> dict[str, Any]:
    """The reference's session: its extensions, where it ended and its log's digest."""
    return _probe_finish(finish_session, case)


def finish_rule(case: dict[str, Any]) -> str:
    """The rule a budget tests, from what the reference does with it."""
    facts = _finish_facts(case)
    if facts["outcome"] == "closed":
        return CLOSES
    ran_out = {limit for extension in facts["extensions"]
               for limit, amount in extension.items() if amount}
    if not ran_out:
        return NO_PAUSE
    return LIMIT_RULES[ran_out.pop()] if len(ran_out) == 1 else MIXED


def _generated_budget(label: str, **budget: Any) -> Case:
    probe = finish_case(label, "", **budget)
    return Case(probe.input, label, rule=finish_rule(probe.input))


def _turn_cases(rng: random.Random) -> list[Case]:
    return [_generated_budget(f"generated turn limit {n + 1}", turns=rng.randint(0, 3),
                              tool_calls=rng.randint(2, 10), seconds=rng.randint(40, 90))
            for n in range(8)]


def _any_limit_cases(rng: random.Random) -> list[Case]:
    return [_generated_budget(f"generated limits {n + 1}", turns=rng.randint(0, 3),
                              tool_calls=rng.randint(0, 2), seconds=rng.randint(1, 12),
                              tick=float(rng.choice([1, 1, 2, 3])))
            for n in range(10)]


# --- exercise 4: a table-driven test of the transitions -----------------------------------

# The batch harness's legal moves, written out from the chapter's Figure 2: this chapter's
# harness without the pauses a batch harness does not take (in PLANNING, EXECUTING and
# AWAITING_TOOL) and without the resumes into them.
BATCH_EDGES = frozenset({
    ("IDLE", "PLANNING"), ("IDLE", "REFLECTING"), ("IDLE", "DONE"),
    ("PLANNING", "EXECUTING"), ("PLANNING", "DONE"),
    ("EXECUTING", "AWAITING_TOOL"), ("EXECUTING", "REFLECTING"),
    ("AWAITING_TOOL", "REFLECTING"),
    ("REFLECTING", "EXECUTING"), ("REFLECTING", "PLANNING"), ("REFLECTING", "DONE"),
    ("REFLECTING", "IDLE"),
})
ALL_PAIRS = frozenset((source, target) for source in NAMES for target in NAMES)
TRANSITION_ROWS = [(source, target, (source, target) in BATCH_EDGES)
                   for source in NAMES for target in NAMES]
# The broken harnesses of the visible cases: two that allow a move the batch harness
# forbids (a pause in the middle of a step; leaving DONE), two that forbid one it allows.
VISIBLE_FLIPS = (("EXECUTING", "IDLE"), ("DONE", "IDLE"), ("IDLE", "REFLECTING"),
                 ("AWAITING_TOOL", "REFLECTING"))


def visible_harnesses() -> dict[str, dict[str, str]]:
    """The harnesses of the learner's visible cases, masked as the probe gets them: what
    agentloop.checks.ch4.VISIBLE_HARNESSES holds (a test keeps the two in step)."""
    def spec(name: str, table: frozenset[tuple[str, str]]) -> dict[str, str]:
        key = hashlib.blake2b(f"ch4 visible harness/{name}".encode(), digest_size=8).digest()
        return table_spec(table, key)

    out = {"real": spec("real", BATCH_EDGES)}
    for pair in VISIBLE_FLIPS:
        name = f"{pair[0]} -> {pair[1]}"
        out[name] = spec(name, BATCH_EDGES ^ {pair})
    return out


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


def _rows_facts(case: dict[str, Any]) -> dict[str, bool]:
    """Which moves out of the case's state the diagram allows."""
    return {target: (case["source"], target) in BATCH_EDGES for target in NAMES}


def _catches_facts(case: dict[str, Any]) -> list[dict[str, str] | None]:
    """For each harness of the case: None for the real one, else its flipped pair and what
    that pair is in the broken harness."""
    out: list[dict[str, str] | None] = []
    for spec in case["harnesses"]:
        table = legal_pairs(spec)
        changed = table ^ BATCH_EDGES
        if len(changed) > 1:
            raise ValueError(f"a harness of the case differs from the diagram in "
                             f"{len(changed)} pairs; a broken harness has one flipped")
        if not changed:
            out.append(None)
            continue
        pair = next(iter(changed))
        out.append({"pair": f"{pair[0]} -> {pair[1]}",
                    "now": "legal" if pair in table else "illegal"})
    return out


def _harness_cases(pairs: frozenset[tuple[str, str]], rule: str, groups: int):
    """Every pair of `pairs` flipped in a harness of its own, the harnesses split into
    `groups` cases, each case with the real harness too, in a random order, each table
    masked with a random key: which harness is the real one changes from case to case, so
    no fixed answer (and no lookup of the visible cases) says which to pass."""
    def hidden(rng: random.Random) -> list[Case]:
        order = sorted(pairs)
        rng.shuffle(order)
        cases = []
        for number in range(groups):
            tables = [BATCH_EDGES, *(BATCH_EDGES ^ {pair} for pair in order[number::groups])]
            rng.shuffle(tables)
            specs = [table_spec(table, rng.getrandbits(64).to_bytes(8, "big"))
                     for table in tables]
            cases.append(Case({"harnesses": specs}, f"generated harnesses {number + 1}",
                              rule=rule))
        return cases
    return hidden


_LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}

CHECKS = (
    key(_LEARNER["ch4-guard-flags"], reference=block_rm_rf, facts=_hook_facts,
        hidden=_flag_cases),
    key(_LEARNER["ch4-guard-commands"], reference=block_rm_rf, facts=_hook_facts,
        hidden=_command_cases),
    key(_LEARNER["ch4-figures-totals"], reference=StepFigures, facts=_figures_facts,
        hidden=_figure_cases),
    key(_LEARNER["ch4-figures-per-step"], reference=StepFigures, facts=_figures_facts,
        hidden=_figure_cases),
    key(_LEARNER["ch4-finish-turns"], reference=finish_session, facts=_finish_facts,
        hidden=_turn_cases),
    key(_LEARNER["ch4-finish-any-limit"], reference=finish_session, facts=_finish_facts,
        hidden=_any_limit_cases),
    key(_LEARNER["ch4-table-rows"], reference=TRANSITION_ROWS, facts=_rows_facts),
    key(_LEARNER["ch4-table-forbidden"], reference=run_table, facts=_catches_facts,
        hidden=_harness_cases(ALL_PAIRS - BATCH_EDGES, MADE_LEGAL, 4)),
    key(_LEARNER["ch4-table-allowed"], reference=run_table, facts=_catches_facts,
        hidden=_harness_cases(BATCH_EDGES, MADE_ILLEGAL, 3)),
)
# What a correct submission defines (used by tests, the benchmark and the learner release).
REFERENCE = {
    "block_rm_rf": block_rm_rf,
    "StepFigures": StepFigures,
    "finish_session": finish_session,
    "TRANSITION_ROWS": TRANSITION_ROWS,
    "run_table": run_table,
}
# How each exercise's reference is locked for self-study (see Lock): every right answer
# gives the same facts — what reached the tool, the figures, the extensions and the log,
# what the test said of each harness. The rows are a self-check, not graded: no lock.
LOCKS = {
    "ch4-guard-answer": Lock(("ch4-guard-flags", "ch4-guard-commands")),
    "ch4-figures-answer": Lock(("ch4-figures-totals", "ch4-figures-per-step")),
    "ch4-finish-answer": Lock(("ch4-finish-turns", "ch4-finish-any-limit")),
    "ch4-table-test-answer": Lock(("ch4-table-forbidden", "ch4-table-allowed"), inputs=3),
}
