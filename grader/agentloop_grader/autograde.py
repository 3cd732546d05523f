"""Autograde one assignment for a whole class, as a pipeline of small stages:

    read (assignment.py) → extract (submission.py) → job (protocol.py)
      → sandbox (workers.py, supervisor.py, sandbox/) → judge (judging.py)
      → write (records.py: gradebook, late penalty, autograded notebooks) → report

Jobs (one per notebook of a student) run in parallel on warm workers; everything else,
and every write, happens in this process, one student at a time. A student's notebooks run
one after another, as stock runs them (sorted by name): each starts with what the ones
before it wrote in the student's folder (`_Chain`), so a notebook may read what an
earlier one saved; the class's students run side by side.

Stock grades one notebook at a time. When several run at once, a test cell that measures
time (timing.py) and fails, or a cell the time limit killed while its job got less than a
core (supervisor.STARVED_SHARE), is not scored yet: after the parallel pass its notebook
runs again with the machine to itself (no other job at all), and that run stands; the run
report and the class report say which cells and why.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentloop.checks import VISIBLE_FILE

from .assignment import Assignment, load_assignment
from .classreport import after_run
from .config import course_limits
from .course import Course, GradingError
from .isolation.modes import AUTO, Mode
from .judging import CaseBook, CellScore, score_notebook
from .late import LatePenalties
from .protocol import Job, Limits, Run, Setup, SubmittedFile
from .records import (
    GradebookWriter,
    autograded_notebook,
    copy_timestamp,
    exclude_overwriting,
    unreadable_notebook,
    write_folder,
    write_notebook,
)
from .report import PROTECTIONS, Row, RunReport
from .scratch import SCRATCH_ENV, placement, ram_tempdir, run_folder
from .secret import course_seed, fingerprint
from .submission import (
    SourceCellRecord,
    Submission,
    cells_to_run,
    read_submission,
    source_records,
)
from .supervisor import SandboxUnfit
from .timing import clocked_cells

BASE_PRELOAD = ("agentloop", "agentloop.checks")
# What stock's autograde adds to the environment its kernels see (nbgrader's
# converters/autograde.py); a notebook may test it to behave differently while graded.
STOCK_ENVIRONMENT = {"NBGRADER_EXECUTION": "autograde"}


@dataclass(frozen=True)
class Options:
    """How to run a grading pass."""

    workers: int = 0  # 0: one per core
    scheduler: str | None = None  # a Dask scheduler address
    limits: Limits | None = None  # None: the course's nbgrader timeout, default limits
    seed: int | None = None  # None: the course's secret seed (see secret.py)
    progress: bool = True
    students: tuple[str, ...] = ()  # only these (default: every submission)
    isolation: str = AUTO  # or a Mode: namespaces | landlock | container | trusted
    trusted: bool = False  # the teacher vouches for every submission (no sandbox allowed)
    container_image: str | None = None

    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1


@dataclass
class _Pending:
    """A student whose notebooks are still running."""

    submission: Submission
    runs: dict[str, Run] = field(default_factory=dict)
    waiting: int = 0


@dataclass
class _Chain:
    """A student's runnable notebooks, in stock's order, and the folder they share: the
    student's files, then what each notebook wrote (the next one starts with it)."""

    number: int
    todo: list[tuple[int, str, tuple[Any, ...]]]  # (index, notebook, cells) still to run
    files: dict[str, SubmittedFile]
    keep_own: tuple[str, ...]
    notebooks: dict[str, SubmittedFile] = field(default_factory=dict)  # the student's, by
    # source name: each joins the folder when its turn comes, as in stock's folder


