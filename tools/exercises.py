"""Every exercise of a chapter, validated against its one declaration.

An exercise is declared once, each part where it belongs:

- its cells, in `chapters/src/NN_name.py`: the answer cell (`# %% solution id=…`) and,
  after it, one check cell per check (`# %% check id=CHECK points=N`): the points, once;
- its checks, in the learner's edition `agentloop.checks.chN` (`CHECKS`: id, answer
  name, visible cases, probe, hints), completed by the teacher's edition
  `agentloop_grader.answers.chN` (`CHECKS` made with `key(...)`, `REFERENCE` by answer
  name, `LOCKS` by answer cell);
- its round trip's expectations, `tests/chapters/roundtrip/NN_name.py` (`PARTIAL`: what the
  subtly wrong submission passes, by check; `WRONG`: its answer cells).

Derived from them, never written by hand: each check cell's body and nbgrader metadata
(grade id, points) in the notebook and in every translation (`tools/build_chapters.py`),
the facts of the visible cases (`tools/build_check_facts.py`), the learner release and the
site. `problems(chapter)` says, one line each, naming the file and the exercise, where these
disagree, in this order:

    a check cell, or a cell that runs check("…"), names no check of the learner's edition
    …or none of the teacher's
    the two editions have different checks, or one check with different answer names
    a check's answer is not defined by the answer cell before it (or no answer cell is)
    a check of the learner's edition that no cell of the chapter runs
    a teacher's check whose answer has no REFERENCE
    a LOCK on a cell that is no answer cell, or naming a check that is not of that exercise
    a check cell with no round-trip expectation (PARTIAL), or one for no check cell; WRONG
      replacing a cell that is no answer cell
    the built notebook's grade ids or points differ from the source
    a translation's grade ids or points differ from the source
    the facts file is not what build_check_facts.py writes
"""

from __future__ import annotations

import ast
import importlib
import re
import runpy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip"
FACTS = ROOT / "lib" / "agentloop" / "checks" / "facts"
CHECK_CALL = re.compile(r"""\bcheck\(\s*["']([\w.-]+)["']""")
STEM = re.compile(r"^0*(\d+)_")


@dataclass(frozen=True)
class Problem:
    """One disagreement: the file to change, the exercise (a check or answer cell id), what."""

    file: str
    exercise: str
    what: str

    def __str__(self) -> str:
        return f"{self.file}: {self.exercise}: {self.what}"


@dataclass(frozen=True)
class Edition:
    """One edition of a chapter's checks: where it is (for messages) and what it holds."""

    name: str  # the module, e.g. agentloop.checks.ch1
    file: str  # its file, as a message shows it
    checks: dict[str, Any]  # Check by id
    references: dict[str, Any] = field(default_factory=dict)  # the teacher's REFERENCE
    locks: dict[str, Any] = field(default_factory=dict)  # the teacher's LOCKS


@dataclass(frozen=True)
class Chapter:
    """Everything one chapter declares about its exercises, and what is derived from it."""

    stem: str  # 01_agent_loop
    chapter: str  # ch1
    source: Path  # chapters/src/01_agent_loop.py
    learner: Edition | None  # None: the module does not exist
    teacher: Edition | None
    roundtrip: Path
    notebook: Path | None  # the built English notebook (None: not validated)
    translations: tuple[Path, ...]  # built translated notebooks
    facts: Path


def shown(path: Path) -> str:
    """A path as a message shows it: from the repository's root when it is inside."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def chapter_of(stem: str) -> str:
    """The checks' chapter of a notebook stem: 01_agent_loop → ch1."""
    match = STEM.match(stem)
    if not match:
        raise ValueError(f"chapter source {stem!r}: its name must start with its number, "
                         "e.g. 01_agent_loop")
    return f"ch{int(match[1])}"


def _module_file(module: Any) -> str:
    return shown(Path(module.__file__)) if getattr(module, "__file__", None) else module.__name__


