# %% [markdown]
# # Chapter 5 — The capstone: the duty officer on a real task board
#
# Four chapters ago the duty officer was a stub that answered from prepared observations. Now it
# does the job for real. The project office keeps its task board as a folder of small text files,
# one **task card** a file, and the duty officer reads that folder through three tools, one
# checked action at a time, until it can answer — or until it has to stop and say why.
#
# Everything the course built is inside this one loop:
#
# | piece | from | its job here |
# | --- | --- | --- |
# | `decide` and the four terminals | chapter 1 | when to go on, and how a run ends |
# | the registry and the controller | chapter 2 | which actions exist, and which proposals may run |
# | the model contract and the guards | chapter 3 | who proposes the next action, and what stops a runaway |
# | the harness, its events and its budget | chapter 4 | the states a step passes through, the record it leaves |
#
# The story is the one from chapter 1. Mark from the lab group split the equipment task in two,
# one card for the assembly hall and one for the test benches, and in his hurry the second card
# got the id `task-003-copy`. Anya did not know. In the evening she asks the duty officer where
# the equipment task stands.
#
# This chapter is the project's **checkpoint**: the duty officer's loop, tried on every route
# that matters — one match, the ambiguous pair, nothing found, a broken card, a card that cannot
# be read, a board that cannot be read, a board longer than the budget, a failure that a retry
# fixes and one on the last allowed step — with each ending seen and explained from what the run
# observed, and never a claim of more than was checked.
#
# **You will be able to**
# - read a task board through its three tools and say what each observation does and does not
#   establish;
# - configure a workspace (`agent.json`, `stop_policy.json`) and find each setting in the run's
#   banner;
# - follow one step of the duty officer: proposal → dispatcher → guards → tool → observation →
#   state → decision;
# - run the checkpoint's routes and explain every terminal without naming the route;
# - say what a card file that could not be read can change, and why the officer then claims no
#   success;
# - find any run's own folder, replay it, watch an edited trace be refused, and check a trace
#   against the board;
# - carry a person's answer — a card's id or their own words — into the next run;
# - add a tool, set a policy, make an ambiguous search ask, and report a limit honestly.
#
# > **Predict first.** Both equipment cards sit on the first page of the board. With five card
# > files a page the board has three pages. Does the duty officer stop after page 1, where it
# > has already seen both cards — or later? And with which terminal? Write your guess down.

# %% [markdown]
# ## Setting up: the example office
#
# The example workspace of this chapter is `examples/my_agent/` in the repository. The library
# carries the same files, so the next cell writes a fresh copy into a temporary folder and works
# there: every run below starts from the same board, and nothing in the repository changes.
#
# > **Python you need · `os.chdir`, `tempfile.mkdtemp`, `pathlib.Path` and `/`, `sorted`.**
# > `tempfile.mkdtemp()` makes a new, empty folder and returns its path; `os.chdir(folder)` makes
# > it the current folder, so short relative paths such as `"my_agent/board"` point inside it.
# > `write_office` returns a `Path`, an object for a path: `office / "board"` joins a folder
# > name to it, `path.iterdir()` goes through what a folder holds, and `path.read_text()` reads
# > a whole file as one string. `sorted(items)` gives the items back as a sorted list.

# %%
import os
import tempfile

from agentloop.duty.example import write_office

os.chdir(tempfile.mkdtemp(prefix="office-"))
office = write_office(".")
print(office)
print(sorted(path.name for path in office.iterdir()))

# %% [markdown]
# ## Lesson 1 · The board and its three tools
#
# ### A task card
#
# A card is a short Markdown file: a header block of `field: value` lines between two `---`
# lines, then free notes. Here is the card Anya is thinking of:

# %%
print((office / "board" / "task-003.md").read_text())

# %% [markdown]
# Five fields, all required: `id`, `title`, `group`, `status` (one of `todo`, `in_progress`,
# `blocked`, `done`) and `blocked_by` (card ids separated by commas; empty when nothing blocks
# the card). The file is named after the id. The notes are for people — they even mention the
# other card — but no tool ever searches them.
#
# `agentloop board` lists a board and what is wrong with each card. We call the same command from
# Python:

# %%
from agentloop.cli import main

status = main(["board", "my_agent/board"])

# %% [markdown]
# Fourteen card files, and two of them are trouble. `task-007.md` can be read but is broken: its
# status `wip` is not a status, and it is blocked by a card that is not on the board. And
# `task-012.md` cannot be read at all — somebody saved it from another program in the
# Windows-1251 encoding, so it is not UTF-8 text. A card like that is never guessed at: it is
# reported, every time, as *not searched*. Nor is it ever ruled out: nobody can say what it
# holds, so it might be the very card a search is for. While it stays unread, one match on this
# board is not yet *the* match — lesson 4 shows the officer refusing to claim it.
#
# The office also keeps `fixed_board/`: the same fourteen cards after Anya saved `task-012.md`
# again as UTF-8. The routes that are meant to succeed on their own read that one.
#
# ### `read_task_cards`: one page at a time
#
# A real board can be long, so the search tool reads it one **page** of card files at a time
# (five a page in this workspace). A query matches a card when it equals the card's id, or when
# the card's title or group contains it, ignoring case.
#
# > **Predict.** The three pages of a search for `"equipment"`: on which page are the two
# > cards, and what does `search_complete` say on each page?

# %%
import json

from agentloop.duty.board_tools import read_task_cards

for page in (1, 2, 3):
    print(json.dumps(read_task_cards("my_agent/board", "equipment", page), ensure_ascii=False))

# %% [markdown]
# Read the observations field by field, as in chapter 1:
#
# - `ok: true` on every page says only that **the read worked**. It says nothing yet about the
#   goal: the first page found two cards, which is not an answer.
# - `search_complete` is `false` until the last page; `next_page` says where to go on. Only when
#   every page has been read can the officer say "these are all the matches" — a third equipment
#   card could have been on page 3. That is why the officer does not stop after page 1.
# - `scanned` and `total` count card files; `unreadable` lists, with the reason, the files on
#   this page that could not be searched — and so could not be ruled out either.
#
# ### `validate_task_card` and `draft_summary`
#
# Finding a card is not yet trusting it. `validate_task_card` checks one card's fields and its
# consistency with the rest of the board; `draft_summary` writes the summary of cards that passed,
# and holds it to the workspace's **output contract** — the fields a finished answer must state.

# %%
from agentloop.duty.board_tools import draft_summary, validate_task_card

print(validate_task_card("my_agent/board", "task-003"))
print(validate_task_card("my_agent/board", "task-007"))
drafted = draft_summary("my_agent/board", "task-004", ("id", "title", "status", "blocked_by"))
print(drafted["summary"])
print(drafted["contract"])

# %% [markdown]
# The tools check their own arguments too, and never raise for bad data: a broken board or a
# broken card becomes an observation with `ok: false` and an `error`, which the loop can weigh.
#
# ### The registry the model is shown
#
# The three tools are registered the chapter 2 way, with an argument schema each. Only the tools
# the workspace allows are put in the registry, so the controller refuses every other name as
# `unknown_tool` before anything runs. This is the list a live model would be sent:

# %%
from agentloop.duty.board_tools import board_registry, tool_definitions

registry = board_registry("my_agent/board", page_size=5)
for definition in tool_definitions(registry):
    print(definition["name"], json.dumps(definition["input_schema"]["properties"]))

# %% [markdown]
# `read_task_cards`'s `query` is **scoped**, as `lookup`'s key was in chapter 2: the dispatcher
# lets a model search only for what this run was asked, not for anything it fancies.
#
# > **Exit ticket, lesson 1.** Give one observation with `ok: true` after which the goal is not
# > reached, and say which field shows it. Why is a card that cannot be read listed instead of
# > skipped?

