"""A job's rlimits (agentloop_grader.isolation.limits): worked out from `protocol.Limits`, and set
soft and hard in the job process without raising a hard limit that is already lower."""

from __future__ import annotations

import resource

from agentloop_grader.isolation.limits import MB, apply_rlimits, rlimits
from agentloop_grader.protocol import Limits
from forked import in_child

KINDS = {"as": resource.RLIMIT_AS, "cpu": resource.RLIMIT_CPU, "fsize": resource.RLIMIT_FSIZE,
         "core": resource.RLIMIT_CORE, "nofile": resource.RLIMIT_NOFILE}


def test_each_limit_comes_from_the_runs_limits() -> None:
    limits = Limits(time_s=2.0, memory_mb=300, file_mb=8, open_files=64)
    got = dict(rlimits(limits, cells=4, mapped_mb=100))
    assert got == {resource.RLIMIT_AS: 400 * MB,  # the worker's own mapping counts too
                   resource.RLIMIT_CPU: limits.cpu_seconds(4),
                   resource.RLIMIT_FSIZE: 8 * MB,
                   resource.RLIMIT_CORE: 0,
                   resource.RLIMIT_NOFILE: 64}
    assert resource.RLIMIT_NPROC not in got  # seccomp forbids new processes instead


def test_applied_limits_are_soft_and_hard_and_never_raise_a_lower_hard_limit() -> None:
    limits = Limits(memory_mb=512, file_mb=8, open_files=64)

    def body() -> dict:
        resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))  # lower than the job's 64
        apply_rlimits(limits, cells=2, mapped_mb=0)
        return {name: list(resource.getrlimit(kind)) for name, kind in KINDS.items()}

    got = in_child(body)
    assert got == {"as": [512 * MB] * 2, "cpu": [limits.cpu_seconds(2)] * 2,
                   "fsize": [8 * MB] * 2, "core": [0, 0], "nofile": [32, 32]}, got
