"""Chapter 2's checks: the desk's revised validator, a second tool, a topics planner.

Each check's id is the grade_id of a test cell in chapters/02_tools_and_controller.ipynb.
Probes return plain data about what the learner's object did; verify recomputes it on
the trusted side. Hidden cases are generated from a seeded random source.

The graded exercises are not functions the library already has, so copying the library
scores nothing:

- exercise 1 is `validate_proposal` under the desk's revised rules: an optional `why`
  note (`bad_field` when it is not a short text) and `last_step` (no tool call on the
  run's last step). `agentloop.controller.validate_proposal` has neither;
- exercise 3 is a planner for "which topics does course K have?", which must use the
  `top_topics` tool: the library's `plan` answers with the whole record instead.

Checks whose learner could lean on a library function name it as `reference`: the grader
withholds that object while the learner's code runs and refuses it as an answer; the
learner's output is judged by `verify` against the references kept in this module.
"""

from __future__ import annotations

import copy
import json
import random
import string
from typing import Any

from agentloop import planners
from agentloop.checks.core import Case, Check
from agentloop.checks.legacy import Verify
from agentloop.controller import (
    FIELDS,
    REJECTION_CODES,
    TOOL,
    ProposalRejected,
    new_state,
    run,
    step,
    validate_proposal,
)
from agentloop.tools import (
    CATALOGUE,
    Tool,
    ToolRegistry,
    ToolSpecError,
    default_registry,
    lookup,
)
from agentloop.validation import is_whole_number

# --- the registries the validator exercise uses ----------------------------------------------


def topics_tool(catalogue: dict[str, Any] | None = None) -> Tool:
    """`top_topics(key, count)` over `catalogue`: the first `count` topics, or None."""
    catalogue = CATALOGUE if catalogue is None else catalogue

    def top_topics(key: str, count: int) -> list[str] | None:
        record = lookup(key, catalogue)
        return None if record is None else record["topics"][:count]

    return Tool(
        name="top_topics",
        description="The first `count` topics of the course `key` (None if there is no such "
                    "key).",
        args={"key": {"type": "str", "min_length": 1, "max_length": 32, "scoped": True},
              "count": {"type": "int", "minimum": 1, "maximum": 3}},
        run=top_topics,
    )


def exercise_registry(tools: str = "lookup",
                      catalogue: dict[str, Any] | None = None) -> ToolRegistry:
    """The registry a case runs against: `lookup`, or `lookup+top_topics`, over `catalogue`."""
    registry = default_registry(CATALOGUE if catalogue is None else catalogue)
    if tools == "lookup+top_topics":
        registry.add(topics_tool(catalogue))
    return registry


def _state(key: str = "ai", looked_up: int = 0, max_steps: int = 3) -> dict[str, Any]:
    """A run's state for `key` with a budget of `max_steps`, after `looked_up` lookups."""
    state = new_state(key, max_steps)
    for _ in range(looked_up):
        step(state, {"type": "tool", "name": "lookup", "args": {"key": key}})
    return state


def _lookup(key: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "lookup", "args": {"key": key}}


def _topics(key: Any, count: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "top_topics", "args": {"key": key, "count": count}}


def _final(answer: Any) -> dict[str, Any]:
    return {"type": "final", "answer": answer}


# --- exercise 1: validate_proposal under the desk's revised rules --------------------------

WHY_LENGTH = (1, 200)
REVISED_CODES = (*REJECTION_CODES, "bad_field", "last_step")

# What each outcome means: the rule a case tests (Case.rule), in the order of the rules.
RULES = {
    "not_a_dict": "not_a_dict: the proposal is not a dict (JSON text is not one either)",
    "unknown_type": "unknown_type: type is missing or not 'tool' / 'final'",
    "missing_field": "missing_field: a field of that type is absent",
    "extra_field": "extra_field: a field that type does not have (why is allowed)",
    "bad_field": "bad_field: why is not a text of 1 to 200 characters",
    "unknown_tool": "unknown_tool: name is not a registered tool",
    "bad_argument": "bad_argument: args is not a dict, or a value has the wrong type or bounds",
    "missing_argument": "missing_argument: an argument of the schema is absent",
    "extra_argument": "extra_argument: an argument the schema does not have",
    "out_of_scope": "out_of_scope: a scoped argument is not the requested key",
    "last_step": "last_step: a tool call that would use the run's last step",
    "final_without_observation": "final_without_observation: a final answer before any tool ran",
    "final_mismatch": "final_mismatch: the answer differs from the last tool result",
    "accepted": "accepted: a valid proposal returns None",
    "any": "an arbitrary dict: refused with one of the codes, or accepted only if valid",
}


