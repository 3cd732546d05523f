# %% [markdown]
# # Chapter 1 — The agent loop: how the result of an action changes the next step
#
# A project office runs a small helper program, **the duty officer**. Ask it "how is the
# equipment task doing?" and it goes to the office's task board — a folder of task cards — and
# reads it. Here is what one and the same read gave back on two days running:
#
# ```json
# {"ok": true, "matches": ["task-003"]}
# {"ok": true, "matches": ["task-003", "task-003-copy"]}
# ```
#
# Each line is JSON: `ok` tells whether the read itself worked (`true` or `false`), and
# `matches` lists the cards it found. In between, a colleague from the lab group had split the
# equipment task into one card for the hall and one for the test benches, and in his hurry the
# second card got the number `task-003-copy`. Anya, who asked about the equipment that
# evening, knew nothing of the new card. The result an action hands back to the program, like
# these two lines, is called an **observation**.
#
# The action did not change; its result did. On the first day the helper can go on and
# report on `task-003`. On the second it cannot know which card Anya means — the honest move is
# to ask her, not to pick one of the two. What the program does next therefore has to follow
# from the observation, not from its plan. This chapter is about that hand-over: how a result
# becomes the decision to carry on or to stop, and the different ways of stopping.
#
# **You will be able to**
# - name the four stages of the loop and the decision point after them;
# - tell a *tool*, an *action* and an *observation* apart, in code;
# - say what the run's *state* keeps and how the last observation is used;
# - tell `continue` from the four ways a run can end;
# - explain when a retry is allowed and when the run must stop;
# - try the success, ambiguous, failing and boundary routes yourself.
#
# > **Predict first.** Reading the board failed twice in a row. What must the program remember
# > after the first failure, so that after the second it can stop *for a reason*? Write your
# > guess down; we come back to it after the run with an error.

# %% [markdown]
# ## Lesson 1 · One step and its feedback
#
# ### From a fixed sequence to a loop
#
# Picture a program whose route is fixed before it starts: *read → count → print*. Nothing in
# that route says what to do with two matching cards or with a read that failed; if nobody
# wrote code for those cases, the program carries on with a wrong assumption. (Plain code can
# of course test a result and branch — having an `if` does not turn a program into an agent.)
#
# The loop adds one thing: **every result is fed back** into the program, and the next action
# is picked by a program that already knows that result. The sequence closes into a circle.
#
# Feeding back only helps if something is remembered between turns — at least how many attempts
# have been made and what the latest one returned. We call this record the run's **state**. The
# instant just after an observation arrives, when the program inspects the state and settles on
# "again" or "stop", we call the **decision point**. It costs no extra read of the board: the
# observation it needs has just arrived.
#
# In this chapter nothing clever chooses the actions — a stub stands where a model will later
# be. A loop repeating commands proves nothing about a model taking part.

# %% [markdown]
# ```mermaid
# flowchart LR
#     S["state"] --> A["choose an action"]
#     A --> E["execute"]
#     E --> O["observation"]
#     O --> D{"decide"}
#     D -- "continue" --> S
#     D -- "success / needs_input / error / limit" --> T(["the run ends"])
# ```
#
# *Figure 1. Four stages and the decision point. Only `continue` goes round again.*
#
# - **State** — everything known about this run: steps taken, failures, the last result, limits.
# - **Choose an action** — one next step, e.g. "read the task cards".
# - **Execute** — the program really runs an allowed operation in the environment.
# - **Observation** — what the environment returned: data, or a report of a failure.
# - **Decide** — from the observation and the state: go on, or end the run.

# %% [markdown]
# ### Tool, action, observation
#
# These three words are easy to blur, so keep them apart:
#
# | word | what it is | in our code |
# | --- | --- | --- |
# | **tool** | an operation the system *can* perform | `read_task_cards` exists in the environment |
# | **action** | one chosen, executed call of a tool on a given step | `{"name": "read_task_cards"}` run on step 2 |
# | **observation** | what came back from that call | `{"ok": false, "error": "…"}` |
#
# So a request like "read the cards" settles nothing yet. Is there such a tool? Was it actually
# called? Did anything come back? Only the third event, the observation, gives the program
# something to decide on — and it decides on that observation *plus* its counters and limits,
# never on the fact that it meant to act.
#
# > **In your own words.** Before reading on, write one or two sentences: which pieces of
# > information does the program need in hand to decide its next step?

