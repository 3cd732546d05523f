"""Chapter 3's checks, the teacher's edition: the references under the office's revised
rules, the facts of any input, and the hidden cases (histories, runs, shops, wordings,
budgets and scripted models the chapter never shows).

The learner's edition (`agentloop.checks.ch3`) has the visible cases, the probes and the
judges; `CHECKS` here are the same checks completed by `key(...)`.
"""

from __future__ import annotations

import random
from typing import Any

from agentloop.agent import (
    ANSWERED,
    GUARDED,
    HANDED_OVER,
    MAX_STEPS,
    STEP_LIMIT,
    SYSTEM,
    Transcript,
    run_agent,
)
from agentloop.checks.ch3 import (
    ALL_DIFFERENT,
    ANSWER_ENDS,
    ANSWER_FIRST,
    BELOW,
    CUT_OFF_ENDS,
    EARLIER,
    ERROR_LABEL,
    FIRST,
    FIRST_OVER,
    GO,
    HAND_OVER,
    HAND_OVER_AFTER_ACTION,
    HAND_OVER_FIRST,
    IN_A_RUN,
    LAST_STEP_ANSWER,
    LIMIT,
    NOT_PASSED,
    ON_BUDGET,
    OTHER_INPUT,
    OTHER_TOOL,
    OVER,
    REPLIES_COUNT,
    REPORT_ANSWERED,
    REPORT_CUT_SHORT,
    REPORT_HANDED_OVER,
    REPORT_LIMIT,
    RUN_ANSWERED,
    RUN_GUARDED,
    RUN_HANDED_OVER,
    RUN_LIMIT,
    RUNNING_TOOLS,
    SAME,
    SEVERAL_LIMIT,
    SEVERAL_THEN_ANSWER,
    STOP,
    STOPPED,
    SUM,
    WITHIN,
    budget_case,
    exit_rule,
    guard_step,
    lines_case,
    model_of,
    note_input,
    requests_rule,
    run_case,
    run_summary,
    run_with,
)
from agentloop.checks.ch3 import (
    CHECKS as LEARNER_CHECKS,
)
from agentloop.checks.core import Case, no_facts
from agentloop.messages import (
    END_TURN,
    TOOL_USE,
    describe_action,
    message,
    reply,
    text_block,
    text_of,
    tool_use_block,
    tool_uses_of,
)
from agentloop.models import SupportModel
from agentloop.shop import DELIVERED, HAND_TO_HUMAN, SHIPPED, TOOLS, Shop

from . import Lock, key

REPEATED = "same action twice → to an employee"

# --- the reference answers ----------------------------------------------------------------


def repeated_action(steps: list[dict[str, Any]]) -> str | None:
    """Exercise 1, the office's revised rule: the last action (the same tool with the same
    input) was already asked for at some earlier step of the run."""
    if not steps:
        return None
    last = steps[-1]
    if any((step["tool"], step["input"]) == (last["tool"], last["input"])
           for step in steps[:-1]):
        return REPEATED
    return None


def token_budget(budget: int) -> Any:
    """Exercise 2, the office's bill: a guard that objects once the tokens sent and the
    tokens written back, over every step so far, pass `budget`."""
    def guard(steps: list[dict[str, Any]]) -> str | None:
        billed = sum(step["tokens"] + step["reply_tokens"] for step in steps)
        return f"token budget passed ({billed} > {budget}) → to an employee" \
            if billed > budget else None
    return guard


