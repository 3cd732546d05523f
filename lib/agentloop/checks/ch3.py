"""Chapter 3's checks, as a learner holds them: two guards under the office's revised rules,
where a budget stops a run, a fixed loop, a run's report and a hand-over note.

    exercise                                  checks
    1  repeated_action(steps)                 ch3-repeated-guard, ch3-repeated-runs
    2  token_budget(budget)                   ch3-token-guard
       budget_stop_step(task, budget)         ch3-budget-stop
    3  run_agent_lines(model, task, steps)    ch3-fix-loop-answers, ch3-fix-loop-exits
    4  exit_report(task, max_steps)           ch3-exit-report-exit, ch3-exit-report-honest
    5  handover_note(transcript)              ch3-note-exit, ch3-note-requests

Each check's id is the grade_id of a test cell in chapters/03_plan_action_observation.ipynb.
This is the learner's edition: the visible cases, the probes (a guard asked about a
history or run inside the support agent's loop, a loop run on a scripted model, a note
written for a transcript) and the judges, which need what the reference says about a
visible case (its *facts*, shipped in agentloop/checks/facts/ch3.json) or only the case
itself. The references and the hidden cases are the teacher's (agentloop_grader.answers.ch3).

The exercises ask for what the library does not have:

- exercise 1 is the office's revised repeated-action guard: an action asked for at *any*
  earlier step is a repeat. `agentloop.guards.repeated_action` compares with the step just
  before, which a model that alternates two questions gets past;
- exercise 2's budget counts the office's whole bill, the tokens sent and the tokens the
  model wrote back (`reply_tokens`); `agentloop.guards.token_budget` counts what is sent.
  The grader's sandbox does not load `agentloop.guards`, nor the transcript viewer that uses
  it, while it grades this chapter (`answered_by`);
- exercise 3's compact loop runs every action of a reply, as a live model may ask for several
  at once; the library's `run_agent` runs one action a step, so its log is not the answer.
"""

from __future__ import annotations

import re
from typing import Any

from agentloop.agent import (
    ANSWERED,
    GUARDED,
    HANDED_OVER,
    MAX_STEPS,
    MODEL_STOPPED,
    STEP_LIMIT,
    Transcript,
    run_agent,
)
from agentloop.checks.core import Case, Check, no_facts
from agentloop.checks.student import shipped
from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    Reply,
    describe_action,
    reply,
    text_block,
    tool_use_block,
)
from agentloop.models import ScriptedModel, SupportModel
from agentloop.shop import (
    ESTIMATE_DELIVERY,
    EXAMPLE_TASKS,
    GET_ORDER_STATUS,
    HAND_TO_HUMAN,
    OPEN_RETURN_REQUEST,
    Shop,
)

CHAPTER = "ch3"

# The hint steps a learner opens one at a time, after a first try (agentloop.checks.hints):
# the first names the rule, the last is a nudge towards what to look at — never the answer.
HINTS: dict[str, tuple[str, ...]] = {
    "ch3-repeated-guard": (
        "An action is its tool and its input together; plans and token counts do not matter.",
        "Compare the last step's action with every earlier step, however far back — not only "
        "the step before.",
        "A first step has nothing to repeat. Try your guard on three steps whose first and "
        "last ask for the same thing, with another action between them.",
    ),
    "ch3-repeated-runs": (
        "In a run the guard is asked before each action runs: the first action asked for a "
        "second time must not run.",
        "A run that never repeats goes on to its own end: an answer, a hand-over or the step "
        "limit.",
        "Run your guard in `run_agent` on the alternating model above and look at the step "
        "the run stops on.",
    ),
    "ch3-token-guard": (
        "The office's bill is what was sent and what the model wrote back.",
        "Add up `tokens` and `reply_tokens` of every step so far, not only of the last one.",
        "Passing the budget means going over it: a bill exactly on the budget is still "
        "within. Compare your sums with the chapter's worked figures for the courier task.",
    ),
    "ch3-budget-stop": (
        "Run the support agent with your own `token_budget(budget)` as its guard, then read "
        "how the run ended from its transcript.",
        "Only the guard's exit means that the budget stopped the run, and it stopped on the "
        "run's last step; an answer or a hand-over is not an action, so no guard is asked.",
        "Compare your results with the chapter's worked figures: the courier task at 300 and "
        "at 225, the return of 1187 at 300.",
    ),
    "ch3-fix-loop-answers": (
        "After the `end:` line the run is over: nothing may follow it, not even the "
        "step-limit line.",
        "The compact loop has two loops, one over steps and one over a reply's actions: "
        "which one does the line after an answer leave?",
        "`break` leaves only the innermost loop; `return` leaves the function.",
    ),
    "ch3-fix-loop-exits": (
        "Every exit keeps its own line: an answer its `end:` line, a hand-over the model's "
        "reason, the step limit its line after max_steps steps.",
        "`hand_to_human` is not run: the actions before it in the same reply are, then the "
        "hand-over ends the run.",
        "Your fix is one line of the buggy function. Compare your lines with "
        "`run_agent(model, task, max_steps).lines()` on the ✘ case.",
    ),
    "ch3-exit-report-exit": (
        "Everything is in the transcript `run_agent` returns: how the run ended, on which "
        "step, the model's answer, the requests it opened.",
        "The exit is one of `EXITS`, read off the transcript, never guessed from the task.",
        "Print the transcript of the ✘ task with its `max_steps` and read each field off it.",
    ),
    "ch3-exit-report-honest": (
        "Report what happened, nothing nicer: the answer is the model's text only when the "
        "run ended with an answer.",
        "Every other exit has no answer at all: `None`, not an empty text.",
        "The requests are the ids of what the run opened, whether or not the run was cut "
        "short: print `transcript.pending` for the ✘ task.",
    ),
    "ch3-note-exit": (
        "The note branches on `transcript.exit`: each exit has its words in the chapter's "
        "table, and the step.",
        "Unless the customer was answered, an employee must take over, and the note quotes "
        "`transcript.reason`.",
        "Never use another exit's word, not even negated (no 'not answered', no 'no guard'). "
        "Check your note for the ✘ exit against its row of the table.",
    ),
    "ch3-note-requests": (
        "The note names the return requests waiting for approval, and no other.",
        "No word about money at all, not even 'no refund': the agent cannot move money.",
        "Print `transcript.pending` for the ✘ run and compare it with the ids your note "
        "names.",
    ),
}
COURIER = EXAMPLE_TASKS["courier 1042"]
RUNNING_TOOLS = (GET_ORDER_STATUS, ESTIMATE_DELIVERY, OPEN_RETURN_REQUEST)
# The library modules that answer exercises 1 and 2 (its first rules, and the viewer that
# runs them): the grader's sandbox does not load them while it grades this chapter.
GUARD_MODULES = ("agentloop.guards", "agentloop.widgets.ch3_transcripts")