# %% [markdown]
# ### The state is a plain dictionary
#
# A run's state is an ordinary Python `dict` — named fields, each holding a value the program
# can read and change. It looks like the JSON above, but the two are different things: the dict
# is live data inside the running program, JSON is text for storing or sending data.
# `new_state` builds the dict at the start of a run. In it, `False` in `done` means the run is
# not over; `None` in `terminal` means no reason to stop has been chosen yet; `phase` says which
# stage the run is at (`"start"`).
#
# > **Python you need · a dict, `True`/`False`/`None`, `import`.** A dict is written
# > `{"steps": 0, "done": False}`: names (keys) on the left, values on the right.
# > `state["steps"]` reads a value, `state["steps"] = 2` changes it. `True` and `False` are
# > yes and no; `None` means "no value yet". `from agentloop.loop import new_state` takes the
# > function `new_state` from the library's file `loop.py`, so this notebook can call it.

# %%
from agentloop.loop import new_state

new_state("one_match")

# %% [markdown]
# - `steps` counts executed actions; `failures` counts the ones that failed.
# - `max_steps` and `max_retries` are the limits (five actions, one retry in this course).
# - `observation` will hold the last observation; `phase` becomes `"observed"` once it is stored.
# - `scenario` names the prepared environment. Only the environment reads it — the decision
#   never does. We will see why that matters.

# %% [markdown]
# ### The whole loop, as the library writes it
#
# The library's module `agentloop.loop` is short enough to read top to bottom
# (`print(inspect.getsource(loop))` prints all of it). Here is the heart of it, printed from
# the library itself:

# %%
import inspect

from agentloop import loop

print(inspect.getsource(loop.run_loop))
print(inspect.getsource(loop.step))
print(inspect.getsource(loop.update_state))

# %% [markdown]
# > **Python you need · reading a function.** `inspect.getsource(loop.step)` gives the source
# > text of the function `step`, which `print` shows. `def step(state: dict[str, Any]) ->
# > dict[str, Any]:` starts a function named `step` with one parameter, `state`. The parts
# > after `:` and `->` are type hints — what kind of value goes in and comes out; Python does
# > not enforce them. The text in triple quotes is the docstring, a one-line explanation.
# > `raise` stops with an error (here: a finished run may not take another step). Its message
# > is an f-string, `f"… {state['terminal']!r} …"`: the value of what is inside `{}` is
# > written into the text (`!r` writes it the way Python shows it, quotes included).
# >
# > **Python you need · `while`, `not`, `append`.** `while condition:` repeats the indented
# > lines below it as long as the condition is true; `while not state["done"]:` reads "as long
# > as the run is not over". `not` turns `True` into `False` and back. `events.append(x)` adds
# > `x` at the end of the list `events` (a list is written `[a, b, c]`).
# >
# > **Python you need · `+=`, `!=`, `if`.** `state["steps"] += 1` is short for
# > `state["steps"] = state["steps"] + 1`: one more. `a != b` is true when `a` and `b` differ
# > (`==` when they are equal). `if condition:` runs its indented lines only when the
# > condition is true; `return value` ends the function and hands `value` back.
#
# Follow one pass of `step`:
#
# 1. `planner_stub(state)` chooses the action. The stub always proposes `read_task_cards`;
#    later a model sits here — and its proposal will still have to be validated (chapter 2).
# 2. `perform_action(action, state)` executes it in the environment and returns the observation.
# 3. `update_state` stores the observation and adds one to `steps` — **a failed attempt is still
#    an executed action**, so it counts — and adds one to `failures` if it failed.
# 4. `decide(state)` runs *in the same pass*, right after the observation is stored.
# 5. Only `continue` leaves `done` as `False`. Any other decision is written to `terminal` and
#    the `while` loop ends.
#
# Note that `while not state["done"]` does not count steps. **Only `decide` looks at the step
# limit.** `decide` and the order of its questions are the subject of lesson 2 — and of
# exercise 1, where you write it yourself, for the office's revised policy.

# %% [markdown]
# ### Two runs
#
# > **Predict.** With the `one_match` scenario, what five lines will the command print?
# > Then for `two_matches`: which field of the observation will stop the run without choosing
# > a card?
#
# The same demo runs in a terminal as `agentloop loop --scenario one_match`; here we call the
# command's printer directly. Each step prints five lines: the step number, the phase (printed
# as `state:`), the action chosen, the observation the environment returned, and `decide`'s
# decision.

# %%
from agentloop.commands.loop import format_loop
from agentloop.loop import run_loop

print(format_loop(run_loop("one_match")))

# %%
print(format_loop(run_loop("two_matches")))

