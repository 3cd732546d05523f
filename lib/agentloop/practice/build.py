"""Making and updating a learner's workspace from the course's instructor notebooks.

`update_workspace(workspace, chapters)` is what `agentloop workspace` (and so `./course lab`)
runs every time. For each chapter `chapters/NN_name.ipynb` it makes the student version
exactly as nbgrader's generate_assignment does (its own preprocessors: solutions replaced
by a stub, hidden tests removed, outputs cleared, cells locked and checksummed — without a
gradebook) and then, for the learner's copy:

- missing (a new chapter, or one the learner deleted to start over) → written;
- written before and the course's version has not changed → left alone;
- the course changed the chapter, the learner's copy is exactly as it was written → replaced;
- the course changed it and the learner changed only answer cells → the new version is
  written with the learner's answer cells carried over by grade id, and the learner's
  copy is kept in `old-versions/` first;
- the course changed it and the learner changed anything else (a note, an extra cell, an
  answer whose exercise is gone) → the learner's copy is left as it is and the new version
  (with the answers that have a place in it) is written beside it as `NN_name.new.ipynb`.

Every action is reported in a message; nothing is ever silently replaced. In the student
version the answer cells, and the cells that use an answer, carry the `raises-exception`
tag, so Run All goes on past an exercise that is not done yet (its stub raises
NotImplementedError).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.practice.solutions import encode_bundle
from agentloop.practice.workspace import (
    COURSE,
    MANIFEST,
    OLD_VERSIONS,
    PROGRESS_PAGE,
    SOLUTIONS,
    VERSIONS,
    read_json,
    state_dir,
    write_json,
)

RAISES = "raises-exception"  # JupyterLab and nbclient run on past an error in such a cell
CHECK_CALL = re.compile(r"""\bcheck\(\s*["']([\w.-]+)["']""")
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


def chapter_notebooks(chapters: Path) -> list[Path]:
    """The course's chapters, in order: chapters/NN_name.ipynb."""
    return sorted(chapters.glob("[0-9]*.ipynb"))


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
        converter.log = logging.getLogger("agentloop.practice.nbgrader")
        converter.log.setLevel(logging.ERROR)
        converter.force = True
        converter.start()
        nb = nbformat.read(Path(tmp, "release", stem, notebook.name), as_version=4)
    tag_unfinished(nb, answer_names(nbformat.read(notebook, as_version=4)))
    return nb


def answer_names(instructor: Any) -> dict[str, set[str]]:
    """The names each answer cell of the instructor notebook defines, by grade id."""
    import ast

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
    import ast

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


def version_key(nb: Any) -> str:
    """What identifies a version of a notebook: its cells' types, sources, nbgrader
    metadata and tags (not outputs, cell ids or other metadata)."""
    cells = [[c.cell_type, c.source, c.metadata.get("nbgrader"), c.metadata.get("tags", [])]
             for c in nb.cells]
    return hashlib.sha256(json.dumps(cells, sort_keys=True).encode()).hexdigest()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _grade_id(cell: Any) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def _is_answer(cell: Any) -> bool:
    return bool(cell.metadata.get("nbgrader", {}).get("solution"))


# --- what the course says about itself: exercises, checks, solutions ----------------------

def chapter_title(nb: Any, stem: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return stem


def _check_info(check_id: str) -> dict[str, Any]:
    from agentloop.checks import get_check

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


def solutions_of(stem: str, instructor: Any, catalog: dict[str, Any]) -> dict[str, Any]:
    """Each exercise's reference answer (the instructor notebook's answer cell)."""
    exercises = {e["id"]: e for e in catalog["exercises"]}
    out = {}
    for cell in instructor.cells:
        grade_id = _grade_id(cell)
        if _is_answer(cell) and grade_id in exercises:
            out[grade_id] = {"chapter": stem, "answer": exercises[grade_id]["answer"],
                             "kind": cell.cell_type, "source": solution_text(cell.source),
                             "checks": [c["id"] for c in exercises[grade_id]["checks"]]}
    return out


def progress_page() -> Any:
    """The workspace's 00_progress.ipynb."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            "# Your progress\n\n"
            "Every exercise of every chapter, with the state of each of its checks: "
            "**passed** (the latest run of the check passed), **tried** (you ran it on an "
            "answer of yours and some case failed) or **not started**. Every "
            '`check("…")` you run in a chapter notebook updates it; run the cell below '
            "again to see the latest. In a terminal, `agentloop progress` prints the same.\n\n"
            "Once all the checks of an exercise pass, its check cell tells you so and "
            '`solution("<exercise id>")` shows the course\'s answer next to yours. Before '
            "that, `solution(...)` asks you to confirm first — trying a little longer is "
            "usually worth it."),
        nbformat.v4.new_code_cell("from agentloop.practice import progress, solution\n\n"
                                  "progress()"),
    ]
    return nb


# --- updating a workspace ------------------------------------------------------------------

@dataclass
class Update:
    """What `update_workspace` did: one message per notebook it touched."""

    workspace: Path
    messages: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.messages.append(text)


def _sources(nb: Any) -> dict[str, str]:
    return {_grade_id(c): c.source for c in nb.cells if _is_answer(c) and _grade_id(c)}


def _other_cells(nb: Any) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source) for c in nb.cells if not _is_answer(c)]


def carry_answers(learner: Any, written: Any, new: Any) -> tuple[Any, list[str], list[str],
                                                                  bool]:
    """The new version with the learner's changed answer cells carried over by grade id.

    Returns (notebook, carried ids, ids that have no place in the new version, whether the
    learner changed anything besides answer cells)."""
    import copy

    mine, before = _sources(learner), _sources(written)
    changed = {gid: text for gid, text in mine.items() if text != before.get(gid)}
    merged = copy.deepcopy(new)
    carried = []
    for cell in merged.cells:
        gid = _grade_id(cell)
        if _is_answer(cell) and gid in changed:
            cell.source = changed[gid]
            carried.append(gid)
    lost = sorted(set(changed) - set(carried))
    other_edits = _other_cells(learner) != _other_cells(written)
    return merged, carried, lost, other_edits


def _free_name(folder: Path, stem: str, tag: str) -> Path:
    path = folder / f"{stem}.{tag}.ipynb"
    number = 2
    while path.exists():
        path = folder / f"{stem}.{tag}-{number}.ipynb"
        number += 1
    return path


def _write(path: Path, nb: Any) -> bytes:
    import nbformat

    data = (nbformat.writes(nb) + "\n").encode("utf-8")
    path.write_bytes(data)
    return data


def place(workspace: Path, name: str, new: Any, manifest: dict[str, Any],
          update: Update) -> None:
    """Bring one notebook of the workspace to the course's version `new` (see the module)."""
    import nbformat

    files = manifest.setdefault("files", {})
    entry = files.get(name)
    path = workspace / name
    versions = state_dir(workspace) / VERSIONS
    versions.mkdir(parents=True, exist_ok=True)
    key = version_key(new)

    def record(data: bytes) -> None:
        files[name] = {"version": key, "written": _sha(data)}
        (versions / name).write_bytes(data)

    if not path.exists():
        record(_write(path, new))
        update.say(f"{name}: {'written again (it was missing)' if entry else 'added'}")
        return
    if entry is not None and (entry.get("version") == key or entry.get("offered") == key):
        return
    current = path.read_bytes()
    if entry is not None and _sha(current) == entry.get("written"):
        record(_write(path, new))
        update.say(f"{name}: updated to the course's new version (you had not changed it)")
        return
    learner = nbformat.reads(current.decode("utf-8"), as_version=4)
    written_path = versions / name
    written = nbformat.read(written_path, as_version=4) if written_path.is_file() \
        else nbformat.from_dict({**learner, "cells": []})
    merged, carried, lost, other_edits = carry_answers(learner, written, new)
    kept = ", ".join(carried) if carried else "none had changed"
    if not lost and not other_edits and entry is not None:
        old = workspace / OLD_VERSIONS
        old.mkdir(exist_ok=True)
        backup = _free_name(old, Path(name).stem, "before-update")
        shutil.copy2(path, backup)
        record(_write(path, merged))
        update.say(f"{name}: updated to the course's new version with your answers carried "
                   f"over ({kept}); your previous copy is {backup.relative_to(workspace)}")
        return
    beside = _free_name(workspace, Path(name).stem, "new")
    _write(beside, merged)
    why = []
    if lost:
        why.append(f"your answers to {', '.join(lost)} have no place in it")
    if other_edits:
        why.append("you changed cells other than answers")
    if entry is None:
        why.append("this copy was not written by the course")
    files[name] = {**(entry or {"version": None, "written": None}), "offered": key}
    update.say(f"{name}: the course changed this chapter and {'; '.join(why)}, so your copy "
               f"is left as it is; the new version (answers carried over: {kept}) is "
               f"{beside.name}")


def update_workspace(workspace: Path, chapters: Path) -> Update:
    """Create `workspace` or bring it up to date with the instructor notebooks in
    `chapters`; see the module's text. Returns what was done."""
    import nbformat

    workspace.mkdir(parents=True, exist_ok=True)
    notebooks = chapter_notebooks(chapters)
    if not notebooks:
        raise ValueError(f"chapters={str(chapters)!r} holds no chapter notebook "
                         "(NN_name.ipynb); build them with python tools/build_chapters.py")
    update = Update(workspace)
    state = state_dir(workspace)
    state.mkdir(exist_ok=True)
    manifest = read_json(state / MANIFEST, {"format": 1, "files": {}})
    catalog: dict[str, Any] = {"format": 1, "chapters": []}
    solutions: dict[str, Any] = {}
    for notebook in notebooks:
        instructor = nbformat.read(notebook, as_version=4)
        student = student_version(notebook)
        chapter = chapter_catalog(notebook.stem, student)
        catalog["chapters"].append(chapter)
        solutions.update(solutions_of(notebook.stem, instructor, chapter))
        place(workspace, notebook.name, student, manifest, update)
    place(workspace, PROGRESS_PAGE, progress_page(), manifest, update)
    write_json(state / COURSE, catalog)
    (state / SOLUTIONS).write_text(encode_bundle(solutions), encoding="ascii")
    write_json(state / MANIFEST, manifest)
    return update
