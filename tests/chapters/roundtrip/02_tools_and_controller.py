"""Chapter 2's wrong submissions for the grader's round trip test.

WRONG / PARTIAL: this `validate_proposal` gets every revised rule right except scope: a
well-formed lookup of another key than the one asked about is accepted. It passes
ch2-validate-form (the form of proposals) and fails ch2-validate-context (scope, the last
step, final answers and arbitrary proposals). The other answer cells keep the instructor
solution, so their checks pass.

CHEATS: whole-notebook submissions a student might try to earn points without the
understanding (name → (answer cells replaced, test cell → passes)). Every cheated cell
must earn nothing; tests/chapters/test_ch2_grading.py grades them in-process the way
agentloop-grade does (library references withheld while the answers run).
"""

import inspect

from agentloop import controller

WRONG = {
    "ch2-validate-answer": '''\
from agentloop.controller import ProposalRejected


def validate_proposal(proposal, state, registry):
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict", "a proposal is a dict")
    kind = proposal.get("type")
    if kind not in ("tool", "final") or not isinstance(kind, str):
        raise ProposalRejected("unknown_type", f"unknown type {kind!r}")
    fields = {"tool": ["type", "name", "args"], "final": ["type", "answer"]}[kind]
    if any(field not in proposal for field in fields):
        raise ProposalRejected("missing_field", "a field is missing")
    if any(field not in fields and field != "why" for field in proposal):
        raise ProposalRejected("extra_field", "an unexpected field")
    why = proposal.get("why", "ok")
    if type(why) is not str or not 1 <= len(why) <= 200:
        raise ProposalRejected("bad_field", "why must be a short text")
    if kind == "final":
        if not state["observations"]:
            raise ProposalRejected("final_without_observation", "nothing observed yet")
        if proposal["answer"] != state["observations"][-1]["result"]:
            raise ProposalRejected("final_mismatch", "not what was observed")
        return None
    name, args = proposal["name"], proposal["args"]
    if not isinstance(name, str) or name not in registry:
        raise ProposalRejected("unknown_tool", f"no tool {name!r}")
    if not isinstance(args, dict):
        raise ProposalRejected("bad_argument", "args must be a dict")
    schema = registry[name].args
    if any(arg not in args for arg in schema):
        raise ProposalRejected("missing_argument", "an argument is missing")
    if any(arg not in schema for arg in args):
        raise ProposalRejected("extra_argument", "an unknown argument")
    for arg, spec in schema.items():
        value = args[arg]
        if spec["type"] == "str":
            ok = type(value) is str and \\
                spec.get("min_length", 0) <= len(value) <= spec.get("max_length", len(value))
        else:
            ok = type(value) is int and \\
                spec.get("minimum", value) <= value <= spec.get("maximum", value)
        if not ok:
            raise ProposalRejected("bad_argument", f"{arg}={value!r} is not allowed")
    # The missing rule: a scoped argument is never compared with state["key"].
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left for the final answer")
    return None
''',
}

PARTIAL = {
    "ch2-validate-form": True,
    "ch2-validate-context": False,
    "ch2-second-tool": True,
    "ch2-planner": True,
}

VALIDATE_TESTS = ("ch2-validate-form", "ch2-validate-context")


def _only(failing: tuple[str, ...]) -> dict[str, bool]:
    return {test: test not in failing for test in PARTIAL}


_LIBRARY_VALIDATOR = (
    "import copy\nfrom typing import Any\n"
    "from agentloop.controller import FIELDS, FINAL, TOOL, ProposalRejected\n"
    "from agentloop.tools import ARG_TYPES, ToolRegistry, default_registry\n"
    "from agentloop.validation import is_whole_number\n\n"
    + "\n\n".join(inspect.getsource(function) for function in (
        controller.validate_proposal, controller._validate_tool_call,
        controller.argument_problem, controller._range, controller._validate_final)))

CHEATS = {
    "imports the library's validate_proposal": (
        {"ch2-validate-answer": "from agentloop.controller import ProposalRejected, "
                                "validate_proposal\n"}, _only(VALIDATE_TESTS)),
    "copies the library's validator from controller.py": (
        {"ch2-validate-answer": _LIBRARY_VALIDATOR}, _only(VALIDATE_TESTS)),
    "wraps the library's validator with both new rules": (
        {"ch2-validate-answer": '''\
from agentloop import controller
from agentloop.controller import ProposalRejected


def validate_proposal(proposal, state, registry):
    if isinstance(proposal, dict) and "why" in proposal:
        why = proposal["why"]
        proposal = {k: v for k, v in proposal.items() if k != "why"}
        if proposal.get("type") in ("tool", "final") and \
                (not isinstance(why, str) or not 1 <= len(why) <= 200):
            try:  # the form first: let the library find a missing or extra field
                controller.validate_proposal(proposal, state, registry)
            except ProposalRejected as refusal:
                if refusal.code in ("missing_field", "extra_field"):
                    raise
            raise ProposalRejected("bad_field", "why must be a short text")
    controller.validate_proposal(proposal, state, registry)
    if proposal["type"] == "tool" and state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")
'''}, _only(VALIDATE_TESTS)),
    "hands the library's plan in as the topics planner": (
        {"ch2-planner-answer": "from agentloop.planners import plan as topics_planner\n"},
        _only(("ch2-planner",))),
    "wraps the library's plan, swapping in top_topics": (
        {"ch2-planner-answer": '''\
from agentloop import planners


def topics_planner(state):
    proposal = planners.plan(state)
    if proposal["type"] == "tool":
        return {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": 3}}
    return proposal
'''}, _only(("ch2-planner",))),
    "answers the topics from memory": (
        {"ch2-planner-answer": '''\
from agentloop.tools import CATALOGUE


def topics_planner(state):
    record = CATALOGUE.get(state["key"])
    return {"type": "final", "answer": None if record is None else record["topics"]}
'''}, _only(("ch2-planner",))),
    "looks the record up and answers its topics (not what was observed)": (
        {"ch2-planner-answer": '''\
def topics_planner(state):
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    record = state["observations"][-1]["result"]
    return {"type": "final", "answer": None if record is None else record["topics"]}
'''}, _only(("ch2-planner",))),
    "hard-codes the chapter's catalogue": (
        {"ch2-planner-answer": '''\
def topics_planner(state):
    known = {"ai": ["goals", "tools", "checks"], "design": ["brief", "prototype", "review"]}
    if not state["observations"]:
        return {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": 3}}
    return {"type": "final", "answer": known.get(state["key"])}
'''}, _only(("ch2-planner",))),
    "list_keys without bounds in the schema (checks the limit itself)": (
        {"ch2-second-tool-answer": '''\
from agentloop.tools import Tool


def add_list_keys(registry, catalogue):
    def keys(limit):
        return sorted(catalogue)[:max(1, min(limit, 10))]
    registry.add(Tool("list_keys", "List the course keys in alphabetical order.",
                      {"limit": {"type": "int"}}, keys))
'''}, _only(("ch2-second-tool",))),
}
