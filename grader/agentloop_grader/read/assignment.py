"""Read: an assignment's source notebooks, files and checks — the trusted spec of grading.

    source/<assignment>/
        <notebook>.ipynb …   the instructor versions (any number, top level, as nbgrader)
        checks.py            optional: this assignment's checks (never given to students)
        anything else        data, images, helper modules: released to students and put in
                             the sandbox's working directory, read-only

Each code cell of a source notebook gets a `CellKind` (see protocol.py). A test cell whose
code is nothing but `check("…")` calls (and the import of `check`) is a CHECK cell, judged
by the grader from plain data; every other test cell is an ordinary TEST cell, run as stock
nbgrader runs it. Nothing a student submits can change any of this.
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.checks import Check, checks_in, library_module

from ..answers import answer_key
from ..course import Course, GradingError
from ..protocol import CellKind

SKIP_GRADING = "skip-grading"  # a cell tag: the grader does not run this cell
CHECKS_FILE = "checks.py"
IGNORED = [".ipynb_checkpoints", "*.pyc", "__pycache__", "feedback", CHECKS_FILE]


def nbgrader_meta(cell: dict[str, Any]) -> dict[str, Any]:
    meta = cell.get("metadata")
    data = meta.get("nbgrader") if isinstance(meta, dict) else None
    return data if isinstance(data, dict) else {}


def source_text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    if isinstance(source, list):
        return "".join(s for s in source if isinstance(s, str))
    return source if isinstance(source, str) else ""


def cell_tags(cell: dict[str, Any]) -> list[str]:
    meta = cell.get("metadata")
    tags = meta.get("tags") if isinstance(meta, dict) else None
    return [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []


@dataclass(frozen=True)
class SourceCell:
    """One cell of an instructor notebook, as grading sees it."""

    index: int
    cell_type: str
    grade_id: str | None
    kind: CellKind | None  # None: not run (markdown, raw)
    source: str
    points: float = 0.0
    checks: tuple[str, ...] = ()  # CHECK cells: the check ids it calls
    hidden_cases: bool = True  # CHECK cells: also run the checks' generated cases
    skip: bool = False  # tagged skip-grading
    grade: bool = False
    solution: bool = False
    task: bool = False
    locked: bool = False

    @property
    def manual(self) -> bool:
        """Graded by a person: a written or code answer with points, or a task."""
        return self.task or (self.grade and self.solution)


@dataclass(frozen=True)
class NotebookSpec:
    name: str
    path: Path
    cells: tuple[SourceCell, ...]
    raw: dict[str, Any] = field(repr=False)

    @property
    def graded(self) -> tuple[SourceCell, ...]:
        """Cells with points: tests, checks, manual answers and tasks."""
        return tuple(c for c in self.cells if c.grade or c.task)

    @property
    def grade_ids(self) -> frozenset[str]:
        return frozenset(c.grade_id for c in self.cells if c.grade_id)

    def cell(self, grade_id: str) -> SourceCell | None:
        return next((c for c in self.cells if c.grade_id == grade_id), None)

    @property
    def max_score(self) -> float:
        return sum(c.points for c in self.graded)


@dataclass
class Assignment:
    """Everything the grader trusts about one assignment."""

    name: str
    folder: Path
    notebooks: dict[str, NotebookSpec]
    files: list[Path]  # released beside the notebooks and copied into each sandbox
    checks: dict[str, Check]  # every check a CHECK cell calls, by id
    teacher_checks: frozenset[str] = frozenset()  # the ones from checks.py
    imports: frozenset[str] = frozenset()  # top-level modules the notebooks import

    @property
    def answered_by(self) -> tuple[str, ...]:
        """Library modules that answer one of the assignment's exercises: its sandbox does
        not load them (see agentloop.checks.Check.answered_by)."""
        return tuple(sorted({name for chk in self.checks.values() for name in chk.answered_by}))

    @property
    def check_modules(self) -> frozenset[str]:
        """Library modules holding the course's checks in use (loaded into the sandbox)."""
        return frozenset(library_module(cid) or "" for cid in self.checks
                         if cid not in self.teacher_checks) - {""}


def load_assignment(course: Course, name: str) -> Assignment:
    """Read source/<name>/; every problem is a GradingError naming the file."""
    folder = course.path("source", assignment=name)
    if not folder.is_dir():
        raise GradingError(f"no assignment {name!r} in {course.root / 'source'}; "
                           f"known: {', '.join(course.assignments()) or 'none'}")
    paths = sorted(folder.glob("*.ipynb"))
    if not paths:
        raise GradingError(f"{folder} holds no notebook; put the instructor version there")
    teacher = load_teacher_checks(folder / CHECKS_FILE)
    notebooks = {p.stem: read_notebook_spec(p) for p in paths}
    checks = resolve_checks(notebooks, teacher, folder)
    return Assignment(name, folder, notebooks, assignment_files(folder), checks,
                      frozenset(teacher) & frozenset(checks), notebook_imports(notebooks))


def read_notebook(path: Path) -> dict[str, Any]:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
            raise ValueError("no list of cells")
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise GradingError(f"{path} is not a readable notebook ({exc}); "
                           "open and save it in Jupyter") from None
    return nb


