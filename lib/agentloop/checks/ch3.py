"""Chapter 3's checks: two guards, the stopping step, a fixed loop, the quiz, a run report.

Each check's id is the grade_id of a test cell in chapters/03_plan_action_observation.ipynb.
Probes run the learner's object and record plain data — a guard's verdicts, a run's
steps and exit, a log's lines; verify recomputes the same with the library's reference.
Hidden cases come from a seeded random source: other histories, orders, tasks, budgets.
"""

from __future__ import annotations

import random
from typing import Any

from agentloop.agent import FIXED_EXITS, MAX_STEPS, Transcript, run_agent
from agentloop.checks.core import Case, Check
from agentloop.guards import repeated_action, token_budget
from agentloop.messages import describe_action, reply, text_block, tool_use_block
from agentloop.models import ScriptedModel, SupportModel
from agentloop.shop import (
    DELIVERED,
    ESTIMATE_DELIVERY,
    EXAMPLE_TASKS,
    GET_ORDER_STATUS,
    HAND_TO_HUMAN,
    OPEN_RETURN_REQUEST,
    SHIPPED,
    Shop,
)

RUNNING_TOOLS = (GET_ORDER_STATUS, ESTIMATE_DELIVERY, OPEN_RETURN_REQUEST)
COURIER = EXAMPLE_TASKS["courier 1042"]


# --- shared: generated data and what a run did ------------------------------------------

def _order_id(rng: random.Random) -> str:
    """An order number the default shop does not know (its orders are 1187 and 1042)."""
    return str(rng.randint(2000, 9999))


def _orders(rng: random.Random) -> dict[str, dict[str, str]]:
    orders = {}
    while len(orders) < 3:
        orders[str(rng.randint(1000, 9999))] = {
            "status": rng.choice((DELIVERED, SHIPPED)),
            "date": f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}",
        }
    return orders


TASK_TEMPLATES = {
    "return": ("I want to return order {o}.", "Order {o} arrived broken. I want to return it.",
               "Can I return the shoes from {o}?"),
    "compensation": ("I want {n} EUR compensation because {o} is late.",
                     "Order {o} is a week late; I ask for compensation."),
    "courier": ("When does {o} arrive? The courier said it is today.",
                "The courier never came. When will {o} arrive?"),
    "other": ("Thank you, that was quick!", "Have a nice day."),
}


def _task(rng: random.Random, order_id: str, intent: str | None = None) -> str:
    intent = intent or rng.choice(list(TASK_TEMPLATES))
    return rng.choice(TASK_TEMPLATES[intent]).format(o=order_id, n=rng.choice((5, 10, 20, 50)))


def _guard_step(number: int, tool: str, order_id: str, tokens: int,
                executed: bool = True) -> dict[str, Any]:
    return {"step": number, "plan": f"Plan for step {number}.", "tool": tool,
            "input": {"order_id": order_id}, "tokens": tokens,
            "observation": f"{order_id} — an observation" if executed else None,
            "is_error": False if executed else None}


def _steps(actions: list[tuple[str, str]], tokens: list[int] | None = None) -> list[dict]:
    tokens = tokens or [100 + 20 * i for i in range(len(actions))]
    last = len(actions) - 1
    return [_guard_step(i + 1, tool, order, tokens[i], executed=i < last)
            for i, (tool, order) in enumerate(actions)]


def run_summary(transcript: Transcript) -> dict[str, Any]:
    """What a run did, as plain data: its exit kind, last step and the actions it ran."""
    return {
        "exit": transcript.exit if transcript.exit in FIXED_EXITS else "guard",
        "ended_on": transcript.ended_on,
        "executed": [describe_action(s.action) for s in transcript.steps
                     if s.observation is not None],
        "pending": [r["id"] for r in transcript.pending],
    }


def _run_case(task: str, max_steps: int = MAX_STEPS, orders: dict | None = None,
              budget: int | None = None) -> dict[str, Any]:
    return {"task": task, "max_steps": max_steps, "orders": orders, "budget": budget}


def _run(case: dict, guard: Any) -> Transcript:
    shop = Shop(case["orders"]) if case["orders"] else None
    return run_agent(SupportModel(), case["task"], case["max_steps"], [guard], shop)


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


