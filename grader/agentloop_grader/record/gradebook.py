"""Record: the gradebook, written by the grading process alone, one student at a time (a
single writer), so parallel sandboxes can never lose or corrupt a row.

The rules are stock's (`SaveAutoGrades`): each grade's `auto_score`; `needs_manual_grade`
when there is no automatic score or a person already graded it (manual scores and
comments are never touched, so they survive a regrade); "No response." on answers left as
released; a missing notebook scores 0 with nothing left to grade by hand; the late penalty
as configured (late.py).

A student's first, on-time submission is inserted in bulk, already scored
(`_insert_new`: the same rows nbgrader's `add_submission` makes, and
tests/grader/record/test_gradebook.py holds the two paths to identical rows), together
with up to BATCH other students' in one transaction (a commit per student cost a fifth
of the grading process's time on a chapter); if that transaction fails, each of its
students is written again alone, so only a row that cannot be written is missing, and its
Recorded says so. A regrade or a late submission goes through nbgrader's API, whose
late-penalty plugin works on its objects, in a transaction of its own.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..course import Course
from ..judge.scores import CellScore, Graded
from ..read.assignment import Assignment
from ..read.submission import Submission, SubmittedNotebook
from .late import LatePenalties


@dataclass
class Recorded:
    """What writing one student's rows found, per notebook."""

    problems: list[str] = field(default_factory=list)
    seconds_late: float = 0.0
    late_penalty: float = 0.0  # summed over notebooks, as stored
    penalties: dict[str, float | None] = field(default_factory=dict)
    # a problem found after write() returned (its batch could not be stored): the report's
    # row is told through this (the writer also adds it to `problems`)
    on_problem: Callable[[str], None] | None = field(default=None, repr=False, compare=False)

    def add_problem(self, problem: str) -> None:
        self.problems.append(problem)
        if self.on_problem is not None:
            self.on_problem(problem)


BATCH = 32  # first submissions stored per transaction (at most)


@dataclass
class _Pending:
    """A first submission's rows, waiting for its batch's transaction."""

    student: str
    new_student: bool
    rows: list[tuple[Any, list[dict[str, Any]]]]  # (table, rows), in insertion order
    recorded: Recorded


@dataclass(frozen=True)
class _NotebookRows:
    """One released notebook's cells in the gradebook, by cell name."""

    id: str
    grades: dict[str, str]  # grade and task cells: a Grade each
    comments: dict[str, str]  # solution and task cells: a Comment each


@dataclass(frozen=True)
class _Layout:
    """What a new submission mirrors (nbgrader's `add_submission`), read once per run."""

    assignment_id: str
    duedate: Any
    notebooks: dict[str, _NotebookRows]
    submitted: set[str]  # students who already have a submission of it


