"""Chapter 2's checks, as a learner holds them: the desk's revised validator, a second tool,
a planner that reads the tool cards.

Each check's id is the grade_id of a test cell in chapters/02_tools_and_controller.ipynb.
This is the learner's edition: the visible cases, how an answer is called (the probes) and
how an output is judged (the judges, which need the reference's *facts* about a case,
never the reference itself). The facts of the visible cases come from
agentloop/checks/facts/ch2.json; the reference answers and the hidden cases are the
teacher's (agentloop_grader.answers.ch2).

The graded exercises are deliberately *not* what the library already has:

- exercise 1 is `validate_proposal` under the desk's revised rules: an optional `why`
  note (`bad_field` when it is not a short text) and `last_step` (no tool call on the
  run's last step). The grader's sandbox does not load `agentloop.controller`, whose
  `validate_proposal` and helpers follow the first rules (`answered_by`), so an answer
  that calls them fails there; this module and its probes never import it;
- exercise 2 registers a tool the library does not have (`list_keys`); its judge asks the
  controller what it would do with the learner's schema (only on the judging side);
- exercise 3 is a planner that is given the tool cards, as a model would be, and must read
  them: `top_topics` with the largest count its card allows, `lookup` on a desk without it.
  The library's `plan` (`agentloop.planners`) is not loaded while it is graded.

Probes run next to the learner's code and return plain data: what the validator said, the
tool's card and result, the planner's proposals. The judges decide.
"""

from __future__ import annotations

from typing import Any

from agentloop.checks.core import Case, Check, Compare, to_plain
from agentloop.checks.student import shipped
from agentloop.plain import copy_plain
from agentloop.proposals import (
    REJECTION_CODES,
    ProposalRejected,
    carry_out,
    new_state,
)
from agentloop.tools import (
    CATALOGUE,
    TOPICS_MOST,
    Tool,
    ToolRegistry,
    ToolSpecError,
    default_registry,
    lookup,
    lookup_tool,
    topics_tool,
)

CHAPTER = "ch2"

# The hint steps a learner opens one at a time, after a first try (agentloop.checks.hints):
# the first names the rule, the last is a nudge towards what to look at — never the answer.
HINTS: dict[str, tuple[str, ...]] = {
    "ch2-validate-form": (
        "The rules run in the lesson's order and the first one that fails gives the code: "
        "each ✘ line says which code the case expects and which one you gave.",
        "The two new rules have their places: `why` (a text of 1 to 200 characters, not an "
        "extra field) comes after the fields are known to be right and before the tool is "
        "looked up; `last_step` comes after every other rule of a tool call.",
        "Take the first ✘ case and find which of your checks answers first on it. A value of "
        "any type must never crash your code: look at a value's type before its length or "
        "size, and remember that `True` is not an int.",
    ),
    "ch2-validate-context": (
        "These cases weigh the run: the requested key (scope), the steps left, and what was "
        "observed.",
        "A tool call that would use the run's last step is `last_step`, but only once every "
        "other rule of a tool call passed, scope included; a final answer may use the last "
        "step.",
        "A final answer needs an observation and must equal the last result exactly, `None` "
        "included. For the arbitrary dicts: whatever you are given, return `None` or raise "
        "`ProposalRejected` — never another exception.",
    ),
    "ch2-second-tool": (
        "The controller checks every proposal against your tool's schema before the tool "
        "runs: the check hands it bad limits and expects the controller to refuse them.",
        "So the type and both bounds of `limit` belong in the schema; a check inside your "
        "function comes too late for the controller.",
        "Your tool must use the catalogue `add_list_keys` was given. Try it on a small "
        "catalogue of your own with a limit of 1, then with the largest limit allowed.",
    ),
    "ch2-planner": (
        "A planner proposes one step at a time: what it proposes depends on whether anything "
        "was observed yet.",
        "Nothing observed yet: the cards say which tools this desk has, and the card of "
        "`top_topics` says how many topics it shows at once.",
        "Something observed: a final answer must equal the last result exactly, whatever it "
        "is. Print the proposals your planner makes on the ✘ desk, one step at a time.",
    ),
}

# --- the registries the exercises run against --------------------------------------------------

TOOL_NAMES = ("lookup", "top_topics")


