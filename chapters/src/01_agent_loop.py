# %% [markdown]
# # Chapter 1 — The agent loop: how the result of an action changes the next step
#
# **The duty officer** is a small assistant for a project office. It answers questions such as
# "what is going on with the equipment task?" by reading the office's task board — a folder of
# task cards. On its first day, reading the board returned exactly one card. On its second day
# the *same* action returned something nobody expected:
#
# ```json
# {"ok": true, "matches": ["task-003"]}
# {"ok": true, "matches": ["task-003", "task-003-copy"]}
# ```
#
# A colleague had split the task in two and, in a hurry, saved the second card as
# `task-003-copy`. Same action, two different results. After the first, the assistant can
# answer. After the second, it must ask which card was meant — never pick one at random.
#
# So the next step depends on **what happened**, not on what we planned. This chapter shows how
# a program turns the result of an action into a decision: go on, or stop — and how to stop.
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
# A fixed program runs a route decided in advance: *read → count → print*. The route has no
# place for "two cards matched" or "the read failed". Ordinary code can check results too, of
# course — a check alone does not make an agent. What makes a loop is that the **result of each
# action comes back into the program** and the next action is chosen *with that result known*.
#
# To choose the next step the program needs to know what has happened so far: how many
# attempts were made and what the last one returned. That is the run's **state**. The moment
# right after an observation, when the program looks at the state and chooses to go on or
# stop, is the **decision point**. Deciding needs no extra read: the observation is already in.

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
# "Please read the cards" proves none of the three: that the tool exists, that it ran, that data
# came back. The decision rests on the **observation** together with the counters and limits —
# an intention to act is not enough.

# %% [markdown]
# ### The state is a plain dictionary
#
# A run's state is an ordinary Python `dict`. `new_state` builds it at the start of a run:
# `False` in `done` means the run is not over; `None` in `terminal` means no reason to stop has
# been chosen yet; `phase` says which stage the run is at.

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
# command's printer directly.

# %%
from agentloop.commands.loop import format_loop
from agentloop.loop import run_loop

print(format_loop(run_loop("one_match")))

# %%
print(format_loop(run_loop("two_matches")))

# %% [markdown]
# Both runs executed `read_task_cards` on step 1, yet the decisions differ. Two matches lead to
# `needs_input`: the run ends with a request for clarification — no silent choice of a card,
# and no conversation that has not happened.
#
# **Read the observation field by field.** `ok: true` only says the *read* worked. Whether the
# *goal* was reached is in `matches`: our demo counts the goal as reached when a finished search
# found exactly one card. A failed read has a different shape — there is no `matches` at all:
#
# ```json
# {"ok": false, "error": "Error: the practice task cards are unavailable"}
# ```
#
# That is why `decide` looks at `ok` first and never touches `matches` after a failure.
#
# **Why the decision belongs to the same step.** If deciding were an action of its own, the
# record would read "action 2 → second failure → action 3: decide error" — an attempt that never
# happened. Right: "action 2 → second failure → decision `error` on action 2". Deciding does
# not increase `steps`.
#
# > **Exit ticket, lesson 1.** Fill the blanks without looking: ______ → ______ → ______ →
# > ______ → decision point. Then find in `step` the line that gets the observation, the line
# > that stores it, and the line that decides.