# --- exercise 1: the repeated-action guard ----------------------------------------------------

def _probe_guard(guard: Any, case: dict) -> Any:
    return guard(case["steps"])


def _verify_repeated(case: dict, output: Any) -> str | None:
    return _verify_verdict(repeated_action(case["steps"]) is not None, output)


def _repeated_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(40):
        orders = [_order_id(rng) for _ in range(2)]
        length = rng.randint(1, 5)
        actions = [(rng.choice(RUNNING_TOOLS), rng.choice(orders)) for _ in range(length)]
        shape = rng.choice(["same", "same", "other input", "other tool", "a-b-a", "random"])
        if length >= 2 and shape == "same":
            actions[-1] = actions[-2]
        elif length >= 2 and shape == "other input":
            tool, order = actions[-2]
            actions[-1] = (tool, next(o for o in [*orders, "0000"] if o != order))
        elif length >= 2 and shape == "other tool":
            tool, order = actions[-2]
            actions[-1] = (next(t for t in RUNNING_TOOLS if t != tool), order)
        elif length >= 3 and shape == "a-b-a":
            actions[-1] = actions[-3]
            if actions[-2] == actions[-1]:
                tool, order = actions[-1]
                actions[-2] = (next(t for t in RUNNING_TOOLS if t != tool), order)
        steps = _steps(actions, [rng.randint(60, 200) for _ in actions])
        cases.append(Case({"steps": steps}, f"generated history {number + 1} ({shape})"))
    return cases


REPEATED_GUARD = Check(
    id="ch3-repeated-guard",
    symbol="repeated_action",
    title="repeated_action() stops the same action asked twice in a row",
    probe=_probe_guard,
    verify=_verify_repeated,
    visible=lambda: [
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042")])}, "the first step → None"),
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042")] * 2)},
             "estimate_delivery(1042) twice → a reason"),
        Case({"steps": _steps([(GET_ORDER_STATUS, "1187"), (GET_ORDER_STATUS, "1042")])},
             "same tool, another order → None"),
        Case({"steps": _steps([(GET_ORDER_STATUS, "1187"), (OPEN_RETURN_REQUEST, "1187")])},
             "another tool, same order → None"),
        Case({"steps": _steps([(ESTIMATE_DELIVERY, "1042"), (GET_ORDER_STATUS, "1042"),
                               (ESTIMATE_DELIVERY, "1042")])},
             "the same action two steps apart → None"),
    ],
    hidden=_repeated_cases,
    hint="Compare the last step with the one before it: the same tool AND the same input.",
)


def _probe_run(guard: Any, case: dict) -> Any:
    return run_summary(_run(case, guard))


def _verify_repeated_run(case: dict, output: Any) -> str | None:
    return _compare_runs(run_summary(_run(case, repeated_action)), output)


def _seed_run_cases() -> list[Case]:
    return [Case(_run_case(task), f"{label}: {task!r}") for label, task in EXAMPLE_TASKS.items()]


def _generated_runs(rng: random.Random, count: int, budgets: bool = False) -> list[Case]:
    cases = []
    for number in range(count):
        orders = _orders(rng)
        order_id = rng.choice(list(orders))
        # Every task asks for an action, so the guard is consulted in every run.
        task = _task(rng, order_id, rng.choice(("return", "compensation", "courier")))
        budget = rng.randint(80, 700) if budgets else None
        cases.append(Case(_run_case(task, rng.randint(1, 5), orders, budget),
                          f"generated run {number + 1}: {task!r}"))
    return cases


REPEATED_RUN = Check(
    id="ch3-repeated-courier",
    symbol="repeated_action",
    title="with repeated_action, the courier task stops at step 2 without the second call",
    probe=_probe_run,
    verify=_verify_repeated_run,
    visible=_seed_run_cases,
    hidden=lambda rng: _generated_runs(rng, 25),
    hint="The guard runs before the action: on step 2 the repeated call must not be executed.",
)

# --- exercise 2: the token budget ------------------------------------------------------------

def _probe_budget(factory: Any, case: dict) -> Any:
    guard = factory(case["budget"])
    if case.get("kind") == "run":
        return run_summary(_run(case, guard))
    return guard(case["steps"])