# %% [markdown]
# Same action on the same step, two different endings. With two cards the run stops with
# `needs_input`: the label means "a person has to clarify". It does not mean the program
# quietly took one of the cards, and it does not mean a conversation with Anya has already
# taken place. (A plain program could stop like this too, if its author wrote that rule; here
# the rule is in `decide`, and no model is pretending to be involved.)
#
# > **On paper: one pass, twice.** Write the two runs as chains *state → action → observation →
# > decision*, with the same action in both. Then finish the sentence: "The decision changed
# > because the observation showed …". (In a class, five people can act it out: the keeper of
# > the state, the one who picks the action, the executor, the environment that hands back the
# > observation, and the one who decides — round 1 with one card, round 2 with two.)
#
# **Read the observation field by field.** It is tempting to read `ok: true` as "task solved".
# It only reports that the *read* went through. Whether the *goal* was reached is a question for
# `matches`, and our demo has a precise answer: the goal counts as reached when a finished
# search found exactly one card.
#
# **Which search is finished?** A read of a big board can say `"search_complete": false`: more
# pages are left. **When an observation has no `search_complete` field at all, the search is
# finished** — the observations above are finished searches, and so is one with
# `"search_complete": true`. Only an explicit `false` means "not finished yet".
#
# A failed read is shaped differently — it has no `matches` at all:
#
# ```json
# {"ok": false, "error": "Error: the practice task cards are unavailable"}
# ```
#
# That is why `decide` looks at `ok` first and never touches `matches` after a failure:
# `update_state` adds one to `failures`, and `decide` weighs that count against the retries
# allowed. The decision comes from the data, not from which scenario is running.
#
# **Why the decision belongs to the same step.** Once the observation is in, the step is
# complete and the decision can be taken on the spot. Book the decision as a step of its own
# and the record lies: "action 2 → second failure → action 3: decide error" shows a third
# attempt nobody made. The honest record is "action 2 → second failure → decision `error` on
# action 2". Deciding steers the run; it runs no operation, so `steps` does not grow.
#
# > **Exit ticket, lesson 1.** Fill the blanks without looking: ______ → ______ → ______ →
# > ______ → decision point. Then find in `step` the line that gets the observation, the line
# > that stores it, and the line that decides.

# %% [markdown]
# ## Lesson 2 · Four ways to end a run
#
# The loop has stopped — so is the job done? Not necessarily. Think of how Anya's own evening
# could end: the summary is written; she has to ask her colleague which card he meant; the
# memory stick with the cards will not read; or there are so many cards that she cannot get
# through them before the office closes. The demo has one ending, a **terminal**, for each:
#
# | terminal | what the run found out | how the run ended |
# | --- | --- | --- |
# | `success` | a finished search found exactly one card | the goal is reached |
# | `needs_input` | the data is missing or ambiguous | stopped; a person must clarify |
# | `error` | the read failed again after its one retry | stopped with no result |
# | `limit` | more work made sense, but the action budget is used up | stopped, not a success |
#
# `continue` does not appear in the table, because it ends nothing: it sends the running loop
# round once more.
#
# It is easy to lump `needs_input` together with `error`: neither comes with an answer. The
# causes are unrelated, though. With `needs_input` the program can say precisely which
# information it lacks, and it refuses to fill the gap with a guess — nothing is broken. With
# `error` the operation itself did not work, retry included. So the person deserves two
# different messages: "which one did you mean?" in the first case, "I couldn't read the cards"
# in the second.

# %% [markdown]
# ```mermaid
# flowchart TD
#     O["observation stored"] --> OK{"ok?"}
#     OK -- "no" --> F{"failures > max_retries?"}
#     F -- "yes" --> ERR(["error"])
#     F -- "no" --> L{"steps ≥ max_steps?"}
#     OK -- "yes" --> C{"search complete?"}
#     C -- "yes" --> M{"exactly one match?"}
#     M -- "yes" --> SUC(["success"])
#     M -- "no" --> NI(["needs_input"])
#     C -- "no" --> L
#     L -- "yes" --> LIM(["limit"])
#     L -- "no" --> CONT["continue"]
# ```
#
# *Figure 2. The branches of `decide`, in the order it asks its questions.*
#
# Here is `decide` as the library writes it; hold it next to Figure 2.

# %%
print(inspect.getsource(loop.decide))

