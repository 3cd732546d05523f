"""Write: the gradebook (one student at a time) and the autograded notebooks.

Both are written only by the grading process, one student at a time (a single writer),
so parallel sandboxes can never lose or corrupt a row. The rules are stock's
(`SaveAutoGrades`): each grade's `auto_score`; `needs_manual_grade` when there is no
automatic score or a person already graded it (manual scores and comments are never
touched, so they survive a regrade); "No response." on answers left as released; a missing
notebook scores 0 with nothing left to grade by hand; the late penalty as configured.

A student's first, on-time submission is inserted in bulk, already scored, in one
transaction (`_insert_new`: the same rows nbgrader's `add_submission` makes, and
tests/grader/test_records.py holds the two paths to identical rows); a regrade or a late
submission goes through nbgrader's API, whose late-penalty plugin works on its objects.

The autograded notebook is the student's own notebook, sanitized (test and locked cells
restored from the source, deleted cells put back): written and manually graded answers
are the student's, and every cell that ran shows its outputs, as formgrader expects. What
the grader noticed about the notebook (renamed, a test cell edited or restored) is in its
metadata (`agentloop_grader.problems`) and the run report, never a cell of its own: the cells are
the student's. The folder around it is stock's: the student's files, the assignment's over
them, what the notebooks wrote, timestamp.txt.
"""

from __future__ import annotations

import base64
import copy
import json
import re
import shutil
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .assignment import Assignment
from .course import Course
from .judging import CellScore
from .late import LatePenalties
from .protocol import Run
from .submission import TIMESTAMP, Submission, SubmittedNotebook

OUTPUT_TEXT_CAP = 10_000


@dataclass
class Recorded:
    """What writing one student's rows found, per notebook."""

    problems: list[str] = field(default_factory=list)
    seconds_late: float = 0.0
    late_penalty: float = 0.0  # summed over notebooks, as stored
    penalties: dict[str, float | None] = field(default_factory=dict)


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

    def __enter__(self) -> GradebookWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.gb.close()

    def write(self, sub: Submission, scores: dict[str, list[CellScore]]) -> Recorded:
        """Store grades, comments and late penalties; never raise (problems are returned)."""
        out = Recorded()
        with warnings.catch_warnings():  # nbgrader's own SQLAlchemy warnings, as in stock
            warnings.simplefilter("ignore")
            try:
                if not self._insert_new(sub, scores, out):
                    self._write(sub, scores, out)
                self.gb.db.commit()
            except Exception as exc:
                self.gb.db.rollback()
                out = Recorded(problems=[_gradebook_problem(exc)])
            else:
                if self.layout is not None:
                    self.layout.submitted.add(sub.student)
                self.students.add(sub.student)
        return out

    def _insert_new(self, sub: Submission, scores: dict[str, list[CellScore]],
                    out: Recorded) -> bool:
        """A first submission on time: its rows inserted in bulk, already scored, in one
        statement per table (nbgrader's ORM path costs a query and a flush per object and
        three commits). Anything else (a regrade, a late submission) takes `_write`."""
        from nbgrader.api import (
            Comment,
            Grade,
            MissingEntry,
            Student,
            SubmittedAssignment,
            SubmittedNotebook,
            new_uuid,
        )
        from sqlalchemy import insert

        layout = self.layout
        if layout is None or sub.student in layout.submitted:
            return False
        problems: list[str] = []
        timestamp = _parsed_timestamp(sub.timestamp, problems)
        if timestamp is not None and layout.duedate is not None and timestamp > layout.duedate:
            return False  # late: the penalty plugin works on the ORM rows
        unknown = sorted(set(sub.notebooks) - set(layout.notebooks))
        if unknown:
            raise MissingEntry(f"no notebook {unknown[0]} in the gradebook")
        db, submission_id = self.gb.db, new_uuid()
        if sub.student not in self.students:
            if self.gb.authenticator:
                self.gb.authenticator.add_student_to_course(sub.student, self.gb.course_id)
            db.execute(insert(Student.__table__), [{"id": sub.student}])
        db.execute(insert(SubmittedAssignment.__table__), [{
            "id": submission_id, "assignment_id": layout.assignment_id,
            "student_id": sub.student, "timestamp": timestamp, "extension": None}])
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
        for table, rows_ in ((SubmittedNotebook, notebooks), (Grade, grades),
                             (Comment, comments)):
            if rows_:
                db.execute(insert(table.__table__), rows_)
        out.problems += problems
        out.penalties = {name: None for name in sub.notebooks}  # on time: no penalty
        return True

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
        if score.kind != "task":  # stock leaves tasks to a person entirely
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


# --- the autograded notebook --------------------------------------------------------------

