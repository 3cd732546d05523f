"""Report: a graded cell's failures over the class, grouped by what went wrong.

Failures are grouped per graded cell by (rule, reason): a check's failed case carries the
rule it tests and why it failed ("expected 'error', got 'limit'"); an ordinary test cell's
failure has its error line as the rule. A group counts students, not cases: a student
failing five cases of one rule counts once, and a student who failed every case of a
cell the same way (the released `raise NotImplementedError`) is one group, "every case of
the cell", not one per rule. (The run report keeps the first judge.checks.MAX_FAILURES_KEPT
failed cases per cell and student.)

    group_failures(grade_id, ran)  a cell's FailureGroups, from each failing student's run
    unanswered(group)              work left as released, rather than a mistake
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

EVERY_CASE = "every case of the cell"
ALL_FAILED = re.compile(r"^(\d+)/(\d+) cases failed")  # judging's summary of a check
UNANSWERED = ("No response.", "NotImplementedError")  # how work left as released fails


@dataclass
class FailureGroup:
    """One mistake in one cell: a rule broken the same way, by these students."""

    rule: str
    reason: str
    students: list[str]
    cases: int  # failed cases over all those students
    example_case: str


def unanswered(group: FailureGroup) -> bool:
    """A group of work left as released rather than a mistake."""
    return any(text.startswith(UNANSWERED) for text in (group.rule, group.reason))


def group_plain(group: FailureGroup) -> dict[str, Any]:
    """A group as the class report's data has it."""
    return {"rule": group.rule, "reason": group.reason, "students": len(group.students),
            "cases": group.cases, "example_case": group.example_case,
            "who": group.students}


def group_failures(grade_id: str, ran: dict[str, dict[str, Any]]) -> list[FailureGroup]:
    """The cell `grade_id`'s failure groups, most students first, from what the run report
    says of it for each student who lost points on it (student -> their run of the cell)."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for student, cell in ran.items():
        for rule, reason, labels, cases in student_groups(cell):
            group = groups.setdefault((rule, reason), {"students": {}, "cases": 0})
            group["cases"] += cases
            group["students"].setdefault(student, []).extend(labels)
    found = []
    for (rule, reason), group in groups.items():
        who = sorted(group["students"])
        example = example_case(group["students"])
        found.append(FailureGroup(rule, reason, who, group["cases"],
                                  "" if example == grade_id else example))  # a test
        # cell's only "case" is itself
    found.sort(key=lambda g: (-len(g.students), g.rule == EVERY_CASE, -g.cases, g.rule,
                              g.reason))
    return found


def student_groups(ran: dict[str, Any]) -> list[tuple[str, str, list[str], int]]:
    """One student's failures in one cell as (rule, reason, case labels, cases) groups. A
    student who failed every case of the cell in the same way (e.g. the released
    `raise NotImplementedError`) is one group, EVERY_CASE, not one per rule."""
    found: dict[tuple[str, str], list[str]] = {}
    for failure in failed_cases(ran):
        rule = str(failure.get("rule") or failure.get("reason") or "").strip()
        reason = without_rule(rule, str(failure.get("reason") or ""))
        found.setdefault((rule, reason), []).append(str(failure.get("case") or ""))
    every = ALL_FAILED.match(str(ran.get("reason") or ""))
    reasons = {reason for _, reason in found}
    if every and every[1] == every[2] and len(found) > 1 and len(reasons) == 1:
        labels = [label for cases in found.values() for label in cases]
        return [(EVERY_CASE, reasons.pop(), labels, int(every[1]))]
    return [(rule, reason, labels, len(labels)) for (rule, reason), labels in found.items()]


def without_rule(rule: str, reason: str) -> str:
    """A check's reason without the rule it repeats: "expected 'error', got 'limit'"."""
    reason = reason.strip()
    suffix = f" (rule: {rule})"
    return reason[:-len(suffix)] if rule and reason.endswith(suffix) else reason


def failed_cases(cell: dict[str, Any]) -> list[dict[str, str]]:
    """The failed cases of a run-report cell (one made from its reason when none kept)."""
    kept = [f for f in cell.get("failures") or [] if isinstance(f, dict)]
    if kept:
        return kept
    reason = str(cell.get("reason") or "").strip()
    if not reason:
        reason = "partial credit" if cell.get("score") else "no reason recorded"
    return [{"case": "", "rule": reason.splitlines()[0][:200], "reason": reason}]


def example_case(labels: dict[str, list[str]]) -> str:
    """The case label most of the group's students failed (the first such one)."""
    counts: dict[str, int] = {}
    for student_labels in labels.values():
        for label in dict.fromkeys(student_labels):
            if label:
                counts[label] = counts.get(label, 0) + 1
    return max(counts, key=lambda label: counts[label]) if counts else ""
