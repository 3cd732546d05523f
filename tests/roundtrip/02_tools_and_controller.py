"""Chapter 2's subtly wrong submission for the grader's round trip test.

This `validate_proposal` gets every rule right except scope: a well-formed lookup of
another key than the one asked about is accepted. It passes ch2-validate-form (only the
form of proposals) and fails ch2-validate-context (scope, final answers and arbitrary
proposals). The other answer cells keep the instructor solution, so their checks pass.
"""

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
    if any(field not in fields for field in proposal):
        raise ProposalRejected("extra_field", "an unexpected field")
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
    return None
''',
}

PARTIAL = {
    "ch2-validate-form": True,
    "ch2-validate-context": False,
    "ch2-second-tool": True,
    "ch2-planner": True,
    "ch2-budget": True,
}
