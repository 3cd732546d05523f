# %% [markdown]
# # Chapter 4 — The harness: the agent loop as a deterministic state machine
#
# In chapter 3 a model sat in the loop for five steps, and a person could read every one. Now
# picture a coding agent left alone for **forty turns**: it plans, runs commands, reads their
# output, changes its mind, plans again. Nobody watches each step. Three things can go wrong
# that a chat loop has no words for:
#
# - halfway through, a command comes back as garbage, or a safety rule throws an exception —
#   and the loop has to end up *somewhere* definite, not in a half-updated muddle;
# - the money or the time runs out at turn 31 — and the 30 turns of work must not be lost;
# - tomorrow someone asks "why did it delete that folder?" — and the answer must come from a
#   record, without running the model again.
#
# The answer is to stop thinking of the loop as a chat and to write it down as a **state
# machine**: a few named states, a table of the moves allowed between them, and one function
# that makes every move. We call the program that does this the **harness**. The model is only
# a part it calls, like a processor; the harness *is* the agent. Once its contract is written
# down, a new model, a new tool or a new safety rule is not a rewrite of the loop — it is a
# registration call.
#
# **You will be able to**
# - name the six states of the harness and say which moves between them are legal;
# - tell a hook (it acts on the loop) from an event (it only observes);
# - name the two yield points and continue a session with `resume(...)`;
# - explain how the budget envelope pauses a session without losing any of its work;
# - rebuild a session from its event log, without calling the planner or a tool;
# - write a guard hook, an event subscriber, a budget handler and a table-driven test.
#
# > **Predict first.** The demo plan has three steps; two of them need a shell command. The
# > budget allows **two turns**. Where will the session be when the budget runs out — and what
# > must the harness keep so that one more turn finishes the job? Write your guess down; we
# > come back to it in lesson 4.

# %% [markdown]
# ## Lesson 1 · Six states, and the moves between them
#
# | state | what the harness is doing |
# | --- | --- |
# | `IDLE` | nothing yet — or paused. The **only entry**: every session starts here. |
# | `PLANNING` | asking the planner (later: the model) for a plan, and committing it |
# | `EXECUTING` | carrying out one step of the plan |
# | `AWAITING_TOOL` | a step needs a tool result; the request has been handed to the caller |
# | `REFLECTING` | a step has ended; deciding: next step, replan, or finished |
# | `DONE` | the session is over. The **only exit**: nothing leaves `DONE`. |
#
# Five of the states are *active* — a session in them can still move on — and one, `DONE`, is
# *terminal*.

# %% [markdown]
# ```mermaid
# stateDiagram-v2
#     [*] --> IDLE
#     IDLE --> PLANNING: run(goal)
#     PLANNING --> EXECUTING: plan committed
#     PLANNING --> DONE: no plan
#     EXECUTING --> AWAITING_TOOL: tool call needed
#     EXECUTING --> REFLECTING: step without a tool done
#     AWAITING_TOOL --> REFLECTING: result
#     REFLECTING --> EXECUTING: next step
#     REFLECTING --> PLANNING: replan
#     REFLECTING --> DONE: goal met
#     PLANNING --> IDLE: pause
#     EXECUTING --> IDLE: pause
#     AWAITING_TOOL --> IDLE: pause
#     REFLECTING --> IDLE: pause
#     IDLE --> EXECUTING: resume
#     IDLE --> AWAITING_TOOL: resume
#     IDLE --> REFLECTING: resume
#     IDLE --> DONE: close
#     DONE --> [*]
# ```
#
# *Figure 1. The nine moves of the plan–execute–reflect cycle, and the pause edges.*
#
# The first ten lines — the way in and the nine moves — are the cycle itself. The rest are
# **pauses**, and the ways out of a pause: when the budget runs out
# (or a safety hook wants a person to look), the harness goes back to `IDLE` — the one state
# where a session may rest — and records *where it came from* and *which move it did not make*.
# A resume leaves `IDLE` for exactly that state (`IDLE → PLANNING` is both `run(goal)` and a
# resume of a pause taken while planning). A caller who gives up on a paused session closes it:
# `IDLE → DONE`. Every other pair of states is **illegal**.
#
# The table lives in `agentloop.harness.states`, and one private method, `Harness._transition`,
# is the only code that changes the state. It consults the table first (through
# `validate_transition`), so a bug that tries an illegal move fails loudly, in one place, with
# the allowed targets in the message:

# %%
from agentloop.harness import TRANSITIONS, IllegalTransition, validate_transition

for source, targets in TRANSITIONS.items():
    print(f"{source:<14} -> {', '.join(targets) or '(nothing: DONE is the only exit)'}")

try:
    validate_transition("EXECUTING", "DONE")
except IllegalTransition as error:
    print("\n" + str(error))

