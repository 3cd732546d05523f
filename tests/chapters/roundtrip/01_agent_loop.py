"""Chapter 1's wrong submissions for the grader's round trip test.

WRONG / PARTIAL: the subtly wrong submission. Its `decide` has both rules of the revised
policy but asks about the step limit before the success branch, so a finished search on
the last allowed step becomes `limit`: it fails ch1-decide-search and ch1-decide-scenario
(whose visible cases include such a state) and passes ch1-decide-failure. The other answer
cells keep the instructor solution.

CHEATS: whole-notebook submissions a student might try to earn points without the
understanding (name → (answer cells replaced, test cell → passes)). Every cheated cell
must earn nothing; tests/chapters/test_ch1_grading.py grades them in-process the way
agentloop-grade does (library references withheld while the answers run).
"""

import inspect

from agentloop import loop
from agentloop.checks.ch1 import CHECKS, PREDICTION_RUNS

WRONG = {
    "ch1-decide-answer": '''\
def decide(state):
    observation = state["observation"]
    if not observation["ok"]:
        if not observation.get("retryable", True):
            return "error"
        if state["failures"] > state["max_retries"]:
            return "error"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(set(observation["matches"])) == 1 else "needs_input"
    return "continue"
''',
}

PARTIAL = {
    "ch1-decide-failure": True,
    "ch1-decide-search": False,
    "ch1-decide-scenario": False,
    "ch1-predict": True,
    "ch1-messages": True,
}

DECIDE_TESTS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")


def _only(failing: tuple[str, ...]) -> dict[str, bool]:
    return {test: test not in failing for test in PARTIAL}


_VISIBLE_TABLE = {repr(case.input): loop.decide(case.input)
                  for chk in CHECKS if chk.id in DECIDE_TESTS for case in chk.cases()}
_LIBRARY_DECIDE = ("from typing import Any\n"
                   "from agentloop.loop import CONTINUE, ERROR, LIMIT, NEEDS_INPUT, SUCCESS\n\n"
                   + inspect.getsource(loop.decide))

CHEATS = {
    "imports the library's decide": (
        {"ch1-decide-answer": "from agentloop.loop import decide\n"}, _only(DECIDE_TESTS)),
    "copies the library's decide from loop.py": (
        {"ch1-decide-answer": _LIBRARY_DECIDE}, _only(DECIDE_TESTS)),
    "wraps the library's decide with both new rules": (
        {"ch1-decide-answer": '''\
from agentloop import loop


def decide(state):
    observation = state["observation"]
    if not observation["ok"] and observation.get("retryable") is False:
        return "error"
    if observation["ok"] and observation.get("search_complete", True):
        observation = dict(observation, matches=sorted(set(observation["matches"])))
        state = dict(state, observation=observation)
    return loop.decide(state)
'''}, _only(DECIDE_TESTS)),
    "hard-codes the chapter's visible cases": (
        {"ch1-decide-answer": f"TABLE = {_VISIBLE_TABLE!r}\n\n"
                              "def decide(state):\n"
                              "    return TABLE.get(repr(state), 'continue')\n"},
         _only(DECIDE_TESTS)),
    "predicts with the library's decide": (
        {"ch1-predict-answer": '''\
from agentloop.checks.ch1 import PREDICTION_RUNS
from agentloop.loop import decide as first_policy
from agentloop.loop import new_state

predictions = {}
for letter, script in PREDICTION_RUNS.items():
    state = new_state("one_match", script["max_steps"], script["max_retries"])
    for observation in script["observations"]:
        state.update(observation=observation, steps=state["steps"] + 1,
                     failures=state["failures"] + (not observation["ok"]))
        if first_policy(state) != "continue":
            predictions[letter] = (first_policy(state), state["steps"])
            break
'''}, _only(("ch1-predict",))),
    "predicts by hand with the first policy (no new rules)": (
        {"ch1-predict-answer": "predictions = " + repr({
            "a": ("error", 2), "b": ("success", 2), "c": ("limit", 3),
            "d": ("needs_input", 3), "e": ("limit", 2), "f": ("error", 1),
            "g": ("limit", 3), "h": ("needs_input", 2)}) + "\n"}, _only(("ch1-predict",))),
    "gives every run the same answer (passes the visible form check)": (
        {"ch1-predict-answer": "predictions = "
                               + repr(dict.fromkeys(PREDICTION_RUNS, ("error", 1))) + "\n"},
        _only(("ch1-predict",))),
    "wraps the library's honest_message": (
        {"ch1-messages-answer": '''\
from agentloop.terminal_messages import honest_message


def final_message(state):
    text = honest_message(state["terminal"], state["observation"])
    if state["terminal"] == "error":
        text += f" ({state['observation']['error']})"
    return f"{text} Actions used: {state['steps']}."
'''}, _only(("ch1-messages",))),
    "keyword salad": (
        {"ch1-messages-answer": '''\
def final_message(state):
    cards = ", ".join(state["observation"].get("matches", []))
    return (f"Found {cards}? Not all cards were checked; could not read "
            f"({state['observation'].get('error', '')}); nothing was found. "
            f"Actions used: {state['steps']}.")
'''}, _only(("ch1-messages",))),
    "the audit's lazy messages": (
        {"ch1-messages-answer": '''\
def final_message(state):
    return {"success": "task-003", "needs_input": "Which one?", "error": "error",
            "limit": "All good after 5 steps"}[state["terminal"]]
'''}, _only(("ch1-messages",))),
}
