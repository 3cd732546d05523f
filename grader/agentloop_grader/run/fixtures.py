"""Run: the probes' fixtures (chapter 5's task boards), written once per run, read-only.

A check whose probe writes files for each case (Check.stage: a board of card files) has its
inputs staged here instead: each distinct fixture is written once, by the grader, in a
folder every sandbox may read and none may write (as the assignment's files: run/setup.py),
and the probe inputs the jobs get name it by its path. What a student's code does to a
fixture cannot reach another case or another student, and a job no longer writes and
removes some 150 boards, nor carries them in its RunJob.

Only the inputs sent to the sandbox change: the grader judges every case on the case as
drawn (judge/cases.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

FIXTURES = "fixtures"  # the folder of a run's fixtures, next to its staged files


class Fixtures:
    """Fixtures of one run, in numbered folders of `root` (which run/setup.py made, readable
    by every sandbox)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.made: dict[str, str] = {}  # key → where the fixture is

    def put(self, key: str, write: Callable[[Path], Path]) -> str:
        """Where the fixture `key` is: written by `write(folder)` the first time."""
        found = self.made.get(key)
        if found is None:
            folder = self.root / str(len(self.made))
            folder.mkdir()
            where = write(folder)
            _readable(folder)
            found = self.made[key] = str(where)
        return found


def _readable(folder: Path) -> None:
    """Readable by every sandbox; writable by none (the sandbox's own layers refuse a
    write outside the job's folder, and the files are not the sandbox user's)."""
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            os.chmod(path, 0o755 if path.is_dir() else 0o444)
