"""Chapter 2's checks, the teacher's edition: the references (the revised validator, the
second tool, the planner that reads the cards), the facts of any case, and the hidden
cases (other keys, budgets, catalogues, desks, arbitrary dicts).

The learner's edition (`agentloop.checks.ch2`) has the visible cases, the probes and the
judges; `CHECKS` here are the same checks completed by `key(...)`.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

from agentloop.checks.ch2 import (
    ACCEPTED,
    ANY,
    EXACT,
    LOOKUP_STAYS,
    NO_STEP_LEFT,
    RECORD,
    REFUSED,
    RUNS,
    SHAPE,
    TOPICS,
    UNKNOWN_COURSE,
    WHY_LENGTH,
    _final,
    _list_keys,
    _lookup,
    _probe_second_tool,
    _topics,
    controller_decision,
    desk,
    exercise_registry,
    planner_case,
    run_state,
    second_tool_case,
    validator_case,
)
from agentloop.checks.ch2 import (
    CHECKS as LEARNER_CHECKS,
)
from agentloop.checks.core import Case
from agentloop.controller import run
from agentloop.proposals import DONE, FIELDS, FINAL, STOPPED, UNKNOWN, ProposalRejected
from agentloop.tools import ARG_TYPES, BOUNDS, CATALOGUE, Tool, ToolRegistry, lookup
from agentloop.validation import is_whole_number

from . import Lock, key

# --- exercise 1: validate_proposal under the desk's revised rules --------------------------


def revised_validate(proposal: Any, state: dict[str, Any],
                     registry: ToolRegistry | None = None) -> None:
    """Reference for exercise 1: the lesson's rules plus `why` (bad_field) and last_step.

    Order: the form of the fields first (a `why` note is not an extra field), then the
    note itself, then the rules for a tool call or a final answer; a tool call that passes
    them all is refused when it would use the run's last step. Written out in full, not
    built on agentloop.controller: the grader's checks of this exercise run without it.
    """
    registry = exercise_registry() if registry is None else registry
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict",
                               f"a proposal must be a dict, got {type(proposal).__name__}")
    kind = proposal.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProposalRejected("unknown_type", f"type must be 'tool' or 'final', got {kind!r}")
    missing = [name for name in FIELDS[kind] if name not in proposal]
    if missing:
        raise ProposalRejected("missing_field", f"a {kind} proposal needs {missing[0]!r}")
    extra = [name for name in proposal if name not in (*FIELDS[kind], "why")]
    if extra:
        raise ProposalRejected("extra_field", f"a {kind} proposal has no {extra[0]!r}")
    if "why" in proposal:
        why = proposal["why"]
        if not isinstance(why, str) or not is_whole_number(len(why), *WHY_LENGTH):
            raise ProposalRejected("bad_field", f"why must be a text of 1 to 200 characters, "
                                                f"got {str(why)[:40]!r}")
    if kind == FINAL:
        _final_rules(proposal["answer"], state)
        return
    _tool_rules(proposal["name"], proposal["args"], state, registry)
    if state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", f"step {state['steps'] + 1} is the last of "
                                            f"{state['max_steps']}: no step would be left "
                                            "for the final answer")


def _tool_rules(name: Any, args: Any, state: dict[str, Any], registry: ToolRegistry) -> None:
    if name not in registry:
        raise ProposalRejected("unknown_tool", f"no tool named {name!r}; registered: "
                                               f"{', '.join(registry.names())}")
    if not isinstance(args, dict):
        raise ProposalRejected("bad_argument", f"args must be a dict, got {args!r}")
    schema = registry[name].args
    missing = [arg for arg in schema if arg not in args]
    if missing:
        raise ProposalRejected("missing_argument", f"{name} needs the argument {missing[0]!r}")
    extra = [arg for arg in args if arg not in schema]
    if extra:
        raise ProposalRejected("extra_argument", f"{name} has no argument {extra[0]!r}")
    for arg, spec in schema.items():
        value = args[arg]
        if type(value) is not ARG_TYPES[spec["type"]]:
            raise ProposalRejected("bad_argument", f"{name}'s {arg} must be {spec['type']}, "
                                                   f"got {value!r}")
        low, high = (spec.get(bound) for bound in BOUNDS[spec["type"]])
        if not is_whole_number(len(value) if spec["type"] == "str" else value, low, high):
            raise ProposalRejected("bad_argument", f"{name}'s {arg} is out of bounds: "
                                                   f"{value!r}")
    for arg, spec in schema.items():
        if spec.get("scoped") and args[arg] != state["key"]:
            raise ProposalRejected("out_of_scope", f"{name}'s {arg} must be the requested "
                                                   f"key {state['key']!r}, got {args[arg]!r}")


def _final_rules(answer: Any, state: dict[str, Any]) -> None:
    if not state["observations"]:
        raise ProposalRejected("final_without_observation",
                               "a final answer needs an observation first: call a tool")
    result = state["observations"][-1]["result"]
    if answer != result:
        raise ProposalRejected("final_mismatch", f"the answer must be what the last tool "
                                                 f"call returned ({result!r}), got {answer!r}")


def expected_code(case: dict) -> str | None:
    """The code the revised rules give a case (None: accepted): the facts of exercise 1."""
    try:
        revised_validate(case["proposal"], case["state"], exercise_registry(case["tools"]))
    except ProposalRejected as exc:
        return exc.code
    return None


def _case(proposal: Any, label: str, key: str = "ai", looked_up: int = 0,
          tools: str = "lookup", mode: str = EXACT, max_steps: int = 3) -> Case:
    """A hidden case of exercise 1, its rule the one the reference applies."""
    state = run_state(key, looked_up, max_steps)
    code = expected_code({"proposal": proposal, "state": state, "tools": tools})
    return validator_case(proposal, label, code or ACCEPTED, key, looked_up, tools, mode,
                          max_steps)


def _random_key(rng: random.Random, low: int = 1, high: int = 12) -> str:
    return "".join(rng.choice(string.ascii_lowercase + "-_") for _ in range(rng.randint(low, high)))


def _requested_key(rng: random.Random) -> str:
    return rng.choice(["ai", "design", _random_key(rng), _random_key(rng, 20, 32)])


def _why(rng: random.Random) -> str:
    return rng.choice(["the user asked about this course", "look it up first",
                       "x" * rng.randint(1, 200), "confirming what was observed"])


def _bad_why(rng: random.Random) -> Any:
    return rng.choice(["", "y" * rng.randint(201, 260), 42, None, True, ["why"],
                       {"text": "because"}])


def _form_mutations(key: str, rng: random.Random) -> list[tuple[str, Any, str]]:
    """Proposals with one thing wrong in their form (or none), for a run asked about `key`."""
    return [
        ("not_a_dict", rng.choice([json.dumps(_lookup(key)), [_lookup(key)], None, 7,
                                   f"lookup {key}"]), "lookup"),
        ("unknown_type", dict(_lookup(key), type=rng.choice(["shell", "Tool", "", None, 3,
                                                              "python", "answer", ["tool"],
                                                              {"tool": 1}])), "lookup"),
        ("unknown_type", {"name": "lookup", "args": {"key": key}, "why": _bad_why(rng)},
         "lookup"),
        ("missing_field", rng.choice([{"type": "tool", "name": "lookup"},
                                      {"type": "tool", "args": {"key": key}},
                                      {"type": "final"}, {"type": "final", "why": "done"},
                                      {"type": "tool", "name": "lookup",
                                       "why": _bad_why(rng)}]), "lookup"),
        ("extra_field", dict(_lookup(key), **{rng.choice(["reason", "code", "id"]):
                                              _random_key(rng)}), "lookup"),
        ("extra_field", dict(_final(None), confidence=rng.random()), "lookup"),
        ("extra_field", dict(_lookup(key), note="n", why=_bad_why(rng)), "lookup"),
        ("bad_field", dict(_lookup(key), why=_bad_why(rng)), "lookup"),
        ("bad_field", dict(_topics(key, 9), why=_bad_why(rng)), "lookup+top_topics"),
        ("bad_field", {"type": "tool", "name": rng.choice(["python", "shell", "Lookup"]),
                       "args": {"key": key}, "why": _bad_why(rng)}, "lookup"),
        ("accepted", dict(_lookup(key), why=_why(rng)), "lookup"),
        ("unknown_tool", {"type": "tool", "name": rng.choice(["python", "shell", "Lookup",
                                                              "eval", "", None, 5]),
                          "args": {"key": key}}, "lookup"),
        ("unknown_tool", _topics(key, 1), "lookup"),
        ("missing_argument", {"type": "tool", "name": "lookup", "args": {}}, "lookup"),
        ("missing_argument", {"type": "tool", "name": "lookup",
                              "args": {rng.choice(["k", "Key", "name"]): key}}, "lookup"),
        ("missing_argument", {"type": "tool", "name": "top_topics", "args": {"key": key},
                              "why": _why(rng)}, "lookup+top_topics"),
        ("extra_argument", {"type": "tool", "name": "lookup",
                            "args": {"key": key, rng.choice(["limit", "path", "k", "why"]): 1}},
         "lookup"),
        ("bad_argument", _lookup(rng.choice([42, None, [key], {"key": key}, True, 3.5])),
         "lookup"),
        ("bad_argument", _lookup(rng.choice(["", "x" * rng.randint(33, 60)])), "lookup"),
        ("bad_argument", {"type": "tool", "name": "lookup",
                          "args": rng.choice([[key], key, None])}, "lookup"),
        ("bad_argument", _topics(key, rng.choice([0, 4, -1, 99, True, False, "2", 2.0, None])),
         "lookup+top_topics"),
        ("accepted", _lookup(key), "lookup"),
        ("accepted", _topics(key, rng.randint(1, 3)), "lookup+top_topics"),
    ]


def _form_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(3):
        key = _requested_key(rng)
        for kind, proposal, tools in _form_mutations(key, rng):
            # After one lookup with steps left: only the form of the proposal can be wrong.
            cases.append(_case(proposal, f"generated {kind} {number + 1}", key, looked_up=1,
                               tools=tools, max_steps=rng.randint(3, 6)))
    return cases


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    kinds = ["none", "bool", "int", "float", "str", "word"] + (["list", "dict"] * (depth < 2))
    kind = rng.choice(kinds)
    if kind == "none":
        return None
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "int":
        return rng.randint(-5, 40)
    if kind == "float":
        return round(rng.uniform(-3, 3), 2)
    if kind == "str":
        return _random_key(rng, 0, 40)
    if kind == "word":
        return rng.choice(["ai", "design", "tool", "final", "lookup", "top_topics", "key"])
    if kind == "list":
        return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["key", "count", "type", "name", "x"]): _random_value(rng, depth + 1)
            for _ in range(rng.randint(0, 3))}


def _arbitrary_proposal(rng: random.Random, state: dict[str, Any]) -> Any:
    """A valid proposal with zero to two random changes: sometimes valid, often not."""
    if rng.random() < 0.1:
        return _random_value(rng)
    key = state["key"]
    last = state["observations"][-1]["result"] if state["observations"] else None
    proposal: dict[str, Any] = rng.choice([
        _lookup(key), _topics(key, rng.randint(1, 3)), _final(last),
        _final(rng.choice([None, lookup("design"), {"title": key}])),
    ])
    if rng.random() < 0.3:
        proposal["why"] = rng.choice([_why(rng), _bad_why(rng)])
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        change = rng.choice(["type", "drop", "add", "name", "args", "arg", "extra_arg",
                             "answer"])
        if change == "type":
            proposal["type"] = rng.choice(["tool", "final", "Tool", None, _random_value(rng)])
        elif change == "drop" and proposal:
            del proposal[rng.choice(sorted(proposal))]
        elif change == "add":
            proposal[rng.choice(["note", "answer", "args", "name", "why"])] = _random_value(rng)
        elif change == "name":
            proposal["name"] = rng.choice(["lookup", "top_topics", "python", _random_value(rng)])
        elif change == "args":
            proposal["args"] = _random_value(rng)
        elif change in ("arg", "extra_arg") and isinstance(proposal.get("args"), dict):
            name = rng.choice(["key", "count"]) if change == "arg" else rng.choice(["x", "all"])
            proposal["args"][name] = rng.choice([key.upper(), _random_key(rng), key,
                                                 rng.randint(-1, 5), _random_value(rng)])
        elif change == "answer":
            proposal["answer"] = rng.choice([last, None, _random_value(rng)])
    return proposal


def _context_cases(rng: random.Random) -> list[Case]:
    """Runs the chapter never shows; the arbitrary dicts (any code will do) come last, so
    the first hidden cases each have one right code."""
    cases = []
    for number in range(6):
        key = _requested_key(rng)
        other = rng.choice([key.upper() if key.upper() != key else key + "x", key + " ",
                            "design" if key != "design" else "ai", _random_key(rng)])
        tools = rng.choice(["lookup", "lookup+top_topics"])
        record = lookup(key) if key in CATALOGUE else None
        made_up = {"title": key.title(), "topics": ["made", "up"]}
        budget = rng.randint(3, 6)
        label = f"generated run {number + 1}"
        cases += [
            _case(_lookup(other), f"{label}: another key", key, max_steps=budget),
            _case(_topics(other, 1), f"{label}: top_topics of another key", key,
                  tools="lookup+top_topics", max_steps=budget),
            _case(_final(rng.choice([record, made_up, None])), f"{label}: final first", key,
                  max_steps=budget),
            _case(_final(rng.choice([made_up, [], "done", {"title": key}]
                                    + ([None] if record is not None else []))),
                  f"{label}: a final that is not the result", key, looked_up=1,
                  max_steps=budget),
            _case(_final(record), f"{label}: the result as the final", key,
                  looked_up=rng.randint(1, 2), max_steps=budget),
            _case(_lookup(key), f"{label}: a repeat lookup, steps left", key, looked_up=1,
                  tools=tools, max_steps=budget),
        ]
        last = rng.randint(1, 4)
        cases += [
            _case(rng.choice([_lookup(key), dict(_lookup(key), why=_why(rng))]),
                  f"{label}: a lookup on step {last} of {last}", key, looked_up=last - 1,
                  tools=tools, max_steps=last),
            _case(_topics(key, rng.randint(1, 3)), f"{label}: top_topics on the last step", key,
                  looked_up=last - 1, tools="lookup+top_topics", max_steps=last),
            _case(_lookup(other), f"{label}: another key on the last step", key,
                  looked_up=last - 1, max_steps=last),
            _case(_lookup(rng.choice(["", "k" * 33, 7])),
                  f"{label}: a bad key on the last step", key, looked_up=last - 1,
                  max_steps=last),
            _case(_final(record), f"{label}: a final on the last step", key, looked_up=last,
                  max_steps=last + 1),
        ]
    for number in range(40):
        key, looked_up = _requested_key(rng), rng.randint(0, 2)
        budget = rng.randint(looked_up + 1, looked_up + 3)
        proposal = _arbitrary_proposal(rng, run_state(key, looked_up, budget))
        cases.append(_case(proposal, f"arbitrary proposal {number + 1}", key, looked_up,
                           tools=rng.choice(["lookup", "lookup+top_topics"]), mode=ANY,
                           max_steps=budget))
    return cases


# --- exercise 2: a second tool ----------------------------------------------------------------

LIST_KEYS_LIMIT = (1, 10)


def add_list_keys(registry: ToolRegistry, catalogue: dict[str, Any]) -> None:
    """Reference: register `list_keys(limit)`, the catalogue's keys in order, at most `limit`."""
    low, high = LIST_KEYS_LIMIT
    registry.add(Tool(
        name="list_keys",
        description="The catalogue's keys in alphabetical order, at most `limit` of them.",
        args={"limit": {"type": "int", "minimum": low, "maximum": high}},
        run=lambda limit: sorted(catalogue)[:limit],
    ))


