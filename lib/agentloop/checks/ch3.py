"""Chapter 3's checks: two guards, a budget's stopping step, a fixed loop, a run's report
and a hand-over note.

    exercise                                  checks
    1  repeated_action(steps)                 ch3-repeated-guard, ch3-repeated-runs
    2  token_budget(budget)                   ch3-token-guard
       budget_stop_step(task, budget)         ch3-budget-stop
    3  run_agent_lines(model, task, steps)    ch3-fix-loop-answers, ch3-fix-loop-exits
    4  exit_report(task, max_steps)           ch3-exit-report-exit, ch3-exit-report-honest
    5  handover_note(transcript)              ch3-note-exit, ch3-note-requests

Each check's id is the grade_id of a test cell in chapters/03_plan_action_observation.ipynb.
Probes run the learner's object and record plain data — a guard's verdicts, a run's
steps and exit, a log's lines, a note; verify recomputes the same with the reference
answers kept in this module (never with the library's guards). The library's own guards
are each guard check's `withhold`, and `run_agent` is withheld while the loop is probed:
an answer that calls them earns nothing. Hidden cases come from a seeded random source —
other histories, orders, wordings, budgets and scripted models — and every hidden case
names the rule it tests; the visible cases show each rule once.
"""

from __future__ import annotations

import random
import re
from typing import Any

from agentloop import guards as library_guards
from agentloop.agent import (
    ANSWERED,
    GUARDED,
    HANDED_OVER,
    MAX_STEPS,
    MODEL_STOPPED,
    STEP_LIMIT,
    SYSTEM,
    Step,
    Transcript,
    run_agent,
)
from agentloop.checks.core import Case, Check
from agentloop.checks.legacy import Verify
from agentloop.checks.withhold import withheld
from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    describe_action,
    message,
    reply,
    text_block,
    text_of,
    tool_use_block,
    tool_use_of,
)
from agentloop.models import ScriptedModel, SupportModel
from agentloop.shop import (
    DELIVERED,
    ESTIMATE_DELIVERY,
    EXAMPLE_TASKS,
    GET_ORDER_STATUS,
    HAND_TO_HUMAN,
    OPEN_RETURN_REQUEST,
    SHIPPED,
    TOOLS,
    Shop,
)

RUNNING_TOOLS = (GET_ORDER_STATUS, ESTIMATE_DELIVERY, OPEN_RETURN_REQUEST)
COURIER = EXAMPLE_TASKS["courier 1042"]
# The library's own guards answer exercises 1 and 2: withheld while an answer runs.
LIBRARY_GUARDS = (library_guards.repeated_action, library_guards.token_budget)


# --- the reference answers ----------------------------------------------------------------

def repeated_action(steps: list[dict[str, Any]]) -> str | None:
    """Exercise 1: a reason when the last action repeats the one just before it."""
    if len(steps) >= 2 and (steps[-1]["tool"], steps[-1]["input"]) == \
            (steps[-2]["tool"], steps[-2]["input"]):
        return "same action twice → to an employee"
    return None


def token_budget(budget: int) -> Any:
    """Exercise 2: a guard that objects once the tokens sent so far pass `budget`."""
    def guard(steps: list[dict[str, Any]]) -> str | None:
        total = sum(step["tokens"] for step in steps)
        return f"token budget passed ({total} > {budget})" if total > budget else None
    return guard


