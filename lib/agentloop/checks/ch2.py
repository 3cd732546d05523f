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
from agentloop.tools import (
    CATALOGUE,
    Tool,
    ToolRegistry,
    ToolSpecError,
    default_registry,
    lookup,
)

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
    """A valid proposal with zero to two random changes: sometimes valid, often not."""
    if rng.random() < 0.1:
        return _random_value(rng)
    key = state["key"]
    last = state["observations"][-1]["result"] if state["observations"] else None
    proposal: dict[str, Any] = rng.choice([
        _lookup(key), _topics(key, rng.randint(1, 3)), _final(last),
        _final(rng.choice([None, lookup("design"), {"title": key}])),
    ])
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        change = rng.choice(["type", "drop", "add", "name", "args", "arg", "extra_arg",
                             "answer"])
        if change == "type":
            proposal["type"] = rng.choice(["tool", "final", "Tool", None, _random_value(rng)])
        elif change == "drop" and proposal:
            del proposal[rng.choice(sorted(proposal))]
        elif change == "add":
            proposal[rng.choice(["note", "answer", "args", "name"])] = _random_value(rng)
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
                  "a registered tool; args a dict; its arguments (missing, extra, type and "
                  "bounds); scope; then a final answer needs an observation and must equal "
                  "the last result.")

VALIDATE_FORM = Check(
    id="ch2-validate-form",
    symbol="validate_proposal",
    title="validate_proposal() refuses a malformed proposal",
    probe=_probe_validate,
    verify=_verify_validate,
    visible=_form_visible,
    hidden=_form_cases,
    hint=_VALIDATE_HINT,
)

