# %% [markdown]
# # Chapter 3 — Plan, action, observation: a model in the loop, and when to stop it
#
# An online shop's support chat receives this message:
#
# > *The headphones from order 1187 are broken. I want to return them.*
#
# A chatbot could reply with something kind and vague — "I'm sorry to hear that, returns are
# usually possible" — and the headphones would still be broken. **It answers, but it does not
# act.** What the customer needs is work: find out whether order 1187 has been delivered, open
# a return request, and tell the customer what happens next. If the order has not arrived
# yet, the path is different. If the customer wants money instead, it is different again.
#
# In chapter 2 one request, one vetted action and one answer were enough. Here the work takes
# several actions in a row, and **which action comes next is known only after the previous one
# has returned**. A chain of `if`s would handle the situations its author foresaw; real customers
# keep writing the ones nobody foresaw.
#
# This chapter puts a model in the loop: the model says what it plans and asks for one action;
# the program runs it and hands back what it saw; round again — until there is an answer, a step
# limit, or a need for a person.
#
# **You will be able to**
# - name the three parts of a step — plan, action, observation — and find each in a message;
# - name every way out of the loop, and say who decides each;
# - explain why the program, not the model, keeps the limit and runs the tools;
# - explain why a plan is only text, and what the program trusts instead;
# - write guards that stop a run before a useless or too expensive action;
# - report honestly how a run ended, and say when an agent does more harm than good.
#
# > **Predict first.** The customer asks *"When does 1042 arrive? The courier said it is
# > today."* The courier has no new scan, and the model keeps asking. What stops it — and after
# > how many steps? Write your guess down; we come back to it in lesson 2.

# %% [markdown]
# ## Lesson 1 · Plan, action, observation
#
# We call a program an **agent** when a model, rather than the code, picks each next step on
# the way to a goal. One step of an agent is made of three parts:
#
# 1. **Plan** — a sentence from the model about its intention, such as *"First I check whether
#    the order has been delivered."*
# 2. **Action** — a request for exactly one tool, carried in a `tool_use` block. Running it is
#    the **program's** job.
# 3. **Observation** — the tool's output, written back into the history as a `tool_result`
#    block, where the model reads it before it chooses the following step.
#
# The loop has three exits of its own, and the program is the one that watches all of them:
#
# | exit | who asks for it | what happens |
# | --- | --- | --- |
# | **answer** (`end_turn`) | the model: it is done | the run ends with the answer |
# | **step limit** (`max_steps`) | the program: 5 steps without an answer | the run ends; an employee takes over |
# | **a person is needed** (`hand_to_human`) | the model asks for that tool | the program does **not** run it: it ends the run |
#
# Lesson 2 adds a fourth exit that the program decides on: a **guard** (`guard`) stops an
# action before it runs. And a live model can end a run a fifth way, with a reply that holds
# neither an answer nor an action (`model_stopped`, see the finer points of lesson 3). That is
# the whole list: a run ends in one of these five, and in nothing else.
#
# None of the four tools can do damage. Two only read (an order's status, the courier's
# expected date); one files a return request, which waits in a queue until an employee approves
# it; the fourth, `hand_to_human`, is the exit above. **Refunds are not among the agent's powers
# at all.**

# %%
from agentloop.agent import EXITS

print(EXITS)

# %% [markdown]
# > **Python you need · named constants, a closed set.** `EXITS` is a tuple of five names, each
# > also a constant of its own: `from agentloop.agent import ANSWERED, GUARDED` gives you
# > `"end_turn"` and `"guard"` under names that say what they mean. Code that compares
# > `transcript.exit == GUARDED` reads better than `== "guard"`, and a typo in a name fails at
# > once instead of never matching. The set is *closed*: every run's exit is one of the five.

# %% [markdown]
# ```mermaid
# flowchart TD
#     T["task: the customer's message"] --> M["the model gets the whole history"]
#     M --> R{"reply"}
#     R -- "end_turn" --> A(["answer: the run ends"])
#     R -- "neither an answer nor an action" --> C(["model_stopped: to an employee"])
#     R -- "tool_use: hand_to_human" --> H(["a person takes over"])
#     R -- "tool_use: another tool" --> G{"guards object?"}
#     G -- "yes" --> S(["guard: stopped before the action, to an employee"])
#     G -- "no" --> X["the program runs the tool"]
#     X --> O["observation goes into the history"]
#     O --> L{"max_steps used up?"}
#     L -- "no" --> M
#     L -- "yes" --> E(["step limit: to an employee"])
# ```
#
# *Figure 1. One step: the model plans and asks; the program decides whether to run it, runs it,
# and records what came back. Guards are the subject of lesson 2.*

# %% [markdown]
# ### Messages: what the model and the program say to each other
#
# The history is a list of messages. Each message has a **role** (`user` or `assistant`) and a
# list of **content blocks**. Three kinds of block are enough for an agent:
#
# | block | who writes it | what it carries |
# | --- | --- | --- |
# | `text` | the customer (the task), the model (a plan or an answer) | words |
# | `tool_use` | the model | `id`, the tool's `name`, its `input` |
# | `tool_result` | the program | `tool_use_id`, the `content`, `is_error` |
#
# These are the shapes model providers use for tool calls (the style of Anthropic's Messages
# API), so the same history can later be sent to a live model unchanged. Here is the first
# reply of this chapter's model to the return of order 1187 — a plan and an action in the same
# message:

# %%
import json

from agentloop.agent import SYSTEM
from agentloop.messages import message, tool_result_block, tool_use_block
from agentloop.models import SupportModel
from agentloop.shop import TOOLS