class GradebookWriter:
    """One open nbgrader Gradebook; `write` stores one student's grades in one transaction."""

    def __init__(self, course: Course, assignment: Assignment, late: LatePenalties) -> None:
        self.gb = course.gradebook()
        self.assignment = assignment
        self.late = late
        self.students = {student.id for student in self.gb.students}
        self.layout = _layout(self.gb, assignment.name)
        self.pending: list[_Pending] = []  # first submissions not committed yet

    def __enter__(self) -> GradebookWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.flush()
        finally:
            self.gb.close()

    def write(self, sub: Submission, scores: dict[str, list[CellScore]]) -> Recorded:
        """Store grades, comments and late penalties; never raise (problems are returned,
        or, for a first submission whose batch fails later, added to the Recorded then)."""
        out = Recorded()
        if any(p.student == sub.student for p in self.pending):
            self.flush()  # written twice in one run: the second is a regrade of the first
        with warnings.catch_warnings():  # nbgrader's own SQLAlchemy warnings, as in stock
            warnings.simplefilter("ignore")
            try:
                pending = self._insert_new(sub, scores, out)
                if pending is not None:
                    self.pending.append(pending)
                    self._submitted(pending.student)
                    if len(self.pending) >= BATCH:
                        self.flush()
                    return out
                self.flush()  # what came before is stored before nbgrader's API runs
                self._write(sub, scores, out)
                self.gb.db.commit()
            except Exception as exc:
                self.gb.db.rollback()
                out = Recorded(problems=[_gradebook_problem(exc)])
            else:
                self._submitted(sub.student)
        return out

    def flush(self) -> None:
        """Commit the pending first submissions in one transaction; if it fails, each
        again in a transaction of its own, and a row that still fails is a problem of its
        Recorded (and no longer counts as submitted)."""
        batch, self.pending = self.pending, []
        if not batch:
            return
        db = self.gb.db
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                self._execute(batch)
                db.commit()
                return
            except Exception:
                db.rollback()
            for item in batch:  # one at a time: only what cannot be written is missing
                try:
                    self._execute([item])
                    db.commit()
                except Exception as exc:
                    db.rollback()
                    if self.layout is not None:
                        self.layout.submitted.discard(item.student)
                    if item.new_student:
                        self.students.discard(item.student)
                    item.recorded.add_problem(_gradebook_problem(exc))

    def _execute(self, batch: list[_Pending]) -> None:
        """Every row of `batch`, one statement per table (in nbgrader's insertion order)."""
        from sqlalchemy import insert

        tables: dict[Any, list[dict[str, Any]]] = {}
        for item in batch:
            if item.new_student and self.gb.authenticator:
                self.gb.authenticator.add_student_to_course(item.student, self.gb.course_id)
            for table, rows in item.rows:
                tables.setdefault(table, []).extend(rows)
        for table, rows in tables.items():
            if rows:
                self.gb.db.execute(insert(table.__table__), rows)

    def _submitted(self, student: str) -> None:
        if self.layout is not None:
            self.layout.submitted.add(student)
        self.students.add(student)

    def _insert_new(self, sub: Submission, scores: dict[str, list[CellScore]],
                    out: Recorded) -> _Pending | None:
        """A first submission on time: its rows, already scored, to be inserted in bulk
        with its batch's, one statement per table (nbgrader's ORM path costs a query and a
        flush per object and three commits); None for anything else (a regrade, a late
        submission: `_write`). Nothing is executed here, so a problem found while the rows
        are made (MissingEntry) leaves nothing behind."""
        from nbgrader.api import (
            Comment,
            Grade,
            MissingEntry,
            Student,
            SubmittedAssignment,
            SubmittedNotebook,
            new_uuid,
        )

        layout = self.layout
        if layout is None or sub.student in layout.submitted:
            return None
        problems: list[str] = []
        timestamp = _parsed_timestamp(sub.timestamp, problems)
        if timestamp is not None and layout.duedate is not None and timestamp > layout.duedate:
            return None  # late: the penalty plugin works on the ORM rows
        unknown = sorted(set(sub.notebooks) - set(layout.notebooks))
        if unknown:
            raise MissingEntry(f"no notebook {unknown[0]} in the gradebook")
        submission_id = new_uuid()
        new_student = sub.student not in self.students
        students = [{"id": sub.student}] if new_student else []
        submitted = [{"id": submission_id, "assignment_id": layout.assignment_id,
                      "student_id": sub.student, "timestamp": timestamp, "extension": None}]
        notebooks, grades, comments = [], [], []
        for name, rows in layout.notebooks.items():
            notebook_id = new_uuid()
            notebooks.append({"id": notebook_id, "assignment_id": submission_id,
                              "notebook_id": rows.id, "flagged": False,
                              "late_submission_penalty": None})
            values = _new_grades(sub.notebooks.get(name), scores.get(name, []), rows)
            grades += [{"id": new_uuid(), "notebook_id": notebook_id, "cell_id": cell_id,
                        "auto_score": values[cell][0], "manual_score": None,
                        "extra_credit": None, "needs_manual_grade": values[cell][1]}
                       for cell, cell_id in rows.grades.items()]
            said = _no_response(sub.notebooks.get(name))
            comments += [{"id": new_uuid(), "notebook_id": notebook_id, "cell_id": cell_id,
                          "auto_comment": said.get(cell), "manual_comment": None}
                         for cell, cell_id in rows.comments.items()]
        out.problems += problems
        out.penalties = {name: None for name in sub.notebooks}  # on time: no penalty
        return _Pending(sub.student, new_student, [
            (Student, students), (SubmittedAssignment, submitted),
            (SubmittedNotebook, notebooks), (Grade, grades), (Comment, comments)], out)

    def _write(self, sub: Submission, scores: dict[str, list[CellScore]],
               out: Recorded) -> None:
        gb = self.gb
        if sub.student not in self.students:
            gb.update_or_create_student(sub.student)
            self.students.add(sub.student)
        submission = self._submission(sub, out)
        seconds_late = submission.total_seconds_late
        rows, grades, comments = _rows_of(gb, submission)
        for notebook_name, notebook in sub.notebooks.items():
            row = rows[notebook_name]
            cells = grades[row.id]
            graded = {cell: grade.manual_score is not None for cell, grade in cells.items()}
            for cell, (auto, needs) in _auto_grades(notebook, scores.get(notebook_name, []),
                                                    graded).items():
                cells[cell].auto_score, cells[cell].needs_manual_grade = auto, needs
            if notebook.file:
                _comment(notebook, comments[row.id])
        if seconds_late > 0:
            gb.db.flush()
        for notebook_name in sub.notebooks:
            row = rows[notebook_name]
            if seconds_late > 0:
                gb.db.expire(row)  # its score is computed by the database from the grades
            try:
                penalty = self.late.apply(submission, row, seconds_late)
            except Exception as exc:  # the teacher's plugin failed: keep the scores, say so
                row.late_submission_penalty, penalty = None, None
                out.problems.append(f"late penalty not applied: {self.late.describe()} "
                                    f"raised {exc!r}")
            out.penalties[notebook_name] = penalty
            out.late_penalty += penalty or 0.0
        out.seconds_late = seconds_late

    def _submission(self, sub: Submission, out: Recorded) -> Any:
        """The student's SubmittedAssignment, with the timestamp.txt time when readable."""
        from nbgrader.api import InvalidEntry

        gb, assignment = self.gb, self.assignment.name
        if sub.timestamp:
            try:
                return gb.update_or_create_submission(assignment, sub.student,
                                                      timestamp=sub.timestamp)
            except (InvalidEntry, ValueError, OverflowError):
                gb.db.rollback()
                gb.update_or_create_student(sub.student)
                out.problems.append(f"unreadable timestamp {sub.timestamp!r} ignored")
        return gb.update_or_create_submission(assignment, sub.student)


