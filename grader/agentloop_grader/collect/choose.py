"""Collect: one of each — the latest copy of each notebook of a student (by its time, and
for Canvas by its upload), the latest submission of each student; every other copy said
in `ambiguous` (or, for an older exchange submission, `skipped`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from .scan import Pick, Scan, Source, Submission


def show(when: dt.datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _described(pick: Pick) -> str:
    how = "" if pick.by_name else ", by grade ids"
    return f"{pick.file.origin} ({show(pick.when)} from {pick.when_from}{how})"


def one_per_notebook(student: str, picks: list[Pick], scan: Scan,
                     by_time_first: bool) -> dict[str, Pick]:
    """One notebook per source notebook: the latest (LMS) or the one named so (nbgrader)."""
    def key(p: Pick) -> tuple[Any, ...]:
        # LMS copies differ by time (Canvas's by upload); in one nbgrader submission prefer
        # the file named so
        rank = (p.when, p.upload, p.by_name) if by_time_first else (p.by_name, p.file.when)
        return (*rank, p.file.origin)

    groups: dict[str, list[Pick]] = {}
    for pick in picks:
        groups.setdefault(pick.notebook, []).append(pick)
    chosen = {}
    for notebook, items in sorted(groups.items()):
        keep = max(items, key=key)
        chosen[notebook] = keep
        if len(items) > 1:
            others = ", ".join(_described(p) for p in items if p is not keep)
            scan.result.ambiguous.append(f"{student}/{notebook}: {len(items)} notebooks; kept "
                                         f"{_described(keep)}, not {others}")
    return chosen


def lms_submissions(scan: Scan) -> None:
    """One submission per LMS student: the latest copy of each notebook."""
    for student in sorted(set(scan.pool) | set(scan.empty)):
        picks = scan.pool.get(student, [])
        folder = scan.empty.get(student)
        if not picks and folder:
            scan.submissions.append(Submission(student, folder.origin, folder.when,
                                               folder.when_from, Source.LMS))
            continue
        if folder:
            scan.skip(folder.origin, f"no notebook of {scan.assignment} here "
                      f"({student}'s notebooks are elsewhere)")
        chosen = one_per_notebook(student, picks, scan, by_time_first=True)
        newest = max(chosen.values(), key=lambda p: (p.when, p.upload))
        scan.submissions.append(Submission(student, newest.file.origin, newest.when,
                                           newest.when_from, Source.LMS, chosen,
                                           timeless=all(p.timeless for p in chosen.values())))


def one_per_student(scan: Scan) -> list[Submission]:
    """The latest submission of each student; the others reported (replaced or ambiguous)."""
    groups: dict[str, list[Submission]] = {}
    for sub in scan.submissions:
        groups.setdefault(sub.student, []).append(sub)
    chosen = []
    for student, subs in sorted(groups.items()):
        keep = max(subs, key=lambda s: (bool(s.notebooks), s.when, s.origin))
        chosen.append(keep)
        for other in (s for s in subs if s is not keep):
            if other.kind is keep.kind is Source.EXCHANGE:
                scan.skip(other.origin, f"replaced by the later submission {keep.origin} "
                          f"({show(other.when)} → {show(keep.when)})")
        others = [s for s in subs if s is not keep and not s.kind is keep.kind is Source.EXCHANGE]
        if others:
            text = ", ".join(f"{s.origin} ({show(s.when)})" for s in others)
            scan.result.ambiguous.append(f"{student}: {len(subs)} submissions; kept "
                                         f"{keep.origin} ({show(keep.when)}), not {text}")
    return chosen