def budget_stop_step(task: str, budget: int) -> int | None:
    """Exercise 2: where token_budget(budget) stops the support agent, or None."""
    transcript = run_agent(SupportModel(), task, guards=[token_budget(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None


def run_agent_lines(model: Any, task: str, max_steps: int = MAX_STEPS) -> list[str]:
    """Exercise 3: the colleague's compact loop, which runs every action of a reply, with its
    bug fixed (an answer returns; it does not merely leave the loop)."""
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
        lines.append(head + "plan: " + text)
        results = []
        for use in tool_uses_of(answer):
            lines.append("    action: " + describe_action(use))
            if use["name"] == HAND_TO_HUMAN:
                lines.append("  stopping: needs a human — " + use["input"]["reason"])
                return lines
            result = shop.run_tool(use)
            label = "observation (error)" if result["is_error"] else "observation"
            lines.append(f"    {label}: " + result["content"])
            results.append(result)
        history.append(message("assistant", answer["content"]))
        history.append(message("user", results))
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


def verdict(reason: str | None) -> str:
    return GO if reason is None else STOP


# --- generated inputs -------------------------------------------------------------------------

def _order_id(rng: random.Random) -> str:
    """An order number the default shop does not know (its orders are 1187 and 1042)."""
    return str(rng.randint(2000, 9999))


def _orders(rng: random.Random) -> dict[str, dict[str, str]]:
    orders: dict[str, dict[str, str]] = {}
    while len(orders) < 3:
        orders[_order_id(rng)] = {
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
ACTING = ("return", "compensation", "courier")  # the intents that ask for an action
PLANS = ("I check the order.", "No change. I ask again.", "I ask the courier for the date.",
         "I look at the order once more.", "Let me see what the shop says.")


def _task(rng: random.Random, order_id: str, intent: str | None = None) -> str:
    intent = intent or rng.choice(list(TASK_TEMPLATES))
    return rng.choice(TASK_TEMPLATES[intent]).format(o=order_id, n=rng.choice((5, 10, 20, 50)))


def _default_shop_task(rng: random.Random, intents: tuple[str, ...] = tuple(TASK_TEMPLATES)
                       ) -> str:
    """A task about 1187, 1042 or an unknown order, for code that uses the default shop."""
    return _task(rng, rng.choice(["1187", "1042", "1042", _order_id(rng)]),
                 rng.choice(intents))


def _distinct_actions(rng: random.Random, count: int, orders: list[str]
                      ) -> list[tuple[str, str]]:
    pool = [(tool, order) for tool in RUNNING_TOOLS for order in orders]
    rng.shuffle(pool)
    return pool[:count]


# --- exercise 1: the repeated-action guard ----------------------------------------------------

def _repeated_actions(rng: random.Random, rule: str) -> list[tuple[str, str]]:
    """Actions whose last one `rule` decides (the earlier ones all differ, as they do in a
    run this guard watches)."""
    orders = [_order_id(rng) for _ in range(3)]
    while len(set(orders)) < 3:
        orders = [_order_id(rng) for _ in range(3)]
    if rule == FIRST:
        return _distinct_actions(rng, 1, orders)
    length = rng.randint(3 if rule == EARLIER else 2, 6)
    earlier = _distinct_actions(rng, length - 1, orders)
    before = earlier[-1]
    if rule == SAME:
        last = before
    elif rule == EARLIER:
        last = earlier[rng.randrange(len(earlier) - 1)]  # never the step just before
    elif rule == OTHER_INPUT:
        unused = [o for o in orders if (before[0], o) not in earlier]
        if not unused:
            return _repeated_actions(rng, rule)
        last = (before[0], rng.choice(unused))
    elif rule == OTHER_TOOL:
        unused = [t for t in RUNNING_TOOLS if (t, before[1]) not in earlier]
        if not unused:
            return _repeated_actions(rng, rule)
        last = (rng.choice(unused), before[1])
    else:  # ALL_DIFFERENT: a new pair of a tool and an order both asked for before
        # in the order first asked (a set's order changes from one process to the next)
        tools = list(dict.fromkeys(t for t, _ in earlier))
        asked = list(dict.fromkeys(o for _, o in earlier))
        fresh = [(t, o) for t in tools for o in asked if (t, o) not in earlier]
        if len(earlier) < 3 or not fresh:
            return _repeated_actions(rng, rule)
        last = rng.choice(fresh)
    return [*earlier, last]


def _repeated_history(rng: random.Random, rule: str) -> list[dict[str, Any]]:
    actions = _repeated_actions(rng, rule)
    last = len(actions) - 1
    steps = [guard_step(i + 1, tool, order, rng.randint(60, 250), rng.randint(5, 40),
                        executed=i < last) for i, (tool, order) in enumerate(actions)]
    for step in steps:  # plans repeat and differ at random: they never decide a repeat
        step["plan"] = rng.choice(PLANS)
    assert (repeated_action(steps) is not None) == (rule in (SAME, EARLIER)), (rule, steps)
    return steps


def _repeated_cases(rng: random.Random) -> list[Case]:
    weights = (FIRST, SAME, EARLIER, EARLIER, EARLIER, OTHER_INPUT, OTHER_TOOL, ALL_DIFFERENT,
               ALL_DIFFERENT)
    cases = []
    for number in range(45):
        rule = weights[number % len(weights)]
        cases.append(Case({"steps": _repeated_history(rng, rule)},
                          f"generated history {number + 1}", rule=rule))
    return cases


def _repeated_facts(case: dict) -> str:
    """Must the last action be stopped?"""
    return verdict(repeated_action(case["steps"]))


RUN_RULES = {GUARDED: RUN_GUARDED, ANSWERED: RUN_ANSWERED, HANDED_OVER: RUN_HANDED_OVER,
             STEP_LIMIT: RUN_LIMIT}


def _scripted_run(rng: random.Random, max_steps: int) -> list[dict[str, Any]]:
    """A scripted model's replies: distinct actions, perhaps one asked for again some steps
    later, then an answer, a hand-over, or nothing (the step limit)."""
    orders = ["1187", "1042", _order_id(rng)]
    actions = _distinct_actions(rng, max_steps, orders)
    if max_steps >= 3 and rng.random() < 0.6:  # a repeat further back than the step before
        at = rng.randint(2, max_steps - 1)      # 0-based position of the repeat
        actions[at] = actions[rng.randrange(at - 1)]
    elif max_steps >= 2 and rng.random() < 0.5:  # a repeat of the step before
        at = rng.randint(1, max_steps - 1)
        actions[at] = actions[at - 1]
    ends = rng.choice(("answer", "human", "limit"))
    # at least one action, so that every run asks the guard something
    length = max_steps if ends == "limit" else rng.randint(1, max_steps - 1)
    replies = [reply([text_block(rng.choice(PLANS)),
                      tool_use_block(f"call_{n}", tool, {"order_id": order})], TOOL_USE)
               for n, (tool, order) in enumerate(actions[:length], start=1)]
    if ends == "answer":
        replies.append(reply([text_block("Everything is noted, thank you.")], END_TURN))
    elif ends == "human":
        replies.append(reply([text_block("An employee should take this."),
                              tool_use_block(f"call_{length + 1}", HAND_TO_HUMAN,
                                             {"reason": "a question about an invoice"})],
                             TOOL_USE))
    return replies


def _generated_runs(rng: random.Random, count: int, budgets: bool = False) -> list[dict]:
    """The support agent on generated shops and tasks, every task asking for an action."""
    runs = []
    for _ in range(count):
        orders = _orders(rng)
        task = _task(rng, rng.choice(list(orders)), rng.choice(ACTING))
        budget = rng.randint(80, 700) if budgets else None
        runs.append(run_case(task, rng.randint(1, 5), orders, budget=budget))
    return runs


def _repeated_run_cases(rng: random.Random) -> list[Case]:
    runs = _generated_runs(rng, 10)
    for _ in range(22):
        max_steps = rng.randint(2, 5)
        runs.append(run_case(_task(rng, _order_id(rng), "courier"), max_steps,
                             replies=_scripted_run(rng, max_steps)))
    return [Case(case, f"generated run {number + 1}",
                 rule=RUN_RULES[run_with(case, repeated_action).exit])
            for number, case in enumerate(runs)]


def _repeated_run_facts(case: dict) -> dict[str, Any]:
    return run_summary(run_with(case, repeated_action))


# --- exercise 2: the token budget -------------------------------------------------------------

def budget_rule(budget: int, sent: list[int], written: list[int]) -> str:
    """The rule a history's bill falls under (see the learner's edition)."""
    bill = sum(sent) + sum(written)
    if bill < budget:
        return BELOW
    if bill == budget:
        return ON_BUDGET
    if len(sent) == 1:
        return FIRST_OVER
    if sum(sent) <= budget:
        return REPLIES_COUNT
    if all(s + w <= budget for s, w in zip(sent, written, strict=True)):
        return SUM
    return OVER


def _budget_cases(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(36):
        count = rng.randint(1, 5)
        sent = sorted(rng.randint(60, 250) for _ in range(count))  # the history only grows
        written = [rng.randint(5, 40) for _ in range(count)]
        bill = sum(sent) + sum(written)
        biggest = max(s + w for s, w in zip(sent, written, strict=True))
        # Budgets right around the bill catch "passes" written as >=; budgets between what
        # was sent and the bill catch a guard that forgets the replies; budgets below what
        # was sent but above every single step catch a guard that looks at the last step.
        budget = rng.choice([bill + rng.choice((-1, 0, 0, 1, 2, 60)),
                             sum(sent) + rng.randint(0, sum(written) - 1),
                             rng.randint(biggest, max(biggest, sum(sent) - 1)),
                             rng.randint(1, biggest - 1)])
        cases.append(Case(budget_case(budget, sent, written),
                          f"generated: {count} requests, budget {budget}",
                          rule=budget_rule(budget, sent, written)))
    for number, case in enumerate(_generated_runs(rng, 15, budgets=True)):
        cases.append(Case(dict(case, kind="run"), f"generated run {number + 1}",
                          rule=IN_A_RUN))
    return cases


def _budget_facts(case: dict) -> Any:
    """The reference guard's run summary (a run), or its verdict (a history)."""
    guard = token_budget(case["budget"])
    if case["kind"] == "run":
        return run_summary(run_with(case, guard))
    return verdict(guard(case["steps"]))


def stop_rule(task: str, budget: int) -> str:
    """Why the office's budget stops the support agent's run on `task` where it does."""
    free = run_agent(SupportModel(), task)  # the same run, with nothing to stop it
    billed = 0
    for step in free.steps:
        billed += step.tokens + step.reply_tokens
        consulted = step.action is not None and step.action["name"] != HAND_TO_HUMAN
        if consulted and billed == budget:
            return NOT_PASSED
        if consulted and billed > budget:
            return STOPPED
    if billed > budget:
        return ANSWER_FIRST if free.exit == ANSWERED else HAND_OVER_FIRST
    return WITHIN


def _stop_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        task = _default_shop_task(rng, ACTING)
        free = run_agent(SupportModel(), task)
        sent = [sum(free.tokens[:n]) for n in range(1, len(free.steps) + 1)]
        bills = [sent[n] + sum(free.reply_tokens[:n + 1]) for n in range(len(sent))]
        # Around the bill (the boundary), on what was sent (the library's count), anywhere.
        budget = max(1, rng.choice([rng.randint(60, 800), rng.choice(bills),
                                    rng.choice(bills) - 1, rng.choice(sent), bills[-1] - 1]))
        cases.append(Case({"task": task, "budget": budget},
                          f"generated task {number + 1}, budget {budget}",
                          rule=stop_rule(task, budget)))
    return cases


def _stop_facts(case: dict) -> int | None:
    return budget_stop_step(case["task"], case["budget"])


# --- exercise 3: the compact loop -------------------------------------------------------------

REFUND = "refund_money"


def _uses(rng: random.Random, first_call: int, count: int, orders: list[str],
          tools: tuple[str, ...]) -> list[dict[str, Any]]:
    return [tool_use_block(f"call_{first_call + n}", rng.choice(tools),
                           {"order_id": rng.choice(orders)}) for n in range(count)]


def _scripted(rng: random.Random, ends: str, max_steps: int, actions: int | None = None,
              tools: tuple[str, ...] = (*RUNNING_TOOLS, REFUND), several: bool = False
              ) -> list[dict]:
    """Replies with one action each (or two or three when `several`), ending with an answer,
    a cut-off reply, a hand-over (after other actions in its reply when `several`), or
    never."""
    orders = ["1187", "1042", _order_id(rng)]
    if actions is None:
        actions = max_steps if ends == "limit" else rng.randint(0, max_steps - 1)
    replies, call = [], 1
    for step in range(1, actions + 1):
        uses = _uses(rng, call, rng.randint(2, 3) if several else 1, orders, tools)
        call += len(uses)
        replies.append(reply([text_block(f"Step {step}: I try {uses[0]['name']}."), *uses],
                             TOOL_USE))
    if ends == "answer":
        replies.append(reply([text_block(rng.choice(["All clear.", "Your order is on its way.",
                                                     "Request noted, thank you."]))],
                             END_TURN))
    elif ends == "cut_off":
        replies.append(reply([text_block(rng.choice(["The order is", "I will now check"]))],
                             "max_tokens"))
    elif ends == "human":
        before = _uses(rng, call, rng.randint(1, 2) if several else 0, orders, RUNNING_TOOLS)
        hand = tool_use_block(f"call_{call + len(before)}", HAND_TO_HUMAN,
                              {"reason": rng.choice(["an angry customer", "a refund request",
                                                     "a question about an invoice"])})
        replies.append(reply([text_block("An employee should take this."), *before, hand],
                             TOOL_USE))
    return replies


def _answer_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        max_steps = rng.randint(1, 5)
        kind = number % 5
        label = f"scripted run {number + 1}"
        task = _task(rng, _order_id(rng))
        if kind == 0:
            cases.append(lines_case(task, max_steps, _scripted(rng, "answer", max_steps),
                                    label, ANSWER_ENDS))
        elif kind == 1:
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "answer", max_steps, max_steps - 1),
                                    label, LAST_STEP_ANSWER))
        elif kind == 2:
            cases.append(lines_case(task, max_steps, _scripted(rng, "cut_off", max_steps),
                                    label, CUT_OFF_ENDS))
        elif kind == 3:
            max_steps = max(2, max_steps)
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "answer", max_steps,
                                              rng.randint(1, max_steps - 1), several=True),
                                    label, SEVERAL_THEN_ANSWER))
        else:
            task = _task(rng, rng.choice(["1187", "1042", _order_id(rng)]),
                         rng.choice(("return", "other")))
            cases.append(lines_case(task, 5, None, f"support agent on {task!r}", ANSWER_ENDS))
    return cases


