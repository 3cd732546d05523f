"""The trusted half: build each sandbox job, then judge what came back.

Cases are generated here, in the parent, from each check's seed; the job carries only
their inputs. The learner's side can send back nothing but plain data, which
`agentloop.checks.judge` type-checks and verifies against the reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agentloop.checks import Case, Check, Report, get_check, judge

from .notebooks import Spec, Submission, TestCell


@dataclass
class CaseBook:
    """The cases of every test cell of one assignment (same for every student)."""

    checks: dict[str, Check] = field(default_factory=dict)
    cases: dict[str, list[Case]] = field(default_factory=dict)
    unknown: dict[str, str] = field(default_factory=dict)  # grade_id -> why not autogradable

    @classmethod
    def build(cls, spec: Spec, seed: int | None = None) -> CaseBook:
        book = cls()
        for test in spec.tests:
            try:
                check = get_check(test.grade_id)
            except KeyError as exc:
                book.unknown[test.grade_id] = str(exc.args[0])
                continue
            book.checks[test.grade_id] = check
            book.cases[test.grade_id] = check.cases(hidden=test.hidden, seed=seed)
        return book


def build_job(spec: Spec, book: CaseBook, sub: Submission, limits: dict[str, Any],
              isolate: bool, hide: list[str]) -> dict[str, Any]:
    """The plain-data job for one student: answer sources in order, checks with inputs."""
    cells = [[gid, sub.answers[gid]] for gid in spec.answer_ids if gid in sub.answers]
    checks = [[gid, book.checks[gid].symbol, [c.input for c in book.cases[gid]]]
              for gid in book.checks]
    return {"student": sub.student, "cells": cells, "checks": checks, "limits": limits,
            "isolate": isolate, "hide": hide}


@dataclass
class CellScore:
    """The grade of one test cell for one student."""

    grade_id: str
    points: float
    score: float | None  # None: left for manual grading
    reason: str = ""  # why it failed, one line
    text: str = ""  # the readable report shown in the autograded notebook

    @property
    def passed(self) -> bool:
        return self.score is not None and self.score == self.points


def judge_submission(spec: Spec, book: CaseBook, sub: Submission,
                     run: dict[str, Any] | None) -> list[CellScore]:
    """Score every test cell of the source notebook for this submission."""
    scores = []
    for test in spec.tests:
        if test.grade_id in book.unknown:
            reason = f"not autogradable: {book.unknown[test.grade_id]}"
            scores.append(CellScore(test.grade_id, test.points, None, reason, reason))
            continue
        if sub.unreadable or run is None:
            reason = sub.unreadable or "the submission was not run"
            scores.append(CellScore(test.grade_id, test.points, 0.0, reason, reason))
            continue
        scores.append(_judge_test(test, book, run))
    return scores


def _judge_test(test: TestCell, book: CaseBook, run: dict[str, Any]) -> CellScore:
    check = book.checks[test.grade_id]
    found = run["checks"].get(test.grade_id)
    if not isinstance(found, dict):
        reason = "the sandbox produced no result for this check"
        return CellScore(test.grade_id, test.points, 0.0, reason, reason)
    if "excluded" in found:
        reason = str(found["excluded"])
        return CellScore(test.grade_id, test.points, 0.0, reason, reason)
    if "missing" in found:
        reason = f"the answer cells did not define {check.symbol}" + _cell_errors(run)
        return CellScore(test.grade_id, test.points, 0.0, reason, reason)
    report = judge(check, book.cases[test.grade_id], found.get("outputs"))
    text = report.text(show_labels=not test.hidden)
    if report.passed:
        return CellScore(test.grade_id, test.points, test.points, "", text)
    return CellScore(test.grade_id, test.points, 0.0, _first_failure(report), text)


def _cell_errors(run: dict[str, Any]) -> str:
    errors = [f"cell {gid}: {info['error']}" for gid, info in run["cells"].items()
              if isinstance(info, dict) and info.get("error")]
    return f" ({'; '.join(errors)})" if errors else ""


def _first_failure(report: Report) -> str:
    if report.problem:
        return report.problem
    failed = [r for r in report.results if not r.passed]
    first = failed[0]
    more = f" (and {len(failed) - 1} more)" if len(failed) > 1 else ""
    return f"{len(failed)}/{len(report.results)} cases failed; {first.label}: {first.reason}{more}"