def budget_stop_step(task: str, budget: int) -> int | None:
    """Exercise 2: where token_budget(budget) stops the support agent, or None."""
    transcript = run_agent(SupportModel(), task, guards=[token_budget(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None


def run_agent_lines(model: Any, task: str, max_steps: int = MAX_STEPS) -> list[str]:
    """Exercise 3: the colleague's compact loop with its bug fixed."""
    shop = Shop()
    history = [message("user", task)]
    lines = [f"task: {task}"]
    for step in range(1, max_steps + 1):
        answer = model.create(SYSTEM, history, TOOLS)
        text = text_of(answer)
        head = f"  step {step}. "
        if answer["stop_reason"] != TOOL_USE:
            lines.append(head + "end: " + text)
            return lines
        use = tool_use_of(answer)
        lines.append(head + "plan: " + text)
        lines.append("    action: " + describe_action(use))
        if use["name"] == HAND_TO_HUMAN:
            lines.append("  stopping: needs a human — " + use["input"]["reason"])
            return lines
        history.append(message("assistant", answer["content"]))
        result = shop.run_tool(use)
        label = "observation (error)" if result["is_error"] else "observation"
        lines.append(f"    {label}: " + result["content"])
        history.append(message("user", [result]))
    lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines


def exit_report(task: str, max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """Exercise 4: how a run of the support agent ended, read off its transcript."""
    transcript = run_agent(SupportModel(), task, max_steps)
    return {"exit": transcript.exit, "step": transcript.ended_on, "answer": transcript.answer,
            "requests": [request["id"] for request in transcript.pending]}


def handover_note(transcript: Transcript) -> str:
    """Exercise 5: the note an employee reads when a run ends."""
    step = f"step {transcript.ended_on}"
    if transcript.exit == ANSWERED:
        note = f"The customer was answered on {step}."
    elif transcript.exit == STEP_LIMIT:
        note = f"The step limit ended the run on {step}: an employee must take over."
    elif transcript.exit == HANDED_OVER:
        note = f"On {step} the model asked for a person ({transcript.reason}): " \
               "an employee must take over."
    elif transcript.exit == GUARDED:
        note = f"A guard stopped the action on {step} ({transcript.reason}): " \
               "an employee must take over."
    else:
        note = f"The reply was cut off on {step} ({transcript.reason}): " \
               "an employee must take over."
    requests = [request["id"] for request in transcript.pending]
    if requests:
        note += f" Waiting for approval: {', '.join(requests)}."
    return note


# --- generated inputs -------------------------------------------------------------------------

def _order_id(rng: random.Random) -> str:
    """An order number the default shop does not know (its orders are 1187 and 1042)."""
    return str(rng.randint(2000, 9999))


def _orders(rng: random.Random) -> dict[str, dict[str, str]]:
    orders: dict[str, dict[str, str]] = {}
    while len(orders) < 3:
        orders[str(rng.randint(2000, 9999))] = {
            "status": rng.choice((DELIVERED, SHIPPED)),
            "date": f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}",
        }
    return orders


# Wordings the chapter never shows: the token counts, and so the budget's step, change.
TASK_TEMPLATES = {
    "return": ("I want to return order {o}.", "Order {o} arrived broken. I want to return it.",
               "Can I return the shoes from {o}?",
               "Please help me return {o}, it is the wrong size.",
               "The lamp in order {o} does not work; I would like to return it."),
    "compensation": ("I want {n} EUR compensation because {o} is late.",
                     "Order {o} is a week late; I ask for compensation.",
                     "{o} came damaged. I expect compensation of {n} EUR."),
    "courier": ("When does {o} arrive? The courier said it is today.",
                "The courier never came. When will {o} arrive?",
                "Where is my parcel {o}? When will it arrive?",
                "Is {o} going to arrive before Friday? The courier app says nothing new."),
    "other": ("Thank you, that was quick!", "Have a nice day.", "Do you sell gift cards?"),
}


def _task(rng: random.Random, order_id: str, intent: str | None = None) -> str:
    intent = intent or rng.choice(list(TASK_TEMPLATES))
    return rng.choice(TASK_TEMPLATES[intent]).format(o=order_id, n=rng.choice((5, 10, 20, 50)))


def _default_shop_task(rng: random.Random, intents: tuple[str, ...] = tuple(TASK_TEMPLATES)
                       ) -> str:
    """A task about 1187, 1042 or an unknown order, for code that uses the default shop."""
    return _task(rng, rng.choice(["1187", "1042", "1042", _order_id(rng)]),
                 rng.choice(intents))


def _guard_step(number: int, tool: str, order_id: str, tokens: int,
                executed: bool = True) -> dict[str, Any]:
    return {"step": number, "plan": f"Plan for step {number}.", "tool": tool,
            "input": {"order_id": order_id}, "tokens": tokens,
            "observation": f"{order_id} — an observation" if executed else None,
            "is_error": False if executed else None}


def _steps(actions: list[tuple[str, str]], tokens: list[int] | None = None) -> list[dict]:
    """A guard's view of a run: one step per action, the last one not run yet."""
    tokens = tokens or [100 + 20 * i for i in range(len(actions))]
    last = len(actions) - 1
    return [_guard_step(i + 1, tool, order, tokens[i], executed=i < last)
            for i, (tool, order) in enumerate(actions)]


def _run_case(task: str, max_steps: int = MAX_STEPS, orders: dict | None = None,
              budget: int | None = None) -> dict[str, Any]:
    return {"task": task, "max_steps": max_steps, "orders": orders, "budget": budget}


def _run(case: dict, guard: Any) -> Transcript:
    shop = Shop(case["orders"]) if case["orders"] else None
    return run_agent(SupportModel(), case["task"], case["max_steps"], [guard], shop)


def run_summary(transcript: Transcript) -> dict[str, Any]:
    """What a run did, as plain data: its exit, last step, the actions run, the requests."""
    return {
        "exit": transcript.exit,
        "ended_on": transcript.ended_on,
        "executed": [describe_action(s.action) for s in transcript.steps
                     if s.action is not None and s.observation is not None],
        "pending": [r["id"] for r in transcript.pending],
    }


def _compare_runs(expected: dict, output: Any) -> str | None:
    if output == expected:
        return None
    if not isinstance(output, dict):
        return f"expected a run summary, got {output!r}"
    for key, what in (("exit", "the run ended with"), ("ended_on", "the run ended on step"),
                      ("executed", "the actions run were")):
        if output.get(key) != expected[key]:
            return f"{what} {output.get(key)!r}; expected {expected[key]!r}"
    return f"expected {expected!r}, got {output!r}"


def _verify_verdict(expected_stop: bool, output: Any) -> str | None:
    if expected_stop:
        if type(output) is str and output.strip():
            return None
        return f"this action must be stopped: return a reason (a non-empty str), got {output!r}"
    if output is None:
        return None
    return f"this action may run: return None, got {output!r}"


def _probe_guard(guard: Any, case: dict) -> Any:
    return guard(case["steps"])


def _probe_run(guard: Any, case: dict) -> Any:
    return run_summary(_run(case, guard))


# --- exercise 1: the repeated-action guard ----------------------------------------------------

FIRST = "a first step has nothing to repeat → None"
SAME = "the same tool with the same input as the step before → a reason (plans may differ)"
OTHER_INPUT = "the same tool with another input → None"
OTHER_TOOL = "another tool with the same input → None"
APART = "the same action two steps apart is not a repeat → None"


def _repeated_history(rng: random.Random, rule: str) -> list[dict]:
    orders = [_order_id(rng), _order_id(rng)]
    while orders[0] == orders[1]:
        orders[1] = _order_id(rng)
    length = 1 if rule == FIRST else rng.randint(3 if rule == APART else 2, 5)
    actions = [(rng.choice(RUNNING_TOOLS), rng.choice(orders)) for _ in range(length)]
    tool, order = actions[-2] if length >= 2 else actions[-1]
    if rule == SAME:
        actions[-1] = (tool, order)
    elif rule == OTHER_INPUT:
        actions[-1] = (tool, next(o for o in orders if o != order))
    elif rule == OTHER_TOOL:
        actions[-1] = (next(t for t in RUNNING_TOOLS if t != tool), order)
    elif rule == APART:
        actions[-1] = actions[-3]
        if actions[-2] == actions[-1]:
            actions[-2] = (next(t for t in RUNNING_TOOLS if t != actions[-1][0]), order)
    return _steps(actions, [rng.randint(60, 200) for _ in actions])


def _repeated_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(40):
        rule = (FIRST, SAME, SAME, OTHER_INPUT, OTHER_TOOL, APART)[number % 6]
        cases.append(Case({"steps": _repeated_history(rng, rule)},
                          f"generated history {number + 1}", rule=rule))
    return cases


def _repeated_facts(case: dict) -> bool:
    """Must the last action be stopped?"""
    return repeated_action(case["steps"]) is not None


def _judge_verdict(case: dict, expected_stop: bool, output: Any) -> str | None:
    return _verify_verdict(expected_stop, output)


_verify_repeated = Verify(_judge_verdict, _repeated_facts)


REPEATED_GUARD = Check(
    id="ch3-repeated-guard",
    answer="repeated_action",
    title="repeated_action() stops the same action asked twice in a row",
    probe=_probe_guard,
    verify=_verify_repeated,
    reference=repeated_action,
    cases=lambda: [
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042")])}, "the first step", rule=FIRST),
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042")] * 2)},
             "estimate_delivery(1042) twice, with different plans and tokens", rule=SAME),
        Case({"steps": _steps([(GET_ORDER_STATUS, "1187"), (GET_ORDER_STATUS, "1042")])},
             "get_order_status of 1187, then of 1042", rule=OTHER_INPUT),
        Case({"steps": _steps([(GET_ORDER_STATUS, "1187"), (OPEN_RETURN_REQUEST, "1187")])},
             "get_order_status(1187), then open_return_request(1187)", rule=OTHER_TOOL),
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042"), (GET_ORDER_STATUS, "1042"),
                               (ESTIMATE_DELIVERY, "1042")])},
             "estimate_delivery(1042) on steps 1 and 3", rule=APART),
    ],
    hidden=_repeated_cases,
    withhold=LIBRARY_GUARDS,
    hint="Compare the last step with the one before it: the same tool AND the same input.",
)