def read_notebook_spec(path: Path) -> NotebookSpec:
    nb = read_notebook(path)
    cells, seen = [], set()
    for index, cell in enumerate(nb["cells"]):
        spec = _source_cell(index, cell, path)
        if spec.grade_id:
            if spec.grade_id in seen:
                raise GradingError(f"{path}: grade id {spec.grade_id!r} is used by two cells; "
                                   "give each graded or locked cell its own id")
            seen.add(spec.grade_id)
        cells.append(spec)
    return NotebookSpec(path.stem, path, tuple(cells), nb)


def _source_cell(index: int, cell: dict[str, Any], path: Path) -> SourceCell:
    meta = nbgrader_meta(cell)
    cell_type = cell.get("cell_type", "code")
    grade_id = meta.get("grade_id") if isinstance(meta.get("grade_id"), str) else None
    grade, solution = bool(meta.get("grade")), bool(meta.get("solution"))
    task, locked = bool(meta.get("task")), bool(meta.get("locked"))
    text = source_text(cell)
    points = 0.0
    if grade or task:
        try:
            points = float(meta.get("points", 0))
        except (TypeError, ValueError):
            raise GradingError(f"{path}: cell {grade_id!r} has points {meta.get('points')!r}; "
                               "write a number") from None
    kind, checks = None, ()
    if cell_type == "code" and not task:
        if solution:
            kind = CellKind.MANUAL if grade else CellKind.ANSWER
        elif grade:
            checks = check_calls(text)
            kind = CellKind.CHECK if checks else CellKind.TEST
        elif locked and grade_id:
            kind = CellKind.LOCKED
        else:
            kind = CellKind.PLAIN
    options = cell.get("metadata", {}).get("agentloop", {})
    hidden = not (isinstance(options, dict) and options.get("hidden_cases") is False)
    return SourceCell(index, cell_type, grade_id, kind, text, points, checks, hidden,
                      SKIP_GRADING in cell_tags(cell), grade, solution, task, locked)


def check_calls(source: str) -> tuple[str, ...]:
    """The check ids of a cell made only of `check("id")` calls, else ()."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    ids = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "agentloop.checks" and \
                all(alias.name == "check" and alias.asname is None for alias in node.names):
            continue
        call = node.value if isinstance(node, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                and call.func.id == "check" and not call.keywords and 1 <= len(call.args) <= 2
                and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
                and all(isinstance(a, ast.Name) for a in call.args[1:])):
            return ()
        ids.append(call.args[0].value)
    return tuple(ids)


def load_teacher_checks(path: Path) -> dict[str, Check]:
    """The checks a teacher wrote in source/<assignment>/checks.py (none if no file)."""
    if not path.is_file():
        return {}
    name = f"agentloop_assignment_checks_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # checks.py may import the assignment's helpers
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise GradingError(f"{path} raised {type(exc).__name__}: {exc}; fix it and run "
                           "the command again") from None
    finally:
        sys.path.remove(str(path.parent))
    return checks_in(module)


def resolve_checks(notebooks: dict[str, NotebookSpec], teacher: dict[str, Check],
                   folder: Path) -> dict[str, Check]:
    """Every check id a CHECK cell calls → its Check; a missing or doubly defined id is an
    error naming the notebook and the cell."""
    out: dict[str, Check] = {}
    for spec in notebooks.values():
        for cell in spec.cells:
            for check_id in cell.checks:
                out[check_id] = _resolve(check_id, teacher, spec, cell, folder)
    return out


def _resolve(check_id: str, teacher: dict[str, Check], spec: NotebookSpec, cell: SourceCell,
             folder: Path) -> Check:
    library = answer_key(check_id)
    if library is not None and check_id in teacher:
        raise GradingError(f"{folder / CHECKS_FILE}: check {check_id!r} is also one of the "
                           "course's chapter checks; rename yours")
    found = teacher.get(check_id) or library
    if found is None:
        known = ", ".join(sorted(teacher)) or f"none (no {CHECKS_FILE} in {folder})"
        raise GradingError(f"{spec.path}: test cell {cell.grade_id!r} calls check "
                           f"{check_id!r}, which is not defined; defined: {known}")
    return found


def assignment_files(folder: Path, ignore: list[str] | None = None) -> list[Path]:
    """The non-notebook files released with the assignment, by nbgrader's ignore rules: a
    glob matches a file's or folder's own name (and, as with glob, `*` skips dot-names)."""
    patterns = [*(IGNORED if ignore is None else ignore), "*.ipynb"]
    found = []
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if any(_ignored(part, patterns) for part in parts) or path.is_symlink():
            continue
        if path.is_file():
            found.append(path)
    return found


def _ignored(name: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) and
               (not name.startswith(".") or pattern.startswith("."))
               for pattern in patterns)


def notebook_imports(notebooks: dict[str, NotebookSpec]) -> frozenset[str]:
    """Top-level module names the notebooks import (the warm workers import them once)."""
    names: set[str] = set()
    for spec in notebooks.values():
        for cell in spec.cells:
            if cell.kind is None:
                continue
            try:
                tree = ast.parse(_python_only(cell.source))
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module.split(".")[0])
    return frozenset(names)


def _python_only(source: str) -> str:
    """Drop IPython-only lines (magics, shell escapes) so the rest parses."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())
