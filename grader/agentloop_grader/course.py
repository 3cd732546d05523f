"""Where a course's files live: nbgrader's directory layout, plus our reports.

    <course>/source/<assignment>/…            instructor versions, data, checks.py
    <course>/release/<assignment>/…           student versions (nbgrader's generate_assignment)
    <course>/submitted/<student>/<assignment>/…   collected submissions (+ timestamp.txt)
    <course>/autograded/<student>/<assignment>/…  graded notebooks (formgrader reads them)
    <course>/feedback/<student>/<assignment>/…    per-student feedback HTML
    <course>/reports/<assignment>-<time>.json|md|html   what each grading run found
    <course>/gradebook.db                     nbgrader's gradebook (or the configured db_url)

A course is any nbgrader course directory. Its settings (root, db_url, course_id) come
from the teacher's nbgrader_config.py as nbgrader reads it; this repository's own course
(the chapters) lives in grader/course/ with grader/nbgrader_config.py.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import ConfigError, setting, teacher_config

REPO = Path(__file__).resolve().parents[2]
CHAPTERS = REPO / "chapters"
DEFAULT_COURSE = REPO / "grader" / "course"
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@+-]{0,127}$")
# nbgrader's Gradebook default. nbgrader's own commands default to "", which no `course`
# row matches: SQLite lets that pass, PostgreSQL's foreign keys refuse it.
COURSE_ID = "default_course"


class GradingError(ValueError):
    """Bad input for the grader: the CLI prints it on one line and exits with status 2."""


@dataclass(frozen=True)
class Course:
    """An nbgrader course directory and its gradebook."""

    root: Path
    db_url: str = ""
    course_id: str = COURSE_ID
    implicit: bool = False  # no --course and not run in a course: this repository's own

    @classmethod
    def open(cls, root: Path | None = None, db_url: str = "") -> Course:
        """The course at `root` (default: the current directory when it is an nbgrader
        course, else this repository's grader/course), with its nbgrader_config.py."""
        implicit = False
        if root is None:
            here = Path.cwd()
            implicit = not ((here / "source").is_dir() or
                            (here / "nbgrader_config.py").is_file())
            root = DEFAULT_COURSE if implicit else here
        root = Path(root).expanduser().resolve()
        try:
            config = teacher_config(root)
        except ConfigError as exc:
            raise GradingError(str(exc)) from None
        configured = setting(config, "CourseDirectory", "root")
        if configured and Path(configured).expanduser().resolve() != root and \
                not (root / "source").is_dir():
            root = Path(configured).expanduser().resolve()
        db = db_url or setting(config, "CourseDirectory", "db_url", "") or ""
        course_id = setting(config, "CourseDirectory", "course_id", "") or COURSE_ID
        return cls(root, db, course_id, implicit)

    @property
    def gradebook_url(self) -> str:
        return self.db_url or f"sqlite:///{self.root / 'gradebook.db'}"

    def gradebook(self) -> Any:
        """nbgrader's Gradebook for this course (a context manager; needs nbgrader)."""
        from nbgrader.api import Gradebook

        ensure_tools_on_path()
        return Gradebook(self.gradebook_url, self.course_id)

    def config(self) -> Any:
        """The teacher's merged nbgrader configuration for this course."""
        try:
            return teacher_config(self.root)
        except ConfigError as exc:
            raise GradingError(str(exc)) from None

    def path(self, step: str, student: str = ".", assignment: str = ".") -> Path:
        """nbgrader's `<root>/<step>/<student>/<assignment>` (source/release skip student)."""
        if step in ("source", "release"):
            return self.root / step / assignment
        return self.root / step / student / assignment

    def source_notebook(self, assignment: str, notebook: str | None = None) -> Path:
        return self.path("source", assignment=assignment) / f"{notebook or assignment}.ipynb"

    def released_notebook(self, assignment: str, notebook: str | None = None) -> Path:
        return self.path("release", assignment=assignment) / f"{notebook or assignment}.ipynb"

    def assignments(self) -> list[str]:
        """The assignments in source/, sorted."""
        source = self.root / "source"
        if not source.is_dir():
            return []
        return sorted(p.name for p in source.iterdir()
                      if p.is_dir() and not p.name.startswith(".") and any(p.glob("*.ipynb")))

    def submitted_students(self, assignment: str) -> list[str]:
        """Student folders holding this assignment, sorted."""
        base = self.root / "submitted"
        if not base.is_dir():
            return []
        return sorted(p.name for p in base.iterdir()
                      if (p / assignment).is_dir() and SAFE_ID.match(p.name))

    def require(self) -> Course:
        if self.implicit and not (self.root / "source").is_dir():
            raise GradingError(f"{Path.cwd()} is not an nbgrader course (no source/ folder "
                               "and no nbgrader_config.py); run agentloop-grade in your "
                               "course's folder, or pass --course DIR (the folder that "
                               "holds source/<assignment>/); for this repository's own "
                               "chapters, `agentloop-grade release` first")
        if not self.root.is_dir():
            raise GradingError(f"course directory {self.root} does not exist; pass the folder "
                               "of your nbgrader course with --course DIR (or run "
                               "`agentloop-grade release` to set up the chapters)")
        if not (self.root / "source").is_dir():
            raise GradingError(f"{self.root} is not an nbgrader course (no source/ folder); "
                               "pass the folder that holds source/<assignment>/ with --course")
        return self

    def resolve(self, name: str) -> str:
        """An assignment by name; the course's chapters also answer to `01`, `1`, `ch1`."""
        try:
            return resolve_assignment(name, self.assignments())
        except GradingError:
            if not self.implicit:
                raise
            raise GradingError(f"no assignment {name!r} here: {Path.cwd()} is not an "
                               "nbgrader course, so this is this repository's own course "
                               f"({self.root}, its chapters); run agentloop-grade in your "
                               "course's folder, or pass --course DIR") from None


def resolve_assignment(name: str, known: list[str]) -> str:
    """Accept the exact name, a path to the folder or a notebook, or a chapter's number."""
    stem = Path(name.rstrip("/")).name
    stem = stem[:-len(".ipynb")] if stem.endswith(".ipynb") else stem
    if stem in known:
        return stem
    number = stem.removeprefix("ch")
    if number.isdigit():
        matches = [n for n in known if n.split("_", 1)[0].lstrip("0") == number.lstrip("0")
                   and n.split("_", 1)[0].isdigit()]
        if len(matches) == 1:
            return matches[0]
    allowed = ", ".join(known) or "none yet"
    raise GradingError(f"unknown assignment {name!r}; known: {allowed}")


def ensure_tools_on_path() -> None:
    """nbgrader runs the `alembic` command (`nbgrader db upgrade`): find it in our venv. And
    when it creates a gradebook it asks `alembic heads` for the schema's version, in a new
    Python process each time (about 2 s); here the same answer is read once per process
    from the same migration scripts, in this process."""
    bindir = os.path.dirname(sys.executable)
    path = os.environ.get("PATH", "")
    if bindir not in path.split(os.pathsep):
        os.environ["PATH"] = os.pathsep.join([bindir, path]) if path else bindir
    import nbgrader.api

    if nbgrader.api.get_alembic_version is not _alembic_head:
        nbgrader.api.get_alembic_version = _alembic_head


@functools.cache
def _alembic_head() -> str:
    """The head revision of nbgrader's gradebook schema (what `alembic heads` prints first)."""
    from alembic.script import ScriptDirectory
    from nbgrader.dbutil import ALEMBIC_DIR

    heads = ScriptDirectory(ALEMBIC_DIR).get_heads()
    if len(heads) != 1:
        raise GradingError(f"nbgrader's gradebook schema has {len(heads)} head revisions "
                           f"({', '.join(heads)}); this grader expects one")
    return heads[0]


def chapter_notebooks(chapters: Path = CHAPTERS) -> dict[str, Path]:
    """Every chapter notebook by assignment name, e.g. {"01_agent_loop": Path(...)}."""
    return {p.stem: p for p in sorted(chapters.glob("[0-9]*.ipynb"))}
