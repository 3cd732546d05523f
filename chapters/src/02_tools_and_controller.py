# %% [markdown]
# # Chapter 2 — Tools and the controller: from proposal to action
#
# **The catalogue desk** answers one kind of question: "what is the course `ai` about?". It has
# exactly one way to find out — look the key up in a small course catalogue — and two courses
# in it:
#
# ```json
# {"ai":     {"title": "Applied AI", "topics": ["goals", "tools", "checks"]},
#  "design": {"title": "Design",     "topics": ["brief", "prototype", "review"]}}
# ```
#
# In chapter 1 a stub always chose the same action. From now on the choice comes from a
# **planner**, and one day the planner will be a language model. A model can write anything:
# "look up `design`" when you asked about `ai`, "run this Python", "the answer is *Advanced
# AI*" without looking anything up. So between what the planner *proposes* and what actually
# *runs* we put a piece of ordinary code: the **controller**. It validates every proposal before
# anything happens, and it says no — with a reason — when a proposal breaks a rule.
#
# **You will be able to**
# - describe a tool by its name, description and argument schema, and say why the registry of
#   tools stays narrow;
# - tell a proposal from a permission, and name the controller's rules in order;
# - read a run's status together with its answer: `done`, `unknown`, `stopped`;
# - explain why running out of steps is not success, even when a tool returned data;
# - swap planners (including broken ones) and say where a live model would plug in.
#
# > **Predict first.** A planner proposes `{"type": "tool", "name": "lookup", "args": {"key":
# > "design"}}` in a run that was asked about `ai`. The proposal is perfectly well-formed. Should
# > it run? Write down yes or no and one reason; lesson 3 answers it.

# %% [markdown]
# ## Lesson 1 · A tool, and a registry that stays narrow
#
# A **tool** is an operation the program can perform on the planner's behalf. Here it has four
# parts: a **name** the planner uses to ask for it, a **description** a model can read, an
# **argument schema** (which arguments, their types and their bounds) and the **function** that
# does the work. The chapter's only tool is `lookup(key)`.
#
# > **Predict.** The catalogue has no `robotics`. What will `lookup("robotics")` give back?

# %%
from agentloop.tools import lookup

print(lookup("ai"))
print(lookup("robotics"))

# %% [markdown]
# An unknown key gives `None` — never a made-up record. The tool also protects itself: a key
# must be a string of 1 to 32 characters, so the empty key below is refused.

# %%
try:
    lookup("")
except ValueError as problem:
    print("refused:", problem)

# %% [markdown]
# The **registry** holds the tools the controller may run, each with its schema. Its
# `describe()` gives one **card** per tool — name, description, argument schema — and the cards
# are what a live model would be shown when asked to choose an action:

# %%
import json

from agentloop.tools import default_registry

registry = default_registry()
print(json.dumps(registry.describe(), indent=2))

# %% [markdown]
# > **Python you need · methods, `json.dumps`.** `registry.describe()` calls a function that
# > belongs to the object `registry` (a method). `json.dumps(data, indent=2)` turns plain data
# > into JSON text, spread over lines with two spaces per level.

# %% [markdown]
# `"scoped": true` says that the key must be the one *the run was asked about*; we come back to
# it in lesson 3.
#
# ### Why the registry stays narrow
#
# Every tool in the registry widens what a run can do. A tool called `python` that "runs the
# code the model wrote" would make the registry meaningless: any action at all could be spelled
# as Python. So the rules of this course are:
#
# - the registry lists **specific operations**, each with a schema — never "run this text";
# - nothing in the controller ever evaluates model-written code or shell commands;
# - a tool's own input validation (like `lookup`'s 1–32 characters) stays, even though the
#   controller validates the same bounds first. Two locks are better than one.
#
# When a model arrives, it will be able to *ask* for a neatly structured lookup — and that is
# all it can do. Whether anything runs stays the business of the registry and the controller.