# --- a guard's verdict, as the probes report it -----------------------------------------------

STOP = "stop"  # the guard gave a reason (a non-empty str): the action is stopped
GO = "go"      # the guard returned None: the action runs


def guard_verdict(reason: Any) -> Any:
    """STOP for a reason, GO for None, and anything else described, for the judge to refuse."""
    if reason is None:
        return GO
    if type(reason) is str and reason.strip():
        return STOP
    text = repr(reason)
    return {"returned": text if len(text) <= 80 else text[:80] + "…"}


def _judge_verdict(case: dict, expected: str, output: Any) -> str | None:
    if type(output) is str and output == expected:
        return None
    if output == STOP:
        return "this action may run: return None (your guard gave a reason)"
    if output == GO:
        return "this action must be stopped: return a reason (a non-empty str), got None"
    returned = output.get("returned") if type(output) is dict else repr(output)
    return f"a guard returns None or a reason (a non-empty str); it returned {returned}"


# --- inputs: a guard's view of a run, and runs of the support agent ---------------------------

def guard_step(number: int, tool: str, order_id: str, tokens: int, reply_tokens: int,
               executed: bool = True) -> dict[str, Any]:
    """One step as a guard sees it (see agentloop.agent.Step.as_guard_input)."""
    return {"step": number, "plan": f"Plan for step {number}.", "tool": tool,
            "input": {"order_id": order_id}, "tokens": tokens, "reply_tokens": reply_tokens,
            "observation": f"{order_id} — an observation" if executed else None,
            "is_error": False if executed else None}


def history(actions: list[tuple[str, str]], tokens: list[int] | None = None,
            replies: list[int] | None = None) -> list[dict[str, Any]]:
    """A guard's view of a run: one step per (tool, order) action, the last one not run yet."""
    tokens = tokens or [100 + 20 * i for i in range(len(actions))]
    replies = replies or [9] * len(actions)
    last = len(actions) - 1
    return [guard_step(i + 1, tool, order, tokens[i], replies[i], executed=i < last)
            for i, (tool, order) in enumerate(actions)]


def act(call: int, tool: str, order_id: str, plan: str | None = None) -> Reply:
    """A scripted reply: a plan and one action."""
    return reply([text_block(plan or f"Step {call}: I try {tool}."),
                  tool_use_block(f"call_{call}", tool, {"order_id": order_id})], TOOL_USE)


def answer(text: str) -> Reply:
    return reply([text_block(text)], END_TURN)


def hand_over(call: int, reason: str) -> Reply:
    return reply([text_block("An employee should take this."),
                  tool_use_block(f"call_{call}", HAND_TO_HUMAN, {"reason": reason})], TOOL_USE)


def script(actions: list[tuple[str, str]], end: Reply | None = None) -> list[Reply]:
    """One reply per (tool, order) action, then `end` (an answer or a hand-over), if any."""
    replies = [act(call, tool, order) for call, (tool, order) in enumerate(actions, start=1)]
    return replies + ([end] if end is not None else [])


def run_case(task: str, max_steps: int = MAX_STEPS, orders: dict | None = None,
             replies: list[Reply] | None = None, budget: int | None = None) -> dict[str, Any]:
    """A run of the support agent (SupportModel, or a scripted model when `replies` are
    given) on a shop (the default one when `orders` is None)."""
    return {"task": task, "max_steps": max_steps, "orders": orders, "replies": replies,
            "budget": budget}


