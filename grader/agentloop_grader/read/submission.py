"""Read: a student's submission folder → each notebook of the assignment, as handed in.

A submission is `submitted/<student>/<assignment>/`: notebooks, a timestamp.txt and any
other files the student handed in. For each notebook of the assignment this stage finds
the student's file — by name, else the notebook with the most of its grade ids (a renamed
copy such as `part1-Copy1.ipynb`) — and reads it, within size caps. The cells are as the
student left them; `sanitise` makes them gradable. What it found is said in `problems`,
one line each; nothing here raises for a student.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..protocol import SubmittedFile
from .assignment import Assignment, nbgrader_meta

MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
MAX_EXTRA_FILES = 50
MAX_EXTRA_BYTES = 10 * 1024 * 1024
TIMESTAMP = "timestamp.txt"


@dataclass
class SubmittedNotebook:
    """One notebook of one student: as read, then as `sanitise` makes it, ready to run."""

    name: str
    file: str = ""  # the student's file name ("" when none was found)
    cells: list[Any] = field(default_factory=list)  # nbformat cells (sanitised: dicts)
    metadata: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unreadable: str = ""  # why nothing of this notebook can be graded

    def runnable(self) -> bool:
        return not self.unreadable


@dataclass
class Submission:
    student: str
    assignment: str
    notebooks: dict[str, SubmittedNotebook]
    timestamp: str | None = None
    files: tuple[SubmittedFile, ...] = ()
    problems: list[str] = field(default_factory=list)  # about the submission as a whole


def read_submission(folder: Path, student: str, assignment: Assignment) -> Submission:
    """Everything the grader takes from a student's folder (see the module docstring)."""
    sub = Submission(student, assignment.name, {}, read_timestamp(folder / TIMESTAMP))
    files = _notebook_files(folder)
    matched = match_notebooks(files, assignment)
    used = {path for path in matched.values() if path is not None}
    for path in files:
        if path not in used:
            sub.problems.append(f"{path.name} is not a notebook of {assignment.name}; ignored")
    for name in assignment.notebooks:
        path = matched.get(name)
        if path is None:
            sub.notebooks[name] = SubmittedNotebook(name, unreadable=(
                f"no {name}.ipynb submitted" if folder.is_dir() else "nothing submitted"))
            continue
        notebook = read_notebook(path, name)
        if path.stem != name:
            notebook.problems.append(f"{path.name} graded as {name}.ipynb "
                                     "(matched by its grade ids)")
        sub.notebooks[name] = notebook
    sub.files, skipped = extra_files(folder)
    sub.problems += skipped
    return sub


def _notebook_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.ipynb") if p.is_file() and not p.is_symlink())


def match_notebooks(files: list[Path], assignment: Assignment) -> dict[str, Path | None]:
    """Source notebook name → the student's file: same name first, then by grade ids (the
    file sharing the most grade ids with exactly one unmatched notebook)."""
    out: dict[str, Path | None] = {name: None for name in assignment.notebooks}
    rest = []
    for path in files:
        if path.stem in out and out[path.stem] is None:
            out[path.stem] = path
        else:
            rest.append(path)
    for path in rest:
        ids = _grade_ids(path)
        scores = {name: len(ids & spec.grade_ids) for name, spec in assignment.notebooks.items()
                  if out[name] is None}
        best = max(scores.values(), default=0)
        winners = [name for name, score in scores.items() if score == best]
        if best > 0 and len(winners) == 1:
            out[winners[0]] = path
    return out


def _grade_ids(path: Path) -> set[str]:
    try:
        nb = load_notebook(path)
    except ValueError:
        return set()
    return {gid for cell in nb["cells"] if isinstance(cell, dict)
            and isinstance(gid := nbgrader_meta(cell).get("grade_id"), str)}


def load_notebook(path: Path) -> dict[str, Any]:
    """A notebook file's JSON, within MAX_NOTEBOOK_BYTES; ValueError says why not."""
    size = path.stat().st_size
    if size == 0:
        raise ValueError("the notebook is empty")
    if size > MAX_NOTEBOOK_BYTES:
        raise ValueError(f"the notebook is larger than {MAX_NOTEBOOK_BYTES // 2**20} MB")
    try:
        nb = json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise ValueError(f"{path.name} is not a readable notebook "
                         f"({type(exc).__name__})") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ValueError(f"{path.name} is not a readable notebook (no list of cells)")
    return nb


def read_notebook(path: Path, name: str) -> SubmittedNotebook:
    """The student's file `path` as the assignment's notebook `name`, cells as handed in
    (or `unreadable`, saying why)."""
    notebook = SubmittedNotebook(name, path.name)
    try:
        nb = load_notebook(path)
    except ValueError as exc:
        notebook.unreadable = str(exc)
        return notebook
    notebook.metadata = nb["metadata"] if isinstance(nb.get("metadata"), dict) else {}
    notebook.cells = nb["cells"]
    return notebook


def extra_files(folder: Path) -> tuple[tuple[SubmittedFile, ...], list[str]]:
    """Other files the student handed in (their own helper module, say), capped."""
    if not folder.is_dir():
        return (), []
    out, skipped, total = [], [], 0
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_dir() or rel.name == TIMESTAMP or path.suffix == ".ipynb" \
                or any(part.startswith(".") for part in rel.parts):
            continue
        if path.is_symlink():
            skipped.append(f"{rel}: symbolic link not used")
            continue
        size = path.stat().st_size
        if len(out) >= MAX_EXTRA_FILES or total + size > MAX_EXTRA_BYTES:
            skipped.append(f"{rel}: not used (more than {MAX_EXTRA_FILES} files or "
                           f"{MAX_EXTRA_BYTES // 2**20} MB submitted)")
            continue
        total += size
        out.append(SubmittedFile(rel.as_posix(), base64.b64encode(path.read_bytes()).decode()))
    return tuple(out), skipped


def read_timestamp(path: Path) -> str | None:
    """What timestamp.txt says, stripped, at most 64 characters (None: unreadable, empty)."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text[:64] or None
