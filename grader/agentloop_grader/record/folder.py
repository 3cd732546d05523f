"""Record: a student's autograded/<student>/<assignment>/ folder as stock leaves it — the
student's files, the assignment's over them (but those Autograde.exclude_overwriting
keeps), what the notebooks wrote, the autograded notebooks and timestamp.txt.
"""

from __future__ import annotations

import base64
import shutil
from pathlib import Path
from typing import Any

from ..course import Course
from ..judge.scores import CellScore
from ..protocol import Run
from ..read.assignment import Assignment
from ..read.submission import TIMESTAMP, Submission
from .notebook import autograded_notebook, unreadable_notebook, write_notebook


def write_autograded(course: Course, assignment: Assignment, sub: Submission,
                     runs: dict[str, Run], scores: dict[str, list[CellScore]],
                     kept: tuple[str, ...] = ()) -> Path:
    """The student's whole autograded folder, as stock leaves it (see the module
    docstring); `kept` are the files Autograde.exclude_overwriting keeps."""
    folder = course.path("autograded", sub.student, assignment.name)
    released = course.path("release", assignment=assignment.name)
    write_folder(folder, sub, assignment, runs, kept)
    for name, notebook in sub.notebooks.items():
        if notebook.runnable():
            nb = autograded_notebook(notebook, runs.get(name), scores[name])
        elif notebook.file:
            nb = unreadable_notebook(released / f"{name}.ipynb", notebook.unreadable)
        else:
            nb = None  # nothing submitted: nothing to show, as stock
        if nb is not None:
            write_notebook(nb, folder / f"{name}.ipynb")
    copy_timestamp(course.path("submitted", sub.student, assignment.name), folder)
    return folder


def exclude_overwriting(config: Any, assignment: str) -> tuple[str, ...]:
    """The files of `assignment` a student's own copy of stays (nbgrader's
    Autograde.exclude_overwriting: {assignment: [relative paths]})."""
    from ..config import setting

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