def _run_rule(transcript: Transcript) -> str:
    return {
        GUARDED: "an identical second call is stopped before it runs",
        ANSWERED: "a run whose actions differ goes on to its answer",
        HANDED_OVER: "a hand-over ends the run; the guard has nothing to stop",
        STEP_LIMIT: "the step limit still ends a run that never repeats in time",
    }[transcript.exit]


def _seed_run_cases() -> list[Case]:
    runs = [(f"{label}: {task!r}", _run_case(task)) for label, task in EXAMPLE_TASKS.items()]
    runs.append(("the courier task with max_steps=1", _run_case(COURIER, max_steps=1)))
    return [Case(case, label, rule=_run_rule(_run(case, repeated_action)))
            for label, case in runs]


def _generated_runs(rng: random.Random, count: int, budgets: bool = False) -> list[dict]:
    runs = []
    for _ in range(count):
        orders = _orders(rng)
        order_id = rng.choice(list(orders))
        # Every task asks for an action, so the guard is consulted in every run.
        task = _task(rng, order_id, rng.choice(("return", "compensation", "courier")))
        budget = rng.randint(80, 700) if budgets else None
        runs.append(_run_case(task, rng.randint(1, 5), orders, budget))
    return runs


def _repeated_run_cases(rng: random.Random) -> list[Case]:
    return [Case(case, f"generated run {number + 1}: {case['task']!r}",
                 rule=_run_rule(_run(case, repeated_action)))
            for number, case in enumerate(_generated_runs(rng, 25))]


