"""Chapter 4's wrong submissions for the grading round trips.

WRONG is the subtly wrong notebook, one near-miss per exercise; PARTIAL says which test
cells it still passes:

- `block_rm_rf` reads a command as one `rm` call: it gets every flag right, but never splits
  a chain at ; && || | &, so `ls && rm -Rf dist` gets through.
- `StepFigures` counts the session's totals right (blocked and failed apart) and never fills
  `per_step`.
- `finish_session` answers tool calls and closes after two extensions of a limit, but
  extends turns on every pause, whatever ran out.
- `run_table` asserts only that the rows the table calls illegal raise: a harness that
  forbids a legal move passes it.

CHEATS are whole notebooks of answers that must earn nothing, one notebook per kind of
cheat: every test cell whose check answers a name a cheated cell defines must score 0, as
the blank does (tests/grader/test_roundtrip.py grades them in the sandbox,
tests/chapters/test_ch4_grading.py in-process):

- hard-coded: what the chapter prints (the demo's figures, "36 rows tested"), or one verdict
  for every call;
- library: the library's own parts called — the harness view's demo guard, the session
  record's counts, the view's "extend & resume" with `drive`, the chapter's own table;
- pasted source: the same parts pasted as source (`inspect.getsource`, with their imports);
- visible only: lookup tables of the visible cases (the commands, the sessions' event logs,
  the budgets, the harnesses' keys read out of the probe's frame).
"""

import inspect
import json
import textwrap

from agentloop.checks import ch4
from agentloop.harness import machine, session, states
from agentloop.widgets import ch4_harness

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
        self.counts = {"steps": 0, "tool_calls": 0, "blocked": 0, "failed": 0}

    def __call__(self, event):
        if event.type == "step.end":
            self.counts["steps"] += 1
        elif event.type == "tool.call":
            self.counts["tool_calls"] += 1
        elif event.type == "tool.error":
            self.counts["blocked" if event.data["call_id"] is None else "failed"] += 1

    def figures(self):
        return dict(self.counts, per_step=[])
''',
    "ch4-finish-answer": '''\
def finish_session(harness, stop):
    used = {}
    while stop.kind != "done":
        if stop.kind == "tool_call":
            stop = harness.resume(harness.call_tool(stop.request))
            continue
        limit = stop.pause["limit"]
        if used.get(limit, 0) == 2:
            return harness.close("stuck")
        used[limit] = used.get(limit, 0) + 1
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


def _source(obj) -> str:
    return textwrap.dedent(inspect.getsource(obj))


# The session record, pasted whole (its module's source, imports and all), folding the events.
_PASTED_SESSION = _source(session) + '''

class StepFigures:
    def __init__(self):
        self.session = Session()

    def __call__(self, event):
        self.session.apply(event)

    def figures(self):
        steps = self.session.steps
        return {"steps": len(steps), "tool_calls": self.session.tool_calls, "blocked": 0,
                "failed": self.session.errors,
                "per_step": [{"name": s["name"], "status": s["status"], "tool_calls": 0,
                              "blocked": 0, "failed": 0} for s in steps]}
'''

# The harness view's "extend & resume", pasted into a stand-in for the view, and `drive`.
_PASTED_VIEW = (
    "from agentloop.harness import PAUSE, Harness, Stop, TOOL_CALL\n\n"
    f"EXTENSION = {ch4_harness.EXTENSION!r}\n\n\n"
    + _source(machine.drive)
    + "\n\nclass View:\n    def render(self):\n        pass\n\n"
    + textwrap.indent(_source(ch4_harness.HarnessView.extend_and_resume), "    ")
    + '''

def finish_session(harness, stop):
    view = View()
    view.harness, view.stop = harness, drive(harness, stop)
    while view.stop.kind != "done":
        view.extend_and_resume()
        view.stop = drive(harness, view.stop)
    return view.stop
''')

