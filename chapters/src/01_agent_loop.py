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
# - check the success, ambiguous, failing and boundary routes yourself.
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
# wrote such a check, the program carries on with a wrong assumption. (Plain code can of course
# test a result and branch — having an `if` does not turn a program into an agent.)
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
# Open `lib/agentloop/loop.py`: it is short enough to read top to bottom. Here is the heart of
# it, printed from the library itself:

# %%
import inspect

from agentloop import loop

print(inspect.getsource(loop.run_loop))
print(inspect.getsource(loop.step))

# %% [markdown]
# Follow one pass of `step`:
#
# 1. `planner_stub(state)` chooses the action. The stub always proposes `read_task_cards`;
#    later a model sits here — and its proposal will still have to be checked (chapter 2).
# 2. `perform_action(action, state)` executes it in the environment and returns the observation.
# 3. `update_state` stores the observation and adds one to `steps` — **a failed attempt is still
#    an executed action**, so it counts — and adds one to `failures` if it failed.
# 4. `decide(state)` runs *in the same pass*, right after the observation is stored.
# 5. Only `continue` leaves `done` as `False`. Any other decision is written to `terminal` and
#    the `while` loop ends.
#
# Note that `while not state["done"]` does not count steps. **Only `decide` checks the step
# limit.** `decide` and its order of checks are the subject of lesson 2 — and of exercise 1,
# where you write it yourself.

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
# taken place. (A plain program could stop like this too, if its author wrote the check; here
# the check is `decide`, and no model is pretending to be involved.)
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
# search found exactly one card. A failed read is shaped differently — it has no `matches` at
# all:
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
# *Figure 2. The branches of `decide`, in the order it checks them.*

# %% [markdown]
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
# **The order of checks decides.** `decide` asks its questions one after another and returns
# at the first answer (Figure 2). A failure is looked at first. After a *first* failure a retry
# is still allowed — but a retry is an action, so the step limit gets a say: if the first
# failure happens on the fifth action, the retry would be the sixth, and the answer is `limit`.
# The right to retry never stretches the budget. A read that worked and a search that finished
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
# as well, `failures` is 2, more than `max_retries` — `error`, decided on action 2; a third read
# never happens. `steps` ends at 2, because a read that fails has still been executed.
#
# `temporary_error` differs in one place only: its second observation. The retry succeeds with
# one card, so that run ends in `success` on action 2. Same code, a different prepared result,
# a different ending — you will run it below.
#
# Now back to the opening question: to stop *for a reason* after the second failure, the state
# must keep the **count of failures** across steps. A sheet of paper wiped after each try could
# not tell the first failure from the second.

# %% [markdown]
# ### All scenarios
#
# Each scenario is a prepared environment, so every way of ending a run can be reproduced. The
# tests compare each run with a reference output (`tests/golden/loop_<scenario>.txt`), byte for
# byte. Besides the five you have met, `no_matches` is a finished search that found nothing, and
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
# | a second failure | `failures` becomes 2 | the one retry is used up → `error` |
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
# many: `error` after one step. The scenario and the terminals are the same as before; only the
# retry setting moved. The course keeps both settings in small ranges on purpose:
# `1 ≤ max_steps ≤ 5` and `0 ≤ max_retries ≤ 1`.
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
# ### Explore: the loop explorer
#
# Pick a scenario and move the sliders: the run is recomputed on every change and shown whole.
# To walk through it, press **first step**, then **next step** once per step; **whole run** shows
# it all again.
#
# > **Predict, then check.** On `limit`, what changes when you move `max_steps` from 5 to 2? On
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
# > **Predict.** Will one read of the cards be enough for a checked summary? The cell replays
# > the route twice: under the office's policy (`max_steps: 5`) and under a tighter one
# > (`max_steps: 2`). How far does each get, and which terminal does each print?

# %%
import json
import tempfile
from pathlib import Path

from agentloop.stop_policy import format_run, load_policy

for name, max_steps in (("office", 5), ("limit2", 2)):
    folder = Path(tempfile.mkdtemp()) / name
    folder.mkdir()
    policy = {"max_steps": max_steps, "max_retries": 1}
    (folder / "stop_policy.json").write_text(json.dumps(policy))
    print(format_run(name, load_policy(folder)), end="\n\n")