def _repeated_run_facts(case: dict) -> dict[str, Any]:
    return run_summary(_run(case, repeated_action))


def _judge_run(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    return _compare_runs(expected, output)


_verify_repeated_run = Verify(_judge_run, _repeated_run_facts)


REPEATED_RUNS = Check(
    id="ch3-repeated-runs",
    answer="repeated_action",
    title="with repeated_action, the agent stops before running an identical second call",
    probe=_probe_run,
    verify=_verify_repeated_run,
    reference=repeated_action,
    cases=_seed_run_cases,
    hidden=_repeated_run_cases,
    withhold=LIBRARY_GUARDS,
    hint="The guard runs before the action: on step 2 the repeated call must not be executed.",
)

# --- exercise 2: the token budget ------------------------------------------------------------

BELOW = "a total below the budget → None"
ON_BUDGET = "a total exactly on the budget has not passed it → None"
OVER = "a total one token or more over the budget → a reason"
SUM = "every request counts, not only the last: small requests add up → a reason"
FIRST_OVER = "the first request alone can pass the budget → a reason"
IN_A_RUN = "in a run, the step whose total passes the budget is stopped before its action"


def _budget_case(budget: int, tokens: list[int]) -> dict[str, Any]:
    actions = [(ESTIMATE_DELIVERY, "1042")] * len(tokens)
    return {"kind": "steps", "budget": budget, "steps": _steps(actions, tokens)}


def _budget_rule(budget: int, tokens: list[int]) -> str:
    total = sum(tokens)
    if total < budget:
        return BELOW
    if total == budget:
        return ON_BUDGET
    if len(tokens) == 1:
        return FIRST_OVER
    return SUM if max(tokens) <= budget else OVER


def _budget_cases(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(30):
        tokens = [rng.randint(50, 250) for _ in range(rng.randint(1, 5))]
        total = sum(tokens)
        # Budgets right around the total catch "passes" written as >=.
        budget = max(1, total + rng.choice((-40, -3, -1, 0, 0, 1, 2, 60)))
        cases.append(Case(_budget_case(budget, tokens),
                          f"generated: {len(tokens)} requests, budget {budget}",
                          rule=_budget_rule(budget, tokens)))
    for number, case in enumerate(_generated_runs(rng, 15, budgets=True)):
        cases.append(Case(dict(case, kind="run"), f"generated run {number + 1}", rule=IN_A_RUN))
    return cases


def _probe_budget(factory: Any, case: dict) -> Any:
    guard = factory(case["budget"])
    if case["kind"] == "run":
        return run_summary(_run(case, guard))
    return guard(case["steps"])


def _budget_facts(case: dict) -> Any:
    """The reference guard's run summary (a run), or whether it must stop (a history)."""
    guard = token_budget(case["budget"])
    if case["kind"] == "run":
        return run_summary(_run(case, guard))
    return guard(case["steps"]) is not None


def _judge_budget(case: dict, expected: Any, output: Any) -> str | None:
    if case["kind"] == "run":
        return _compare_runs(expected, output)
    return _verify_verdict(expected, output)


_verify_budget = Verify(_judge_budget, _budget_facts)


TOKEN_GUARD = Check(
    id="ch3-token-guard",
    answer="token_budget",
    title="token_budget(budget) stops a run once the tokens sent pass the budget",
    probe=_probe_budget,
    verify=_verify_budget,
    reference=token_budget,
    cases=lambda: [
        Case(_budget_case(300, [101]), "101 tokens sent, budget 300", rule=BELOW),
        Case(_budget_case(225, [101, 124]), "101 + 124 sent, budget 225", rule=ON_BUDGET),
        Case(_budget_case(224, [101, 124]), "101 + 124 sent, budget 224", rule=OVER),
        Case(_budget_case(300, [101, 124, 143]), "101 + 124 + 143 sent, budget 300", rule=SUM),
        Case(_budget_case(100, [101]), "101 tokens sent, budget 100", rule=FIRST_OVER),
        Case(dict(_run_case(COURIER, budget=300), kind="run"),
             "the courier task with token_budget(300)", rule=IN_A_RUN),
    ],
    hidden=_budget_cases,
    withhold=LIBRARY_GUARDS,
    hint="Add up the tokens of every request so far (each resends the whole history) and "
         "stop when the sum is greater than the budget.",
)

STOPPED = "the first step with an action whose running total passes the budget"
NOT_PASSED = "a running total exactly on the budget has not passed it"
ANSWER_FIRST = "an answer is not an action: a guard never stops it → None"
HAND_OVER_FIRST = "a hand-over is not an action: a guard never stops it → None"
WITHIN = "a run that stays within the budget → None"


def _stop_rule(task: str, budget: int) -> str:
    free = run_agent(SupportModel(), task)  # the same run, with nothing to stop it
    total = 0
    for step in free.steps:
        total += step.tokens
        consulted = step.action is not None and step.action["name"] != HAND_TO_HUMAN
        if consulted and total == budget:
            return NOT_PASSED
        if consulted and total > budget:
            return STOPPED
    if total > budget:
        return ANSWER_FIRST if free.exit == ANSWERED else HAND_OVER_FIRST
    return WITHIN


def _stop_case(task: str, budget: int, label: str) -> Case:
    return Case({"task": task, "budget": budget}, label, rule=_stop_rule(task, budget))


def _stop_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        task = _default_shop_task(rng, ("return", "compensation", "courier"))
        tokens = run_agent(SupportModel(), task).tokens
        totals = [sum(tokens[:n]) for n in range(1, len(tokens) + 1)]
        budget = rng.choice([rng.randint(60, 800), rng.choice(totals),
                             rng.choice(totals) - 1, totals[-1] - 1])
        cases.append(_stop_case(task, max(1, budget), f"generated task {number + 1}, "
                                                      f"budget {max(1, budget)}"))
    return cases


def _probe_stop(fn: Any, case: dict) -> Any:
    return fn(case["task"], case["budget"])


def _stop_facts(case: dict) -> int | None:
    return budget_stop_step(case["task"], case["budget"])


def _judge_stop(case: dict, expected: int | None, output: Any) -> str | None:
    if output is not None and type(output) is not int:
        return f"answer with a step number (an int) or None, got {output!r}"
    if output == expected:
        return None
    if expected is None:
        return f"the budget stops nothing on this run: expected None, got {output!r}"
    return f"the budget stops this run on step {expected}, not {output!r}"


_verify_stop = Verify(_judge_stop, _stop_facts)


BUDGET_STOP = Check(
    id="ch3-budget-stop",
    answer="budget_stop_step",
    title="budget_stop_step(task, budget): where a token budget stops the support agent",
    probe=_probe_stop,
    verify=_verify_stop,
    reference=budget_stop_step,
    cases=lambda: [
        _stop_case(COURIER, 300, "the courier task, budget 300"),
        _stop_case(COURIER, 225, "the courier task, budget 225"),
        _stop_case(EXAMPLE_TASKS["return 1187"], 300, "the return of 1187, budget 300"),
        _stop_case(EXAMPLE_TASKS["compensation 1042"], 200, "the compensation, budget 200"),
        _stop_case(EXAMPLE_TASKS["return 1042"], 300, "the return of 1042, budget 300"),
    ],
    hidden=_stop_cases,
    withhold=LIBRARY_GUARDS,
    hint="Run the support agent with your token_budget(budget) as its guard: if the run's "
         "exit is the guard's, it stopped on its last step; otherwise nothing was stopped.",
)

# --- exercise 3: fix the loop -------------------------------------------------------------------

ANSWER_ENDS = "an answer ends the run: no line follows the end: line"
LAST_STEP_ANSWER = "an answer on the last allowed step is still an answer"
CUT_OFF_ENDS = "a reply with no action and no answer (max_tokens) also ends with its end: line"
HAND_OVER = "hand_to_human is not run: the run stops with the model's reason"
LIMIT = "max_steps steps without an answer end with the step-limit line"
ERROR_LABEL = "an error observation is logged as observation (error)"


def _model(case: dict) -> Any:
    return ScriptedModel(case["replies"]) if case["replies"] else SupportModel()


# The library's loop and its record answer exercise 3, but other answers use run_agent, so
# they are not the check's `withhold` (which the grader seals while every answer cell runs):
# they are withheld only while this probe runs the loop.
LOOP_PARTS = (run_agent, Transcript, Step)


def _probe_lines(fn: Any, case: dict) -> Any:
    model = _model(case)
    with withheld(fn, LOOP_PARTS):
        return fn(model, case["task"], case["max_steps"])


def _lines_facts(case: dict) -> list[str]:
    return run_agent_lines(_model(case), case["task"], case["max_steps"])


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


_verify_lines = Verify(_judge_lines, _lines_facts)


def _scripted(rng: random.Random, ends: str, max_steps: int, actions: int | None = None,
              tools: tuple[str, ...] = (*RUNNING_TOOLS, "refund_money")) -> list[dict]:
    """A script of replies ending with an answer, a cut-off reply, a hand-over, or never."""
    orders = ["1187", "1042", _order_id(rng)]
    replies = []
    if actions is None:
        actions = max_steps if ends == "limit" else rng.randint(0, max_steps - 1)
    for call in range(1, actions + 1):
        tool = rng.choice(tools)
        use = tool_use_block(f"call_{call}", tool, {"order_id": rng.choice(orders)})
        replies.append(reply([text_block(f"Step {call}: I try {tool}."), use], TOOL_USE))
    if ends == "answer":
        replies.append(reply([text_block(rng.choice(["All clear.", "Your order is on its way.",
                                                     "Request noted, thank you."]))],
                             END_TURN))
    elif ends == "cut_off":
        replies.append(reply([text_block(rng.choice(["The order is", "I will now check"]))],
                             "max_tokens"))
    elif ends == "human":
        use = tool_use_block(f"call_{actions + 1}", HAND_TO_HUMAN,
                             {"reason": rng.choice(["an angry customer", "a refund request",
                                                    "a question about an invoice"])})
        replies.append(reply([text_block("An employee should take this."), use], TOOL_USE))
    return replies


def _lines_case(task: str, max_steps: int, replies: list[dict] | None, label: str,
                rule: str) -> Case:
    return Case({"task": task, "max_steps": max_steps, "replies": replies}, label, rule=rule)


def _answer_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(24):
        max_steps = rng.randint(1, 5)
        kind = number % 4
        if kind == 0:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "answer", max_steps), f"scripted run "
                                     f"{number + 1}", ANSWER_ENDS))
        elif kind == 1:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "answer", max_steps, max_steps - 1),
                                     f"scripted run {number + 1}", LAST_STEP_ANSWER))
        elif kind == 2:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "cut_off", max_steps),
                                     f"scripted run {number + 1}", CUT_OFF_ENDS))
        else:
            task = _task(rng, rng.choice(["1187", "1042", _order_id(rng)]),
                         rng.choice(("return", "other")))
            cases.append(_lines_case(task, 5, None, f"support agent on {task!r}",
                                     ANSWER_ENDS))
    return cases


