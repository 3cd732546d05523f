"""Chapter 2's checks: a proposal validator, a second tool, a planner, the one-step budget.

Each check's id is the grade_id of a test cell in chapters/02_tools_and_controller.ipynb.
Probes return plain data about what the learner's object did; verify recomputes it
with the library's controller. Hidden cases are generated from a seeded random source.
"""

from __future__ import annotations

import copy
import json
import random
import re
import string
from typing import Any

from agentloop.checks.core import Case, Check
from agentloop.controller import (
    REJECTION_CODES,
    STATUSES,
    ProposalRejected,
    new_state,
    run,
    step,
    validate_proposal,
)
from agentloop.planners import plan
from agentloop.tools import CATALOGUE, Tool, ToolRegistry, default_registry, lookup

# --- the registries the validator exercise uses ----------------------------------------------


def _top_topics(key: str, count: int) -> list[str] | None:
    record = lookup(key)
    return None if record is None else record["topics"][:count]


TOP_TOPICS = Tool(
    name="top_topics",
    description="The first `count` topics of the course `key` (None if there is no such key).",
    args={"key": {"type": "str", "min_length": 1, "max_length": 32, "scoped": True},
          "count": {"type": "int", "minimum": 1, "maximum": 3}},
    run=_top_topics,
)


def exercise_registry(tools: str = "lookup") -> ToolRegistry:
    """The registry a validator case runs against: `lookup`, or `lookup+top_topics`."""
    registry = default_registry()
    if tools == "lookup+top_topics":
        registry.add(TOP_TOPICS)
    return registry


def _state(key: str = "ai", looked_up: int = 0) -> dict[str, Any]:
    """A run's state for `key` after `looked_up` lookups of it."""
    state = new_state(key)
    for _ in range(looked_up):
        step(state, {"type": "tool", "name": "lookup", "args": {"key": key}})
    return state


def _case(proposal: Any, label: str, key: str = "ai", looked_up: int = 0,
          tools: str = "lookup", mode: str = "exact") -> Case:
    return Case({"proposal": proposal, "state": _state(key, looked_up), "tools": tools,
                 "mode": mode}, label)


def _lookup(key: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "lookup", "args": {"key": key}}


def _topics(key: Any, count: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "top_topics", "args": {"key": key, "count": count}}


def _final(answer: Any) -> dict[str, Any]:
    return {"type": "final", "answer": answer}


# --- exercise 1: validate_proposal ----------------------------------------------------------

def _probe_validate(validate: Any, case: dict) -> Any:
    registry = exercise_registry(case["tools"])
    try:
        returned = validate(case["proposal"], case["state"], registry)
    except ProposalRejected as exc:
        return {"rejected": exc.code, "reason": exc.reason}
    return {"accepted": True, "returned_none": returned is None}


def _verify_validate(case: dict, output: Any) -> str | None:
    try:
        validate_proposal(case["proposal"], case["state"], exercise_registry(case["tools"]))
        expected = None
    except ProposalRejected as exc:
        expected = exc.code
    if "accepted" in output:
        if not output["returned_none"]:
            return "return None to accept a proposal (raise ProposalRejected to refuse it)"
        return None if expected is None else f"accepted it; expected a rejection ({expected})"
    code, reason = output["rejected"], output["reason"]
    if expected is None:
        return f"rejected a valid proposal with {code!r}"
    if type(reason) is not str or not reason.strip():
        return "a rejection needs a reason a person can read"
    if case["mode"] == "any":
        # An arbitrary dict can break several rules at once: any of the chapter's codes will do.
        return None if code in REJECTION_CODES else \
            f"{code!r} is not one of the chapter's codes ({', '.join(REJECTION_CODES)})"
    return None if code == expected else f"rejected with {code!r}; expected {expected!r}"


def _random_key(rng: random.Random, low: int = 1, high: int = 12) -> str:
    return "".join(rng.choice(string.ascii_lowercase + "-_") for _ in range(rng.randint(low, high)))


def _requested_key(rng: random.Random) -> str:
    return rng.choice(["ai", "design", _random_key(rng), _random_key(rng, 20, 32)])


