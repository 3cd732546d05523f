"""Report: the class report, what the class got wrong, from the gradebook and the run
reports: `build(course, assignment) -> ClassReport` (files.py writes it, pages.py draws it;
the course overview is overview.py).

Where each figure comes from:
- scores, pass rates, late penalties, names: the gradebook, so manual grades and regrades
  count and a course graded by stock nbgrader gets a report too;
- failure reasons, crashes, time-outs, hostile code, seconds per submission: the run
  reports COURSE/reports/<assignment>-<time>.json, each student's row taken from the
  newest run report that graded that student.

Its parts, each in its module beside this one:
    run_reports.py  the run reports of an assignment, what went wrong in a run (troubles)
    gradebook.py    the gradebook's names and scores besides the grades themselves
    labels.py       cells named as a teacher reads them (`CellStats.title`): by their grade
                    id when the teacher named the cell, else (the toolbar's `cell-1a2b…`
                    ids) by the heading or the line above it
    failures.py     a cell's failures over the class, grouped by (rule, reason)
    figures.py      mean, median, spread and histogram of the scores and seconds
and here: the report's data (`ClassReport`, `CellStats`, `StudentLine`), gathered by
`build`, and rendered as plain data (`to_plain`, the .class.json) and as a few lines for
the terminal (`summary`). The headline lists the mistakes; unanswered work (answers left
as released, "No response.", the released NotImplementedError stub) is one line under
them.
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..course import Course, GradingError
from ..judge.scores import Graded
from .failures import EVERY_CASE, FailureGroup, group_failures, group_plain, unanswered
from .figures import describe, histogram, histogram_edges
from .gradebook import graded_score, known_assignments, person_name, require_gradebook
from .labels import cell_labels
from .run_reports import (
    DERIVED_SUFFIXES,
    TROUBLE_KINDS,
    readable_time,
    run_meta,
    run_reports,
    stamp,
    troubles,
)

# What other modules import from here (the class report's whole vocabulary).
__all__ = ["DERIVED_SUFFIXES", "EVERY_CASE", "TROUBLE_KINDS", "CellStats", "ClassReport",
           "FailureGroup", "StudentLine", "build", "describe", "known_assignments",
           "person_name", "readable_time", "require_gradebook", "run_reports", "stamp",
           "unanswered"]

TOP_MISTAKES = 8  # across cells, at the top of the page
SLOWEST = 5
CELL_KINDS = tuple(Graded)


# --- one assignment ---------------------------------------------------------------------

@dataclass
class CellStats:
    """One graded cell over the class."""

    key: str  # grade_id, or notebook/grade_id when the assignment has several notebooks
    notebook: str
    grade_id: str
    kind: str  # check | test | manual | task
    points: float
    graded: int = 0  # submissions with a score for it
    passed: int = 0  # full marks
    mean: float | None = None
    needs_manual: int = 0
    groups: list[FailureGroup] = field(default_factory=list)
    label: str = ""  # what a teacher reads for it when its grade id is made up

    @property
    def title(self) -> str:
        """The cell as a teacher names it: its grade id, or its heading for a made-up id."""
        if not self.label:
            return self.key
        return self.label if self.key == self.grade_id else f"{self.notebook}: {self.label}"

    @property
    def pass_rate(self) -> float | None:
        return self.passed / self.graded if self.graded else None

    @property
    def failed(self) -> int:
        return self.graded - self.passed


@dataclass
class StudentLine:
    """One student of the class, for this assignment."""

    student: str
    name: str = ""
    submitted: bool = False
    score: float = 0.0  # before the late penalty, as nbgrader's `score`
    max_score: float = 0.0
    late_penalty: float = 0.0
    seconds_late: float = 0.0
    needs_manual: bool = False
    seconds: float | None = None  # in the sandbox, from the run report
    troubles: list[dict[str, str]] = field(default_factory=list)
    failed_cells: list[str] = field(default_factory=list)

    @property
    def net_score(self) -> float:
        return max(0.0, self.score - self.late_penalty)


@dataclass
class ClassReport:
    """What the class did on one assignment."""

    assignment: str
    max_score: float
    students: list[StudentLine]
    cells: list[CellStats]
    run: dict[str, Any] = field(default_factory=dict)  # the newest run report's settings
    notes: list[str] = field(default_factory=list)
    generated: str = field(default_factory=stamp)
    files: list[str] = field(default_factory=list)  # where save() wrote it

    @property
    def submitted(self) -> list[StudentLine]:
        return [s for s in self.students if s.submitted]

    def scores(self) -> dict[str, Any]:
        values = [s.net_score for s in self.submitted]
        edges = histogram_edges(self.max_score)
        return {"count": len(values), **describe(values),
                "histogram": {"edges": edges, "counts": histogram(values, edges)}}

    def mistakes(self, limit: int = TOP_MISTAKES) -> list[dict[str, Any]]:
        """The biggest failure groups over every cell: most students first, then the
        notebook's order. Groups of students who all crashed, timed out, sent hostile code
        or an unreadable notebook are left out (they are listed by `trouble`), and so is
        unanswered work (`unanswered`)."""
        troubled = {s.student for s in self.students if s.troubles}
        order = {cell.key: number for number, cell in enumerate(self.cells)}
        pairs = [(cell, group) for cell in self.cells for group in cell.groups
                 if not set(group.students) <= troubled and not unanswered(group)]
        pairs.sort(key=lambda p: (-len(p[1].students), p[1].rule == EVERY_CASE,
                                  order[p[0].key], -p[1].cases, p[1].rule))
        return [{"cell": cell.key, "title": cell.title, "kind": cell.kind,
                 **group_plain(group)} for cell, group in pairs[:limit]]

    def unanswered(self) -> dict[str, Any]:
        """Work left as released, in one line: how many answers, of whom."""
        who: dict[str, int] = {}
        for cell in self.cells:
            for group in cell.groups:
                if unanswered(group):
                    for student in group.students:
                        who[student] = who.get(student, 0) + 1
        return {"students": len(who), "answers": sum(who.values()),
                "who": sorted(who), "per_student": dict(sorted(who.items()))}

    def trouble(self) -> list[dict[str, str]]:
        return [{"student": s.student, **t} for s in self.students for t in s.troubles]

    def late(self) -> list[dict[str, Any]]:
        return [{"student": s.student, "seconds_late": s.seconds_late,
                 "late_penalty": s.late_penalty, "score": s.score, "net_score": s.net_score}
                for s in self.submitted if s.seconds_late > 0]

    def timing(self) -> dict[str, Any]:
        timed = sorted(((s.seconds, s.student) for s in self.submitted
                        if s.seconds is not None), reverse=True)
        return {"run_seconds": self.run.get("seconds"), "workers": self.run.get("workers"),
                "time_limit_s": self.run.get("time_limit_s"),
                "per_submission": describe([t for t, _ in timed]),
                "slowest": [{"student": who, "seconds": t} for t, who in timed[:SLOWEST]]}

    def to_plain(self) -> dict[str, Any]:
        cells = []
        for cell in self.cells:
            plain = asdict(cell)
            plain["groups"] = [group_plain(g) for g in cell.groups]
            plain.update(pass_rate=cell.pass_rate, failed=cell.failed)
            cells.append(plain)
        students = [dict(asdict(s), net_score=s.net_score) for s in self.students]
        return {"report": "class", "assignment": self.assignment,
                "generated": self.generated, "max_score": self.max_score,
                "students": len(self.students), "submitted": len(self.submitted),
                "missing": [s.student for s in self.students if not s.submitted],
                "scores": self.scores(), "mistakes": self.mistakes(),
                "unanswered": self.unanswered(), "cells": cells,
                "trouble": self.trouble(), "late": self.late(), "timing": self.timing(),
                "run": self.run, "notes": self.notes, "rows": students}

    def summary(self) -> str:
        """A few lines for the terminal."""
        scores = self.scores()
        lines = [f"{self.assignment}: {scores['count']} of {len(self.students)} student(s) "
                 "submitted" + (f", mean {scores['mean']:.3g}/{self.max_score:g}"
                                if scores["count"] else "")]
        for item in self.mistakes(3):
            lines.append(f"  {item['title']}: {item['rule']} — {item['reason']}: "
                         f"{item['students']} student(s)")
        left = self.unanswered()
        if left["answers"]:
            lines.append(f"  unanswered: {left['answers']} answer(s) left as released by "
                         f"{left['students']} student(s)")
        for item in self.trouble():
            lines.append(f"  {item['student']}: {item['kind']}: {item['reason']}")
        return "\n".join(lines)


def build(course: Course, assignment: str,
          runs: list[tuple[Path | None, dict[str, Any]]] | None = None) -> ClassReport:
    """The class report of `assignment` from the gradebook and `runs` (default: every run
    report of it in COURSE/reports/, newest first)."""
    import warnings

    from nbgrader.api import MissingEntry

    runs = run_reports(course, assignment) if runs is None else runs
    labels = cell_labels(course, assignment)
    newest: dict[str, dict[str, Any]] = {}  # student -> their row in the newest run
    for _, data in runs:
        for row in data.get("rows", []):
            if isinstance(row, dict) and row.get("student") not in newest:
                newest[str(row.get("student"))] = row
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings
        try:
            record = gb.find_assignment(assignment)
        except MissingEntry:
            raise GradingError(f"{assignment} is not in the gradebook of {course.root}; "
                               f"run `agentloop-grade release {assignment}`") from None
        notebooks = sorted(record.notebooks, key=lambda n: n.name)
        single = len(notebooks) == 1
        cells: dict[tuple[str, str], CellStats] = {}
        for notebook in notebooks:
            answers = {c.name for c in notebook.solution_cells}
            tasks = {c.name for c in notebook.task_cells}
            for cell in [*notebook.grade_cells, *notebook.task_cells]:
                kind = Graded.TASK if cell.name in tasks else \
                    Graded.MANUAL if cell.name in answers else Graded.TEST
                key = cell.name if single else f"{notebook.name}/{cell.name}"
                cells[(notebook.name, cell.name)] = CellStats(
                    key, notebook.name, cell.name, kind, float(cell.max_score),
                    label=labels.get((notebook.name, cell.name), ""))
        students = []
        scores: dict[str, dict[tuple[str, str], tuple[float | None, bool]]] = {}
        submissions = _submissions(gb, record)
        for student in sorted(gb.students, key=lambda s: s.id):
            line = StudentLine(student.id, person_name(student),
                               max_score=float(record.max_score))
            students.append(line)
            submission = submissions.get(student.id)
            if submission is None:
                continue
            line.submitted = True
            line.score = float(submission.score or 0)
            line.late_penalty = float(submission.late_submission_penalty or 0)
            line.seconds_late = float(submission.total_seconds_late or 0)
            line.needs_manual = bool(submission.needs_manual_grade)
            scores[student.id] = {
                (nb.notebook.name, grade.name): (graded_score(grade),
                                                 bool(grade.needs_manual_grade))
                for nb in submission.notebooks for grade in nb.grades}
        max_score = float(record.max_score)
    if not scores:
        raise GradingError(f"no submissions of {assignment} in the gradebook yet; run "
                           f"`agentloop-grade autograde {assignment}` first")
    for row in newest.values():
        for notebook, graded in (row.get("notebooks") or {}).items():
            for gid, ran in (graded or {}).items():
                kind = ran.get("kind") if isinstance(ran, dict) else None
                if (notebook, gid) in cells and kind in CELL_KINDS:
                    cells[(notebook, gid)].kind = kind
    order = _cell_order(runs, cells)
    for key in order:
        _fill(cells[key], scores, newest)
    for line in students:
        row = newest.get(line.student)
        if line.submitted and row is not None:
            line.seconds = float(row.get("seconds") or 0.0)
            line.troubles = troubles(row)
        line.failed_cells = [cells[k].title for k in order
                             if _lost_points(scores.get(line.student, {}).get(k), cells[k])]
    notes = []
    if not runs:
        notes.append(f"no run report of {assignment} in {course.root / 'reports'}: failure "
                     "reasons, crashes and timing come from `agentloop-grade autograde`")
    else:
        missing = [s.student for s in students if s.submitted and s.student not in newest]
        if missing:
            notes.append(f"{len(missing)} submission(s) are in no run report, so their "
                         f"failures are not grouped: {', '.join(missing)}")
    return ClassReport(assignment, max_score, students, [cells[k] for k in order],
                       run_meta(runs), notes)


def _submissions(gb: Any, record: Any) -> dict[str, Any]:
    """Every submission of the assignment `record`, by student, with its scores, notebooks
    and grades loaded in a few queries (one student at a time, nbgrader's lazy loading
    asked some six queries a student: most of the time a class report took)."""
    from nbgrader.api import Grade, SubmittedAssignment, SubmittedNotebook
    from sqlalchemy.orm import selectinload, undefer

    query = gb.db.query(SubmittedAssignment).filter(
        SubmittedAssignment.assignment_id == record.id).options(
        undefer(SubmittedAssignment.score), undefer(SubmittedAssignment.needs_manual_grade),
        undefer(SubmittedAssignment.late_submission_penalty),
        selectinload(SubmittedAssignment.notebooks).selectinload(
            SubmittedNotebook.grades).selectinload(Grade.cell))
    return {submission.student_id: submission for submission in query}


def _cell_order(runs: list[tuple[Path | None, dict[str, Any]]],
                cells: dict[tuple[str, str], CellStats]) -> list[tuple[str, str]]:
    """The notebook's order (as the run report lists cells), then any others."""
    order: list[tuple[str, str]] = []
    for _, data in runs[:1]:
        for row in data.get("rows", [])[:1]:
            for notebook, graded in sorted((row.get("notebooks") or {}).items()):
                order += [(notebook, gid) for gid in graded if (notebook, gid) in cells]
    return list(dict.fromkeys([*order, *cells]))


def _lost_points(score: tuple[float | None, bool] | None, cell: CellStats) -> bool:
    return score is not None and score[0] is not None and score[0] < cell.points


def _fill(cell: CellStats, scores: dict[str, dict[tuple[str, str], tuple[float | None, bool]]],
          newest: dict[str, dict[str, Any]]) -> None:
    """Pass rate from the gradebook, failure groups from the run rows."""
    values = []
    failing: dict[str, dict[str, Any]] = {}  # student -> their run of the cell
    for student, grades in scores.items():
        score, manual = grades.get((cell.notebook, cell.grade_id), (None, False))
        cell.needs_manual += manual
        if score is None:
            continue
        values.append(float(score))
        if float(score) >= cell.points:
            cell.passed += 1
            continue
        ran = ((newest.get(student) or {}).get("notebooks") or {}).get(cell.notebook, {}) \
            .get(cell.grade_id)
        if isinstance(ran, dict):
            failing[student] = ran
    cell.graded = len(values)
    cell.mean = round(statistics.fmean(values), 4) if values else None
    cell.groups = group_failures(cell.grade_id, failing)
