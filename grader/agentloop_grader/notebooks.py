"""Reading notebooks: the assignment's grading spec (trusted) and a submission's answers.

Only the SOURCE notebook says what is graded. From a submission the grader takes nothing
but the sources of the cells whose grade_id is one of the source's answer cells; its test
cells, metadata and outputs are ignored.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
HIDDEN_CALL = re.compile(r"hidden\s*=\s*True")


@dataclass(frozen=True)
class TestCell:
    """An autograded test cell of the source notebook."""

    grade_id: str
    points: float
    source: str
    hidden: bool  # the cell also runs the generated (hidden) cases


@dataclass(frozen=True)
class Spec:
    """What the source notebook grades, in notebook order."""

    assignment: str
    notebook: str
    answer_ids: tuple[str, ...]
    tests: tuple[TestCell, ...]
    manual_ids: tuple[str, ...] = ()  # written answers / tasks: left to the teacher
    cells: tuple[dict[str, Any], ...] = field(default=(), repr=False)  # the whole notebook

    @property
    def max_score(self) -> float:
        return sum(t.points for t in self.tests)


def _nbgrader(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata")
    data = meta.get("nbgrader") if isinstance(meta, dict) else None
    return data if isinstance(data, dict) else {}


def source_text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    if isinstance(source, list):
        return "".join(s for s in source if isinstance(s, str))
    return source if isinstance(source, str) else ""


def load_spec(path: Path, assignment: str) -> Spec:
    """Read the instructor notebook and list its answer cells and autograded test cells."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    answers, tests, manual = [], [], []
    for cell in nb["cells"]:
        meta = _nbgrader(cell)
        grade_id = meta.get("grade_id")
        if not grade_id:
            continue
        if cell.get("cell_type") != "code" or meta.get("task"):
            if meta.get("grade") or meta.get("task"):
                manual.append(grade_id)
            continue
        if meta.get("solution") and meta.get("grade"):
            manual.append(grade_id)  # a code answer graded by hand
        elif meta.get("solution"):
            answers.append(grade_id)
        elif meta.get("grade"):
            text = source_text(cell)
            tests.append(TestCell(grade_id, float(meta.get("points", 0)), text,
                                  bool(HIDDEN_CALL.search(text))))
    return Spec(assignment, path.stem, tuple(answers), tuple(tests), tuple(manual),
                tuple(nb["cells"]))


@dataclass
class Submission:
    """A student's answer cell sources, or the reason there are none."""

    student: str
    answers: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unreadable: str = ""  # the whole notebook could not be used
    timestamp: str | None = None


def read_submission(path: Path, student: str, spec: Spec) -> Submission:
    """Take the answer cells (by the source's grade_ids) out of a submitted notebook."""
    sub = Submission(student, timestamp=_timestamp(path.parent / "timestamp.txt"))
    if not path.is_file():
        sub.unreadable = f"no notebook submitted ({path.name} missing)"
        return sub
    if path.stat().st_size > MAX_NOTEBOOK_BYTES:
        sub.unreadable = f"the notebook is larger than {MAX_NOTEBOOK_BYTES // 2**20} MB"
        return sub
    try:
        nb = json.loads(path.read_bytes().decode("utf-8"))
        cells = nb["cells"]
        if not isinstance(cells, list):
            raise TypeError("cells is not a list")
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        sub.unreadable = ("the notebook is empty" if path.stat().st_size == 0
                          else f"the file is not a readable notebook ({type(exc).__name__})")
        return sub
    wanted = set(spec.answer_ids)
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        grade_id = _nbgrader(cell).get("grade_id")
        if grade_id in wanted:
            if grade_id in sub.answers:
                sub.problems.append(f"answer cell {grade_id} appears twice; the first is graded")
                continue
            sub.answers[grade_id] = source_text(cell)
    for grade_id in spec.answer_ids:
        if grade_id not in sub.answers:
            sub.problems.append(f"answer cell {grade_id} is missing from the notebook")
    return sub


def _timestamp(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text[:64] or None