# %% [markdown]
# > **Python you need · `len`, `dict.get(key, default)`, `elif`.** `len(x)` counts the items
# > of a list: `len(["task-003"])` is 1, `len([])` is 0. `observation.get("search_complete",
# > True)` reads the field like `observation["search_complete"]` would, but when the field is
# > missing it gives the default, `True`, instead of failing — which is how a missing field
# > comes to mean "finished". `elif` ("else if") is asked only when the `if` above it was
# > false.
#
# ### Retry and limit
#
# Two of the terminals, `error` and `limit`, come from comparing a counter with a limit in the
# state. There are two limits: one for retries after a failure, one for actions in total.
#
# Some failures pass: a memory stick that did not read on the first try may read on the
# second. So the course allows exactly one retry (`max_retries = 1`). Every failed read adds one
# to `failures`; when the second one arrives, `failures > max_retries` is true and `decide`
# answers `error` straight away.
#
# The other limit caps the whole run at `max_steps = 5` actions. It is there so that a run
# cannot go on for ever — **reaching it says nothing about success**. Suppose the board has grown
# to hundreds of cards from every group and is read a page at a time. Each page's observation
# carries `search_complete: false` and a `next_page`, so reading on would be reasonable; yet
# once five actions are spent there is no budget left, and the run ends with `limit`.
#
# A search that *did* finish with an empty `matches` is another story: the program simply has
# nothing to go on. That is `needs_input` — the read did not fail, so it is no `error`, and the
# program must not keep reading behind the person's back.
#
# **The order of the questions decides.** `decide` asks its questions one after another and
# returns at the first answer (Figure 2). A failure is looked at first. After a *first* failure
# a retry is still allowed — but a retry is an action, so the step limit gets a say: if the first
# failure happens on the fifth action, the retry would be the sixth, and the answer is `limit`.
# The right to retry never stretches the budget. A *second* failure on the fifth action, though,
# is `error`, not `limit`: the retries are used up, and that question comes before the step
# limit. A read that worked and a search that finished
# are judged by their matches **even on the last allowed step**: one card on step 5 is still
# `success`, because the limit forbids the *next* action, not a result already in hand. The
# limit only stops a run that could otherwise go on — which is why the boundary scenario's pages
# all say `search_complete: false`.
#
# > **The invariant of the chapter.** Give `decide` the same limits, the same observation and the
# > same counters, and it gives the same decision — the scenario's name plays no part. Delete the
# > name from the state right after the observation arrives and `decide` still has everything
# > it needs: the name only chose what the environment would return.

# %% [markdown]
# ### An error on the second action
#
# > **Predict.** For `permanent_error`: how many actions, and which decision after each?

# %%
print(format_loop(run_loop("permanent_error")))

# %% [markdown]
# Step 1: the read fails, `failures` is 1. That is not more than the one retry allowed, and four
# of the five actions are still unspent, so the decision is `continue`. Step 2: the retry fails
# as well, `failures` is 2, more than `max_retries` — **`error` on action 2**; a third read
# never happens. `steps` ends at 2, because a read that fails has still been executed.
#
# `temporary_error` differs in one place only: its second observation. The retry succeeds with
# one card, so that run ends in **`success` on action 2**. Same code, a different prepared result,
# a different ending — you will run it below.
#
# Now back to the opening question: to stop *for a reason* after the second failure, the state
# must keep the **count of failures** across steps. A sheet of paper wiped after each try could
# not tell the first failure from the second.

# %% [markdown]
# ### All scenarios
#
# Each scenario is a prepared environment, so every way of ending a run can be reproduced. The
# course's tests compare each run with a stored reference output (a "golden file"), byte for
# byte. Besides the five the lessons describe (`one_match`, `two_matches`, `temporary_error`,
# `permanent_error`, `limit`), `no_matches` is a finished search that found nothing, and
# `missing_file` is a board whose card file cannot be found at all.
#
# > **Predict.** For each of the seven scenarios, write down the terminal and the step it
# > happens on. Then run the cell.

# %%
from agentloop.environment import SCENARIOS

for name in SCENARIOS:
    result = run_loop(name)
    print(f"{name:16} → {result['terminal']:12} at step {result['state']['steps']}")

# %% [markdown]
# > **Python you need · `for`, padding in f-strings.** `for name in SCENARIOS:` runs the
# > indented lines once for each scenario name, with `name` holding the current one (going
# > through a dict gives its keys). In the f-string, `{name:16}` writes the name padded with
# > spaces to 16 characters, so the columns line up.

# %% [markdown]
# > **Compare the step records.** Predict first, then run the next cell: how many steps do
# > `temporary_error` and `limit` take, and what is decided after each? Together with the
# > `permanent_error` run above, make a table with one row per scenario. In each row, write every
# > step as *observation → change in the state (`steps`, and `failures` for a failure) → the
# > rule of `decide` that fired → decision*. Change the scenario, never the code: the scenario
# > switch is the safe way to vary the environment.

# %%
for name in ("temporary_error", "limit"):
    print(f"--- {name}")
    print(format_loop(run_loop(name)))