def _exit_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(30):
        max_steps = rng.randint(1, 5)
        kind = number % 6
        label = f"scripted run {number + 1}"
        task = _task(rng, _order_id(rng))
        if kind == 0:
            cases.append(lines_case(task, max_steps, _scripted(rng, "human", max_steps),
                                    label, HAND_OVER))
        elif kind == 1:
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "human", max_steps, several=True),
                                    label, HAND_OVER_AFTER_ACTION))
        elif kind == 2:
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "limit", max_steps, tools=RUNNING_TOOLS),
                                    label, LIMIT))
        elif kind == 3:
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "limit", max_steps, several=True),
                                    label, SEVERAL_LIMIT))
        elif kind == 4:
            cases.append(lines_case(task, max_steps,
                                    _scripted(rng, "limit", max_steps, tools=(REFUND,)),
                                    label, ERROR_LABEL))
        else:  # an answered run: the fix must stay while the other exits are kept
            cases.append(lines_case(task, max_steps, _scripted(rng, "answer", max_steps),
                                    label, ANSWER_ENDS))
    for _ in range(6):
        intent = rng.choice(("compensation", "courier"))
        # 1187 is delivered: asked when it arrives, the agent answers. 1042 never arrives.
        task = _task(rng, "1042" if intent == "courier" else rng.choice(["1042", "1187"]),
                     intent)
        max_steps = rng.randint(1, 5)
        rule = HAND_OVER if intent == "compensation" and max_steps > 1 else LIMIT
        cases.append(lines_case(task, max_steps, None, f"support agent on {task!r}, "
                                                       f"max_steps={max_steps}", rule))
    return cases


