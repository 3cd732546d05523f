"""Chapter 3's wrong submissions for the grading round trips.

WRONG is the subtly wrong notebook, one near-miss per exercise; PARTIAL says which test
cells it still passes:

- `repeated_action` compares only the tool's name: it stops "the status of 1187, then of
  1042" too. The generated histories catch it; the support agent's runs never call one
  tool twice in a row with different inputs, so the runs check passes.
- `budget_stop_step` reads the step off a run whose total passed the budget, whatever the
  exit: where the total passes on the answer's step (the return of 1187 at 300) it says 3
  instead of None. Its `token_budget` is right.
- `run_agent_lines` is the colleague's loop, bug included (`break` after an answer): every
  answered run gets the step-limit line too; hand-overs and step limits are still right.
- `exit_report` gives the last plan as the answer even when the model never answered.
- `handover_note` gets every exit right but never names the requests waiting.

CHEATS are whole notebooks of answers that must earn nothing, one notebook per kind of
cheat (tests/lib/checks/test_ch3.py grades each of them in-process, check by check). The
library has no answer to exercise 4 to call (its reference lives in agentloop.checks.ch3,
which the grader's sandbox refuses to import), so the "library" notebook leaves it out.
"""

WRONG = {
    "ch3-repeated-answer": '''\
def repeated_action(steps):
    if len(steps) >= 2 and steps[-1]["tool"] == steps[-2]["tool"]:
        return "same action twice → to an employee"
    return None
''',
    "ch3-budget-stop-answer": '''\
from agentloop.agent import run_agent
from agentloop.models import SupportModel


def budget_stop_step(task, budget):
    transcript = run_agent(SupportModel(), task, guards=[token_budget(budget)])
    return transcript.ended_on if sum(transcript.tokens) > budget else None
''',
    "ch3-fix-loop-answer": '''\
from agentloop.agent import SYSTEM
from agentloop.messages import describe_action, message, text_of, tool_use_of
from agentloop.shop import TOOLS, Shop


def run_agent_lines(model, task, max_steps=5):
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
        use = tool_use_of(reply)
        lines.append(head + "plan: " + text)
        lines.append("    action: " + describe_action(use))
        if use["name"] == "hand_to_human":
            lines.append("  stopping: needs a human — " + use["input"]["reason"])
            return lines
        history.append(message("assistant", reply["content"]))
        result = shop.run_tool(use)
        label = "observation (error)" if result["is_error"] else "observation"
        lines.append(f"    {label}: " + result["content"])
        history.append(message("user", [result]))
    lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines
''',
    "ch3-exit-report-answer": '''\
from agentloop.agent import run_agent
from agentloop.models import SupportModel


def exit_report(task, max_steps=5):
    transcript = run_agent(SupportModel(), task, max_steps)
    return {"exit": transcript.exit, "step": transcript.ended_on,
            "answer": transcript.steps[-1].plan,
            "requests": [request["id"] for request in transcript.pending]}
''',
    "ch3-note-answer": '''\
from agentloop.agent import ANSWERED, GUARDED, HANDED_OVER, STEP_LIMIT


def handover_note(transcript):
    step = f"step {transcript.ended_on}"
    if transcript.exit == ANSWERED:
        return f"The customer was answered on {step}."
    if transcript.exit == STEP_LIMIT:
        return f"The step limit ended the run on {step}: an employee must take over."
    if transcript.exit == HANDED_OVER:
        return f"On {step} the model asked ({transcript.reason}): an employee must take over."
    if transcript.exit == GUARDED:
        return f"A guard stopped {step} ({transcript.reason}): an employee must take over."
    return f"Cut off on {step} ({transcript.reason}): an employee must take over."
''',
}

PARTIAL = {
    "ch3-repeated-guard": False,
    "ch3-repeated-runs": True,
    "ch3-token-guard": True,
    "ch3-budget-stop": False,
    "ch3-fix-loop-answers": False,
    "ch3-fix-loop-exits": True,
    "ch3-exit-report-exit": True,
    "ch3-exit-report-honest": False,
    "ch3-note-exit": True,
    "ch3-note-requests": False,
}

