"""Which hint steps a learner has opened, check by check.

None before the first try; then one more after each run that fails, and one more each
time the learner presses Hint under the check. In a workspace the count is kept with the
check's progress (`.agentloop/progress.json`, its entry's `hints`), so it survives a
restart; anywhere else (a notebook outside a workspace) this kernel keeps it.

    opened(check_id)                 how many steps are open
    after_try(check_id, passed, n)   a run of the check on an answer: one more on a failure
    open_next(check_id, n)           the Hint button: one more
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agentloop.practice.tracking import load, save

_KERNEL: dict[str, dict[str, int]] = {}  # outside a workspace: check id → tries, opened


def _entry(check_id: str, workspace: Path | None) -> tuple[dict[str, Any],
                                                           dict[str, Any] | None]:
    """The check's counts, and the progress data they live in (None: this kernel's)."""
    if workspace is None:
        return _KERNEL.setdefault(check_id, {"runs": 0, "hints": 0}), None
    data = load(workspace)
    return data["checks"].setdefault(check_id, {"runs": 0, "ever_passed": False}), data


def tried(check_id: str, workspace: Path | None) -> bool:
    """Has the learner run this check on an answer of theirs (not the blank stub)?"""
    entry, _ = _entry(check_id, workspace)
    return int(entry.get("runs", 0)) > 0


def opened(check_id: str, workspace: Path | None, total: int) -> int:
    """How many of the check's `total` steps are open."""
    entry, _ = _entry(check_id, workspace)
    return max(0, min(int(entry.get("hints", 0) or 0), total))


def _set(check_id: str, workspace: Path | None, count: int) -> int:
    entry, data = _entry(check_id, workspace)
    entry["hints"] = count
    if data is not None:
        save(workspace, data)  # type: ignore[arg-type]
    return count


def after_try(check_id: str, passed: bool, total: int, workspace: Path | None) -> int:
    """A run of the check on the learner's answer (already recorded in a workspace): a
    failed one opens one more step. Returns how many are open."""
    if workspace is None:
        entry, _ = _entry(check_id, None)
        entry["runs"] = int(entry.get("runs", 0)) + 1
    count = opened(check_id, workspace, total)
    if passed or count >= total:
        return count
    return _set(check_id, workspace, count + 1)


def open_next(check_id: str, total: int, workspace: Path | None) -> int:
    """The Hint button: one more step, once the check has been tried. Returns how many are
    open."""
    count = opened(check_id, workspace, total)
    if not tried(check_id, workspace) or count >= total:
        return count
    return _set(check_id, workspace, count + 1)
