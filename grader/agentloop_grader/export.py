"""Export the gradebook as one CSV row per student: every test cell's score, late
penalties, then totals (after penalties, as `nbgrader export` computes them)."""

from __future__ import annotations

import csv
from pathlib import Path

from .course import Course


def export_csv(course: Course, out: Path) -> int:
    """Write `out`; columns `<assignment>/<grade cell> (N pts)`, `<assignment>/late penalty`,
    per-assignment totals (score − penalty, at least 0) and the overall total.

    A student with no submission for an assignment has empty cells and a total of 0.
    Returns the number of student rows.
    """
    from nbgrader.api import MissingEntry

    with course.gradebook() as gb:
        assignments = sorted(gb.assignments, key=lambda a: a.name)
        columns: list[tuple[str, str, str, float]] = []  # assignment, notebook, cell, max
        for assignment in assignments:
            for notebook in sorted(assignment.notebooks, key=lambda n: n.name):
                for cell in notebook.grade_cells:
                    columns.append((assignment.name, notebook.name, cell.name, cell.max_score))
        header = ["student_id", "last_name", "first_name", "email"]
        header += [f"{a}/{c} ({m:g} pts)" for a, _, c, m in columns]
        header += [f"{a.name}/late penalty" for a in assignments]
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
            for a_name, nb_name, cell, _ in columns:
                if totals[a_name] is None:
                    row.append("")
                    continue
                grade = gb.find_grade(cell, nb_name, a_name, student.id)
                row.append("" if grade.score is None else f"{grade.score:g}")
            row += [f"{penalties[a.name]:g}" for a in assignments]
            row += [f"{(totals[a.name] or 0):g}" for a in assignments]
            row.append(f"{sum(t or 0 for t in totals.values()):g}")
            rows.append(row)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return len(rows)
