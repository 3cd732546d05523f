"""The learner release: what every self-study copy of the course holds, made from the
instructor notebooks (chapters/*.ipynb) on the teacher's side.

    python -m agentloop_grader.learner_release [--chapters DIR] [--out DIR]

writes (see agentloop.practice.release for the layout) the chapters' student versions —
exactly what nbgrader's generate_assignment makes, plus the `raises-exception` tags that let
Run All go on past a blank exercise — the progress page, the course catalog and the
solutions bundle. In the bundle each exercise's reference answer (its answer cell) is sealed
(agentloop.practice.lock) with a key made from the outputs the reference gives on the
exercise's `Lock` inputs (agentloop_grader.answers): hidden cases of its lock checks drawn
with the fixed practice seed, or for a value answer its visible cases. The bundle holds
those inputs, never their outputs. An exercise without a Lock is judged by rules alone: its
answer is sealed with a key anyone can make (`OPEN`).

`./course lab` runs this every time: it does nothing when the release in `--out` was made
from the same sources (the chapters, the library, the teacher's edition, this module). A
learner's side (`agentloop workspace`, the site, a learner edition) only copies from it.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import logging
import os
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from agentloop.checks import get_check, hidden_seed, to_plain
from agentloop.checks.student import input_key
from agentloop.practice import bundle, lock
from agentloop.practice.release import BUNDLE, CATALOG, FORMAT, MANIFEST, read_release
from agentloop.practice.workspace import PROGRESS_PAGE

REPOSITORY = Path(__file__).resolve().parents[2]
RAISES = "raises-exception"  # JupyterLab and nbclient run on past an error in such a cell
CHECK_CALL = re.compile(r"""\bcheck\(\s*["']([\w.-]+)["']""")
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


class LearnerReleaseError(ValueError):
    """The instructor notebooks or the teacher's edition cannot make a sound release."""


def chapter_notebooks(chapters: Path) -> list[Path]:
    """The course's chapters, in order: chapters/NN_name.ipynb."""
    return sorted(Path(chapters).glob("[0-9]*.ipynb"))


# --- the student version, as nbgrader makes it ---------------------------------------------

def student_version(notebook: Path) -> Any:
    """nbgrader's generate_assignment of one instructor notebook, without a gradebook."""
    import nbformat
    from nbgrader.converters import GenerateAssignment
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config

    with tempfile.TemporaryDirectory(prefix="agentloop-student-") as tmp:
        stem = notebook.stem
        source = Path(tmp, "source", stem)
        source.mkdir(parents=True)
        shutil.copyfile(notebook, source / notebook.name)
        config = Config()
        config.CourseDirectory.root = tmp
        config.CourseDirectory.assignment_id = stem
        config.GenerateAssignment.no_database = True
        config.SaveCells.enabled = False
        config.Exchange.root = str(Path(tmp, "exchange"))
        coursedir = CourseDirectory(config=config)
        converter = GenerateAssignment(coursedir=coursedir, config=config)
        converter.log = logging.getLogger("agentloop_grader.learner_release.nbgrader")
        converter.log.setLevel(logging.ERROR)
        converter.force = True
        converter.start()
        nb = nbformat.read(Path(tmp, "release", stem, notebook.name), as_version=4)
    tag_unfinished(nb, answer_names(nbformat.read(notebook, as_version=4)))
    return nb


def _grade_id(cell: Any) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _is_answer(cell: Any) -> bool:
    return bool(cell.metadata.get("nbgrader", {}).get("solution"))


def answer_names(instructor: Any) -> dict[str, set[str]]:
    """The names each answer cell of the instructor notebook defines, by grade id."""
    out = {}
    for cell in instructor.cells:
        if cell.cell_type == "code" and _is_answer(cell):
            try:
                tree = ast.parse(cell.source)
            except SyntaxError:
                continue
            names = set()
            for node in tree.body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    names.add(node.name)
                elif isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names |= {n.id for t in targets for n in ast.walk(t)
                              if isinstance(n, ast.Name)}
            out[_grade_id(cell)] = names
    return out


def tag_unfinished(nb: Any, names: dict[str, set[str]]) -> None:
    """Tag `raises-exception` the answer cells and the cells that use an answer before it
    is written, so that Run All goes on past them (their stub raises NotImplementedError)."""
    answered: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        uses = False
        if _is_answer(cell):
            answered |= names.get(_grade_id(cell), set())
            uses = True
        else:  # a demonstration, or an ordinary test cell (asserts) of an exercise
            try:
                used = {n.id for n in ast.walk(ast.parse(cell.source)) if isinstance(n, ast.Name)}
            except SyntaxError:
                used = set()
            uses = bool(used & answered)
        if uses:
            tags = cell.metadata.setdefault("tags", [])
            if RAISES not in tags:
                tags.append(RAISES)


# --- what the course says about itself: exercises, checks ----------------------------------

def chapter_title(nb: Any, stem: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return stem


def _check_info(check_id: str) -> dict[str, Any]:
    try:
        chk = get_check(check_id)
    except KeyError:
        return {"id": check_id, "title": "", "answer": None}
    return {"id": check_id, "title": chk.title, "answer": chk.answer}


def _answer_name(source: str) -> str | None:
    found = re.search(r"^(?:def|class)\s+(\w+)|^(\w+)\s*=", source, re.M)
    return (found[1] or found[2]) if found else None


def chapter_catalog(stem: str, nb: Any) -> dict[str, Any]:
    """A chapter's exercises (answer cells, in order) with the checks run after each."""
    exercises: list[dict[str, Any]] = []
    for cell in nb.cells:
        if _is_answer(cell):
            exercises.append({"id": _grade_id(cell), "answer": None, "checks": [],
                              "source": cell.source, "stub": cell.source})
        elif cell.cell_type == "code" and exercises:
            for check_id in CHECK_CALL.findall(cell.source):
                known = {c["id"] for c in exercises[-1]["checks"]}
                if check_id not in known:
                    info = _check_info(check_id)
                    exercises[-1]["checks"].append({"id": check_id, "title": info["title"]})
                    exercises[-1]["answer"] = exercises[-1]["answer"] or info["answer"]
    for exercise in exercises:
        source = exercise.pop("source")
        exercise["answer"] = exercise["answer"] or _answer_name(source)
    return {"stem": stem, "file": f"{stem}.ipynb", "title": chapter_title(nb, stem),
            "exercises": exercises}


def solution_text(source: str) -> str:
    """An answer cell of the instructor notebook, without its BEGIN/END SOLUTION lines."""
    lines = [line for line in source.splitlines() if line.strip() not in (BEGIN, END)]
    return "\n".join(lines).strip("\n")


def progress_page(language: str = "en") -> Any:
    """The workspace's 00_progress.ipynb, its text in `language` (the chapters')."""
    import nbformat

    from agentloop.i18n import speaking
    from agentloop.i18n.display import markdown_in_direction
    from agentloop.practice.start import t

    with speaking(language):
        text = "\n\n".join([
            "# " + t("Your progress"),
            t("Every exercise of every chapter, with the state of each of its checks: "
              "**passed** (the latest run of the check passed), **tried** (you ran it on an "
              "answer of yours and some case failed) or **not started**. Every "
              '`check("…")` you run in a chapter updates it; this page fills itself in when '
              "you open it, or run the cell below again. In a terminal, `agentloop progress` "
              "prints the same."),
            t("An exercise is **★ solved** when all its checks pass *and* your answer also "
              "gives the right output on cases you have not seen. Then **Solution** under its "
              'check (or `solution("<exercise id>")`) shows the course\'s answer next to '
              "yours; before that it asks you first, and your progress notes that you "
              "looked."),
        ])
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    if language != "en":
        nb.metadata["agentloop"] = {"language": language}
    nb.cells = [
        nbformat.v4.new_markdown_cell(markdown_in_direction(text, language)),
        nbformat.v4.new_code_cell("from agentloop.practice import progress, solution\n\n"
                                  "progress()"),
    ]
    for cell, name in zip(nb.cells, ("about", "table"), strict=True):
        cell.id = f"progress-{name}"  # fixed, so that every build writes the same bytes
    return nb


def chapters_language(notebooks: list[Any]) -> str:
    """The language the chapters are written in (their metadata): the one translation
    among them (a chapter not yet translated stays English beside it), else English."""
    found = {nb.metadata.get("agentloop", {}).get("language", "en") for nb in notebooks}
    translated = found - {"en"}
    return translated.pop() if len(translated) == 1 else "en"


# --- sealing each exercise's reference answer ----------------------------------------------

def _json(value: Any, where: str) -> Any:
    """Plain data exactly as it reads back from the bundle's JSON."""
    return json.loads(json.dumps(to_plain(value, where)))


def _spread(cases: list[Any], count: int) -> list[Any]:
    """`count` of `cases`, evenly spread (hidden cases come rule by rule)."""
    if len(cases) <= count:
        return list(cases)
    return [cases[(number * len(cases)) // count] for number in range(count)]


def lock_inputs(check_id: str, count: int) -> tuple[list[Any], list[Any]]:
    """A lock check's inputs and the reference's outputs on them (the outputs never leave
    this process): `count` hidden cases drawn with the practice seed (none of them a
    visible case), or, for a check whose answer is a value (`whole`), its visible cases."""
    from agentloop_grader.answers import answer_key

    learner, teacher = get_check(check_id), answer_key(check_id)
    if teacher is None:
        raise LearnerReleaseError(f"{check_id}: a Lock names it, but the teacher's edition "
                                  "has no such check")
    if learner.whole is not None:
        cases = learner.cases()
    else:
        if not teacher.has_hidden:
            raise LearnerReleaseError(f"{check_id}: a Lock names it, but it has no hidden "
                                      "cases to lock with")
        # an input whose facts the learner's edition ships (a visible case) or one drawn
        # twice would add nothing to the key
        seen = {input_key(_json(case.input, check_id)) for case in learner.cases()}
        fresh = []
        for case in teacher.hidden(random.Random(hidden_seed(lock.PRACTICE_SEED, check_id))):
            key = input_key(_json(case.input, f"{check_id}: {case.label}"))
            if key not in seen:
                seen.add(key)
                fresh.append(case)
        cases = _spread(fresh, count)
    inputs = [_json(case.input, f"{check_id}: {case.label}") for case in cases]
    outputs = []
    for value in inputs:
        output = _json(teacher.expected(value), f"{check_id}: the reference's output")
        reason = teacher.judge_one(value, output)
        if reason is not None:  # the reference must pass its own check
            raise LearnerReleaseError(f"{check_id}: the reference fails its own check on a "
                                      f"lock input ({reason})")
        outputs.append(output)
    return inputs, outputs


def _salt(exercise_id: str, inputs: Any) -> str:
    return hashlib.sha256(b"agentloop practice lock\0" + exercise_id.encode() + b"\0"
                          + lock.canonical(inputs)).hexdigest()[:32]


def sealed_entry(exercise_id: str, entry: dict[str, Any], reference: str,
                 exercise_lock: Any) -> dict[str, Any]:
    """The bundle's entry of one exercise: what it is, its lock's inputs, the sealed text."""
    if exercise_lock is None:
        secret: Any = lock.open_secret(exercise_id)
        salt = _salt(exercise_id, secret)
        about = {"kind": lock.OPEN, "salt": salt, "iterations": lock.ITERATIONS}
    else:
        unknown = sorted(set(exercise_lock.checks) - set(entry["checks"]))
        if unknown:
            raise LearnerReleaseError(f"{exercise_id}: its Lock names {', '.join(unknown)}, "
                                      f"which are not checks of this exercise "
                                      f"({', '.join(entry['checks'])})")
        parts, secret = [], []
        for check_id in exercise_lock.checks:
            inputs, outputs = lock_inputs(check_id, exercise_lock.inputs)
            parts.append({"check": check_id, "inputs": inputs})
            secret.append(outputs)
        salt = _salt(exercise_id, parts)
        about = {"kind": lock.BY_OUTPUTS, "salt": salt, "iterations": lock.ITERATIONS,
                 "inputs": parts}
    key = lock.derive_key(secret, salt, lock.ITERATIONS)
    return {**entry, "lock": about, "sealed": lock.seal(reference, key)}


def chapter_solutions(stem: str, instructor: Any, catalog: dict[str, Any]) -> dict[str, Any]:
    """Each exercise's bundle entry, its reference (the instructor's answer cell) sealed."""
    from agentloop_grader.answers import locks

    chapter = re.sub(r"^0*(\d+)_.*", r"ch\1", stem)
    exercises = {e["id"]: e for e in catalog["exercises"]}
    known = locks(chapter)
    unknown = sorted(set(known) - set(exercises))
    if unknown:
        raise LearnerReleaseError(f"agentloop_grader.answers.{chapter}.LOCKS names "
                                  f"{', '.join(unknown)}, which are not answer cells of {stem}")
    out = {}
    for cell in instructor.cells:
        grade_id = _grade_id(cell)
        if _is_answer(cell) and grade_id in exercises:
            entry = {"chapter": stem, "answer": exercises[grade_id]["answer"],
                     "kind": cell.cell_type,
                     "checks": [c["id"] for c in exercises[grade_id]["checks"]]}
            out[grade_id] = sealed_entry(grade_id, entry, solution_text(cell.source),
                                         known.get(grade_id))
    return out


# --- the release ------------------------------------------------------------------------------

def source_files(chapters: Path) -> list[Path]:
    """What a release is made from: the instructor notebooks, the library (checks, probes,
    the code the references call), the teacher's edition and this module."""
    import agentloop
    import agentloop_grader.answers

    library = Path(agentloop.__file__).parent
    answers = Path(agentloop_grader.answers.__file__).parent
    files = [*chapter_notebooks(chapters), Path(__file__).resolve()]
    for folder in (library, answers):
        files += sorted(p for p in folder.rglob("*")
                        if p.is_file() and "__pycache__" not in p.parts)
    return files


def sources_digest(chapters: Path) -> str:
    digest = hashlib.sha256(f"learner release format {FORMAT}\0".encode())
    for path in source_files(chapters):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def up_to_date(out: Path, chapters: Path) -> bool:
    try:
        return read_release(out).sources == sources_digest(chapters)
    except ValueError:
        return False


def _write_notebook(path: Path, nb: Any) -> None:
    import nbformat

    path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")


def write_release(chapters: Path, folder: Path) -> dict[str, int]:
    """Write a release from `chapters` into the empty `folder`; counts of what it holds."""
    import nbformat

    notebooks = chapter_notebooks(chapters)
    if not notebooks:
        raise LearnerReleaseError(f"--chapters {str(chapters)!r} holds no chapter notebook "
                                  "(NN_name.ipynb); build them with python "
                                  "tools/build_chapters.py")
    catalog: dict[str, Any] = {"format": 1, "chapters": []}
    solutions: dict[str, Any] = {}
    instructors = []
    for notebook in notebooks:
        instructor = nbformat.read(notebook, as_version=4)
        instructors.append(instructor)
        student = student_version(notebook)
        chapter = chapter_catalog(notebook.stem, student)
        catalog["chapters"].append(chapter)
        solutions.update(chapter_solutions(notebook.stem, instructor, chapter))
        _write_notebook(folder / notebook.name, student)
    _write_notebook(folder / PROGRESS_PAGE, progress_page(chapters_language(instructors)))
    (folder / CATALOG).write_text(json.dumps(catalog, indent=1, ensure_ascii=False,
                                             sort_keys=True) + "\n", encoding="utf-8")
    (folder / BUNDLE).write_text(bundle.encode(solutions), encoding="utf-8")
    names = [notebook.name for notebook in notebooks] + [PROGRESS_PAGE]
    manifest = {"format": FORMAT, "sources": sources_digest(chapters), "notebooks": names,
                "made_by": "agentloop_grader.learner_release"}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    locked = sum(s["lock"]["kind"] == lock.BY_OUTPUTS for s in solutions.values())
    return {"chapters": len(notebooks), "exercises": len(solutions), "locked": locked}


def build_release(chapters: Path, out: Path, force: bool = False) -> dict[str, int] | None:
    """Make the learner release of `chapters` in `out` (None: it was up to date). Written
    beside `out` first and moved into place, so a reader never sees half a release."""
    chapters, out = Path(chapters).resolve(), Path(out).resolve()
    if not force and up_to_date(out, chapters):
        return None
    if out.exists() and any(out.iterdir()) and not (out / MANIFEST).is_file():
        raise LearnerReleaseError(f"--out {str(out)!r} exists and is not a learner release; "
                                  "not replacing it")
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        counts = write_release(chapters, fresh)
        fresh.chmod(0o755)
        old = out.with_name(f".{out.name}.old.{os.getpid()}")
        if out.exists():
            out.rename(old)
        try:
            fresh.rename(out)
        except OSError:  # another build of the same sources moved its release in first
            if not up_to_date(out, chapters):
                raise
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agentloop_grader.learner_release",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=Path, default=REPOSITORY / "chapters",
                        help="the instructor notebooks (default: chapters/ in this repository)")
    parser.add_argument("--out", type=Path, default=REPOSITORY / "build" / "learner-release",
                        help="the release folder (default: build/learner-release/)")
    parser.add_argument("--force", action="store_true", help="rebuild even when up to date")
    args = parser.parse_args(argv)
    try:
        counts = build_release(args.chapters, args.out, force=args.force)
    except (LearnerReleaseError, OSError) as error:
        print(f"learner release: {error}", file=sys.stderr)
        return 2
    if counts is None:
        print(f"learner release: {args.out} is up to date")
    else:
        print(f"learner release: wrote {args.out} ({counts['chapters']} chapters, "
              f"{counts['exercises']} exercises; {counts['locked']} locked by the outputs of "
              f"a right answer, {counts['exercises'] - counts['locked']} judged by rules "
              "alone)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
