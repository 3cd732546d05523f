"""Extract: a student's submission → for each notebook, the cells to run and to record.

A submission is `submitted/<student>/<assignment>/`: notebooks, a timestamp.txt and any
other files the student handed in. For each notebook of the assignment this stage:

1. finds the student's file: by name, else the notebook with the most of its grade ids
   (a renamed copy such as `part1-Copy1.ipynb`);
2. sanitizes it as stock autograde does: outputs cleared, duplicate grade ids dropped (the
   last one is kept), cells whose grade id the source does not know made plain, and every
   graded or locked cell given back the source's cell type, points, checksum and — when
   locked, as every test cell is — the source's text;
3. restores what the student deleted or moved: a missing graded cell comes back from the
   source after the graded cell before it (as nbgrader's add_missing_cells), a missing task
   at the end, and graded cells the student reordered go back to the source's order;
4. lists the cells to run (`protocol.CellJob`), in order.

What it found is said in `problems`, one line each; nothing here raises for a student.
"""

from __future__ import annotations

import base64
import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .assignment import Assignment, NotebookSpec, cell_tags, nbgrader_meta, source_text
from .protocol import CellJob, CellKind, SubmittedFile

MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
MAX_EXTRA_FILES = 50
MAX_EXTRA_BYTES = 10 * 1024 * 1024
TIMESTAMP = "timestamp.txt"


@dataclass(frozen=True)
class SourceCellRecord:
    """A graded or locked cell as the gradebook recorded it at release (what stock
    restores from)."""

    grade_id: str
    cell_type: str
    locked: bool
    source: str
    checksum: str
    points: float | None  # grade cells only
    task: bool = False
    solution: bool = False
    released: str | None = None  # the text students were given (hidden tests removed)


@dataclass
class SubmittedNotebook:
    """One notebook of one student, sanitized and ready to run."""

    name: str
    file: str = ""  # the student's file name ("" when none was found)
    cells: list[dict[str, Any]] = field(default_factory=list)  # sanitized nbformat cells
    metadata: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    unreadable: str = ""  # why nothing of this notebook can be graded

    def runnable(self) -> bool:
        return not self.unreadable


@dataclass
class Submission:
    student: str
    assignment: str
    notebooks: dict[str, SubmittedNotebook]
    timestamp: str | None = None
    files: tuple[SubmittedFile, ...] = ()
    problems: list[str] = field(default_factory=list)  # about the submission as a whole


def read_submission(folder: Path, student: str, assignment: Assignment,
                    records: dict[str, dict[str, SourceCellRecord]]) -> Submission:
    """Everything the grader takes from a student's folder (see the module docstring)."""
    sub = Submission(student, assignment.name, {}, _timestamp(folder / TIMESTAMP))
    files = _notebook_files(folder)
    matched = match_notebooks(files, assignment)
    used = {path for path in matched.values() if path is not None}
    for path in files:
        if path not in used:
            sub.problems.append(f"{path.name} is not a notebook of {assignment.name}; ignored")
    for name, spec in assignment.notebooks.items():
        path = matched.get(name)
        if path is None:
            sub.notebooks[name] = SubmittedNotebook(name, unreadable=(
                f"no {name}.ipynb submitted" if folder.is_dir() else "nothing submitted"))
            continue
        notebook = _read(path, spec, records.get(name, {}))
        if path.stem != name:
            notebook.problems.insert(0, f"{path.name} graded as {name}.ipynb "
                                        "(matched by its grade ids)")
        sub.notebooks[name] = notebook
    sub.files, skipped = extra_files(folder)
    sub.problems += skipped
    return sub


def _notebook_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.ipynb") if p.is_file() and not p.is_symlink())