def _second_tool_facts(case: dict) -> dict[str, Any]:
    """What happens to the case's proposal once the reference registered the tool:
    {"rejected": code}, or {"ran": what the tool returns}."""
    output = _probe_second_tool(add_list_keys, case)
    decided = controller_decision(case, output["cards"])
    if "rejected" in decided:
        return decided
    if not case["run"]:
        raise ValueError(f"a case whose proposal runs must say so (run: true): {case!r}")
    return {"ran": output["result"]}


def _second_tool_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(40):
        # Sorted, then shuffled by rng: a set's own order changes between processes.
        words = sorted({_random_key(rng, 2, 10) for _ in range(rng.randint(1, 14))})
        rng.shuffle(words)
        catalogue = {word: {"title": word.title(), "topics": []} for word in words}
        key = rng.choice(sorted(catalogue))
        rule, proposal, runs = rng.choice([
            (RUNS, _list_keys(rng.randint(1, 10)), True),
            (RUNS, _list_keys(rng.randint(1, 10)), True),
            (REFUSED, _list_keys(rng.choice([-1, 0, 11, 12, 100, True, False, "3", 2.0, None,
                                             [2]])), False),
            (SHAPE, {"type": "tool", "name": "list_keys", "args": {}}, False),
            (SHAPE, {"type": "tool", "name": "list_keys",
                     "args": {"limit": rng.randint(1, 10),
                              rng.choice(["prefix", "key", "all"]): 1}}, False),
            (LOOKUP_STAYS, _lookup(key), True),
            (LOOKUP_STAYS, _lookup(rng.choice(sorted(catalogue)) + "z"), False),
        ])
        cases.append(second_tool_case(proposal, f"generated catalogue {number + 1}", rule,
                                      catalogue, key, runs))
    return cases