# %% [markdown]
# > **Python you need · an enum, an exception class of its own.** The six states are members of
# > `State`, an *enum*: a class whose values are a fixed list of named constants
# > (`State.EXECUTING`, or simply `EXECUTING` once imported). Because it is a `StrEnum`, each
# > member also equals its name as a string, so `State.DONE == "DONE"` is true. `TRANSITIONS` is
# > a dict of dicts: for each state, the states it may move to (and why). `IllegalTransition` is
# > an exception class the library defines; `except IllegalTransition as error:` catches exactly
# > that kind of error, and `error` is the exception itself.

# %% [markdown]
# Why not let `EXECUTING` jump straight to `DONE` when the last step is easy? Because then "the
# session ended" would have two meanings and two code paths, and every hook, event and test
# would need to know about both. With the table, a step always ends in `REFLECTING`, and
# `REFLECTING` alone decides whether the goal is met. One decision, one place.
#
# > **Exit ticket, lesson 1.** Without looking: which state is the only entry, which the only
# > exit, and which state does a session rest in while it waits for more budget?

# %% [markdown]
# ## Lesson 2 · A session, and its two yield points
#
# The demo **planner** is a placeholder for a model. It always proposes the same three steps to
# free the disk space taken by a build cache; two need a shell command:

# %%
from agentloop.harness import DEMO_PLAN

for number, step in enumerate(DEMO_PLAN):
    print(number, step["name"], "| tool:", step["tool"], step["args"])

# %% [markdown]
# The planner and the tools are not written into the loop: they are **registered** on it.
# `demo_harness()` builds a `Harness`, calls `use_planner(three_step_planner)` and
# `register_tool("shell", canned_shell)` — a shell that runs nothing and answers from a table.
#
# Now start the session. `run(goal)` does not return at the end, and it does not raise when it
# needs something. It **returns a `Stop`** at the first point where it cannot go on alone.
#
# > **Python you need · a frozen dataclass.** `Stop` is a dataclass (chapter 3's `Transcript`
# > was one too) that is *frozen*: once made, its fields — `kind`, `state`, `request`, `pause`,
# > `outcome` — cannot be changed, so a stop you hold is a record of that moment. Its `kind` is
# > one of three strings, the constants `TOOL_CALL`, `PAUSE` and `FINISHED` (`"done"`).
#
# > **Predict.** What kind of stop comes back first: `"tool_call"`, `"pause"` or `"done"`? In
# > which state is the harness, and what does the stop carry?

# %%
from agentloop.harness import DEMO_GOAL, demo_harness

harness = demo_harness()
stop = harness.run(DEMO_GOAL)
print("kind:   ", stop.kind)
print("state:  ", stop.state)
print("request:", stop.request)

# %% [markdown]
# The harness went `IDLE → PLANNING → EXECUTING → AWAITING_TOOL` and stopped: step 0 needs the
# output of `du -sh build/cache`, and **the caller** runs tools. The caller inspects the request,
# gets the result however it likes, and calls `resume(result)`. The harness continues exactly
# where it stopped.
#
# That is the shape of a Python generator — and inside, the loop *is* one: `run` starts it and
# `resume(payload)` is its `send(payload)`. How the caller gets the result is its own choice:
# in a terminal UI it may be a key press ("run this command? y/n"), over MCP a `tools/call`,
# in a batch system a job that is polled later. The harness does not care.
#
# > **Python you need · a generator, `yield` and `send`.** A function with `yield` in it does
# > not run when called: it returns a *generator*, paused before its first line. `next(gen)`
# > runs it up to the first `yield value` and hands `value` out; `gen.send(x)` resumes it, and
# > inside the function the paused `yield` expression *becomes* `x`. So
# > `result = yield Stop(...)` means "hand this stop to the caller, wait, and take what the
# > caller sends back as `result`". The function's local variables survive every pause.

# %%
result = harness.call_tool(stop.request)  # the registered tool answers from its table
print("result:", result)
stop = harness.resume(result)
print("next stop:", stop.kind, stop.request["call_id"], stop.request["args"])

# %% [markdown]
# `drive(harness, stop)` is that little caller loop, written once: it answers every tool
# request with the registered tools, until a pause or the end. Here is the whole session as
# its **event log** — the harness wrote one line for every fact worth recording.
#
# > **Predict.** Which of the three steps will have no `tool.call` line — and how will the log
# > show that the session reached `DONE`?

# %%
from agentloop.commands.harness import format_events
from agentloop.harness import drive

stop = drive(harness, stop)
print(stop.kind, stop.outcome)
print(format_events(harness))

