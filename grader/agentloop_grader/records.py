"""Writing results where nbgrader expects them: the gradebook and the autograded notebook.

Both are written only by the grading parent, one student at a time (a single writer),
so concurrent sandbox runs can never lose or corrupt a row.
"""

from __future__ import annotations

import copy
import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .course import Course
from .judging import CellScore
from .late import LatePenalties
from .notebooks import Spec, Submission, source_text

OUTPUT_TEXT_CAP = 10_000
NO_ANSWER = "# (no answer cell with this id was submitted)"


@dataclass
class Recorded:
    """What writing one student's row found."""

    problems: list[str] = field(default_factory=list)
    seconds_late: float = 0.0
    late_penalty: float | None = None  # as stored in SubmittedNotebook.late_submission_penalty


class GradebookWriter:
    """One open nbgrader Gradebook; `write` stores one student's scores in one transaction."""

    def __init__(self, course: Course, spec: Spec, released: dict[str, str],
                 late: LatePenalties) -> None:
        self.gb = course.gradebook()
        self.spec = spec
        self.released = released  # answer grade_id -> the blank student version's source
        self.late = late

    def __enter__(self) -> GradebookWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.gb.close()

    def write(self, sub: Submission, scores: list[CellScore]) -> Recorded:
        """Store scores, "No response." comments and the late penalty; never raise."""
        out = Recorded()
        with warnings.catch_warnings():  # nbgrader's own SQLAlchemy warnings, as in stock
            warnings.simplefilter("ignore")
            try:
                self._write(sub, scores, out)
                self.gb.db.commit()
            except Exception as exc:
                self.gb.db.rollback()
                out.seconds_late, out.late_penalty = 0.0, None
                out.problems.append(_gradebook_problem(exc))
        return out

    def _write(self, sub: Submission, scores: list[CellScore], out: Recorded) -> None:
        from nbgrader.api import MissingEntry

        spec, gb = self.spec, self.gb
        gb.update_or_create_student(sub.student)
        submission = self._submission(sub, out)
        notebook = gb.find_submission_notebook(spec.notebook, spec.assignment, sub.student)
        grades = {grade.name: grade for grade in notebook.grades}
        comments = {comment.name: comment for comment in notebook.comments}
        for score in scores:
            if score.grade_id not in grades:
                raise MissingEntry(f"no grade cell {score.grade_id} in the gradebook")
            grade = grades[score.grade_id]
            grade.auto_score = score.score
            grade.needs_manual_grade = score.score is None or grade.manual_score is not None
        for grade_id in spec.answer_ids:
            if grade_id not in comments:
                continue
            answer = sub.answers.get(grade_id)
            unchanged = answer is None or answer.strip() == \
                self.released.get(grade_id, "").strip()
            comments[grade_id].auto_comment = "No response." if unchanged else None
        gb.db.flush()
        gb.db.expire(notebook)  # its score is computed by the database from the grades
        out.seconds_late = submission.total_seconds_late
        try:
            out.late_penalty = self.late.apply(submission, notebook)
        except Exception as exc:  # the teacher's plugin failed: keep the scores, say so
            notebook.late_submission_penalty = None
            out.problems.append(f"late penalty not applied: {self.late.describe()} "
                                f"raised {exc!r}")

    def _submission(self, sub: Submission, out: Recorded) -> Any:
        """The student's SubmittedAssignment, with the timestamp.txt time when readable."""
        from nbgrader.api import InvalidEntry

        gb, assignment = self.gb, self.spec.assignment
        if sub.timestamp:
            try:
                return gb.update_or_create_submission(assignment, sub.student,
                                                      timestamp=sub.timestamp)
            except (InvalidEntry, ValueError):
                gb.db.rollback()
                out.problems.append(f"unreadable timestamp {sub.timestamp!r} ignored")
        return gb.update_or_create_submission(assignment, sub.student)


def _gradebook_problem(exc: Exception) -> str:
    from nbgrader.api import InvalidEntry, MissingEntry

    if isinstance(exc, MissingEntry | InvalidEntry):
        return f"gradebook: {exc} (release the assignment again?)"
    return f"gradebook: could not write this row ({exc!r})"  # e.g. the database is locked


def released_answers(path: Path) -> dict[str, str]:
    """Answer cell sources of the blank student version, by grade_id."""
    if not path.is_file():
        return {}
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution") and meta.get("grade_id"):
            out[meta["grade_id"]] = source_text(cell)
    return out


def autograded_notebook(released: dict[str, Any], spec: Spec, sub: Submission,
                        run: dict[str, Any] | None, scores: list[CellScore]) -> dict[str, Any]:
    """The released notebook with the student's answers and one output per test cell.

    Built on the student version, so no solution or hidden test source can reach
    feedback; formgrader and `nbgrader generate_feedback` read it as usual.
    """
    nb = copy.deepcopy(released)
    by_id = {s.grade_id: s for s in scores}
    cells_run = (run or {}).get("cells", {})
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        grade_id = meta.get("grade_id")
        if cell.get("cell_type") != "code":
            continue
        cell["outputs"], cell["execution_count"] = [], None
        if grade_id in spec.answer_ids:
            cell["source"] = sub.answers.get(grade_id, NO_ANSWER)
            info = cells_run.get(grade_id) or {}
            if info.get("notes"):
                cell["outputs"].append(_stream("\n".join(info["notes"])))
            if info.get("error"):
                cell["outputs"].append(_error(str(info["error"])))
        elif grade_id in by_id:
            score = by_id[grade_id]
            if score.text:
                cell["outputs"].append(_stream(score.text))
            if score.score is not None and not score.passed:
                cell["outputs"].append(_error(score.reason))
    if sub.unreadable:
        nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "id": "grader-note",
                               "source": f"**Grader:** {sub.unreadable}."})
    return nb


def _cap(text: str) -> str:
    if len(text) <= OUTPUT_TEXT_CAP:
        return text
    return text[:OUTPUT_TEXT_CAP] + f"\n… ({len(text) - OUTPUT_TEXT_CAP} characters cut)"


def _stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": _cap(text) + "\n"}


def _error(reason: str) -> dict[str, Any]:
    reason = _cap(reason)
    return {"output_type": "error", "ename": "AssertionError", "evalue": reason,
            "traceback": [f"AssertionError: {reason}"]}


def write_notebook(nb: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".ipynb.tmp")
    tmp.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