# %% [markdown]
# ## Lesson 2 · The workspace: every setting is a line of the banner
#
# The duty officer is configured by one folder, the **workspace**. Two files matter:

# %%
print((office / "agent.json").read_text())
print((office / "stop_policy.json").read_text())

# %% [markdown]
# `stop_policy.json` is chapter 1's policy, unchanged: at most five actions a run, at most one
# retry. `agent.json` says what the officer is asked and with what:
#
# | field | what it sets | banner line |
# | --- | --- | --- |
# | `goal`, `query` | what the person asked, and what to search the board for | `goal:`, `board:` |
# | `board`, `page_size` | the folder of cards, and card files a page | `board:` |
# | `tools` | the dispatcher's allowlist (chapter 2) | `tools:` |
# | `guards` | chapter 3's guards: `repeated`, `tokens=N` | `stop_policy:` |
# | `contract` | the fields a finished answer must state | `contract:` |
# | `ask_when` | more reasons to ask instead of answering: `similar_ids`, a card with a similar id (part of exercise 4's rule) | `stop_policy:` |
# | `faults` | tool calls that fail once — an injected fault, to watch a retry at work | `faults:` |
# | `save`, `state`, `trace` | the names of a run's answer, saved question and trace, in one folder (`out/`): each run writes them into a folder of its own, `out/runs/0001/`, `out/runs/0002/`, … | `save:`, `state:`, `trace:` |
# | `model` | `scenario` (the authors' scripted replies) or `live:MODEL_NAME` | `model:`, `scenario:` |
#
# `load_workspace` reads both files and checks every field; a bad one is refused with one line
# that names the file, the field, the value and what is allowed.
#
# > **Python you need · a dataclass's fields, `except` with two names, `finally`.**
# > `workspace.goal` reads one field of the frozen `Workspace` record. `except (WorkspaceError,
# > ValueError) as problem:` catches either kind of error in one place; the lines under
# > `finally:` run whether or not an error came, here to put the office's policy back.

# %%
from agentloop.duty.workspace import WorkspaceError, load_workspace

workspace = load_workspace("my_agent")
print(workspace.goal, "|", workspace.query, "|", workspace.page_size, "|", workspace.guards)
print(workspace.max_steps, workspace.max_retries, workspace.contract)

policy_file = office / "stop_policy.json"
kept = policy_file.read_text()
policy_file.write_text('{"max_steps": 50, "max_retries": 1}')
try:
    load_workspace("my_agent")
except (WorkspaceError, ValueError) as problem:
    print("refused:", problem)
finally:
    policy_file.write_text(kept)  # the office's policy again

# %% [markdown]
# A budget of fifty steps is refused before any card is read, exactly as in chapter 1: the ranges
# are `1 ≤ max_steps ≤ 5` and `0 ≤ max_retries ≤ 1`. A larger budget would not make the duty
# officer "more autonomous"; it would only let a broken run go on longer.

# %% [markdown]
# ## Lesson 3 · One step of the duty officer, by hand
#
# ```mermaid
# flowchart LR
#     M["model proposes one action"] --> D{"dispatcher:<br/>controller + officer's checks"}
#     D -- "refused" --> F["failed action<br/>(nothing runs)"]
#     D -- "allowed" --> G{"guards"}
#     G -- "stop" --> L["not run"]
#     G -- "go" --> T["tool runs on the board"]
#     T --> O["observation"]
#     F --> U["update the state"]
#     L --> U
#     O --> U
#     U --> C{"decide"}
#     C -- "continue" --> M
#     C -- "success / needs_input / error / limit" --> E(["the run ends"])
# ```
#
# *Figure 1. One step of the duty officer. A refused proposal is still a step: it used the
# budget and counts as a failure, though nothing ran.*
#
# The model proposes (chapter 3's `create(system, messages, tools)`); here it is `DutyModel`, the
# authors' scenario "read every page, validate the match, draft its summary". It is a model in
# the full sense of chapter 3 — a live model fits the same slot — but its every step is written
# in advance, so nothing you see proves anything about a live model.
#
# The next cell drives the officer's own functions by hand, one step a pass: `propose`,
# `carry_out` (dispatcher, guards, tool), `update_state`, `decide`.
#
# > **Predict.** Which step's observation makes `search_complete` true, and what does `decide`
# > answer then?

# %%
from agentloop.duty.officer import (
    RunInput,
    carry_out,
    decide,
    guards_from,
    new_state,
    propose,
    update_state,
)
from agentloop.duty.planner import DutyModel

registry = board_registry(workspace.board, workspace.board_shown, workspace.page_size,
                          workspace.contract, workspace.tools)
run_input = RunInput(workspace.goal, workspace.query, workspace.max_steps,
                     workspace.max_retries, workspace.guards)
state = new_state(run_input, registry)
model, guards = DutyModel(), guards_from(run_input.guards)

decision = "continue"
while decision == "continue":
    proposal = propose(state, model)                      # PLANNING
    observation = carry_out(state, registry, guards)      # AWAITING_TOOL
    update_state(state, observation)
    decision = decide(state)                              # REFLECTING
    print(f"step {state['steps']}: {proposal['name']} {json.dumps(proposal['args'])} → "
          f"matches {state['matches']}, complete {state['search_complete']} → {decision}")

# %% [markdown]
# Page 3 completes the search, and only then does `decide` look at the matches: two cards,
# `needs_input`. The state keeps the search page by page (`state["pages"]`), so a model that
# skipped a page could not make the search look complete. Here is `decide`, the duty officer's
# version of chapter 1's — the same order: what the action returned first, the step limit last,
# so a success on the last allowed step is still a success.

# %%
import inspect

from agentloop.duty import officer

print(inspect.getsource(officer.decide))

# %% [markdown]
# ### Practice A · Five roles, one step (with four classmates)
#
# Share out five roles, one a person: the **state keeper** (holds the state: the query, `steps`,
# `failures`, the matches), the **chooser** (proposes the next action — the model's part), the
# **executor** (checks the proposal and runs the tool — the dispatcher's part), the **board**
# (gives back the observation) and the **decider** (names the decision from the state alone, and
# the field it rests on). Start from "nothing read yet; the whole board fits on one page". The
# chooser proposes `read_task_cards`, and the executor hands it to the board.
#
# - Round 1: the board answers with one match, `task-003`.
# - Round 2: the board answers with two matches, `task-003` and `task-003-copy`.
#
# After each observation the state keeper updates the state aloud, and the decider says what
# comes next and why. Write down the two chains — the same action, two decisions — and finish
# the sentence: *"The decision changed because the observation showed …"*. Then check your
# rounds against the real board, read on one page of fourteen card files:

# %%
one_page = board_registry("my_agent/board", page_size=14)
for query in ("task-003", "equipment"):      # round 1, round 2
    state = new_state(RunInput("Tell Anya about the equipment", query), one_page)
    propose(state, DutyModel())
    update_state(state, carry_out(state, one_page, []))
    print(f"{state['action']} for {query!r} → matches {state['matches']}, complete "
          f"{state['search_complete']} → {decide(state)}")

# %% [markdown]
# The same action, the same counters, two decisions: only the observation differs. In chapter 1
# round 1 was a success at once; here one match is only where the work starts — the card is
# still to be validated and summarised — so `decide` says `continue`.

