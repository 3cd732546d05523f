"""The worker's command line (agentloop_grader.isolation.worker): as root, Landlock refuses a
Python that uid 65534 cannot reach."""

from __future__ import annotations

import sys

import pytest
from agentloop_grader.isolation import IsolationUnavailable, View, choose, worker_command
from unprivileged import blocked_python, is_root

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_landlock_as_root_refuses_an_unreachable_python() -> None:
    if blocked_python() is None:
        pytest.skip("this Python is readable by other users")
    choice = choose("landlock")
    with pytest.raises(IsolationUnavailable) as caught:
        worker_command(choice, View.for_this_python("/tmp/w"), ["python"])
    assert blocked_python()[0] in str(caught.value) and "\n" not in str(caught.value)