def revised_validate(proposal: Any, state: dict[str, Any],
                     registry: ToolRegistry | None = None) -> None:
    """Reference for exercise 1: the library's rules plus `why` (bad_field) and last_step.

    Order: the form of the fields first (a `why` note is not an extra field), then the
    note itself, then the library's rules for a tool call or a final answer; a tool call
    that passes them all is refused when it would use the run's last step.
    """
    registry = default_registry() if registry is None else registry
    if not isinstance(proposal, dict):
        raise ProposalRejected("not_a_dict",
                               f"a proposal must be a dict, got {type(proposal).__name__}")
    kind = proposal.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProposalRejected("unknown_type", f"type must be 'tool' or 'final', got {kind!r}")
    without_why = {name: value for name, value in proposal.items() if name != "why"}
    _form(without_why, kind)
    if "why" in proposal:
        why = proposal["why"]
        if not isinstance(why, str) or not is_whole_number(len(why), *WHY_LENGTH):
            raise ProposalRejected("bad_field", f"why must be a text of 1 to 200 characters, "
                                                f"got {str(why)[:40]!r}")
    validate_proposal(without_why, state, registry)  # the library's rules for the rest
    if kind == TOOL and state["steps"] + 1 >= state["max_steps"]:
        raise ProposalRejected("last_step", f"step {state['steps'] + 1} is the last of "
                                            f"{state['max_steps']}: no step would be left "
                                            "for the final answer")


def _form(proposal: dict[str, Any], kind: str) -> None:
    missing = [name for name in FIELDS[kind] if name not in proposal]
    if missing:
        raise ProposalRejected("missing_field", f"a {kind} proposal needs {missing[0]!r}")
    extra = [name for name in proposal if name not in FIELDS[kind]]
    if extra:
        raise ProposalRejected("extra_field", f"a {kind} proposal has no {extra[0]!r}")


def expected_code(case: dict) -> str | None:
    """The code the revised rules give a case (None: accepted)."""
    try:
        revised_validate(case["proposal"], case["state"], exercise_registry(case["tools"]))
    except ProposalRejected as exc:
        return exc.code
    return None


def _case(proposal: Any, label: str, key: str = "ai", looked_up: int = 0,
          tools: str = "lookup", mode: str = "exact", max_steps: int = 3) -> Case:
    value = {"proposal": proposal, "state": _state(key, looked_up, max_steps), "tools": tools,
             "mode": mode}
    rule = RULES["any"] if mode == "any" else RULES[expected_code(value) or "accepted"]
    return Case(value, label, rule=rule)


def _probe_validate(validate: Any, case: dict) -> Any:
    registry = exercise_registry(case["tools"])
    try:
        returned = validate(case["proposal"], case["state"], registry)
    except ProposalRejected as exc:
        return {"rejected": exc.code, "reason": exc.reason}
    return {"accepted": True, "returned_none": returned is None}


def _judge_validate(case: dict, expected: str | None, output: Any) -> str | None:
    """`expected`: the code the revised rules give the case (None: accepted)."""
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
        return None if code in REVISED_CODES else \
            f"{code!r} is not one of the chapter's codes ({', '.join(REVISED_CODES)})"
    return None if code == expected else f"rejected with {code!r}; expected {expected!r}"


_verify_validate = Verify(_judge_validate, expected_code)


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
                                                              "python", "answer"])), "lookup"),
        ("unknown_type", {"name": "lookup", "args": {"key": key}, "why": _bad_why(rng)},
         "lookup"),
        ("missing_field", rng.choice([{"type": "tool", "name": "lookup"},
                                      {"type": "tool", "args": {"key": key}},
                                      {"type": "final"}, {"type": "final", "why": "done"}]),
         "lookup"),
        ("extra_field", dict(_lookup(key), **{rng.choice(["reason", "code", "id"]):
                                              _random_key(rng)}), "lookup"),
        ("extra_field", dict(_final(None), confidence=rng.random()), "lookup"),
        ("extra_field", dict(_lookup(key), note="n", why=_bad_why(rng)), "lookup"),
        ("bad_field", dict(_lookup(key), why=_bad_why(rng)), "lookup"),
        ("bad_field", dict(_topics(key, 9), why=_bad_why(rng)), "lookup+top_topics"),
        ("accepted", dict(_lookup(key), why=_why(rng)), "lookup"),
        ("unknown_tool", {"type": "tool", "name": rng.choice(["python", "shell", "Lookup",
                                                              "eval", "", None, 5]),
                          "args": {"key": key}}, "lookup"),
        ("unknown_tool", _topics(key, 1), "lookup"),
        ("missing_argument", {"type": "tool", "name": "lookup", "args": {}}, "lookup"),
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