# %% [markdown]
# ### The reasons matrix — why, not which scenario
#
# Every decision can be justified without saying which scenario ran: say what came back and what
# that did to the state. If you remember one table from this chapter, make it this one.
#
# | the observation | its effect on the state | the decision, and its ground |
# | --- | --- | --- |
# | a finished search, one card | `steps += 1`; the observation is kept | the goal is visibly met → `success` |
# | a finished search, two cards | the ambiguity is kept | nothing to choose by → `needs_input` |
# | a finished search, no card | the empty result is kept | fresh input is needed → `needs_input` |
# | a first failure, budget left | `failures` becomes 1 | a retry and an action are both still allowed → `continue` |
# | a first failure on step 5 | `failures` becomes 1; `steps` equals `max_steps` | the retry would be a sixth action → `limit` |
# | a second failure | `failures` becomes 2 | the one retry is used up → `error`, even on step 5 |
# | an unfinished search before step 5 | a `next_page` is known | reading on makes sense → `continue` |
# | an unfinished search on step 5 | `steps` equals `max_steps` | no budget for another action → `limit` |
#
# Debugging someone else's run? Resist asking which scenario it was. Look at the last
# observation, then at `failures`, `steps` and the limits — the same order in which `decide`
# looks at them.

# %% [markdown]
# ### Try the limits yourself
#
# Limits are arguments of `run_loop`, so no file needs editing.
#
# > **Predict.** `permanent_error` with `max_retries=0`: which terminal, after how many steps?

# %%
result = run_loop("permanent_error", max_steps=5, max_retries=0)
print(result["terminal"], result["state"]["steps"])

# %% [markdown]
# With `max_retries=0` there is no retry to spend, so the very first failure is already one too
# many: **`error` after 1 step**. The scenario and the terminals are the same as before; only the
# retry setting moved. The course keeps both settings in small ranges on purpose:
# `1 ≤ max_steps ≤ 5` and `0 ≤ max_retries ≤ 1`.
#
# > **Python you need · keyword arguments.** `run_loop("permanent_error", max_steps=5,
# > max_retries=0)` passes the scenario by position and the two limits by name; a name you
# > leave out keeps its default (`max_steps=5`, `max_retries=1`).
#
# > **Predict.** `run_loop("limit", max_steps=50)`: will the run read fifty pages?

# %%
try:
    run_loop("limit", max_steps=50)
except ValueError as problem:
    print("refused:", problem)

# %% [markdown]
# No page is read at all: a setting outside its range is refused with a `ValueError` that names
# the range, before the run starts. A budget of fifty would not make the demo "more autonomous".
#
# > **Python you need · `try` / `except`.** Lines under `try:` run normally; if one of them
# > raises a `ValueError`, Python jumps to `except ValueError as problem:` instead of
# > stopping the notebook, and `problem` holds the error, whose text says what was wrong.
#
# ### Explore: the loop explorer
#
# Pick a scenario and move the sliders: the run is recomputed on every change and shown whole.
# To walk through it, press **first step**, then **next step** once per step; **whole run** shows
# it all again.
#
# > **Predict, then look.** On `limit`, what changes when you move `max_steps` from 5 to 2? On
# > `temporary_error`, what does `max_retries = 0` do? On `one_match`, can any slider change the
# > ending?

# %%
from agentloop.widgets import loop_explorer

loop_explorer("limit")

# %% [markdown]
# ### What happens after `needs_input`
#
# Return to Anya's question. The run found two cards and stopped with `needs_input`. Turned into
# words for her, that might read: *"There are two cards with nearly the same number, task-003
# and task-003-copy — which one is yours?"* (Exercise 3 writes such messages; the loop itself
# neither asks Anya nor hears her reply.)
#
# Say she answers "the hall one". That answer belongs in the **input of a new run**: the run that
# asked is finished, and its observation is history that must not be edited afterwards. Some
# part of the application has to take the answer in and hand it to the next run. One rule holds
# already: never stand in for a real person's clarification with an answer prepared in advance.

# %% [markdown]
# ### A stop policy, written down
#
# The office agrees on the duty officer's first **stop policy** — the rules for when a run goes
# on and when it ends:
#
# 1. no more than five executed actions in a run;
# 2. no more than one retry of a failed read;
# 3. an ambiguous or an empty result ends with `needs_input`;
# 4. a failure that repeats ends with `error`;
# 5. reaching the limit is never reported as success.
#
# The two numbers go into a file, `stop_policy.json`, as `max_steps` and `max_retries`, inside
# the course's ranges. To watch them work, `agentloop run --dir DIR` plays back a route the
# course authors wrote for the *future* duty officer, under the policy in `DIR`.
#
# > **Predict.** Will one read of the cards be enough for a verified summary? The cell replays
# > the route twice: under the office's policy (`max_steps: 5`) and under a tighter one
# > (`max_steps: 2`). How far does each get, and which terminal does each print?

# %%
import json
import tempfile
from pathlib import Path

from agentloop.stop_policy import format_run, load_policy

for name, max_steps in (("office", 5), ("limit2", 2)):
    folder = Path(tempfile.mkdtemp()) / name  # a fresh, empty folder for this policy
    folder.mkdir()
    policy = {"max_steps": max_steps, "max_retries": 1}
    (folder / "stop_policy.json").write_text(json.dumps(policy))
    print(format_run(name, load_policy(folder)), end="\n\n")