class Autograder:
    """Grades every submission of one assignment in a course."""

    def __init__(self, course: Course, assignment: str, options: Options = Options()) -> None:
        from .isolation import IsolationUnavailable, choose

        self.course, self.options = course.require(), options
        self.assignment: Assignment = load_assignment(course, assignment)
        self.released = course.path("release", assignment=assignment)
        if not self.released.is_dir():
            raise GradingError(f"{assignment} is not released in {course.root}; "
                               f"run `agentloop-grade release {assignment}` first")
        config = course.config()
        self.limits = options.limits or course_limits(config)
        self.exclude_overwriting = exclude_overwriting(config, assignment)
        self.clocked = clocked_cells(self.assignment)  # test cells that measure time
        self.seed = options.seed if options.seed is not None else \
            course_seed(self.course.root, create=True)
        self.book = CaseBook.build(self.assignment, self.seed)
        try:
            self.choice = choose(options.isolation, trusted=options.trusted,
                                 container_image=options.container_image)
        except IsolationUnavailable as exc:
            raise GradingError(str(exc)) from None
        self._late: LatePenalties | None = None
        self._records: dict[str, dict[str, SourceCellRecord]] | None = None

    # The gradebook and nbgrader's plugins take seconds to import: a run starts its workers
    # first and reads these while the workers do their own imports.

    @property
    def late(self) -> LatePenalties:
        if self._late is None:
            self._late = LatePenalties.for_course(self.course)  # as configured for stock
        return self._late

    @property
    def records(self) -> dict[str, dict[str, SourceCellRecord]]:
        """What the gradebook recorded of each notebook's graded cells at release."""
        if self._records is None:
            with self.course.gradebook() as gb:
                records = source_records(gb, self.assignment, self.released)
            missing = sorted(set(self.assignment.notebooks) - set(records))
            if missing:
                name = self.assignment.name
                raise GradingError(f"{name}/{missing[0]}.ipynb is not in the gradebook; "
                                   f"run `agentloop-grade release {name}` again")
            self._records = records
        return self._records

    # --- stages ---------------------------------------------------------------------------

    def students(self) -> list[str]:
        found = self.course.submitted_students(self.assignment.name)
        if self.options.students:
            unknown = sorted(set(self.options.students) - set(found))
            if unknown:
                raise GradingError(f"no submission of {self.assignment.name} for "
                                   f"{', '.join(unknown)} in {self.course.root / 'submitted'}")
            found = [s for s in found if s in self.options.students]
        return found

    def read(self, student: str) -> Submission:
        folder = self.course.path("submitted", student, self.assignment.name)
        return read_submission(folder, student, self.assignment, self.records)

    def chain(self, sub: Submission, number: int) -> _Chain:
        """The student's runnable notebooks, sorted by name as stock runs them."""
        todo = []
        for index, (name, notebook) in enumerate(sub.notebooks.items()):
            if not notebook.runnable():
                continue
            spec = self.assignment.notebooks[name]
            probes = {c.grade_id: self.book.probes(c) for c in spec.cells if c.checks}
            todo.append((index, name, cells_to_run(notebook, spec, probes)))
        todo.sort(key=lambda item: item[1])
        return _Chain(number, todo, {f.path: f for f in sub.files}, self._keep_own(sub),
                      self._own_notebooks(sub))

    def _own_notebooks(self, sub: Submission) -> dict[str, SubmittedFile]:
        """The student's notebooks as handed in, under their source names: stock runs each
        notebook in a folder holding it and the ones run before it (`%run part1.ipynb` and
        `!ls` see them). The student's own files: the hidden tests are not in them."""
        folder = self.course.path("submitted", sub.student, self.assignment.name)
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

    def next_job(self, student: str, chain: _Chain, after: Run | None = None) -> Job | None:
        """The student's next notebook, starting from what `after` (the one before) left."""
        if after is not None:
            chain.files.update({f.path: f for f in after.written})
        if not chain.todo:
            return None
        index, name, cells = chain.todo.pop(0)
        if name in chain.notebooks:
            chain.files[f"{name}.ipynb"] = chain.notebooks[name]
        return Job(f"j{chain.number:05d}n{index}", student, name, cells, self.limits,
                   tuple(chain.files.values()), chain.keep_own)

    def _keep_own(self, sub: Submission) -> tuple[str, ...]:
        """The student's files that stay as handed in (Autograde.exclude_overwriting)."""
        kept = set(self.exclude_overwriting)
        return tuple(sorted(f.path for f in sub.files if f.path in kept))

    def record(self, writer: GradebookWriter, sub: Submission, runs: dict[str, Run],
               notes: tuple[str, ...] = ()) -> Row:
        """Judge one student's runs, write the gradebook and autograded notebooks."""
        scores: dict[str, list[CellScore]] = {}
        problems = [*sub.problems, *notes]
        for name, notebook in sub.notebooks.items():
            spec = self.assignment.notebooks[name]
            run = runs.get(name)
            scores[name] = score_notebook(spec, notebook, run, self.book)
            problems += [f"{name}: {p}" for p in notebook.problems]
            if notebook.unreadable:
                problems.append(f"{name}: {notebook.unreadable}")
            if run is not None:
                problems += [f"{name}: {p}" for p in run.problems]
        recorded = writer.write(sub, scores)
        self._write_notebooks(sub, runs, scores)
        row = Row.from_scores(sub.student, scores, problems + recorded.problems,
                              sum(r.seconds for r in runs.values()),
                              sum(r.attempts for r in runs.values()))
        row.seconds_late, row.late_penalty = recorded.seconds_late, recorded.late_penalty
        row.late_penalties = recorded.penalties
        return row

    def _write_notebooks(self, sub: Submission, runs: dict[str, Run],
                         scores: dict[str, list[CellScore]]) -> None:
        """autograded/<student>/<assignment>/ as stock leaves it: the student's files, the
        assignment's over them, what the notebooks wrote, the notebooks, timestamp.txt."""
        folder = self.course.path("autograded", sub.student, self.assignment.name)
        write_folder(folder, sub, self.assignment, runs, self.exclude_overwriting)
        for name, notebook in sub.notebooks.items():
            path = folder / f"{name}.ipynb"
            if notebook.runnable():
                nb = autograded_notebook(notebook, runs.get(name), scores[name])
            elif notebook.file:
                nb = unreadable_notebook(self.released / f"{name}.ipynb", notebook.unreadable)
            else:
                nb = None  # nothing submitted: nothing to show, as stock
            if nb is not None:
                write_notebook(nb, path)
        copy_timestamp(self.course.path("submitted", sub.student, self.assignment.name),
                       folder)

    # --- the whole pass -------------------------------------------------------------------

    def run(self) -> RunReport:
        start = time.monotonic()
        students = self.students()
        if not students:
            raise GradingError(f"no submissions for {self.assignment.name} in "
                               f"{self.course.root / 'submitted'}; run `agentloop-grade "
                               "collect` first")
        self.placement = placement(self.options.worker_count(), self.limits.disk_mb)
        try:
            report = self._graded(students)
        except SandboxUnfit as exc:
            other = "disk" if self.placement.tmpfs else "ram"
            raise GradingError(
                f"nothing was graded: the sandbox ({self.choice.mode}) cannot give the "
                f"notebooks their files, as stock would: {exc}; work dirs in "
                f"{self.placement.describe()}. Try {SCRATCH_ENV}={other} or another "
                "--isolation, and please report this") from None
        report.seconds = round(time.monotonic() - start, 3)
        reports = self.course.root / "reports"
        report.save(reports)
        report.files += after_run(self.course, report)  # reads the run report just saved
        report.save(reports)  # the same files again, now naming every file of the run
        return report

    def _graded(self, students: list[str]) -> RunReport:
        with run_folder("agentloop-grade-", self.placement.path) as tmp, \
                self._pool(Path(tmp), len(students)) as pool:
            report = self._report()
            pending: dict[str, _Pending] = {}
            chains: dict[str, _Chain] = {}
            jobs: list[Job] = []
            total = 0
            for number, student in enumerate(students):
                sub = self.read(student)
                chain = chains[student] = self.chain(sub, number)
                pending[student] = _Pending(sub, waiting=len(chain.todo))
                total += len(chain.todo)
                first = self.next_job(student, chain)
                if first is not None:
                    jobs.append(first)

            def follow(run: Run) -> Job | None:
                after = self.next_job(run.student, chains[run.student], run)
                if after is not None:
                    self._jobs[after.job_id] = after
                return after

            self._jobs = {job.job_id: job for job in jobs}
            busy = pool is not None and total > 1 and len(pool.workers) > 1
            deferred: list[tuple[_Pending, dict[str, list[tuple[str, str]]]]] = []
            with GradebookWriter(self.course, self.assignment, self.late) as writer:
                for item in pending.values():
                    if item.waiting == 0:
                        report.add(self.record(writer, item.submission, {}))
                bar = _progress(total, self.options.progress, self.assignment.name)
                for run in self._runs(pool, jobs, report, follow):
                    item = pending[run.student]
                    item.runs[run.notebook] = run
                    item.waiting -= 1
                    bar.update(1)
                    if item.waiting == 0:
                        flagged = self.busy_failures(item.submission, item.runs) if busy \
                            else {}
                        if flagged:  # not scored yet: first the machine to itself
                            deferred.append((item, flagged))
                        else:
                            report.add(self.record(writer, item.submission, item.runs))
                bar.close()
                for item, flagged in deferred:
                    notes = self._rerun_alone(pool, item, flagged, report)
                    report.add(self.record(writer, item.submission, item.runs, notes))
        return report

    def busy_failures(self, sub: Submission, runs: dict[str, Run]
                      ) -> dict[str, list[tuple[str, str]]]:
        """Per notebook, the cells a busy machine may have failed: (cell, why)."""
        found: dict[str, list[tuple[str, str]]] = {}
        for name, run in runs.items():
            cells = [(cid, f"{run.cells[cid].excluded}, with less than a core to itself")
                     for cid in run.starved if cid in run.cells]
            spec = self.assignment.notebooks[name]
            for score in score_notebook(spec, sub.notebooks[name], run, self.book):
                if (name, score.grade_id) in self.clocked and not score.passed and \
                        score.grade_id not in dict(cells):
                    cells.append((score.grade_id, "it measures time"))
            if cells:
                found[name] = cells
        return found

    def _rerun_alone(self, pool: Any, item: _Pending, flagged: dict[str, list[tuple[str, str]]],
                     report: RunReport) -> tuple[str, ...]:
        """Run each flagged notebook again with no other job running; that run stands."""
        notes = []
        sub = item.submission
        for name, cells in flagged.items():
            job = self._jobs[item.runs[name].job_id]
            again = next(iter(pool.run([job])))
            item.runs[name] = again
            after = {s.grade_id: s for s in score_notebook(self.assignment.notebooks[name],
                                                           sub.notebooks[name], again,
                                                           self.book)}
            for cid, why in cells:
                score = after.get(cid)
                ran = again.cells.get(cid)
                outcome = ("passed" if score.passed else "failed again") if score else \
                    ("ran" if ran and not ran.excluded else "failed again")
                notes.append(f"{name}: {cid} failed while {len(pool.workers)} notebooks ran "
                             f"at once ({why}); re-run alone: {outcome}")
                report.reruns.append({"student": sub.student, "notebook": name, "cell": cid,
                                      "why": why, "workers": len(pool.workers),
                                      "outcome": outcome})
        return tuple(notes)

    def _report(self) -> RunReport:
        options = self.options
        notes = []
        if self.choice.mode is Mode.TRUSTED:
            notes.append("TRUSTED RUN: submissions ran without a sandbox "
                         "(--trusted-submissions)")
        seed = options.seed if options.seed is not None else \
            f"the course's secret seed {fingerprint(str(self.seed))}"
        return RunReport(self.assignment.name, settings={
            "workers": options.worker_count(), "scheduler": options.scheduler,
            "seed": seed, "limits": {"time_s": self.limits.time_s,
                                             "memory_mb": self.limits.memory_mb,
                                             "disk_mb": self.limits.disk_mb},
            "isolation": self.choice.describe(), "isolation_mode": str(self.choice.mode),
            "guarantees": self.choice.guarantees(), "protections": PROTECTIONS,
            "late_penalties": self.late.describe(),
            "notebooks": sorted(self.assignment.notebooks),
            "work_dirs": self.placement.describe(),
            "assignment_files": self.staged_files,
            "kept_by_students": sorted(self.exclude_overwriting)}, notes=notes)

    @contextlib.contextmanager
    def _pool(self, tmp: Path, students: int) -> Iterator[Any]:
        """Warm workers, started now (their imports overlap the gradebook's); None when the
        jobs go to a Dask cluster instead."""
        setup, choice, views = self._setup(tmp)
        self._dask = (setup, choice)
        if self.options.scheduler:
            yield None
            return
        from .workers import WorkerPool

        size = min(self.options.worker_count(), students * len(self.assignment.notebooks))
        pool = WorkerPool(setup, choice, views[:size])
        pool.launch()
        try:
            yield pool
        finally:
            pool.close()

    def _runs(self, pool: Any, jobs: list[Job], report: RunReport,
              follow: Callable[[Run], Job | None]) -> Iterator[Run]:
        if not jobs:
            return
        if pool is None:
            from .distributed import dask_runs

            setup, choice = self._dask
            yield from dask_runs(self.options.scheduler or "", jobs, setup, choice, follow)
            return
        pool.wait_ready()  # closed by _pool, after the reruns
        failed = pool.workers[0].ready.failed if pool.workers[0].ready else ()
        if failed:
            report.notes.append(f"could not pre-import {', '.join(failed)} "
                                "(cells importing them will fail)")
        yield from pool.run(jobs, follow)

    def _setup(self, tmp: Path) -> tuple[Setup, object, list[object]]:
        """Stage the assignment's files (read-only) and one work root per worker."""
        from .isolation import View

        os.chmod(tmp, 0o711)
        files = tmp / "files"
        files.mkdir()
        for path in self.assignment.files:
            target = files / path.relative_to(self.assignment.folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        visible = self.released / VISIBLE_FILE
        if visible.is_file():
            shutil.copyfile(visible, files / VISIBLE_FILE)
        for path in [files, *files.rglob("*")]:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        self.staged_files = sorted(p.relative_to(files).as_posix() for p in files.rglob("*")
                                   if p.is_file())
        preload = tuple(dict.fromkeys([*BASE_PRELOAD, *sorted(self._preload())]))
        views = []
        for number in range(max(1, self.options.worker_count())):
            root = tmp / f"worker{number}"
            root.mkdir()
            os.chmod(root, 0o711)
            views.append(View.for_this_python(str(root), extra_readable=(str(files),),
                                              without_modules=self.assignment.answered_by))
        setup = Setup(preload, tuple(sorted(self.assignment.check_modules)), str(files),
                      self.choice.to_plain(), views[0].to_plain(), tuple(self.staged_files),
                      dict(STOCK_ENVIRONMENT))
        return setup, self.choice, views

    def _preload(self) -> set[str]:
        """The notebooks' imports that are installed here and are not the assignment's own
        helper modules (those live in each job's work dir)."""
        import importlib.util

        local = {p.stem for p in self.assignment.files if p.suffix == ".py"} | \
            {p.parts[0] for p in (f.relative_to(self.assignment.folder)
                                  for f in self.assignment.files) if len(p.parts) > 1}
        found = set()
        for name in self.assignment.imports - local:
            try:
                if importlib.util.find_spec(name) is not None:
                    found.add(name)
            except (ImportError, ValueError):
                continue
        return found


def _progress(total: int, enabled: bool, label: str) -> object:
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is optional: no bar
        enabled = False
    if not enabled:
        class _Quiet:
            def update(self, n: int) -> None: ...
            def close(self) -> None: ...
        return _Quiet()
    return tqdm(total=total, desc=f"grading {label}", unit="notebook", file=sys.stderr)


def autograde(course: Course, assignment: str, options: Options = Options()) -> RunReport:
    """Grade every collected submission of `assignment`; write gradebook, notebooks, report."""
    with ram_tempdir():
        grader = Autograder(course, assignment, options)
        with _frozen_heap():
            return grader.run()


@contextlib.contextmanager
def _frozen_heap() -> Iterator[None]:
    """What is loaded before a run (modules, the assignment, its cases) lives through it:
    keep the collector's full passes from walking all of it again and again."""
    if gc.get_freeze_count():  # the caller froze its own heap: leave it as it is
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
