"""Chapter 4's wrong submissions for the grading round trips.

WRONG is the subtly wrong notebook, one near-miss per exercise; PARTIAL says which test
cells it still passes:

- `block_rm_rf` reads a command as one `rm` call: it gets every flag right, but never splits
  a chain at ; && || | &, so `ls && rm -Rf dist` gets through.
- `StepFigures` counts the session's totals right and never fills `per_step`.
- `finish_session` answers tool calls and extends turns on every pause, whatever ran out.
- `run_table` asserts only that the rows the table calls illegal raise: a harness that
  forbids a legal move passes it.

CHEATS are whole notebooks of answers that must earn nothing, one notebook per kind of
cheat (tests/lib/checks/test_ch4.py grades each of them in-process, check by check).
"""

WRONG = {
    "ch4-guard-answer": '''\
import shlex


def block_rm_rf(payload):
    command = payload.get("args", {}).get("command")
    if payload.get("tool") != "shell" or not isinstance(command, str):
        return None
    words = shlex.split(command)
    while words and words[0] == "sudo":
        words.pop(0)
    if not words or words[0] != "rm":
        return None
    flags = [w for w in words[1:] if w.startswith("-")]
    recursive = any(f == "--recursive" or (not f.startswith("--") and "r" in f.lower())
                    for f in flags)
    force = any(f == "--force" or (not f.startswith("--") and "f" in f) for f in flags)
    if recursive and force:
        raise PermissionError("blocked rm -rf")
''',
    "ch4-figures-answer": '''\
class StepFigures:
    def __init__(self):
        self.counts = {"steps": 0, "tool_calls": 0, "errors": 0}

    def __call__(self, event):
        key = {"step.end": "steps", "tool.call": "tool_calls", "tool.error": "errors"}
        if event.type in key:
            self.counts[key[event.type]] += 1

    def figures(self):
        return dict(self.counts, per_step=[])
''',
    "ch4-finish-answer": '''\
def finish_session(harness, stop):
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
        else:
            harness.extend_budget(turns=1)
            stop = harness.resume()
    return stop
''',
    "ch4-table-test-answer": '''\
from agentloop.harness import IllegalTransition


def run_table(check):
    for source, target, legal in TRANSITION_ROWS:
        if not legal:
            try:
                check(source, target)
            except IllegalTransition:
                continue
            raise AssertionError(f"{source} -> {target} should be illegal")
    return len(TRANSITION_ROWS)
''',
}

PARTIAL = {
    "ch4-guard-flags": True,
    "ch4-guard-commands": False,
    "ch4-figures-totals": True,
    "ch4-figures-per-step": False,
    "ch4-finish-turns": True,
    "ch4-finish-any-limit": False,
    "ch4-table-forbidden": True,
    "ch4-table-allowed": False,
}