def autograded_notebook(notebook: SubmittedNotebook, run: Run | None,
                        scores: list[CellScore], nbformat_minor: int = 5) -> dict[str, Any]:
    """The sanitized student notebook with each cell's outputs and each check's report."""
    by_id = {s.grade_id: s for s in scores}
    cells = copy.deepcopy(notebook.cells)
    count = 0
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        ran = run.cells.get(gid or f"cell-{index}") if run else None
        if ran is None:
            continue
        count += 1
        cell["execution_count"] = count
        outputs = list(ran.result.outputs) if ran.result else []
        secret = hidden_lines(cell.get("source", ""))
        if secret:  # a traceback would quote the hidden tests to the student's feedback
            outputs = [_without(output, secret) for output in outputs]
        score = by_id.get(gid or "")
        if score is not None and score.text:
            outputs.append(_stream(score.text))
        if ran.excluded:
            outputs.append(_error("GraderError", ran.excluded))
        elif score is not None and score.kind == "check" and not score.passed:
            outputs.append(_error("AssertionError", score.reason))
        cell["outputs"] = outputs
    problems = notebook.problems + (run.problems if run else [])
    metadata = copy.deepcopy(notebook.metadata)
    if problems:  # for scripts and the curious; formgrader shows the student's cells only
        metadata["agentloop_grader"] = {"problems": list(problems)}
    for number, cell in enumerate(cells):
        cell.setdefault("id", f"cell-{number}")
    return {"cells": cells, "metadata": metadata, "nbformat": 4,
            "nbformat_minor": nbformat_minor}


HIDDEN_BEGIN, HIDDEN_END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
HIDDEN_MARK = "… (a hidden test)"


def hidden_lines(source: str) -> list[str]:
    """The lines of a cell's hidden-test regions (those worth matching)."""
    lines, inside = [], False
    for line in source.splitlines():
        if HIDDEN_BEGIN in line:
            inside = True
        elif HIDDEN_END in line:
            inside = False
        elif inside and len(line.strip()) > 3:
            lines.append(line.strip())
    return [*lines, HIDDEN_BEGIN, HIDDEN_END] if lines else []


def _scrub(text: str, secret: list[str]) -> str:
    return "\n".join(HIDDEN_MARK if any(s in ANSI.sub("", line) for s in secret) else line
                     for line in text.split("\n"))


def _without(output: dict[str, Any], secret: list[str]) -> dict[str, Any]:
    """An output with every line that quotes a hidden test replaced by a mark."""
    output = copy.deepcopy(output)
    if output.get("output_type") == "error":
        output["evalue"] = _scrub(str(output.get("evalue", "")), secret)
        output["traceback"] = [_scrub(str(line), secret) for line in output.get("traceback", [])]
    elif output.get("output_type") == "stream":
        text = output.get("text", "")
        output["text"] = _scrub("".join(text) if isinstance(text, list) else str(text), secret)
    else:
        data = output.get("data", {})
        for mime in ("text/plain", "text/html", "text/markdown"):
            if isinstance(data.get(mime), str):
                data[mime] = _scrub(data[mime], secret)
    return output


def unreadable_notebook(released: Path, reason: str) -> dict[str, Any] | None:
    """For a notebook that could not be read: the student version with the reason on top,
    so formgrader has something to open."""
    if not released.is_file():
        return None
    nb = json.loads(released.read_text(encoding="utf-8"))
    nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "id": "grader-note",
                           "source": f"**Grader:** {reason}."})
    return nb


def _cap(text: str) -> str:
    if len(text) <= OUTPUT_TEXT_CAP:
        return text
    return text[:OUTPUT_TEXT_CAP] + f"\n… ({len(text) - OUTPUT_TEXT_CAP} characters cut)"


def _stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": _cap(text) + "\n"}


def _error(name: str, reason: str) -> dict[str, Any]:
    reason = _cap(reason)
    return {"output_type": "error", "ename": name, "evalue": reason,
            "traceback": [f"{name}: {reason}"]}


def write_notebook(nb: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".ipynb.tmp")
    tmp.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def exclude_overwriting(config: Any, assignment: str) -> tuple[str, ...]:
    """The files of `assignment` a student's own copy of stays (nbgrader's
    Autograde.exclude_overwriting: {assignment: [relative paths]})."""
    from .config import setting

    table = setting(config, "Autograde", "exclude_overwriting", {}) or {}
    names = table.get(assignment, []) if isinstance(table, dict) else []
    return tuple(sorted({Path(str(n)).as_posix() for n in names if str(n).strip()}))


def write_folder(folder: Path, sub: Submission, assignment: Assignment,
                 runs: dict[str, Run], kept: tuple[str, ...] = ()) -> None:
    """A student's autograded folder without its notebooks, as stock leaves it: emptied
    (stock's --force), the student's files, the assignment's over them (but those in
    `kept`), then what each notebook wrote, in the order stock runs them."""
    if folder.is_dir():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    own = {f.path for f in sub.files}
    for item in sub.files:
        _write_bytes(folder, item.path, base64.b64decode(item.data_b64))
    for path in assignment.files:
        rel = path.relative_to(assignment.folder).as_posix()
        if rel in kept and rel in own:
            continue
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            target.unlink()
        shutil.copyfile(path, target)
    for name in sorted(runs):
        for item in runs[name].written:
            _write_bytes(folder, item.path, base64.b64decode(item.data_b64))


def _write_bytes(folder: Path, rel: str, data: bytes) -> None:
    target = folder / rel
    if not target.resolve().is_relative_to(folder.resolve()):
        return  # a path that leaves the folder (only a forged run could hold one)
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink() or target.is_file():
        target.unlink()
    target.write_bytes(data)


def copy_timestamp(submitted: Path, autograded: Path) -> None:
    """nbgrader's feedback reads the submission time from autograded/…/timestamp.txt."""
    source = submitted / TIMESTAMP
    if source.is_file():
        autograded.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, autograded / TIMESTAMP)