def _exit_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(21):
        max_steps = rng.randint(1, 5)
        kind = number % 3
        if kind == 0:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "human", max_steps), f"scripted run "
                                     f"{number + 1}", HAND_OVER))
        elif kind == 1:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "limit", max_steps, tools=RUNNING_TOOLS),
                                     f"scripted run {number + 1}", LIMIT))
        else:
            cases.append(_lines_case(_task(rng, _order_id(rng)), max_steps,
                                     _scripted(rng, "limit", max_steps,
                                               tools=("refund_money",)),
                                     f"scripted run {number + 1}", ERROR_LABEL))
    for _ in range(6):
        intent = rng.choice(("compensation", "courier"))
        # 1187 is delivered: asked when it arrives, the agent answers. 1042 never arrives.
        task = _task(rng, "1042" if intent == "courier" else rng.choice(["1042", "1187"]),
                     intent)
        max_steps = rng.randint(1, 5)
        rule = HAND_OVER if intent == "compensation" and max_steps > 1 else LIMIT
        cases.append(_lines_case(task, max_steps, None, f"support agent on {task!r}, "
                                                        f"max_steps={max_steps}", rule))
    return cases


def _seed_lines_case(label: str, rule: str, max_steps: int = MAX_STEPS) -> Case:
    return _lines_case(EXAMPLE_TASKS[label], max_steps, None,
                       f"{label}, max_steps={max_steps}", rule)