# The library's table module, pasted whole, as the test's expectations.
_PASTED_TABLE = _source(states) + '''

TRANSITION_ROWS = [(str(s), str(t), t in TRANSITIONS[s]) for s in STATES for t in STATES]


def run_table(check):
    for source, target, legal in TRANSITION_ROWS:
        try:
            check(source, target)
            allowed = True
        except ValueError:
            allowed = False
        assert allowed == legal
    return len(TRANSITION_ROWS)
'''


_BY_ID = {chk.id: chk for chk in ch4.CHECKS}


def _visible(check_id: str) -> list:
    return _BY_ID[check_id].cases()


def _shipped(check_id: str, value):
    """What the learner's edition ships about a visible case."""
    return _BY_ID[check_id].facts(value)


_SEEN_DANGEROUS = sorted(case.input["args"]["command"]
                         for check_id in ("ch4-guard-flags", "ch4-guard-commands")
                         for case in _visible(check_id)
                         if _shipped(check_id, case.input))
_SEEN_FIGURES = {json.dumps([[e["type"], e["data"]] for e in case.input], sort_keys=True):
                 _shipped("ch4-figures-totals", case.input)
                 for case in _visible("ch4-figures-totals")}
_SEEN_BUDGETS = {json.dumps(case.input, sort_keys=True): (
                    [next(k for k, v in e.items() if v) for e in facts["extensions"]],
                    facts["outcome"] == "closed")
                 for check_id in ("ch4-finish-turns", "ch4-finish-any-limit")
                 for case in _visible(check_id)
                 for facts in [_shipped(check_id, case.input)]}
_SEEN_HARNESSES = {spec["key"]: facts is None
                   for check_id in ("ch4-table-forbidden", "ch4-table-allowed")
                   for case in _visible(check_id)
                   for spec, facts in zip(case.input["harnesses"],
                                          _shipped(check_id, case.input), strict=True)}