RETURN_1187 = "The headphones from order 1187 are broken. I want to return them."
example = SupportModel().create(SYSTEM, [message("user", RETURN_1187)], TOOLS)
print(json.dumps(example, indent=2, ensure_ascii=False))

# %% [markdown]
# `stop_reason` says why the model stopped writing: `tool_use` — it wants an action run;
# `end_turn` — it has answered. `usage` is the size of the request and of the reply, in tokens
# (lesson 2 shows how they are counted). The program answers an action with a `tool_result`
# that names the request it answers:

# %%
print(json.dumps(tool_result_block("call_1", "1187 — delivered, delivery date 26.10"), indent=2,
                 ensure_ascii=False))

# %% [markdown]
# ### The shop and its four tools
#
# The tools are described for the model — it picks one by reading the descriptions — in the
# same format a provider's API takes: a name, a description and an input schema.

# %%
from agentloop.shop import ORDERS

for tool in TOOLS:
    fields = ", ".join(tool["input_schema"]["properties"])
    print(f"{tool['name']}({fields}): {tool['description']}")
print()
print("orders:", json.dumps(ORDERS))

# %% [markdown]
# The **program** runs a requested tool against its own data: `Shop.run_tool` takes a
# `tool_use` block and returns a `tool_result` block. Whatever goes wrong — an unknown order, an
# unknown tool, a return of an order that has not arrived — comes back as an error result
# (`is_error: true`) that the model can read. It never crashes the run.
#
# > **Predict.** Six requests follow: a status and a courier date for 1042, a return of 1187, a
# > return of 1042, the status of an order 9999 that does not exist, and a tool `refund_money`
# > that is not on the list. Which of them come back with `is_error=True`?

# %%
from agentloop.shop import Shop

shop = Shop()
for name, tool_input in [
    ("get_order_status", {"order_id": "1042"}),
    ("estimate_delivery", {"order_id": "1042"}),
    ("open_return_request", {"order_id": "1187"}),
    ("open_return_request", {"order_id": "1042"}),
    ("get_order_status", {"order_id": "9999"}),
    ("refund_money", {"order_id": "1187"}),
]:
    result = shop.run_tool(tool_use_block("call_x", name, tool_input))
    print(f"{name:20} → is_error={result['is_error']!s:5}  {result['content']}")
print("waiting for an employee:", shop.requests)

# %% [markdown]
# Three errors: the return of 1042 (not delivered yet), the unknown order and the unknown tool.
# `open_return_request` only **opens** a request, `R-1`, and an employee approves it. And
# `hand_to_human` is never run by `run_tool` (asked to, it returns an error): it is not an
# action but a way out of the loop, which `run_agent` handles itself.

# %% [markdown]
# ### The loop
#
# Here is the loop as the library writes it — short enough to read top to bottom. Its first
# parameter, `model: Model`, is the contract every model of the course keeps, scripted or live:
# one method, `create(system, messages, tools)`, which returns the reply
# (`agentloop.model_contract`).

# %%
import inspect

from agentloop import agent

print(inspect.getsource(agent.run_agent))

# %% [markdown]
# > **Python you need · `return` inside a loop, a function inside a function.** `return` leaves
# > the *whole function* at once, wherever it stands — also from inside a `for` loop. (`break`
# > is different: it leaves only the loop, and the lines after the loop still run.) `finish` is a
# > small function defined inside `run_agent`; it can use `run_agent`'s names (`task`, `steps`,
# > `shop`), so each exit is one short `return finish(EXIT, reason)`. `Shop() if shop is None
# > else shop` picks one of two values; `Shop | None` in a type hint means "a Shop or None", and
# > `objection is not None` asks whether a guard gave a reason.
#
# Step by step, for the return of 1187:
#
# 1. The task is the first message. The agent has `max_steps = 5` steps and four tools.
# 2. **Step 1.** The model is sent the system prompt, the tools and the history. It replies
#    with a plan and one action: `get_order_status(1187)`. The reply is kept in `replies`,
#    the run's record (a live model's run is replayed from it, at the end of Lesson 3).
# 3. It is not `hand_to_human`, and no guard objects, so the program runs it. The reply goes into
#    the history, then the observation.
# 4. **Step 2.** The model sees "delivered" and plans differently: `open_return_request(1187)`.
# 5. All that tool does is file request `R-1` in the employees' queue; no money moves.
# 6. **Step 3.** The model answers (`end_turn`): the loop ends on an answer, after 3 of 5 steps.
#
# > **Predict.** Before you run the next cell: which lines will the log have, and on which step
# > does the run end?

# %%
from agentloop.agent import run_agent

transcript = run_agent(SupportModel(), RETURN_1187)
print(transcript)
print(transcript.pending_line())

# %% [markdown]
# Look for the rule "first the status, then a request" in `run_agent`: it is not there. The
# order of the two actions came from the model, which read *"1187 — delivered"* in its
# observation and changed course. The program's part was smaller and stricter: hold the limit,
# run what was asked, record every step. The same demo runs in a terminal:
# `agentloop support "The headphones from order 1187 are broken. I want to return them."`
#
# > **Python you need · a dataclass and its attributes.** `run_agent` returns a `Transcript`, a
# > *dataclass*: a class that mostly holds named values. You read them with a dot —
# > `transcript.exit`, `transcript.steps` (a list of `Step`s, each with `.plan`, `.action`,
# > `.observation`, `.tokens`), `transcript.pending` (the return requests opened). A few are
# > computed when you read them, such as `transcript.ended_on` and `transcript.answer`;
# > `transcript.pending_line()` is a method, so it is called with `()`.
#
# > **Quick question.** Which action does the program *not* run, but ends the loop with?
# > <details><summary>answer</summary><code>hand_to_human</code> — it is an exit, not an
# > action.</details>