# %% [markdown]
# The whole route is five actions: one read of the cards, three card checks, a draft summary —
# after the read, four more actions stand between the board and a checked draft. Under the
# office's policy the route fits and ends in `success` on action 5. With `max_steps: 2` it stops
# after the read and one check, with `limit`: the limit is now something you can see the
# program obey, not just a rule on paper. The replay follows a route the authors prepared in advance — it is not a
# recording of a live model, and it shows nothing about how one would behave.
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
# ✔ or ✘ and a hint. When your work is graded, more cases are generated that you have not seen,
# so make your code right, not just the listed cases.
#
# ### Exercise 1 · Write `decide`
#
# Write `decide(state)` yourself. It receives a state like the ones above and returns one of
# `"continue"`, `"success"`, `"needs_input"`, `"error"`, `"limit"`. Follow the order of checks
# from Figure 2. It may read only the observation, `steps`, `failures`, `max_steps` and
# `max_retries` — never `state["scenario"]`.

# %% solution id=ch1-decide-answer
def decide(state):
    """Return the decision for this state (continue or one of the four terminals)."""
    ### BEGIN SOLUTION
    observation = state["observation"]
    if not observation["ok"]:
        if state["failures"] > state["max_retries"]:
            return "error"
    elif observation.get("search_complete", True):
        return "success" if len(observation["matches"]) == 1 else "needs_input"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    return "continue"
    ### END SOLUTION


# %% tests id=ch1-decide-failure points=2
from agentloop.checks import check

check("ch1-decide-failure", decide)
### BEGIN HIDDEN TESTS
check("ch1-decide-failure", decide, hidden=True)
### END HIDDEN TESTS

# %% tests id=ch1-decide-search points=2
from agentloop.checks import check

check("ch1-decide-search", decide)
### BEGIN HIDDEN TESTS
check("ch1-decide-search", decide, hidden=True)
### END HIDDEN TESTS

# %% tests id=ch1-decide-scenario points=1
from agentloop.checks import check

check("ch1-decide-scenario", decide)
### BEGIN HIDDEN TESTS
check("ch1-decide-scenario", decide, hidden=True)
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 2 · Predict the decision
#
# For each state below, predict what `decide` returns — on paper first, without running it.
# Then fill in the dictionary `predictions` with one decision word per question. The check cell
# tells you only whether every question has a valid answer; whether your answers are right is
# decided when the work is graded. (Afterwards, check yourself with the library's `decide`.)

# %%
from agentloop.checks.ch1 import PREDICTION_QUESTIONS

for letter, state in PREDICTION_QUESTIONS.items():
    print(f"{letter})  observation={json.dumps(state['observation'])}")
    print(f"    steps={state['steps']} failures={state['failures']} "
          f"max_steps={state['max_steps']} max_retries={state['max_retries']}")

# %% solution id=ch1-predict-answer
# One decision word per question, e.g. "a": "continue".
### BEGIN SOLUTION
predictions = {
    "a": "success",
    "b": "needs_input",
    "c": "continue",
    "d": "error",
    "e": "limit",
    "f": "continue",
    "g": "limit",
    "h": "success",
    "i": "needs_input",
    "j": "error",
}
### END SOLUTION

# %% tests id=ch1-predict points=2
from agentloop.checks import check

check("ch1-predict", predictions)
### BEGIN HIDDEN TESTS
check("ch1-predict", predictions, hidden=True)
### END HIDDEN TESTS

# %% [markdown]
# ### Exercise 3 · An honest message for each terminal
#
# Write `honest_message(terminal, observation)`: the sentence a person reads when a run ends.
# The rules are the office's: never write "done", "success", "ready", "complete" or "finished"
# after `error` or `limit` — not even as "not finished", so that no reader can skim past the
# "not"; after `error` say that reading failed; after `limit` say the search
# stopped before checking everything; after `needs_input` name every candidate card (or say that
# none matched) and ask a question; after `success` name the card found.

# %% solution id=ch1-messages-answer
def honest_message(terminal, observation):
    """The message a person reads when the run ends with `terminal`."""
    ### BEGIN SOLUTION
    matches = observation.get("matches") or []
    if terminal == "success":
        return f"Found it: the card is {matches[0]}."
    if terminal == "needs_input":
        if not matches:
            return "No card matches your question. Which task do you mean?"
        return f"Several cards match: {', '.join(matches)}. Which one do you mean?"
    if terminal == "error":
        return "I could not read the task cards, even after one retry."
    return "I ran out of allowed steps: not all cards were checked."
    ### END SOLUTION


# %% tests id=ch1-messages points=2
from agentloop.checks import check

check("ch1-messages", honest_message)
### BEGIN HIDDEN TESTS
check("ch1-messages", honest_message, hidden=True)
### END HIDDEN TESTS

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