def _lines_facts(case: dict) -> list[str]:
    return run_agent_lines(model_of(case), case["task"], case["max_steps"])


# --- exercise 4: the exit report --------------------------------------------------------------

def report_rule(task: str, max_steps: int) -> str:
    transcript = run_agent(SupportModel(), task, max_steps)
    if transcript.exit == ANSWERED:
        return REPORT_ANSWERED
    if transcript.pending:
        return REPORT_CUT_SHORT
    if transcript.exit == HANDED_OVER:
        return REPORT_HANDED_OVER
    return REPORT_LIMIT


def _report_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(24):
        if number % 4 == 3:  # a return of the delivered 1187 cut short after its request
            task, max_steps = _task(rng, "1187", "return"), 2
        else:
            task, max_steps = _default_shop_task(rng), rng.randint(1, 5)
        cases.append(Case({"task": task, "max_steps": max_steps},
                          f"generated task {number + 1}, max_steps={max_steps}",
                          rule=report_rule(task, max_steps)))
    return cases


def _report_facts(case: dict) -> dict[str, Any]:
    return exit_report(case["task"], case["max_steps"])


# --- exercise 5: the hand-over note -----------------------------------------------------------

GUARD_REASONS = ("order {o} is on the watch list", "a second look is needed for {o}",
                 "token budget passed (412 > 400)", "same action twice → to an employee")


