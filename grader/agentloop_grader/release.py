"""Release: source/<assignment>/ → release/<assignment>/ and the gradebook, with nbgrader.

For every assignment this runs nbgrader's own generate_assignment (through its Python API,
with the teacher's nbgrader_config.py), so the student version is exactly stock's: solution
regions replaced, hidden tests removed, locked cells and checksums, other files copied, and
the assignment's notebooks and grade cells recorded in the gradebook. Then:

- `checks.py` stays behind (nbgrader is told to ignore it); the student version gets
  `visible_checks.json` instead: the visible cases with their expected outputs;
- every released code cell is compiled, so a stub that is a SyntaxError is named;
- the course's chapters are copied from chapters/ into source/ first — never over a copy a
  teacher has edited (a hash of what was copied tells the two apart).
"""

from __future__ import annotations

import ast
import contextlib
import datetime
import hashlib
import json
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.checks import PROBES, VISIBLE_FILE, Check
from agentloop.checks.core import probe_name

from .course import (
    CHAPTERS,
    DEFAULT_COURSE,
    Course,
    GradingError,
    chapter_notebooks,
    ensure_tools_on_path,
    resolve_assignment,
)
from .read.assignment import CHECKS_FILE, IGNORED, Assignment, load_assignment, source_text
from .secret import course_seed

CHAPTER_STAMP = ".chapter-sha256"  # what release copied from chapters/, to spot edits


@dataclass
class Released:
    """One released assignment and what the teacher should know about it."""

    name: str
    folder: Path
    notebooks: list[str]
    notes: list[str] = field(default_factory=list)


@contextlib.contextmanager
def nbgrader_api(course: Course) -> Iterator[Any]:
    """nbgrader's NbGraderAPI for this course, with the teacher's configuration (and, when
    the configuration names no exchange, a throwaway one, removed afterwards)."""
    import logging

    from nbgrader.apps import NbGraderAPI
    from nbgrader.coursedir import CourseDirectory

    ensure_tools_on_path()
    config = course.config()
    config.CourseDirectory.root = str(course.root.resolve())
    config.CourseDirectory.db_url = course.gradebook_url
    config.CourseDirectory.course_id = course.course_id
    ignore = list(config.CourseDirectory.get("ignore", IGNORED[:-1]))
    config.CourseDirectory.ignore = [*ignore, CHECKS_FILE]
    throwaway = None
    if "root" not in config.get("Exchange", {}):
        # only generate_assignment and generate_feedback are used: no exchange is needed,
        # but nbgrader insists on a writable one
        throwaway = config.Exchange.root = tempfile.mkdtemp(prefix="agentloop-exchange-")
    config.NbGraderAPI.log_level = logging.ERROR
    hide_hidden_tests_in_feedback(config)
    coursedir = CourseDirectory(config=config)
    try:
        # in the course's folder, as stock is run: paths the configuration gives relative
        # to it (IncludeHeaderFooter.header = "source/header.ipynb") then mean the same
        with contextlib.chdir(course.root):
            yield NbGraderAPI(coursedir=coursedir, config=config)
    finally:
        if throwaway is not None:
            shutil.rmtree(throwaway, ignore_errors=True)


def hide_hidden_tests_in_feedback(config: Any) -> None:
    """Stock generate_feedback keeps hidden test code in the HTML; strip it."""
    from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
    from nbgrader.preprocessors import ClearHiddenTests, GetGrades

    config.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests,
                                             CSSHTMLHeaderPreprocessor]
    config.ClearHiddenTests.enforce_metadata = False


def release(course: Course, names: list[str] | None = None, due: str | None = None,
            chapters: Path = CHAPTERS) -> list[Released]:
    """Release the named assignments (default: every one in source/; in this repository's
    own course, every chapter too). `due` sets their due date in the gradebook."""
    course.root.mkdir(parents=True, exist_ok=True)
    course_seed(course.root, create=True)  # the hidden cases' secret, made once, never released
    notes = copy_chapters(course, list(names or []), chapters)
    selected = _selected(course, list(names or []))
    due_utc = parse_due(due) if due else None
    out = []
    with nbgrader_api(course) as api:
        make_course_exchange(course, Path(api.coursedir.config.Exchange.root))
        for name in selected:
            assignment = load_assignment(course, name)
            result = api.generate_assignment(name, force=True, create=True)
            if not result.get("success"):
                raise GradingError(f"nbgrader could not release {name}: {_last_line(result)}")
            released = Released(name, course.path("release", assignment=name),
                                sorted(assignment.notebooks), notes.get(name, []))
            write_visible_checks(assignment, released.folder)
            released.notes += stub_problems(released.folder)
            if due_utc:
                with course.gradebook() as gb:
                    gb.update_or_create_assignment(name, duedate=due_utc)
            out.append(released)
    return out