def _form_visible() -> list[Case]:
    return [
        _case(_lookup("ai"), "a well-formed lookup of the requested key → accepted"),
        _case('{"type": "tool", "name": "lookup"}', "JSON text, not a dict → not_a_dict"),
        _case({"type": "shell", "command": "rm -rf /"}, "type 'shell' → unknown_type"),
        _case({"type": "tool", "name": "lookup"}, "no args → missing_field"),
        _case(dict(_lookup("ai"), reason="I am sure"), "an extra 'reason' field → extra_field"),
        _case(dict(_lookup("ai"), why="the user asked about ai"),
              "a lookup with a short why note → accepted"),
        _case(dict(_final(lookup("ai")), why="this is what the lookup returned"),
              "a final answer with a why note → accepted", looked_up=1),
        _case(dict(_lookup("ai"), why=42), "why is 42, not a text → bad_field"),
        _case(dict(_lookup("ai"), why=""), "an empty why → bad_field"),
        _case(dict(_lookup("ai"), why="w" * 201), "a why of 201 characters → bad_field"),
        _case(dict(_lookup("ai"), why=None, note="x"),
              "an extra field and a bad why → extra_field (fields first)"),
        _case(dict(_lookup(""), why=7), "a bad why and a bad key → bad_field (the note first)"),
        _case({"type": "tool", "name": "python", "args": {"code": "print(1)"}},
              "tool 'python' → unknown_tool"),
        _case({"type": "tool", "name": "lookup", "args": {}}, "no key → missing_argument"),
        _case({"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}},
              "an extra limit → extra_argument"),
        _case({"type": "tool", "name": "lookup", "args": ["ai"]}, "args a list → bad_argument"),
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
        _case(_lookup("ai"), "a second lookup with two steps left → accepted", looked_up=1),
        _case(_lookup("ai"), "a lookup in a run of one step → last_step", max_steps=1),
        _case(_lookup("ai"), "a lookup on step 2 of 2 → last_step", looked_up=1, max_steps=2),
        _case(_lookup("design"), "another key on the last step → out_of_scope (scope first)",
              max_steps=1),
        _case(_lookup("x" * 33), "a bad key on the last step → bad_argument", max_steps=1),
        _case(_final(record), "a final answer on the last step → accepted", looked_up=1,
              max_steps=2),
        _case({"type": "tool", "name": 5, "args": "ai", "why": 3},
              "an arbitrary dict → any of the codes", mode="any"),
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
            _case(_final(record), f"{label}: a final on the last step", key, looked_up=last,
                  max_steps=last + 1),
        ]
    for number in range(40):
        key, looked_up = _requested_key(rng), rng.randint(0, 2)
        budget = rng.randint(looked_up + 1, looked_up + 3)
        proposal = _arbitrary_proposal(rng, _state(key, looked_up, budget))
        cases.append(_case(proposal, f"arbitrary proposal {number + 1}", key, looked_up,
                           tools=rng.choice(["lookup", "lookup+top_topics"]), mode="any",
                           max_steps=budget))
    return cases


_VALIDATE_HINT = ("In order: a dict; type tool/final; exactly the fields of that type (plus "
                  "an optional why); why a text of 1 to 200 characters; a registered tool; "
                  "args a dict; its arguments (missing, extra, type and bounds); scope; the "
                  "last step; then a final answer needs an observation and must equal the last "
                  "result.")

VALIDATE_FORM = Check(
    id="ch2-validate-form",
    answer="validate_proposal",
    title="validate_proposal() refuses a malformed proposal (revised rules)",
    # The library's own validator: withheld while grading, refused as an answer.
    withhold=(validate_proposal,),
    probe=_probe_validate,
    verify=_verify_validate,
    cases=_form_visible,
    hidden=_form_cases,
    hint=_VALIDATE_HINT,
)

VALIDATE_CONTEXT = Check(
    id="ch2-validate-context",
    answer="validate_proposal",
    title="validate_proposal() weighs scope, the budget and final answers (revised rules)",
    withhold=(validate_proposal,),
    probe=_probe_validate,
    verify=_verify_validate,
    cases=_context_visible,
    hidden=_context_cases,
    hint="A scoped argument must equal state['key']; a tool call needs a step left after it "
         "(state['steps'] + 1 < state['max_steps']); a final answer needs an observation and "
         "must equal state['observations'][-1]['result'] (None included).",
)

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


def _probe_second_tool(add_tool: Any, case: dict) -> Any:
    """Register the tool into a fresh registry, then let the controller handle one proposal."""
    catalogue = case["catalogue"]
    registry = default_registry(catalogue)
    add_tool(registry, catalogue)
    if "list_keys" not in registry:
        return {"card": None}
    card = registry["list_keys"].describe()
    state = new_state(case["key"])
    try:
        outcome = step(state, case["proposal"], registry)
    except ProposalRejected as exc:
        return {"card": card, "rejected": exc.code}
    return {"card": card, "ran": outcome}


def _second_tool_facts(case: dict) -> dict[str, Any]:
    """What the controller does with the case's proposal once the reference registered the
    tool: {"rejected": code} or {"ran": outcome}."""
    return {k: v for k, v in _probe_second_tool(add_list_keys, copy.deepcopy(case)).items()
            if k != "card"}


def _judge_second_tool(case: dict, want: dict[str, Any], output: Any) -> str | None:
    card = output["card"]
    if card is None:
        return "no tool named 'list_keys' is in the registry after your function ran"
    if type(card["description"]) is not str or len(card["description"].strip()) < 10:
        return "give list_keys a description a model could read (a sentence)"
    # Recompute the controller's decision here, from the schema on the card (plain data):
    # the refusal or acceptance reported by the learner's side is only cross-checked.
    try:
        decided = _decision(case, card)
    except ToolSpecError as exc:
        return f"the tool's card is not a valid tool definition: {exc}"
    got = {k: v for k, v in output.items() if k != "card"}
    if ("rejected" in decided) != ("rejected" in got) or \
            decided.get("rejected", "") != got.get("rejected", ""):
        return "the reported outcome does not match what the controller decides for that schema"
    if "rejected" in want and "ran" in got:
        return (f"the controller ran it (result {got['ran'].get('result')!r}); it should "
                f"refuse it with {want['rejected']!r}: check the schema")
    if "ran" in want and "rejected" in got:
        return f"the controller refused it with {got['rejected']!r}; it should run"
    if "rejected" in want:
        return None if got == want else \
            f"refused with {got['rejected']!r}; expected {want['rejected']!r}"
    if got["ran"] != want["ran"]:
        return f"the call returned {got['ran'].get('result')!r}; expected {want['ran']['result']!r}"
    return None


_verify_second_tool = Verify(_judge_second_tool, _second_tool_facts)


def _decision(case: dict, card: dict[str, Any]) -> dict[str, Any]:
    """The controller's verdict on the case's proposal, given the learner's tool card."""
    registry = default_registry(case["catalogue"])
    registry.add(Tool(name="list_keys", description=card["description"], args=card["args"],
                      run=lambda **arguments: None))  # only the schema matters here
    try:
        validate_proposal(case["proposal"], new_state(case["key"]), registry)
    except ProposalRejected as exc:
        return {"rejected": exc.code}
    return {}


def _list_keys(limit: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "list_keys", "args": {"limit": limit}}


SMALL_CATALOGUE = {name: {"title": name.title(), "topics": []}
                   for name in ("ethics", "data", "robots", "art", "maths")}


RUNS = "a good limit runs: the catalogue's keys, sorted, at most limit of them"
REFUSED = "a bad limit (out of 1–10, not an int, a bool) is refused by the controller"
SHAPE = "a missing or an extra argument is refused by the controller"
LOOKUP_STAYS = "lookup keeps working next to list_keys"


def _second_tool_visible() -> list[Case]:
    def case(proposal: Any, label: str, rule: str, catalogue: dict | None = None) -> Case:
        catalogue = CATALOGUE if catalogue is None else catalogue
        return Case({"catalogue": catalogue, "key": next(iter(catalogue)),
                     "proposal": proposal}, label, rule=rule)

    return [
        case(_list_keys(10), "limit 10 → ['ai', 'design']", RUNS),
        case(_list_keys(1), "limit 1 → ['ai']", RUNS),
        case(_list_keys(3), "another catalogue, limit 3 → its first 3 keys in order", RUNS,
             SMALL_CATALOGUE),
        case(_list_keys(0), "limit 0 → refused (bad_argument)", REFUSED),
        case(_list_keys(11), "limit 11 → refused (bad_argument)", REFUSED),
        case(_list_keys("2"), "limit '2', a str → refused (bad_argument)", REFUSED),
        case(_list_keys(True), "limit True, a bool → refused (bad_argument)", REFUSED),
        case({"type": "tool", "name": "list_keys", "args": {}},
             "no limit → refused (missing_argument)", SHAPE),
        case({"type": "tool", "name": "list_keys", "args": {"limit": 2, "prefix": "a"}},
             "an extra prefix → refused (extra_argument)", SHAPE),
        case(_lookup("ai"), "lookup still works next to it", LOOKUP_STAYS),
    ]


def _second_tool_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(40):
        # Sorted, then shuffled by rng: a set's own order changes between processes.
        words = sorted({_random_key(rng, 2, 10) for _ in range(rng.randint(1, 14))})
        rng.shuffle(words)
        catalogue = {word: {"title": word.title(), "topics": []} for word in words}
        key = rng.choice(sorted(catalogue))
        rule, proposal = rng.choice([
            (RUNS, _list_keys(rng.randint(1, 10))), (RUNS, _list_keys(rng.randint(1, 10))),
            (REFUSED, _list_keys(rng.choice([-1, 0, 11, 12, 100, True, False, "3", 2.0, None,
                                             [2]]))),
            (SHAPE, {"type": "tool", "name": "list_keys", "args": {}}),
            (SHAPE, {"type": "tool", "name": "list_keys",
                     "args": {"limit": rng.randint(1, 10),
                              rng.choice(["prefix", "key", "all"]): 1}}),
            (LOOKUP_STAYS, _lookup(key)),
            (LOOKUP_STAYS, _lookup(rng.choice(sorted(catalogue)) + "z")),
        ])
        cases.append(Case({"catalogue": catalogue, "key": key, "proposal": proposal},
                          f"generated catalogue {number + 1}", rule=rule))
    return cases


SECOND_TOOL = Check(
    id="ch2-second-tool",
    answer="add_list_keys",
    title="register list_keys: it runs, and bad arguments are still refused",
    probe=_probe_second_tool,
    verify=_verify_second_tool,
    cases=_second_tool_visible,
    hidden=_second_tool_cases,
    hint="The controller refuses only what the schema forbids, so the bounds of limit belong "
         "in the args schema; run gets the catalogue your function was given.",
)

# --- exercise 3: a topics planner -----------------------------------------------------------

TOPICS_TOOLS = "lookup+top_topics"
TOPICS_COUNT = topics_tool().args["count"]["maximum"]


def topics_planner(state: dict[str, Any]) -> dict[str, Any]:
    """Reference for exercise 3: ask top_topics for the requested key, then finish with it."""
    if not state["observations"]:
        return {"type": "tool", "name": "top_topics",
                "args": {"key": state["key"], "count": TOPICS_COUNT}}
    return {"type": "final", "answer": state["observations"][-1]["result"]}


def _topics_run(case: dict, planner: Any) -> dict[str, Any]:
    """`run` for a case: its key and budget, over its catalogue (None: the chapter's)."""
    registry = exercise_registry(TOPICS_TOOLS, case.get("catalogue"))
    return run(case["key"], planner, case["max_steps"], registry)


def _probe_planner(planner: Any, case: dict) -> Any:
    """Run the controller with the learner's planner; return the proposals it made."""
    proposals: list[Any] = []

    def recording(state: dict[str, Any]) -> Any:
        proposal = planner(state)
        proposals.append(copy.deepcopy(proposal))
        return proposal

    try:
        _topics_run(case, recording)
    except ProposalRejected:
        pass  # verify replays the proposals and finds the refusal itself
    return {"proposals": proposals}


def _planner_facts(case: dict) -> dict[str, Any]:
    """How the reference planner's run ends: its status and answer."""
    expected = _topics_run(case, topics_planner)
    return {"status": expected["status"], "answer": expected["answer"]}


def _judge_planner(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    proposals = output["proposals"]
    if type(proposals) is not list or not proposals:
        return "the planner made no proposals"
    queue = iter(proposals)
    used = [0]

    def replay(state: dict[str, Any]) -> Any:
        used[0] += 1
        return next(queue, None)

    try:
        got = _topics_run(case, replay)
    except ProposalRejected as exc:
        return f"the controller refused proposal {used[0]} ({proposals[used[0] - 1]!r}): {exc}"
    if used[0] != len(proposals):
        return f"the run used {used[0]} proposals but the planner made {len(proposals)}"
    if got["status"] != expected["status"]:
        return f"status {got['status']!r}; expected {expected['status']!r}"
    if got["answer"] != expected["answer"]:
        return f"answer {got['answer']!r}; expected {expected['answer']!r}"
    return None


_verify_planner = Verify(_judge_planner, _planner_facts)


PLANNER_RULES = {
    "done": "a known course → done, with exactly the topics top_topics returned",
    "unknown": "a course not in the catalogue → unknown, answer None",
    "stopped": "one step: top_topics runs, no step is left to finish → stopped",
}


def _planner_case(key: str, max_steps: int, label: str,
                  catalogue: dict[str, Any] | None = None) -> Case:
    value: dict[str, Any] = {"key": key, "max_steps": max_steps}
    if catalogue is not None:
        value["catalogue"] = catalogue
    return Case(value, label, rule=PLANNER_RULES[_topics_run(value, topics_planner)["status"]])


TOPIC_WORDS = ("ethics", "sensors", "motors", "colour", "maps", "loops", "tests", "clay",
               "rhythm", "graphs", "budgets", "posters")


def _random_catalogue(rng: random.Random) -> dict[str, Any]:
    keys = sorted({_random_key(rng, 2, 10) for _ in range(rng.randint(1, 5))})
    return {key: {"title": key.title(),
                  "topics": rng.sample(TOPIC_WORDS, rng.randint(1, 5))} for key in keys}


def _planner_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number, key in enumerate(["ai", "design", "AI", "ai ", "Design"]
                                 + [_requested_key(rng) for _ in range(10)]):
        cases.append(_planner_case(key, rng.randint(1, 5), f"generated run {number + 1}"))
    for number in range(15):
        catalogue = _random_catalogue(rng)
        key = rng.choice([*sorted(catalogue), *sorted(catalogue), _random_key(rng)])
        cases.append(_planner_case(key, rng.choice([1, 2, 2, 3, 5]),
                                   f"generated catalogue {number + 1}", catalogue))
    return cases


SMALL_TOPICS = {"robots": {"title": "Robots", "topics": ["sensors", "motors"]},
                "art": {"title": "Art", "topics": ["colour", "clay", "posters", "maps"]}}

PLANNER = Check(
    id="ch2-planner",
    answer="topics_planner",
    title="a planner that answers 'which topics?' honestly",
    # The library's plan (it answers with the whole record): withheld while grading.
    withhold=(planners.plan,),
    probe=_probe_planner,
    verify=_verify_planner,
    cases=lambda: [
        _planner_case("ai", 3, "'ai' with 3 steps → done, ['goals', 'tools', 'checks']"),
        _planner_case("design", 2, "'design' with 2 steps → done"),
        _planner_case("art", 3, "another catalogue: 'art' → done, its first 3 topics",
                      SMALL_TOPICS),
        _planner_case("robotics", 3, "'robotics' with 3 steps → unknown"),
        _planner_case("ai", 1, "'ai' with 1 step → stopped (no step left to finish)"),
    ],
    hidden=_planner_cases,
    hint="Nothing observed yet → propose top_topics for state['key'] with the largest count "
         "its schema allows; otherwise finish with the last result, whatever it is.",
)

CHECKS = (VALIDATE_FORM, VALIDATE_CONTEXT, SECOND_TOOL, PLANNER)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "validate_proposal": revised_validate,
    "add_list_keys": add_list_keys,
    "topics_planner": topics_planner,
}
