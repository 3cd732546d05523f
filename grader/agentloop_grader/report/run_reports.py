"""Report: what the run reports of an assignment say, for the class report.

    run_reports(course, assignment)  its run reports in COURSE/reports/, newest first
    troubles(row)                    what went wrong with one student's run, by kind
    run_meta(runs)                   the newest run's settings, as the class report shows them

Trouble kinds, a closed set, each found by the words the grader uses for it:
    unreadable  the notebook is missing, empty or not a notebook
    time-out    a cell was killed at the time limit
    crash       the process died: os._exit, a signal, out of memory
    hostile     code that attacked the grading: a lying ==, objects that are not plain
                data, the library's withheld answer, the grader's channel or internals
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..course import Course

DERIVED_SUFFIXES = (".class.json", ".overview.json")  # in reports/, but not run reports

TROUBLE_SIGNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("unreadable", ("is not a readable notebook", "the notebook is empty",
                    "the notebook is larger than", "nothing submitted", ".ipynb submitted")),
    ("time-out", ("(time limit)", "did not start in time")),
    ("crash", ("process exited with code", "process killed by", "worker died",
               "process vanished", "ran out of memory", "sandbox failed to start")),
    ("hostile", ("dishonest ==", "expected plain data", "withheld while grading",
                 "library's own answer", "not available while grading",
                 "on the grader's channel")),
)
TROUBLE_KINDS = tuple(kind for kind, _ in TROUBLE_SIGNS)


def stamp() -> str:
    """The run reports' time format, e.g. 2026-12-01T09-08-15Z."""
    return time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime())


def readable_time(text: str) -> str:
    """2026-12-01T09-08-15Z -> 2026-12-01 09:08:15 UTC (anything else unchanged)."""
    match = re.fullmatch(r"(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z(-\d+)?", text or "")
    return f"{match[1]} {match[2]}:{match[3]}:{match[4]} UTC" if match else text


def run_reports(course: Course, assignment: str,
                skip: Iterable[str] = ()) -> list[tuple[Path, dict[str, Any]]]:
    """The run reports of `assignment` in COURSE/reports/, newest first (unreadable ones,
    other assignments' and our own derived files are left out)."""
    folder = course.root / "reports"
    skipped = {str(Path(p).resolve()) for p in skip}
    found = []
    for path in folder.glob(f"{assignment}-*.json") if folder.is_dir() else ():
        if path.name.endswith(DERIVED_SUFFIXES) or str(path.resolve()) in skipped:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            mtime = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("assignment") == assignment and \
                isinstance(data.get("rows"), list):
            found.append((str(data.get("started", "")), mtime, path, data))
    found.sort(key=lambda item: item[:2], reverse=True)
    return [(path, data) for _, _, path, data in found]


def troubles(row: dict[str, Any]) -> list[dict[str, str]]:
    """What went wrong with one run row, one entry per kind, with the grader's words."""
    texts = [str(p) for p in row.get("problems", [])]
    out = []
    for kind, signs in TROUBLE_SIGNS:
        for text in texts:
            if any(sign in text for sign in signs):
                out.append({"kind": kind, "reason": text})
                break
    return out


def run_meta(runs: list[tuple[Path | None, dict[str, Any]]]) -> dict[str, Any]:
    """The newest run's file, time, size and settings ({} when there is no run report)."""
    if not runs:
        return {}
    path, data = runs[0]
    settings = data.get("settings") or {}
    limits = settings.get("limits") or {}
    return {"file": str(path) if path else None, "started": data.get("started"),
            "seconds": data.get("seconds"), "graded": len(data.get("rows", [])),
            "workers": settings.get("workers"), "time_limit_s": limits.get("time_s"),
            "memory_mb": limits.get("memory_mb"), "isolation": settings.get("isolation"),
            "isolation_mode": settings.get("isolation_mode"),
            "late_penalties": settings.get("late_penalties"),
            "notes": list(data.get("notes") or []), "runs_read": len(runs),
            "reruns": [r for r in data.get("reruns") or [] if isinstance(r, dict)]}