# --- exercise 3: a planner that reads the tool cards ----------------------------------------


def topics_planner(state: dict[str, Any], cards: list[dict[str, Any]]) -> dict[str, Any]:
    """Reference for exercise 3: top_topics with the largest count its card allows, or
    lookup on a desk without it; then finish with exactly what was observed."""
    if state["observations"]:
        return {"type": "final", "answer": state["observations"][-1]["result"]}
    by_name = {card["name"]: card for card in cards}
    if "top_topics" in by_name:
        most = by_name["top_topics"]["args"]["count"]["maximum"]
        return {"type": "tool", "name": "top_topics",
                "args": {"key": state["key"], "count": most}}
    return {"type": "tool", "name": "lookup", "args": {"key": state["key"]}}


def reference_run(case: dict) -> dict[str, Any]:
    """The run of the reference planner on a case, under the controller."""
    registry = desk(case)
    cards = registry.describe()
    return run(case["key"], lambda state: topics_planner(state, cards), case["max_steps"],
               registry)


def _planner_facts(case: dict) -> dict[str, Any]:
    """How the reference planner's run ends: its status and answer."""
    expected = reference_run(case)
    return {"status": expected["status"], "answer": expected["answer"]}


def planner_rule(case: dict) -> str:
    """The rule a planner case tests, from how the reference's run ends."""
    status = reference_run(case)["status"]
    if status == DONE:
        return TOPICS if "top_topics" in case["tools"] else RECORD
    return {UNKNOWN: UNKNOWN_COURSE, STOPPED: NO_STEP_LEFT}[status]