def _verify_budget(case: dict, output: Any) -> str | None:
    guard = token_budget(case["budget"])
    if case.get("kind") == "run":
        return _compare_runs(run_summary(_run(case, guard)), output)
    return _verify_verdict(guard(case["steps"]) is not None, output)


def _budget_case(budget: int, tokens: list[int]) -> dict[str, Any]:
    actions = [(ESTIMATE_DELIVERY, "1042")] * len(tokens)
    return {"kind": "steps", "budget": budget, "steps": _steps(actions, tokens)}


def _budget_cases(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(30):
        tokens = [rng.randint(50, 250) for _ in range(rng.randint(1, 5))]
        total = sum(tokens)
        # Budgets right around the total catch "passes" written as >=.
        budget = max(1, total + rng.choice((-40, -3, -1, 0, 1, 2, 60)))
        cases.append(Case(_budget_case(budget, tokens),
                          f"generated: {len(tokens)} requests, total {total}, budget {budget}"))
    for case in _generated_runs(rng, 15, budgets=True):
        cases.append(Case(dict(case.input, kind="run"), case.label))
    for budget in (150, 225, 226, 368, 700):
        cases.append(Case(dict(_run_case(COURIER, budget=budget), kind="run"),
                          f"the courier task with a budget of {budget}"))
    return cases


TOKEN_GUARD = Check(
    id="ch3-token-guard",
    symbol="token_budget",
    title="token_budget(budget) stops a run once the tokens sent pass the budget",
    probe=_probe_budget,
    verify=_verify_budget,
    visible=lambda: [
        Case(_budget_case(300, [101]), "101 tokens sent, budget 300 → None"),
        Case(_budget_case(300, [101, 124, 143]), "101 + 124 + 143 = 368 > 300 → a reason"),
        Case(_budget_case(225, [101, 124]), "exactly on the budget (225) → None: not passed"),
        Case(_budget_case(100, [101]), "the first request already passes 100 → a reason"),
        Case(dict(_run_case(COURIER, budget=300), kind="run"),
             "the courier task with token_budget(300)"),
    ],
    hidden=_budget_cases,
    hint="Add up the tokens of every request so far (each resends the whole history) and "
         "stop when the sum is greater than the budget.",
)


def reference_courier_stop_step(budget: int = 300) -> int:
    """The step at which token_budget(budget) stops the courier task."""
    return run_agent(SupportModel(), COURIER, MAX_STEPS, [token_budget(budget)]).ended_on


def _verify_stop_step(case: dict, output: Any) -> str | None:
    if type(output) is not int or not 1 <= output <= MAX_STEPS:
        return f"answer with a step number from 1 to {MAX_STEPS}, got {output!r}"
    if case["mode"] == "shape":
        return None
    expected = reference_courier_stop_step()
    return None if output == expected else f"the run does not stop at step {output}"


COURIER_STOP = Check(
    id="ch3-token-courier",
    symbol="courier_stop_step",
    title="the step at which a 300-token budget stops the courier task",
    probe=lambda answer, case: answer,
    verify=_verify_stop_step,
    # The visible case checks only the shape: the grader checks the number.
    visible=lambda: [Case({"mode": "shape"}, "courier_stop_step is a step number")],
    hidden=lambda rng: [Case({"mode": "answer"}, "courier_stop_step")],
    hint="Run the courier task with your guard, or add up the tokens step by step.",
)

# --- exercise 3: fix the loop -------------------------------------------------------------------

def reference_run_agent_lines(model: Any, task: str, max_steps: int = MAX_STEPS) -> list[str]:
    """What the fixed loop of the exercise returns: the run's log, line by line."""
    return run_agent(model, task, max_steps).lines()


def _model(case: dict) -> Any:
    return ScriptedModel(case["replies"]) if case["replies"] else SupportModel()


def _probe_lines(fn: Any, case: dict) -> Any:
    return fn(_model(case), case["task"], case["max_steps"])


def _verify_lines(case: dict, output: Any) -> str | None:
    expected = reference_run_agent_lines(_model(case), case["task"], case["max_steps"])
    if output == expected:
        return None
    if not isinstance(output, list):
        return f"expected a list of log lines, got {output!r}"
    for number, (want, got) in enumerate(zip(expected, output, strict=False), start=1):
        if want != got:
            return f"line {number} is {got!r}; expected {want!r}"
    return (f"the log has {len(output)} lines; expected {len(expected)} "
            f"(the last should be {expected[-1]!r})")


def _scripted(rng: random.Random, ends: str, max_steps: int) -> list[dict]:
    """A script of replies ending with an answer, a hand-over, or never ending."""
    orders = ["1187", "1042", _order_id(rng)]
    replies = []
    actions = max_steps if ends == "limit" else rng.randint(0, max_steps - 1)
    for call in range(1, actions + 1):
        tool = rng.choice((*RUNNING_TOOLS, "refund_money"))
        use = tool_use_block(f"call_{call}", tool, {"order_id": rng.choice(orders)})
        replies.append(reply([text_block(f"Step {call}: I try {tool}."), use], "tool_use"))
    if ends == "answer":
        replies.append(reply([text_block(rng.choice(["All clear.", "Your order is on its way.",
                                                     "Request noted, thank you."]))],
                             "end_turn"))
    elif ends == "human":
        use = tool_use_block(f"call_{actions + 1}", HAND_TO_HUMAN,
                             {"reason": rng.choice(["an angry customer", "a refund request"])})
        replies.append(reply([text_block("An employee should take this."), use], "tool_use"))
    return replies


def _lines_cases(ends: tuple[str, ...], count: int):
    def cases(rng: random.Random) -> list[Case]:
        out = []
        for number in range(count):
            end = rng.choice(ends)
            max_steps = rng.randint(1, 5)
            out.append(Case({"task": _task(rng, _order_id(rng)), "max_steps": max_steps,
                             "replies": _scripted(rng, end, max_steps)},
                            f"scripted run {number + 1} ending with {end}"))
        return out
    return cases


def _seed_lines_case(label: str, max_steps: int = MAX_STEPS) -> Case:
    return Case({"task": EXAMPLE_TASKS[label], "max_steps": max_steps, "replies": None},
                f"{label}, max_steps={max_steps}")


FIX_LOOP_ANSWERS = Check(
    id="ch3-fix-loop-answers",
    symbol="run_agent_lines",
    title="the fixed loop ends a run on the model's answer",
    probe=_probe_lines,
    verify=_verify_lines,
    visible=lambda: [_seed_lines_case("return 1187"), _seed_lines_case("return 1042")],
    hidden=_lines_cases(("answer",), 20),
    hint="After the 'end:' line the run is over: nothing may follow it, not even the "
         "step-limit line. Which statement leaves the function, and which only the loop?",
)

FIX_LOOP_EXITS = Check(
    id="ch3-fix-loop-exits",
    symbol="run_agent_lines",
    title="the fixed loop keeps the other two exits",
    probe=_probe_lines,
    verify=_verify_lines,
    visible=lambda: [_seed_lines_case("compensation 1042"), _seed_lines_case("courier 1042"),
                     _seed_lines_case("courier 1042", 2)],
    hidden=_lines_cases(("human", "limit"), 20),
    hint="hand_to_human stops the run without running it; five steps without an answer end "
         "with the step-limit line.",
)

# --- exercise 4: the quiz ---------------------------------------------------------------------

QUIZ: dict[str, dict[str, Any]] = {
    "q1": {"question": "Sending one request to a model and running an agent loop: what does the "
                       "loop add?",
           "options": {
               "a": "The model executes the tools itself; the program is no longer needed.",
               "b": "After each observation the model chooses the next step, the program runs "
                    "it, and the model is asked again.",
               "c": "Nothing but a larger model."}},
    "q2": {"question": "In how many ways, and which, can run_agent end?",
           "options": {
               "a": "Three: the model answers (end_turn), the step limit is used up "
                    "(max_steps), or the model asks for a person (hand_to_human).",
               "b": "Three: an answer, an exception, or a restart of the run.",
               "c": "One: the model always reaches an answer in the end."}},
    "q3": {"question": "open_return_request opens a request for an employee rather than "
                       "refunding the customer. Why?",
           "options": {
               "a": "Refunds take too long to run inside a loop.",
               "b": "Moving money has consequences, so a person must approve it: the model "
                    "could choose the wrong order, or be steered by text it has read.",
               "c": "Model providers forbid tools that handle money."}},
    "q4": {"question": "For the fifth time in a row the model requests estimate_delivery(1042), "
                       "and the observation is the same as before. What is the right move for "
                       "the program?",
           "options": {
               "a": "End the run and pass the customer to an employee.",
               "b": "Reply to the customer with the model's last plan.",
               "c": "Go on asking until the courier has news."}},
}
QUIZ_ANSWERS = {"q1": "b", "q2": "a", "q3": "b", "q4": "a"}


def _verify_quiz(case: dict, output: Any) -> str | None:
    options = QUIZ[case["question"]]["options"]
    if type(output) is not str or output not in options:
        return f"answer {output!r} is not one of {', '.join(options)}"
    if case["mode"] == "shape":
        return None
    return None if output == QUIZ_ANSWERS[case["question"]] else f"{output!r} is not right"


QUIZ_CHECK = Check(
    id="ch3-quiz",
    symbol="quiz",
    title="the chapter's four questions",
    probe=lambda answers, case: answers[case["question"]],
    verify=_verify_quiz,
    visible=lambda: [Case({"question": q, "mode": "shape"}, f"{q} is answered") for q in QUIZ],
    hidden=lambda rng: [Case({"question": q, "mode": "answer"}, q) for q in QUIZ],
    hint="Each answer is one letter: 'a', 'b' or 'c'.",
)

# --- exercise 5: report a run's exit honestly ---------------------------------------------------

def reference_exit_report(task: str, max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """How a run of the support agent ended: exit, step, answer and the requests it opened."""
    transcript = run_agent(SupportModel(), task, max_steps)
    return {"exit": transcript.exit, "step": transcript.ended_on, "answer": transcript.answer,
            "requests": [r["id"] for r in transcript.pending]}


def _probe_report(fn: Any, case: dict) -> Any:
    return fn(case["task"], case["max_steps"])


def _verify_report(case: dict, output: Any) -> str | None:
    expected = reference_exit_report(case["task"], case["max_steps"])
    if output == expected:
        return None
    if not isinstance(output, dict) or set(output) != set(expected):
        return f"return a dict with the keys {', '.join(expected)}; got {output!r}"
    for key in expected:
        if output[key] != expected[key]:
            return f"{key} is {output[key]!r}; the run says {expected[key]!r}"
    return None  # pragma: no cover - equal dicts returned above


def _report_cases(rng: random.Random) -> list[Case]:
    cases = []
    for _ in range(20):
        order_id = rng.choice(["1187", "1042", "1042", _order_id(rng)])
        task = _task(rng, order_id)
        max_steps = rng.randint(1, 5)
        cases.append(Case({"task": task, "max_steps": max_steps},
                          f"generated: {task!r}, max_steps={max_steps}"))
    return cases


EXIT_REPORT = Check(
    id="ch3-exit-report",
    symbol="exit_report",
    title="exit_report(task) says how the run ended, without embellishing",
    probe=_probe_report,
    verify=_verify_report,
    visible=lambda: [
        Case({"task": EXAMPLE_TASKS["return 1042"], "max_steps": 5},
             "return of the undelivered 1042"),
        Case({"task": EXAMPLE_TASKS["return 1187"], "max_steps": 5}, "return of 1187"),
        Case({"task": EXAMPLE_TASKS["return 1187"], "max_steps": 2},
             "return of 1187 with max_steps=2"),
        Case({"task": EXAMPLE_TASKS["compensation 1042"], "max_steps": 5}, "compensation"),
    ],
    hidden=_report_cases,
    hint="Read it off the transcript: exit, ended_on, answer (None unless the model answered) "
         "and the ids of the pending return requests.",
)

CHECKS = (REPEATED_GUARD, REPEATED_RUN, TOKEN_GUARD, COURIER_STOP, FIX_LOOP_ANSWERS,
          FIX_LOOP_EXITS, QUIZ_CHECK, EXIT_REPORT)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "repeated_action": repeated_action,
    "token_budget": token_budget,
    "courier_stop_step": reference_courier_stop_step(),
    "run_agent_lines": reference_run_agent_lines,
    "quiz": dict(QUIZ_ANSWERS),
    "exit_report": reference_exit_report,
}
