"""The sandbox and its supervisor, stage by stage, without a course."""

from __future__ import annotations

import inspect

import pytest
from agentloop_grader.sandbox.child import strip_magics
from agentloop_grader.supervisor import Limits, _Protocol, isolation_available, run_job

from agentloop.checks import get_check
from agentloop.loop import decide

GOOD = inspect.getsource(decide)
CHECK = "ch1-decide-failure"


def job(*cells: str, isolate: bool | None = None, time_s: float = 2.0) -> dict:
    inputs = [c.input for c in get_check(CHECK).cases(hidden=True)]
    return {"student": "s", "cells": [[f"c{i}", src] for i, src in enumerate(cells)],
            "checks": [[CHECK, "decide", inputs]],
            "limits": Limits(time_s=time_s, memory_mb=256).as_dict(),
            "isolate": isolation_available() if isolate is None else isolate, "hide": []}


def test_magics_and_shell_lines_are_commented_out_with_a_note():
    code, notes = strip_magics("%matplotlib inline\nx = 1\nif x:\n    !pip install foo\n%%time")
    assert code.splitlines()[1] == "x = 1"
    assert all(line.strip().startswith(("pass", "x", "if")) for line in code.splitlines())
    compile(code, "cell", "exec")
    assert len(notes) == 3 and "line 1" in notes[0]


def test_protocol_ignores_garbage_and_out_of_order_messages():
    protocol = _Protocol([("cell", "a"), ("check", "k")])
    lines = [b'{"cell_start": "a"}', b'{"ready": true}', b'{"cell_start": "a"}',
             b'{"check": "k", "outputs": []}', b"not json", b"[1, 2]",
             b'{"cell_end": "a", "error": null}', b'{"check_start": "k"}',
             b'{"check": "k", "outputs": [{"value": "x"}]}', b'{"done": true}', b""]
    protocol.feed(b"\n".join(lines), 0.0)
    assert protocol.done
    assert protocol.garbage == 4
    assert [m for m in protocol.messages if "check" in m] == [
        {"check": "k", "outputs": [{"value": "x"}]}]


def test_a_good_answer_runs_in_one_process():
    result = run_job(job(GOOD))
    assert result["runs"] == 1 and not result["problems"]
    assert len(result["checks"][CHECK]["outputs"]) == len(get_check(CHECK).cases(hidden=True))


@pytest.mark.parametrize("isolate", [True, False], ids=["isolated", "rlimits-only"])
def test_culprits_are_excluded_and_the_rest_still_runs(isolate):
    if isolate and not isolation_available():
        pytest.skip("isolation needs root")
    result = run_job(job("import os\nos._exit(3)", GOOD, "while True:\n    pass",
                         isolate=isolate))
    assert result["runs"] == 3
    assert "exited with code 3" in result["cells"]["c0"]["error"]
    assert "time limit" in result["cells"]["c2"]["error"]
    assert result["cells"]["c1"]["error"] is None
    assert "outputs" in result["checks"][CHECK]


def test_a_probe_that_kills_the_process_excludes_only_that_check():
    result = run_job(job("def decide(state):\n    import os\n    os._exit(0)\n"))
    assert result["checks"][CHECK]["excluded"].startswith(f"check {CHECK}: process exited")


def test_sandbox_does_not_inherit_the_graders_environment(monkeypatch):
    monkeypatch.setenv("GRADER_SECRET", "s3cret")
    result = run_job(job("import os\nassert 'GRADER_SECRET' not in os.environ\n" + GOOD))
    assert result["cells"]["c0"]["error"] is None