CUT_OFF_SCRIPT = [reply([text_block("I check the order."),
                         tool_use_block("call_1", GET_ORDER_STATUS, {"order_id": "1187"})],
                        TOOL_USE),
                  reply([text_block("The order 1187 is")], "max_tokens")]
REFUND_SCRIPT = [reply([text_block("I pay the money back."),
                        tool_use_block("call_1", "refund_money", {"order_id": "1187"})],
                       TOOL_USE)]

FIX_LOOP_ANSWERS = Check(
    id="ch3-fix-loop-answers",
    answer="run_agent_lines",
    title="the fixed loop ends a run on a reply without an action",
    probe=_probe_lines,
    verify=_verify_lines,
    reference=run_agent_lines,
    cases=lambda: [
        _seed_lines_case("return 1187", ANSWER_ENDS),
        _seed_lines_case("return 1042", ANSWER_ENDS),
        _seed_lines_case("return 1187", LAST_STEP_ANSWER, max_steps=3),
        _lines_case("I want to return order 1187.", 5, CUT_OFF_SCRIPT,
                    "a scripted reply cut off by max_tokens on step 2", CUT_OFF_ENDS),
    ],
    hidden=_answer_cases,
    hint="After the 'end:' line the run is over: nothing may follow it, not even the "
         "step-limit line. Which statement leaves the function, and which only the loop?",
)

FIX_LOOP_EXITS = Check(
    id="ch3-fix-loop-exits",
    answer="run_agent_lines",
    title="the fixed loop keeps the other two exits",
    probe=_probe_lines,
    verify=_verify_lines,
    reference=run_agent_lines,
    cases=lambda: [
        _seed_lines_case("compensation 1042", HAND_OVER),
        _seed_lines_case("courier 1042", LIMIT),
        _seed_lines_case("courier 1042", LIMIT, max_steps=2),
        _lines_case("I want my money back for 1187.", 1, REFUND_SCRIPT,
                    "a scripted refund_money call, max_steps=1", ERROR_LABEL),
    ],
    hidden=_exit_cases,
    hint="hand_to_human stops the run without running it; max_steps steps without an answer "
         "end with the step-limit line.",
)