# %% [markdown]
# Read the log with the diagram beside it. `step.start` means the harness entered `EXECUTING`;
# `tool.call` means it entered `AWAITING_TOOL` and handed a request out; `step.end` means it
# reached `REFLECTING`; `session.complete` means `DONE`. The third step has no tool — it is the
# kind of step a model does by writing — so it goes from `EXECUTING` straight to `REFLECTING`.
# The column with seconds comes from the demo's **simulated clock**, which moves one second
# every time the harness makes a move, so the demo is the same on every machine.
#
# There are exactly **two yield points**, two places where control comes back to the caller:
#
# 1. **`AWAITING_TOOL`** — the harness cannot go on without a tool result (`stop.kind ==
#    "tool_call"`, answer with `resume(result)`);
# 2. **a pause** — the budget ran out, or a hook asked for a person's review (`stop.kind ==
#    "pause"`, continue with `resume()`).
#
# Every other move is internal: the caller never takes part in it and learns of it only from
# the events. And the harness hands control back by **returning** a `Stop`, never by raising.
# Raising would unwind the loop and lose its place; a returned `Stop` leaves the loop parked
# exactly where it was, ready to go on.
#
# ### The loop, and its moves
#
# Here is the loop itself. In each state a handler (`_plan`, `_execute`, `_receive`,
# `_reflect`) works out the next **move**, and `_take` makes it. A move is a small frozen value
# that names the state it enters — `StartStep(index)`, `CallTool(request)`, `EndStep(index,
# name, status)`, `Replan()`, `Finish(outcome)`, or `Review(move)` when a hook wants a person to
# look first — so `_take` never has to guess what a move means:

# %%
import inspect

from agentloop.harness import Harness

print(inspect.getsource(Harness._loop))
print(inspect.getsource(Harness._take))

# %% [markdown]
# > **Python you need · `isinstance`.** `isinstance(move, Review)` is true when `move` is a
# > `Review`. `_take` asks it to tell a review apart from an ordinary move, and `_arrive` to pick
# > the event a move writes. `move.target` and `move.spends` are the same for every move of one
# > kind: a `StartStep` always enters `EXECUTING` and costs a turn, a `CallTool` enters
# > `AWAITING_TOOL` and costs a tool call, a `Finish` costs nothing.
#
# A session ends in one of five **outcomes**, another closed set:

# %%
from agentloop.harness import OUTCOMES

print(OUTCOMES)

# %% [markdown]
# `goal_met` when every step of the last plan ended ok, `incomplete` when one failed or was
# skipped, `no_plan` when the planner proposed nothing, `aborted` when planning itself failed,
# and `closed` when the caller gave up on a paused session.
#
# > **Exit ticket, lesson 2.** Which event shows that the harness entered `AWAITING_TOOL`?
# > Why is a tool result passed to `resume` instead of the harness calling the tool itself?

# %% [markdown]
# ## Lesson 3 · Hooks act, events observe
#
# An operator needs to attach three kinds of things to a loop: **policy** ("never `rm -rf`"),
# **telemetry** ("send a span for every step") and **guards** ("stop after an error"). The
# harness gives them ten **hook topics**:
#
# | before | after | when something happens |
# | --- | --- | --- |
# | `before_plan` | `after_plan` | `on_error` |
# | `before_tool_call` | `after_tool_call` | `on_pause` |
# | `before_step` | `after_step` | `on_budget_exceeded` |
# | | | `on_complete` |
#
# Each topic takes any number of subscribers, called **in the order they were registered**, all
# with the same payload dict. A subscriber has three powers:
#
# 1. **change the payload** — the harness reads it back after the hooks ran (add `--dry-run`
#    to a command, drop a step from a plan, redact a secret from a tool result);
# 2. **raise** — the turn is aborted and `on_error` fires. A raise around a step or a tool call
#    (`before_step`, `before_tool_call`, `after_tool_call`) fails that step — a blocked call
#    becomes a `tool.error` event — and the session goes on to `REFLECTING`; an `after_step`
#    raise is reported and the step keeps its status. A raise while planning (`before_plan`,
#    `after_plan`) leaves no plan to go on with: the session ends in `DONE`, outcome `aborted`.
#    An exception in the four `on_…` topics has nothing left to abort: it is kept in
#    `harness.hook_errors`;
# 3. **return a sentinel** — `SKIP` skips the next step (from `before_step` or
#    `before_tool_call`: the step about to run; from `after_step`: the one after it), and
#    `REVIEW` pauses the session for a person before the harness moves on (from
#    `before_tool_call` or `after_step`).
#
# The first subscriber that returns a sentinel decides; the ones after it are not called.
# Returning anything else — `False`, a message — breaks the contract: the harness treats it as
# an error and fails closed.
#
# The ten topics are not this course's invention. By mid-2025 coding agents such as Claude Code,
# Cursor and OpenCode had settled on much the same set of lifecycle hooks; the names here say
# what each point *does*, not which product it comes from. Typical placements: a rule that
# blocks `rm -rf` belongs on `before_tool_call`; a hook that sends an OpenTelemetry span for
# each step, on `after_step`; a hook that saves a checkpoint so a paused session can be
# restarted later, on `on_pause`.
#
# Here is a guard that blocks every `rm`, and a hook that rewrites every `du` command.
#
# > **Python you need · `lambda`.** `lambda args: f"(would run) {args['command']}"` is a
# > function written as one expression, without `def` or a name: it takes `args` and returns
# > the text after the colon. It is handy where a short function is passed as an argument, as
# > to `register_tool` below.
#
# > **Predict.** Step 1 (`rm -rf build/cache`) will be blocked. Does the session end there, skip
# > the step, or ask the planner again — and what is its final outcome?

# %%
harness = demo_harness()