CHEATS = {
    # Answers fixed in advance: always the same verdict, figures or count.
    "hard-coded": {
        "ch4-guard-answer": ("def block_rm_rf(payload):\n"
                             "    raise PermissionError('every call is refused')\n"),
        "ch4-figures-answer": (
            "class StepFigures:\n"
            "    def __call__(self, event):\n"
            "        pass\n\n"
            "    def figures(self):\n"
            "        return {'steps': 3, 'tool_calls': 2, 'errors': 0, 'per_step': [\n"
            "            {'name': 'measure the cache', 'status': 'ok', 'tool_calls': 1, "
            "'errors': 0},\n"
            "            {'name': 'delete the cache', 'status': 'ok', 'tool_calls': 1, "
            "'errors': 0},\n"
            "            {'name': 'write the report', 'status': 'ok', 'tool_calls': 0, "
            "'errors': 0}]}\n"),
        "ch4-finish-answer": "def finish_session(harness, stop):\n    return stop\n",
        "ch4-table-test-answer": "def run_table(check):\n    return 36\n",
    },
    # The library's own record, table and caller loop, called or wrapped.
    "library": {
        "ch4-guard-answer": "from agentloop.widgets.ch4_harness import _guard as block_rm_rf\n",
        "ch4-figures-answer": (
            "from agentloop.harness import Session\n\n\n"
            "class StepFigures:\n"
            "    def __init__(self):\n"
            "        self.session = Session()\n\n"
            "    def __call__(self, event):\n"
            "        self.session.apply(event)\n\n"
            "    def figures(self):\n"
            "        steps = self.session.steps\n"
            "        return {'steps': len(steps), 'tool_calls': self.session.tool_calls,\n"
            "                'errors': self.session.errors,\n"
            "                'per_step': [{'name': s['name'], 'status': s['status'],\n"
            "                              'tool_calls': 0, 'errors': 0} for s in steps]}\n"),
        "ch4-finish-answer": (
            "from agentloop.harness import drive\n\n\n"
            "def finish_session(harness, stop):\n"
            "    stop = drive(harness, stop)\n"
            "    while stop.kind == 'pause':\n"
            "        harness.extend_budget(turns=100, tool_calls=100, seconds=1000)\n"
            "        stop = drive(harness, harness.resume())\n"
            "    return stop\n"),
        "ch4-table-test-answer": (
            "from agentloop.harness import STATES, TRANSITIONS, IllegalTransition\n\n\n"
            "def run_table(check):\n"
            "    rows = [(s, t, t in TRANSITIONS[s]) for s in STATES for t in STATES]\n"
            "    for source, target, legal in rows:\n"
            "        try:\n"
            "            check(source, target)\n"
            "            allowed = True\n"
            "        except IllegalTransition:\n"
            "            allowed = False\n"
            "        assert allowed == legal\n"
            "    return len(rows)\n"),
    },
    # Right on the cases the check cells show, and nothing else.
    "visible-only": {
        "ch4-guard-answer": (
            "SEEN = {'rm -rf build/cache', 'rm -fr /', 'rm -r -f /tmp/x', "
            "'rm --recursive --force dist', 'sudo rm -Rf ~', 'ls && rm -Rf dist', "
            "'rm -r -f build; echo done'}\n\n\n"
            "def block_rm_rf(payload):\n"
            "    if payload.get('args', {}).get('command') in SEEN:\n"
            "        raise PermissionError('seen')\n"),
        "ch4-finish-answer": (
            "SEEN = {(2, 10): ['turns'], (0, 10): ['turns'] * 3, (10, 1): ['tool_calls'],\n"
            "        (1, 10): ['turns'] * 2}\n\n\n"
            "def finish_session(harness, stop):\n"
            "    plan = list(SEEN.get((harness.budget.max_turns, harness.budget.max_tool_calls), "
            "[]))\n"
            "    while stop.kind != 'done':\n"
            "        if stop.kind == 'tool_call':\n"
            "            stop = harness.resume(harness.call_tool(stop.request))\n"
            "        elif plan:\n"
            "            harness.extend_budget(**{plan.pop(0): 1})\n"
            "            stop = harness.resume()\n"
            "        else:\n"
            "            return stop\n"
            "    return stop\n"),
        "ch4-table-test-answer": (
            "from agentloop.harness import IllegalTransition\n\n\n"
            "def run_table(check):\n"
            "    for source, target in [('EXECUTING', 'DONE'), ('DONE', 'IDLE')]:\n"
            "        try:\n"
            "            check(source, target)\n"
            "        except IllegalTransition:\n"
            "            continue\n"
            "        raise AssertionError('should be illegal')\n"
            "    for source, target in [('AWAITING_TOOL', 'REFLECTING'), ('IDLE', 'EXECUTING')]:\n"
            "        check(source, target)\n"
            "    return 36\n"),
    },
    # The table printed in lesson 1, copied into the rows; the test loop never written.
    "copied-table": {
        "ch4-table-answer": (
            "from agentloop.harness import STATES, TRANSITIONS\n\n"
            "TRANSITION_ROWS = [(str(s), str(t), t in TRANSITIONS[s]) for s in STATES "
            "for t in STATES]\n"),
        "ch4-table-test-answer": ("def run_table(check):\n"
                                  "    return len(TRANSITION_ROWS)\n"),
    },
}
