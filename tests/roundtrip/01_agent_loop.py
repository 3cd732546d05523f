"""Chapter 1's subtly wrong submission for the grader's round trip test.

This `decide` checks the step limit before the success branch, so a finished search on
the last allowed step becomes `limit`: it fails ch1-decide-search (and the scenario
check, whose generated states include such steps) but passes ch1-decide-failure.
"""

WRONG = {
    "ch1-decide-answer": '''\
def decide(state):
    observation = state["observation"]
    if not observation["ok"]:
        if state["failures"] > state["max_retries"]:
            return "error"
    if state["steps"] >= state["max_steps"]:
        return "limit"
    if observation["ok"] and observation.get("search_complete", True):
        return "success" if len(observation["matches"]) == 1 else "needs_input"
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
