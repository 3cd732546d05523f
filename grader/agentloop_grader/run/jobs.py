"""Run: a sanitised submission → its jobs (protocol.Job), one per runnable notebook.

A student's notebooks run one after another, as stock runs them (sorted by name): each
starts in a folder holding the student's files and what the notebooks before it wrote
(`Chain`), so part 2 can read what part 1 saved, and it sees the notebooks run before it
(`%run part1.ipynb`, `!ls`) as the student handed them in.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol import CellJob, CellKind, Job, Limits, Probe, Run, SubmittedFile
from ..read.assignment import SKIP_GRADING, Assignment, NotebookSpec, cell_tags, nbgrader_meta
from ..read.submission import Submission, SubmittedNotebook

Probes = dict[str, tuple[Probe, ...]]  # one notebook's check cells' probes, by grade id

# Magics that never start a program: a cell starting with one needs no command host.
_QUIET_MAGICS = ("matplotlib", "config", "load_ext", "reload_ext", "unload_ext", "autoreload",
                 "aimport", "time", "timeit", "prun", "precision", "xmode", "who", "whos",
                 "writefile", "capture", "html", "javascript", "js", "latex", "markdown",
                 "svg", "env", "run", "load", "pwd", "cd", "reset", "history", "doctest_mode")
_SHELL_HINT = re.compile(r"^\s*(!|%%?(?!%)(?!(" + "|".join(_QUIET_MAGICS) + r")\b))|=\s*!"
                         r"|get_ipython|system|getoutput|magic", re.MULTILINE)


def probes_key(notebook: str, grade_id: str) -> str:
    """Where a check cell's probes are in a run's ProbeBook."""
    return f"{notebook}/{grade_id}"


def probe_book(probes: dict[str, Probes]) -> dict[str, tuple[Probe, ...]]:
    """A run's probes by key (`probes_key`), as its warm workers are sent them once."""
    return {probes_key(name, gid): cell for name, cells in probes.items()
            for gid, cell in cells.items()}


def may_run_commands(cells: tuple[CellJob, ...]) -> bool:
    """Whether a job of these cells gets a command host from the start: some line is a
    shell command (`!ls`, `x = !ls`), a magic that may start a program (`%%bash`, `%pip`)
    or names one of IPython's ways to run one. A miss costs time, never a grade: a job
    without a host that runs a command after all (a helper module's, a name made at run
    time) runs again with one (protocol.WantsCommands)."""
    return any(_SHELL_HINT.search(cell.source) for cell in cells)


def cells_to_run(notebook: SubmittedNotebook, spec: NotebookSpec,
                 probes: Probes) -> tuple[CellJob, ...]:
    """The code cells to run, in order. `probes` gives each CHECK cell's probes (and the
    key they have in the run's ProbeBook)."""
    jobs = []
    for index, cell in enumerate(notebook.cells):
        if cell.get("cell_type") != "code":
            continue
        gid = nbgrader_meta(cell).get("grade_id")
        source = spec.cell(gid) if isinstance(gid, str) else None
        if source is None:
            if SKIP_GRADING in cell_tags(cell):
                continue
            jobs.append(CellJob(f"cell-{index}", CellKind.PLAIN, cell["source"]))
            continue
        if source.skip or source.kind is None:
            continue
        # the text was already restored from the gradebook when the cell is locked
        found = probes.get(gid or "", ())
        key = probes_key(spec.name, gid) if found and gid else ""
        jobs.append(CellJob(gid or f"cell-{index}", source.kind, cell["source"],
                            tuple(found), key))
    return tuple(jobs)


@dataclass
class Chain:
    """A student's runnable notebooks, in stock's order, and the folder they share: the
    student's files, then what each notebook wrote (the next one starts with it)."""

    number: int
    todo: list[tuple[int, str, tuple[CellJob, ...]]]  # (index, notebook, cells) to run
    files: dict[str, SubmittedFile]
    keep_own: tuple[str, ...]  # the student's files the assignment's do not replace
    notebooks: dict[str, SubmittedFile] = field(default_factory=dict)  # the student's, by
    # source name: each joins the folder when its turn comes, as in stock's folder

    @classmethod
    def of(cls, sub: Submission, number: int, assignment: Assignment,
           probes: dict[str, Probes], folder: Path, kept: tuple[str, ...] = ()) -> Chain:
        """`sub`'s chain; `folder` is where it was handed in, `kept` the assignment's files
        a student's own copy of stays (Autograde.exclude_overwriting)."""
        todo = []
        for index, (name, notebook) in enumerate(sub.notebooks.items()):
            if notebook.runnable():
                spec = assignment.notebooks[name]
                todo.append((index, name, cells_to_run(notebook, spec, probes[name])))
        todo.sort(key=lambda item: item[1])
        keep = set(kept)
        keep_own = tuple(sorted(f.path for f in sub.files if f.path in keep))
        return cls(number, todo, {f.path: f for f in sub.files}, keep_own,
                   own_notebooks(sub, folder))

    def next_job(self, student: str, limits: Limits, after: Run | None = None) -> Job | None:
        """The student's next notebook, starting from what `after` (the one before) left."""
        if after is not None:
            self.files.update({f.path: f for f in after.written})
        if not self.todo:
            return None
        index, name, cells = self.todo.pop(0)
        if name in self.notebooks:
            self.files[f"{name}.ipynb"] = self.notebooks[name]
        return Job(f"j{self.number:05d}n{index}", student, name, cells, limits,
                   tuple(self.files.values()), self.keep_own, may_run_commands(cells))


def own_notebooks(sub: Submission, folder: Path) -> dict[str, SubmittedFile]:
    """The student's notebooks as handed in, under their source names: stock runs each
    notebook in a folder holding it and the ones run before it (`%run part1.ipynb` and
    `!ls` see them). The student's own files: the hidden tests are not in them."""
    found = {}
    for name, notebook in sub.notebooks.items():
        if not notebook.runnable() or not notebook.file:
            continue
        try:
            data = (folder / notebook.file).read_bytes()
        except OSError:
            continue
        found[name] = SubmittedFile(f"{name}.ipynb", base64.b64encode(data).decode())
    return found
