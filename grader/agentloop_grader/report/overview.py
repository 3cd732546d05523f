"""Report: the course overview — every student's score (after late penalties) on every
assignment, each assignment's mean, and the students to look at: below a share of the
points of the assignments that count (past their due date, or without one and submitted
by someone), or missing a submission. From the gradebook alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..course import Course, GradingError
from .classreport import describe, person_name, require_gradebook, stamp


@dataclass
class AssignmentLine:
    name: str
    max_score: float
    duedate: str | None
    submitted: int
    counted: bool  # past its due date, or (no due date) someone submitted
    mean: float | None = None  # of the submissions, after late penalties
    median: float | None = None


@dataclass
class CourseStudent:
    student: str
    name: str
    scores: dict[str, float | None]  # net score, None: no submission
    total: float = 0.0
    possible: float = 0.0  # points of the counted assignments
    missing: list[str] = field(default_factory=list)  # counted assignments not submitted
    behind: list[str] = field(default_factory=list)  # why this student is marked

    @property
    def percent(self) -> float | None:
        return 100 * self.total / self.possible if self.possible else None


@dataclass
class Overview:
    """Each student's scores over every assignment, and each assignment's mean."""

    assignments: list[AssignmentLine]
    students: list[CourseStudent]
    below: float  # percent: students under it are marked
    generated: str = field(default_factory=stamp)
    files: list[str] = field(default_factory=list)  # where save() wrote it

    def to_plain(self) -> dict[str, Any]:
        return {"report": "overview", "generated": self.generated, "below_percent": self.below,
                "assignments": [asdict(a) for a in self.assignments],
                "students": [dict(asdict(s), percent=s.percent) for s in self.students],
                "behind": [s.student for s in self.students if s.behind]}

    def summary(self) -> str:
        lines = [f"{len(self.students)} student(s), {len(self.assignments)} assignment(s)"]
        for a in self.assignments:
            mean = f"mean {a.mean:.3g}/{a.max_score:g}" if a.mean is not None else "no mean"
            lines.append(f"  {a.name}: {a.submitted} submitted, {mean}")
        behind = [s for s in self.students if s.behind]
        lines.append(f"{len(behind)} student(s) marked (below {self.below:g}% or missing "
                     "a submission)" + (":" if behind else ""))
        lines += [f"  {s.student}: {'; '.join(s.behind)}" for s in behind]
        return "\n".join(lines)


def overview(course: Course, below: float = 50.0) -> Overview:
    """Every student's net score on every assignment in the gradebook."""
    import warnings

    from nbgrader.api import MissingEntry

    require_gradebook(course)
    now = datetime.now(UTC).replace(tzinfo=None)  # nbgrader stores naive UTC
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        records = sorted(gb.assignments, key=lambda a: (a.duedate is None, a.duedate or now,
                                                        a.name))
        if not records:
            raise GradingError(f"no assignments in the gradebook of {course.root}; run "
                               "`agentloop-grade release` first")
        people = sorted(gb.students, key=lambda s: s.id)
        table: dict[str, dict[str, float | None]] = {s.id: {} for s in people}
        lines = []
        for record in records:
            values = []
            for student in people:
                try:
                    sub = gb.find_submission(record.name, student.id)
                except MissingEntry:
                    table[student.id][record.name] = None
                    continue
                net = max(0.0, float(sub.score or 0) - float(sub.late_submission_penalty or 0))
                table[student.id][record.name] = net
                values.append(net)
            due = record.duedate
            counted = (due is not None and due <= now) or (due is None and bool(values))
            stats = describe(values)
            lines.append(AssignmentLine(record.name, float(record.max_score),
                                        due.strftime("%Y-%m-%d %H:%M UTC") if due else None,
                                        len(values), counted, stats["mean"], stats["median"]))
        names = {s.id: person_name(s) for s in people}
    students = []
    for student_id, row in table.items():
        line = CourseStudent(student_id, names[student_id], row)
        for a in lines:
            if not a.counted:
                continue
            line.possible += a.max_score
            if row.get(a.name) is None:
                line.missing.append(a.name)
            else:
                line.total += row[a.name] or 0.0
        if line.percent is not None and line.percent < below:
            line.behind.append(f"{line.percent:.0f}% of the points (below {below:g}%)")
        if line.missing:
            line.behind.append("missing " + ", ".join(line.missing))
        students.append(line)
    return Overview(lines, students, below)