# %% [markdown]
# ### The model here is scripted
#
# `SupportModel` stands where a live model will sit. It has the same method a live model
# adapter has — `create(system, messages, tools) -> reply` — but it answers by a fixed rule,
# with no network and the same way every time:

# %%
print(inspect.getdoc(SupportModel))

# %% [markdown]
# Like a live model it keeps no memory between calls: each reply is computed from the history
# it is sent, and nothing else. That is why **the whole history is sent on every step** — the
# model would otherwise not know what it has already done.
#
# For tests and exercises there is also `ScriptedModel(replies)`, which plays back a list of
# replies one step at a time.

# %% [markdown]
# ### Why the plan is only text
#
# A plan is a promise nobody enforces: the model may announce one thing and request another.
# So the program ignores the plan when it decides what to do. **It acts on the `tool_use` block
# alone**, and only when that block names one of its tools.
# Here a script plans one thing and asks for another, then asks for a tool that does not exist.
#
# > **Predict.** The first plan says *"I only look at the order status"*, but the action is
# > `open_return_request`. Is a request opened? And what does the program do with
# > `refund_money`?

# %%
from agentloop.messages import reply, text_block
from agentloop.models import ScriptedModel

two_faced = ScriptedModel([
    reply([text_block("I only look at the order status."),
           tool_use_block("call_1", "open_return_request", {"order_id": "1187"})], "tool_use"),
    reply([text_block("Now I pay the money back."),
           tool_use_block("call_2", "refund_money", {"order_id": "1187"})], "tool_use"),
    reply([text_block("Done.")], "end_turn"),
])
print(run_agent(two_faced, RETURN_1187))

# %% [markdown]
# The plan said "only look", yet a return request was opened: the program did what the action
# asked. And `refund_money` ran nothing — it is not a tool, so it came back as an error. What the
# plan is good for is the **log**: whoever investigates a run later can read what the model
# meant at each step. Decisions rest on actions and observations. (Chapter 2's controller is the
# place to vet an action before it runs.)

# %% [markdown]
# ### Two more roads
#
# The customer wants to return **1042**, which is still on its way; another wants compensation.
#
# > **Predict.** For *"I want to return order 1042."*: does the agent open a request?

# %%
from agentloop.shop import EXAMPLE_TASKS

print(run_agent(SupportModel(), EXAMPLE_TASKS["return 1042"]))

# %% [markdown]
# The status said "shipped", so the model answered honestly on step 2: it cannot be returned
# yet. No request was opened and nobody was told a story.
#
# ### Predict the output
#
# The customer writes *"I want 20 EUR compensation because 1042 is late."* Which of these does
# `run_agent` print? Decide before you run the cell.
#
# **A**
# ```text
#   step 1. plan: I check the order.
#     action: get_order_status(1042)
#     observation: 1042 — shipped, delivery date 03.11
#   step 2. plan: It is delivered. I am opening a return request.
#     action: open_return_request(1042)
#     observation (error): 1042 is not delivered yet
#   step 3. end: The order has not been delivered yet. You can return it once it arrives.
# ```
# **B**
# ```text
#   step 1. plan: I check the order.
#     action: get_order_status(1042)
#     observation: 1042 — shipped, delivery date 03.11
#   … the same step four more times …
#   stopping: 5 steps without an answer → to an employee
# ```
# **C**
# ```text
#   step 1. plan: I check the order.
#     action: get_order_status(1042)
#     observation: 1042 — shipped, delivery date 03.11
#   step 2. plan: Compensation is for an employee to decide, not for me.
#     action: hand_to_human(compensation for 1042)
#   stopping: needs a human — compensation for 1042
# ```

# %%
print(run_agent(SupportModel(), EXAMPLE_TASKS["compensation 1042"]))

# %% [markdown]
# **C.** Money is an employee's call, so the model asks for `hand_to_human` — and the program,
# seeing that name, does not run anything: it stops and hands over, with the model's reason.
# (A is a return, which nobody asked for; B is a model that never decides.)

# %% [markdown]
# ## Lesson 2 · When the agent does not stop
#
# Back to the opening question. The customer wants to know when 1042 will arrive. The courier's
# system has nothing new to report, but the scripted model does not accept that and keeps
# re-asking:

# %%
COURIER = EXAMPLE_TASKS["courier 1042"]
courier_run = run_agent(SupportModel(), COURIER)
print(courier_run)

# %% [markdown]
# Only the **step limit** stopped it: 5 steps without an answer, and the customer goes to an
# employee. The limit lives in the program — in `run_agent`'s `for` loop — not in the model's
# good intentions: asking a model "please don't loop" is no limit at all.
#
# Every step also costs more than the one before. The model remembers nothing between calls, so
# each request carries the system prompt, the four tool definitions and **the whole history so
# far**. A rough count is tokens ≈ words × 1.3; the scripted model reports exactly that as its
# `usage` — `input_tokens` for the request it was sent, `output_tokens` for the reply it wrote —
# and the transcript keeps both per step, as `step.tokens` and `step.reply_tokens`.
#
# > **Predict.** The first request is about a hundred tokens. Does every later request cost the
# > same, or more — and roughly how much has been sent after five steps?

# %%
running = 0
for step in courier_run.steps:
    running += step.tokens
    print(f"step {step.number}: this request {step.tokens:3} tokens, sent so far {running:3}"
          f"   (the reply: {step.reply_tokens} tokens)")