# --- exercise 4: report a run's exit honestly ---------------------------------------------------

REPORT_KEYS = ("exit", "step", "answer", "requests")


def _report_rule(task: str, max_steps: int) -> str:
    transcript = run_agent(SupportModel(), task, max_steps)
    if transcript.exit == ANSWERED:
        return "an answer: exit end_turn, the step it came on, the answer's text"
    if transcript.pending:
        return "a run cut short keeps its return request pending, and has no answer"
    if transcript.exit == HANDED_OVER:
        return "a hand-over: exit hand_to_human, no answer"
    return "the step limit: exit max_steps on the last step, no answer"


def _report_case(task: str, max_steps: int, label: str) -> Case:
    return Case({"task": task, "max_steps": max_steps}, label,
                rule=_report_rule(task, max_steps))


def _report_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(24):
        if number % 4 == 3:  # a return of the delivered 1187 cut short after its request
            task, max_steps = _task(rng, "1187", "return"), 2
        else:
            task, max_steps = _default_shop_task(rng), rng.randint(1, 5)
        cases.append(_report_case(task, max_steps, f"generated task {number + 1}, "
                                                   f"max_steps={max_steps}"))
    return cases


def _probe_report(fn: Any, case: dict) -> Any:
    return fn(case["task"], case["max_steps"])


def _report_shape(output: Any) -> str | None:
    if not isinstance(output, dict) or set(output) != set(REPORT_KEYS):
        return f"return a dict with the keys {', '.join(REPORT_KEYS)}; got {output!r}"
    return None


def _report_facts(case: dict) -> dict[str, Any]:
    return exit_report(case["task"], case["max_steps"])


def _judge_report(keys: tuple[str, ...], expected: dict[str, Any], output: Any) -> str | None:
    problem = _report_shape(output)
    if problem:
        return problem
    for key in keys:
        if output[key] != expected[key] or type(output[key]) is not type(expected[key]):
            return f"{key} is {output[key]!r}; the run says {expected[key]!r}"
    return None