def _rows_of(gb: Any, submission: Any) -> tuple[dict[str, Any], dict[str, dict[str, Any]],
                                                dict[str, dict[str, Any]]]:
    """A submission's notebooks by name, and their grades and comments by cell name, in
    three queries (nbgrader's own accessors cost a query per notebook and per cell)."""
    from nbgrader.api import Comment, Grade, SubmittedNotebook
    from sqlalchemy.orm import joinedload

    rows = gb.db.query(SubmittedNotebook).options(joinedload(SubmittedNotebook.notebook)) \
        .filter(SubmittedNotebook.assignment_id == submission.id).all()
    ids = [row.id for row in rows]
    grades: dict[str, dict[str, Any]] = {i: {} for i in ids}
    comments: dict[str, dict[str, Any]] = {i: {} for i in ids}
    for grade in gb.db.query(Grade).options(joinedload(Grade.cell)).filter(
            Grade.notebook_id.in_(ids)):
        grades[grade.notebook_id][grade.cell.name] = grade
    for comment in gb.db.query(Comment).options(joinedload(Comment.cell)).filter(
            Comment.notebook_id.in_(ids)):
        comments[comment.notebook_id][comment.cell.name] = comment
    return {row.notebook.name: row for row in rows}, grades, comments


def _comment(notebook: SubmittedNotebook, comments: dict[str, Any]) -> None:
    """'No response.' on answers left as released (stock's SaveAutoGrades._add_comment)."""
    for gid, said in _no_response(notebook).items():
        if gid in comments:
            comments[gid].auto_comment = said