# %% [markdown]
# Each request is bigger than the last — from 101 tokens on step 1 to 182 on step 5, 713 in all —
# so an agent with no limit keeps spending, step after step, for as long as someone pays. The
# replies stay small (a plan and one action: 12 tokens, then 9), but they are billed too. The
# step limit turns that into a bounded cost: after 5 steps a person takes over.
#
# **These figures belong to this English text.** The count is made from the words of everything
# a request carries — the task, the system prompt, the tool descriptions, the model's plans and
# the observations — so the same conversation worded differently (a translation, a customer who
# writes more, a model that explains more) sends other numbers. The rule you are about to use
# does not change with the wording: add up every request so far, and compare with the budget.
#
# **A step limit is a backstop; it should rarely be the thing that fires.** Here the second
# request was already identical to the first — same tool, same order — and that was visible
# before it ran. A token budget, likewise, would end a run that gets too expensive regardless of
# how many steps it took. Rules like these are **guards**: small functions the program consults
# *before* it runs an action.
#
# ### Guards
#
# A guard receives the run so far as plain data — one dict per step, the last one holding the
# action about to run — and returns `None` to let it run, or a reason (a string) to stop:
#
# ```python
# {"step": 2, "plan": "No change. I ask again.", "tool": "estimate_delivery",
#  "input": {"order_id": "1042"}, "tokens": 124, "reply_tokens": 9,
#  "observation": None, "is_error": None}
# ```
#
# `run_agent(model, task, max_steps=5, guards=[...])` asks each guard in turn, and only about an
# action that would run: an answer or a hand-over is never put to a guard. The first reason
# ends the run with the exit `guard`: the action is **not** run, and the guard's text becomes the
# run's `reason`.
#
# The library has two guards, in `agentloop.guards`, with the first rules anyone writes:
# `repeated_action` stops an action that is the same tool with the same input as **the step
# just before**, and `token_budget(budget)` stops a run once the tokens **sent** pass the
# budget. Here is what the first does to the courier task:
#
# ```text
# task: When does 1042 arrive? The courier said it is today.
#   step 1. plan: I ask the courier for the date.
#     action: estimate_delivery(1042)
#     observation: 1042 — expected delivery 03.11, no new scan
#   step 2. plan: No change. I ask again.
#     action: estimate_delivery(1042)
#   stopping: same action twice → to an employee
# ```
#
# The second call is never run. In the exercises you write the office's own versions of both
# guards, with rules the library's do not have.

# %% [markdown]
# ### Explore: the transcript viewer
#
# Pick a task, move `max_steps`, switch the library's two guards on and off — the
# repeated-action guard and the token budget of the tokens sent. **next step** walks through
# the log one step at a time.
#
# > **Predict, then check.** On the courier task with `max_steps = 3`, which exit? With the
# > repeated-action guard on, does `max_steps` still matter? On *return 1187* with `max_steps = 2`,
# > is a request opened — and does the customer get an answer?

# %%
from agentloop.widgets import transcript_viewer

transcript_viewer(COURIER)

# %% [markdown]
# Two things to notice. The return of 1187 with `max_steps = 2` opens request `R-1` and then
# runs out of steps before it can tell the customer: an employee must pick it up. And a guard
# ends a run *earlier* than the limit would, but never *later*: the limit still holds.

# %% [markdown]
# ## Lesson 3 · When an agent does harm
#
# Compared with plain code, an agent is slower and dearer, and two runs of the same task may not
# take the same path. That price is worth paying only when the next step really depends on what
# the previous one revealed. Five situations where it is not, or where an agent needs more
# around it:
#
# - **A fixed path.** When "what is the status of my order?" always means one lookup, a function
#   does it faster, cheaper and identically every time.
# - **Irreversible or costly actions.** Refunds, cancellations, a mail-out to every customer:
#   let the agent *prepare* them and **a person sign them off**. The model may mix up two
#   orders, and any text it reads — the customer's message included — can steer it wrong.
# - **No bounds.** Cap the steps, the tokens (that is, the money) and the time. Whichever cap is
#   hit, the run ends and a person picks it up, instead of the agent going round in circles.
# - **No record.** Debugging a wrong run needs each step's plan, action and observation. The
#   transcript `run_agent` returns is that record.
# - **No tests.** Evaluate an agent like any model-backed feature: a fixed set of tasks, and
#   tests not only of the final answer but of the route — which actions, how many steps. The
#   course's own tests pin the route of this chapter's four conversations in stored "golden"
#   transcripts.
#
# **Finer points.**
# *Several actions in one reply.* Real models can request more than one tool at once: a reply
# may hold several `tool_use` blocks. A loop that accepts that runs every request and returns
# all the `tool_result` blocks together in a single `user` message. This chapter keeps one
# action per step so the order of events stays easy to follow.
# *A reply with neither.* A live model's reply can also stop for another reason: `max_tokens`
# means it ran out of room mid-sentence. Such a reply is not an answer, and `run_agent` does not
# pass it off as one: the run ends with the exit `model_stopped`, the stop reason as its
# `reason`, and the log says `stopping: the model stopped (max_tokens)`.
# *ReAct.* In the research literature, interleaving reasoning with actions and their results
# goes by the name **ReAct** (reason + act). Agent frameworks that run this loop for you are
# built from the same three parts and offer the same exits.

# %%
cut_off = ScriptedModel([reply([text_block("Your order 1187 is")], "max_tokens")])
print(run_agent(cut_off, RETURN_1187))

# %% [markdown]
# ### Run it with a live model (optional, not part of the course)
#
# `agentloop.live.LiveModel` has the same `create(system, messages, tools)` and sends the same
# history and tool definitions through the provider's official SDK. Using it means having an
# account with a model provider and paying for each call. The API key is read from the
# environment variable `LLM_API_KEY` — it never appears in code — and if the variable is empty,
# `LiveModel` refuses to start and says why.
#
# Nothing new has to be built for it: the first request is the system prompt, the four tool
# definitions and the task, already in the provider's format (the model's name is a
# placeholder):

