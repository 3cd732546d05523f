"""Workers that come from one start (isolation.can_share_start, sandbox/zygote.py
`serve_group`): one import for the whole pool, and still no job of one worker reaches the
folders of another's, on every side this machine can run; elsewhere, one start each."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from agentloop_grader.isolation import Layer, Mode, can_share_start, choose
from agentloop_grader.isolation.modes import Choice
from grading_sides import SIDE_IDS, SIDES, skip_unless_runnable
from unprivileged import run_as_teacher, run_with_python_reachable

PROBE = Path(__file__).with_name("shared_start_probe.py")


def test_only_landlock_or_nothing_to_confine_lets_workers_share_a_start():
    with_landlock = Choice(Mode.NAMESPACES, (Layer.ROOT_NAMESPACES, Layer.LANDLOCK), "bwrap")
    assert can_share_start(with_landlock)
    assert not can_share_start(replace(with_landlock, layers=(Layer.ROOT_NAMESPACES,)))
    assert can_share_start(Choice(Mode.LANDLOCK, (Layer.LANDLOCK,)))
    assert not can_share_start(Choice(Mode.CONTAINER, (Layer.LANDLOCK,), "podman"))
    assert can_share_start(choose("trusted", trusted=True))


@pytest.mark.parametrize("user,isolation", SIDES, ids=SIDE_IDS)
def test_a_job_of_one_worker_cannot_reach_another_workers_folder(user, isolation):
    skip_unless_runnable(user, isolation)
    run = run_as_teacher if user == "teacher" else run_with_python_reachable
    done = run([sys.executable, str(PROBE), isolation], cwd="/", timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["one_process"] is out["shares"] is True  # this machine has Landlock
    assert out["keeper"] == "kept\n"
    assert out["spy"].splitlines() == ["list refused PermissionError",
                                       "read refused PermissionError",
                                       "write refused PermissionError"], out["spy"]
    assert out["after_close"] == "42\n"
