"""Chapter 2's wrong submissions for the grader's round trip test.

WRONG / PARTIAL: this `validate_proposal` gets every revised rule right except scope: a
well-formed lookup of another key than the one asked about is accepted. It passes
ch2-validate-form (the form of proposals) and fails ch2-validate-context (scope, the last
step, final answers and arbitrary proposals). The other answer cells keep the instructor
solution, so their checks pass.

CHEATS: whole-notebook submissions a student might try to earn points without the
understanding (name → (answer cells replaced, test cell → passes)): the library's own
validator and planner called, wrapped, copied as source or reached through its private
helpers; tables of the visible cases (typed in, or read from the facts the learner's edition
ships); values printed in the chapter; half-right answers, each earning only the checks it
really gets right. tests/grader/test_roundtrip.py grades them in the sandbox (where
agentloop.controller and agentloop.planners are not there at all), and
tests/chapters/test_ch2_grading.py in-process the way agentloop-grade does.
"""

import inspect
import json

from agentloop import controller, planners
from agentloop.checks.ch2 import CHECKS

BY_ID = {chk.id: chk for chk in CHECKS}

WRONG = {
    "ch2-validate-answer": '''\
from agentloop.proposals import ProposalRejected


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


# --- exercise 1 ------------------------------------------------------------------------------

# The library's validator pasted as source, with the imports it needs from what the sandbox
# does have: a function of the student's own, so only the revised rules can fail it.
_LIBRARY_VALIDATOR = (
    "import copy\nfrom typing import Any\n"
    "from agentloop.proposals import FIELDS, FINAL, TOOL, ProposalRejected\n"
    "from agentloop.tools import ARG_TYPES, ToolRegistry, default_registry\n"
    "from agentloop.validation import is_whole_number\n\n"
    + "\n\n".join(inspect.getsource(function) for function in (
        controller.validate_proposal, controller._validate_tool_call,
        controller.argument_problem, controller._range, controller._validate_final)))

# The same source with the two new rules patched in, each in the wrong place: why after the
# tool's rules, last_step before them.
_PATCHED_LIBRARY_VALIDATOR = _LIBRARY_VALIDATOR.replace(
    "    missing = [name for name in FIELDS[kind] if name not in proposal]",
    "    if kind == TOOL and state['steps'] + 1 >= state['max_steps']:\n"
    "        raise ProposalRejected('last_step', 'no step left')\n"
    "    why = proposal.pop('why', 'ok') if isinstance(proposal, dict) else 'ok'\n"
    "    missing = [name for name in FIELDS[kind] if name not in proposal]").replace(
    "        _validate_tool_call(proposal[\"name\"], proposal[\"args\"], state, registry)",
    "        _validate_tool_call(proposal[\"name\"], proposal[\"args\"], state, registry)\n"
    "        if type(why) is not str or not 1 <= len(why) <= 200:\n"
    "            raise ProposalRejected('bad_field', 'why must be a short text')")


def _visible_codes() -> dict[str, str | None]:
    """The visible validator cases, as the learner's edition ships their facts."""
    table = {}
    for check_id in VALIDATE_TESTS:
        chk = BY_ID[check_id]
        for case in chk.cases():
            value = case.input
            table[json.dumps([value["proposal"], value["state"], value["tools"]],
                             sort_keys=True)] = chk.facts_of(value)
    return table


# --- exercise 3 ------------------------------------------------------------------------------

def _visible_first_proposals() -> dict[str, dict]:
    """The first proposal the visible runs want, keyed by the run's key and desk."""
    from agentloop.checks.ch2 import desk

    table = {}
    for case in BY_ID["ch2-planner"].cases():
        value = case.input
        names = [card["name"] for card in desk(value).describe()]
        tool = "top_topics" if "top_topics" in names else "lookup"
        args = {"key": value["key"]} if tool == "lookup" else \
            {"key": value["key"], "count": value["most"]}
        table[f"{value['key']}|{'+'.join(names)}"] = {"type": "tool", "name": tool,
                                                      "args": args}
    return table


CHEATS = {
    # exercise 1: the library's validator, reached every way a student could
    "imports the library's validate_proposal": (
        {"ch2-validate-answer": "from agentloop.controller import ProposalRejected, "
                                "validate_proposal\n"}, _only(VALIDATE_TESTS)),
    "pastes the library's validator (inspect.getsource) with its imports": (
        {"ch2-validate-answer": _LIBRARY_VALIDATOR}, _only(VALIDATE_TESTS)),
    "pastes the library's validator with the new rules in the wrong places": (
        {"ch2-validate-answer": _PATCHED_LIBRARY_VALIDATOR}, _only(VALIDATE_TESTS)),
    "wraps the library's validator with both new rules": (
        {"ch2-validate-answer": '''\
from agentloop import controller
from agentloop.proposals import ProposalRejected


def validate_proposal(proposal, state, registry):
    if isinstance(proposal, dict) and "why" in proposal:
        why = proposal["why"]
        proposal = {k: v for k, v in proposal.items() if k != "why"}
        if proposal.get("type") in ("tool", "final") and \\
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
    "calls the library's private helpers for the rules it kept": (
        {"ch2-validate-answer": '''\
from agentloop.controller import _validate_final, _validate_tool_call
from agentloop.proposals import ProposalRejected


def validate_proposal(proposal, state, registry):
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict", "not a dict")
    kind = proposal.get("type")
    if kind not in ("tool", "final") or not isinstance(kind, str):
        raise ProposalRejected("unknown_type", "no such type")
    fields = ["type", "name", "args"] if kind == "tool" else ["type", "answer"]
    if any(field not in proposal for field in fields):
        raise ProposalRejected("missing_field", "a field is missing")
    if any(field not in fields and field != "why" for field in proposal):
        raise ProposalRejected("extra_field", "an unexpected field")
    why = proposal.get("why", "ok")
    if type(why) is not str or not 1 <= len(why) <= 200:
        raise ProposalRejected("bad_field", "why must be a short text")
    if kind == "final":
        return _validate_final(proposal["answer"], state)
    _validate_tool_call(proposal["name"], proposal["args"], state, registry)
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", "no step left")
'''}, _only(VALIDATE_TESTS)),
    "a table of the visible validator cases": (
        {"ch2-validate-answer": f"import json\nTABLE = {_visible_codes()!r}\n" + '''
from agentloop.proposals import ProposalRejected


def validate_proposal(proposal, state, registry):
    tools = "lookup+top_topics" if "top_topics" in registry else "lookup"
    code = TABLE.get(json.dumps([proposal, state, tools], sort_keys=True))
    if code:
        raise ProposalRejected(code, "remembered")
'''}, _only(VALIDATE_TESTS)),
    "answers from the facts the learner's edition ships": (
        {"ch2-validate-answer": '''\
from agentloop.checks.student import facts_file, input_key
from agentloop.proposals import ProposalRejected


def validate_proposal(proposal, state, registry):
    tools = "lookup+top_topics" if "top_topics" in registry else "lookup"
    for mode in ("exact", "any"):
        key = input_key({"proposal": proposal, "state": state, "tools": tools, "mode": mode})
        for entry in facts_file("ch2")["checks"].values():
            for case in entry.get("cases", []):
                if case["key"] == key:
                    if case["facts"] is None:
                        return None
                    raise ProposalRejected(case["facts"], "remembered")
'''}, _only(VALIDATE_TESTS)),
    "half right: the why note only, no last_step (earns the form check alone)": (
        {"ch2-validate-answer": _LIBRARY_VALIDATOR.replace(
            "    missing = [name for name in FIELDS[kind] if name not in proposal]",
            "    why = proposal.get('why', 'ok')\n"
            "    if 'why' in proposal:\n"
            "        proposal = {k: v for k, v in proposal.items() if k != 'why'}\n"
            "    missing = [name for name in FIELDS[kind] if name not in proposal]").replace(
            "    if kind == TOOL:\n",
            "    if type(why) is not str or not 1 <= len(why) <= 200:\n"
            "        raise ProposalRejected('bad_field', 'why must be a short text')\n"
            "    if kind == TOOL:\n")}, _only(("ch2-validate-context",))),
    "half right: last_step only, a why note still an extra field": (
        {"ch2-validate-answer": _LIBRARY_VALIDATOR.replace(
            "    if kind == TOOL:\n        _validate_tool_call(proposal[\"name\"], "
            "proposal[\"args\"], state, registry)",
            "    if kind == TOOL:\n        _validate_tool_call(proposal[\"name\"], "
            "proposal[\"args\"], state, registry)\n"
            "        if state['steps'] + 1 >= state['max_steps']:\n"
            "            raise ProposalRejected('last_step', 'no step left')")},
        _only(VALIDATE_TESTS)),
    # exercise 2
    "list_keys without bounds in the schema (checks the limit itself)": (
        {"ch2-second-tool-answer": '''\
from agentloop.tools import Tool


def add_list_keys(registry, catalogue):
    def keys(limit):
        return sorted(catalogue)[:max(1, min(limit, 10))]
    registry.add(Tool("list_keys", "List the course keys in alphabetical order.",
                      {"limit": {"type": "int"}}, keys))
'''}, _only(("ch2-second-tool",))),
    "list_keys built from the library's top_topics tool": (
        {"ch2-second-tool-answer": '''\
import dataclasses

from agentloop.tools import topics_tool


def add_list_keys(registry, catalogue):
    tool = topics_tool(catalogue, most=10)
    registry.add(dataclasses.replace(tool, name="list_keys",
                                     run=lambda key, count: sorted(catalogue)[:count]))
'''}, _only(("ch2-second-tool",))),
    "list_keys returns the chapter's printed keys": (
        {"ch2-second-tool-answer": '''\
from agentloop.tools import Tool


def add_list_keys(registry, catalogue):
    registry.add(Tool("list_keys", "List the course keys in alphabetical order.",
                      {"limit": {"type": "int", "minimum": 1, "maximum": 10}},
                      lambda limit: ["ai", "design"][:limit]))
'''}, _only(("ch2-second-tool",))),
    "half right: the schema without its upper bound": (
        {"ch2-second-tool-answer": '''\
from agentloop.tools import Tool


def add_list_keys(registry, catalogue):
    registry.add(Tool("list_keys", "List the course keys in alphabetical order.",
                      {"limit": {"type": "int", "minimum": 1}},
                      lambda limit: sorted(catalogue)[:limit]))
'''}, _only(("ch2-second-tool",))),
    # exercise 3
    "hands the library's plan in as the topics planner": (
        {"ch2-planner-answer": '''\
from agentloop.planners import plan


def topics_planner(state, cards):
    return plan(state)
'''}, _only(("ch2-planner",))),
    "pastes the library's plan (inspect.getsource), cards ignored": (
        {"ch2-planner-answer": inspect.getsource(planners.plan).replace(
            "def plan(state: dict[str, Any])", "def topics_planner(state, cards)")
            .replace(" -> dict[str, Any]", "")}, _only(("ch2-planner",))),
    "the old exercise's answer: top_topics with count 3, cards ignored": (
        {"ch2-planner-answer": '''\
def topics_planner(state, cards):
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    return {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": 3}}
'''}, _only(("ch2-planner",))),
    "half right: reads the count from the card, never falls back to lookup": (
        {"ch2-planner-answer": '''\
def topics_planner(state, cards):
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    card = next((c for c in cards if c["name"] == "top_topics"), cards[-1])
    most = card["args"].get("count", {}).get("maximum", 3)
    return {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": most}}
'''}, _only(("ch2-planner",))),
    "reads the cards by position": (
        {"ch2-planner-answer": '''\
def topics_planner(state, cards):
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    if len(cards) > 1:
        most = cards[1]["args"]["count"]["maximum"]
        return {"type": "tool", "name": "top_topics",
                "args": {"key": state["key"], "count": most}}
    return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
'''}, _only(("ch2-planner",))),
    "looks the record up and answers its topics (not what was observed)": (
        {"ch2-planner-answer": '''\
def topics_planner(state, cards):
    if not state["observations"]:
        return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}
    record = state["observations"][-1]["result"]
    return {"type": "final", "answer": None if record is None else record["topics"][:3]}
'''}, _only(("ch2-planner",))),
    "answers the topics from the chapter's catalogue": (
        {"ch2-planner-answer": '''\
from agentloop.tools import CATALOGUE


def topics_planner(state, cards):
    if not state["observations"]:
        return {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": 3}}
    record = CATALOGUE.get(state["key"])
    return {"type": "final", "answer": None if record is None else record["topics"]}
'''}, _only(("ch2-planner",))),
    "a table of the visible runs' first proposals": (
        {"ch2-planner-answer": f"TABLE = {_visible_first_proposals()!r}\n" + '''

def topics_planner(state, cards):
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    names = "+".join(card["name"] for card in cards)
    return TABLE.get(f"{state['key']}|{names}",
                     {"type": "tool", "name": "lookup", "args": {"key": state["key"]}})
'''}, _only(("ch2-planner",))),
}
