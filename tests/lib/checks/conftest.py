"""Each test starts with no hint step opened in this process (agentloop.practice.hints keeps
the count of a notebook outside a workspace in memory)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agentloop.practice import hints


@pytest.fixture(autouse=True)
def _no_hint_opened() -> Iterator[None]:
    hints._KERNEL.clear()
    yield
    hints._KERNEL.clear()
