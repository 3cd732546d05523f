"""The solutions bundle (agentloop.practice.bundle): every exercise's reference answer, sealed."""

from __future__ import annotations

from pathlib import Path

from agentloop.checks import get_check
from agentloop.practice import bundle
from agentloop.practice.lock import unseal
from agentloop.practice.workspace import SOLUTIONS, STATE_DIR

DECIDE_CHECKS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")




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