def no_rm(payload):
    if payload["args"].get("command", "").startswith("rm"):
        raise PermissionError("rm is not allowed here")


def apparent_size_du(payload):
    if payload["args"].get("command", "").startswith("du"):
        payload["args"]["command"] += " --apparent-size"


harness.on("before_tool_call", apparent_size_du)
harness.on("before_tool_call", no_rm)
harness.register_tool("shell", lambda args: f"(would run) {args['command']}")
stop = drive(harness, harness.run(DEMO_GOAL))
print(format_events(harness))

# %% [markdown]
# Follow what the guard did. Step 1 was blocked (`tool.error` with `"source": "hook"`, then
# `step.end` with status `failed`). A failed step makes `REFLECTING` choose **replan**: the
# planner is asked again and proposes the steps not yet done (`"replan": true`). The guard
# blocks the delete again, the harness has no replans left, moves on, and the session ends
# `incomplete` — honestly, not `goal_met`.
#
# Hooks act. **Events only observe.** A subscriber to the event stream receives each event, but
# an event is a frozen copy of a few *facts* — names, counts, ids, statuses — taken when it
# happened. It never carries the payload dict a hook could change: changing what you read does
# not change the log, and no observer can steer the loop.
#
# > **Predict.** The cell below overwrites the goal in the first event it read, then prints it.
# > Which goal is printed? And a subscriber that joins at offset `len(events) - 3`: which event
# > types does it receive?

# %%
events = list(harness.events)
first = events[0]
first.data["goal"] = "something else entirely"
print(first.data["goal"])

seen = []
harness.subscribe(lambda event: seen.append(event.type), offset=len(events) - 3)
print(seen)

# %% [markdown]
# The stream is **append-only**, each event has an **offset**, and a subscriber may start from
# any offset: the log is replayed to it from there, then it follows new events. A dashboard that
# connects late, or a tracer that restarts, catches up without asking the loop anything.
#
# The stream has exactly **eleven event types**, each written at one point of the contract:
#
# | event | written when |
# | --- | --- |
# | `session.start` | once, when `run(goal)` is called (with the goal and the budget limits) |
# | `plan.draft` | the planner has returned a plan (the step names; `replan` says if it is a re-plan) |
# | `plan.commit` | the plan, as the `after_plan` hooks left it, becomes the active plan |
# | `step.start` | a step of the plan begins (`EXECUTING`; one turn) |
# | `step.end` | a step has ended, with its status `ok`, `failed` or `skipped` (`REFLECTING`) |
# | `tool.call` | a step needs a tool: the request is handed to the caller (`AWAITING_TOOL`) |
# | `tool.result` | the caller resumed with a good result |
# | `tool.error` | the caller resumed with an error or a malformed result, or a tool hook raised (a blocked call) |
# | `budget.warn` | a limit of the envelope was reached |
# | `session.pause` | the session yields at a pause (budget or review), with the move it did not make |
# | `session.complete` | once, when the session reaches `DONE`, with its outcome |
#
# Hooks and events are two separate channels: hooks *act* (transform a payload, cut a turn
# short), events *record* (log, ship, replay).
#
# > **Exit ticket, lesson 3.** Sending each step's duration to a tracing system is often done
# > from the `after_step` hook. Could an event subscriber do the same job — from which events —
# > and which power of the hook would it never need? And a rule that refuses
# > `git push --force`: hook or subscriber, and on which topic?

# %% [markdown]
# ## Lesson 4 · The budget envelope
#
# Every session gets an envelope with three limits: **turns** (steps started), **tool calls**
# (requests handed out) and **wall-clock seconds**. Each turn and each tool call is counted, and
# the clock is read on every move. A limit is *reached* when the harness needs one more of
# something the envelope has no more of. Then it does not make that move. Instead:
#
# 1. `on_budget_exceeded` fires, and a `budget.warn` event is written;
# 2. the harness **pauses**: it moves to `IDLE`, writes `session.pause` with the move it did not
#    make, fires `on_pause`, and returns a `Stop` of kind `"pause"` — the second yield point.
#
# Running out of budget therefore does not kill the session: it **hands control back**, and the
# caller decides — extend the envelope and `resume()`, or `close()` the session. Back to the
# prediction from the start of the chapter — two turns:

# %%
harness = demo_harness(max_turns=2)
stop = drive(harness, harness.run(DEMO_GOAL))
print(stop.kind, "in", harness.state)
print(stop.pause)
print(format_events(harness).splitlines()[-2:])

# %% [markdown]
# The pause was taken in `REFLECTING`, just before starting step 2 — the move it did not make
# is in the pause record. Both finished steps and both tool results are still in the session:
# **nothing was lost**. Extend by one turn and resume; the harness goes back to `REFLECTING`
# and makes the move it owed:

# %%
print(harness.session.steps)
harness.extend_budget(turns=1)
stop = drive(harness, harness.resume())
print(stop.kind, stop.outcome, "| turns used:", harness.session.turns)