# %% [markdown]
# > **Python you need · two names in a `for`, files.** `for name, max_steps in (("office", 5),
# > ("limit2", 2)):` goes through two pairs and unpacks each into two names. `json.dumps(policy)`
# > turns the dict into JSON text, and `write_text` writes that text into the file
# > `stop_policy.json`; `load_policy(folder)` reads it back and refuses values outside the ranges.

# %% [markdown]
# The whole route is **5 actions**: one read of the cards, three card validations, a draft
# summary — after the read, four more actions stand between the board and a verified draft. Under the
# office's policy the route fits and ends in **`success` on action 5**. With `max_steps: 2` it
# stops after the read and one validation, **`limit` on action 2**: the limit is now something you
# can see the program obey, not just a rule on paper. The replay follows a route the authors
# prepared in advance — it is not a recording of a live model, and it shows nothing about how
# one would behave.
#
# The same policy fits everyday cases too. Two files match the name of your school report: ask
# which one, don't open one at random. The computer room's share did not open: try again, as
# long as tries and steps are left. The check of the festival's materials hit its limit: the
# message is "not everything was checked", never "all ready".
#
# ### Safety of the loop
#
# Everything this demo reads is made up for the course; it edits no card and makes no network
# call. Bounds are needed all the same, even for a loop that only reads: retrying without end
# wastes time and masks the fact that nothing is moving. Keep two rules in mind:
#
# - A line in a model's instructions such as "do not loop for ever" does not replace a counter
#   in the code. **The limit is enforced by the program.**
# - **Stopping at the limit proves nothing about the result.** Success needs a criterion of its
#   own that you can observe.
#
# Four explanations you will hear, and what is wrong with each:
#
# | the explanation | what is wrong with it |
# | --- | --- |
# | "`ok: true`, so the task is solved" | a perfectly working read can still find no card, or two |
# | "an error always ends the run" | a first failure may be retried once, within the budget |
# | "`continue` is a fifth terminal" | it keeps the run going; it ends nothing |
# | "at the limit, the program gives its best guess" | the limit only refuses one more action; it invents no data |

# %% [markdown]
# ## Exercises
#
# Each exercise has an **answer cell** (replace `raise NotImplementedError()` with your code) and
# a **check cell** below it. Run the check cell for instant feedback: every case is listed with
# ✔ or ✘, and a failed one says why and gives a hint. When your work is graded, more cases are generated
# that you have not seen — other card ids, other step numbers, other limits, other error
# texts — so make your code right, not just the listed cases.
#
# ### Exercise 1 · `decide` under the office's revised policy
#
# After a month with the duty officer, the office changes two rules. Write `decide(state)` for
# the **revised** policy. The library's `decide` (printed in lesson 2) follows the first policy:
# start from it if you like, but as it is it passes no check below.
#
# 1. **A failure a retry cannot fix.** The board now marks some failures with
#    `"retryable": false` — a card file that is not there, for instance (in the `missing_file`
#    run above the retry reads the missing file again, for nothing):
#    `{"ok": false, "error": "…", "retryable": false}`. Such a failure is `error` **at once**:
#    even with a retry left, even on the last allowed step. A failure without the field, or
#    with `"retryable": true`, is judged exactly as before.
# 2. **One card listed twice is one card.** The board's index lists a card once for each label
#    it carries, so the same id can appear twice: `["task-003", "task-003"]`. Count
#    **different** cards: a finished search with exactly one different card is `success`;
#    with none, or with several different cards, `needs_input`.
#
# Everything else stays as in Figure 2: a failure is judged first; a finished search
# (`search_complete` is `true` **or missing**) is judged by its cards, even on the last step;
# only a run that could go on is stopped by the step limit. Return one of `"continue"`,
# `"success"`, `"needs_input"`, `"error"`, `"limit"`, and read only the observation, `steps`,
# `failures`, `max_steps` and `max_retries` — never `state["scenario"]`.
#
# > **Python you need · `set`.** `set(items)` keeps each different value once:
# > `set(["task-003", "task-003"])` is `{"task-003"}`, so `len(set(["task-003", "task-003"]))`
# > is 1 while `len(["task-003", "task-003"])` is 2.

# %% solution id=ch1-decide-answer
def decide(state):
    """Return the decision for this state under the office's revised policy."""
    ### BEGIN SOLUTION
    observation = state["observation"]
    if not observation["ok"]:
        if not observation.get("retryable", True):
            return "error"
        if state["failures"] > state["max_retries"]:
            return "error"
    elif observation.get("search_complete", True):
        if len(set(observation["matches"])) == 1:
            return "success"
        return "needs_input"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    return "continue"
    ### END SOLUTION


