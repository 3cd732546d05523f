"""What the practice tests share: each test starts with no hint step opened in this process
(agentloop.practice.hints keeps the count of a notebook outside a workspace in memory), and
`workspace` is a fresh copy of a new learner workspace, as the current directory (made from
the learner release once per run, copied for each test)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.practice import hints
from agentloop.practice.update import update_workspace


@pytest.fixture(autouse=True)
def _no_hint_opened() -> Iterator[None]:
    hints._KERNEL.clear()
    yield
    hints._KERNEL.clear()


@pytest.fixture(scope="session")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new workspace, made once: tests copy it (`workspace`), never change it."""
    workspace = tmp_path_factory.mktemp("made") / "ws"
    update_workspace(workspace, learner_release())
    return workspace


@pytest.fixture
def workspace(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of a new workspace, as the current directory, outside any autograde."""
    copy = tmp_path / "ws"
    shutil.copytree(made, copy)
    monkeypatch.chdir(copy)
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    return copy