# %% [markdown]
# **Time is tested with a fake clock.** A harness reads time through the clock it was given
# (`time.monotonic` by default). Tests — and the checks of this chapter — hand it a clock that
# moves only when told, so every decision about time is repeatable.
#
# > **Predict.** The envelope allows 30 seconds, and the first command takes 45. When the result
# > comes back, is it kept or thrown away? In which state is the pause taken?

# %%
from agentloop.harness import FakeClock

clock = FakeClock()
harness = demo_harness(max_seconds=30, clock=clock)
stop = harness.run(DEMO_GOAL)
clock.advance(45)  # the first command took three quarters of a minute
stop = harness.resume(harness.call_tool(stop.request))
print(stop.kind, stop.pause["limit"], "taken in", stop.pause["from"])
print("the result is kept:", harness.session.outputs)

# %% [markdown]
# > **Exit ticket, lesson 4.** With `max_tool_calls=1`, in which state is the pause taken, and
# > what is in the move it did not make?

# %% [markdown]
# ## Lesson 5 · Replay: debugging after the fact
#
# The state machine is deterministic. Eight of the eleven event types are written in one known
# state (`session.start` and the plan events in `PLANNING`, `step.start` in `EXECUTING`,
# `tool.call` in `AWAITING_TOOL`, `step.end` in `REFLECTING`, `session.pause` in `IDLE`,
# `session.complete` in `DONE`); the other three — `tool.result`, `tool.error`, `budget.warn` —
# record a fact without a move. And the session record is built by folding events into it. So
# the same event log puts a
# harness back into the same state — walking the same transitions through the same
# `_transition` — **without calling the planner or any tool**. Save a log as JSON Lines, load
# it tomorrow, and look at the session as it was:

# %%
import tempfile
from pathlib import Path

from agentloop.harness import describe, replay_file, save_events

harness = demo_harness(max_tool_calls=1)
stop = drive(harness, harness.run(DEMO_GOAL))
folder = tempfile.mkdtemp()
save_events(harness.events, Path(folder) / "session.jsonl")

replayed = replay_file(Path(folder) / "session.jsonl")
print(describe(replayed))
print("same state and record:", replayed.snapshot() == harness.snapshot())

# %% [markdown]
# A replayed session that stopped at a yield point can even be **continued**: give it a budget
# and a tool, and it hands out the very request it was waiting for. (The log holds what
# happened, not the configuration: hooks, tools and extra budget are registered again.) The
# same replay runs in a terminal: `agentloop harness --max-tool-calls 1 --events s.jsonl`,
# then `agentloop replay s.jsonl`. A file that is not JSON, names an unknown event type or has
# offsets out of order is refused with a one-line error.

# %%
from agentloop.harness import canned_shell

replayed.register_tool("shell", canned_shell)
replayed.extend_budget(tool_calls=1)
stop = replayed.resume()
print(stop.kind, stop.request)
print(drive(replayed, stop).outcome)

# %% [markdown]
# ### What changes when a real model and real tools plug in
#
# Almost nothing in the loop. The placeholder planner is replaced by a function that asks a
# model for a plan (the `planner(goal, history)` signature stays); `canned_shell` is replaced by
# tools that really run — behind a `before_tool_call` guard; the caller that answers
# `tool_call` stops becomes a transport (a terminal prompt, MCP, a job queue); the simulated
# clock becomes `time.monotonic`. What gets *harder* is keeping the contract: a planner
# reloaded mid-session, a tool that returns malformed JSON (here it becomes a `tool.error`, not
# a crash), a hook that raises two thirds of the way through a forty-turn session. The course's
# own tests of this chapter exercise failures of this kind — a planner swapped while a session
# is paused, malformed tool results, hooks that raise or return the wrong thing — and pin every
# transition and the order in which the hooks fire. If you cloned the course they are
# `tests/lib/harness/` in the repository (outside your practice workspace): read them, break
# them, add cases.

# %% [markdown]
# ### Explore: the harness view
#
# Press **next yield point** to start the session and to answer each tool request; watch the
# highlighted state and the event table. With `max_turns` at 2 the session pauses — press
# **extend & resume**. Tick **block rm -rf** and the delete step is blocked; slide
# `max_turns` or `tool calls` to 0, or `seconds` down to a few, and see where each pause is
# taken.

# %%
from agentloop.widgets import harness_view

harness_view(max_turns=2)

