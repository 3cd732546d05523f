"""Exercise checks: `check("ch1-decide-failure", decide)` in a notebook.

Each chapter keeps its checks in `agentloop.checks.chN`. A check's id is the
nbgrader grade_id of the test cell that calls it, so the grader finds a check from
the notebook alone and new chapters plug in without grader changes.
"""

from __future__ import annotations

import importlib
from typing import Any

from agentloop.checks.core import Case, Check, Report, collect, judge, run_check, to_plain

__all__ = ["Case", "Check", "Report", "check", "collect", "get_check", "judge", "run_check",
           "to_plain"]


def get_check(check_id: str) -> Check:
    """Find a check by id; its chapter prefix (`ch1-…`) names the module that defines it."""
    prefix = check_id.split("-", 1)[0]
    if not prefix.isidentifier():
        raise KeyError(f"no check named {check_id!r}")
    try:
        module = importlib.import_module(f"agentloop.checks.{prefix}")
    except ModuleNotFoundError:
        raise KeyError(f"no check named {check_id!r} (no module agentloop.checks.{prefix})") \
            from None
    checks = {c.id: c for c in module.CHECKS}
    if check_id not in checks:
        known = ", ".join(checks)
        raise KeyError(f"no check named {check_id!r}; {prefix} has: {known}")
    return checks[check_id]


def check(check_id: str, obj: Any, hidden: bool = False) -> None:
    """Run a check on your answer, print what passed and failed, and fail loudly if any did.

    Visible checks show every case; hidden checks (the grader's) show only failures.
    """
    chk = get_check(check_id)
    reference = getattr(importlib.import_module(chk.probe.__module__), "REFERENCE", {})
    if callable(reference.get(chk.symbol)) and obj is reference[chk.symbol]:
        # The grader withholds the library's own answer, so this would score nothing there.
        print(f"{check_id}: ✘ {chk.symbol} is the library's own answer; write your own")
        raise AssertionError(f"{check_id}: {chk.symbol} is the library's own answer")
    report = run_check(chk, obj, hidden=hidden)
    print(report.text(show_labels=not hidden))
    if not report.passed:
        raise AssertionError(f"{check_id}: some cases failed (see above)")
