"""Sanitise: a student's notebook made gradable, as stock autograde's sanitize_preprocessors
make it, by these stages in this order (one module and one public function each):

    clear_output          outputs cleared, each source one string, non-cells dropped
    deduplicate_ids       a grade id on several cells stays on the last one
    overwrite_kernelspec  the source's kernelspec
    overwrite_cells       graded and locked cells get the source's type, points, checksum
                          and, when locked (every test cell), its text
    reorder_cells         graded cells the student moved go back to the source's order
    add_missing_cells     graded and locked cells the student deleted come back

A stage takes a `Notebook` and the `Source` and returns `Sanitised` (cells.py): a new
notebook, its input unchanged, and what it noticed, one line each; `sanitise` runs the
stages over one notebook and keeps those lines in the notebook's `problems`.
"""

from __future__ import annotations

from dataclasses import replace

from ..read.assignment import Assignment
from ..read.released import Records
from ..read.submission import Submission, SubmittedNotebook
from .add_missing_cells import add_missing_cells
from .cells import Notebook, Sanitised, Source, Stage
from .clear_output import clear_output
from .deduplicate_ids import deduplicate_ids
from .overwrite_cells import overwrite_cells
from .overwrite_kernelspec import overwrite_kernelspec
from .reorder_cells import reorder_cells

SANITISERS: tuple[Stage, ...] = (clear_output, deduplicate_ids, overwrite_kernelspec,
                                 overwrite_cells, reorder_cells, add_missing_cells)

__all__ = ["SANITISERS", "Notebook", "Sanitised", "Source", "Stage", "sanitise",
           "sanitise_submission"]


def sanitise(notebook: SubmittedNotebook, source: Source,
             stages: tuple[Stage, ...] = SANITISERS) -> SubmittedNotebook:
    """`notebook` after every stage (an unreadable one as it is)."""
    if not notebook.runnable():
        return notebook
    current, problems = Notebook(notebook.metadata, notebook.cells), list(notebook.problems)
    for stage in stages:
        done = stage(current, source)
        current = done.notebook
        problems += done.problems
    return replace(notebook, cells=current.cells, metadata=current.metadata, problems=problems)


def sanitise_submission(sub: Submission, assignment: Assignment,
                        records: dict[str, Records]) -> Submission:
    """Every notebook of a submission sanitised against its source notebook."""
    notebooks = {name: sanitise(notebook, Source(assignment.notebooks[name],
                                                 records.get(name, {})))
                 for name, notebook in sub.notebooks.items()}
    return replace(sub, notebooks=notebooks)
