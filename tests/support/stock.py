"""Grade a course with STOCK nbgrader, and read any course's gradebook back.

    course = tmp / "stock"
    setup_course(course)                  # source/ps1 + nbgrader_config.py
    run_nbgrader(course, "generate_assignment", "ps1")
    set_due(course)
    make_class(course)                    # tests/grader/assignments/make_class.py
    run_nbgrader(course, "autograde", "ps1")
    results = read_results(course)        # student -> Result

or all of it: `grade_with_stock(course)`. `python tests/support/stock.py` does it in a temporary
directory and prints the score table.

nbgrader_config.py differs from stock defaults only in: the course root, the gradebook URL
and course_id "default_course" (what agentloop-grade uses); `Execute.timeout` (per cell,
small so the infinite loop costs seconds, not nbgrader's default 30 s); and
`LateSubmissionPlugin.penalty_method = "zero"` (a late notebook scores 0; stock's default
'none' would make the late penalty invisible). `OverwriteCells.add_missing_cells` keeps its
default (False): a deleted test cell stays deleted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "grader" / "assignments"))
from make_class import ASSIGNMENT, DUE, SOURCE, make_class

COURSE_ID = "default_course"
CELL_TIMEOUT = 5  # seconds per cell (stock Execute.timeout)
RUN_TIMEOUT = 900  # seconds for one nbgrader command, a backstop only
BIN = Path(sys.executable).parent

CONFIG = '''"""nbgrader settings for a test course (written by tests/support/stock.py)."""

import os

c = get_config()  # noqa: F821

HERE = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = HERE
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")
c.CourseDirectory.course_id = "{course_id}"
c.Execute.timeout = {timeout}
c.LateSubmissionPlugin.penalty_method = "zero"
'''

GradeKey = tuple[str, str]  # (notebook, grade id)


@dataclass(frozen=True)
class Grade:
    """One Grade row: what formgrader shows for one graded cell of one submission."""

    auto_score: float | None
    manual_score: float | None
    needs_manual_grade: bool
    max_score: float
    cell_type: str  # "grade" (test or manual answer) or "task"


@dataclass
class Result:
    """One student's submission as the gradebook holds it."""

    student: str
    score: float
    seconds_late: float
    grades: dict[GradeKey, Grade] = field(default_factory=dict)
    auto_comments: dict[GradeKey, str | None] = field(default_factory=dict)
    late_penalty: dict[str, float | None] = field(default_factory=dict)  # per notebook

    def auto_scores(self) -> dict[GradeKey, float | None]:
        return {key: g.auto_score for key, g in self.grades.items()}


def nbgrader_bin() -> str:
    """The venv's nbgrader (next to this Python), else the one on PATH."""
    exe = BIN / "nbgrader"
    found = str(exe) if exe.exists() else shutil.which("nbgrader")
    if not found:
        raise RuntimeError("nbgrader is not installed")
    return found


def write_config(course: Path, timeout: int = CELL_TIMEOUT) -> Path:
    """nbgrader_config.py in the course directory (stock reads it from its cwd)."""
    path = course / "nbgrader_config.py"
    path.write_text(CONFIG.format(course_id=COURSE_ID, timeout=timeout), encoding="utf-8")
    return path


def setup_course(course: Path, source: Path = SOURCE, timeout: int = CELL_TIMEOUT) -> Path:
    """Copy the teacher's assignment to `course/source/<name>/` and write the config."""
    course.mkdir(parents=True, exist_ok=True)
    target = course / "source" / source.name
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", ".ipynb*"))
    write_config(course, timeout)
    return target


def run_nbgrader(course: Path, *args: str, check: bool = True,
                 timeout: float = RUN_TIMEOUT) -> subprocess.CompletedProcess:
    """`nbgrader <args>` in the course directory; check=False for autograde, which exits 1
    when any submission failed (e.g. its kernel died)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}  # alembic
    result = subprocess.run([nbgrader_bin(), *args], cwd=course, env=env, capture_output=True,
                            text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed ({result.returncode}):\n"
                           f"{result.stdout}\n{result.stderr}")
    return result


def gradebook(course: Path):  # -> nbgrader.api.Gradebook (a context manager)
    from nbgrader.api import Gradebook

    return Gradebook(f"sqlite:///{course / 'gradebook.db'}", COURSE_ID)


def set_due(course: Path, due: str = DUE, assignment: str = ASSIGNMENT) -> None:
    """The assignment's due date, in the gradebook (where stock's late penalties read it)."""
    from nbgrader.utils import parse_utc

    with gradebook(course) as gb:
        gb.update_or_create_assignment(assignment, duedate=parse_utc(due))


def read_results(course: Path, assignment: str = ASSIGNMENT) -> dict[str, Result]:
    """Every submission of the assignment in the course's gradebook, by student."""
    from nbgrader.api import MissingEntry

    results: dict[str, Result] = {}
    with gradebook(course) as gb:
        for student in sorted(s.id for s in gb.students):
            try:
                sub = gb.find_submission(assignment, student)
            except MissingEntry:
                continue
            result = Result(student, float(sub.score), float(sub.total_seconds_late))
            for nb in sub.notebooks:
                result.late_penalty[nb.name] = nb.late_submission_penalty
                for g in nb.grades:
                    result.grades[nb.name, g.name] = Grade(
                        g.auto_score, g.manual_score, bool(g.needs_manual_grade),
                        float(g.max_score), "task" if g.cell.type == "TaskCell" else "grade")
                for c in nb.comments:
                    result.auto_comments[nb.name, c.name] = c.auto_comment
            results[student] = result
    return results


def grade_with_stock(course: Path, kinds: list[str] | None = None,
                     timeout: int = CELL_TIMEOUT) -> tuple[dict[str, Result], str]:
    """Release, build the class, autograde with stock nbgrader; (results, autograde log)."""
    setup_course(course, timeout=timeout)
    run_nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    set_due(course)
    make_class(course, kinds)
    log = run_nbgrader(course, "autograde", ASSIGNMENT, check=False)
    return read_results(course), log.stdout + log.stderr


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def cell_text(grade: Grade | None) -> str:
    """A grade as the score table shows it: auto_score ('-' for none), '*' when it needs a
    manual grade, '' when the gradebook has no such grade."""
    if grade is None:
        return ""
    return fmt(grade.auto_score) + ("*" if grade.needs_manual_grade else "")


def grade_keys(results: dict[str, Result]) -> list[GradeKey]:
    return sorted({key for r in results.values() for key in r.grades})


def score_table(results: dict[str, Result], students: list[str] | None = None) -> str:
    """A Markdown table: one row per student, a `cell_text` per graded cell, the total and
    the late penalty; "(no submission)" when the gradebook has no row for the student."""
    keys = grade_keys(results)
    head = ["student", *[gid for _, gid in keys], "score", "late penalty"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for student in students or sorted(results):
        r = results.get(student)
        if r is None:
            lines.append(f"| {student} | (no submission) |")
            continue
        cells = [cell_text(r.grades.get(key)) for key in keys]
        penalty = sum(p or 0.0 for p in r.late_penalty.values())
        lines.append(f"| {student} | " + " | ".join(cells) + f" | {fmt(r.score)} | "
                     f"{fmt(penalty)} |")
    return "\n".join(lines)


def main() -> None:
    import tempfile
    import time

    from make_class import KINDS

    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp) / "stock"
        start = time.monotonic()
        results, log = grade_with_stock(course)
        print(f"stock nbgrader: {time.monotonic() - start:.0f} s\n")
        print(score_table(results, list(KINDS)))
        if "-v" in sys.argv:
            print(log)


if __name__ == "__main__":
    main()