# %% [markdown]
# ## Lesson 2 · A proposal is not a permission
#
# The planner answers with a **proposal**, a plain dict of one of two shapes:
#
# ```python
# {"type": "tool", "name": "lookup", "args": {"key": "ai"}}   # please run this tool
# {"type": "final", "answer": {...}}                         # I am done; here is the answer
# ```
#
# A proposal is a *request*. However neatly it is written, it grants nothing: the controller
# validates it against the registry and the run's state, and only an accepted proposal is
# carried out.
#
# ```mermaid
# flowchart LR
#     P["planner(state)"] --> R["proposal (a dict)"]
#     R --> V{"validate_proposal"}
#     V -- "rejected" --> X(["ProposalRejected: code + reason; nothing runs"])
#     V -- "tool call accepted" --> E["run the registered tool"]
#     E --> O["observation: tool, input, result"]
#     O --> S["state: the trace grows"]
#     S --> P
#     V -- "final answer accepted" --> F(["status: done or unknown"])
#     S -- "no step left" --> T(["status: stopped"])
# ```
#
# *Figure 1. Proposal → validate → execute or reject. Only the controller touches the tools.*

# %% [markdown]
# ### The default planner
#
# The chapter's planner is deliberately simple and deterministic: if nothing has been observed
# yet, look up the requested key; otherwise finish with exactly what was observed.

# %%
import inspect

from agentloop import planners

print(inspect.getsource(planners.plan))

# %% [markdown]
# Do not mistake `plan` for intelligence: it is a **simulator**, two hard-coded branches with no
# reasoning and no grasp of language behind them. That is exactly why it is useful here. Since it
# always answers the same way, any change you make to the controller, the tools or the state
# shows up on its own, with no model's varying replies mixed in. Learn the controller's job
# first; bring in the model, and its uncertainty, later.
#
# ### A first run
#
# > **Predict.** `run("ai")`: how many steps, what status, and how many entries in the trace?
# > Which step has no trace entry, and why?

# %%
from agentloop.controller import run

print(json.dumps(run("ai"), indent=2))

# %% [markdown]
# **Two steps**: step 1 runs `lookup`, step 2 is the planner's final answer. The **trace** records
# every executed tool call — the tool, the *validated* input, the result. The final answer is
# not a tool call, so it adds no trace entry; it ends the run, and the controller sets the
# status.
#
# A run is also a command: `agentloop lookup KEY [--max-steps N]` prints it as JSON. Here we
# call the command-line entry point directly, giving it the command's words as a list; it
# prints, then returns the exit status (the last line of the output).
#
# > **Predict.** For the unknown key `robotics`: which status, which answer — and will any title
# > appear that the catalogue does not hold?

# %%
from agentloop.cli import main

main(["lookup", "robotics"])

# %% [markdown]
# Status `unknown`, answer `null`, exit status `0`, and no title anywhere: the trace shows the one
# lookup and its empty result, and nothing in the output goes beyond what the catalogue holds.
#
# ## Lesson 3 · The controller's rules, one by one
#
# `validate_proposal(proposal, state, registry)` returns `None` when a proposal may be carried
# out and raises `ProposalRejected` when it may not. The exception is a `ValueError` with two
# extra attributes: a machine-readable **`code`** and a **`reason`** for people. The rules, in
# the order the controller applies them:
#
# | # | code | refused when |
# | --- | --- | --- |
# | 1 | `not_a_dict` | the proposal is not a dict (JSON text is not a dict either) |
# | 2 | `unknown_type` | `type` is missing or is neither `"tool"` nor `"final"` |
# | 3 | `missing_field` | a field of that type is absent (tool: `name`, `args`; final: `answer`) |
# | 4 | `extra_field` | a field that type does not have |
# | 5 | `unknown_tool` | `name` is not in the registry |
# | 6 | `bad_argument` | `args` is not a dict at all |
# | 7 | `missing_argument` | an argument of the tool's schema is absent |
# | 8 | `extra_argument` | an argument the schema does not have |
# | 9 | `bad_argument` | a value has the wrong type or is out of bounds |
# | 10 | `out_of_scope` | a scoped argument is not the key the run was asked about |
# | 11 | `final_without_observation` | a final answer before any tool has run |
# | 12 | `final_mismatch` | the answer differs from the result of the last tool call |
#
# Rules 5–10 apply to a tool call and 11–12 to a final answer; 1–4 apply to both.
#
# Types are exact: `True` is not an `int` here (in Python it is one, which is exactly the kind
# of surprise a controller must not let through), and `"2"` is not a number.
#
# > **Python you need · `isinstance`, `type(...) is`.** `isinstance(value, dict)` asks "is
# > `value` a dict (or a kind of dict)?". Because `bool` is a kind of `int`,
# > `isinstance(True, int)` is `True`; `type(True) is int` is `False`, since it asks for
# > exactly `int`. That is why the controller uses `type(value) is int` for whole numbers.
#
# > **Predict.** For each proposal below, which code? Cover the output and guess first.

