"""Chapter 3's wrong submissions for the grading round trips.

WRONG / PARTIAL: the subtly wrong submission, one near-miss per exercise (the other answer
cells keep the instructor solution):

- `repeated_action` is the library's first rule, the step just before only: it stops the
  courier on step 2 but lets the alternating model run (both exercise 1 checks fail);
- `budget_stop_step` reads the step off the run whose bill passes the budget, whatever that
  step is: where the bill passes on the answer or on a hand-over it says a step instead of
  None. Its `token_budget` is right;
- `run_agent_lines` "fixes" the bug by deleting the step-limit line: answered runs are right,
  runs that end at the step limit lose their last line;
- `exit_report` gives the last plan as the answer even when the model never answered;
- `handover_note` gets every exit right but never names the requests waiting.

CHEATS: whole-notebook submissions that must earn nothing on the exercise they cheat (name
→ (answer cells replaced, test cell → passes)): the library's own guards and loop imported,
wrapped or copied from their source (the grader's sandbox does not load agentloop.guards
at all; the library's loop runs one action a step), the colleague's buggy loop unchanged,
lookup tables of the visible cases made from what a learner holds (the check module and its
shipped facts), and the values the chapter prints. tests/grader/test_roundtrip.py grades
every one in the sandbox, tests/chapters/test_ch3_grading.py in this process.
"""

import inspect
import json

from agentloop import agent, guards
from agentloop.checks.ch3 import CHECKS, note_transcript

PARTIAL = {
    "ch3-repeated-guard": False,
    "ch3-repeated-runs": False,
    "ch3-token-guard": True,
    "ch3-budget-stop": False,
    "ch3-fix-loop-answers": True,
    "ch3-fix-loop-exits": False,
    "ch3-exit-report-exit": True,
    "ch3-exit-report-honest": False,
    "ch3-note-exit": True,
    "ch3-note-requests": False,
}