CHEATS = {
    # Answers fixed in advance: always the same verdict, the figures or count the chapter prints.
    "hard-coded": {
        "ch4-guard-answer": ("def block_rm_rf(payload):\n"
                             "    raise PermissionError('every call is refused')\n"),
        "ch4-figures-answer": (
            "class StepFigures:\n"
            "    def __call__(self, event):\n"
            "        pass\n\n"
            "    def figures(self):\n"
            "        return {'steps': 3, 'tool_calls': 2, 'blocked': 0, 'failed': 0, "
            "'per_step': [\n"
            "            {'name': 'measure the cache', 'status': 'ok', 'tool_calls': 1, "
            "'blocked': 0, 'failed': 0},\n"
            "            {'name': 'delete the cache', 'status': 'ok', 'tool_calls': 1, "
            "'blocked': 0, 'failed': 0},\n"
            "            {'name': 'write the report', 'status': 'ok', 'tool_calls': 0, "
            "'blocked': 0, 'failed': 0}]}\n"),
        "ch4-finish-answer": "def finish_session(harness, stop):\n    return stop\n",
        "ch4-table-test-answer": "def run_table(check):\n    return 36\n",
    },
    # The library's own parts, called: the view's demo guard, the session record's counts,
    # the view's "extend & resume" amounts with drive, this chapter's table.
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
            "                'blocked': 0, 'failed': self.session.errors,\n"
            "                'per_step': [{'name': s['name'], 'status': s['status'],\n"
            "                              'tool_calls': 0, 'blocked': 0, 'failed': 0}\n"
            "                             for s in steps]}\n"),
        "ch4-finish-answer": (
            "from agentloop.harness import drive\n"
            "from agentloop.widgets.ch4_harness import EXTENSION\n\n\n"
            "def finish_session(harness, stop):\n"
            "    stop = drive(harness, stop)\n"
            "    while stop.kind == 'pause':\n"
            "        limit = stop.pause['limit']\n"
            "        harness.extend_budget(**{limit: EXTENSION[limit]})\n"
            "        stop = drive(harness, harness.resume())\n"
            "    return stop\n"),
        "ch4-table-answer": (
            "from agentloop.harness import STATES, TRANSITIONS\n\n"
            "TRANSITION_ROWS = [(str(s), str(t), t in TRANSITIONS[s]) for s in STATES "
            "for t in STATES]\n"),
        "ch4-table-test-answer": (
            "from agentloop.harness import STATES, IllegalTransition, validate_transition\n\n\n"
            "def run_table(check):\n"
            "    for source in STATES:\n"
            "        for target in STATES:\n"
            "            try:\n"
            "                validate_transition(source, target)\n"
            "                legal = True\n"
            "            except IllegalTransition:\n"
            "                legal = False\n"
            "            try:\n"
            "                check(source, target)\n"
            "                allowed = True\n"
            "            except IllegalTransition:\n"
            "                allowed = False\n"
            "            assert allowed == legal\n"
            "    return 36\n"),
    },
    # The same parts pasted as source (inspect.getsource), with what they import.
    "pasted source": {
        "ch4-guard-answer": "from typing import Any\n\n\n" + _source(ch4_harness._guard)
                            + "\n\nblock_rm_rf = _guard\n",
        "ch4-figures-answer": _PASTED_SESSION,
        "ch4-finish-answer": _PASTED_VIEW,
        "ch4-table-answer": "TRANSITION_ROWS = []\n",
        "ch4-table-test-answer": _PASTED_TABLE,
    },
    # Right on the cases the check cells show, and nothing else.
    "visible only": {
        "ch4-guard-answer": (
            f"SEEN = {_SEEN_DANGEROUS!r}\n\n\n"
            "def block_rm_rf(payload):\n"
            "    if payload.get('args', {}).get('command') in SEEN:\n"
            "        raise PermissionError('seen')\n"),
        "ch4-figures-answer": (
            "import json\n\n"
            f"SEEN = {_SEEN_FIGURES!r}\n\n\n"
            "class StepFigures:\n"
            "    def __init__(self):\n"
            "        self.events = []\n\n"
            "    def __call__(self, event):\n"
            "        self.events.append([event.type, event.data])\n\n"
            "    def figures(self):\n"
            "        return SEEN.get(json.dumps(self.events, sort_keys=True),\n"
            "                        {'steps': 0, 'tool_calls': 0, 'blocked': 0, 'failed': 0,\n"
            "                         'per_step': []})\n"),
        "ch4-finish-answer": (
            "import json\n\n"
            f"SEEN = {_SEEN_BUDGETS!r}\n\n\n"
            "def finish_session(harness, stop):\n"
            "    b = harness.budget\n"
            "    tick = harness.budget.clock.tick\n"
            "    key = json.dumps({'max_turns': b.max_turns, 'max_tool_calls': b.max_tool_calls,\n"
            "                      'max_seconds': b.max_seconds, 'tick': tick}, sort_keys=True)\n"
            "    plan, closes = SEEN.get(key, ([], False))\n"
            "    plan = list(plan)\n"
            "    while stop.kind != 'done':\n"
            "        if stop.kind == 'tool_call':\n"
            "            stop = harness.resume(harness.call_tool(stop.request))\n"
            "        elif plan:\n"
            "            limit = plan.pop(0)\n"
            "            harness.extend_budget(**{limit: {'seconds': 10}.get(limit, 1)})\n"
            "            stop = harness.resume()\n"
            "        else:\n"
            "            return harness.close('seen') if closes else stop\n"
            "    return stop\n"),
        "ch4-table-test-answer": (
            "import sys\n\n"
            f"SEEN = {_SEEN_HARNESSES!r}\n\n\n"
            "def run_table(check):\n"
            "    spec = sys._getframe(1).f_locals.get('spec', {})\n"
            "    if SEEN.get(spec.get('key'), True):\n"
            "        return 36\n"
            "    raise AssertionError('a broken harness seen in the chapter')\n"),
    },
}