TOPIC_WORDS = ("ethics", "sensors", "motors", "colour", "maps", "loops", "tests", "clay",
               "rhythm", "graphs", "budgets", "posters")
DESKS = ("lookup+top_topics", "top_topics+lookup", "lookup")


def _random_catalogue(rng: random.Random) -> dict[str, Any]:
    keys = sorted({_random_key(rng, 2, 10) for _ in range(rng.randint(1, 5))})
    return {key: {"title": key.title(),
                  "topics": rng.sample(TOPIC_WORDS, rng.randint(1, 5))} for key in keys}


def _hidden_planner_case(key: str, max_steps: int, label: str, rng: random.Random,
                         catalogue: dict[str, Any] | None = None) -> Case:
    """A run on a desk the chapter never shows: its tools, their order, top_topics' bound."""
    tools = rng.choice(DESKS)
    most = rng.randint(1, 5) if "top_topics" in tools else None
    drawn = planner_case(key, max_steps, tools, label, "", most, catalogue)
    return Case(drawn.input, label, rule=planner_rule(drawn.input))


def _planner_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number, asked in enumerate(["ai", "design", "AI", "ai ", "Design"]
                                   + [_requested_key(rng) for _ in range(10)]):
        cases.append(_hidden_planner_case(asked, rng.randint(1, 5),
                                          f"generated run {number + 1}", rng))
    for number in range(20):
        catalogue = _random_catalogue(rng)
        key = rng.choice([*sorted(catalogue), *sorted(catalogue), _random_key(rng)])
        cases.append(_hidden_planner_case(key, rng.choice([1, 2, 2, 3, 5]),
                                          f"generated catalogue {number + 1}", rng, catalogue))
    return cases


