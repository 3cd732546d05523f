"""The solutions bundle (agentloop.practice.bundle): every exercise's reference answer, sealed."""

from __future__ import annotations

from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.checks import get_check
from agentloop.practice import bundle
from agentloop.practice.lock import unseal
from agentloop.practice.update import update_workspace
from agentloop.practice.workspace import SOLUTIONS, STATE_DIR

DECIDE_CHECKS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workspace = tmp_path_factory.mktemp("made") / "ws"
    update_workspace(workspace, learner_release())
    return workspace



@pytest.fixture
def workspace(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of a new workspace, as the current directory."""
    import shutil

    copy = tmp_path / "ws"
    shutil.copytree(made, copy)
    monkeypatch.chdir(copy)
    return copy


def test_the_bundle_holds_every_answer_sealed(workspace: Path) -> None:
    text = (workspace / STATE_DIR / SOLUTIONS).read_text()
    assert 'observation.get("retryable", True)' not in text
    assert "revised" not in text.lower()
    exercises = bundle.decode(text)
    entry = exercises["ch1-decide-answer"]
    assert "source" not in entry and set(entry["sealed"]) == {"text", "tag"}
    assert unseal(entry["sealed"], b"\0" * 32) is None
    assert exercises["ch1-predict-answer"]["checks"] == ["ch1-predict"]
    assert set(entry["checks"]) == set(DECIDE_CHECKS)
    assert get_check("ch1-predict").answer == exercises["ch1-predict-answer"]["answer"]