def _note_inputs(rng: random.Random) -> list[dict]:
    inputs = []
    for number in range(30):
        orders = _orders(rng)
        order_id = rng.choice(list(orders))
        if number % 5 == 0:    # the support agent on a generated shop and task
            inputs.append(note_input(_task(rng, order_id), rng.randint(1, 5), orders))
        elif number % 5 == 1:  # a guard that objects on some step
            task = _task(rng, order_id, rng.choice(("return", "courier")))
            reason = rng.choice(GUARD_REASONS).format(o=order_id)
            inputs.append(note_input(task, 5, orders,
                                     guard={"step": rng.randint(1, 3), "reason": reason}))
        else:                  # scripted: requests, then an answer, a cut-off, a hand-over
            max_steps = rng.randint(2, 5)
            ends = ("answer", "cut_off", "human", "limit")[number % 4]
            replies = _scripted(rng, ends, max_steps,
                                tools=(RUNNING_TOOLS[2], RUNNING_TOOLS[0]))
            inputs.append(note_input(_task(rng, "1187"), max_steps, None, replies))
    return inputs


def _note_hidden(rule: Any) -> Any:
    def hidden(rng: random.Random) -> list[Case]:
        return [Case(data, f"generated run {number + 1}", rule=rule(data))
                for number, data in enumerate(_note_inputs(rng))]
    return hidden


_LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}

CHECKS = (
    key(_LEARNER["ch3-repeated-guard"], reference=repeated_action, facts=_repeated_facts,
        hidden=_repeated_cases),
    key(_LEARNER["ch3-repeated-runs"], reference=repeated_action, facts=_repeated_run_facts,
        hidden=_repeated_run_cases),
    key(_LEARNER["ch3-token-guard"], reference=token_budget, facts=_budget_facts,
        hidden=_budget_cases),
    key(_LEARNER["ch3-budget-stop"], reference=budget_stop_step, facts=_stop_facts,
        hidden=_stop_cases),
    key(_LEARNER["ch3-fix-loop-answers"], reference=run_agent_lines, facts=_lines_facts,
        hidden=_answer_cases),
    key(_LEARNER["ch3-fix-loop-exits"], reference=run_agent_lines, facts=_lines_facts,
        hidden=_exit_cases),
    key(_LEARNER["ch3-exit-report-exit"], reference=exit_report, facts=_report_facts,
        hidden=_report_cases),
    key(_LEARNER["ch3-exit-report-honest"], reference=exit_report, facts=_report_facts,
        hidden=_report_cases),
    key(_LEARNER["ch3-note-exit"], reference=handover_note, facts=no_facts,
        hidden=_note_hidden(exit_rule)),
    key(_LEARNER["ch3-note-requests"], reference=handover_note, facts=no_facts,
        hidden=_note_hidden(requests_rule)),
)
# What a correct submission defines (used by tests, the benchmark and the learner release).
REFERENCE = {
    "repeated_action": repeated_action,
    "token_budget": token_budget,
    "budget_stop_step": budget_stop_step,
    "run_agent_lines": run_agent_lines,
    "exit_report": exit_report,
    "handover_note": handover_note,
}
# How each exercise's reference is locked for self-study (see Lock): a guard's verdict, a
# run's summary, a step, a log and a report are the same for every right answer; a note is
# judged by rules alone, so it has none.
LOCKS = {
    "ch3-repeated-answer": Lock(("ch3-repeated-guard", "ch3-repeated-runs")),
    "ch3-token-answer": Lock(("ch3-token-guard",)),
    "ch3-budget-stop-answer": Lock(("ch3-budget-stop",)),
    "ch3-fix-loop-answer": Lock(("ch3-fix-loop-answers", "ch3-fix-loop-exits")),
    "ch3-exit-report-answer": Lock(("ch3-exit-report-exit", "ch3-exit-report-honest")),
}
