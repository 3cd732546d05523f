"""The sides a grading test runs on: who grades (root, or the ordinary teacher account) and
which sandbox holds the notebooks (namespaces, or Landlock alone); a side this machine
cannot run is skipped with the reason."""

from __future__ import annotations

import pytest
from agentloop_grader.isolation import IsolationUnavailable, choose
from unprivileged import is_root

SIDES = [("root", "namespaces"), ("root", "landlock"), ("teacher", "namespaces"),
         ("teacher", "landlock")]
SIDE_IDS = ["-".join(side) for side in SIDES]


def skip_unless_runnable(user: str, isolation: str) -> None:
    """Skip the test unless `user` can grade here with `isolation`."""
    if user == "teacher" and not is_root():
        pytest.skip("the teacher runs are the unprivileged half of a root test run")
    try:
        choose(isolation)
    except IsolationUnavailable as exc:
        pytest.skip(str(exc))
