"""The whole suite's shared set-up (the chapters' notebooks under nbval included). tests/ mirrors
the code:

    tests/lib/…        agentloop (what a learner runs), one test file per module
    tests/grader/…     agentloop_grader (the teacher's side)
    tests/chapters/…   the chapter notebooks, their exercises and their round trips
    tests/browser/     JupyterLab and the zero-install site in Chromium
    tests/tools/       the build tools in tools/
    tests/support/     helpers the tests import (not tests themselves)
    tests/golden/      expected outputs, byte for byte
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
TESTS = ROOT / "tests"
GOLDEN = TESTS / "golden"

# Helpers are imported by their own names (`from unprivileged import …`), wherever a test is.
for folder in (TESTS / "support", TESTS / "browser", TESTS / "grader" / "assignments"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

TIERS = ("lib", "grader", "chapters", "browser", "tools")
_tier_seconds: dict[str, float] = {}


def _tier(nodeid: str) -> str:
    parts = nodeid.split("/")
    if parts[0] == "tests" and len(parts) > 2 and parts[1] in TIERS:
        return parts[1]
    return "notebooks" if parts[0] == "chapters" else "other"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    tier = _tier(report.nodeid)
    _tier_seconds[tier] = _tier_seconds.get(tier, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line of how long each tier took (set-up, call and tear-down of its tests), so the
    next change that slows the suite shows where."""
    if not _tier_seconds:
        return
    order = [*TIERS, "notebooks", "other"]
    parts = [f"{tier} {_tier_seconds[tier]:.0f} s" for tier in order if tier in _tier_seconds]
    terminalreporter.write_line(f"time by tier: {', '.join(parts)} "
                                f"(total {sum(_tier_seconds.values()):.0f} s)")


@pytest.fixture(autouse=True)
def _speaks_english_afterwards() -> Iterator[None]:
    """Every test leaves the process in English: a translated chapter's `use_language`
    sets $AGENTLOOP_LANG, and the notebooks nbval runs later in this process (their kernels
    inherit the environment) must not speak it."""
    yield
    os.environ.pop("AGENTLOOP_LANG", None)
    languages = sys.modules.get("agentloop.i18n.languages")
    if languages is not None:
        languages._chosen = None