# %% check id=ch1-decide-failure points=2

# %% check id=ch1-decide-search points=2

# %% check id=ch1-decide-scenario points=1

# %% [markdown]
# ### Exercise 2 · Predict how a run ends
#
# Each run below is scripted: on step 1 the board returns the first observation of the list,
# on step 2 the second, and so on. After each observation the state changes as in
# `update_state` (`steps` + 1, and `failures` + 1 after a failed read) and the **revised**
# policy of exercise 1 decides. The run ends at its first terminal; observations after it are
# never read. For each run, predict the terminal and the step it is decided on — on paper
# first, step by step. Then fill in `predictions` with one pair per run, for example
# `"a": ("limit", 3)`.
#
# The check cell tells you only whether every answer is a terminal and a step the run could end
# on; whether it is the right one is decided when the work is graded. To check yourself
# afterwards, play the runs with your own `decide` from exercise 1 — the library's `decide`
# follows the first policy and gives other answers.
#
# > **Python you need · a tuple.** `("limit", 3)` is a tuple: a fixed group of values in
# > parentheses, here a terminal and a step. `pair[0]` is `"limit"`, `pair[1]` is `3`.

# %%
from agentloop.checks.ch1 import PREDICTION_RUNS

for letter, script in PREDICTION_RUNS.items():
    print(f"{letter})  max_steps={script['max_steps']} max_retries={script['max_retries']}")
    for number, observation in enumerate(script["observations"], start=1):
        print(f"    step {number}: {json.dumps(observation)}")

# %% [markdown]
# > **Python you need · `enumerate`, `.items()`.** `for letter, script in
# > PREDICTION_RUNS.items():` goes through a dict's keys and values together.
# > `enumerate(items, start=1)` numbers the items as it goes: `(1, first)`, `(2, second)`, …

# %% solution id=ch1-predict-answer
# One pair (terminal, step) per run, e.g. "a": ("limit", 3).
### BEGIN SOLUTION
predictions = {
    "a": ("error", 2),
    "b": ("error", 1),
    "c": ("limit", 3),
    "d": ("success", 3),
    "e": ("limit", 2),
    "f": ("error", 1),
    "g": ("error", 3),
    "h": ("needs_input", 2),
}
### END SOLUTION

# %% check id=ch1-predict points=2

# %% [markdown]
# ### Exercise 3 · The final message of a run
#
# The explorer above shows a short message for each terminal, written by the library's
# `honest_message(terminal, observation)`. The office wants more: a message written from the
# **whole final state**, so that the person also learns what the run cost and what went wrong.
# Write `final_message(state)`; `state` is a run's state after its last step
# (`state["terminal"]` is set). These are exactly the rules the check applies:
#
# | the message | must | must not |
# | --- | --- | --- |
# | every one | say how many actions the run used, as a number (`state["steps"]`, e.g. "actions used: 2"); stay under 300 characters | state any other number than the run's counts and limits (`steps`, `failures`, `max_steps`, `max_retries`); numbers inside card ids and the error text do not count |
# | `success` | name the card and say it was **found** | ask anything (no `?`); say that nothing was found or that not all was checked; say a read failed when none did |
# | `needs_input` | name every different candidate card — or, when there is none, say that **no card** matched; ask a question (`?`) | say a card was chosen ("the card is …", "I picked …") or that the job is done, solved or ready; say that cards were left unchecked; say a read failed when none did |
# | `error` | say that reading failed ("could not read the cards", "the read failed"); pass on the error text of the observation, with or without its `Error: `; say that **nothing** was found or decided | use "done", "success", "complete", "finished", "ready" — not even as "not finished", so that no reader can skim past the "not"; say "found" or name a card |
# | `limit` | say that the search stopped before every card was checked ("not all cards were checked") | use those success words, even negated; say "found" or name the cards of the last page — they are not a result; say a read failed unless the last one did |
#
# The word "error" on its own does not say that reading failed, and "I stopped." does not say
# what was left undone. Same cards, counts and error text in, same message out: never read
# `state["scenario"]`.
#
# > **Python you need · `not in`, `", ".join`.** `card not in cards` is true when the list
# > `cards` does not hold `card` yet. `", ".join(["task-003", "task-007"])` glues a list of
# > texts into one: `"task-003, task-007"`.

# %% solution id=ch1-messages-answer
def final_message(state):
    """The message a person reads when the run ends (state["terminal"] is set)."""
    ### BEGIN SOLUTION
    observation = state["observation"]
    used = f"Actions used: {state['steps']}."
    cards = []
    for card in observation.get("matches", []):
        if card not in cards:
            cards.append(card)
    if state["terminal"] == "success":
        return f"Found your card: {cards[0]}. {used}"
    if state["terminal"] == "needs_input":
        if not cards:
            return f"No card matches your question. Which task do you mean? {used}"
        return f"Several cards match: {', '.join(cards)}. Which one do you mean? {used}"
    if state["terminal"] == "error":
        return (f"I could not read the task cards ({observation['error']}), so nothing was "
                f"found and nothing was decided. {used}")
    return f"The search stopped before every card was checked. {used}"
    ### END SOLUTION