# %% [markdown]
# ### The dispatcher refuses before anything runs
#
# A proposal is still only a request. Besides chapter 2's rules, the officer's dispatcher has
# four of its own: an answer in words is refused (`not_a_tool_call` — the answer is what
# `draft_summary` returns), a card the search did not find may not be validated (`not_a_match`),
# nothing is drafted before every page is read (`search_incomplete`), and only cards validated as
# sound may be summarised (`unconfirmed`).
#
# > **Predict.** A hasty model skips the search: it drafts a summary of `task-003` at once, then
# > tries to validate it. What is each step's note, and how does the run end?
#
# > **Python you need · `**` in a `def`.** `def act(call, name, **arguments):` collects every
# > keyword argument the caller adds into one dict: `act(1, "draft_summary", cards="task-003")`
# > gives `arguments == {"cards": "task-003"}`.

# %%
from agentloop.duty.officer import run_officer
from agentloop.messages import reply, text_block, tool_use_block
from agentloop.models import ScriptedModel


def act(call, name, **arguments):
    """One reply of a scripted model: a plan in words and one tool call."""
    return reply([text_block(f"I call {name}."), tool_use_block(f"c{call}", name, arguments)],
                 "tool_use")


hasty = ScriptedModel([act(1, "draft_summary", cards="task-003"),
                       act(2, "validate_task_card", card="task-003")])
run = run_officer(run_input, hasty, registry)
for record in run.records:
    print(record["step"], record["action"], "|", record["note"], "|", record["decision"])
print("terminal:", run.terminal)

# %% [markdown]
# Neither proposal ran. The first refusal is a failure with a retry left, so the run goes on; the
# second is the second failure, so `failures > max_retries` and the run ends with **`error` on
# step 2**. A model that keeps proposing what it may not do is stopped by the same counter as a
# board that keeps failing to read.
#
# ### The harness underneath
#
# `run_officer` is the same loop inside chapter 4's harness: `PLANNING` asks the model,
# `AWAITING_TOOL` is where the dispatcher, the guards and the tool act, `REFLECTING` is where
# `decide` runs. Every move is written to the event stream:

# %%
from collections import Counter

run = run_officer(run_input, DutyModel(), registry)
print(run.terminal, len(run.records), "steps")
print(Counter(event["type"] for event in run.events))

# %% [markdown]
# > **Python you need · `Counter`.** `Counter(items)` counts how often each value occurs:
# > `Counter(["a", "b", "a"])` is `Counter({"a": 2, "b": 1})`.
#
# Three steps, three `step.start` and three `tool.call` events, one `session.complete`. The
# harness's own budget envelope is set to the stop policy, so `decide` always stops the run first;
# the envelope is only a backstop.
#
# > **Exit ticket, lesson 3.** A refused proposal runs nothing. Why does it still add one to
# > `steps` and to `failures`?

# %% [markdown]
# ## Lesson 4 · The checkpoint: six routes, four terminals
#
# The example workspace has a folder for every route: each is a workspace of its own, on the
# office board, on the fixed board or on a board that is not there. `run_shift(folder)` is what
# `agentloop run --dir folder` does: load the workspace, run the officer, write the answer, the
# state and the trace into this run's own folder, and return the banner.
#
# > **Predict before you run.** For each route, write down the terminal and the step it happens on:
# >
# > | route | what is different |
# > | --- | --- |
# > | the ambiguous pair | query `equipment`: the workspace itself |
# > | one match | query `posters`, on the fixed board |
# > | a card that cannot be read | query `posters`, on the office board: `task-012.md` is unreadable |
# > | nothing found | query `catering` |
# > | a broken card | query `projector` |
# > | an unreadable board | the board folder is `archive`, which does not exist |
# > | a board longer than the budget | query `equipment`, two card files a page |
# > | a failure a retry fixes | query `posters`, the fixed board on one page, the first tool call fails once |
# > | a failure on the last allowed step | as the longer board, and the fifth read fails once |
#
# First the whole banner of the ambiguous pair — every line comes from a setting of the workspace:

# %%
from agentloop.duty.shift import run_shift

shift = run_shift("my_agent")
print(shift.text)
print("exit status:", shift.exit_status)

# %% [markdown]
# **`needs_input` on step 3**: the search was complete, and it found two cards with a similar id.
# The officer does not pick one; the banner's `question:` line is what Anya would be asked. The
# `not searched:` line is there because a page it read held `task-012.md`. The contract was not
# checked — there is no summary to check — and the question is saved in this run's state file,
# `my_agent/out/runs/0001/state.json`, for the next run. The exit status is 1: a person must act.
#
# The last line says what no banner of this course may leave out: a technical run does not
# confirm the model's quality.
#
# For the other routes we print only the steps, the stop and what the person is told.
#
# > **Python you need · `startswith` with a tuple.** `line.startswith(("Step", "Stop"))` is true
# > when the line starts with any of the texts in the tuple.

# %%
SHOWN = ("faults", "Step", "Stop", "answer", "question", "reason", "not searched")


def show(route):
    """Run one route of the example workspace and print what matters for the checkpoint."""
    shift = run_shift(f"my_agent/routes/{route}")
    print(f"--- {route} (exit status {shift.exit_status})")
    for line in shift.text.splitlines():
        if line.startswith(SHOWN):
            print(line)


for route in ("one_match", "unreadable_card", "no_matches", "broken_card", "missing_board",
              "limit"):
    show(route)

# %% [markdown]
# Each ending, from what the run observed — never from the route's name:
#
# - **One match: `success` on step 5.** Three pages read, one match, `task-004` validated, the
#   summary drafted and the contract met, and no card file left unread. Five actions: the whole
#   route fits the budget exactly.
# - **A card that cannot be read: `needs_input` on step 5.** The same five actions on the office
#   board, the same summary drafted — but `task-012.md` could not be read, so the officer cannot
#   say that `task-004` is the only card about posters. It claims nothing: the question names the
#   file and asks Anya to confirm the card or fix the file, and the drafted summary is saved
#   marked "not confirmed". A card that could not be read is not checked: it can neither be
#   ruled out as a match nor counted as searched.
# - **Nothing found: `needs_input` on step 3.** The search finished and matched nothing that
#   could be read. The read worked, so it is no `error`; the officer asks instead of reading on
#   behind Anya's back — and since `task-012.md` was not read, it does not say that it searched
#   the whole board.
# - **A broken card: `needs_input` on step 4.** The search found `task-007`, and the validation
#   found two problems. A card the officer cannot confirm is not summarised; the question names the
#   problems, because a person has to fix the card.
# - **An unreadable board: `error` on step 2.** The board folder is not there: the first read
#   failed, the one retry failed too, `failures` reached 2. "Nothing was checked" — the reason
#   says so, and says why.
# - **A board longer than the budget: `limit` on step 5.** With two card files a page the board
#   has seven pages. After five reads the search is still incomplete and no step is left:
#   **5 of 7 pages** were read (**10 of 14 card files**). The reason says "not all cards were
#   checked" — never "done". The two equipment cards were on page 2, but a page read is not a
#   finished search, and nothing the run saw is an answer.
#
# | route | folder | stops with | the observable ground |
# | --- | --- | --- | --- |
# | the ambiguous pair | `my_agent` | `needs_input`, step 3 | a complete search, two matches |
# | one match | `routes/one_match` | `success`, step 5 | one match, valid, the summary meets the contract, nothing unread |
# | a card that cannot be read | `routes/unreadable_card` | `needs_input`, step 5 | one match, but a card file went unread |
# | nothing found | `routes/no_matches` | `needs_input`, step 3 | a complete search, no match |
# | a broken card | `routes/broken_card` | `needs_input`, step 4 | the one match does not validate |
# | an unreadable board | `routes/missing_board` | `error`, step 2 | a second failed read, one retry allowed |
# | a board longer than the budget | `routes/limit` | `limit`, step 5 | an incomplete search, no step left |
#
# All four terminals have been seen, and the failure that repeats ends in `error` on the second
# action, as the stop policy demands.
#
# ### Fix the card, and the same route succeeds
#
# The officer named what stands between the office board and an answer: `task-012.md`, not
# UTF-8. Fix it as a person would — read its bytes as Windows-1251, the encoding it was saved in,
# and save the text again as UTF-8 — and run the same route again.
#
# > **Python you need · `read_bytes` and `decode`.** `path.read_bytes()` reads a file as raw
# > bytes, guessing no encoding; `data.decode("cp1251")` turns bytes into text by the rules of
# > one encoding, and `path.write_text(text, encoding="utf-8")` saves that text as UTF-8.
# > `path.write_bytes(data)` writes bytes back exactly as they were.

