"""The hidden cases are the same cases in every process: a course's seed draws one set of
cases for the whole class, a regrade draws them again, and stock nbgrader (in its own
kernel) must draw the same ones. Nothing may depend on the order of a set or on hash()."""

from __future__ import annotations

import json
import os
import subprocess
import sys

DUMP = r'''
import json, sys
from agentloop.checks import hidden_seed
from agentloop_grader.answers import chapter_keys
out = {}
for chapter in ("ch1", "ch2", "ch3", "ch4", "ch5"):
    for check_id, chk in chapter_keys(chapter).items():
        cases = chk.all_cases(hidden=True, seed=hidden_seed("a course", check_id))
        out[check_id] = [[c.input, c.label, c.rule] for c in cases]
json.dump(out, sys.stdout, sort_keys=True)
'''


def _cases(hash_seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", DUMP], capture_output=True, text=True,
                          env=env, check=True)
    return json.loads(done.stdout)


def test_every_chapters_hidden_cases_are_the_same_in_every_process():
    first, second = _cases("1"), _cases("2")
    assert set(first) == set(second) and len(first) >= 30
    differ = [check_id for check_id in first if first[check_id] != second[check_id]]
    assert not differ, f"hidden cases that change with the process: {differ}"