# %% check id=ch1-messages points=2

# %% [markdown]
# ## Check yourself
#
# Five behaviours the loop must show; each one is a scenario you have run:
#
# | kind | what the read returns | what must happen |
# | --- | --- | --- |
# | must | one card | `success`, decided on that same step |
# | must not | two cards | no card is picked; `needs_input` |
# | missing data | a finished search with no card | `needs_input`, and no quiet reading on |
# | error | two failures, one retry allowed | `error` on action 2 |
# | boundary | five unfinished pages | `limit`, and no sixth action |
#
# **Predict, then reveal (not graded).** For each state below, write down on paper what the
# library's `decide` — the *first* policy, the one the lessons teach — returns. Then run the
# cell after it to compare.
#
# > **Python you need · `as`.** `from agentloop.loop import decide as library_decide` imports
# > `decide` under another name, so it cannot be mixed up with your own `decide`.

# %%
from agentloop.loop import decide as library_decide

FAILED = {"ok": False, "error": "Error: the practice task cards are unavailable"}
SELF_CHECK = {
    "a": {"observation": {"ok": True, "matches": ["task-003"]}, "steps": 1, "failures": 0},
    "b": {"observation": {"ok": True, "matches": ["task-003", "task-003-copy"]}, "steps": 3,
          "failures": 1},
    "c": {"observation": FAILED, "steps": 1, "failures": 1},
    "d": {"observation": FAILED, "steps": 2, "failures": 2},
    "e": {"observation": FAILED, "steps": 5, "failures": 1},
    "f": {"observation": {"ok": True, "matches": ["candidate-004"], "search_complete": False,
                          "next_page": 5}, "steps": 4, "failures": 0},
    "g": {"observation": {"ok": True, "matches": ["task-003"]}, "steps": 5, "failures": 1},
    "h": {"observation": {"ok": True, "matches": []}, "steps": 2, "failures": 1},
}
for letter, fields in SELF_CHECK.items():
    print(f"{letter})  {json.dumps(fields['observation'])}  steps={fields['steps']} "
          f"failures={fields['failures']}  (max_steps=5, max_retries=1)")

# %%
# Reveal: run this only after writing your predictions down.
for letter, fields in SELF_CHECK.items():
    state = new_state("one_match")  # limits 5 and 1
    state.update(fields)  # this question's observation and counters
    print(letter, "→", library_decide(state))

# %% [markdown]
# > **Python you need · `update`.** `state.update(fields)` copies every field of the dict
# > `fields` into `state`: here this question's observation and counters.
#
# 1. Draw the loop from memory: its four stages and where the decision point sits.
# 2. A tool is chosen, and an action is executed: why are these two separate events?
# 3. Which line of `step` makes the observation part of the state?
# 4. `continue` is a decision but not a terminal. What does it do instead?
# 5. `permanent_error` stops on which action, and which counter makes it stop?
# 6. What would you tell the person after `needs_input`, and what after `error`?
# 7. An empty finished search and an unfinished one both lack an answer. Why do they end
#    differently?
# 8. Which one function enforces the overall step limit?
# 9. A run stopped at `limit`. Why may its message not say "done"?
#
# > **Exit ticket.** Without naming any scenario, explain these two endings and the observable
# > reason for each: (a) a second failed read when one retry is allowed; (b) a fifth page that
# > still says the search is not finished, with a budget of five actions.
#
# <details><summary>Answer to compare with</summary>
#
# (a) is `error`: the single allowed retry has already been used. (b) is `limit`: reading on
# would make sense, but the budget has no action left for it.
# </details>
#
# **Words of the chapter**
#
# | word | meaning here |
# | --- | --- |
# | agent loop | state → choose an action → execute → observation → decide, round and round until a terminal |
# | state | the run's named fields: steps, failures, the last observation, the limits, whether it is done |
# | observation | what an executed action handed back to the loop: data, or a report of a failure |
# | decision point | the moment right after an observation, when `continue` or a terminal is chosen |
# | terminal | a decision that ends the run: `success`, `needs_input`, `error`, `limit` |
# | retry | one more attempt after a failure; at most one here |
# | limit | the cap on executed actions in a run; five here |
#
# **Next:** who decided the model may propose only `read_task_cards`, and not "delete the
# folder"? Chapter 2 puts a controller between a proposal and its execution.
