"""Export: the grades CSV (`agentloop-grade export`, the default format): one row per
student, every graded cell, late penalties, the sandbox, totals."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ..course import Course
from ..isolation.modes import Mode
from ..report.classreport import DERIVED_SUFFIXES

TRUSTED_MARK = "trusted (no sandbox)"


def last_isolation(course: Course, assignment: str) -> str:
    """The isolation mode of the newest run report of `assignment` ("" when none)."""
    reports = sorted((course.root / "reports").glob(f"{assignment}-*.json"),
                     key=lambda p: p.stat().st_mtime)
    for path in reversed(reports):
        if path.name.endswith(DERIVED_SUFFIXES):  # class reports beside the run reports
            continue
        try:
            mode = json.loads(path.read_text(encoding="utf-8"))["settings"]["isolation_mode"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        return TRUSTED_MARK if mode == Mode.TRUSTED else str(mode)
    return ""


def export_csv(course: Course, out: Path) -> int:
    """Write `out`; columns `<assignment>/<grade cell> (N pts)` (with the notebook's name in
    between when an assignment has several), `<assignment>/late penalty`,
    `<assignment>/sandbox`, per-assignment totals (score − penalty, at least 0) and the
    overall total. A student with no submission for an assignment has empty cells and a
    total of 0. Returns the number of student rows.
    """
    from nbgrader.api import MissingEntry

    with course.gradebook() as gb:
        assignments = sorted(gb.assignments, key=lambda a: a.name)
        columns: list[tuple[str, str, str, float, str]] = []  # a, notebook, cell, max, title
        for assignment in assignments:
            notebooks = sorted(assignment.notebooks, key=lambda n: n.name)
            for notebook in notebooks:
                cells = [*notebook.grade_cells, *notebook.task_cells]
                for cell in sorted(cells, key=lambda c: c.name):
                    where = f"{assignment.name}/{notebook.name}" if len(notebooks) > 1 \
                        else assignment.name
                    columns.append((assignment.name, notebook.name, cell.name, cell.max_score,
                                    f"{where}/{cell.name} ({cell.max_score:g} pts)"))
        sandboxes = {a.name: last_isolation(course, a.name) for a in assignments}
        header = ["student_id", "last_name", "first_name", "email"]
        header += [title for *_, title in columns]
        header += [f"{a.name}/late penalty" for a in assignments]
        header += [f"{a.name}/sandbox" for a in assignments]
        header += [f"{a.name}/total ({a.max_score:g} pts)" for a in assignments]
        header += [f"total ({sum(a.max_score for a in assignments):g} pts)"]
        rows = []
        for student in sorted(gb.students, key=lambda s: s.id):
            row: list[object] = [student.id, student.last_name or "", student.first_name or "",
                                 student.email or ""]
            totals: dict[str, float | None] = {}
            penalties: dict[str, float] = {}
            for assignment in assignments:
                try:
                    submission = gb.find_submission(assignment.name, student.id)
                except MissingEntry:
                    totals[assignment.name], penalties[assignment.name] = None, 0.0
                    continue
                penalties[assignment.name] = submission.late_submission_penalty or 0.0
                totals[assignment.name] = max(0.0, submission.score
                                              - penalties[assignment.name])
            for a_name, nb_name, cell, _, _ in columns:
                if totals[a_name] is None:
                    row.append("")
                    continue
                grade = gb.find_grade(cell, nb_name, a_name, student.id)
                row.append("" if grade.score is None else f"{grade.score:g}")
            row += [f"{penalties[a.name]:g}" for a in assignments]
            row += [sandboxes[a.name] if totals[a.name] is not None else ""
                    for a in assignments]
            row += [f"{(totals[a.name] or 0):g}" for a in assignments]
            row.append(f"{sum(t or 0 for t in totals.values()):g}")
            rows.append(row)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return len(rows)