def model_of(case: dict) -> Any:
    return ScriptedModel(case["replies"]) if case.get("replies") else SupportModel()


def run_with(case: dict, guard: Any) -> Transcript:
    """The case's run with `guard` as its only guard."""
    shop = Shop(case["orders"]) if case.get("orders") else None
    return run_agent(model_of(case), case["task"], case["max_steps"], [guard], shop)


def run_summary(transcript: Transcript) -> dict[str, Any]:
    """What a run did, as plain data: its exit, last step, the actions run, the requests."""
    return {
        "exit": transcript.exit,
        "ended_on": transcript.ended_on,
        "executed": [describe_action(s.action) for s in transcript.steps
                     if s.action is not None and s.observation is not None],
        "pending": [r["id"] for r in transcript.pending],
    }


def _judge_run(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    if output == expected:
        return None
    if not isinstance(output, dict):
        return f"expected a run summary, got {output!r}"
    for key, what in (("exit", "the run ended with"), ("ended_on", "the run ended on step"),
                      ("executed", "the actions run were")):
        if output.get(key) != expected[key]:
            return f"{what} {output.get(key)!r}; expected {expected[key]!r}"
    return f"expected {expected!r}, got {output!r}"


def _probe_guard(guard: Any, case: dict) -> Any:
    return guard_verdict(guard(case["steps"]))


def _probe_run(guard: Any, case: dict) -> Any:
    return run_summary(run_with(case, guard))


# --- exercise 1: the repeated-action guard, revised -------------------------------------------

FIRST = "a first step has nothing to repeat → None"
SAME = "the same tool with the same input as the step before → a reason (plans may differ)"
EARLIER = "the same tool with the same input as any earlier step, however far back → a reason"
OTHER_INPUT = "the same tool with an input not asked for before → None"
OTHER_TOOL = "another tool with an input asked for before → None"
ALL_DIFFERENT = "an action unlike every earlier one, in a longer run → None"
REPEATED_RULES = (FIRST, SAME, EARLIER, OTHER_INPUT, OTHER_TOOL, ALL_DIFFERENT)


def _repeated_visible() -> list[Case]:
    def case(actions: list[tuple[str, str]], label: str, rule: str) -> Case:
        return Case({"steps": history(actions)}, label, rule=rule)

    return [
        case([(ESTIMATE_DELIVERY, "1042")], "the first step", FIRST),
        case([(ESTIMATE_DELIVERY, "1042")] * 2,
             "estimate_delivery(1042) twice in a row, with different plans and tokens", SAME),
        case([(GET_ORDER_STATUS, "1187"), (GET_ORDER_STATUS, "1042")],
             "get_order_status of 1187, then of 1042", OTHER_INPUT),
        case([(GET_ORDER_STATUS, "1187"), (OPEN_RETURN_REQUEST, "1187")],
             "get_order_status(1187), then open_return_request(1187)", OTHER_TOOL),
        case([(ESTIMATE_DELIVERY, "1042"), (GET_ORDER_STATUS, "1042"),
              (ESTIMATE_DELIVERY, "1042")],
             "estimate_delivery(1042) on steps 1 and 3, another action between", EARLIER),
        case([(GET_ORDER_STATUS, "1042"), (GET_ORDER_STATUS, "1187"),
              (ESTIMATE_DELIVERY, "1042"), (GET_ORDER_STATUS, "1187")],
             "get_order_status(1187) on steps 2 and 4", EARLIER),
        case([(GET_ORDER_STATUS, "1187"), (GET_ORDER_STATUS, "1042"),
              (ESTIMATE_DELIVERY, "1042"), (OPEN_RETURN_REQUEST, "1187")],
             "four different actions", ALL_DIFFERENT),
    ]


REPEATED_GUARD = Check(
    id="ch3-repeated-guard",
    answer="repeated_action",
    title="repeated_action() stops an action already asked for at any earlier step",
    answered_by=GUARD_MODULES,
    probe=_probe_guard,
    judge=_judge_verdict,
    facts=shipped(CHAPTER, "ch3-repeated-guard"),
    cases=_repeated_visible,
    hint="Compare the last step's tool AND input with those of every earlier step, not only "
         "the step before; plans and token counts do not matter.",
)

# Scripted models the chapter's runs show: one alternates two questions (the library's
# guard lets it run to the step limit), one asks its second question again two steps later,
# one asks about two orders and opens a return without repeating anything.
ALTERNATING = [act(n, tool, "1042", plan) for n, (plan, tool) in enumerate([
    ("I ask the courier for the date.", ESTIMATE_DELIVERY),
    ("I check the order's status.", GET_ORDER_STATUS),
    ("I ask the courier again.", ESTIMATE_DELIVERY),
    ("I check the status again.", GET_ORDER_STATUS),
    ("I ask the courier again.", ESTIMATE_DELIVERY)], start=1)]
BACK_AGAIN = script([(GET_ORDER_STATUS, "1042"), (ESTIMATE_DELIVERY, "1042"),
                     (GET_ORDER_STATUS, "1187"), (ESTIMATE_DELIVERY, "1042"),
                     (ESTIMATE_DELIVERY, "1187")])
TWO_ORDERS = script([(GET_ORDER_STATUS, "1187"), (GET_ORDER_STATUS, "1042"),
                     (OPEN_RETURN_REQUEST, "1187")],
                    answer("I opened return request R-1 for 1187; 1042 is still on its way."))
TWO_ORDERS_TASK = "I want to return order 1187. And is 1042 on its way?"

RUN_GUARDED = "an action asked for again, however far back, is stopped before it runs"
RUN_ANSWERED = "a run whose actions all differ goes on to its answer"
RUN_HANDED_OVER = "a hand-over ends the run; the guard has nothing to stop"
RUN_LIMIT = "the step limit still ends a run that repeats nothing in time"


def _repeated_runs_visible() -> list[Case]:
    return [
        Case(run_case(COURIER), f"courier 1042: {COURIER!r}", rule=RUN_GUARDED),
        Case(run_case(EXAMPLE_TASKS["return 1187"]), "the return of 1187", rule=RUN_ANSWERED),
        Case(run_case(EXAMPLE_TASKS["compensation 1042"]), "the compensation for 1042",
             rule=RUN_HANDED_OVER),
        Case(run_case(EXAMPLE_TASKS["return 1042"]), "the return of 1042", rule=RUN_ANSWERED),
        Case(run_case(COURIER, max_steps=1), "the courier task with max_steps=1",
             rule=RUN_LIMIT),
        Case(run_case(COURIER, replies=ALTERNATING),
             "the alternating model: estimate_delivery(1042) and get_order_status(1042) "
             "in turn",
             rule=RUN_GUARDED),
        Case(run_case(COURIER, replies=BACK_AGAIN),
             "a scripted model asking estimate_delivery(1042) again on step 4",
             rule=RUN_GUARDED),
        Case(run_case(TWO_ORDERS_TASK, replies=TWO_ORDERS),
             "a scripted model: the status of 1187 and of 1042, then a return of 1187",
             rule=RUN_ANSWERED),
    ]


REPEATED_RUNS = Check(
    id="ch3-repeated-runs",
    answer="repeated_action",
    title="with repeated_action, the agent stops before running an action a second time",
    answered_by=GUARD_MODULES,
    probe=_probe_run,
    judge=_judge_run,
    facts=shipped(CHAPTER, "ch3-repeated-runs"),
    cases=_repeated_runs_visible,
    hint="The guard runs before the action: the first action asked for a second time, on "
         "whatever step, must not be run; runs that never repeat go on to their own end.",
)

# --- exercise 2: the office's token budget ------------------------------------------------

BELOW = "a bill below the budget → None"
ON_BUDGET = "a bill exactly on the budget has not passed it → None"
OVER = "a bill one token or more over the budget → a reason"
REPLIES_COUNT = "the replies count too: the tokens sent alone are within, the bill is not → " \
                "a reason"
SUM = "every request and reply counts, not only the last: small ones add up → a reason"
FIRST_OVER = "the first request and its reply alone can pass the budget → a reason"
IN_A_RUN = "in a run, the first step with an action whose bill passes the budget is stopped " \
           "before its action runs"
BUDGET_RULES = (BELOW, ON_BUDGET, OVER, REPLIES_COUNT, SUM, FIRST_OVER)

# The courier task's first three requests and replies, as the chapter prints them.
COURIER_SENT = [101, 124, 143]
COURIER_WRITTEN = [12, 9, 9]


def budget_case(budget: int, sent: list[int], written: list[int]) -> dict[str, Any]:
    """A guard's view of a run whose requests sent `sent` and whose replies wrote `written`."""
    actions = [(ESTIMATE_DELIVERY, "1042")] * len(sent)
    return {"kind": "steps", "budget": budget, "steps": history(actions, sent, written)}


def budget_run(task: str, budget: int, **run: Any) -> dict[str, Any]:
    return dict(run_case(task, budget=budget, **run), kind="run")


def _probe_budget(factory: Any, case: dict) -> Any:
    guard = factory(case["budget"])
    if case["kind"] == "run":
        return run_summary(run_with(case, guard))
    return guard_verdict(guard(case["steps"]))


def _judge_budget(case: dict, expected: Any, output: Any) -> str | None:
    if case["kind"] == "run":
        return _judge_run(case, expected, output)
    return _judge_verdict(case, expected, output)


def _token_visible() -> list[Case]:
    sent, written = COURIER_SENT, COURIER_WRITTEN
    return [
        Case(budget_case(300, sent[:1], written[:1]), "101 sent + 12 written, budget 300",
             rule=BELOW),
        Case(budget_case(246, sent[:2], written[:2]), "101 + 12 + 124 + 9 = 246, budget 246",
             rule=ON_BUDGET),
        Case(budget_case(245, sent[:2], written[:2]), "101 + 12 + 124 + 9 = 246, budget 245",
             rule=OVER),
        Case(budget_case(225, sent[:2], written[:2]),
             "101 + 124 = 225 sent, 12 + 9 written, budget 225", rule=REPLIES_COUNT),
        Case(budget_case(300, sent, written), "three requests and replies, 398 in all, "
             "budget 300", rule=SUM),
        Case(budget_case(110, sent[:1], written[:1]), "101 sent + 12 written, budget 110",
             rule=FIRST_OVER),
        Case(budget_run(COURIER, 300), "the courier task with token_budget(300)",
             rule=IN_A_RUN),
        Case(budget_run(EXAMPLE_TASKS["return 1187"], 250),
             "the return of 1187 with token_budget(250)", rule=IN_A_RUN),
    ]


TOKEN_GUARD = Check(
    id="ch3-token-guard",
    answer="token_budget",
    title="token_budget(budget) stops a run once the tokens sent and written pass the budget",
    answered_by=GUARD_MODULES,
    probe=_probe_budget,
    judge=_judge_budget,
    facts=shipped(CHAPTER, "ch3-token-guard"),
    cases=_token_visible,
    hint="For every step so far add what was sent (tokens) and what the model wrote back "
         "(reply_tokens); stop when that sum is greater than the budget.",
)

STOPPED = "the first step with an action whose bill passes the budget"
NOT_PASSED = "a bill exactly on the budget has not passed it"
ANSWER_FIRST = "an answer is not an action: a guard never stops it → None"
HAND_OVER_FIRST = "a hand-over is not an action: a guard never stops it → None"
WITHIN = "a run whose bill stays within the budget → None"


def _stop_case(task: str, budget: int, label: str, rule: str) -> Case:
    return Case({"task": task, "budget": budget}, label, rule=rule)


def _probe_stop(fn: Any, case: dict) -> Any:
    return fn(case["task"], case["budget"])


def _judge_stop(case: dict, expected: int | None, output: Any) -> str | None:
    if output is not None and type(output) is not int:
        return f"answer with a step number (an int) or None, got {output!r}"
    if output == expected:
        return None
    if expected is None:
        return f"the budget stops nothing on this run: expected None, got {output!r}"
    return f"the budget stops this run on step {expected}, not {output!r}"


BUDGET_STOP = Check(
    id="ch3-budget-stop",
    answer="budget_stop_step",
    title="budget_stop_step(task, budget): where the office's budget stops the support agent",
    answered_by=GUARD_MODULES,
    probe=_probe_stop,
    judge=_judge_stop,
    facts=shipped(CHAPTER, "ch3-budget-stop"),
    cases=lambda: [
        _stop_case(COURIER, 300, "the courier task, budget 300", STOPPED),
        _stop_case(COURIER, 246, "the courier task, budget 246", NOT_PASSED),
        _stop_case(COURIER, 225, "the courier task, budget 225", STOPPED),
        _stop_case(EXAMPLE_TASKS["return 1187"], 300, "the return of 1187, budget 300",
                   ANSWER_FIRST),
        _stop_case(EXAMPLE_TASKS["return 1187"], 250, "the return of 1187, budget 250",
                   STOPPED),
        _stop_case(EXAMPLE_TASKS["compensation 1042"], 200, "the compensation, budget 200",
                   HAND_OVER_FIRST),
        _stop_case(EXAMPLE_TASKS["return 1042"], 300, "the return of 1042, budget 300",
                   WITHIN),
    ],
    hint="Run the support agent with your token_budget(budget) as its guard: if the run's "
         "exit is the guard's, it stopped on its last step; otherwise nothing was stopped.",
)

# --- exercise 3: fix the compact loop -----------------------------------------------------------

ANSWER_ENDS = "an answer ends the run: no line follows its end: line"
LAST_STEP_ANSWER = "an answer on the last allowed step is still an answer"
CUT_OFF_ENDS = "a reply with neither an answer nor an action (max_tokens) ends with its end: " \
               "line too"
SEVERAL_THEN_ANSWER = "a reply with several actions runs and logs each; the answer after " \
                      "it ends the run"
HAND_OVER = "hand_to_human is not run: the run stops with the model's reason"
HAND_OVER_AFTER_ACTION = "an action before hand_to_human in the same reply is run; then the " \
                         "hand-over ends the run"
LIMIT = "max_steps steps without an answer end with the step-limit line"
SEVERAL_LIMIT = "several actions a step, each one logged, until the step limit"
ERROR_LABEL = "an error observation is logged as observation (error)"

CUT_OFF_SCRIPT = [act(1, GET_ORDER_STATUS, "1187", "I check the order."),
                  reply([text_block("The order 1187 is")], "max_tokens")]
REFUND_SCRIPT = [reply([text_block("I pay the money back."),
                        tool_use_block("call_1", "refund_money", {"order_id": "1187"})],
                       TOOL_USE)]
BOTH_ORDERS_SCRIPT = [
    reply([text_block("I look at both orders."),
           tool_use_block("call_1", GET_ORDER_STATUS, {"order_id": "1187"}),
           tool_use_block("call_2", GET_ORDER_STATUS, {"order_id": "1042"})], TOOL_USE),
    answer("1187 was delivered on 26.10; 1042 is expected on 03.11."),
]
RETURN_AND_HUMAN_SCRIPT = [
    reply([text_block("I open the return, and the refund is for an employee."),
           tool_use_block("call_1", OPEN_RETURN_REQUEST, {"order_id": "1187"}),
           tool_use_block("call_2", HAND_TO_HUMAN, {"reason": "a refund on top of the return"}),
           ], TOOL_USE),
]
ASK_TWICE_SCRIPT = [
    reply([text_block("I ask the courier and the shop."),
           tool_use_block(f"call_{2 * n - 1}", ESTIMATE_DELIVERY, {"order_id": "1042"}),
           tool_use_block(f"call_{2 * n}", GET_ORDER_STATUS, {"order_id": "1042"})], TOOL_USE)
    for n in (1, 2)
]


def lines_case(task: str, max_steps: int, replies: list[Reply] | None, label: str,
               rule: str) -> Case:
    return Case({"task": task, "max_steps": max_steps, "replies": replies}, label, rule=rule)


def _seed_lines_case(label: str, rule: str, max_steps: int = MAX_STEPS) -> Case:
    return lines_case(EXAMPLE_TASKS[label], max_steps, None, f"{label}, max_steps={max_steps}",
                      rule)


def _probe_lines(fn: Any, case: dict) -> Any:
    return fn(model_of(case), case["task"], case["max_steps"])


def _judge_lines(case: dict, expected: list[str], output: Any) -> str | None:
    if output == expected:
        return None
    if not isinstance(output, list):
        return f"expected a list of log lines, got {output!r}"
    for number, (want, got) in enumerate(zip(expected, output, strict=False), start=1):
        if want != got:
            return f"line {number} is {got!r}; expected {want!r}"
    return (f"the log has {len(output)} lines; expected {len(expected)} "
            f"(the last should be {expected[-1]!r})")


FIX_LOOP_ANSWERS = Check(
    id="ch3-fix-loop-answers",
    answer="run_agent_lines",
    title="the fixed loop ends a run on a reply without an action",
    probe=_probe_lines,
    judge=_judge_lines,
    facts=shipped(CHAPTER, "ch3-fix-loop-answers"),
    cases=lambda: [
        _seed_lines_case("return 1187", ANSWER_ENDS),
        _seed_lines_case("return 1042", ANSWER_ENDS),
        _seed_lines_case("return 1187", LAST_STEP_ANSWER, max_steps=3),
        lines_case("Is 1187 here, and where is 1042?", 5, BOTH_ORDERS_SCRIPT,
                   "a scripted reply asking for two statuses at once, then an answer",
                   SEVERAL_THEN_ANSWER),
        lines_case("I want to return order 1187.", 5, CUT_OFF_SCRIPT,
                   "a scripted reply cut off by max_tokens on step 2", CUT_OFF_ENDS),
    ],
    hint="After the 'end:' line the run is over: nothing may follow it, not even the "
         "step-limit line. Which statement leaves the function, and which only the loop?",
)

FIX_LOOP_EXITS = Check(
    id="ch3-fix-loop-exits",
    answer="run_agent_lines",
    title="the fixed loop ends every run the right way: an answer, a hand-over, the limit",
    probe=_probe_lines,
    judge=_judge_lines,
    facts=shipped(CHAPTER, "ch3-fix-loop-exits"),
    cases=lambda: [
        _seed_lines_case("compensation 1042", HAND_OVER),
        lines_case("I want my money back for 1187.", 5, RETURN_AND_HUMAN_SCRIPT,
                   "a scripted reply: a return request, then hand_to_human",
                   HAND_OVER_AFTER_ACTION),
        _seed_lines_case("courier 1042", LIMIT),
        _seed_lines_case("courier 1042", LIMIT, max_steps=2),
        lines_case(COURIER, 2, ASK_TWICE_SCRIPT,
                   "a scripted model asking for two actions a step, max_steps=2",
                   SEVERAL_LIMIT),
        lines_case("I want my money back for 1187.", 1, REFUND_SCRIPT,
                   "a scripted refund_money call, max_steps=1", ERROR_LABEL),
        _seed_lines_case("return 1187", ANSWER_ENDS),
    ],
    hint="hand_to_human stops the run without running it, after the actions before it in "
         "the same reply; max_steps steps without an answer end with the step-limit line; "
         "an answer still ends the run on its end: line.",
)

# --- exercise 4: report a run's exit honestly ---------------------------------------------------

REPORT_KEYS = ("exit", "step", "answer", "requests")
REPORT_ANSWERED = "an answer: exit end_turn, the step it came on, the answer's text"
REPORT_CUT_SHORT = "a run cut short keeps its return request pending, and has no answer"
REPORT_HANDED_OVER = "a hand-over: exit hand_to_human, no answer"
REPORT_LIMIT = "the step limit: exit max_steps on the last step, no answer"


def _probe_report(fn: Any, case: dict) -> Any:
    return fn(case["task"], case["max_steps"])


def _judge_report(keys: tuple[str, ...], expected: dict[str, Any], output: Any) -> str | None:
    if not isinstance(output, dict) or set(output) != set(REPORT_KEYS):
        return f"return a dict with the keys {', '.join(REPORT_KEYS)}; got {output!r}"
    for key in keys:
        if output[key] != expected[key] or type(output[key]) is not type(expected[key]):
            return f"{key} is {output[key]!r}; the run says {expected[key]!r}"
    return None


def _judge_report_exit(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    return _judge_report(("exit", "step"), expected, output)


def _judge_report_honest(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    return _judge_report(("answer", "requests"), expected, output)


def _visible_reports() -> list[Case]:
    def case(label: str, max_steps: int, text: str, rule: str) -> Case:
        return Case({"task": EXAMPLE_TASKS[label], "max_steps": max_steps}, text, rule=rule)

    return [
        case("return 1042", 5, "the return of the undelivered 1042", REPORT_ANSWERED),
        case("return 1187", 5, "the return of 1187", REPORT_ANSWERED),
        case("return 1187", 2, "the return of 1187 with max_steps=2", REPORT_CUT_SHORT),
        case("compensation 1042", 5, "the compensation", REPORT_HANDED_OVER),
        case("courier 1042", 3, "the courier task with max_steps=3", REPORT_LIMIT),
    ]


_REPORT_HINT = ("Read it off the transcript: exit, ended_on, answer (None unless the model "
                "answered) and the ids of the pending return requests.")

EXIT_REPORT_EXIT = Check(
    id="ch3-exit-report-exit",
    answer="exit_report",
    title="exit_report(task) names the exit the run really took, and its step",
    probe=_probe_report,
    judge=_judge_report_exit,
    facts=shipped(CHAPTER, "ch3-exit-report-exit"),
    cases=_visible_reports,
    hint=_REPORT_HINT,
)

EXIT_REPORT_ANSWER = Check(
    id="ch3-exit-report-honest",
    answer="exit_report",
    title="exit_report(task) gives the answer only if there was one, and the open requests",
    probe=_probe_report,
    judge=_judge_report_honest,
    facts=shipped(CHAPTER, "ch3-exit-report-honest"),
    cases=_visible_reports,
    hint=_REPORT_HINT,
)

# --- exercise 5: an honest hand-over note ---------------------------------------------------------

# What a note claims, in its own words (quoted answers and reasons do not count).
CLAIMS = {
    ANSWERED: re.compile(r"\b(answered|resolved|solved)\b", re.I),
    STEP_LIMIT: re.compile(r"\bstep limit\b", re.I),
    GUARDED: re.compile(r"\bguard\b", re.I),
    MODEL_STOPPED: re.compile(r"\bcut off\b", re.I),
    HANDED_OVER: re.compile(r"\basked\b", re.I),
}
CLAIM_WORDS = {ANSWERED: "answered", STEP_LIMIT: "step limit", GUARDED: "guard",
               MODEL_STOPPED: "cut off", HANDED_OVER: "asked"}
CROSS_CLAIMS = (ANSWERED, STEP_LIMIT, GUARDED, MODEL_STOPPED)  # never said of another exit
QUOTED_REASON = (HANDED_OVER, GUARDED, MODEL_STOPPED)          # the reason says what happened
TAKE_OVER = re.compile(r"\btakes? over\b", re.I)
REQUEST_ID = re.compile(r"\bR-\d+\b")
MONEY = re.compile(r"\brefund\w*|\bmoney\b|\bpaid\b|\bpay\w*", re.I)

EXIT_RULES = {
    ANSWERED: "an answer: say answered and the step; nobody takes over",
    STEP_LIMIT: "the step limit: say step limit and the step; an employee takes over",
    HANDED_OVER: "a hand-over: say the model asked, quote its reason; an employee takes over",
    GUARDED: "a guard: say guard, quote its reason; an employee takes over",
    MODEL_STOPPED: "a cut-off reply: say cut off, quote the stop reason; an employee takes "
                   "over",
}
REQUESTS_WAITING = "requests are waiting: name each one, invent none, no money words"
NO_REQUESTS = "no request was opened: name none, no money words"


def note_input(task: str, max_steps: int = MAX_STEPS, orders: dict | None = None,
               replies: list[Reply] | None = None, guard: dict | None = None) -> dict:
    """A run a note is written for; `guard` is {"step": n, "reason": text}: a guard that
    objects on step n with that reason."""
    return {"task": task, "max_steps": max_steps, "orders": orders, "replies": replies,
            "guard": guard}


def note_transcript(case: dict) -> Transcript:
    """The run a note case describes, rebuilt the same way on both sides."""
    guards = []
    if case["guard"] is not None:
        at, reason = case["guard"]["step"], case["guard"]["reason"]
        guards.append(lambda steps: reason if len(steps) == at else None)
    shop = Shop(case["orders"]) if case["orders"] else None
    return run_agent(model_of(case), case["task"], case["max_steps"], guards, shop)


def exit_rule(case: dict) -> str:
    return EXIT_RULES[note_transcript(case).exit]


def requests_rule(case: dict) -> str:
    return REQUESTS_WAITING if note_transcript(case).pending else NO_REQUESTS


def _probe_note(fn: Any, case: dict) -> Any:
    return fn(note_transcript(case))


def _own_words(note: str, transcript: Transcript) -> str:
    """The note without the model's answer or the run's reason, which it may quote."""
    for quoted in sorted({transcript.reason, transcript.answer or ""}, key=len, reverse=True):
        if quoted:
            note = note.replace(quoted, " ")
    return note


def _note_text(output: Any) -> str | None:
    if type(output) is not str or not output.strip():
        return f"expected a non-empty str, got {output!r}"
    if len(output) > 300:
        return "keep the note under 300 characters"
    return None


def _judge_note_exit(case: dict, facts: None, output: Any) -> str | None:
    problem = _note_text(output)
    if problem:
        return problem
    transcript = note_transcript(case)
    exit_, own, step = transcript.exit, _own_words(output, transcript), transcript.ended_on
    for other in CROSS_CLAIMS:
        found = CLAIMS[other].search(own) if other != exit_ else None
        if found:
            return f"this run's exit is {exit_}, but the note says {found[0]!r}"
    take_over = TAKE_OVER.search(own)
    if exit_ == ANSWERED and take_over:
        return f"the customer was answered: nobody must take over, but the note says " \
               f"{take_over[0]!r}"
    if not CLAIMS[exit_].search(own):
        return f"this run's exit is {exit_}: the note must say {CLAIM_WORDS[exit_]!r}"
    if not re.search(rf"\bstep {step}\b", output):
        return f"say which step the run ended on (step {step})"
    if exit_ != ANSWERED and not take_over:
        return "the customer has no answer: say that an employee must take over"
    if exit_ in QUOTED_REASON and transcript.reason not in output:
        return f"quote the run's reason: {transcript.reason!r}"
    return None


def _judge_note_requests(case: dict, facts: None, output: Any) -> str | None:
    # The requests are part of an honest note, never a note on their own.
    problem = _judge_note_exit(case, facts, output)
    if problem:
        return problem
    transcript = note_transcript(case)
    own = _own_words(output, transcript)
    pending = [request["id"] for request in transcript.pending]
    missing = [rid for rid in pending if not re.search(rf"\b{rid}\b", output)]
    if missing:
        return f"name every return request waiting for approval; missing {', '.join(missing)}"
    invented = sorted(set(REQUEST_ID.findall(own)) - set(pending))
    if invented:
        return f"the run opened no request {', '.join(invented)}"
    money = MONEY.search(own)
    if money:
        return f"the agent moves no money; leave it out of the note (it says {money[0]!r})"
    return None


VISIBLE_NOTES = (
    ("the return of 1187", note_input(EXAMPLE_TASKS["return 1187"])),
    ("the return of the undelivered 1042", note_input(EXAMPLE_TASKS["return 1042"])),
    ("the courier task", note_input(EXAMPLE_TASKS["courier 1042"])),
    ("the compensation", note_input(EXAMPLE_TASKS["compensation 1042"])),
    ("the return of 1187 with max_steps=2", note_input(EXAMPLE_TASKS["return 1187"], 2)),
    ("the courier task, a guard objects on step 2",
     note_input(EXAMPLE_TASKS["courier 1042"],
                guard={"step": 2, "reason": "same action twice → to an employee"})),
    ("a reply cut off by max_tokens",
     note_input("I want to return order 1187.", replies=CUT_OFF_SCRIPT)),
)


def _visible_notes(rule: Any) -> Any:
    return lambda: [Case(data, label, rule=rule(data)) for label, data in VISIBLE_NOTES]


_NOTE_HINT = ("Branch on transcript.exit. Say the exit's words (answered, step limit, asked, "
              "guard, cut off) and the step; unless the customer was answered, say an "
              "employee must take over and quote transcript.reason; name every id in "
              "transcript.pending; never mention money.")

NOTE_EXIT = Check(
    id="ch3-note-exit",
    answer="handover_note",
    title="handover_note(transcript) says how the run ended, and claims nothing else",
    probe=_probe_note,
    judge=_judge_note_exit,
    facts=no_facts,  # the rules alone judge a note
    cases=_visible_notes(exit_rule),
    hint=_NOTE_HINT,
)

NOTE_REQUESTS = Check(
    id="ch3-note-requests",
    answer="handover_note",
    title="handover_note(transcript), an honest note that also names the requests waiting",
    probe=_probe_note,
    judge=_judge_note_requests,
    facts=no_facts,
    cases=_visible_notes(requests_rule),
    hint=_NOTE_HINT,
)

CHECKS = (REPEATED_GUARD, REPEATED_RUNS, TOKEN_GUARD, BUDGET_STOP, FIX_LOOP_ANSWERS,
          FIX_LOOP_EXITS, EXIT_REPORT_EXIT, EXIT_REPORT_ANSWER, NOTE_EXIT, NOTE_REQUESTS)