# %% [markdown]
# ## Lesson 2 · Four ways to end a run
#
# A run that stopped has not necessarily solved anything. It can end for different reasons:
#
# | terminal | what was established | the run |
# | --- | --- | --- |
# | `success` | a finished search found exactly one card | ended with the goal reached |
# | `needs_input` | the data is missing or ambiguous | ended; a person must clarify |
# | `error` | the failure repeated after the allowed retry | ended without a result |
# | `limit` | the work could go on, but the action budget is spent | ended without success |
#
# `continue` is not a terminal: it is a move *inside* a running loop.
#
# `needs_input` and `error` both end without an answer, but for different reasons. After
# `needs_input` the system knows **what** is missing and does not replace it with a guess; that
# is not a breakdown. After `error` the operation itself failed even after the retry. The person
# needs different messages: "please tell me which one" versus "I could not read the cards".

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
# A read can fail for a moment — a flaky disk, a busy server — so one retry is allowed
# (`max_retries = 1`). `failures` counts the failed reads; after the second one
# `failures > max_retries` holds and `decide` returns `error` at once.
#
# The total number of actions is capped at `max_steps = 5`. The cap protects against endless
# work; **it is not a criterion of success**. Imagine a board with hundreds of cards, read page
# by page: every observation says the search is not finished (`search_complete: false`) and
# there is a `next_page`. Going on makes sense — but after the fifth action no steps are left,
# and the program returns `limit`.
#
# If the search *is* finished and `matches` is empty, the reason to stop is different: the
# system lacks data, so the run ends with `needs_input` — not with an error, and not by quietly
# reading on.
#
# **The order of checks decides.** A failure is judged first. After a first failure a retry is
# still possible — but only if the step limit allows another action: a first failure on the
# fifth action ends in `limit`, because the retry would be a sixth action. A successful, finished
# search is judged by its matches, **even on the last allowed step**: success on step 5 stays
# success, because the limit forbids the *next* action, not the result already in hand. Only a
# run that could go on is stopped by the limit.
#
# > **The invariant of the chapter.** With the same limits, the same observation and counters
# > always give the same decision — whatever the scenario is called.

# %% [markdown]
# ### An error on the second action
#
# > **Predict.** For `permanent_error`: how many actions, and which decision after each?

# %%
print(format_loop(run_loop("permanent_error")))

# %% [markdown]
# The first read failed. A retry is allowed and steps are left, so: `continue`. The second read
# failed too; the retry is used up, so `error` — on action 2, with no third attempt. Both reads
# count as steps: a failed attempt was still executed.
#
# In `temporary_error` only the second observation changes: the retry works and returns one
# match, so the run ends in `success` on action 2. The code did not change; a different prepared
# result led to a different ending.
#
# Now back to the opening question: to stop *for a reason* after the second failure, the state
# must keep the **count of failures** across steps. A sheet of paper wiped after each try could
# not tell the first failure from the second.

# %% [markdown]
# ### All scenarios
#
# Each scenario is a prepared environment, so every way of ending a run can be reproduced. The
# tests compare each run with a reference output (`tests/golden/loop_<scenario>.txt`), byte for
# byte.

# %%
from agentloop.environment import SCENARIOS

for name in SCENARIOS:
    result = run_loop(name)
    print(f"{name:16} → {result['terminal']:12} at step {result['state']['steps']}")

# %% [markdown]
# ### The reasons matrix — why, not which scenario
#
# Can you explain a decision without naming the scenario? Yes: name what the action returned
# and what changed in the state. This is the most important table of the chapter.
#
# | what the action returned | what changed in the state | why this decision |
# | --- | --- | --- |
# | one match, search finished | `steps += 1`, observation stored | goal observably reached → `success` |
# | two matches, search finished | the ambiguity is stored | no ground to choose → `needs_input` |
# | no match, search finished | the absence is stored | a new input is needed → `needs_input` |
# | first failure, steps left | `failures = 1` | one retry and one more action allowed → `continue` |
# | second failure | `failures = 2` | the allowed retry is spent → `error` |
# | search unfinished before step 5 | `next_page` is known | another step makes sense → `continue` |
# | search unfinished on step 5 | `steps = max_steps` | the budget forbids a new step → `limit` |
#
# When you debug someone else's run, don't start with "which scenario was it?". Start with the
# last observation, then `failures`, `steps` and the limits — the order `decide` checks them.

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
# With no retry allowed, the first failure already exceeds the allowed retries: `error` after
# one step. The course's ranges are deliberately small — `1 ≤ max_steps ≤ 5`,
# `0 ≤ max_retries ≤ 1` — and a value outside them is refused with a message that says what is
# allowed. A bigger budget would not make the demo "more autonomous".