# %%
first_request = {"model": "<model name>", "max_tokens": 1024, "system": SYSTEM,
                 "tools": TOOLS, "messages": [message("user", RETURN_1187)]}
print(json.dumps(first_request, indent=1, ensure_ascii=False))

# %% [markdown]
# With the SDK installed and a key in the environment, the same loop runs live:
#
# ```python
# # pip install "agentloop[live]"; export LLM_API_KEY=...
# from agentloop.live import LiveModel
# print(run_agent(LiveModel("<model name>"), RETURN_1187))
# ```
#
# A live model may plan in other words, or take another road — and its token counts come from
# the provider, not from words × 1.3. The loop, the limit, the guards and the log stay exactly
# the same: that is the point of keeping them in the program.

# %% [markdown]
# ### Run it on a local model (optional, not part of the course)
#
# Without an account or a key, a model can run on your own machine. Local model servers —
# Ollama, llama.cpp's `llama-server`, vLLM, LM Studio — all speak the *OpenAI-compatible*
# chat-completions API, tool calls included, and `agentloop.openai_compatible` has an adapter
# for it: `OpenAICompatibleModel(base_url, model_name)` has the same `create(system, messages,
# tools)`, sends the same history and tool definitions in that API's format, and turns the
# reply back into the same plain dicts. It needs nothing beyond Python itself. With
# [Ollama](https://ollama.com) installed, one command fetches a small model that can call tools
# (about 2 GB, once), which Ollama then serves at `http://localhost:11434/v1`:
#
# ```bash
# ollama pull qwen2.5:3b
# ```
#
# The next cell asks that address whether the model is there (it waits half a second at most)
# and, if it is, runs the return of 1187 on it with the library's two guards. If nothing
# answers, it prints one line and does nothing else. For another server or model, set
# `OPENAI_COMPATIBLE_BASE_URL` and `OPENAI_COMPATIBLE_MODEL` before you start JupyterLab. From a
# terminal, the same run:
#
# ```bash
# agentloop support "I want to return order 1187." --model openai-compatible \
#     --base-url http://localhost:11434/v1 --model-name qwen2.5:3b
# ```
#
# **What it costs.** No money, but disk space for the model, about 3 GB of memory while it runs,
# and time: on a laptop's processor one step takes seconds, not microseconds. A hosted endpoint
# costs money for every token instead, and wants a key in `OPENAI_COMPATIBLE_API_KEY`.
# **It is not reproducible.** Run the cell twice and the model may plan in other words, take
# another road, or ask for a tool that does not exist (the shop answers "no tool named …", as it
# would for a scripted model). The transcript keeps every reply the model gave, with the
# server's token counts, so the run can be replayed: `ScriptedModel(live.replies)` plays them
# back, and the same loop gives the same run, offline.

# %%
import os

from agentloop import guards
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
    live_guards = [guards.repeated_action, guards.token_budget(3000)]
    live = run_agent(OpenAICompatibleModel(base_url, model_name), RETURN_1187,
                     guards=live_guards)
    print(live)
    print("input tokens per request, as the server counted them:", live.tokens)
    again = run_agent(ScriptedModel(live.replies), RETURN_1187, guards=live_guards)
    print("replayed offline from its replies, the same run:", again.lines() == live.lines())

# %% [markdown]
# ## Exercises
#
# Each exercise has an **answer cell** (replace `raise NotImplementedError()` with your code) and
# one or more **check cells** below it. Run a check cell for instant feedback; when your work is
# graded, more cases are generated that you have not seen — other histories, other orders, other
# wordings, other budgets, other scripted models. Answer cells must stand alone: import what you
# use inside the cell. The exercises ask for the office's rules, not the library's: while your
# answers are graded, `agentloop.guards` (and the transcript viewer, which uses it) is not
# loaded at all, so an answer that calls the library's guards — or copies them unchanged —
# earns nothing.
#
# ### Exercise 1 · The same action again
#
# After a week with the library's `repeated_action`, the office found a run it let through. A
# model that asks two questions in turn — the courier's date, the order's status, the
# courier's date again — never repeats **the step just before**, so the guard never objects,
# and only the step limit stops it:

# %%
from agentloop.guards import repeated_action as first_rule


def ask(call, plan, tool):
    """A scripted reply: a plan and one action about order 1042."""
    return reply([text_block(plan), tool_use_block(f"call_{call}", tool, {"order_id": "1042"})],
                 "tool_use")


alternating = ScriptedModel([
    ask(1, "I ask the courier for the date.", "estimate_delivery"),
    ask(2, "I check the order's status.", "get_order_status"),
    ask(3, "I ask the courier again.", "estimate_delivery"),
    ask(4, "I check the status again.", "get_order_status"),
    ask(5, "I ask the courier again.", "estimate_delivery"),
])
print(run_agent(alternating, COURIER, guards=[first_rule]))

# %% [markdown]
# The office's **revised rule**: an action is a repeat when the same tool with the same input
# was asked for at **any earlier step** of the run, however far back — not only at the step
# before. Write the guard `repeated_action(steps)` for it: return a reason (for example
# `"same action twice → to an employee"`) when the last step's action was asked for before;
# otherwise return `None`. Plans and token counts do not matter — only the action, its tool
# **and** its input. The courier task must still stop on step 2, and the alternating model above
# on step 3, before its third call runs.
#
# > **Python you need · negative indexes and slices.** `steps[-1]` is the last item of a list;
# > `steps[:-1]` is a new list of every item but the last (empty when the list has one item), so
# > `for earlier in steps[:-1]:` visits every step before the last one. Two dicts are equal (`==`)
# > when they hold the same keys with the same values, in any order.