# %%
from agentloop.controller import step, validate_proposal
from agentloop.proposals import ProposalRejected, new_state

asked = new_state("ai")  # a run asked about "ai", before any step
looked = new_state("ai")
step(looked, {"type": "tool", "name": "lookup", "args": {"key": "ai"}})  # after one lookup

EXAMPLES = [
    ('{"type": "tool", "name": "lookup"}', asked),
    ({"type": "shell", "command": "ls"}, asked),
    ({"type": "tool", "name": "lookup"}, asked),
    ({"type": "tool", "name": "lookup", "args": {"key": "ai"}, "why": "sure"}, asked),
    ({"type": "tool", "name": "python", "args": {"code": "print(1)"}}, asked),
    ({"type": "tool", "name": "lookup", "args": {}}, asked),
    ({"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}}, asked),
    ({"type": "tool", "name": "lookup", "args": {"key": "k" * 40}}, asked),
    ({"type": "tool", "name": "lookup", "args": {"key": "design"}}, asked),
    ({"type": "final", "answer": {"title": "Applied AI"}}, asked),
    ({"type": "final", "answer": {"title": "Advanced AI"}}, looked),
    ({"type": "final", "answer": lookup("ai")}, looked),
]

for proposal, state in EXAMPLES:
    try:
        validate_proposal(proposal, state, registry)
        print("accepted        ", json.dumps(proposal))
    except ProposalRejected as refusal:
        print(f"{refusal.code:26}", refusal.reason)

# %% [markdown]
# > **Python you need · exceptions.** An exception is an error object. The controller refuses
# > with `raise ProposalRejected("out_of_scope", "…")`: the function stops there, and the
# > nearest `except ProposalRejected as refusal:` catches it; `refusal.code` and
# > `refusal.reason` read the two attributes it carries. `ProposalRejected` is a kind of
# > `ValueError`, so `except ValueError` would catch it too.
#
# The names the controller speaks in — `ProposalRejected`, the codes, the statuses,
# `new_state` — live in a small module of their own, `agentloop.proposals`, so that any code can
# name them; `agentloop.controller` holds the rules themselves.

# %% [markdown]
# Back to the opening question: `lookup` of `design` in a run asked about `ai` is
# **well-formed and still refused** (`out_of_scope`). The form of a proposal says nothing about
# whether it is *allowed*: the user asked about one course, so the run may look at that course
# only. A controller that looked only at the shape would let a model wander through data nobody
# asked for.
#
# The last two finals are the other half of honesty: an answer must be **the observed result**,
# not a paraphrase, not an improvement, not an invention. A model that "knows" the course is
# called *Advanced AI* is refused, because nothing observed says so.

# %% [markdown]
# ### A rejected proposal runs nothing
#
# Let us count how often a tool actually runs. We register a `lookup` that counts its calls and
# send it one bad proposal, then one good one.
#
# > **Predict.** How many calls, and how many trace entries, after the refusal? After the good
# > proposal?

# %%
from agentloop.tools import Tool, ToolRegistry

calls = []


def counting_lookup(key):
    """The catalogue lookup, writing down every key it is called with."""
    calls.append(key)
    return lookup(key)


counting = ToolRegistry([Tool(
    name="lookup",
    description="lookup that counts its calls",
    args={"key": {"type": "str", "min_length": 1, "max_length": 32, "scoped": True}},
    run=counting_lookup,
)])

state = new_state("ai")
try:
    step(state, {"type": "tool", "name": "lookup", "args": {"key": "design"}}, counting)
except ProposalRejected as refusal:
    print("refused:", refusal.code)
print("calls after the refusal:", calls, "| trace:", state["observations"])

step(state, {"type": "tool", "name": "lookup", "args": {"key": "ai"}}, counting)
print("calls after the good one:", calls, "| trace entries:", len(state["observations"]))

# %% [markdown]
# > **Python you need · a dataclass.** `Tool` is a *dataclass*: a class that only lists its
# > fields (`name`, `description`, `args`, `run`). `Tool(name="lookup", …)` makes one, and
# > `tool.name` reads a field back. It is *frozen*: once made, its fields cannot be changed.
# > `run=counting_lookup` passes the function itself (no brackets), for the controller to call.
#
# Validation comes **before** execution, always, and the refused step is not even counted as a
# step. Here is `step` as the library writes it: it calls `validate_proposal` on its first line
# of work, and only then `carry_out` (from `agentloop.proposals`), the one place where a tool's
# function is called.

# %%
from agentloop import controller

print(inspect.getsource(controller.step))

# %% [markdown]
# ## Lesson 4 · Read the status together with the answer
#
# `run(key, planner=plan, max_steps=3)` returns `{"status", "answer", "trace"}`:
#
# | status | what it means | answer |
# | --- | --- | --- |
# | `done` | a record was looked up and the final answer confirmed it | the record |
# | `unknown` | the lookup ran and the catalogue has no such key | `None` |
# | `stopped` | the step budget ran out before a final answer | `None` |
#
# `unknown` is an honest, finished answer — "there is no such course" — not a failure. And an
# answer of `None` alone does not tell `unknown` from `stopped`: read the status.
#
# > **Predict.** `run("ai", max_steps=1)`. The lookup needs one step. What is the status, what
# > is the answer, and is the record anywhere in the result?

# %%
print(json.dumps(run("ai", max_steps=1), indent=2))

# %% [markdown]
# `stopped`, with `answer: None` — and yet the record is right there in the trace. Why is that
# not `done`? Because the task was "look up the key **and confirm the answer**". The only step
# was spent on the lookup; the planner never got a step to propose its final answer, so the
# controller never validated one. Data in the trace is an *intermediate* result; `done` means the
# *task* finished.
#
# Calling it success anyway would be the classic dishonest shortcut: "the tool returned
# something, so we are fine". A real run might have needed a second lookup, a comparison, a
# correction — the budget cut it off, and the status must say so. The command line says it too:
# a stopped run exits with status 1 (done and unknown exit with 0), so a script cannot
# mistake it for success.

# %%
main(["lookup", "ai", "--max-steps", "1"])

# %% [markdown]
# The budget itself is validated: it must be a positive whole number. `True` is refused too —
# it would quietly mean one step.

# %%
for budget in (0, -2, True, 2.5, "3"):
    try:
        run("ai", max_steps=budget)
    except ValueError as problem:
        print("refused:", problem)

# %% [markdown]
# ## Lesson 5 · Swapping planners
#
# The planner is just an argument of `run`. `agentloop.planners` has a few broken on purpose,
# one fault each. When a planner proposes something invalid, **`run` does not skip it or
# guess**: the `ProposalRejected` propagates, so you see exactly which rule was broken.
#
# > **Predict.** Which code will each broken planner get? Read their names.

# %%
for name in ("answer_at_once", "invent_record", "look_elsewhere", "run_code", "keep_looking"):
    try:
        result = run("ai", planners.PLANNERS[name])
        print(f"{name:15} status {result['status']} after {len(result['trace'])} lookups")
    except ProposalRejected as refusal:
        print(f"{name:15} refused: {refusal.code}")

# %% [markdown]
# > **Python you need · functions as values.** `planners.PLANNERS` is a dict whose values are
# > functions: `planners.PLANNERS["keep_looking"]` *is* the function, and `run` calls it once
# > per step. Passing a function without calling it is how a planner is plugged in.

# %% [markdown]
# `keep_looking` is never refused — every lookup is valid — but it never finishes, so the run is
# **`stopped` after 3 lookups**, the whole default budget. The controller keeps each step safe; the budget keeps the run finite.
#
# The planner gets a **copy** of the state: it can read the trace but not rewrite it. (Try it:
# a planner that appends a fake observation changes only its own copy.)

# %% [markdown]
# ### Where a live model would plug in
#
# A model would replace the planner with an **adapter**: send it the goal, the tool cards from
# `registry.describe()` and the observations so far; turn its tool-call reply into the same
# proposal dict. Everything after that is unchanged — the proposal is validated like any other,
# and the tool runs in our code, outside the model.
#
# Below, a stand-in adapter plays back replies as a model might send them (JSON text). The
# second reply "summarises" the record.
#
# > **Predict.** Does the controller treat the adapter's summary any differently from a
# > planner's? Which code, if any?

# %%
def model_replies():
    """Stand-in for a model: each reply is the JSON text a model's tool call would carry."""
    yield '{"type": "tool", "name": "lookup", "args": {"key": "ai"}}'
    yield '{"type": "final", "answer": {"title": "Applied AI"}}'


replies = model_replies()


def model_like(state):
    """The adapter: turn the model's next reply into a proposal dict."""
    return json.loads(next(replies))


try:
    run("ai", model_like)
except ProposalRejected as refusal:
    print("refused:", refusal)

# %% [markdown]
# > **Python you need · a generator, `next`, `json.loads`.** A function with `yield` is a
# > *generator*: calling `model_replies()` runs nothing yet; each `next(replies)` runs it up to
# > the next `yield` and hands back that value — the first reply, then the second.
# > `json.loads(text)` turns JSON text back into a dict.

# %% [markdown]
# Refused, with the same code a planner would get: the controller cannot tell, and need not
# know, where a proposal came from. What a simulator never has to face, a real adapter does:
# the provider's own errors, timeouts, rate and usage caps, replies that are not JSON at all.
# So once a model is connected, test the whole thing again as a separate system — by the same
# yardsticks as here (a wrong tool name, wrong arguments, a key that is not there, an answer
# nothing confirms), and keep those criteria and their results on record.

# %% [markdown]
# ### Explore: the proposal explorer
#
# The top half validates **one proposal**: pick a preset or edit the fields (the type, the tool
# name, the args as JSON, or a final answer as JSON), choose the requested key and whether one
# lookup has happened, and read the controller's verdict — accepted, or the code and the reason.
# The bottom half runs **a whole planner** under a step budget (`max_steps` 1–5) and shows its
# trace.
#
# > **Predict, then look.** "final: what was observed" before any lookup? The same after one
# > lookup, asked about `robotics`? The `plan` planner at `max_steps` 1, then 2? Edit the args
# > to `{"key": "AI"}` — is case ignored?

# %%
from agentloop.widgets import proposal_explorer

proposal_explorer("ai", "lookup another key")

# %% [markdown]
# ## Exercises
#
# Each exercise has an **answer cell** (replace `raise NotImplementedError()` with your code)
# and a **check cell** below it. Run the check cell for instant feedback. When your work is
# graded, more cases are generated that you have not seen — other keys, budgets, catalogues,
# desks, and arbitrary dicts thrown at your validator — so make the code right, not just the
# listed cases.
#
# Exercise 1 asks for a validator, and `agentloop.controller` holds the library's own: so your
# answers are graded **without `agentloop.controller`** (and without `agentloop.planners`) —
# they are not there at all, and an answer that imports or calls them fails. The answer cells
# import what they need from
# `agentloop.proposals` (`ProposalRejected`, the codes) and `agentloop.tools` (`Tool`), as
# written above each one.
#
# ### Exercise 1 · The desk's revised validator
#
# Once a model is connected, the desk changes two rules. Write
# `validate_proposal(proposal, state, registry)` for the **revised** rules. The library's
# `validate_proposal` (`print(inspect.getsource(validate_proposal))` shows it) follows the
# lesson's table: read it if you like, but it is not there when your work is graded, and as it
# is it passes no check below — the two new rules each go in a particular place among the old
# ones. Return `None` to accept; to refuse, `raise ProposalRejected(code, reason)` with the
# code and a reason a person can read.
#
# 1. **A note is allowed, and bounded.** Models like to explain themselves, so a proposal of
#    either type may carry one more field, `"why"`: a text of 1 to 200 characters, kept for the
#    log and never executed. It is not an `extra_field`. A `why` that is not a text of 1 to
#    200 characters is refused with **`bad_field`** — after the fields are known to be right
#    (rules 3 and 4), before the tool is looked up.
# 2. **No tool call on the last step.** A tool call that would use the run's last step can
#    never be confirmed: no step would be left for the final answer (lesson 4). Refuse it with
#    **`last_step`** when `state["steps"] + 1 >= state["max_steps"]` — after every other rule
#    for a tool call (scope included), so a bad argument is still `bad_argument`. A final
#    answer may use the last step.
#
# Everything else is the table of lesson 3, in its order:
#
# - `state["key"]` is the requested key; `state["observations"]` is the trace, each entry
#   `{"tool", "input", "result"}`; `state["steps"]` and `state["max_steps"]` are the steps used
#   and the budget.
# - `name in registry` tells whether a tool exists; `registry[name].args` is its schema, e.g.
#   `{"key": {"type": "str", "min_length": 1, "max_length": 32, "scoped": True}}`. An `"int"`
#   argument has `"minimum"` and `"maximum"` instead. Some cases use a second tool,
#   `top_topics(key, count)`, whose `count` is an int from 1 to 3.
# - `args` must be a dict before you look inside it; type before bounds, bounds before scope;
#   `True` is not an int.
# - Your validator must never crash: whatever it is given, it either returns `None` or raises
#   `ProposalRejected`.
#
# Two check cells grade it: the form of a proposal (rules 1–9 and `bad_field`), and the rules
# that weigh the run — scope, `last_step`, final answers — together with a batch of arbitrary
# generated dicts.
#
# > **Python you need · `for` over a dict, `.items()`, `len` of a text.** `for arg in schema:`
# > goes through the argument names; `for arg, spec in schema.items():` through names and their
# > specs together. `len("ai")` is 2: the number of characters of a text.

# %% solution id=ch2-validate-answer
from agentloop.proposals import ProposalRejected


def validate_proposal(proposal, state, registry):
    """Return None if `proposal` may be carried out in `state`; else raise ProposalRejected."""
    ### BEGIN SOLUTION
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict", f"expected a dict, got {type(proposal).__name__}")
    kind = proposal.get("type")
    if not isinstance(kind, str) or kind not in ("tool", "final"):
        raise ProposalRejected("unknown_type", f"type must be 'tool' or 'final', got {kind!r}")
    fields = ["type", "name", "args"] if kind == "tool" else ["type", "answer"]
    for field in fields:
        if field not in proposal:
            raise ProposalRejected("missing_field", f"a {kind} proposal needs {field!r}")
    for field in proposal:
        if field not in fields and field != "why":
            raise ProposalRejected("extra_field", f"a {kind} proposal has no {field!r}")
    if "why" in proposal:
        why = proposal["why"]
        if not isinstance(why, str) or not 1 <= len(why) <= 200:
            raise ProposalRejected("bad_field", "why must be a text of 1 to 200 characters")

    if kind == "final":
        if not state["observations"]:
            raise ProposalRejected("final_without_observation", "nothing was observed yet")
        observed = state["observations"][-1]["result"]
        if proposal["answer"] != observed:
            raise ProposalRejected("final_mismatch", f"the last result was {observed!r}")
        return None

    name, args = proposal["name"], proposal["args"]
    if not isinstance(name, str) or name not in registry:
        raise ProposalRejected("unknown_tool", f"{name!r} is not a registered tool")
    if not isinstance(args, dict):
        raise ProposalRejected("bad_argument", f"args must be a dict, got {args!r}")
    schema = registry[name].args
    for arg in schema:
        if arg not in args:
            raise ProposalRejected("missing_argument", f"{name} needs {arg!r}")
    for arg in args:
        if arg not in schema:
            raise ProposalRejected("extra_argument", f"{name} has no argument {arg!r}")
    for arg, spec in schema.items():
        value = args[arg]
        wanted = str if spec["type"] == "str" else int
        if type(value) is not wanted:
            raise ProposalRejected("bad_argument", f"{arg} must be {spec['type']}, got {value!r}")
        size = len(value) if wanted is str else value
        low = spec.get("min_length" if wanted is str else "minimum")
        high = spec.get("max_length" if wanted is str else "maximum")
        if (low is not None and size < low) or (high is not None and size > high):
            raise ProposalRejected("bad_argument", f"{arg}={value!r} is out of bounds")
    for arg, spec in schema.items():
        if spec.get("scoped") and args[arg] != state["key"]:
            raise ProposalRejected("out_of_scope", f"{arg} must be {state['key']!r}")
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step would be left for the final answer")
    return None
    ### END SOLUTION


# %% check id=ch2-validate-form points=2

# %% check id=ch2-validate-context points=3

# %% [markdown]
# ### Exercise 2 · A second tool
#
# The desk wants to answer "which courses are there?". Write `add_list_keys(registry,
# catalogue)` that registers a tool into `registry` with `registry.add(Tool(...))`:
#
# - name `list_keys`, and a one-sentence description a model could read;
# - one argument, `limit`: an `int` from 1 to 10 (not scoped — it is not a key);
# - it returns the keys of `catalogue` in alphabetical order, at most `limit` of them.
#
# The check builds a fresh registry over a catalogue (sometimes a generated one), calls your
# function, and hands the controller proposals for your tool: good ones must run and return the
# right keys; bad ones (a limit of 0, 11, `"2"`, `True`, a missing or an extra argument) must be
# refused **by the controller, using your schema** — so the bounds belong in the schema, not
# only in your function. `lookup` must keep working next to it.
#
# > **Python you need · `lambda`, `sorted`, slices.** `lambda limit: limit + 1` is a one-line
# > function without a name (`def` works as well). `sorted(catalogue)` gives the keys of a
# > dict in alphabetical order, as a list; `items[:3]` is the first 3 items of a list (all of
# > them if there are fewer).

# %% solution id=ch2-second-tool-answer
from agentloop.tools import Tool


def add_list_keys(registry, catalogue):
    """Register list_keys(limit): the catalogue's keys in alphabetical order, at most `limit`."""
    ### BEGIN SOLUTION
    registry.add(Tool(
        name="list_keys",
        description="List the course keys in alphabetical order, at most `limit` of them.",
        args={"limit": {"type": "int", "minimum": 1, "maximum": 10}},
        run=lambda limit: sorted(catalogue)[:limit],
    ))
    ### END SOLUTION


# %% check id=ch2-second-tool points=2

# %% [markdown]
# With your tool registered, the registry has two cards, and the controller treats the new tool
# exactly like the old one — including refusing what its schema does not allow:

# %%
from agentloop.tools import CATALOGUE

wider = default_registry()
add_list_keys(wider, CATALOGUE)
print([card["name"] for card in wider.describe()])
print(step(new_state("ai"), {"type": "tool", "name": "list_keys", "args": {"limit": 5}}, wider))
try:
    step(new_state("ai"), {"type": "tool", "name": "list_keys", "args": {"limit": 50}}, wider)
except ProposalRejected as refusal:
    print("refused:", refusal.code, "-", refusal.reason)

# %% [markdown]
# > **Python you need · a list comprehension.** `[card["name"] for card in wider.describe()]`
# > builds a list with one item per card: its name. It is a `for` loop written inside `[ ]`.
#
# Notice what the wider registry changed: a planner can now finish with the *list of keys* as
# its answer, because the final answer must only match the last tool call. Each tool you add
# widens what "done" can mean — one more reason the registry stays narrow.
#
# ### Exercise 3 · A planner that reads the tool cards
#
# The desk's second question is "which topics does course K cover?". A model that chooses the
# actions is shown the tool cards — `registry.describe()`, lesson 1 — and plans from them; so
# will your planner. Write `topics_planner(state, cards)`, where `cards` is the list of the
# run's tool cards, each `{"name", "description", "args"}`. Not every desk registers the same
# tools:
#
# - most desks have a second tool, `top_topics(key, count)`: it returns the first `count`
#   topics of the course, or `None` for a key the catalogue does not have. How many topics a
#   desk shows at once differs, and its card says so: `card["args"]["count"]["maximum"]` (3 on
#   the chapter's desk);
# - some desks have `lookup` only: there the topics are inside the record.
#
# The answer must be something observed — a final answer must equal the last result — so:
#
# - nothing observed yet → if one of the cards is named `top_topics`, propose it for the
#   requested key with the **largest count its card allows**; otherwise propose `lookup` for
#   the requested key;
# - otherwise → finish with exactly what was observed last, whatever it is (`None` included).
#
# The check runs the controller with your planner on several desks — `top_topics` with
# different bounds, its card first or second, or no `top_topics` at all — for known, unknown
# and generated keys, in the chapter's catalogue and in catalogues it never shows, with budgets
# from 1 to 5 steps. It records every proposal, then **replays those proposals through the
# trusted controller**: every one must be accepted, and each run must end honestly — `done`
# with the topics (on a desk with `lookup` only: the record), `unknown` with `None` for a
# course the catalogue does not have, `stopped` when the budget is one step. (The chapter's
# `plan` always looks up and finishes with the whole record, so it does not answer this
# question; it is not there when your work is graded.)
#
# > **Python you need · a loop that looks for one item.** `for card in cards:` goes through the
# > list one card at a time; a `return` inside the loop ends the whole function as soon as the
# > card you want is found. Code after the loop runs only when no card matched.

# %% solution id=ch2-planner-answer
def topics_planner(state, cards):
    """Propose the next step for a run asked which topics course state["key"] covers."""
    ### BEGIN SOLUTION
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    for card in cards:
        if card["name"] == "top_topics":
            most = card["args"]["count"]["maximum"]
            return {"type": "tool", "name": "top_topics",
                    "args": {"key": state["key"], "count": most}}
    return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    ### END SOLUTION


# %% check id=ch2-planner points=2

# %% [markdown]
# Here is your planner at work under the controller, on three desks: the chapter's (`top_topics`
# shows up to 3 topics), one that shows 2, and one with `lookup` only. `run` calls a planner
# with the state alone, so a one-line `lambda` hands it the desk's cards too — what an adapter
# for a live model does.

# %%
from agentloop.tools import topics_tool

chapters_desk, small_desk, lookup_desk = default_registry(), default_registry(), default_registry()
chapters_desk.add(topics_tool())
small_desk.add(topics_tool(most=2))
for name, desk in (("the chapter's desk", chapters_desk), ("a desk showing 2", small_desk),
                   ("lookup only", lookup_desk)):
    cards = desk.describe()
    for key in ("design", "robotics"):
        result = run(key, lambda state: topics_planner(state, cards), registry=desk)
        print(f"{name:18} {key:8} → {result['status']:7} {result['answer']}")

# %% [markdown]
# ## Check yourself
#
# | kind | proposal or run | expected behaviour |
# | --- | --- | --- |
# | must | `run("ai")` | `done`, the record, one lookup in the trace |
# | must not | lookup of `design` in a run about `ai` | `out_of_scope`; nothing runs |
# | missing data | `run("robotics")` | `unknown`, answer `None` — no invented title |
# | no evidence | a final answer before any lookup | `final_without_observation` |
# | not confirmed | a final answer that differs from the result | `final_mismatch` |
# | boundary | `run("ai", max_steps=1)` | `stopped`, even though the lookup returned a record |
#
# **The one-step budget, in your own words (not graded).** In lesson 4 you ran
# `run("ai", max_steps=1)`. Write its status word into `my_status` and one sentence into
# `my_why`: what was the one step spent on, and what was left without a step? Then run the
# cell and compare with the run and with the answer below it.

# %%
my_status = None  # your status word, e.g. "done"
my_why = None  # your sentence

if my_status is None or my_why is None:
    print("Write your status word and your sentence first, then run this cell again.")
else:
    actual = run("ai", max_steps=1)
    print(f"you: {my_status!r} — the run: {actual['status']!r}, answer {actual['answer']!r}, "
          f"{len(actual['trace'])} lookup in the trace")

# %% [markdown]
# <details><summary>Answer to compare with</summary>
#
# `stopped`. The only step was spent on the lookup, so the planner had no step left to propose
# its final answer, and the controller never validated one. The record in the trace is an
# intermediate result, not a confirmed answer.
# </details>
#
# 1. What are the four parts of a tool in this chapter?
# 2. Why is there no `python` or `shell` tool, and why must there never be one?
# 3. A proposal is well-formed. Name two reasons it can still be refused.
# 4. In which order does the controller validate the form of a tool call?
# 5. What does a refused proposal change in the state? What does it run?
# 6. How do you tell `unknown` from `stopped` when both answers are `None`?
# 7. Why is `stopped` not success, when the trace holds the right record?
# 8. Where would a live model plug in, and what stays exactly the same?
#
# > **Exit ticket.** A model replies `{"type": "final", "answer": {"title": "Applied AI"}}`
# > after one lookup of `ai`. Which code does it get, and what would make the same reply
# > acceptable?
#
# <details><summary>Answer to compare with</summary>
#
# `final_mismatch`: the answer is not the observed record (the topics are missing). Only the
# record exactly as observed — title and topics — is accepted; a summary for a person can be
# written *from* a confirmed answer, after the run.
# </details>
#
# **Next:** chapter 3 puts a (scripted) model in the loop, with messages and guards around it.