def make_course_exchange(course: Course, exchange: Path) -> None:
    """Create an exchange folder the configuration puts inside the course folder (a course
    of one teacher), so formgrader's release and collect buttons work; one elsewhere
    (e.g. /srv/nbgrader/exchange, shared by several users) is the administrator's to make."""
    root = course.root.resolve()
    if not exchange.exists() and exchange.resolve().is_relative_to(root):
        exchange.mkdir(parents=True)


def _selected(course: Course, names: list[str]) -> list[str]:
    known = course.assignments()
    if not names:
        if not known:
            raise GradingError(f"nothing to release: {course.root / 'source'} has no "
                               "assignment folder with a notebook in it")
        return known
    return list(dict.fromkeys(resolve_assignment(n, known) for n in names))


def _last_line(result: dict[str, Any]) -> str:
    detail = (result.get("error") or result.get("log") or "").strip().splitlines()
    return detail[-1] if detail else "unknown error"


# --- the course's own chapters ------------------------------------------------------------

def copy_chapters(course: Course, names: list[str], chapters: Path) -> dict[str, list[str]]:
    """Copy chapter notebooks into source/: all of them for this repository's course when
    no name is given, else the named ones. Returns notes by assignment."""
    known = chapter_notebooks(chapters)
    if names:
        wanted = []
        for name in names:
            try:
                wanted.append(resolve_assignment(name, list(known)))
            except GradingError:
                continue  # not a chapter: an assignment of the course's own
    else:
        wanted = list(known) if course.root.resolve() == DEFAULT_COURSE.resolve() else []
    notes: dict[str, list[str]] = {}
    for stem in wanted:
        note = _copy_chapter(course, stem, known[stem])
        if note:
            notes[stem] = [note]
    return notes


def _copy_chapter(course: Course, stem: str, notebook: Path) -> str | None:
    folder = course.path("source", assignment=stem)
    target = folder / notebook.name
    stamp = folder / CHAPTER_STAMP
    new = notebook.read_bytes()
    if target.is_file():
        current = _sha(target.read_bytes())
        copied = stamp.read_text().strip() if stamp.is_file() else None
        if current == _sha(new):
            return None
        if current != copied:
            return (f"kept your edited {target} (it differs from {notebook}); delete it to "
                    "take the course's version")
    folder.mkdir(parents=True, exist_ok=True)
    target.write_bytes(new)
    stamp.write_text(_sha(new) + "\n")
    return None


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- what the student version gets instead of checks.py ------------------------------------

def write_visible_checks(assignment: Assignment, folder: Path) -> Path | None:
    """visible_checks.json: each of the assignment's own checks with its visible cases and
    their expected outputs — what `check(...)` needs in a student's notebook, and nothing
    of the hidden cases or the reference."""
    path = folder / VISIBLE_FILE
    teacher = {cid: assignment.checks[cid] for cid in sorted(assignment.teacher_checks)}
    if not teacher:
        path.unlink(missing_ok=True)
        return None
    data = {"format": 1, "assignment": assignment.name,
            "checks": [_visible(chk, assignment.folder / CHECKS_FILE) for chk in teacher.values()]}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _visible(chk: Check, where: Path) -> dict[str, Any]:
    name = probe_name(chk)
    if name is None or chk.verify is not None:
        what = "its own probe function" if name is None else "its own verify function"
        raise GradingError(f"{where}: check {chk.id!r} uses {what}; a student's notebook can "
                           f"only run checks built from a reference and one of the probes "
                           f"{', '.join(PROBES)} (see grader/README.md)")
    if chk.reference is None:
        raise GradingError(f"{where}: check {chk.id!r} has no reference; pass reference=… "
                           "(the right answer) to Check")
    cases = []
    for case in chk.cases():
        try:
            expected = chk.expected(case.input)
        except Exception as exc:
            raise GradingError(f"{where}: the reference of {chk.id!r} fails on case "
                               f"{case.label!r}: {type(exc).__name__}: {exc}") from None
        cases.append({"input": case.input, "label": case.label, "hint": case.hint,
                      "rule": case.rule, "expected": expected})
    return {"id": chk.id, "answer": chk.answer, "title": chk.title, "hint": chk.hint,
            "probe": name, "compare": chk.compare.to_plain(), "cases": cases}


def stub_problems(folder: Path) -> list[str]:
    """Released code cells that are not valid Python: the student would start from an error."""
    notes = []
    for path in sorted(folder.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb.get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            text = "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                             for line in source_text(cell).splitlines())
            try:
                ast.parse(text)
            except SyntaxError as exc:
                grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "?")
                notes.append(f"{path.name}: released cell {grade_id} is not valid Python "
                             f"(line {exc.lineno}: {exc.msg}); students start from an error")
    return notes


def parse_due(text: str) -> datetime.datetime:
    """A due date as nbgrader stores it (naive UTC), or a GradingError."""
    from nbgrader.utils import parse_utc

    try:
        return parse_utc(text)
    except (ValueError, OverflowError) as exc:
        raise GradingError(f"unreadable due date {text!r} ({exc}); "
                           "write e.g. '2026-12-01 17:00:00 UTC'") from None

