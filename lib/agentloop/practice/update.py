"""Making and updating a learner's workspace from a learner release.

`update_workspace(workspace, release)` is what `agentloop workspace` (and so `./course lab`)
runs every time. It only copies: the release (agentloop.practice.release) already holds the
chapters' student versions, the course catalog and the sealed solutions. For each notebook
of the release, the learner's copy is

- missing (a new chapter, or one the learner deleted to start over) → written;
- written before and the course's version has not changed → left alone;
- the course changed the chapter, the learner's copy is exactly as it was written → replaced;
- the course changed it and the learner changed only answer cells → the new version is
  written with the learner's answer cells carried over by grade id, and the learner's
  copy is kept in `old-versions/` first;
- the course changed it and the learner changed anything else (a note, an extra cell, an
  answer whose exercise is gone) → the learner's copy is left as it is and the new version
  (with the answers that have a place in it) is written beside it as `NN_name.new.ipynb`.

The start page (`00_start_here.md`, agentloop.practice.start) is written beside them,
in the course's current language: again when it is missing or when the course would say
something else and the learner has not changed the copy; a copy the learner changed is left
as it is.

Every action is reported in a message; nothing is ever silently replaced.
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.practice import notebooks
from agentloop.practice.notebooks import Notebook, grade_id, is_answer, source, version_key
from agentloop.practice.release import BUNDLE, CATALOG, read_release
from agentloop.practice.workspace import (
    COURSE,
    MANIFEST,
    OLD_VERSIONS,
    SOLUTIONS,
    VERSIONS,
    read_json,
    state_dir,
    write_json,
)


@dataclass
class Update:
    """What `update_workspace` did: one message per notebook it touched."""

    workspace: Path
    messages: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.messages.append(text)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _answers(nb: Notebook) -> dict[str, str]:
    return {grade_id(c): source(c) for c in nb["cells"] if is_answer(c) and grade_id(c)}


def _other_cells(nb: Notebook) -> list[tuple[str, str]]:
    return [(c.get("cell_type", ""), source(c)) for c in nb["cells"] if not is_answer(c)]


def carry_answers(learner: Notebook, written: Notebook, new: Notebook
                  ) -> tuple[Notebook, list[str], list[str], bool]:
    """The new version with the learner's changed answer cells carried over by grade id.

    Returns (notebook, carried ids, ids that have no place in the new version, whether the
    learner changed anything besides answer cells)."""
    import copy

    mine, before = _answers(learner), _answers(written)
    changed = {gid: text for gid, text in mine.items() if text != before.get(gid)}
    merged = copy.deepcopy(new)
    carried = []
    for cell in merged["cells"]:
        gid = grade_id(cell)
        if is_answer(cell) and gid in changed:
            cell["source"] = changed[gid]
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


def place(workspace: Path, name: str, new_data: bytes, manifest: dict[str, Any],
          update: Update) -> None:
    """Bring one notebook of the workspace to the course's version `new_data` (see the
    module's text)."""
    files = manifest.setdefault("files", {})
    entry = files.get(name)
    path = workspace / name
    versions = state_dir(workspace) / VERSIONS
    versions.mkdir(parents=True, exist_ok=True)
    new = notebooks.parse(new_data, f"the release's {name}")
    key = version_key(new)

    def record(data: bytes) -> None:
        path.write_bytes(data)
        files[name] = {"version": key, "written": _sha(data)}
        (versions / name).write_bytes(data)

    if not path.exists():
        record(new_data)
        update.say(f"{name}: {'written again (it was missing)' if entry else 'added'}")
        return
    if entry is not None and (entry.get("version") == key or entry.get("offered") == key):
        return
    current = path.read_bytes()
    if entry is not None and _sha(current) == entry.get("written"):
        record(new_data)
        update.say(f"{name}: updated to the course's new version (you had not changed it)")
        return
    learner = notebooks.parse(current, str(path))
    written_path = versions / name
    written = notebooks.read(written_path) if written_path.is_file() \
        else {**learner, "cells": []}
    merged, carried, lost, other_edits = carry_answers(learner, written, new)
    kept = ", ".join(carried) if carried else "none had changed"
    if not lost and not other_edits and entry is not None:
        old = workspace / OLD_VERSIONS
        old.mkdir(exist_ok=True)
        backup = _free_name(old, Path(name).stem, "before-update")
        shutil.copy2(path, backup)
        record(notebooks.to_bytes(merged))
        update.say(f"{name}: updated to the course's new version with your answers carried "
                   f"over ({kept}); your previous copy is {backup.relative_to(workspace)}")
        return
    beside = _free_name(workspace, Path(name).stem, "new")
    beside.write_bytes(notebooks.to_bytes(merged))
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


def place_start_page(workspace: Path, catalog: dict[str, Any], manifest: dict[str, Any],
                     update: Update) -> None:
    """Write the start page for `catalog` (see the module's text)."""
    from agentloop.practice.start import START_PAGE, start_page

    files = manifest.setdefault("files", {})
    entry = files.get(START_PAGE)
    path = workspace / START_PAGE
    from agentloop.i18n.display import markdown_in_direction

    data = markdown_in_direction(start_page(catalog)).encode("utf-8")
    if path.exists():
        current = path.read_bytes()
        if current == data or entry is None or _sha(current) != entry.get("written"):
            return  # up to date, or the learner's own copy
    path.write_bytes(data)
    update.say(f"{START_PAGE}: {'updated' if entry else 'added'}")
    files[START_PAGE] = {"written": _sha(data)}


def update_workspace(workspace: Path, release: Path) -> Update:
    """Create `workspace` or bring it up to date with the learner release in `release`;
    see the module's text. Returns what was done."""
    course = read_release(release)
    workspace.mkdir(parents=True, exist_ok=True)
    update = Update(workspace)
    state = state_dir(workspace)
    state.mkdir(exist_ok=True)
    manifest = read_json(state / MANIFEST, {"format": 1, "files": {}})
    for name in course.notebooks:
        place(workspace, name, course.path(name).read_bytes(), manifest, update)
    shutil.copyfile(course.path(CATALOG), state / COURSE)
    shutil.copyfile(course.path(BUNDLE), state / SOLUTIONS)
    place_start_page(workspace, read_json(state / COURSE, {}), manifest, update)
    manifest["release"] = course.sources
    write_json(state / MANIFEST, manifest)
    return update