def exercise_registry(tools: str = "lookup", catalogue: dict[str, Any] | None = None,
                      most: int = TOPICS_MOST) -> ToolRegistry:
    """The registry a case runs against: its tools in order ("lookup", "lookup+top_topics",
    "top_topics+lookup"), over `catalogue` (None: the chapter's), top_topics' count up to
    `most`."""
    catalogue = CATALOGUE if catalogue is None else catalogue
    names = tools.split("+")
    if not names or any(name not in TOOL_NAMES for name in names) or len(set(names)) != len(names):
        raise ValueError(f"tools must name each of {', '.join(TOOL_NAMES)} at most once, "
                         f"joined by '+'; got {tools!r}")
    return ToolRegistry([lookup_tool(catalogue) if name == "lookup"
                         else topics_tool(catalogue, most) for name in names])


def _lookup(key: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "lookup", "args": {"key": key}}


def _topics(key: Any, count: Any) -> dict[str, Any]:
    return {"type": "tool", "name": "top_topics", "args": {"key": key, "count": count}}


def _final(answer: Any) -> dict[str, Any]:
    return {"type": "final", "answer": answer}


def run_state(key: str = "ai", looked_up: int = 0, max_steps: int = 3) -> dict[str, Any]:
    """A run's state for `key` with a budget of `max_steps`, after `looked_up` lookups."""
    state = new_state(key, max_steps)
    registry = default_registry()
    for _ in range(looked_up):
        carry_out(state, _lookup(key), registry)  # a lookup of the requested key: accepted
    return state


# --- exercise 1: validate_proposal under the desk's revised rules --------------------------

WHY_LENGTH = (1, 200)
REVISED_CODES = (*REJECTION_CODES, "bad_field", "last_step")
ACCEPTED = "accepted"

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
    ACCEPTED: "accepted: a valid proposal returns None",
    "any": "an arbitrary dict: refused with one of the codes, or accepted only if valid",
}
EXACT, ANY = "exact", "any"


def validator_case(proposal: Any, label: str, rule: str, key: str = "ai", looked_up: int = 0,
                   tools: str = "lookup", mode: str = EXACT, max_steps: int = 3) -> Case:
    """A case of exercise 1: `proposal` in a run asked about `key`; `rule` names the code
    the revised rules give it (or "accepted", or "any" for an arbitrary dict)."""
    value = {"proposal": proposal, "state": run_state(key, looked_up, max_steps),
             "tools": tools, "mode": mode}
    return Case(value, label, rule=RULES[ANY if mode == ANY else rule])


def _probe_validate(validate: Any, case: dict) -> Any:
    registry = exercise_registry(case["tools"])
    try:
        returned = validate(case["proposal"], case["state"], registry)
    except ProposalRejected as exc:
        # Whether a reason was given, not its words: every right validator says the same.
        return {"rejected": exc.code,
                "explained": type(exc.reason) is str and bool(exc.reason.strip())}
    return {"accepted": True, "returned_none": returned is None}


def _judge_validate(case: dict, expected: str | None, output: Any) -> str | None:
    """`expected`: the code the revised rules give the case (None: accepted)."""
    if "accepted" in output:
        if output.get("returned_none") is not True:
            return "return None to accept a proposal (raise ProposalRejected to refuse it)"
        return None if expected is None else f"accepted it; expected a rejection ({expected})"
    code = output["rejected"]
    if expected is None:
        return f"rejected a valid proposal with {code!r}"
    if output.get("explained") is not True:
        return "a rejection needs a reason a person can read"
    if case["mode"] == ANY:
        # An arbitrary dict can break several rules at once: any of the chapter's codes will do.
        return None if type(code) is str and code in REVISED_CODES else \
            f"{code!r} is not one of the chapter's codes ({', '.join(REVISED_CODES)})"
    return None if code == expected else f"rejected with {code!r}; expected {expected!r}"