def _judge_report_exit(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    return _judge_report(("exit", "step"), expected, output)


def _judge_report_honest(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    return _judge_report(("answer", "requests"), expected, output)


_REPORT_CASES = [
    ("return 1042", 5, "the return of the undelivered 1042"),
    ("return 1187", 5, "the return of 1187"),
    ("return 1187", 2, "the return of 1187 with max_steps=2"),
    ("compensation 1042", 5, "the compensation"),
    ("courier 1042", 3, "the courier task with max_steps=3"),
]


def _visible_reports() -> list[Case]:
    return [_report_case(EXAMPLE_TASKS[label], steps, text) for label, steps, text in
            _REPORT_CASES]


_REPORT_HINT = ("Read it off the transcript: exit, ended_on, answer (None unless the model "
                "answered) and the ids of the pending return requests.")

EXIT_REPORT_EXIT = Check(
    id="ch3-exit-report-exit",
    answer="exit_report",
    title="exit_report(task) names the exit the run really took, and its step",
    probe=_probe_report,
    verify=Verify(_judge_report_exit, _report_facts),
    reference=exit_report,
    cases=_visible_reports,
    hidden=_report_cases,
    hint=_REPORT_HINT,
)

EXIT_REPORT_ANSWER = Check(
    id="ch3-exit-report-honest",
    answer="exit_report",
    title="exit_report(task) gives the answer only if there was one, and the open requests",
    probe=_probe_report,
    verify=Verify(_judge_report_honest, _report_facts),
    reference=exit_report,
    cases=_visible_reports,
    hidden=_report_cases,
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


def _note_transcript(case: dict) -> Transcript:
    """The run a note case describes, rebuilt the same way on both sides."""
    model = ScriptedModel(case["replies"]) if case["replies"] else SupportModel()
    guards = []
    if case["guard"] is not None:
        at, reason = case["guard"]["step"], case["guard"]["reason"]
        guards.append(lambda steps: reason if len(steps) == at else None)
    shop = Shop(case["orders"]) if case["orders"] else None
    return run_agent(model, case["task"], case["max_steps"], guards, shop)


def _probe_note(fn: Any, case: dict) -> Any:
    return fn(_note_transcript(case))


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
    transcript = _note_transcript(case)
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
    transcript = _note_transcript(case)
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


EXIT_RULES = {
    ANSWERED: "an answer: say answered and the step; nobody takes over",
    STEP_LIMIT: "the step limit: say step limit and the step; an employee takes over",
    HANDED_OVER: "a hand-over: say the model asked, quote its reason; an employee takes over",
    GUARDED: "a guard: say guard, quote its reason; an employee takes over",
    MODEL_STOPPED: "a cut-off reply: say cut off, quote the stop reason; an employee takes "
                   "over",
}


def _exit_rule(case: dict) -> str:
    return EXIT_RULES[_note_transcript(case).exit]


def _requests_rule(case: dict) -> str:
    if _note_transcript(case).pending:
        return "requests are waiting: name each one, invent none, no money words"
    return "no request was opened: name none, no money words"


def _note_input(task: str, max_steps: int = MAX_STEPS, orders: dict | None = None,
                replies: list[dict] | None = None, guard: dict | None = None) -> dict:
    return {"task": task, "max_steps": max_steps, "orders": orders, "replies": replies,
            "guard": guard}


GUARD_REASONS = ("order {o} is on the watch list", "a second look is needed for {o}",
                 "token budget passed (412 > 400)", "same action twice → to an employee")


def _note_inputs(rng: random.Random) -> list[dict]:
    inputs = []
    for number in range(30):
        orders = _orders(rng)
        order_id = rng.choice(list(orders))
        if number % 5 == 0:    # the support agent on a generated shop and task
            inputs.append(_note_input(_task(rng, order_id), rng.randint(1, 5), orders))
        elif number % 5 == 1:  # a guard that objects on some step
            task = _task(rng, order_id, rng.choice(("return", "courier")))
            reason = rng.choice(GUARD_REASONS).format(o=order_id)
            inputs.append(_note_input(task, 5, orders,
                                      guard={"step": rng.randint(1, 3), "reason": reason}))
        else:                  # scripted: requests, then an answer, a cut-off, a hand-over
            max_steps = rng.randint(2, 5)
            ends = ("answer", "cut_off", "human", "limit")[number % 4]
            replies = _scripted(rng, ends, max_steps,
                                tools=(OPEN_RETURN_REQUEST, GET_ORDER_STATUS))
            inputs.append(_note_input(_task(rng, "1187"), max_steps, None, replies))
    return inputs


VISIBLE_NOTES = (
    ("the return of 1187", _note_input(EXAMPLE_TASKS["return 1187"])),
    ("the return of the undelivered 1042", _note_input(EXAMPLE_TASKS["return 1042"])),
    ("the courier task", _note_input(EXAMPLE_TASKS["courier 1042"])),
    ("the compensation", _note_input(EXAMPLE_TASKS["compensation 1042"])),
    ("the return of 1187 with max_steps=2", _note_input(EXAMPLE_TASKS["return 1187"], 2)),
    ("the courier task, a guard objects on step 2",
     _note_input(EXAMPLE_TASKS["courier 1042"],
                 guard={"step": 2, "reason": "same action twice → to an employee"})),
    ("a reply cut off by max_tokens",
     _note_input("I want to return order 1187.", replies=CUT_OFF_SCRIPT)),
)


def _note_cases(rule: Any):
    def visible() -> list[Case]:
        return [Case(data, label, rule=rule(data)) for label, data in VISIBLE_NOTES]

    def hidden(rng: random.Random) -> list[Case]:
        return [Case(data, f"generated run {number + 1}", rule=rule(data))
                for number, data in enumerate(_note_inputs(rng))]

    return visible, hidden


_NOTE_HINT = ("Branch on transcript.exit. Say the exit's words (answered, step limit, asked, "
              "guard, cut off) and the step; unless the customer was answered, say an "
              "employee must take over and quote transcript.reason; name every id in "
              "transcript.pending; never mention money.")

NOTE_EXIT = Check(
    id="ch3-note-exit",
    answer="handover_note",
    title="handover_note(transcript) says how the run ended, and claims nothing else",
    probe=_probe_note,
    verify=Verify(_judge_note_exit),
    reference=handover_note,
    cases=_note_cases(_exit_rule)[0],
    hidden=_note_cases(_exit_rule)[1],
    hint=_NOTE_HINT,
)

NOTE_REQUESTS = Check(
    id="ch3-note-requests",
    answer="handover_note",
    title="handover_note(transcript), an honest note that also names the requests waiting",
    probe=_probe_note,
    verify=Verify(_judge_note_requests),
    reference=handover_note,
    cases=_note_cases(_requests_rule)[0],
    hidden=_note_cases(_requests_rule)[1],
    hint=_NOTE_HINT,
)

CHECKS = (REPEATED_GUARD, REPEATED_RUNS, TOKEN_GUARD, BUDGET_STOP, FIX_LOOP_ANSWERS,
          FIX_LOOP_EXITS, EXIT_REPORT_EXIT, EXIT_REPORT_ANSWER, NOTE_EXIT, NOTE_REQUESTS)
# Reference answers by the name a submission defines (used by tests and the benchmark).
REFERENCE = {
    "repeated_action": repeated_action,
    "token_budget": token_budget,
    "budget_stop_step": budget_stop_step,
    "run_agent_lines": run_agent_lines,
    "exit_report": exit_report,
    "handover_note": handover_note,
}