# %% solution id=ch3-repeated-answer
def repeated_action(steps):
    """A reason to stop when the last action was already asked for earlier, else None."""
    ### BEGIN SOLUTION
    if not steps:
        return None
    last = steps[-1]
    for earlier in steps[:-1]:
        if earlier["tool"] == last["tool"] and earlier["input"] == last["input"]:
            return "same action twice → to an employee"
    return None
    ### END SOLUTION


# %% check id=ch3-repeated-guard points=2

# %% check id=ch3-repeated-runs points=1

# %% [markdown]
# See your guard at work, on the courier task and on the alternating model:

# %%
print(run_agent(SupportModel(), COURIER, guards=[repeated_action]))
print(run_agent(alternating, COURIER, guards=[repeated_action]))

# %% [markdown]
# ### Exercise 2 · The office's token budget
#
# The library's `token_budget(budget)` adds up what was **sent**, each step's `tokens`. The
# office pays its provider for both directions: the tokens sent and the tokens the model writes
# back, which a guard sees as each step's `reply_tokens`. Its budget is a budget of that whole
# bill. Write `token_budget(budget)`, which **returns a guard**: the guard adds up `tokens` and
# `reply_tokens` of every step so far (each request resends the whole history, so each one is
# counted in full) and returns a reason once the sum **passes** the budget — is greater than
# it; otherwise `None`.
#
# > **Python you need · a function that returns a function; `sum(… for …)`.** Inside
# > `token_budget` you define `def guard(steps): …` and end with `return guard` — without
# > brackets, so the function itself is returned, not called. The inner function still sees
# > `budget`, the argument it was made with: `token_budget(300)` and `token_budget(500)` are two
# > guards with two different budgets. `sum(step["tokens"] for step in steps)` adds up one value
# > per item of a list — a loop written inside the brackets.

# %% solution id=ch3-token-answer
def token_budget(budget):
    """A guard that stops the run once the tokens sent and written so far pass `budget`."""
    ### BEGIN SOLUTION
    def guard(steps):
        billed = sum(step["tokens"] + step["reply_tokens"] for step in steps)
        if billed > budget:
            return f"token budget passed ({billed} > {budget}) → to an employee"
        return None
    return guard
    ### END SOLUTION


# %% check id=ch3-token-guard points=2

# %% [markdown]
# Now the question a budget raises: **where** does it stop a run? Write
# `budget_stop_step(task, budget)`: run the support agent (`SupportModel`) on `task` with your
# `token_budget(budget)` as its guard, and return the step on which the budget stopped it — or
# `None` when the run ended another way (an answer, a hand-over, the step limit).
#
# > **Predict first.** On the courier task with a budget of 300, on which step? With 225, where
# > the tokens sent after step 2 are exactly on the budget? And on the return of 1187 with a
# > budget of 300 — its bill passes 300 too, on its last step?

# %% solution id=ch3-budget-stop-answer
from agentloop.agent import GUARDED, run_agent
from agentloop.models import SupportModel


def budget_stop_step(task, budget):
    """The step at which token_budget(budget) stops the support agent on `task`, or None."""
    ### BEGIN SOLUTION
    transcript = run_agent(SupportModel(), task, guards=[token_budget(budget)])
    if transcript.exit == GUARDED:
        return transcript.ended_on
    return None
    ### END SOLUTION


# %% check id=ch3-budget-stop points=1

# %% [markdown]
# **Where the budget bites.** The first request already carries about a hundred tokens — the
# system prompt and the four tool definitions — and each later one carries the whole history on
# top. On the courier task the plot shows the tokens sent per request (bars), their running
# total (line) and the budget (dashed): 101 + 124 = 225 is still within 300; step 3 adds 143
# and the total, 368, passes it. The office's bill adds the replies, 12, 9 and 9 tokens: 113 +
# 133 = 246 after step 2 is still within 300, and step 3's 152 takes the bill to 398. So the
# office's guard stops the courier task **at step 3**, before its action runs — two steps
# earlier than the step limit, one step later than the repeated-action guard. A budget of
# exactly 246 would also stop it at step 3, not 2: reaching the budget is not passing it. At
# 225 the two counts part: the tokens sent are exactly on the budget, so the library's guard
# lets step 2 run, but the office's bill, 246, has passed it — its guard stops the run at
# step 2.
#
# The return of 1187 is different. Its bill passes 300 on step 3 (118 + 140 + 174 = 432), but
# step 3 is the answer — there is no action left to stop, so the guard is never asked, and
# `budget_stop_step` says `None`. The grey bar in its plot is that answer.

# %%
from agentloop.widgets import token_plot

token_plot(COURIER, budget=300)

# %%
token_plot(RETURN_1187, budget=300)

# %% [markdown]
# ### Exercise 3 · Find the bug
#
# A colleague wrote a compact version of the loop for a live model, which may ask for several
# tools in one reply (the finer points of lesson 3): it runs **every** `tool_use` block of a
# reply, in order, logs each one, and sends all their results back together in one `user`
# message. It returns the log as a list of lines. Every conversation ends with "5 steps
# without an answer", even when the customer got an answer:

# %%
from agentloop.messages import describe_action, text_of, tool_uses_of


