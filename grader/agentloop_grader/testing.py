"""Synthetic submissions for the grader's tests and benchmark (teacher-side helpers).

- `answers(nb)`: the answer cell sources of a notebook, by grade_id
- `with_answers(nb, {grade_id: source})`: a copy with those answer cells replaced
- `roundtrip(stem)`: the chapter author's WRONG / PARTIAL dicts from tests/chapters/roundtrip/
- `submit(course, assignment, student, content)`: place a submission (dict, bytes or None)
"""

from __future__ import annotations

import copy
import json
import runpy
from pathlib import Path
from typing import Any

from .course import REPO, Course
from .read.assignment import source_text

ROUNDTRIP = REPO / "tests" / "chapters" / "roundtrip"


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def answers(nb: dict[str, Any]) -> dict[str, str]:
    out = {}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("solution") and not meta.get("grade") and meta.get("grade_id"):
            out[meta["grade_id"]] = source_text(cell)
    return out


def with_answers(nb: dict[str, Any], replacements: dict[str, str]) -> dict[str, Any]:
    """A copy of `nb` whose answer cells (by grade_id) have the given sources."""
    out = copy.deepcopy(nb)
    for cell in out["cells"]:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if grade_id in replacements:
            cell["source"] = replacements[grade_id]
    return out


def test_cells(nb: dict[str, Any]) -> dict[str, float]:
    """Autograded test cells and their points, by grade_id."""
    out = {}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade") and not meta.get("solution") and cell.get("cell_type") == "code":
            out[meta["grade_id"]] = float(meta.get("points", 0))
    return out


def roundtrip(stem: str, folder: Path = ROUNDTRIP) -> tuple[dict[str, str], dict[str, bool]] | None:
    """WRONG (answer grade_id → source) and PARTIAL (test grade_id → passes) for a chapter."""
    path = folder / f"{stem}.py"
    if not path.is_file():
        return None
    data = runpy.run_path(str(path))
    return dict(data["WRONG"]), dict(data["PARTIAL"])


def cheats(stem: str, source_nb: dict[str, Any] | None = None,
           folder: Path = ROUNDTRIP) -> dict[str, tuple[dict[str, str], dict[str, bool]]]:
    """The chapter author's CHEATS: name → (answer cells replaced, test cell → passes).

    A cheat may also be given as its answer cells alone: then every test cell whose check
    answers a name one of those cells defines must earn nothing, and the others pass.
    """
    from agentloop.checks import get_check

    from .judge.checks import defines
    from .read.assignment import check_calls

    path = folder / f"{stem}.py"
    if not path.is_file():
        return {}
    data = runpy.run_path(str(path)).get("CHEATS", {})
    out = {}
    for name, value in data.items():
        if isinstance(value, tuple):
            out[name] = (dict(value[0]), dict(value[1]))
            continue
        assert source_nb is not None, "answer-only CHEATS need the source notebook"
        expected = {}
        for cell in source_nb["cells"]:
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if not (meta.get("grade") and not meta.get("solution")):
                continue
            names = {get_check(cid).answer for cid in check_calls(source_text(cell))}
            expected[meta["grade_id"]] = not any(defines(src, n) for src in value.values()
                                                 for n in names)
        out[name] = (dict(value), expected)
    return out


def submit(course: Course, assignment: str, student: str,
           content: dict[str, Any] | bytes | None,
           timestamp: str = "2026-11-30 01:00:00.000000 UTC", notebook: str | None = None) -> Path:
    """Write a submission in nbgrader's layout; None leaves the notebook missing.
    `notebook` defaults to the assignment's name (the chapters' one notebook)."""
    folder = course.path("submitted", student, assignment)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "timestamp.txt").write_text(timestamp + "\n", encoding="utf-8")
    path = folder / f"{notebook or assignment}.ipynb"
    if isinstance(content, dict):
        path.write_text(json.dumps(content), encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    return path


def gradebook_scores(course: Course, assignment: str) -> dict[str, dict[str, float | None]]:
    """{student: {test grade_id: auto_score}} straight from the gradebook."""
    out: dict[str, dict[str, float | None]] = {}
    with course.gradebook() as gb:
        for submission in gb.assignment_submissions(assignment):
            cells = out.setdefault(submission.student.id, {})
            for notebook in submission.notebooks:
                for grade in notebook.grades:
                    cells[grade.name] = grade.auto_score
    return out
