"""The sandbox tests' warmed cell runner, built once per test file as the zygote builds its
runner once per worker; every scenario runs in a fork of it (tests/support/cell_runs.py)."""

from __future__ import annotations

import pytest
from agentloop_grader.sandbox.cells import CellRunner

import agentloop.checks  # noqa: F401 -- loaded before the runner, as the zygote does


@pytest.fixture(scope="module")
def zygote() -> CellRunner:
    # like the grader's zygote for an assignment whose notebooks import numpy: the
    # notebooks' imports are loaded before the pristine snapshot is taken
    import numpy  # noqa: F401

    runner = CellRunner()
    runner.warm_up()
    return runner