def run_agent_lines_buggy(model, task, max_steps=5):
    shop = Shop()
    history = [message("user", task)]
    lines = [f"task: {task}"]
    for step in range(1, max_steps + 1):
        reply = model.create(SYSTEM, history, TOOLS)
        text = text_of(reply)
        head = f"  step {step}. "
        if reply["stop_reason"] != "tool_use":
            lines.append(head + "end: " + text)
            break
        lines.append(head + "plan: " + text)
        results = []
        for use in tool_uses_of(reply):
            lines.append("    action: " + describe_action(use))
            if use["name"] == "hand_to_human":
                lines.append("  stopping: needs a human — " + use["input"]["reason"])
                return lines
            result = shop.run_tool(use)
            label = "observation (error)" if result["is_error"] else "observation"
            lines.append(f"    {label}: " + result["content"])
            results.append(result)
        history.append(message("assistant", reply["content"]))
        history.append(message("user", results))
    lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines


print("\n".join(run_agent_lines_buggy(SupportModel(), RETURN_1187)))

# %% [markdown]
# And on a scripted reply that asks for the status of two orders at once, then answers:

# %%
both_orders = ScriptedModel([
    reply([text_block("I look at both orders."),
           tool_use_block("call_1", "get_order_status", {"order_id": "1187"}),
           tool_use_block("call_2", "get_order_status", {"order_id": "1042"})], "tool_use"),
    reply([text_block("1187 was delivered on 26.10; 1042 is expected on 03.11.")], "end_turn"),
])
print("\n".join(run_agent_lines_buggy(both_orders, "Is 1187 here, and where is 1042?")))

# %% [markdown]
# Find the line with the bug, then write the fixed function `run_agent_lines(model, task,
# max_steps=5)` in the answer cell (copy the function above and change what is wrong — one
# line). On runs with one action a step that answer, hand over or run out of steps, it then
# returns the lines that `run_agent(model, task, max_steps).lines()` logs. On a reply with
# several actions it logs and runs every one, which `run_agent` — one action a step, the first
# `tool_use` block of a reply — does not: the library's loop is not the answer here.
#
# One more difference stays, and it is not the bug: the compact loop treats **every** reply
# without an action as the end of the run and logs it as `end:`. `run_agent` is stricter about
# a reply that stops for another reason than an answer (a live model's `max_tokens`): it adds
# the line `stopping: the model stopped (max_tokens)`. Leave the compact loop as its author
# meant it there; the checks use it on such replies too.
#
# > **Python you need · `return` and `break` in a loop inside a loop.** `break` leaves only the
# > innermost loop it stands in; `return` leaves the whole function, from however deep inside
# > loops it stands. In the compact loop, which one does each exit need?

# %% solution id=ch3-fix-loop-answer
from agentloop.agent import SYSTEM
from agentloop.messages import describe_action, message, text_of, tool_uses_of
from agentloop.shop import TOOLS, Shop


def run_agent_lines(model, task, max_steps=5):
    """The compact loop, every action of a reply run, returning its log line by line."""
    ### BEGIN SOLUTION
    shop = Shop()
    history = [message("user", task)]
    lines = [f"task: {task}"]
    for step in range(1, max_steps + 1):
        reply = model.create(SYSTEM, history, TOOLS)
        text = text_of(reply)
        head = f"  step {step}. "
        if reply["stop_reason"] != "tool_use":
            lines.append(head + "end: " + text)
            return lines  # an answer ends the run, not just the loop
        lines.append(head + "plan: " + text)
        results = []
        for use in tool_uses_of(reply):
            lines.append("    action: " + describe_action(use))
            if use["name"] == "hand_to_human":
                lines.append("  stopping: needs a human — " + use["input"]["reason"])
                return lines
            result = shop.run_tool(use)
            label = "observation (error)" if result["is_error"] else "observation"
            lines.append(f"    {label}: " + result["content"])
            results.append(result)
        history.append(message("assistant", reply["content"]))
        history.append(message("user", results))
    lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines
    ### END SOLUTION


# %% check id=ch3-fix-loop-answers points=2

# %% check id=ch3-fix-loop-exits points=1

# %% [markdown]
# ### Exercise 4 · The honest exit of an undelivered return
#
# Write `exit_report(task, max_steps=5)`: run the support agent (`SupportModel`) on `task` and
# return how the run **really** ended, read off the transcript:
#
# ```python
# {"exit": ..., "step": ..., "answer": ..., "requests": [...]}
# ```
#
# — the exit (one of `EXITS`), the step it ended on, the model's answer (`None` unless it
# answered) and the ids of the return requests it opened. Nothing more, nothing nicer.
#
# > **Python you need · a list comprehension.** `[request["id"] for request in
# > transcript.pending]` builds a new list with one item per request: the loop is written inside
# > the square brackets, and the expression before `for` is what goes into the list.

# %% solution id=ch3-exit-report-answer
from agentloop.agent import run_agent
from agentloop.models import SupportModel


def exit_report(task, max_steps=5):
    """How the support agent's run on `task` ended."""
    ### BEGIN SOLUTION
    transcript = run_agent(SupportModel(), task, max_steps)
    return {
        "exit": transcript.exit,
        "step": transcript.ended_on,
        "answer": transcript.answer,
        "requests": [request["id"] for request in transcript.pending],
    }
    ### END SOLUTION


# %% check id=ch3-exit-report-exit points=1

# %% check id=ch3-exit-report-honest points=1

# %% [markdown]
# Now the question of the lesson: the customer wants to return order 1042, which has not been
# delivered. Which exit does the agent choose, and what does it tell the customer?

# %%
print(json.dumps(exit_report("I want to return order 1042."), indent=2))