def _form_mutations(key: str, rng: random.Random) -> list[tuple[str, Any, str]]:
    """Proposals with exactly one thing wrong in their form, for a run asked about `key`."""
    return [
        ("not_a_dict", rng.choice([json.dumps(_lookup(key)), [_lookup(key)], None, 7,
                                   f"lookup {key}"]), "lookup"),
        ("unknown_type", dict(_lookup(key), type=rng.choice(["shell", "Tool", "", None, 3,
                                                              "python", "answer"])), "lookup"),
        ("unknown_type", {"name": "lookup", "args": {"key": key}}, "lookup"),
        ("missing_field", rng.choice([{"type": "tool", "name": "lookup"},
                                      {"type": "tool", "args": {"key": key}},
                                      {"type": "final"}]), "lookup"),
        ("extra_field", dict(_lookup(key), **{rng.choice(["reason", "code", "id"]):
                                              _random_key(rng)}), "lookup"),
        ("extra_field", dict(_final(None), confidence=rng.random()), "lookup"),
        ("unknown_tool", {"type": "tool", "name": rng.choice(["python", "shell", "Lookup",
                                                              "eval", "", None, 5]),
                          "args": {"key": key}}, "lookup"),
        ("unknown_tool", _topics(key, 1), "lookup"),
        ("missing_argument", {"type": "tool", "name": "lookup", "args": {}}, "lookup"),
        ("missing_argument", {"type": "tool", "name": "top_topics", "args": {"key": key}},
         "lookup+top_topics"),
        ("extra_argument", {"type": "tool", "name": "lookup",
                            "args": {"key": key, rng.choice(["limit", "path", "k"]): 1}},
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
            # A final proposal's form is checked after a lookup, so that only its form is wrong.
            cases.append(_case(proposal, f"generated {kind} {number + 1}", key,
                               looked_up=1, tools=tools))
    return cases


def _form_visible() -> list[Case]:
    return [
        _case(_lookup("ai"), "a well-formed lookup of the requested key → accepted"),
        _case('{"type": "tool", "name": "lookup"}', "JSON text, not a dict → not_a_dict"),
        _case({"type": "shell", "command": "rm -rf /"}, "type 'shell' → unknown_type"),
        _case({"type": "tool", "name": "lookup"}, "no args → missing_field"),
        _case(dict(_lookup("ai"), reason="I am sure"), "an extra 'reason' field → extra_field"),
        _case({"type": "tool", "name": "python", "args": {"code": "print(1)"}},
              "tool 'python' → unknown_tool"),
        _case({"type": "tool", "name": "lookup", "args": {}}, "no key → missing_argument"),
        _case({"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}},
              "an extra limit → extra_argument"),
        _case(_lookup(42), "key 42, not a str → bad_argument"),
        _case(_lookup("k" * 40), "a 40-character key → bad_argument"),
        _case(_topics("ai", 2), "top_topics with count 2 → accepted", tools="lookup+top_topics"),
        _case(_topics("ai", True), "count True (a bool, not an int) → bad_argument",
              tools="lookup+top_topics"),
        _case(_topics("ai", 4), "count 4, above the maximum 3 → bad_argument",
              tools="lookup+top_topics"),
        _case({"type": "final"}, "a final proposal without an answer → missing_field",
              looked_up=1),
    ]


def _context_visible() -> list[Case]:
    record = lookup("ai")
    return [
        _case(_lookup("design"), "lookup 'design' when asked about 'ai' → out_of_scope"),
        _case(_topics("design", 1), "top_topics of another key → out_of_scope",
              tools="lookup+top_topics"),
        _case(_final(record), "a final answer before any lookup → final_without_observation"),
        _case(_final({"title": "Applied AI", "topics": ["everything"]}),
              "an answer that is not the observed record → final_mismatch", looked_up=1),
        _case(_final(None), "answering None after a record was found → final_mismatch",
              looked_up=1),
        _case(_final(record), "the observed record as the answer → accepted", looked_up=1),
        _case(_final(None), "None after the lookup found nothing → accepted", key="robotics",
              looked_up=1),
        _case(_lookup("ai"), "a second lookup of the same key → accepted", looked_up=1),
    ]


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
    """A dict (usually) built from plausible and implausible pieces: sometimes valid."""
    if rng.random() < 0.1:
        return _random_value(rng)
    key = state["key"]
    last = state["observations"][-1]["result"] if state["observations"] else None
    pieces = {
        "type": lambda: rng.choice(["tool", "tool", "final", "final", "Tool", None,
                                    _random_value(rng)]),
        "name": lambda: rng.choice(["lookup", "lookup", "top_topics", "python",
                                    _random_value(rng)]),
        "args": lambda: rng.choice([{"key": key}, {"key": key}, {"key": key, "count": 2},
                                    {"key": _random_key(rng)}, {"key": key.upper()},
                                    {"key": key, "count": rng.randint(-1, 5)},
                                    _random_value(rng)]),
        "answer": lambda: rng.choice([last, last, None, lookup("design"), _random_value(rng)]),
        "note": lambda: _random_value(rng),
    }
    names = [name for name in pieces if rng.random() < (0.1 if name == "note" else 0.8)]
    return {name: pieces[name]() for name in names}


def _context_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(6):
        key = _requested_key(rng)
        other = rng.choice([key.upper() if key.upper() != key else key + "x", key + " ",
                            "design" if key != "design" else "ai", _random_key(rng)])
        tools = rng.choice(["lookup", "lookup+top_topics"])
        record = lookup(key) if key in CATALOGUE else None
        made_up = {"title": key.title(), "topics": ["made", "up"]}
        cases += [
            _case(_lookup(other), f"generated out-of-scope lookup {number + 1}", key),
            _case(_topics(other, 1), f"generated out-of-scope top_topics {number + 1}", key,
                  tools="lookup+top_topics"),
            _case(_final(rng.choice([record, made_up, None])),
                  f"generated final before a lookup {number + 1}", key),
            _case(_final(rng.choice([made_up, [], "done", {"title": key}]
                                    + ([None] if record is not None else []))),
                  f"generated mismatched final {number + 1}", key, looked_up=1),
            _case(_final(record), f"generated confirmed final {number + 1}", key,
                  looked_up=rng.randint(1, 2)),
            _case(_lookup(key), f"generated repeat lookup {number + 1}", key, looked_up=1,
                  tools=tools),
        ]
    for number in range(40):
        key, looked_up = _requested_key(rng), rng.randint(0, 2)
        proposal = _arbitrary_proposal(rng, _state(key, looked_up))
        cases.append(_case(proposal, f"arbitrary proposal {number + 1}", key, looked_up,
                           tools=rng.choice(["lookup", "lookup+top_topics"]), mode="any"))
    return cases


_VALIDATE_HINT = ("Check in order: a dict; type tool/final; exactly the fields of that type; "
                  "a registered tool; its arguments (missing, extra, type and bounds); scope; "
                  "then a final answer needs an observation and must equal the last result.")