def match_notebooks(files: list[Path], assignment: Assignment) -> dict[str, Path | None]:
    """Source notebook name → the student's file: same name first, then by grade ids (the
    file sharing the most grade ids with exactly one unmatched notebook)."""
    out: dict[str, Path | None] = {name: None for name in assignment.notebooks}
    rest = []
    for path in files:
        if path.stem in out and out[path.stem] is None:
            out[path.stem] = path
        else:
            rest.append(path)
    for path in rest:
        ids = _grade_ids(path)
        scores = {name: len(ids & spec.grade_ids) for name, spec in assignment.notebooks.items()
                  if out[name] is None}
        best = max(scores.values(), default=0)
        winners = [name for name, score in scores.items() if score == best]
        if best > 0 and len(winners) == 1:
            out[winners[0]] = path
    return out


def _grade_ids(path: Path) -> set[str]:
    try:
        nb = _load(path)
    except ValueError:
        return set()
    return {gid for cell in nb["cells"] if isinstance(cell, dict)
            and isinstance(gid := nbgrader_meta(cell).get("grade_id"), str)}


def _load(path: Path) -> dict[str, Any]:
    size = path.stat().st_size
    if size == 0:
        raise ValueError("the notebook is empty")
    if size > MAX_NOTEBOOK_BYTES:
        raise ValueError(f"the notebook is larger than {MAX_NOTEBOOK_BYTES // 2**20} MB")
    try:
        nb = json.loads(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise ValueError(f"{path.name} is not a readable notebook "
                         f"({type(exc).__name__})") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ValueError(f"{path.name} is not a readable notebook (no list of cells)")
    return nb


def _read(path: Path, spec: NotebookSpec,
          records: dict[str, SourceCellRecord]) -> SubmittedNotebook:
    notebook = SubmittedNotebook(spec.name, path.name)
    try:
        nb = _load(path)
    except ValueError as exc:
        notebook.unreadable = str(exc)
        return notebook
    metadata = nb.get("metadata") if isinstance(nb.get("metadata"), dict) else {}
    notebook.metadata = dict(metadata, kernelspec=spec.raw.get("metadata", {}).get(
        "kernelspec", metadata.get("kernelspec", {})))
    cells = [c for c in nb["cells"] if isinstance(c, dict)
             and c.get("cell_type") in ("code", "markdown", "raw")]
    cells = [_clean(c) for c in cells]
    cells = _deduplicate(cells, notebook.problems)
    cells = [_overwrite(c, spec, records, notebook.problems) for c in cells]
    cells = _reorder(cells, spec, notebook.problems)
    notebook.cells = _add_missing(cells, spec, records, notebook.problems)
    return notebook


def _clean(cell: dict[str, Any]) -> dict[str, Any]:
    """A copy with outputs cleared and the source as one string (as stock's ClearOutput).
    The outputs are dropped before copying: they can be most of a notebook's bytes."""
    metadata = cell.get("metadata")
    cell = {k: v for k, v in cell.items() if k not in ("outputs", "execution_count")}
    cell["source"] = source_text(cell)
    cell["metadata"] = copy.deepcopy(metadata) if isinstance(metadata, dict) else {}
    if cell.get("cell_type") == "code":
        cell["outputs"], cell["execution_count"] = [], None
    return cell


def _grade_id(cell: dict[str, Any]) -> str | None:
    gid = nbgrader_meta(cell).get("grade_id")
    return gid if isinstance(gid, str) else None


def _deduplicate(cells: list[dict[str, Any]], problems: list[str]) -> list[dict[str, Any]]:
    """Keep the last cell of each grade id, as stock's DeduplicateIds does."""
    seen: set[str] = set()
    for cell in reversed(cells):
        gid = _grade_id(cell)
        if gid is None:
            continue
        if gid in seen:
            cell["metadata"].pop("nbgrader", None)
            problems.append(f"cell {gid} appears more than once; the last one is graded")
        seen.add(gid)
    return cells


def _overwrite(cell: dict[str, Any], spec: NotebookSpec, records: dict[str, SourceCellRecord],
               problems: list[str]) -> dict[str, Any]:
    """Give a graded or locked cell back what the source says (stock's OverwriteCells)."""
    gid = _grade_id(cell)
    if gid is None:
        return cell
    record = records.get(gid)
    if record is None or spec.cell(gid) is None:
        cell["metadata"].pop("nbgrader", None)  # an id the source does not know: plain
        return cell
    meta = cell["metadata"]["nbgrader"]
    if cell.get("cell_type") != record.cell_type:
        problems.append(f"cell {gid} was changed to {cell.get('cell_type')}; "
                        f"restored as {record.cell_type}")
        cell = _as_type(cell, record.cell_type)
        meta = cell["metadata"]["nbgrader"]
    meta["locked"] = record.locked
    meta["checksum"] = record.checksum
    source = spec.cell(gid)
    assert source is not None
    meta["grade"], meta["solution"], meta["task"] = source.grade, source.solution, source.task
    if record.points is not None:
        meta["points"] = record.points
    if record.locked and cell["source"] != record.source:
        given = record.source if record.released is None else record.released
        if cell["source"].strip() != given.strip():
            what = "test cell" if source.grade and not source.solution else "read-only cell"
            problems.append(f"{what} {gid} was edited; the source's text was run")
        cell["source"] = record.source
    return cell


def _as_type(cell: dict[str, Any], cell_type: str) -> dict[str, Any]:
    cell = dict(cell, cell_type=cell_type)
    if cell_type == "code":
        cell["outputs"], cell["execution_count"] = [], None
    else:
        cell.pop("outputs", None)
        cell.pop("execution_count", None)
    return cell


def _reorder(cells: list[dict[str, Any]], spec: NotebookSpec,
             problems: list[str]) -> list[dict[str, Any]]:
    """Graded cells the student moved go back to the source's order; each plain cell stays
    with the graded cell it followed."""
    order = {c.grade_id: i for i, c in enumerate(spec.cells) if c.grade_id}
    ids = [gid for c in cells if (gid := _grade_id(c)) in order]
    if ids == sorted(ids, key=order.__getitem__):
        return cells
    problems.append("graded cells were moved; they were run in the source's order")
    head: list[dict[str, Any]] = []
    groups: list[list[dict[str, Any]]] = []
    for cell in cells:
        if _grade_id(cell) in order:
            groups.append([cell])
        elif groups:
            groups[-1].append(cell)
        else:
            head.append(cell)
    groups.sort(key=lambda g: order[_grade_id(g[0]) or ""])
    return head + [cell for group in groups for cell in group]


def _add_missing(cells: list[dict[str, Any]], spec: NotebookSpec,
                 records: dict[str, SourceCellRecord],
                 problems: list[str]) -> list[dict[str, Any]]:
    """Put back graded and locked cells the student deleted, after the graded cell that
    comes before them in the source (tasks at the end), as nbgrader's add_missing_cells."""
    present = {gid for c in cells if (gid := _grade_id(c))}
    for source in spec.cells:
        gid = source.grade_id
        if not gid or gid in present or gid not in records:
            continue
        if not (source.grade or source.task or source.locked or source.solution):
            continue
        restored = _restored_cell(source.cell_type, records[gid], spec)
        problems.append(f"cell {gid} was missing; restored from the source")
        if source.task:
            cells.append(restored)
        else:
            cells.insert(_position_after_previous(cells, spec, source.index), restored)
        present.add(gid)
    return cells


def _position_after_previous(cells: list[dict[str, Any]], spec: NotebookSpec,
                             index: int) -> int:
    earlier = [c.grade_id for c in spec.cells[:index] if c.grade_id]
    for gid in reversed(earlier):
        for position, cell in enumerate(cells):
            if _grade_id(cell) == gid:
                return position + 1
    return 0


def _restored_cell(cell_type: str, record: SourceCellRecord,
                   spec: NotebookSpec) -> dict[str, Any]:
    """The released version of a graded cell (the student's blank, or the locked text)."""
    source = spec.cell(record.grade_id)
    assert source is not None
    meta = {"grade": source.grade, "grade_id": record.grade_id, "locked": record.locked,
            "checksum": record.checksum, "solution": source.solution, "task": source.task,
            "schema_version": 3}
    if record.points is not None:
        meta["points"] = record.points
    cell: dict[str, Any] = {"cell_type": cell_type, "metadata": {"nbgrader": meta},
                            "source": record.source}
    if cell_type == "code":
        cell["outputs"], cell["execution_count"] = [], None
    if source.skip:
        cell["metadata"]["tags"] = ["skip-grading"]
    return cell


def cells_to_run(notebook: SubmittedNotebook, spec: NotebookSpec,
                 probes: dict[str, tuple[Any, ...]]) -> tuple[CellJob, ...]:
    """The code cells to run, in order. `probes` gives each CHECK cell's probes."""
    jobs = []
    for index, cell in enumerate(notebook.cells):
        if cell.get("cell_type") != "code":
            continue
        gid = _grade_id(cell)
        source = spec.cell(gid) if gid else None
        if source is None:
            if "skip-grading" in cell_tags(cell):
                continue
            jobs.append(CellJob(f"cell-{index}", CellKind.PLAIN, cell["source"]))
            continue
        if source.skip or source.kind is None:
            continue
        # the text was already restored from the gradebook when the cell is locked
        jobs.append(CellJob(gid or f"cell-{index}", source.kind, cell["source"],
                            tuple(probes.get(gid or "", ()))))
    return tuple(jobs)


def extra_files(folder: Path) -> tuple[tuple[SubmittedFile, ...], list[str]]:
    """Other files the student handed in (their own helper module, say), capped."""
    if not folder.is_dir():
        return (), []
    out, skipped, total = [], [], 0
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_dir() or rel.name == TIMESTAMP or path.suffix == ".ipynb" \
                or any(part.startswith(".") for part in rel.parts):
            continue
        if path.is_symlink():
            skipped.append(f"{rel}: symbolic link not used")
            continue
        size = path.stat().st_size
        if len(out) >= MAX_EXTRA_FILES or total + size > MAX_EXTRA_BYTES:
            skipped.append(f"{rel}: not used (more than {MAX_EXTRA_FILES} files or "
                           f"{MAX_EXTRA_BYTES // 2**20} MB submitted)")
            continue
        total += size
        out.append(SubmittedFile(rel.as_posix(), base64.b64encode(path.read_bytes()).decode()))
    return tuple(out), skipped


def _timestamp(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text[:64] or None


def source_records(gradebook: Any, assignment: Assignment,
                   released: Path | None = None) -> dict[str, dict[str, SourceCellRecord]]:
    """What the gradebook recorded at release for each notebook's graded and locked cells
    (and, from release/, the text students were given)."""
    from nbgrader.api import MissingEntry

    out: dict[str, dict[str, SourceCellRecord]] = {}
    for name in assignment.notebooks:
        try:
            notebook = gradebook.find_notebook(name, assignment.name)
        except MissingEntry:
            continue
        given = _released_sources(released / f"{name}.ipynb") if released else {}
        points = {c.name: float(c.max_score) for c in notebook.grade_cells}
        points.update({c.name: float(c.max_score) for c in notebook.task_cells})
        tasks = {c.name for c in notebook.task_cells}
        solutions = {c.name for c in notebook.solution_cells}
        out[name] = {c.name: SourceCellRecord(c.name, c.cell_type, bool(c.locked),
                                              c.source or "", c.checksum or "",
                                              points.get(c.name), c.name in tasks,
                                              c.name in solutions, given.get(c.name))
                     for c in notebook.source_cells}
    return out


def _released_sources(path: Path) -> dict[str, str]:
    try:
        nb = _load(path)
    except (OSError, ValueError):
        return {}
    return {gid: source_text(c) for c in nb["cells"] if isinstance(c, dict)
            and (gid := nbgrader_meta(c).get("grade_id"))}