WRONG = {
    "ch3-repeated-answer": '''\
def repeated_action(steps):
    if len(steps) >= 2 and steps[-1]["tool"] == steps[-2]["tool"] \\
            and steps[-1]["input"] == steps[-2]["input"]:
        return "same action twice → to an employee"
    return None
''',
    "ch3-budget-stop-answer": '''\
from agentloop.agent import run_agent
from agentloop.models import SupportModel


def budget_stop_step(task, budget):
    transcript = run_agent(SupportModel(), task)
    billed = 0
    for step in transcript.steps:
        billed += step.tokens + step.reply_tokens
        if billed > budget:
            return step.number
    return None
''',
    "ch3-fix-loop-answer": '''\
from agentloop.agent import SYSTEM
from agentloop.messages import describe_action, message, text_of, tool_uses_of
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

REPEATED_IDS = ("ch3-repeated-guard", "ch3-repeated-runs")
# token_budget is also what the solution's budget_stop_step runs: a wrong one fails both
TOKEN_IDS = ("ch3-token-guard", "ch3-budget-stop")
LOOP_IDS = ("ch3-fix-loop-answers", "ch3-fix-loop-exits")
REPORT_IDS = ("ch3-exit-report-exit", "ch3-exit-report-honest")
NOTE_IDS = ("ch3-note-exit", "ch3-note-requests")


def _only(failing: tuple[str, ...]) -> dict[str, bool]:
    return {test: test not in failing for test in PARTIAL}


BY_ID = {chk.id: chk for chk in CHECKS}


def _visible(check_id: str) -> list[tuple[dict, object]]:
    """A check's visible inputs with their facts, as a learner's own edition gives them."""
    chk = BY_ID[check_id]
    return [(case.input, chk.facts(case.input)) for case in chk.cases()]


def _key(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


_GUARD_TABLE = {_key(case["steps"]): facts for case, facts in _visible("ch3-repeated-guard")}
_BUDGET_TABLE = {_key([case["budget"], case["steps"]]): facts
                 for case, facts in _visible("ch3-token-guard") if case["kind"] == "steps"}
_STOP_TABLE = {_key([case["task"], case["budget"]]): facts
               for case, facts in _visible("ch3-budget-stop")}
_LINES_TABLE = {_key([case["task"], case["max_steps"], case["replies"]]): facts
                for check_id in LOOP_IDS for case, facts in _visible(check_id)}
_REPORT_TABLE = {_key([case["task"], case["max_steps"]]): facts
                 for case, facts in _visible("ch3-exit-report-exit")}


def _printed_notes() -> dict[str, str]:
    """Notes that pass the visible runs, written for each of them by hand."""
    def note(transcript: agent.Transcript) -> str:
        step = f"step {transcript.ended_on}"
        pending = " ".join(r["id"] for r in transcript.pending)
        if transcript.exit == agent.ANSWERED:
            return f"The customer was answered on {step}. {pending}".strip()
        words = {agent.STEP_LIMIT: "The step limit ended the run",
                 agent.HANDED_OVER: "The model asked for a person",
                 agent.GUARDED: "A guard stopped the run",
                 agent.MODEL_STOPPED: "The reply was cut off"}[transcript.exit]
        return f"{words} on {step} ({transcript.reason}): an employee must take over. {pending}"

    return {_key([t.task, t.ended_on, t.exit]): note(t)
            for t in (note_transcript(case.input) for case in BY_ID["ch3-note-exit"].cases())}


_FIRST_RULE_SOURCE = 'REPEATED = "same action twice → to an employee"\n\n\n' + \
    inspect.getsource(guards.repeated_action)
_SENT_BUDGET_SOURCE = ("from agentloop.validation import validate_whole_number\n\n"
                       "TOKEN_BUDGET = 300\n\n\n"
                       + inspect.getsource(guards.validate_budget) + "\n\n"
                       + inspect.getsource(guards.token_budget))
_LOOP_SOURCE = (
    "from __future__ import annotations\n\nimport copy\n\n"
    "from agentloop.agent import (ANSWERED, GUARDED, HANDED_OVER, MAX_STEPS, MODEL_STOPPED,\n"
    "                             STEP_LIMIT, SYSTEM, Step, Transcript, first_objection,\n"
    "                             validate_run)\n"
    "from agentloop.messages import (ASSISTANT, END_TURN, TOOL_USE, USER, input_tokens_of,\n"
    "                                message, output_tokens_of, text_of, tool_use_of,\n"
    "                                validate_reply)\n"
    "from agentloop.shop import HAND_TO_HUMAN, TOOLS, Shop\n\n\n"
    + inspect.getsource(agent.run_agent)
    + "\n\ndef run_agent_lines(model, task, max_steps=5):\n"
    "    lines = run_agent(model, task, max_steps).lines()\n"
    "    if lines[-1].startswith('  stopping: the model stopped'):\n"
    "        lines.pop()\n"
    "    return lines\n")

CHEATS = {
    # --- exercise 1: the library's first rule, in every form -----------------------------
    "imports the library's repeated_action": (
        {"ch3-repeated-answer": "from agentloop.guards import repeated_action\n"},
        _only(REPEATED_IDS)),
    "copies the library's repeated_action from guards.py": (
        {"ch3-repeated-answer": _FIRST_RULE_SOURCE}, _only(REPEATED_IDS)),
    "asks the library's guard about every earlier step": (
        {"ch3-repeated-answer": '''\
from agentloop.guards import repeated_action as first_rule


def repeated_action(steps):
    for earlier in steps[:-1]:
        reason = first_rule([earlier, steps[-1]])
        if reason is not None:
            return reason
    return None
'''}, _only(REPEATED_IDS)),
    "a table of the visible histories": (
        {"ch3-repeated-answer": f"import json\n\nTABLE = {_GUARD_TABLE!r}\n\n\n"
                                "def repeated_action(steps):\n"
                                "    key = json.dumps(steps, sort_keys=True, "
                                "ensure_ascii=False)\n"
                                "    return 'same action twice' if TABLE.get(key) == 'stop' "
                                "else None\n"},
        _only(REPEATED_IDS)),
    "the printed stop: a second step is a repeat": (
        {"ch3-repeated-answer": "def repeated_action(steps):\n"
                                "    return 'same action twice' if len(steps) == 2 else None\n"},
        _only(REPEATED_IDS)),
    # --- exercise 2: the budget of the tokens sent, the printed steps -----------------------
    "imports the library's token_budget": (
        {"ch3-token-answer": "from agentloop.guards import token_budget\n"}, _only(TOKEN_IDS)),
    "copies the library's token_budget from guards.py": (
        {"ch3-token-answer": _SENT_BUDGET_SOURCE}, _only(TOKEN_IDS)),
    "the library's budget, less what the replies wrote": (
        {"ch3-token-answer": '''\
from agentloop import guards


def token_budget(budget):
    def guard(steps):
        written = sum(step["reply_tokens"] for step in steps)
        return guards.token_budget(max(1, budget - written))(steps)
    return guard
'''}, _only(TOKEN_IDS)),
    "a table of the visible budgets": (
        {"ch3-token-answer": f"import json\n\nTABLE = {_BUDGET_TABLE!r}\n\n\n"
                             "def token_budget(budget):\n"
                             "    def guard(steps):\n"
                             "        key = json.dumps([budget, steps], sort_keys=True, "
                             "ensure_ascii=False)\n"
                             "        return 'over' if TABLE.get(key) == 'stop' else None\n"
                             "    return guard\n"},
        _only(TOKEN_IDS)),
    "the transcript viewer's run_with": (
        {"ch3-budget-stop-answer": '''\
from agentloop.agent import GUARDED
from agentloop.widgets.ch3_transcripts import run_with


def budget_stop_step(task, budget):
    transcript = run_with(task, budget=budget)
    return transcript.ended_on if transcript.exit == GUARDED else None
'''}, _only(("ch3-budget-stop",))),
    "the stop step with the library's budget": (
        {"ch3-budget-stop-answer": '''\
from agentloop.agent import GUARDED, run_agent
from agentloop.guards import token_budget as sent_budget
from agentloop.models import SupportModel


def budget_stop_step(task, budget):
    transcript = run_agent(SupportModel(), task, guards=[sent_budget(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None
'''}, _only(("ch3-budget-stop",))),
    "a table of the visible stop steps": (
        {"ch3-budget-stop-answer": f"import json\n\nTABLE = {_STOP_TABLE!r}\n\n\n"
                                   "def budget_stop_step(task, budget):\n"
                                   "    return TABLE.get(json.dumps([task, budget], "
                                   "sort_keys=True, ensure_ascii=False))\n"},
        _only(("ch3-budget-stop",))),
    "the printed step: 3": (
        {"ch3-budget-stop-answer": "def budget_stop_step(task, budget):\n    return 3\n"},
        _only(("ch3-budget-stop",))),
    # --- exercise 3: the bug left in, the library's loop --------------------------------------
    "the colleague's loop pasted unchanged": (
        {"ch3-fix-loop-answer": WRONG["ch3-fix-loop-answer"].replace(
            "        history.append(message(\"user\", results))\n    return lines\n",
            "        history.append(message(\"user\", results))\n"
            "    lines.append(f\"  stopping: {max_steps} steps without an answer → to an "
            "employee\")\n    return lines\n")},
        _only(LOOP_IDS)),
    "the library's run_agent, its log": (
        {"ch3-fix-loop-answer": '''\
from agentloop.agent import run_agent


def run_agent_lines(model, task, max_steps=5):
    lines = run_agent(model, task, max_steps).lines()
    if lines[-1].startswith("  stopping: the model stopped"):
        lines.pop()
    return lines
'''}, _only(LOOP_IDS)),
    "run_agent's source pasted, its log": (
        {"ch3-fix-loop-answer": _LOOP_SOURCE}, _only(LOOP_IDS)),
    "a table of the visible logs": (
        {"ch3-fix-loop-answer": f"import json\n\nTABLE = {_LINES_TABLE!r}\n\n\n"
                                "def run_agent_lines(model, task, max_steps=5):\n"
                                "    replies = getattr(model, 'replies', None)\n"
                                "    key = json.dumps([task, max_steps, replies], "
                                "sort_keys=True, ensure_ascii=False)\n"
                                "    return TABLE.get(key, ['task: ' + task])\n"},
        _only(LOOP_IDS)),
    # --- exercise 4: the printed report, a table ----------------------------------------------
    "the printed report of 1042": (
        {"ch3-exit-report-answer": "def exit_report(task, max_steps=5):\n"
                                   "    return {'exit': 'end_turn', 'step': 2, 'requests': [],\n"
                                   "            'answer': 'The order has not been delivered "
                                   "yet. You can return it once it arrives.'}\n"},
        _only(REPORT_IDS)),
    "a table of the visible reports": (
        {"ch3-exit-report-answer": f"import json\n\nTABLE = {_REPORT_TABLE!r}\n\n\n"
                                   "def exit_report(task, max_steps=5):\n"
                                   "    return TABLE.get(json.dumps([task, max_steps], "
                                   "sort_keys=True, ensure_ascii=False))\n"},
        _only(REPORT_IDS)),
    # --- exercise 5: the library's log line, salad, notes for the visible runs --------------
    "the transcript's last log line as the note": (
        {"ch3-note-answer": "def handover_note(transcript):\n"
                            "    return transcript.lines()[-1].strip() + ' ' + "
                            "(transcript.pending_line() or '')\n"},
        _only(NOTE_IDS)),
    "keyword salad": (
        {"ch3-note-answer": "def handover_note(transcript):\n"
                            "    return ('answered; step limit; asked; guard; cut off; an "
                            "employee must take over; ' + transcript.reason + '; step 1 step 2 "
                            "step 3 step 4 step 5; R-1 R-2 R-3')\n"},
        _only(NOTE_IDS)),
    "notes written for the visible runs only": (
        {"ch3-note-answer": f"TABLE = {_printed_notes()!r}\n\n\n"
                            "import json\n\n\n"
                            "def handover_note(transcript):\n"
                            "    key = json.dumps([transcript.task, transcript.ended_on, "
                            "transcript.exit], sort_keys=True, ensure_ascii=False)\n"
                            "    return TABLE.get(key, 'The customer was answered on step 1.')\n"},
        _only(NOTE_IDS)),
}