# %%
try:
    run_loop("limit", max_steps=50)
except ValueError as problem:
    print("refused:", problem)

# %% [markdown]
# ### Explore: the loop explorer
#
# Pick a scenario and move the sliders: the run is recomputed on every change. Use
# **next step** to walk through a run one step at a time, and **whole run** to see it all.
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
# Back to the equipment question: two cards were found and the run ended with `needs_input`. A
# person can put it in words: *"I found two cards with almost the same number — task-003 and
# task-003-copy. Which one do you mean?"* The answer ("the one for the hall") goes into the
# **input of a new run**. The old run is over: its observation cannot be rewritten after the
# fact. And a real clarification must never be replaced by an answer prepared in advance.

# %% [markdown]
# ### A stop policy, written down
#
# The office writes the duty officer's first stop policy into a file, `stop_policy.json`:
# at most five actions per run, at most one retry. To see the policy at work, `agentloop run
# --dir DIR` replays the course authors' recorded "success" route — read the cards, validate
# three of them, draft a summary — under that policy. With `max_steps: 2` the replay stops after
# two actions with `limit`:

# %%
import json
import tempfile
from pathlib import Path

from agentloop.stop_policy import format_run, load_policy

folder = Path(tempfile.mkdtemp()) / "limit2"
folder.mkdir()
(folder / "stop_policy.json").write_text(json.dumps({"max_steps": 2, "max_retries": 1}))
print(format_run("limit2", load_policy(folder)))

# %% [markdown]
# A replay plays back a recording. It shows the policy working; it says nothing about how a live
# model would behave.
#
# ### Safety of the loop
#
# The demo reads only synthetic data, changes no card and never touches the network. Even a
# loop that only reads needs technical bounds: endless retries burn time and hide a lack of
# progress. Two rules:
#
# - Asking a model "don't loop forever" is no substitute for counters in code. **The program
#   checks the limit.**
# - **Hitting the limit does not confirm the result.** Success needs its own observable criterion.
#
# Four common mistakes, and why they are wrong:
#
# | the claim | why not |
# | --- | --- |
# | "`ok: true` means the whole task succeeded" | the tool may have returned zero or two matches |
# | "any error ends the run at once" | the first failure allows one bounded retry |
# | "`continue` is a fifth terminal" | it is a move inside a running loop |
# | "the limit picks the most likely answer" | it only forbids one more action; it creates no data |

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
# after `error` or `limit`; after `error` say that reading failed; after `limit` say the search
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
# | check | input | expected behaviour |
# | --- | --- | --- |
# | must | one match | `success` in the same step |
# | must not | two matches | not choose a card; `needs_input` |
# | missing data | finished, empty search | `needs_input`, no hidden continuation |
# | error | two failures with one retry | `error` on action 2 |
# | boundary | five unfinished pages | `limit`, no sixth action |
#
# 1. Name the four stages and the decision point.
# 2. Why are choosing a tool and an executed action different events?
# 3. Where in `step` does the observation change the state?
# 4. Why is `continue` not one of the four terminals?
# 5. On which action does `permanent_error` end, and why?
# 6. How does `needs_input` differ from `error`?
# 7. Why do an empty finished search and an unfinished search end differently?
# 8. Which single function checks the total step limit?
# 9. Why does stopping at `limit` not mean success?
#
# > **Exit ticket.** Explain two endings without naming scenarios: two failures with one retry
# > allowed; the fifth unfinished page with a limit of five actions. Name the observable reason
# > for each stop.
#
# <details><summary>Answer to compare with</summary>
#
# The first is `error`: the allowed retry is spent. The second is `limit`: the search could go
# on, but the budget allows no new action.
# </details>
#
# **Next:** who decided the model may propose only `read_task_cards`, and not "delete the
# folder"? Chapter 2 puts a controller between a proposal and its execution.