VALIDATE_CONTEXT = Check(
    id="ch2-validate-context",
    symbol="validate_proposal",
    title="validate_proposal() checks scope and final answers against the run",
    probe=_probe_validate,
    verify=_verify_validate,
    visible=_context_visible,
    hidden=_context_cases,
    hint="A scoped argument must equal state['key']; a final answer needs an observation and "
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


def _verify_second_tool(case: dict, output: Any) -> str | None:
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
    want = {k: v for k, v in _probe_second_tool(add_list_keys, copy.deepcopy(case)).items()
            if k != "card"}
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


def _second_tool_visible() -> list[Case]:
    def case(proposal: Any, label: str, catalogue: dict | None = None) -> Case:
        catalogue = CATALOGUE if catalogue is None else catalogue
        return Case({"catalogue": catalogue, "key": next(iter(catalogue)),
                     "proposal": proposal}, label)

    return [
        case(_list_keys(10), "limit 10 → ['ai', 'design']"),
        case(_list_keys(1), "limit 1 → ['ai']"),
        case(_list_keys(3), "another catalogue, limit 3 → its first 3 keys in order",
             SMALL_CATALOGUE),
        case(_list_keys(0), "limit 0 → refused (bad_argument)"),
        case(_list_keys(11), "limit 11 → refused (bad_argument)"),
        case(_list_keys("2"), "limit '2', a str → refused (bad_argument)"),
        case(_list_keys(True), "limit True, a bool → refused (bad_argument)"),
        case({"type": "tool", "name": "list_keys", "args": {}},
             "no limit → refused (missing_argument)"),
        case({"type": "tool", "name": "list_keys", "args": {"limit": 2, "prefix": "a"}},
             "an extra prefix → refused (extra_argument)"),
        case(_lookup("ai"), "lookup still works next to it"),
    ]


def _second_tool_cases(rng: random.Random) -> list[Case]:
    cases = []
    for number in range(40):
        # Sorted, then shuffled by rng: a set's own order changes between processes.
        words = sorted({_random_key(rng, 2, 10) for _ in range(rng.randint(1, 14))})
        rng.shuffle(words)
        catalogue = {word: {"title": word.title(), "topics": []} for word in words}
        key = rng.choice(sorted(catalogue))
        proposal = rng.choice([
            _list_keys(rng.randint(1, 10)), _list_keys(rng.randint(1, 10)),
            _list_keys(rng.choice([-1, 0, 11, 12, 100, True, False, "3", 2.0, None, [2]])),
            {"type": "tool", "name": "list_keys", "args": {}},
            {"type": "tool", "name": "list_keys",
             "args": {"limit": rng.randint(1, 10), rng.choice(["prefix", "key", "all"]): 1}},
            _lookup(key), _lookup(rng.choice(sorted(catalogue)) + "z"),
        ])
        cases.append(Case({"catalogue": catalogue, "key": key, "proposal": proposal},
                          f"generated catalogue {number + 1}"))
    return cases


SECOND_TOOL = Check(
    id="ch2-second-tool",
    symbol="add_list_keys",
    title="register list_keys: it runs, and bad arguments are still refused",
    probe=_probe_second_tool,
    verify=_verify_second_tool,
    visible=_second_tool_visible,
    hidden=_second_tool_cases,
    hint="Tool(name='list_keys', description=..., args={'limit': {'type': 'int', 'minimum': 1, "
         "'maximum': 10}}, run=...) — run returns sorted(catalogue)[:limit].",
)

# --- exercise 3: a planner ----------------------------------------------------------------------


def _probe_planner(planner: Any, case: dict) -> Any:
    """Run the controller with the learner's planner; return the proposals it made."""
    proposals: list[Any] = []

    def recording(state: dict[str, Any]) -> Any:
        proposal = planner(state)
        proposals.append(copy.deepcopy(proposal))
        return proposal

    try:
        run(case["key"], recording, case["max_steps"])
    except ProposalRejected:
        pass  # verify replays the proposals and finds the refusal itself
    return {"proposals": proposals}


def _verify_planner(case: dict, output: Any) -> str | None:
    proposals = output["proposals"]
    if type(proposals) is not list or not proposals:
        return "the planner made no proposals"
    queue = iter(proposals)
    used = [0]

    def replay(state: dict[str, Any]) -> Any:
        used[0] += 1
        return next(queue, None)

    try:
        got = run(case["key"], replay, case["max_steps"])
    except ProposalRejected as exc:
        return f"the controller refused proposal {used[0]} ({proposals[used[0] - 1]!r}): {exc}"
    if used[0] != len(proposals):
        return f"the run used {used[0]} proposals but the planner made {len(proposals)}"
    expected = run(case["key"], plan, case["max_steps"])
    if got["status"] != expected["status"]:
        return f"status {got['status']!r}; expected {expected['status']!r}"
    if got["answer"] != expected["answer"]:
        return f"answer {got['answer']!r}; expected {expected['answer']!r}"
    return None


def _planner_cases(rng: random.Random) -> list[Case]:
    keys = ["ai", "design", "AI", "ai ", "Design"] + [_requested_key(rng) for _ in range(20)]
    return [Case({"key": key, "max_steps": rng.randint(1, 5)}, f"generated run {number + 1}")
            for number, key in enumerate(keys)]


PLANNER = Check(
    id="ch2-planner",
    symbol="my_planner",
    title="a planner whose runs end done or unknown, honestly",
    probe=_probe_planner,
    verify=_verify_planner,
    visible=lambda: [
        Case({"key": "ai", "max_steps": 3}, "'ai' with 3 steps → done"),
        Case({"key": "design", "max_steps": 2}, "'design' with 2 steps → done"),
        Case({"key": "robotics", "max_steps": 3}, "'robotics' with 3 steps → unknown"),
        Case({"key": "ai", "max_steps": 1}, "'ai' with 1 step → stopped (no step left to finish)"),
    ],
    hidden=_planner_cases,
    hint="Read state['observations']: nothing yet → look up state['key']; otherwise finish "
         "with the last result, whatever it is (None included).",
)

# --- the one-step budget --------------------------------------------------------------------------

BUDGET_WORDS = re.compile(r"\b(step|steps|budget|limit|max_steps)\b", re.I)
FINAL_WORDS = re.compile(r"(final|finish|confirm|answer|conclud)", re.I)


def _probe_budget(answer: Any, case: dict) -> Any:
    return {"status": answer["status"], "why": answer["why"]}


def _verify_budget(case: dict, output: Any) -> str | None:
    status, why = output["status"], output["why"]
    if type(status) is not str or status not in STATUSES:
        return f"status {status!r} is not one of {', '.join(STATUSES)}"
    if type(why) is not str or len(why.split()) < 5:
        return "explain in a sentence (at least five words)"
    if case["mode"] == "shape":
        return None
    if status != run("ai", max_steps=1)["status"]:
        return f"{status!r} is not what run('ai', max_steps=1) returns"
    if not BUDGET_WORDS.search(why):
        return "say what ran out (the step budget)"
    if not FINAL_WORDS.search(why):
        return "say what the missing step would have been for (the final answer)"
    return None


BUDGET = Check(
    id="ch2-budget",
    symbol="budget_answer",
    title="explain run('ai', max_steps=1)",
    probe=_probe_budget,
    verify=_verify_budget,
    # Visible: only the shape; the grader checks the status and the explanation.
    visible=lambda: [Case({"mode": "shape"}, "status is a status word; why is a sentence")],
    hidden=lambda rng: [Case({"mode": "answer"}, "the status and why")],
    hint="The lookup uses the one step; what did the planner still need a step for?",
)

CHECKS = (VALIDATE_FORM, VALIDATE_CONTEXT, SECOND_TOOL, PLANNER, BUDGET)
# Reference answers: what a correct submission defines (used by tests and the benchmark).
REFERENCE = {
    "validate_proposal": validate_proposal,
    "add_list_keys": add_list_keys,
    "my_planner": plan,
    "budget_answer": {
        "status": "stopped",
        "why": "The lookup used the only step in the budget, so no step was left for the "
               "planner's final answer: the record was fetched but never confirmed.",
    },
}