def _import(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            return None  # the module itself (or its package) is missing
        raise


def learner_edition(chapter: str) -> Edition | None:
    module = _import(f"agentloop.checks.{chapter}")
    if module is None:
        return None
    return Edition(module.__name__, _module_file(module),
                   {chk.id: chk for chk in getattr(module, "CHECKS", ())})


def teacher_edition(chapter: str) -> Edition | None:
    module = _import(f"agentloop_grader.answers.{chapter}")
    if module is None:
        return None
    return Edition(module.__name__, _module_file(module),
                   {chk.id: chk for chk in getattr(module, "CHECKS", ())},
                   dict(getattr(module, "REFERENCE", {})), dict(getattr(module, "LOCKS", {})))


def load(source: Path, chapters: Path, languages: list[str] | None = None) -> Chapter:
    """The chapter of `source` as this repository declares it; its built notebooks are in
    `chapters`: the English one and each translation validated when `languages` has it
    (None: every language)."""
    import translations

    stem = source.stem
    chapter = chapter_of(stem)
    english = languages is None or "en" in languages
    built = [chapters / lang / f"{stem}.ipynb" for lang in translations.languages_of(stem)
             if languages is None or lang in languages]
    return Chapter(stem, chapter, source, learner_edition(chapter), teacher_edition(chapter),
                   ROUNDTRIP / f"{stem}.py", chapters / f"{stem}.ipynb" if english else None,
                   tuple(path for path in built if path.is_file()), FACTS / f"{chapter}.json")


# --- what the source says ------------------------------------------------------------------

@dataclass
class Exercise:
    """An answer cell and the checks run after it, before the next answer cell."""

    answer_cell: str
    defines: set[str]
    checks: list[str] = field(default_factory=list)  # check cells' ids, in order
    runs: list[str] = field(default_factory=list)  # checks run by other cells


@dataclass
class Source:
    exercises: list[Exercise]
    graded: dict[str, float]  # every graded cell's points by grade id, in order
    check_cells: list[str]  # every check cell's id, in order
    orphans: list[str]  # checks run before any answer cell
    duplicates: list[str]


def defined_names(code: str) -> set[str]:
    """The names a cell's top level defines (functions, classes, assignments)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def grade_cells(cells: Iterable[Any]) -> dict[str, float]:
    """Points by grade id of a notebook's graded cells."""
    out: dict[str, float] = {}
    for cell in cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade"):
            out[meta.get("grade_id", "")] = float(meta.get("points", 0))
    return out


def read_source(cells: list[Any]) -> Source:
    exercises: list[Exercise] = []
    seen: set[str] = set()
    source = Source(exercises, grade_cells(cells), [], [], [])
    for cell in cells:
        meta = cell.metadata.get("nbgrader", {})
        grade_id = meta.get("grade_id")
        if grade_id:
            if grade_id in seen:
                source.duplicates.append(grade_id)
            seen.add(grade_id)
        if cell.cell_type != "code":
            continue
        if meta.get("solution"):
            exercises.append(Exercise(grade_id, defined_names(cell.source)))
            continue
        calls = CHECK_CALL.findall(cell.source)
        is_check_cell = meta.get("grade") and calls == [grade_id]
        if is_check_cell:
            source.check_cells.append(grade_id)
        for check_id in calls:
            if not exercises:
                source.orphans.append(check_id)
            elif is_check_cell:
                exercises[-1].checks.append(check_id)
            elif check_id not in exercises[-1].runs:
                exercises[-1].runs.append(check_id)
    return source


# --- the validation -----------------------------------------------------------------------

def problems(chapter: Chapter, cells: list[Any]) -> list[Problem]:
    """Where the chapter's exercises disagree with their declaration (`cells`: the notebook
    cells built from its source, tools/build_chapters.py's `parse`)."""
    src = shown(chapter.source)
    source = read_source(cells)
    found = [Problem(src, gid, "two cells have this grade id; each needs its own")
             for gid in source.duplicates]
    found += [Problem(src, check_id, "a cell runs this check before any answer cell; put it "
                      "after the answer cell (# %% solution id=…) it checks")
              for check_id in source.orphans]
    found += _editions(chapter, source)
    found += _roundtrip(chapter, source)
    if chapter.notebook is not None:
        found += _built(chapter.notebook, source, src, chapter.stem)
    for path in chapter.translations:
        found += _built(path, source, src, chapter.stem)
    found += _facts(chapter)
    return found


def _missing(what: str, chapter: Chapter, module: str) -> Problem:
    return Problem(shown(chapter.source), "(every exercise)",
                   f"{what} {module} does not exist; every check cell needs it")


def _editions(chapter: Chapter, source: Source) -> list[Problem]:
    learner, teacher, src = chapter.learner, chapter.teacher, shown(chapter.source)
    found: list[Problem] = []
    if learner is None:
        found.append(_missing("the learner's edition", chapter,
                              f"agentloop.checks.{chapter.chapter}"))
    if teacher is None:
        found.append(_missing("the teacher's edition", chapter,
                              f"agentloop_grader.answers.{chapter.chapter}"))
    if learner is None or teacher is None:
        return found
    ran: set[str] = set()
    for exercise in source.exercises:
        for check_id in dict.fromkeys((*exercise.checks, *exercise.runs)):
            ran.add(check_id)
            found += _one_check(check_id, exercise, learner, teacher, src)
    for check_id in learner.checks:
        if check_id not in ran and check_id not in source.orphans:
            found.append(Problem(learner.file, check_id, f"no cell of {src} runs this check; "
                                 "add a check cell (# %% check id=… points=N) after its "
                                 "answer cell"))
    for check_id in teacher.checks:
        if check_id not in learner.checks:
            found.append(Problem(teacher.file, check_id, f"the learner's edition "
                                 f"({learner.file}) has no such check; the teacher's checks "
                                 "are the learner's, completed by key(...)"))
    for check_id, chk in teacher.checks.items():
        if chk.answer not in teacher.references:
            found.append(Problem(teacher.file, check_id, f"REFERENCE has no {chk.answer!r}, "
                                 "the answer this check probes; add the reference answer"))
    found += _locks(teacher, source)
    return found


def _one_check(check_id: str, exercise: Exercise, learner: Edition, teacher: Edition,
               src: str) -> list[Problem]:
    where = f"(run in {src} after answer cell {exercise.answer_cell})"
    mine, theirs = learner.checks.get(check_id), teacher.checks.get(check_id)
    found = []
    if mine is None:
        found.append(Problem(learner.file, check_id, f"no such check in {learner.name}.CHECKS "
                             f"{where}; add it there, or correct the cell's id"))
    if theirs is None:
        found.append(Problem(teacher.file, check_id, f"no such check in {teacher.name}.CHECKS "
                             f"{where}; add key(...) of the learner's check there"))
    if mine is not None and theirs is not None and mine.answer != theirs.answer:
        found.append(Problem(teacher.file, check_id, f"its answer is {theirs.answer!r}, the "
                             f"learner's edition says {mine.answer!r}; one answer name"))
    if mine is not None and mine.answer not in exercise.defines:
        names = ", ".join(sorted(exercise.defines)) or "nothing"
        found.append(Problem(src, check_id, f"its answer {mine.answer!r} is not defined in "
                             f"answer cell {exercise.answer_cell} before it (which defines "
                             f"{names})"))
    return found


def _locks(teacher: Edition, source: Source) -> list[Problem]:
    exercises = {e.answer_cell: e for e in source.exercises}
    found = []
    for cell_id, lock in teacher.locks.items():
        exercise = exercises.get(cell_id)
        if exercise is None:
            found.append(Problem(teacher.file, cell_id, "LOCKS names this, which is no "
                                 "answer cell of the chapter"))
            continue
        for check_id in getattr(lock, "checks", ()):
            if check_id not in exercise.checks:
                found.append(Problem(teacher.file, cell_id, f"its Lock names {check_id!r}, "
                                     f"which is no check cell of this exercise "
                                     f"({', '.join(exercise.checks) or 'none'})"))
    return found


def _roundtrip(chapter: Chapter, source: Source) -> list[Problem]:
    path = shown(chapter.roundtrip)
    if not source.check_cells:
        return []
    if not chapter.roundtrip.is_file():
        return [Problem(path, "(every exercise)", "no round trip for this chapter: it needs "
                        "WRONG (answer cells) and PARTIAL (check id → passes)")]
    try:
        data = runpy.run_path(str(chapter.roundtrip))
    except Exception as exc:  # the file is the course's, but may be broken
        return [Problem(path, "(every exercise)", f"cannot be run: {type(exc).__name__}: {exc}")]
    partial, wrong = data.get("PARTIAL"), data.get("WRONG")
    if not isinstance(partial, Mapping) or not isinstance(wrong, Mapping):
        return [Problem(path, "(every exercise)", "needs the dicts WRONG (answer cell → "
                        "source) and PARTIAL (check id → passes)")]
    found = [Problem(path, check_id, "no round-trip expectation: add it to PARTIAL (True "
                     "when the subtly wrong submission passes it)")
             for check_id in source.check_cells if check_id not in partial]
    found += [Problem(path, check_id, f"PARTIAL names this, which is no check cell of "
                      f"{shown(chapter.source)}")
              for check_id in partial if check_id not in source.check_cells]
    answers = {e.answer_cell for e in source.exercises}
    found += [Problem(path, cell_id, f"WRONG replaces this, which is no answer cell of "
                      f"{shown(chapter.source)}")
              for cell_id in wrong if cell_id not in answers]
    return found


def _built(notebook: Path, source: Source, src: str, stem: str) -> list[Problem]:
    where, rebuild = shown(notebook), f"rebuild it: python tools/build_chapters.py {stem}"
    if not notebook.is_file():
        return [Problem(where, "(every exercise)", f"not built yet; {rebuild}")]
    try:
        built = grade_cells(nbformat.read(notebook, as_version=4).cells)
    except Exception as exc:  # a notebook someone broke by hand
        return [Problem(where, "(every exercise)", f"unreadable ({exc}); {rebuild}")]
    found = []
    for grade_id, points in source.graded.items():
        if grade_id not in built:
            found.append(Problem(where, grade_id, f"no graded cell with this grade id, which "
                                 f"{src} has; {rebuild}"))
        elif built[grade_id] != points:
            found.append(Problem(where, grade_id, f"{built[grade_id]:g} points in its nbgrader "
                                 f"metadata, {src} says {points:g}; {rebuild}"))
    found += [Problem(where, grade_id, f"a graded cell {src} does not have; {rebuild}")
              for grade_id in built if grade_id not in source.graded]
    return found


def _facts(chapter: Chapter) -> list[Problem]:
    import build_check_facts

    if chapter.learner is None or chapter.teacher is None:
        return []
    where = shown(chapter.facts)
    try:
        data = build_check_facts.chapter_facts(chapter.chapter, chapter.learner.checks.values(),
                                               chapter.teacher.checks)
    except Exception as exc:  # FactsError, or a teacher's check that cannot say its facts
        return [Problem(where, "(every exercise)", f"cannot be written: {exc}")]
    if build_check_facts.stale(chapter.facts, data):
        return [Problem(where, "(every exercise)", "the facts of the visible cases are out of "
                        "date; run python tools/build_check_facts.py")]
    return []