def _no_response(notebook: SubmittedNotebook | None) -> dict[str, str | None]:
    """Each answer and task cell's automatic comment: "No response." if left as released."""
    import nbformat
    from nbgrader.utils import compute_checksum, is_solution, is_task

    said: dict[str, str | None] = {}
    if notebook is None or not notebook.file:
        return said
    for cell in notebook.cells:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        gid = meta.get("grade_id")
        if gid is None:
            continue
        node = nbformat.from_dict(cell)
        if not (is_solution(node) or is_task(node)):
            continue
        unchanged = meta.get("checksum") == compute_checksum(node) and not is_task(node)
        said[gid] = "No response." if unchanged else None
    return said


def _new_grades(notebook: SubmittedNotebook | None, scores: list[CellScore],
                rows: _NotebookRows) -> dict[str, tuple[float | None, bool]]:
    """(auto_score, needs_manual_grade) per cell of a new submission: nbgrader's fresh
    rows (None and True) with this run's grades on them, nothing graded by hand yet."""
    values: dict[str, tuple[float | None, bool]] = {cell: (None, True) for cell in rows.grades}
    if notebook is not None:
        values.update(_auto_grades(notebook, scores, dict.fromkeys(rows.grades, False)))
    return values


def _auto_grades(notebook: SubmittedNotebook, scores: list[CellScore],
                 graded: dict[str, bool]) -> dict[str, tuple[float | None, bool]]:
    """The (auto_score, needs_manual_grade) this run sets, by cell; `graded` says which of
    the notebook's grade cells a person has scored already (stock's SaveAutoGrades)."""
    from nbgrader.api import MissingEntry

    if not notebook.file:  # no notebook at all: 0 everywhere, nothing left to grade by hand
        return {cell: (0.0, False) for cell in graded}
    values = {}
    for score in scores:
        if score.grade_id not in graded:
            raise MissingEntry(f"no grade cell {score.grade_id} in the gradebook")
        if score.kind != Graded.TASK:  # stock leaves tasks to a person entirely
            values[score.grade_id] = (score.score, graded[score.grade_id] or score.score is None)
    return values


def _layout(gb: Any, assignment: str) -> _Layout | None:
    """The released assignment's notebooks and cells, and who has submitted it; None when
    it is not in the gradebook (every write then reports that, through `_write`)."""
    from nbgrader.api import MissingEntry, SubmittedAssignment

    try:
        found = gb.find_assignment(assignment)
    except MissingEntry:
        return None
    notebooks = {}
    for notebook in found.notebooks:
        grades = {cell.name: cell.id for cell in notebook.grade_cells}
        grades.update({cell.name: cell.id for cell in notebook.task_cells})
        comments = {cell.name: cell.id for cell in notebook.solution_cells}
        comments.update({cell.name: cell.id for cell in notebook.task_cells})
        notebooks[notebook.name] = _NotebookRows(notebook.id, grades, comments)
    submitted = {student for (student,) in gb.db.query(SubmittedAssignment.student_id)
                 .filter(SubmittedAssignment.assignment_id == found.id)}
    return _Layout(found.id, found.duedate, notebooks, submitted)


def _parsed_timestamp(text: str | None, problems: list[str]) -> Any:
    """timestamp.txt as nbgrader stores it (naive UTC); None, and a problem, if unreadable."""
    from nbgrader.utils import parse_utc

    if not text:
        return None
    try:
        return parse_utc(text)
    except (ValueError, OverflowError):
        problems.append(f"unreadable timestamp {text!r} ignored")
        return None


def _gradebook_problem(exc: Exception) -> str:
    from nbgrader.api import InvalidEntry, MissingEntry

    if isinstance(exc, MissingEntry | InvalidEntry):
        return f"gradebook: {exc} (release the assignment again?)"
    return f"gradebook: could not write this row ({exc!r})"  # e.g. the database is locked
