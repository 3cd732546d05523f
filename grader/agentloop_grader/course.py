"""Where a course's files live: nbgrader's directory layout plus our reports.

    <course>/source/<assignment>/<notebook>.ipynb      instructor version (from chapters/)
    <course>/release/<assignment>/<notebook>.ipynb     student version (nbgrader)
    <course>/submitted/<student>/<assignment>/...      collected submissions
    <course>/autograded/<student>/<assignment>/...     graded notebooks (formgrader reads)
    <course>/feedback/<student>/<assignment>/...html   per-student feedback
    <course>/reports/<assignment>-<timestamp>.json|md  what each grading run found
    <course>/gradebook.db                              nbgrader's gradebook (or --db URL)

An assignment is a chapter notebook; its name is the notebook's stem (`01_agent_loop`).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHAPTERS = REPO / "chapters"
CHECKS = REPO / "lib" / "agentloop" / "checks"
DEFAULT_COURSE = REPO / "grader" / "course"
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
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

    @property
    def gradebook_url(self) -> str:
        return self.db_url or f"sqlite:///{self.root / 'gradebook.db'}"

    def gradebook(self) -> Any:
        """nbgrader's Gradebook for this course (a context manager; needs nbgrader)."""
        from nbgrader.api import Gradebook

        ensure_tools_on_path()
        return Gradebook(self.gradebook_url, COURSE_ID)

    def path(self, step: str, student: str = ".", assignment: str = ".") -> Path:
        """nbgrader's `<root>/<step>/<student>/<assignment>` (source/release skip student)."""
        if step in ("source", "release"):
            return self.root / step / assignment
        return self.root / step / student / assignment

    def source_notebook(self, assignment: str) -> Path:
        return self.path("source", assignment=assignment) / f"{assignment}.ipynb"

    def released_notebook(self, assignment: str) -> Path:
        return self.path("release", assignment=assignment) / f"{assignment}.ipynb"

    def submitted_students(self, assignment: str) -> list[str]:
        """Student folders holding this assignment, sorted."""
        base = self.root / "submitted"
        if not base.is_dir():
            return []
        return sorted(p.name for p in base.iterdir()
                      if (p / assignment).is_dir() and SAFE_ID.match(p.name))

    def require(self) -> Course:
        if not self.root.is_dir():
            raise GradingError(f"course directory {self.root} does not exist; "
                               "run `agentloop-grade release` first or pass --course DIR")
        return self

    def private_paths(self) -> list[str]:
        """What a sandboxed submission must not see: the course, the gradebook, the chapters,
        the checks' source and the repository's tests (they hold the reference answers).

        (chapters/ holds the instructor notebooks; the sandbox covers each path with an
        empty mount, so a path the interpreter itself needs is never listed.)
        """
        paths = {self.root.resolve(), CHAPTERS.resolve(), CHECKS.resolve()}
        paths |= {p.resolve() for p in (REPO / "tests", REPO / "grader") if p.is_dir()}
        paths |= database_paths(self.gradebook_url)
        needed = [Path(p).resolve() for p in (sys.prefix, sys.base_prefix, __file__)]
        return sorted(str(p) for p in paths
                      if not any(n == p or p in n.parents for n in needed))


def database_paths(url: str) -> set[Path]:
    """Files through which a local process could reach the gradebook: an SQLite file and
    its journals, or a PostgreSQL server's unix-socket directory (`?host=/dir`, or
    Debian's default when the URL names no host)."""
    if url.startswith("sqlite:///"):
        db = Path(url.removeprefix("sqlite:///")).resolve()
        return {db, db.with_name(db.name + "-journal"), db.with_name(db.name + "-wal")}
    if not url.startswith(("postgresql", "postgres:")):
        return set()
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    hosts = parsed.query.get("host", ())
    hosts = [hosts] if isinstance(hosts, str) else list(hosts)
    hosts += [parsed.host] if parsed.host else []
    if not hosts:
        hosts = ["/var/run/postgresql", "/run/postgresql"]
    return {Path(h).resolve() for h in hosts if h.startswith("/")}


def ensure_tools_on_path() -> None:
    """nbgrader runs the `alembic` command when it creates a gradebook: find it in our venv."""
    bindir = os.path.dirname(sys.executable)
    path = os.environ.get("PATH", "")
    if bindir not in path.split(os.pathsep):
        os.environ["PATH"] = os.pathsep.join([bindir, path]) if path else bindir


def chapter_notebooks(chapters: Path = CHAPTERS) -> dict[str, Path]:
    """Every chapter notebook by assignment name, e.g. {"01_agent_loop": Path(...)}."""
    return {p.stem: p for p in sorted(chapters.glob("[0-9]*.ipynb"))}


def resolve_assignment(name: str, known: list[str] | dict[str, Path]) -> str:
    """Accept `01_agent_loop`, `01`, `1`, `ch1` or a path to the notebook; return the name."""
    names = list(known)
    stem = Path(name).stem if name.endswith(".ipynb") else name
    if stem in names:
        return stem
    number = stem.removeprefix("ch")
    if number.isdigit():
        matches = [n for n in names if n.split("_", 1)[0].lstrip("0") == number.lstrip("0")]
        if len(matches) == 1:
            return matches[0]
    allowed = ", ".join(names) or "none yet"
    raise GradingError(f"unknown chapter {name!r}; known: {allowed}")
