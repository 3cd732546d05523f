"""Run: the cells a busy machine may have failed, and their notebooks run again alone.

Stock grades one notebook at a time. When several run at once, a test cell that measures
time (timing.py) and fails, or a cell the time limit killed while its job got less than a
core (supervisor.STARVED_SHARE), is not scored yet: after the parallel pass its notebook
runs again with the machine to itself (no other job at all), and that run stands; the run
report and the class report say which cells and why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..judge.cases import CaseBook
from ..judge.notebook import score_notebook
from ..protocol import Job, Run
from ..read.assignment import Assignment
from ..read.submission import Submission

Flagged = dict[str, list[tuple[str, str]]]  # notebook → (cell, why) of each flagged cell
RunJobs = Callable[[Iterable[Job]], Iterator[Run]]  # e.g. WorkerPool.run


def busy_failures(sub: Submission, runs: dict[str, Run], assignment: Assignment,
                  book: CaseBook, clocked: frozenset[tuple[str, str]]) -> Flagged:
    """Per notebook, the cells a busy machine may have failed: (cell, why)."""
    found: Flagged = {}
    for name, run in runs.items():
        cells = [(cid, f"{run.cells[cid].excluded}, with less than a core to itself")
                 for cid in run.starved if cid in run.cells]
        # judged here only when a cell of this notebook measures time: judging a chapter's
        # check cells twice per student (here and when recorded) cost about a sixth of the
        # grader's CPU on a chapter
        if any(notebook == name for notebook, _ in clocked):
            spec = assignment.notebooks[name]
            for score in score_notebook(spec, sub.notebooks[name], run, book):
                if (name, score.grade_id) in clocked and not score.passed and \
                        score.grade_id not in dict(cells):
                    cells.append((score.grade_id, "it measures time"))
        if cells:
            found[name] = cells
    return found


def rerun_alone(run_jobs: RunJobs, workers: int, sub: Submission, runs: dict[str, Run],
                jobs: dict[str, Job], flagged: Flagged, assignment: Assignment,
                book: CaseBook) -> tuple[list[str], list[dict[str, Any]]]:
    """Run each flagged notebook again with no other job running; that run stands (in
    `runs`). Returns the lines for the student's row and the run report's `reruns`."""
    notes, reruns = [], []
    for name, cells in flagged.items():
        again = next(iter(run_jobs([jobs[runs[name].job_id]])))
        runs[name] = again
        after = {s.grade_id: s for s in score_notebook(assignment.notebooks[name],
                                                       sub.notebooks[name], again, book)}
        for cid, why in cells:
            score = after.get(cid)
            ran = again.cells.get(cid)
            outcome = ("passed" if score.passed else "failed again") if score else \
                ("ran" if ran and not ran.excluded else "failed again")
            notes.append(f"{name}: {cid} failed while {workers} notebooks ran at once "
                         f"({why}); re-run alone: {outcome}")
            reruns.append({"student": sub.student, "notebook": name, "cell": cid,
                           "why": why, "workers": workers, "outcome": outcome})
    return notes, reruns