# %%
card_012 = office / "board" / "task-012.md"
as_saved = card_012.read_bytes()
card_012.write_text(as_saved.decode("cp1251"), encoding="utf-8")   # saved again, as UTF-8
show("unreadable_card")
restored = card_012.write_bytes(as_saved)   # the office board as it was, for the rest
print(f"task-012.md put back as it was: {restored} bytes, Windows-1251")

# %% [markdown]
# `success` on step 5, and no `not searched:` line: once nothing is left unread, one match is the
# match. (The cell puts the broken file back, because the rest of the chapter works on the office
# board as it is.)
#
# ### A failure that a retry fixes, and one that comes too late
#
# Chapter 1's `temporary_error` on the real board. A real board fails now and then for a reason
# that passes — a share that does not answer in time. `agent.json`'s `faults` injects such a
# failure: the tool calls it names fail once, and the banner's `faults:` line says so, so nobody
# mistakes it for the board.
#
# > **Predict.** `temporary_error` reads the fixed board on one page, and its first tool call
# > fails. `last_step_failure` is the longer board (two card files a page), and its fifth read
# > fails: the first failure of the run, with a retry still allowed. How does each end, on which
# > step?

# %%
for route in ("temporary_error", "last_step_failure"):
    show(route)

# %% [markdown]
# - **A failure a retry fixes: `success` on step 4.** The first read failed, `failures` became 1,
#   and since one retry is allowed and steps are left, `decide` said `continue`. The retry read
#   the page; the rest of the route followed. Nothing in the code changed — only what the board
#   returned.
# - **A failure on the last allowed step: `limit` on step 5.** Four pages read, and the fifth
#   read failed. A retry is allowed (`failures` is 1, `max_retries` is 1), but the retry would be
#   a sixth action, and `max_steps` is 5: the permission to retry does not raise the budget. So
#   `decide` falls through to its last check and answers `limit` — and the reason says why, and
#   what was left unchecked.
#
# | route | folder | stops with | the observable ground |
# | --- | --- | --- | --- |
# | a failure a retry fixes | `routes/temporary_error` | `success`, step 4 | a first failure, then one match, valid, nothing unread |
# | a failure on the last allowed step | `routes/last_step_failure` | `limit`, step 5 | a first failure, and no step left for the retry |
#
# Three more routes of the example workspace show the rest of the banner at work:

# %%
for route in ("limit2", "tokens", "bare"):
    show(route)

# %% [markdown]
# - **`limit2`** is chapter 1's tighter policy, `max_steps: 2`: two reads and the run stops,
#   **`limit` on step 2**, with the search incomplete.
# - **`tokens`** sets chapter 3's token guard to 1000: after the search, the request for step 4 is
#   over budget, so the guard stops it before it runs — a guard's stop is a `limit`, and the note
#   says "not run".
# - **`bare`** names only the goal, the query and the (fixed) board. It succeeds like
#   `one_match`, and its banner (print `run_shift("my_agent/routes/bare").text` to see it) says
#   "not configured" for every line `agent.json` leaves out, and why.
#
# ### Practice B · Three runs, one table
#
# Take three runs: `temporary_error`, `missing_board` (a failure that does not pass) and `limit`.
# For each step, reconstruct from what the runs print: the observation of the action, the
# counters `steps` and — after a failure — `failures`, and the rule of `decide` that chose the
# decision. Make a table of **three rows, one a run**; in each row, write every step of that run
# as *observation → change of state → decision*. Do not edit the routes' files: choosing the
# route already changes what the board returns, safely.

# %%
for route in ("temporary_error", "missing_board", "limit"):
    record_run = run_shift(f"my_agent/routes/{route}").run
    print(f"--- {route}")
    failures = 0
    for record in record_run.records:
        observation = record["observation"]
        if not observation["ok"]:
            failures += 1
        seen = ("ok" if observation["ok"] else observation["error"])[:70]
        print(f"step {record['step']}: {record['action']} → {seen} | steps {record['step']}, "
              f"failures {failures} → {record['decision']}")

# %% [markdown]
# <details><summary>A table to compare with</summary>
#
# | run | observation → change of state → decision, step by step |
# | --- | --- |
# | `temporary_error` | 1: no answer in time → `failures` 1, `steps` 1 → `continue` (a retry and steps are left) · 2: page 1 of 1, one match → the search complete → `continue` · 3: `task-004` valid → `continue` · 4: the summary meets the contract, nothing unread → `success` |
# | `missing_board` | 1: the board folder was not found → `failures` 1 → `continue` · 2: not found again → `failures` 2 > `max_retries` 1 → `error` |
# | `limit` | 1–4: a page, `search_complete` false → `steps` 1 to 4 → `continue` · 5: a page, still not complete → `steps` 5 = `max_steps` → `limit` |
# </details>
#
# **The tokens of stopping (on paper).** Take five action tokens and one retry token. Play the
# four endings: one card (`success`), two cards (`needs_input`), two failures in a row (`error`),
# pages that never end (`limit`). Give back one action token for every action, refused ones
# included. For each ending, write the honest message to the person. One rule: after `error` or
# `limit`, nothing may sound like "done".
#
# > **Exit ticket, lesson 4.** Without naming a route, explain two endings: a second failed read
# > with one retry allowed; a fifth page that still says `search_complete: false`, with five steps
# > allowed.

# %% [markdown]
# ## Lesson 5 · After the run: the trace, the replay, the answer
#
# ### Every run keeps its own folder
#
# `agent.json` names the answer, the state and the trace as files in one folder, `out/`. Each run
# writes them into a folder of its own under `out/runs/`, numbered with four digits in the order
# the runs started: the workspace's first run into `out/runs/0001/`, the next into
# `out/runs/0002/`, and so on. A number is never used twice, and nothing an earlier run wrote is
# ever written again. `out/latest` is a plain text file naming the last run that finished; the
# next run reads that run's state. The ambiguous run above was this workspace's first:

# %%
print(sorted(path.name for path in (office / "out").iterdir()))
print((office / "out" / "latest").read_text())
print(sorted(path.name for path in (office / "out" / "runs" / "0001").iterdir()))

# %% [markdown]
# Nothing is written outside the workspace: the output folder is resolved, so an `out/` that is
# a link to some other folder is refused with one line, and a run's files are always created new,
# never written through a link someone left in their place.
#
# ### The trace
#
# The run's **trace**, `my_agent/out/runs/0001/trace.jsonl`, is JSON Lines: one line a record,
# written while the run went on — a run that breaks halfway still leaves its steps. The first
# line holds the run's facts (what the banner prints), then come chapter 4's harness events and
# one line a step, and the last line is the stop.

# %%
from agentloop.duty.trace import read_trace

trace = read_trace("my_agent/out/runs/0001/trace.jsonl")
print("facts:", trace["facts"]["query"], trace["facts"]["max_steps"], trace["facts"]["guards"])
print("events:", len(trace["events"]), "steps:", len(trace["steps"]), "stop:", trace["stop"])
for step in trace["steps"]:
    print(step["step"], step["action"], json.dumps(step["proposal"]["args"]), step["decision"])