# %% [markdown]
# ## Exercises
#
# Each answer cell must run on its own: the grader runs only the answer cells, in a fresh
# namespace. Keep the imports inside the cell. When your work is graded, the checks add cases
# you have not seen — other commands, other sessions, other budgets, other broken harnesses.
#
# ### Exercise 1 · A guard that blocks `rm -rf`
#
# Write `block_rm_rf(payload)`, a `before_tool_call` hook. The payload has `"tool"` and
# `"args"` (and `"index"`, `"step"`). A **dangerous** call is a `shell` call whose
# `args["command"]` runs `rm` — possibly after `sudo` — with both a recursive flag (`-r`, `-R`
# or `--recursive`) and a force flag (`-f` or `--force`), in any order or combination: `rm -rf`,
# `rm -fr`, `rm -r -f`, `rm -Rf`, `rm -rfv`, `rm --recursive --force`. A command can have several
# parts joined by `;`, `&&`, `||`, `|` or `&`; any part can be the dangerous one. Only a part
# whose **first word** is `rm` (after any `sudo`) runs `rm`: `grep -rf`, `cp -rf` and `git rm -r`
# are other commands. Text in quotes is not a command (`echo 'rm -rf /'` is safe), and `rm -r`
# or `rm -f` alone is not dangerous.
#
# **Raise** an exception to block a dangerous call; return `None` for everything else, and
# leave the payload unchanged. Other tools, and shell calls without a command, pass.
# *Hint:* `shlex.shlex(command, posix=True, punctuation_chars=True)` with
# `whitespace_split = True` splits a command into words and separators.

# %% solution id=ch4-guard-answer
import shlex


def block_rm_rf(payload):
    """Raise on a shell call that runs a recursive, forced rm; let everything else through."""
    ### BEGIN SOLUTION
    command = payload.get("args", {}).get("command")
    if payload.get("tool") != "shell" or not isinstance(command, str):
        return None
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = []
    for word in [*lexer, ";"]:
        if word not in (";", "&&", "||", "|", "&"):
            words.append(word)
            continue
        while words and words[0] == "sudo":
            words.pop(0)
        if words and words[0] == "rm":
            flags = []
            for flag in words[1:]:
                if flag == "--":
                    break
                flags.append(flag)
            recursive = any(f == "--recursive" or (f[:1] == "-" and f[1:2] != "-"
                                                   and ("r" in f or "R" in f)) for f in flags)
            force = any(f == "--force" or (f[:1] == "-" and f[1:2] != "-" and "f" in f)
                        for f in flags)
            if recursive and force:
                raise PermissionError(f"blocked a recursive forced delete: {command}")
        words = []
    return None
    ### END SOLUTION


# %% check id=ch4-guard-flags points=2

# %% check id=ch4-guard-commands points=2

# %% [markdown]
# ### Exercise 2 · Per-step figures from the event stream
#
# Write the class `StepFigures`, an **event subscriber**: the harness calls the instance with
# each `Event` (it has `.type` and `.data`). `figures()` returns
#
# ```python
# {"steps": …, "tool_calls": …, "blocked": …, "failed": …, "per_step": [...]}
# ```
#
# - `tool_calls` counts `tool.call` events;
# - a `tool.error` is one of two kinds, and its `call_id` says which. A **blocked** call was
#   refused by a `before_tool_call` hook before it was handed out: it never got a call id
#   (`call_id` is `None`, as in lesson 3's log) and has no `tool.call`. A **failed** call was
#   handed out (it has a `call_id` and a `tool.call`) and came back as an error or a malformed
#   result — or an `after_tool_call` hook refused its result. `blocked` and `failed` count
#   each kind;
# - `per_step` has one entry for every `step.end`, in order:
#   `{"name": …, "status": …, "tool_calls": …, "blocked": …, "failed": …}` — name and status
#   from the `step.end`, and the counts seen **since the last `step.start` or `step.end`**
#   (a step skipped from `after_step` ends without starting: its counts are 0);
# - `steps` is the number of entries in `per_step`.
#
# The session record (`harness.session`) counts tool calls and errors for the whole session;
# it does not say which errors were blocked calls, nor which step they belong to. The checks
# subscribe a fresh instance to generated sessions with blocked calls, failed results,
# refusing hooks, replans, skips and pauses.
#
# > **Python you need · a class, `self`, `__call__`.** `class StepFigures:` defines a new kind
# > of object. `__init__(self)` runs when one is made (`figures = StepFigures()`) and sets up
# > its attributes, `self.tool_calls = 0`; every method gets the object itself as `self`.
# > `__call__(self, event)` lets the object be called like a function — `figures(event)` — which
# > is what the event stream does with a subscriber.

# %% solution id=ch4-figures-answer
class StepFigures:
    """Counts tool calls, blocked calls and failed calls per step, from the event stream."""

    def __init__(self):
        ### BEGIN SOLUTION
        self.per_step = []
        self.totals = {"tool_calls": 0, "blocked": 0, "failed": 0}
        self.open = {"tool_calls": 0, "blocked": 0, "failed": 0}
        ### END SOLUTION

    def __call__(self, event):
        ### BEGIN SOLUTION
        if event.type == "step.start":
            self.open = {"tool_calls": 0, "blocked": 0, "failed": 0}
            return
        if event.type == "step.end":
            self.per_step.append({"name": event.data["name"], "status": event.data["status"],
                                  **self.open})
            self.open = {"tool_calls": 0, "blocked": 0, "failed": 0}
            return
        if event.type == "tool.call":
            kind = "tool_calls"
        elif event.type == "tool.error" and event.data["call_id"] is None:
            kind = "blocked"  # refused before it was handed out
        elif event.type == "tool.error":
            kind = "failed"   # handed out, and it came back bad
        else:
            return
        self.open[kind] += 1
        self.totals[kind] += 1
        ### END SOLUTION

    def figures(self):
        ### BEGIN SOLUTION
        return {"steps": len(self.per_step), **self.totals,
                "per_step": [dict(row) for row in self.per_step]}
        ### END SOLUTION