# %% [markdown]
# The honest exit is an **answer** (`end_turn`) on step 2: the status said "shipped", so the
# agent says the order cannot be returned yet — and opens no request, hands nothing to anyone,
# and promises nothing it cannot keep. With `max_steps = 1` the same task ends at the step limit
# with no answer at all; the report must say so, not dress it up.
#
# ### Exercise 5 · A note for the employee
#
# When a run ends, the support dashboard shows one line about it, and an employee decides from
# that line whether to step in. Write `handover_note(transcript)`, that line. The office's
# rules, for each exit of `transcript.exit`:
#
# | exit | the note must say | and |
# | --- | --- | --- |
# | `end_turn` | *answered*, and the step (*step 3*) | nothing about taking over |
# | `max_steps` | *step limit*, and the step | that an employee must *take over* |
# | `hand_to_human` | that the model *asked* for a person, quoting `transcript.reason`, and the step | that an employee must *take over* |
# | `guard` | *guard*, quoting `transcript.reason`, and the step | that an employee must *take over* |
# | `model_stopped` | that the reply was *cut off*, quoting `transcript.reason`, and the step | that an employee must *take over* |
#
# And for every exit: never claim another exit's word (*answered*, *step limit*, *guard*, *cut
# off*) — so no "not answered", no "no guard"; name every return request waiting for approval
# (`transcript.pending`) and no other; never mention money or refunds, not even "no refund" —
# the agent cannot move money. What you quote (the answer, the reason) does not count as your
# own words. Keep it under 300 characters. The checks run it on runs you have not seen: other
# orders and wordings, guards with other reasons, scripted models that hand over, run out of
# steps or get cut off.

# %% solution id=ch3-note-answer
from agentloop.agent import ANSWERED, GUARDED, HANDED_OVER, STEP_LIMIT


def handover_note(transcript):
    """The dashboard's line about how the run ended."""
    ### BEGIN SOLUTION
    step = f"step {transcript.ended_on}"
    if transcript.exit == ANSWERED:
        note = f"The customer was answered on {step}."
    elif transcript.exit == STEP_LIMIT:
        note = f"The step limit ended the run on {step}: an employee must take over."
    elif transcript.exit == HANDED_OVER:
        note = (f"On {step} the model asked for a person ({transcript.reason}): "
                "an employee must take over.")
    elif transcript.exit == GUARDED:
        note = (f"A guard stopped the action on {step} ({transcript.reason}): "
                "an employee must take over.")
    else:
        note = (f"The reply was cut off on {step} ({transcript.reason}): "
                "an employee must take over.")
    requests = [request["id"] for request in transcript.pending]
    if requests:
        note += " Waiting for approval: " + ", ".join(requests) + "."
    return note
    ### END SOLUTION


# %% check id=ch3-note-exit points=2

# %% check id=ch3-note-requests points=1

# %% [markdown]
# Your notes for the chapter's runs:

# %%
for task, steps in [(RETURN_1187, 5), (RETURN_1187, 2), (COURIER, 5),
                    (EXAMPLE_TASKS["compensation 1042"], 5)]:
    print(handover_note(run_agent(SupportModel(), task, steps)))

# %% [markdown]
# ## Check yourself
#
# | kind | task | expected behaviour |
# | --- | --- | --- |
# | must | return of delivered 1187 | status → request R-1 → answer naming R-1, step 3 |
# | must not | return of undelivered 1042 | no request opened; an answer on step 2 |
# | a person is needed | compensation for 1042 | `hand_to_human` on step 2, not run |
# | boundary | courier question, no guards | 5 actions, then the step limit |
# | guard | courier question, repeated-action guard | stops on step 2, the second call not run |
# | a repeat further back | alternating questions, the office's guard | stops on step 3, its third call not run |
# | budget | courier question, the office's 300 tokens | stops on step 3 (113 + 133 + 152 = 398 > 300) |
# | no action, no guard | return of 1187, the office's 300 tokens | not stopped: step 3 is the answer |
#
# **Four questions** (answer each one, then open the answer):
#
# 1. Sending one request to a model and running an agent loop: what does the loop add?
#    <details><summary>answer</summary>After each observation the model chooses the next step;
#    the program runs it and asks the model again. The model does not run tools itself.
#    </details>
# 2. In how many ways, and which, can `run_agent` end?
#    <details><summary>answer</summary>Five, a closed set: the model answers (`end_turn`); the
#    step limit is used up (`max_steps`); the model asks for a person (`hand_to_human`); a guard
#    stops an action (`guard`); a reply with neither an answer nor an action, as a live model's
#    `max_tokens` (`model_stopped`). An exception is not an exit: it is a bug.</details>
# 3. `open_return_request` opens a request for an employee rather than refunding the customer.
#    Why?
#    <details><summary>answer</summary>Moving money has consequences, so a person must approve
#    it: the model could pick the wrong order, or be steered by text it has read.</details>
# 4. For the fifth time in a row the model requests `estimate_delivery(1042)` and the
#    observation is the same as before. What is the right move for the program?
#    <details><summary>answer</summary>End the run and pass the customer to an employee — a
#    repeated-action guard does it at the second identical request already.</details>
#
# **More to think about.** Name the three parts of a step and the block that carries each. Why
# is `hand_to_human` not run like the other tools? Why is the whole history sent on every step,
# and what does that do to the cost? A plan says "I only look" and the action opens a return:
# what happens, and why? Why does a guard run *before* the action, not after it? Why does a
# guard that looks only at the step before miss a model that alternates two questions? Name two
# situations where you would not use an agent at all.
#
# > **Exit ticket.** In two sentences: what does the model decide in this chapter's loop, and
# > what does the program decide?
#
# <details><summary>Answer to compare with</summary>
#
# The model decides which tool to ask for next, and when it has an answer or needs a person. The
# program decides whether an action runs at all (tools on its list, guards), runs it, records
# it, and ends the run at the step limit.
# </details>
#
# **Next:** chapter 4 writes this loop down as a contract — a harness with named states, hooks,
# yield points, an event log and a budget — so that models, tools and rules plug into it without
# rewriting it.