# %% [markdown]
# ### Replay
#
# Two words to keep apart. The **scripted scenario** is the model of these runs: the authors'
# replies, written in advance (`"model": "scenario"` in `agent.json`). A **replay** plays a
# *trace* back: it runs the same loop again with the recorded replies in the model's place and
# the recorded observations in the tools' place, so neither the board nor a provider is touched.
# Then it demands the same steps, the same decisions, the same stop and the same harness events —
# and prints the banner again, from the trace alone. In a terminal:
# `agentloop replay my_agent/out/runs/0001` (a run's folder, or its trace file).

# %%
from agentloop.duty.trace import format_replay

print(format_replay("my_agent/out/runs/0001/trace.jsonl"))

# %% [markdown]
# A trace edited by hand does not replay quietly. Below, the last step's decision is rewritten
# from `needs_input` to `success` in a copy of the trace.
#
# > **Predict.** Will the replay print a banner with `Stop: success`, or refuse — and which step
# > will it name?

# %%
from agentloop.duty.trace import TraceError

first_trace = (office / "out" / "runs" / "0001" / "trace.jsonl").read_text()
edited = first_trace.replace('"decision": "needs_input"', '"decision": "success"')
(office / "edited.jsonl").write_text(edited)
try:
    format_replay("my_agent/edited.jsonl")
except TraceError as problem:
    print("refused:", problem)

# %% [markdown]
# The loop, given the recorded observations, decides `needs_input` again, and the replay names the
# step where the record and the loop part ways. A replay is proof that the record is consistent
# with the loop. It is **not** a recording of a live model, and it shows nothing about what a live
# model would have done.
#
# ### A forged trace, and the board that gives it away
#
# Replay re-decides from what the trace says came back; it cannot know whether the board really
# said so. A forger who edits an observation *and* the harness event that carries it, and keeps
# the decisions, gets past it. Below, `task-012.md` is cut out of the trace — both places it
# appears — as if it had been read. `agentloop replay TRACE --against-board` (the function
# `against_board`) does what replay cannot: it runs every recorded tool call again on the board
# and names the first observation the board does not give.
#
# > **Predict.** Does the forged trace replay? What does the check against the board say?

# %%
from agentloop.duty.trace import against_board

unread_012 = '{"file": "task-012.md", "reason": "not UTF-8 text (byte 0xcf at position 24)"}'
print(first_trace.count(unread_012), "places hold it")
(office / "forged.jsonl").write_text(first_trace.replace(unread_012, ""))
print(format_replay("my_agent/forged.jsonl").splitlines()[-1])
print(against_board("my_agent/forged.jsonl")[1])
print(against_board("my_agent/out/runs/0001/trace.jsonl")[1])

# %% [markdown]
# The forgery replays — the same decisions, the same stop — but the board still holds an
# unreadable `task-012.md`, and the check names step 3, the read of page 3, as the first
# observation the board does not give. The real trace passes. A board that was changed since the
# run is caught the same way: the check compares the record with the board *now*.
#
# ### The person's answer goes into the next run
#
# Anya answers in her own words: "the one for the hall". Her answer cannot be written into the
# old run: that run is over, and its observations are history. It becomes the **input of a new
# run**. The last run's state holds the question; `--answer` gives the answer, which is resolved
# against the cards the question offered: an id names its card, and so does a word that only one
# of them has in its title, group or id — "hall" is in `task-003`'s title alone. The new run then
# searches for that card, and the person's choice settles which card is meant.

# %%
print((office / "out" / "runs" / "0001" / "state.json").read_text())
answered = run_shift("my_agent", answer="the one for the hall")
print(answered.text)

# %% [markdown]
# **`success` on step 5** — a different run, in a folder of its own, `out/runs/0002/`, with the
# card her answer names as its query (the `board:` line says so). `task-012.md` is still named as
# not searched, but it can no longer change the answer: Anya chose the card. And the first run
# is untouched — its folder is as it was, and it still replays to its `needs_input`:

# %%
print(sorted(path.name for path in (office / "out" / "runs").iterdir()))
print(format_replay("my_agent/out/runs/0001").splitlines()[-1])

# %% [markdown]
# An answer that does not settle the question is refused before anything runs, and the line says
# what is still ambiguous — so the person can answer again:

# %%
from agentloop.duty.handover import AnswerError

for answer in ("task-005", "the lab one"):
    try:
        run_shift("my_agent", answer=answer)
    except AnswerError as problem:
        print("refused:", problem)

# %% [markdown]
# One rule from chapter 1 holds here too: a real person's clarification is never replaced by an
# answer prepared in advance. The course passes `task-003` in by hand, the way Anya would.
#
# > **Exit ticket, lesson 5.** What does a successful replay prove? Name one thing it cannot
# > prove.

# %% [markdown]
# ### Explore: the duty explorer
#
# Pick the query, the board and the policy; the officer runs again on every change, and the table
# shows one row a step with what came back. The office board is the example board; the empty
# board has no card at all; the archive is a board folder that does not exist.
#
# > **Predict, then look.** With `equipment`, what does `page_size` 2 do, and what does 14 do? With
# > `posters`, why does no setting give a success on the office board — and what does the fixed
# > board change? There, what is the smallest `max_steps` that still succeeds? Which board gives
# > `error`, and does `max_retries` 0 change its step? With `task-003` on the fixed board, why is
# > the answer a success — and is it the card Anya meant? (Exercise 4 is about that.)

# %%
from agentloop.widgets import duty_explorer

duty_explorer("equipment")

# %% [markdown]
# ## The graded project
#
# Every answer cell must run on its own: the grader runs only the answer cells, in a fresh
# namespace, so keep the imports inside them. When your work is graded, each check adds cases on
# boards you have not seen — other ids, groups, titles, lengths, broken files — so write code that
# is right, not code that matches the listed cases. Two library modules could do parts of these
# exercises for you: the officer's loop (`agentloop.duty.officer`), which can count a route by
# running it, and the handover (`agentloop.duty.handover`), which words the questions and the
# reasons. Neither is there when your work is graded, and while `check` runs your answer they are
# out of its reach: write your own code. (The board, its tools and the registry stay.)
#
# | exercise | graded by | points |
# | --- | --- | --- |
# | 1 · the budget, in numbers | a check cell | 1 |
# | 2 · the office's policy | two check cells | 3 |
# | 3 · a new tool | two check cells | 4 |
# | 4 · ask, don't guess | two check cells | 3 |
# | 5 · an honest report | two check cells | 3 |
# | 6 · what the run proves | a person, who reads your written answer | 2 |
#
# A test or check cell is all or nothing, as in nbgrader: every case of it must pass.
#
# ### Exercise 1 · The budget, in numbers
#
# On a board where the query matches exactly one card, the authors' route reads every page, then
# validates the card, then drafts the summary. Write `route_steps(card_files, page_size)`: how
# many actions that route takes on a board of `card_files` card files read `page_size` at a time.
# An empty board is still one (empty) page. The example board: **3 reads + validate + draft = 5
# actions**, as in the `one_match` route.
#
# The check calls your function on boards of other lengths and other page sizes — and, when
# graded, on more of them.
#
# > **Python you need · `//` and rounding up.** `14 // 5` is 2: whole division rounds down. To
# > round up, divide the negative and negate: `-(-14 // 5)` is 3, the pages that 14 card files
# > make at five a page. `max(1, x)` is `x`, but never less than 1.

