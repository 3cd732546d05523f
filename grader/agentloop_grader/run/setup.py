"""Run: what every worker of a run gets before any job (protocol.Setup): the assignment's
files staged read-only (and a folder for the probes' fixtures: run/fixtures.py), one work
root per worker (its isolation.View), the notebooks' imports to load once, and stock's
environment.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path
from typing import Any

from agentloop.checks import VISIBLE_FILE

from ..protocol import Setup
from ..read.assignment import Assignment
from .fixtures import FIXTURES

BASE_PRELOAD = ("agentloop", "agentloop.checks")
# What stock's autograde adds to the environment its kernels see (nbgrader's
# converters/autograde.py); a notebook may test it to behave differently while graded.
STOCK_ENVIRONMENT = {"NBGRADER_EXECUTION": "autograde"}


def stage_files(assignment: Assignment, released: Path, folder: Path) -> list[str]:
    """Copy the assignment's files (and the released visible_checks.json) into `folder`,
    readable by every sandbox and writable by none; returns them, relative and sorted."""
    folder.mkdir()
    for path in assignment.files:
        target = folder / path.relative_to(assignment.folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    visible = released / VISIBLE_FILE
    if visible.is_file():
        shutil.copyfile(visible, folder / VISIBLE_FILE)
    for path in [folder, *folder.rglob("*")]:
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def worker_setup(assignment: Assignment, released: Path, tmp: Path, choice: Any,
                 workers: int) -> tuple[Setup, list[Any]]:
    """Stage the files in `tmp` and make one work root (a View) per worker: the Setup the
    workers share, and the views, one each."""
    from ..isolation import View

    os.chmod(tmp, 0o711)
    files = tmp / "files"
    staged = stage_files(assignment, released, files)
    fixtures = tmp / FIXTURES  # filled once the cases are drawn (run/fixtures.py)
    fixtures.mkdir()
    os.chmod(fixtures, 0o755)
    views = []
    for number in range(max(1, workers)):
        root = tmp / f"worker{number}"
        root.mkdir()
        os.chmod(root, 0o711)
        views.append(View.for_this_python(str(root), extra_readable=(str(files), str(fixtures)),
                                          without_modules=assignment.answered_by))
    setup = Setup(preload(assignment), tuple(sorted(assignment.check_modules)), str(files),
                  choice.to_plain(), views[0].to_plain(), tuple(staged),
                  dict(STOCK_ENVIRONMENT))
    return setup, views


def preload(assignment: Assignment) -> tuple[str, ...]:
    """What a worker imports once: the course library, then the notebooks' imports that
    are installed here and are not the assignment's own helper modules (those live in
    each job's work dir)."""
    local = {p.stem for p in assignment.files if p.suffix == ".py"} | \
        {p.parts[0] for p in (f.relative_to(assignment.folder)
                              for f in assignment.files) if len(p.parts) > 1}
    found = set()
    for name in assignment.imports - local:
        try:
            if importlib.util.find_spec(name) is not None:
                found.add(name)
        except (ImportError, ValueError):
            continue
    return tuple(dict.fromkeys([*BASE_PRELOAD, *sorted(found)]))
