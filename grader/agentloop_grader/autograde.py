"""Autograde one assignment for a whole class, stage by stage, as stock's autograde does:

    read      read/      the assignment (the source notebooks, their checks, what the
                         gradebook recorded at release) and each student's folder
    sanitise  sanitise/  each notebook made gradable: stock's sanitize_preprocessors
    run       run/       each notebook in the sandbox (sandbox/, behind isolation/), in
                         parallel on warm workers; only plain data comes back (protocol.py)
    judge     judge/     each graded cell scored, in this process: check cells from that
                         plain data, test cells by stock's rules
    record    record/    the gradebook, late penalties, autograded notebooks and folders
    report    report/    the run report, then the class report

Jobs (one per notebook of a student) run in parallel; everything else, and every write,
happens in this process, one student at a time. A student's notebooks run one after
another, as stock runs them (sorted by name), each starting from what the ones before it
wrote (run/jobs.py); the class's students run side by side. A cell that a busy machine may
have failed is not scored until its notebook has run again alone (run/alone.py).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import course_limits
from .course import Course, GradingError
from .isolation.modes import AUTO, Mode
from .judge.cases import CaseBook
from .judge.notebook import score_notebook
from .judge.scores import CellScore
from .protocol import Job, Limits, Run
from .read.assignment import Assignment, load_assignment
from .read.released import Records, source_records
from .read.submission import Submission, read_submission
from .record.folder import exclude_overwriting, write_autograded
from .record.gradebook import GradebookWriter
from .record.late import LatePenalties
from .report.files import after_run
from .report.run import PROTECTIONS, Row, RunReport
from .run.alone import Flagged, busy_failures, rerun_alone
from .run.fixtures import FIXTURES, Fixtures
from .run.jobs import Chain, Probes, probe_book
from .run.scratch import SCRATCH_ENV, placement, ram_tempdir, run_folder
from .run.setup import worker_setup
from .run.supervisor import SandboxUnfit
from .run.timing import clocked_cells
from .sanitise import sanitise_submission
from .secret import course_seed, fingerprint


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
        try:
            self.choice = choose(options.isolation, trusted=options.trusted,
                                 container_image=options.container_image)
        except IsolationUnavailable as exc:
            raise GradingError(str(exc)) from None
        self._late: LatePenalties | None = None
        self._records: dict[str, Records] | None = None
        self._fixtures: Fixtures | None = None  # local workers only: a Dask worker may be
        # on another machine

    # The gradebook and nbgrader's plugins take seconds to import: a run starts its workers
    # first and reads these while the workers do their own imports. So are the cases drawn
    # (chapter 5's hidden cases take some 0.3 s): they depend on the seed and the checks
    # only, and are drawn once per run, never per student.

    @functools.cached_property
    def book(self) -> CaseBook:
        """Every check's cases, hidden ones drawn from the seed (the same for the class)."""
        return CaseBook.build(self.assignment, self.seed)

    @functools.cached_property
    def probes(self) -> dict[str, Probes]:
        """What the sandbox runs of each check cell, by notebook and grade id; the local
        workers read the probes' fixtures where this run staged them (run/fixtures.py)."""
        put = self._fixtures.put if self._fixtures is not None else None
        return {name: {c.grade_id: self.book.probes(c, put) for c in spec.cells if c.checks}
                for name, spec in self.assignment.notebooks.items()}

    @property
    def late(self) -> LatePenalties:
        if self._late is None:
            self._late = LatePenalties.for_course(self.course)  # as configured for stock
        return self._late

    @property
    def records(self) -> dict[str, Records]:
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

    # --- the stages, for one student ------------------------------------------------------

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
        """Read and sanitise: the student's folder, as it will run and be recorded."""
        folder = self.course.path("submitted", student, self.assignment.name)
        return sanitise_submission(read_submission(folder, student, self.assignment),
                                   self.assignment, self.records)

    def chain(self, sub: Submission, number: int) -> Chain:
        """Run: the student's runnable notebooks, sorted by name as stock runs them."""
        folder = self.course.path("submitted", sub.student, self.assignment.name)
        return Chain.of(sub, number, self.assignment, self.probes, folder,
                        self.exclude_overwriting)

    def judge(self, sub: Submission, runs: dict[str, Run]) -> dict[str, list[CellScore]]:
        """Judge: every graded cell of every notebook of the student."""
        return {name: score_notebook(self.assignment.notebooks[name], notebook,
                                     runs.get(name), self.book)
                for name, notebook in sub.notebooks.items()}

    def record(self, writer: GradebookWriter, sub: Submission, runs: dict[str, Run],
               notes: tuple[str, ...] = ()) -> Row:
        """Judge one student's runs and record them: the gradebook, the autograded folder;
        the run report's row."""
        scores = self.judge(sub, runs)
        problems = [*sub.problems, *notes]
        for name, notebook in sub.notebooks.items():
            run = runs.get(name)
            problems += [f"{name}: {p}" for p in notebook.problems]
            if notebook.unreadable:
                problems.append(f"{name}: {notebook.unreadable}")
            if run is not None:
                problems += [f"{name}: {p}" for p in run.problems]
        recorded = writer.write(sub, scores)
        write_autograded(self.course, self.assignment, sub, runs, scores,
                         self.exclude_overwriting)
        row = Row.from_scores(sub.student, scores, problems + recorded.problems,
                              sum(r.seconds for r in runs.values()),
                              sum(r.attempts for r in runs.values()))
        row.seconds_late, row.late_penalty = recorded.seconds_late, recorded.late_penalty
        row.late_penalties = recorded.penalties
        recorded.on_problem = row.problems.append  # its batch may fail after this returns
        return row

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
            if pool is not None:  # drawn now, while the workers import; sent once each
                pool.share(probe_book(self.probes))
            else:
                self.probes  # noqa: B018 -- drawn now: a Dask job carries its own probes
            if gc.get_freeze_count():  # a frozen run: the cases live through it too
                gc.freeze()
            report = self._report()
            pending: dict[str, _Pending] = {}
            chains: dict[str, Chain] = {}
            jobs: dict[str, Job] = {}  # every job given out, by id (a rerun runs it again)
            total = 0
            for number, student in enumerate(students):
                sub = self.read(student)
                chain = chains[student] = self.chain(sub, number)
                pending[student] = _Pending(sub, waiting=len(chain.todo))
                total += len(chain.todo)
                first = chain.next_job(student, self.limits)
                if first is not None:
                    jobs[first.job_id] = first
            firsts = list(jobs.values())

            def follow(run: Run) -> Job | None:
                after = chains[run.student].next_job(run.student, self.limits, run)
                if after is not None:
                    jobs[after.job_id] = after
                return after

            busy = pool is not None and total > 1 and len(pool.workers) > 1
            deferred: list[tuple[_Pending, Flagged]] = []
            with GradebookWriter(self.course, self.assignment, self.late) as writer:
                for item in pending.values():
                    if item.waiting == 0:
                        report.add(self.record(writer, item.submission, {}))
                bar = _progress(total, self.options.progress, self.assignment.name)
                for run in self._runs(pool, firsts, report, follow):
                    item = pending[run.student]
                    item.runs[run.notebook] = run
                    item.waiting -= 1
                    bar.update(1)
                    if item.waiting == 0:
                        flagged = busy_failures(item.submission, item.runs, self.assignment,
                                                self.book, self.clocked) if busy else {}
                        if flagged:  # not scored yet: first the machine to itself
                            deferred.append((item, flagged))
                        else:
                            report.add(self.record(writer, item.submission, item.runs))
                bar.close()
                for item, flagged in deferred:
                    notes, reruns = rerun_alone(pool.run, len(pool.workers), item.submission,
                                                item.runs, jobs, flagged, self.assignment,
                                                self.book)
                    report.reruns += reruns
                    report.add(self.record(writer, item.submission, item.runs, tuple(notes)))
        return report

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
            "assignment_files": list(self._setup.files),
            "kept_by_students": sorted(self.exclude_overwriting)}, notes=notes)

    @contextlib.contextmanager
    def _pool(self, tmp: Path, students: int) -> Iterator[Any]:
        """Warm workers, started now (their imports overlap the gradebook's); None when the
        jobs go to a Dask cluster instead."""
        self._setup, views = worker_setup(self.assignment, self.released, tmp, self.choice,
                                          self.options.worker_count())
        if self.options.scheduler:
            yield None
            return
        self._fixtures = Fixtures(tmp / FIXTURES)
        from .run.workers import WorkerPool

        size = min(self.options.worker_count(), students * len(self.assignment.notebooks))
        pool = WorkerPool(self._setup, self.choice, views[:size])
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
            from .run.distributed import dask_runs

            yield from dask_runs(self.options.scheduler or "", jobs, self._setup, self.choice,
                                 follow)
            return
        pool.wait_ready()  # closed by _pool, after the reruns
        failed = pool.workers[0].ready.failed if pool.workers[0].ready else ()
        if failed:
            report.notes.append(f"could not pre-import {', '.join(failed)} "
                                "(cells importing them will fail)")
        yield from pool.run(jobs, follow)


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