# %% check id=ch4-figures-totals points=1

# %% check id=ch4-figures-per-step points=2

# %% [markdown]
# ### Exercise 3 · Handle a budget pause
#
# Write `finish_session(harness, stop)`: take a session at its first `stop` and carry it to the
# end, as a caller with a standing rule: **each limit may be extended at most twice in one
# session.** A session that runs out of the same thing a third time is stuck, and a person
# should look at it, so the caller closes it. Until `stop.kind == "done"`:
#
# - on a `"tool_call"` stop, answer with the registered tools:
#   `harness.resume(harness.call_tool(stop.request))`;
# - on a `"pause"` stop, read which limit ran out (`stop.pause["limit"]`: `"turns"`,
#   `"tool_calls"` or `"seconds"`). If that limit has been extended twice already, close the
#   session — `harness.close("…")`, with a reason of your choice — and return the `Stop` it
#   returns. Otherwise extend **only that limit** with `harness.extend_budget(...)` — turns or
#   tool calls by 1, seconds by 10 — and `harness.resume()`.
#
# Return the final `Stop`. Twice is counted for each limit on its own: a session may get two
# more turns *and* two more tool calls. A caller that extends everything by a lot has no
# budget at all. The checks run the demo with tight generated budgets (on simulated clocks of
# one to three seconds a move), record the extensions you make, where the session ends and
# its event log.
#
# > **Python you need · keyword arguments from a dict; counting in a dict.**
# > `harness.extend_budget(turns=1)` and `harness.extend_budget(**{"turns": 1})` are the same
# > call: `**` unpacks a dict into keyword arguments, so `extend_budget(**{limit: 1})` extends
# > whichever limit the variable `limit` names. A dict counts as easily:
# > `used = {"turns": 0, "tool_calls": 0, "seconds": 0}`, then `used[limit] += 1`.

# %% solution id=ch4-finish-answer
def finish_session(harness, stop):
    """Answer tool calls; extend the limit that ran out, each at most twice; then close."""
    ### BEGIN SOLUTION
    amounts = {"turns": 1, "tool_calls": 1, "seconds": 10}
    used = {"turns": 0, "tool_calls": 0, "seconds": 0}
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
            continue
        limit = stop.pause["limit"]
        if used[limit] == 2:
            return harness.close(f"{limit} ran out a third time")
        used[limit] += 1
        harness.extend_budget(**{limit: amounts[limit]})
        stop = harness.resume()
    return stop
    ### END SOLUTION


# %% check id=ch4-finish-turns points=1

# %% check id=ch4-finish-any-limit points=2

# %% [markdown]
# ### Exercise 4 · A table-driven test of a harness's transitions
#
# A table-driven test keeps the *cases* in a table and the *testing* in one short loop. You
# will write one for a harness that is not this chapter's.
#
# **The batch harness.** A batch system runs sessions overnight and saves every paused session
# to disk, to resume it in the morning. A checkpoint taken halfway through a step is messy — a
# tool call may still be out — so the batch harness pauses only *between* steps: a pause is
# taken in `REFLECTING` and nowhere else, and a resume always goes back to `REFLECTING`.
# Everything else is as in lesson 1.
#
# ```mermaid
# stateDiagram-v2
#     [*] --> IDLE
#     IDLE --> PLANNING: run(goal)
#     PLANNING --> EXECUTING: plan committed
#     PLANNING --> DONE: no plan
#     EXECUTING --> AWAITING_TOOL: tool call needed
#     EXECUTING --> REFLECTING: step without a tool done
#     AWAITING_TOOL --> REFLECTING: result
#     REFLECTING --> EXECUTING: next step
#     REFLECTING --> PLANNING: replan
#     REFLECTING --> DONE: goal met
#     REFLECTING --> IDLE: pause, between steps only
#     IDLE --> REFLECTING: resume
#     IDLE --> DONE: close
#     DONE --> [*]
# ```
#
# *Figure 2. The batch harness: the nine moves of the cycle, one pause edge, one resume edge
# and the close.*
#
# Write the test in two parts. First, `TRANSITION_ROWS`: one `(source, target, legal)` row for
# **every ordered pair** of the six states — 36 rows, `("DONE", "DONE", False)` included — with
# state names as strings and `legal` a bool, read from Figure 2. (This chapter's own table,
# `TRANSITIONS`, is another harness's: its rows are not the batch harness's.) The cell after it
# compares your table with Figure 2, row by row — a self-check, not graded. The graded part is
# the test that uses it.
#
# > **Python you need · a comprehension with two `for`s.** `[(s, t) for s in STATES for t in
# > STATES]` runs the second `for` inside the first, like two nested loops: every `s` paired
# > with every `t`, 36 pairs for six states. `t in LEGAL[s]` is `True` or `False`, so it can be
# > the third item of a row.