# %% solution id=ch5-route-steps-answer
def route_steps(card_files, page_size):
    """Actions of the one-match route: every page, then validate, then draft."""
    ### BEGIN SOLUTION
    pages = max(1, -(-card_files // page_size))
    return pages + 2
    ### END SOLUTION


# %% check id=ch5-route-steps points=1

# %% [markdown]
# ### Exercise 2 · The office's policy, for a board of any length
#
# The office keeps boards of every length, and wants one rule for their settings. Write
# `office_policy(card_files)`: the settings for a board of `card_files` card files, as a dict with
# exactly four keys — `max_steps` and `max_retries` (they go into `stop_policy.json`),
# `page_size` and `guards` (into `agent.json`):
#
# - the stop policy stays the office's: five actions a run and one retry — `max_steps` 5,
#   `max_retries` 1;
# - `guards` is the repeated-action guard alone: `["repeated"]`;
# - `page_size` is the **fewest card files a page** with which the one-match route *and one retry
#   of a failed read* fit in the five steps. Fewer card files a page means a shorter message for
#   the model at every step, so the office wants the smallest page that still fits. A page holds
#   1 to 50 card files; when no page size fits, use 50, so that the run reads as much as it can
#   before the limit stops it honestly.
#
# The checks write your settings into a workspace (it must load), run the duty officer with them
# on a generated board whose first read fails once, and demand that the run end for what it
# found, never for want of steps — and that one card file fewer a page would not have fit. Your `route_steps` may help; the budget arithmetic is the
# whole exercise. (The example workspace's `page_size` 5 is no answer: with a retry, its three
# pages do not fit even the example board.)

# %% solution id=ch5-policy-answer
def office_policy(card_files):
    """The workspace settings for a board of `card_files` card files."""
    ### BEGIN SOLUTION
    reads = 5 - 2 - 1  # five steps, minus validate, draft and one retry: two pages
    page_size = max(1, -(-card_files // reads))
    return {"max_steps": 5, "max_retries": 1, "page_size": min(page_size, 50),
            "guards": ["repeated"]}
    ### END SOLUTION


# %% check id=ch5-policy-fit points=2

# %% check id=ch5-policy-edges points=1

# %% [markdown]
# Your policy at work on the example office's fixed board: the settings go into a copy of the
# workspace, and the officer runs with them.

# %%
import shutil

shutil.copytree("my_agent", "my_policy", ignore=shutil.ignore_patterns("out", "routes"),
                dirs_exist_ok=True)
settings = office_policy(14)
agent = json.loads((office / "agent.json").read_text())
agent.update(query="posters", board="fixed_board",   # nothing on it goes unread
             page_size=settings["page_size"], guards=settings["guards"])
with open("my_policy/agent.json", "w") as file:
    json.dump(agent, file)
with open("my_policy/stop_policy.json", "w") as file:
    json.dump({"max_steps": settings["max_steps"], "max_retries": settings["max_retries"]}, file)
print(settings)
show_lines = run_shift("my_policy").text.splitlines()
print("\n".join(line for line in show_lines if line.startswith(("board", "stop_policy",
                                                                  "Step", "Stop"))))

# %% [markdown]
# > **Python you need · `with open(...) as file`, `json.dump`.** `with open(path, "w") as file:`
# > opens a file for writing and closes it when the indented block ends; `json.dump(data, file)`
# > writes `data` into it as JSON. `shutil.copytree` copies a whole folder.
#
# ### Exercise 3 · A new tool: `count_blocked`
#
# Anya often asks "what is blocked in the lab?". Give the duty officer a fourth tool for it. Write
# `add_count_blocked(registry, board)`: it registers, in the chapter 2 `registry`, a `Tool` named
# `count_blocked` for the board folder `board`:
#
# - **its schema**: one argument, `group`, a `str` of 1 to 32 characters — so that the controller
#   refuses an empty group, a longer one, a number, a missing or an extra argument, before
#   anything runs;
# - **a description** a model can read (a sentence);
# - **its run**, `count_blocked(group)`, returns an observation:
#   `{"ok": True, "group": group, "blocked": [...], "count": n, "unreadable": [...]}` —
#   `blocked` lists, sorted, the ids of the cards whose `group` field equals the argument
#   (ignoring case) and whose `status` is `blocked`; `count` is how many; `unreadable` lists,
#   sorted, the names of every card file of the board that could not be read (their cards might
#   be blocked too: the count may be incomplete, and the observation must say so);
# - **its own checks**: like the board tools, it is safe to call directly. A `group` that is not
#   a str of 1 to 32 characters, or a board that cannot be read, gives
#   `{"ok": False, "error": "..."}` — never an exception.
#
# A word in a title is not a group: "Move the chairs for the lab" may belong to the events group.
# `load_board(board)` (from `agentloop.duty.board`) reads every card file: its `.cards` maps file
# names to cards (`.id`, `.group`, `.status`, …), its `.unreadable` maps the names of the files
# it could not read to the reason; a board that cannot be read at all raises `BoardError`.
#
# > **Python you need · a function inside a function, `str.casefold`.** A function defined inside
# > `add_count_blocked` can use its arguments (`board`) after `add_count_blocked` has returned —
# > that is how the tool knows its board. `"LAB".casefold() == "lab".casefold()` compares two
# > texts ignoring case.

# %% solution id=ch5-tool-answer
from agentloop.duty.board import BoardError, load_board
from agentloop.tools import Tool


def add_count_blocked(registry, board):
    """Register count_blocked(group) for the board folder `board`."""
    ### BEGIN SOLUTION
    def count_blocked(group):
        if not isinstance(group, str) or not 1 <= len(group) <= 32:
            return {"ok": False,
                    "error": f"Error: group must be a text of 1 to 32 characters, got {group!r}"}
        try:
            whole = load_board(board)
        except BoardError as problem:
            return {"ok": False, "error": f"Error: {problem}"}
        blocked = sorted(card.id for card in whole.cards.values()
                         if card.group.casefold() == group.casefold()
                         and card.status == "blocked")
        return {"ok": True, "group": group, "blocked": blocked, "count": len(blocked),
                "unreadable": sorted(whole.unreadable)}

    registry.add(Tool(
        name="count_blocked",
        description="Count the blocked cards of one group of the task board; returns their "
                    "ids, and the card files that could not be read.",
        args={"group": {"type": "str", "min_length": 1, "max_length": 32}},
        run=count_blocked,
    ))
    ### END SOLUTION


# %% check id=ch5-tool-controller points=2

# %% check id=ch5-tool-board points=2

# %% [markdown]
# Behind the controller, next to the officer's three tools — as a model would be offered it:

# %%
from agentloop.controller import ProposalRejected, validate_proposal

registry = board_registry("my_agent/board")
add_count_blocked(registry, "my_agent/board")
print([definition["name"] for definition in tool_definitions(registry)])
for group in ("lab", "LAB", ""):
    proposal = {"type": "tool", "name": "count_blocked", "args": {"group": group}}
    try:
        validate_proposal(proposal, {"key": "equipment", "observations": []}, registry)
        print(repr(group), "→", registry["count_blocked"].run(group=group))
    except ProposalRejected as problem:
        print(repr(group), "→", problem)

# %% [markdown]
# ### Exercise 4 · Ask, don't guess: after the search
#
# Try `task-003` in the explorer, on the fixed board: the search matches `task-003` alone — its id
# equals the query — and the run ends in success. But `task-003-copy` is on the board too, split
# off in a hurry, and Anya may well mean either. And on the office board, `posters` finds
# `task-004` alone while `task-012.md` cannot be read: the library's officer validates the card
# and drafts its summary first, and only then asks. The office wants its officer to ask as soon
# as the search shows that it cannot tell which card is meant. Its rule, right after a read:
#
# - the search is not complete → `("continue", None)`: pages are unread, ask nothing yet;
# - the person already answered an earlier question, and the search found the card they chose
#   (`state["chosen"]`; it is `None` when nobody chose) → `("continue", None)`: their answer
#   settled which card is meant, whatever else is on the board;
# - otherwise the **candidates** are the matches and every card the board can read whose id is
#   **similar** to a match's: one id is the other followed by `-` and more — `task-003` and
#   `task-003-copy`, `job-120` and `job-120-b`, but not `task-004` and `task-0040`. Exactly one
#   candidate, and every card file of the board was read → `("continue", None)`;
# - anything else — no candidate, several, or one while a card file could not be read (nobody
#   can say what that file holds, so it might be the card meant) → `("needs_input", question)`.
#
# The question names **every candidate with its title** (so Anya can answer "the one for the
# hall") and **every card file that could not be read**, and asks the person (a `?`): which one
# is meant, or whether the one card found is. With no candidate it quotes the query and says that
# no card matches. It names no other card, says no card was chosen ("I picked", "the card is"),
# and does not claim that nothing matched when cards did.
#
# Write `after_search(state, board)`, the decision the officer takes right after a read, and the
# question it asks. `state` holds the officer's fields (read `query`, `chosen`,
# `search_complete`, `matches` and `unreadable`, a list of `{"file": ..., "reason": ...}`);
# `board` is the board folder. Return a pair `(decision, question)`.
#
# > **Python you need · a set, `add`, `startswith`.** `set(["a", "b"])` holds each value once,
# > and `found.add(x)` adds `x` unless it is there already; `sorted(found)` turns the set into
# > a sorted list. `"task-003-copy".startswith("task-003" + "-")` is `True`. And
# > `{card.id: card.title for card in cards}` is a dict comprehension: a list comprehension
# > that makes `key: value` pairs.

# %% solution id=ch5-ask-answer
from agentloop.duty.board import load_board
from agentloop.terminals import CONTINUE, NEEDS_INPUT


def after_search(state, board):
    """continue, or needs_input and the question for the person, right after a read."""
    ### BEGIN SOLUTION
    if not state["search_complete"]:
        return (CONTINUE, None)
    if state["chosen"] is not None and state["chosen"] in state["matches"]:
        return (CONTINUE, None)   # the person's answer settled which card is meant
    titles = {card.id: card.title for card in load_board(board).cards.values()}
    found = set(state["matches"])
    for card_id in titles:
        for match in state["matches"]:
            if card_id.startswith(match + "-") or match.startswith(card_id + "-"):
                found.add(card_id)
    candidates = sorted(found)
    unread = [item["file"] for item in state["unreadable"]]
    if len(candidates) == 1 and not unread:
        return (CONTINUE, None)
    query = state["query"]
    not_read = ""
    if unread:
        which = "it" if len(unread) == 1 else "one of them"
        not_read = f" {', '.join(unread)} could not be read, so {which} might be the card too."
    if not candidates:
        return (NEEDS_INPUT, f"No card I could read matches {query!r}.{not_read} "
                             "Which task do you mean?")
    listing = "; ".join(f'{card_id} "{titles[card_id]}"' for card_id in candidates)
    if len(candidates) == 1:
        return (NEEDS_INPUT, f"I found {listing} for {query!r}.{not_read} "
                             f"Is {candidates[0]} the card you mean?")
    return (NEEDS_INPUT, f"I found {len(candidates)} cards for {query!r}: {listing}.{not_read} "
                         "Which one do you mean?")
    ### END SOLUTION


# %% check id=ch5-ask-decision points=1

# %% check id=ch5-ask-question points=2

# %% [markdown]
# Your rule in the officer's loop: the same hand-driven loop as in lesson 3, with your
# `after_search` deciding after every read and the library's `decide` after the other actions.

# %%
def run_with_rule(query, board="my_agent/fixed_board"):
    """The duty officer on a board, with after_search deciding after each read."""
    run_input = RunInput("Tell Anya about the equipment", query)
    registry = board_registry(board)
    state = new_state(run_input, registry)
    decision, question = "continue", None
    while decision == "continue":
        propose(state, DutyModel())
        update_state(state, carry_out(state, registry, []))
        if state["action"] == "read_task_cards" and state["observation"]["ok"]:
            decision, question = after_search(state, board)
        else:
            decision = decide(state)
        if decision == "continue" and state["steps"] >= state["max_steps"]:
            decision = "limit"  # the step limit still has the last word
    print(f"{query!r} on {board}: {decision} on step {state['steps']}")
    if question:
        print("   ", question)


for query in ("task-003", "equipment", "posters"):
    run_with_rule(query)
run_with_rule("posters", "my_agent/board")   # the office board: task-012.md cannot be read

# %% [markdown]
# On the fixed board `posters` is a success, as before; on the office board your rule asks on
# step 3, where the library's officer drafted the summary first and asked on step 5.
#
# The similar-id part of the rule is in the command line too, as a setting of the workspace:
# `"ask_when": ["similar_ids"]` in `agent.json`. `routes/similar_ids` searches the office board
# for `task-003` with it, and asks; Anya's answer in words then settles the question, because the
# card she chose is the card meant — the officer does not ask her again, as in your rule's
# `chosen` case. (Its question leaves `task-012.md` to the banner's `not searched:` line.)

# %%
asked = run_shift("my_agent/routes/similar_ids")
print([line for line in asked.text.splitlines() if line.startswith(("stop_policy", "Stop"))])
settled = run_shift("my_agent/routes/similar_ids", answer="the one for the hall")
print([line for line in settled.text.splitlines() if line.startswith(("board", "Stop",
                                                                       "answer"))])

# %% [markdown]
# ### Exercise 5 · An honest report from a long board
#
# A board longer than the budget is stopped at the limit — that part the loop does by itself. What
# the person is told is yours. Write `limit_report(state)`: the report after a run that hit its
# step limit before the search ended. Read only these fields of `state`: `query`, `steps`,
# `max_steps`, `failures`, `max_retries`, `page_count` (the pages the board makes), `matches`,
# `scanned` (card files read), `total` (card files on the board) and `unreadable` (the files on
# the pages read that could not be read, each `{"file": ..., "reason": ...}`). The state holds no
# list of the pages that were read: count them from what the run did — every step of such a run
# was a read of the next page, and a read that failed read no page (its retry read the same page
# again). The report, under 400 characters:
#
# | it must | it must not |
# | --- | --- |
# | say that not every card was checked ("not all cards were checked") | use a success word — done, success, complete, finished, ready — not even negated |
# | say how many card files were read, of how many (`scanned` of `total`), and how many were **not** read, as numbers | state any other number than the run's counts and limits |
# | say how many pages were read, of how many (`page_count`) | say "found", or name any card: the matches on the pages read are not a result |
# | name every file in `unreadable` — those were not searched either | claim that everything was checked |
#
# The library's reason (`Stop: limit` above) counts the pages from the list this state does not
# have, and gives neither the unread count nor the files that could not be read; like the rest of
# the handover, it is not loaded while your answer is graded.

# %% solution id=ch5-report-answer
def limit_report(state):
    """What the person is told after a long board stopped the run at its step limit."""
    ### BEGIN SOLUTION
    pages_read = state["steps"] - state["failures"]   # a failed read read no page
    unread = state["total"] - state["scanned"]
    text = (f"I stopped at the step limit of {state['max_steps']} before the search ended: "
            f"not all cards were checked. Pages read: {pages_read} of {state['page_count']}, "
            f"card files read: {state['scanned']} of {state['total']}, left unread: {unread}.")
    files = [item["file"] for item in state["unreadable"]]
    if files:
        text += f" Could not be read at all: {', '.join(files)}."
    return text + " No card is confirmed."
    ### END SOLUTION


# %% check id=ch5-report-unchecked points=2

# %% check id=ch5-report-counts points=1

# %% [markdown]
# Your report for two long runs, under the banner's reason: the `limit` route, and
# `last_step_failure`, whose fifth read failed.

# %%
for route in ("limit", "last_step_failure"):
    long_shift = run_shift(f"my_agent/routes/{route}")
    print(next(line for line in long_shift.text.splitlines() if line.startswith("reason")))
    print("   ", limit_report(long_shift.run.state))

# %% [markdown]
# ### Exercise 6 · What the run proves (written, graded by hand)
#
# Every banner of this chapter ends with "This technical run does not confirm the model's
# quality." In five to eight sentences, in your own words: **what do the runs of this chapter
# prove about the duty officer, and what do they not prove about a live model** put in
# `DutyModel`'s place? Name at least two things of each kind, and say for one of them which run
# or check of the chapter shows it. A person reads and grades your answer (2 points).

# %% [markdown] manual id=ch5-what-it-proves points=2
# The runs prove things about the loop around the model, on these boards. Given the authored
# replies, the dispatcher refused what it must (the hasty model's draft before the search, its
# validation of a card never found), `decide` chose the terminal from the observation and the
# counters — `needs_input` for the ambiguous pair and for the empty search, `error` on the second
# failed read, `limit` when the pages outlasted the budget — and no route ran a sixth step. The
# trace replays to the same decisions, and an edited trace is refused, so the record is
# consistent with the loop. They do not prove that a live model would choose these actions: it
# might search for the wrong words, skip pages, validate the wrong card or propose things the
# dispatcher refuses until the retry is spent; the authored scenario is not a recording of any
# model. They say nothing about how well a model words its plans, how many tokens or how much
# time a real run costs, or how a model handles boards unlike these. A replay only shows that the
# recorded run is self-consistent; judging a live model needs many real runs, scored against
# checks like these.

# %% [markdown]
# ## Check yourself
#
# | kind | situation | what must happen |
# | --- | --- | --- |
# | must | the query matches one valid card, and every card file was read | `success` on step 5, the summary meets the contract |
# | must not | two cards match | no card is picked; `needs_input`, both named in the question |
# | must not | one card matches, but a card file could not be read | no success claimed; `needs_input`, the file named |
# | missing data | nothing matches on the whole board | `needs_input`, a new query asked for, no reading on |
# | error | the board folder is not there | `error` on step 2, "nothing was checked" |
# | boundary | seven pages, five steps | `limit` on step 5, "not all cards were checked", never "done" |
#
# 1. Which field of an observation says that the read worked, and which says that the search is
#    over? Why is neither "success"?
# 2. Both equipment cards were on page 1. Why did the run read pages 2 and 3?
# 3. A refused proposal runs nothing. What does it cost the run?
# 4. Where in a step do the guards look at the action, and what does a guard's stop become?
# 5. Why does the broken card end in `needs_input` and not in `error`?
# 6. What does a trace hold that the banner does not? What does a replay check — and what does
#    only a check against the board find?
# 7. Why is the person's answer the input of a new run, and not an edit of the old one? Where
#    does each run keep its answer, state and trace?
# 8. Which settings of the workspace would you change so that the long board fits — and which one
#    must you not change?
# 9. Debugging someone else's stopped run: what do you look at first, second and third?
#
# > **Exit ticket.** Without naming a route, explain three endings and the observable ground of
# > each: (a) a complete search with two similar ids; (b) a second failed read with one retry
# > allowed; (c) a fifth page that still says the search is not complete, with five steps allowed.
#
# <details><summary>Answer to compare with</summary>
#
# (a) `needs_input`: nothing tells the two cards apart, so the officer asks which one is meant,
# naming both. (b) `error`: the one retry is used up; nothing was checked. (c) `limit`: reading on
# would make sense, but no step is left — and the message says that not all cards were checked.
# For (9): the last observation first, then `failures` and `steps`, then the limits — the order
# in which `decide` asks.
# </details>
#
# **The same rules, elsewhere.** Two files match the name of your school report: ask which one is
# meant, do not open one at random. The computer room's share did not open: try again, as long as
# tries and steps are left. The check of the festival's materials stopped at its limit: the message
# is "not everything was checked", never "all ready".
#
# **Words of the chapter**
#
# | word | meaning here |
# | --- | --- |
# | task board | a folder of task cards, one Markdown file a card |
# | page | the card files one read looks at; a search is complete when every page was read |
# | workspace | the folder that configures a run: `agent.json` and `stop_policy.json` |
# | dispatcher | the controller of chapter 2 plus the officer's own checks, before anything runs |
# | output contract | the card fields a finished answer must state |
# | trace | the JSON Lines record of a run, written as it goes |
# | run folder | `out/runs/0001/`, `out/runs/0002/`, …: one run's answer, state and trace, never written again |
# | scripted scenario | the authors' replies in the model's place (`"model": "scenario"`); no model, no recording |
# | replay | a trace played back: the same loop run again with the recorded replies and observations |
# | not searched | a card file that could not be read: reported, never ruled out as a match |
# | checkpoint | the duty officer's loop tried on every route, each terminal explained |
#
# **Where to go from here.** The officer's model slot takes chapter 3's live adapter:
# `"model": "live:MODEL_NAME"` in `agent.json`. Everything around it stays — the dispatcher, the
# guards, `decide`, the trace — and that is what makes a live run worth judging: run it on these
# routes, read its traces, and see which checks it passes.

# %% [markdown]
# ### On a local model (optional, not part of the course)
#
# The slot also takes a model on your own machine, through chapter 3's OpenAI-compatible
# adapter: with Ollama installed, `ollama pull qwen2.5:3b` fetches one (about 2 GB, once) and
# Ollama serves it at `http://localhost:11434/v1`; llama.cpp's server, vLLM or LM Studio work as
# well. The next cell runs the one-match route on it when a model answers there — and then
# replays the run from its trace, offline — and otherwise prints one line and does nothing.
# From a terminal:
#
# ```bash
# agentloop run --dir examples/my_agent/routes/one_match --model openai-compatible \
#     --base-url http://localhost:11434/v1 --model-name qwen2.5:3b
# ```
#
# Nothing around the model changes: each proposal still goes through the dispatcher (a tool off
# the allowlist, arguments that are not JSON, an answer in words: each a refusal in the trace),
# the guards count the server's own tokens, and `decide` still stops at a question rather than
# guess. A live run costs time on your machine (money, on a hosted endpoint) and is not
# reproducible — run it twice and the road may differ — but its trace is: `agentloop replay`
# shows the same run again without the model.

# %%
from agentloop.openai_compatible import (
    BASE_URL_VARIABLE,
    MODEL_VARIABLE,
    OLLAMA_BASE_URL,
    OLLAMA_MODEL,
    OpenAICompatibleModel,
    endpoint_problem,
)

base_url = os.environ.get(BASE_URL_VARIABLE, OLLAMA_BASE_URL)
model_name = os.environ.get(MODEL_VARIABLE, OLLAMA_MODEL)
problem = endpoint_problem(base_url, model_name)
if problem is not None:
    print(f"skipped: {problem} — start a local model and run this cell again")
else:
    local = OpenAICompatibleModel(base_url, model_name)
    live = run_shift("my_agent/routes/one_match", model=local, setting=local.setting)
    print(live.text)
    trace_line = next(line for line in live.text.splitlines() if line.startswith("trace: "))
    print(format_replay(trace_line.removeprefix("trace: ").split(" — ")[0]).splitlines()[-1])