def _form_visible() -> list[Case]:
    case = validator_case
    return [
        case(_lookup("ai"), "a well-formed lookup of the requested key → accepted", ACCEPTED),
        case('{"type": "tool", "name": "lookup"}', "JSON text, not a dict → not_a_dict",
             "not_a_dict"),
        case({"type": "shell", "command": "rm -rf /"}, "type 'shell' → unknown_type",
             "unknown_type"),
        case(dict(_lookup("ai"), type=["tool"]), "type ['tool'], a list → unknown_type",
             "unknown_type"),
        case({"type": "tool", "name": "lookup"}, "no args → missing_field", "missing_field"),
        case(dict(_lookup("ai"), reason="I am sure"), "an extra 'reason' field → extra_field",
             "extra_field"),
        case(dict(_lookup("ai"), why="the user asked about ai"),
             "a lookup with a short why note → accepted", ACCEPTED),
        case(dict(_final(lookup("ai")), why="this is what the lookup returned"),
             "a final answer with a why note → accepted", ACCEPTED, looked_up=1),
        case(dict(_lookup("ai"), why=42), "why is 42, not a text → bad_field", "bad_field"),
        case(dict(_lookup("ai"), why=""), "an empty why → bad_field", "bad_field"),
        case(dict(_lookup("ai"), why="w" * 201), "a why of 201 characters → bad_field",
             "bad_field"),
        case(dict(_lookup("ai"), why="w" * 200), "a why of exactly 200 characters → accepted",
             ACCEPTED),
        case(dict(_lookup("ai"), why=None, note="x"),
             "an extra field and a bad why → extra_field (fields first)", "extra_field"),
        case(dict(_lookup(""), why=7), "a bad why and a bad key → bad_field (the note first)",
             "bad_field"),
        case({"type": "tool", "name": "python", "args": {}, "why": ["run it"]},
             "tool 'python' with why a list → bad_field (the note before the tool)",
             "bad_field"),
        case({"type": "tool", "name": "python", "args": {"code": "print(1)"}},
             "tool 'python' → unknown_tool", "unknown_tool"),
        case({"type": "tool", "name": "lookup", "args": {}}, "no key → missing_argument",
             "missing_argument"),
        case({"type": "tool", "name": "lookup", "args": {"k": "ai"}},
             "args {'k': 'ai'} → missing_argument (missing before extra)", "missing_argument"),
        case({"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}},
             "an extra limit → extra_argument", "extra_argument"),
        case({"type": "tool", "name": "lookup", "args": ["ai"]}, "args a list → bad_argument",
             "bad_argument"),
        case(_lookup(42), "key 42, not a str → bad_argument", "bad_argument"),
        case(_lookup("k" * 40), "a 40-character key → bad_argument", "bad_argument"),
        case(_topics("ai", 2), "top_topics with count 2 → accepted", ACCEPTED,
             tools="lookup+top_topics"),
        case(_topics("ai", True), "count True (a bool, not an int) → bad_argument",
             "bad_argument", tools="lookup+top_topics"),
        case(_topics("ai", 4), "count 4, above the maximum 3 → bad_argument", "bad_argument",
             tools="lookup+top_topics"),
        case({"type": "final"}, "a final proposal without an answer → missing_field",
             "missing_field", looked_up=1),
    ]


def _context_visible() -> list[Case]:
    case = validator_case
    record = lookup("ai")
    return [
        case(_lookup("design"), "lookup 'design' when asked about 'ai' → out_of_scope",
             "out_of_scope"),
        case(_topics("design", 1), "top_topics of another key → out_of_scope", "out_of_scope",
             tools="lookup+top_topics"),
        case(_final(record), "a final answer before any lookup → final_without_observation",
             "final_without_observation"),
        case(_final({"title": "Applied AI", "topics": ["everything"]}),
             "an answer that is not the observed record → final_mismatch", "final_mismatch",
             looked_up=1),
        case(_final(None), "answering None after a record was found → final_mismatch",
             "final_mismatch", looked_up=1),
        case(_final(record), "the observed record as the answer → accepted", ACCEPTED,
             looked_up=1),
        case(_final(None), "None after the lookup found nothing → accepted", ACCEPTED,
             key="robotics", looked_up=1),
        case(_lookup("ai"), "a second lookup with two steps left → accepted", ACCEPTED,
             looked_up=1),
        case(_lookup("ai"), "a lookup in a run of one step → last_step", "last_step",
             max_steps=1),
        case(_lookup("ai"), "a lookup on step 2 of 2 → last_step", "last_step", looked_up=1,
             max_steps=2),
        case(_lookup("design"), "another key on the last step → out_of_scope (scope first)",
             "out_of_scope", max_steps=1),
        case(_lookup("x" * 33), "a bad key on the last step → bad_argument", "bad_argument",
             max_steps=1),
        case(_final(record), "a final answer on the last step → accepted", ACCEPTED,
             looked_up=1, max_steps=2),
        case({"type": "tool", "name": 5, "args": "ai", "why": 3},
             "an arbitrary dict → any of the codes", ANY, mode=ANY),
    ]


_VALIDATE_HINT = ("In order: a dict; type tool/final; exactly the fields of that type (plus "
                  "an optional why); why a text of 1 to 200 characters; a registered tool; "
                  "args a dict; its arguments (missing, extra, type and bounds); scope; the "
                  "last step; then a final answer needs an observation and must equal the last "
                  "result.")

VALIDATE_FORM = Check(
    id="ch2-validate-form",
    answer="validate_proposal",
    title="validate_proposal() refuses a malformed proposal (revised rules)",
    # The library's own validator and its helpers are not loaded while grading.
    answered_by=("agentloop.controller",),
    probe=_probe_validate,
    judge=_judge_validate,
    facts=shipped(CHAPTER, "ch2-validate-form"),
    cases=_form_visible,
    hint=_VALIDATE_HINT,
)

VALIDATE_CONTEXT = Check(
    id="ch2-validate-context",
    answer="validate_proposal",
    title="validate_proposal() weighs scope, the budget and final answers (revised rules)",
    answered_by=("agentloop.controller",),
    probe=_probe_validate,
    judge=_judge_validate,
    facts=shipped(CHAPTER, "ch2-validate-context"),
    cases=_context_visible,
    hint="A scoped argument must equal state['key']; a tool call needs a step left after it "
         "(state['steps'] + 1 < state['max_steps']); a final answer needs an observation and "
         "must equal state['observations'][-1]['result'] (None included).",
)

# --- exercise 2: a second tool ----------------------------------------------------------------

SECOND_TOOL = "list_keys"
DESCRIBED = 10  # characters: a description a model could read is at least a few words


def card_of(tool: Tool) -> dict[str, Any]:
    """What the controller uses of a registered tool: its name and argument schema (an
    explicit "scoped": False is the same schema as none), and whether it has a description
    a model could read. The description's words are left out: right answers differ there."""
    args = {arg: {k: v for k, v in spec.items() if not (k == "scoped" and v is False)}
            for arg, spec in tool.args.items()}
    description = tool.description
    return {"name": tool.name, "args": args,
            "described": type(description) is str and len(description.strip()) >= DESCRIBED}


def _probe_second_tool(add_tool: Any, case: dict) -> Any:
    """Register the tool into a fresh registry; report every tool's card and, for a case
    whose proposal should run, what the named tool returns on its arguments."""
    catalogue = case["catalogue"]
    registry = default_registry(catalogue)
    add_tool(registry, catalogue)
    out: dict[str, Any] = {"cards": [card_of(registry[name]) for name in registry.names()]}
    proposal = case["proposal"]
    if case["run"] and proposal["name"] in registry:
        out["result"] = registry[proposal["name"]].run(**copy_plain(proposal["args"]))
    return out


def _never(**arguments: Any) -> None:
    raise AssertionError("a check never runs a tool whose card it rebuilt")


def controller_decision(case: dict, cards: list[dict[str, Any]]) -> dict[str, Any]:
    """What the controller does with the case's proposal in a registry of these cards:
    {"rejected": code}, or {} when it accepts it. ToolSpecError when a card is no tool."""
    from agentloop.controller import validate_proposal  # the judging side only

    registry = ToolRegistry([Tool(card["name"], "a tool rebuilt from its card", card["args"],
                                  run=_never) for card in cards])
    try:
        validate_proposal(case["proposal"], new_state(case["key"]), registry)
    except ProposalRejected as exc:
        return {"rejected": exc.code}
    return {}


def _judge_second_tool(case: dict, want: dict[str, Any], output: Any) -> str | None:
    """`want`: {"rejected": code}, or {"ran": result} for a proposal that should run."""
    cards = output["cards"]
    card = next((c for c in cards if c["name"] == SECOND_TOOL), None)
    if card is None:
        return f"no tool named {SECOND_TOOL!r} is in the registry after your function ran"
    if card["described"] is not True:
        return f"give {SECOND_TOOL} a description a model could read (a sentence)"
    # The controller's decision is taken here, from the schemas on the cards (plain data).
    try:
        decided = controller_decision(case, cards)
    except ToolSpecError as exc:
        return f"the tool's card is not a valid tool definition: {exc}"
    if "rejected" in want:
        if "rejected" not in decided:
            return (f"with your schema the controller would run it; it should refuse it with "
                    f"{want['rejected']!r}: check the schema")
        return None if decided == want else \
            f"the controller refuses it with {decided['rejected']!r}; expected {want['rejected']!r}"
    if "rejected" in decided:
        return f"the controller refuses it with {decided['rejected']!r} under your schema; " \
               "it should run"
    if "result" not in output:
        return "the tool did not run"
    problem = Compare()(output["result"], want["ran"])
    return None if problem is None else f"the call returned {output['result']!r}; " \
                                        f"expected {want['ran']!r}"


def _list_keys(limit: Any) -> dict[str, Any]:
    return {"type": "tool", "name": SECOND_TOOL, "args": {"limit": limit}}


SMALL_CATALOGUE = {name: {"title": name.title(), "topics": []}
                   for name in ("ethics", "data", "robots", "art", "maths")}

RUNS = "a good limit runs: the catalogue's keys, sorted, at most limit of them"
REFUSED = "a bad limit (out of 1–10, not an int, a bool) is refused by the controller"
SHAPE = "a missing or an extra argument is refused by the controller"
LOOKUP_STAYS = "lookup keeps working next to list_keys"


def second_tool_case(proposal: Any, label: str, rule: str, catalogue: dict | None = None,
                     key: str | None = None, runs: bool = False) -> Case:
    """A case of exercise 2: the controller gets `proposal` in a run asked about `key`
    (default: the catalogue's first key); `runs`: the probe calls the named tool."""
    catalogue = CATALOGUE if catalogue is None else catalogue
    return Case({"catalogue": catalogue, "key": next(iter(catalogue)) if key is None else key,
                 "proposal": proposal, "run": runs}, label, rule=rule)


def _second_tool_visible() -> list[Case]:
    case = second_tool_case
    return [
        case(_list_keys(10), "limit 10 → ['ai', 'design']", RUNS, runs=True),
        case(_list_keys(1), "limit 1 → ['ai']", RUNS, runs=True),
        case(_list_keys(3), "another catalogue, limit 3 → its first 3 keys in order", RUNS,
             SMALL_CATALOGUE, runs=True),
        case(_list_keys(0), "limit 0 → refused (bad_argument)", REFUSED),
        case(_list_keys(11), "limit 11 → refused (bad_argument)", REFUSED),
        case(_list_keys("2"), "limit '2', a str → refused (bad_argument)", REFUSED),
        case(_list_keys(True), "limit True, a bool → refused (bad_argument)", REFUSED),
        case({"type": "tool", "name": SECOND_TOOL, "args": {}},
             "no limit → refused (missing_argument)", SHAPE),
        case({"type": "tool", "name": SECOND_TOOL, "args": {"limit": 2, "prefix": "a"}},
             "an extra prefix → refused (extra_argument)", SHAPE),
        case(_lookup("ai"), "lookup still works next to it", LOOKUP_STAYS, runs=True),
    ]


SECOND_TOOL_CHECK = Check(
    id="ch2-second-tool",
    answer="add_list_keys",
    title="register list_keys: it runs, and bad arguments are still refused",
    probe=_probe_second_tool,
    judge=_judge_second_tool,
    facts=shipped(CHAPTER, "ch2-second-tool"),
    cases=_second_tool_visible,
    hint="The controller refuses only what the schema forbids, so the bounds of limit belong "
         "in the args schema; run gets the catalogue your function was given.",
)

# --- exercise 3: a planner that reads the tool cards ----------------------------------------

TOPICS = "a desk with top_topics → done, with the topics for the largest count its card allows"
RECORD = "a desk with lookup only → done, with the record as observed"
UNKNOWN_COURSE = "a course not in the catalogue → unknown, answer None"
NO_STEP_LEFT = "one step: the tool runs, no step is left to finish → stopped"


def desk(case: dict) -> ToolRegistry:
    """The registry of a planner case: its tools, its catalogue, its top_topics bound."""
    return exercise_registry(case["tools"], case.get("catalogue"),
                             case.get("most", TOPICS_MOST))


def planner_case(key: str, max_steps: int, tools: str, label: str, rule: str,
                 most: int | None = None, catalogue: dict[str, Any] | None = None) -> Case:
    """A case of exercise 3: a run asked about `key` on a desk with `tools`."""
    value: dict[str, Any] = {"key": key, "max_steps": max_steps, "tools": tools}
    if most is not None:
        value["most"] = most
    if catalogue is not None:
        value["catalogue"] = catalogue
    return Case(value, label, rule=rule)


def _probe_planner(planner: Any, case: dict) -> Any:
    """Play the run with the learner's planner, as if the controller accepted every
    proposal, and return the proposals it made: the judge replays them through the
    controller, which finds any refusal itself."""
    registry = desk(case)
    cards = registry.describe()
    state = new_state(case["key"], case["max_steps"])
    proposals: list[Any] = []
    while not state["status"] and state["steps"] < state["max_steps"]:
        proposal = to_plain(planner(copy_plain(state), copy_plain(cards)), "the proposal")
        proposals.append(proposal)
        try:
            carry_out(state, proposal, registry)
        except Exception:  # not even a tool call that could run: the replay refuses it
            break
    return {"proposals": proposals}


def replay(case: dict, proposals: list[Any]) -> tuple[dict[str, Any] | None, str | None]:
    """Run the controller on the case with these proposals, in order: (the run, None), or
    (None, why the controller refused or the proposals did not fit the run)."""
    from agentloop.controller import run  # the judging side only

    queue = list(proposals)
    used = [0]

    def replayed(state: dict[str, Any]) -> Any:
        used[0] += 1
        return queue[used[0] - 1] if used[0] <= len(queue) else None

    try:
        result = run(case["key"], replayed, case["max_steps"], desk(case))
    except ProposalRejected as exc:
        if used[0] > len(queue):
            return None, f"the run needed proposal {used[0]} but the planner made {len(queue)}"
        return None, f"the controller refused proposal {used[0]} ({queue[used[0] - 1]!r}): {exc}"
    if used[0] != len(queue):
        return None, f"the run used {used[0]} proposals but the planner made {len(queue)}"
    return result, None


def _judge_planner(case: dict, expected: dict[str, Any], output: Any) -> str | None:
    proposals = output["proposals"]
    if type(proposals) is not list or not proposals:
        return "the planner made no proposals"
    got, problem = replay(case, proposals)
    if got is None:
        return problem
    if got["status"] != expected["status"]:
        return f"status {got['status']!r}; expected {expected['status']!r}"
    if Compare()(got["answer"], expected["answer"]) is not None:
        return f"answer {got['answer']!r}; expected {expected['answer']!r}"
    return None


SMALL_TOPICS = {"robots": {"title": "Robots", "topics": ["sensors", "motors"]},
                "art": {"title": "Art", "topics": ["colour", "clay", "posters", "maps"]}}


def _planner_visible() -> list[Case]:
    case = planner_case
    return [
        case("ai", 3, "lookup+top_topics", "'ai', top_topics up to 3 → done, "
             "['goals', 'tools', 'checks']", TOPICS, most=3),
        case("design", 2, "lookup+top_topics", "'design' with 2 steps → done", TOPICS, most=3),
        case("ai", 3, "lookup+top_topics", "a desk whose top_topics shows at most 2 → done, "
             "['goals', 'tools']", TOPICS, most=2),
        case("art", 3, "top_topics+lookup", "another catalogue, top_topics up to 5 and its "
             "card first → done, all 4 of art's topics", TOPICS, most=5, catalogue=SMALL_TOPICS),
        case("art", 3, "lookup+top_topics", "another catalogue: 'art' → done, its first 3 "
             "topics", TOPICS, most=3, catalogue=SMALL_TOPICS),
        case("ai", 3, "lookup", "a desk with lookup only → done, the whole record", RECORD),
        case("robotics", 3, "lookup+top_topics", "'robotics' → unknown, answer None",
             UNKNOWN_COURSE, most=3),
        case("robotics", 2, "lookup", "'robotics' on a desk with lookup only → unknown",
             UNKNOWN_COURSE),
        case("AI", 3, "lookup+top_topics", "'AI' is not 'ai': the key as asked → unknown",
             UNKNOWN_COURSE, most=3),
        case("ai", 1, "lookup+top_topics", "'ai' with 1 step → stopped (no step left to "
             "finish)", NO_STEP_LEFT, most=3),
        case("design", 1, "lookup", "lookup only, 1 step → stopped", NO_STEP_LEFT),
    ]


PLANNER = Check(
    id="ch2-planner",
    answer="topics_planner",
    title="a planner that reads the tool cards and answers 'which topics?' honestly",
    # The library's plan (it always looks up, and answers with the whole record).
    answered_by=("agentloop.planners",),
    probe=_probe_planner,
    judge=_judge_planner,
    facts=shipped(CHAPTER, "ch2-planner"),
    cases=_planner_visible,
    hint="Nothing observed yet → look for the card named top_topics: propose it for "
         "state['key'] with its count's maximum (card['args']['count']['maximum']); no such "
         "card → propose lookup. Otherwise finish with the last result, whatever it is.",
)

CHECKS = (VALIDATE_FORM, VALIDATE_CONTEXT, SECOND_TOOL_CHECK, PLANNER)