# %% solution id=ch4-table-answer
TRANSITION_ROWS = []
### BEGIN SOLUTION
LEGAL_TARGETS = {
    "IDLE": {"PLANNING", "REFLECTING", "DONE"},
    "PLANNING": {"EXECUTING", "DONE"},
    "EXECUTING": {"AWAITING_TOOL", "REFLECTING"},
    "AWAITING_TOOL": {"REFLECTING"},
    "REFLECTING": {"EXECUTING", "PLANNING", "DONE", "IDLE"},
    "DONE": set(),
}
TRANSITION_ROWS = [(source, target, target in LEGAL_TARGETS[source])
                   for source in LEGAL_TARGETS for target in LEGAL_TARGETS]
### END SOLUTION

# %%
from agentloop.checks import check

check("ch4-table-rows")

# %% [markdown]
# Then `run_table(validate)`: for every row, call `validate(source, target)` — it returns
# quietly for a legal move and raises `IllegalTransition` for an illegal one — and `assert`
# that what happened matches the row. Return the number of rows tested. The checks hand your
# test the `validate` of several batch harnesses, one at a time: the real one, and broken ones
# that each have **one pair** of their table flipped — a forbidden move allowed, or an allowed
# move forbidden. Every harness is built the same way and they come in no particular order:
# only calling `validate` tells them apart. Your test must pass the real one and fail every
# broken one with an `AssertionError`. A test that asks the harness what it allows, and then
# asserts that it allows it, can never fail: the expectations must be your own rows.
#
# > **Python you need · `assert`.** `assert condition, "message"` does nothing when the
# > condition is true and raises `AssertionError("message")` when it is false — the way a test
# > says "this must hold".

# %% solution id=ch4-table-test-answer
from agentloop.harness import IllegalTransition


def run_table(validate):
    """Test every row of TRANSITION_ROWS against `validate`; return how many rows were tested."""
    ### BEGIN SOLUTION
    for source, target, legal in TRANSITION_ROWS:
        try:
            validate(source, target)
            allowed = True
        except IllegalTransition:
            allowed = False
        assert allowed == legal, f"{source} -> {target}: the table says legal={legal}"
    return len(TRANSITION_ROWS)
    ### END SOLUTION


# %% check id=ch4-table-forbidden points=2

# %% check id=ch4-table-allowed points=1

# %% [markdown]
# Your test, run against this chapter's harness, which can pause in any active state: it is
# not the batch harness, and the test says where the two tables first disagree.

# %%
try:
    print(run_table(validate_transition), "rows tested")
except AssertionError as error:
    print("not the batch harness:", error)

# %% [markdown]
# ## Check yourself
#
# | kind | situation | expected behaviour |
# | --- | --- | --- |
# | must | the demo with a large budget | `goal_met`, 3 turns, 2 tool calls, no pause |
# | must not | a code path tries `EXECUTING → DONE` | `IllegalTransition`, state unchanged |
# | guard | `before_tool_call` raises on `rm -rf` | `tool.error` from the hook, the step fails, no call handed out |
# | budget | two turns for a three-step plan | pause in `REFLECTING`, both results kept; one more turn finishes |
# | replay | the log of a paused session | the same state and record, no planner or tool called |
#
# 1. Name the six states. Which is the only entry, which the only exit?
# 2. Why does every step end in `REFLECTING`, even the easy last one?
# 3. What are the two yield points, and why is each a return rather than an exception?
# 4. Name the three powers of a hook subscriber. Which one can an event subscriber use?
# 5. What does "events never duplicate hook payloads" protect against?
# 6. When exactly is a limit *reached*? What does the harness do then, in which order?
# 7. Why must tests read time through an injected clock?
# 8. What does replay need from the planner and the tools? What does it need from you before
#    a replayed session can continue?
# 9. What changes, and what stays, when a real model and real tools plug in?
#
# > **Exit ticket.** A forty-turn session pauses at turn 31 for lack of tool calls. Say which
# > state it rests in, what the pause record says, what is kept, and the two things the caller
# > may do next.
#
# <details><summary>Answer to compare with</summary>
#
# It rests in `IDLE`. The pause record says `budget_exceeded`, the limit (`tool_calls`, used
# and maximum), the state the pause was taken in (`EXECUTING`) and the move it did not make
# (handing out the next tool request, a `call_tool` move). The plan, every finished step, every
# tool result and the counters are kept. The caller may extend the envelope and `resume()`, or
# `close()` the session, which then ends in `DONE` with outcome `closed`.
# </details>
#
# **Where to go from here.** The harness in this chapter still has no real parts. You have
# met each of them already: chapter 2's registry and controller belong behind
# `before_tool_call`; chapter 3's messages and its live adapter (`agentloop.live`) fill the
# planner's place; chapter 1's honest terminals become the session's outcome. Plugging them in
# is registration, not a rewrite of the loop — and that is chapter 5, the capstone: the duty
# officer on a real task board, with every part of chapters 1–4 in one run.
