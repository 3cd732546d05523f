"""The whole suite's shared set-up. tests/ mirrors the code:

    tests/lib/…        agentloop (what a learner runs), one test file per module
    tests/grader/…     agentloop_grader (the teacher's side)
    tests/chapters/…   the chapter notebooks, their exercises and their round trips
    tests/browser/     JupyterLab and the zero-install site in Chromium
    tests/support/     helpers the tests import (not tests themselves)
    tests/golden/      expected outputs, byte for byte
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
GOLDEN = TESTS / "golden"

# Helpers are imported by their own names (`from unprivileged import …`), wherever a test is.
for folder in (TESTS / "support", TESTS / "browser", TESTS / "grader" / "assignments"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