# --- the teacher's edition of each check -------------------------------------------------------

_LEARNER = {chk.id: chk for chk in LEARNER_CHECKS}

CHECKS = (
    key(_LEARNER["ch2-validate-form"], reference=revised_validate, facts=expected_code,
        hidden=_form_cases),
    key(_LEARNER["ch2-validate-context"], reference=revised_validate, facts=expected_code,
        hidden=_context_cases),
    key(_LEARNER["ch2-second-tool"], reference=add_list_keys, facts=_second_tool_facts,
        hidden=_second_tool_cases),
    key(_LEARNER["ch2-planner"], reference=topics_planner, facts=_planner_facts,
        hidden=_planner_cases),
)
# What a correct submission defines (used by tests, the benchmark and the learner release).
REFERENCE = {
    "validate_proposal": revised_validate,
    "add_list_keys": add_list_keys,
    "topics_planner": topics_planner,
}
# How each exercise's reference is locked for self-study (see Lock): on these checks every
# right answer gives exactly the reference's outputs (a code, a card and a result, the
# proposals). ch2-validate-context is left out: its arbitrary dicts accept any code.
LOCKS = {
    "ch2-validate-answer": Lock(("ch2-validate-form",), inputs=30),
    "ch2-second-tool-answer": Lock(("ch2-second-tool",), inputs=12),
    "ch2-planner-answer": Lock(("ch2-planner",), inputs=10),
}