CHEATS = {
    # Answers fixed in advance: always the same verdict, value or text.
    "hard-coded": {
        "ch3-repeated-answer": "def repeated_action(steps):\n    return 'same action'\n",
        "ch3-token-answer": "def token_budget(budget):\n    return lambda steps: None\n",
        "ch3-budget-stop-answer": "def budget_stop_step(task, budget):\n    return 3\n",
        "ch3-fix-loop-answer": (
            "def run_agent_lines(model, task, max_steps=5):\n"
            "    return ['task: ' + task, '  step 1. end: Done.']\n"),
        "ch3-exit-report-answer": (
            "def exit_report(task, max_steps=5):\n"
            "    return {'exit': 'end_turn', 'step': 2, 'requests': [],\n"
            "            'answer': 'The order has not been delivered yet. You can return it "
            "once it arrives.'}\n"),
        "ch3-note-answer": (
            "def handover_note(transcript):\n"
            "    return 'The run ended on step 5: an employee must take over.'\n"),
    },
    # The library's own guards, its loop, its log lines — called or wrapped.
    "library": {
        "ch3-repeated-answer": "from agentloop.guards import repeated_action\n",
        "ch3-token-answer": (
            "import agentloop.guards\n\n\n"
            "def token_budget(budget):\n"
            "    return agentloop.guards.token_budget(budget)\n"),
        "ch3-budget-stop-answer": (
            "from agentloop.agent import GUARDED, run_agent\n"
            "from agentloop.guards import token_budget as library_budget\n"
            "from agentloop.models import SupportModel\n\n\n"
            "def budget_stop_step(task, budget):\n"
            "    run = run_agent(SupportModel(), task, guards=[library_budget(budget)])\n"
            "    return run.ended_on if run.exit == GUARDED else None\n"),
        "ch3-fix-loop-answer": (
            "from agentloop.agent import run_agent\n\n\n"
            "def run_agent_lines(model, task, max_steps=5):\n"
            "    lines = run_agent(model, task, max_steps).lines()\n"
            "    if lines[-1].startswith('  stopping: the model stopped'):\n"
            "        lines.pop()\n"
            "    return lines\n"),
        "ch3-note-answer": (
            "def handover_note(transcript):\n"
            "    return transcript.lines()[-1].strip() + ' ' + (transcript.pending_line() "
            "or '')\n"),
    },
    # Right on the cases the check cells show, and nothing else.
    "visible-only": {
        "ch3-repeated-answer": (
            "def repeated_action(steps):\n"
            "    if len(steps) == 2 and [s['input'] for s in steps] == [{'order_id': '1042'}] * 2 "
            "and steps[0]['tool'] == 'estimate_delivery':\n"
            "        return 'same action twice'\n"
            "    return None\n"),
        "ch3-token-answer": (
            "def token_budget(budget):\n"
            "    seen = {(300, 368), (224, 225), (100, 101), (300, 368)}\n"
            "    def guard(steps):\n"
            "        total = sum(s['tokens'] for s in steps)\n"
            "        return 'over' if (budget, total) in seen or total > 700 else None\n"
            "    return guard\n"),
        "ch3-budget-stop-answer": (
            "def budget_stop_step(task, budget):\n"
            "    return 3 if 'courier' in task else None\n"),
        "ch3-fix-loop-answer": (
            "from agentloop.agent import SYSTEM\n"
            "from agentloop.shop import TOOLS\n\n\n"
            "def run_agent_lines(model, task, max_steps=5):\n"
            "    if 'compensation' in task:\n"
            "        return ['task: ' + task, '  step 1. plan: I check the order.']\n"
            "    return ['task: ' + task]\n"),
        "ch3-exit-report-answer": (
            "def exit_report(task, max_steps=5):\n"
            "    if '1187' in task:\n"
            "        return {'exit': 'end_turn' if max_steps > 2 else 'max_steps',\n"
            "                'step': min(3, max_steps), 'requests': ['R-1'],\n"
            "                'answer': 'I opened return request R-1 for order 1187. An employee "
            "will approve it and write to you.' if max_steps > 2 else None}\n"
            "    return {'exit': 'end_turn', 'step': 2, 'requests': [], 'answer': None}\n"),
        "ch3-note-answer": (
            "def handover_note(transcript):\n"
            "    if '1187' in transcript.task:\n"
            "        return 'The customer was answered on step 3. R-1 waits.'\n"
            "    return 'The step limit on step 5: an employee must take over.'\n"),
    },
    # Every word any rule looks for, in one note; the printed numbers, copied.
    "keyword-salad": {
        "ch3-note-answer": (
            "def handover_note(transcript):\n"
            "    return ('answered; step limit; asked; guard; cut off; an employee must take "
            "over; ' + transcript.reason + '; step 1 step 2 step 3 step 4 step 5; R-1 R-2 "
            "R-3')\n"),
        "ch3-budget-stop-answer": (
            "def budget_stop_step(task, budget):\n"
            "    return {300: 3, 225: 3}.get(budget)\n"),
    },
}
