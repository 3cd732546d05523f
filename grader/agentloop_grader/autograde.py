"""Autograde one assignment for a whole class, as a pipeline of small stages:

    read → extract answers → build job → sandbox run → judge
         → write gradebook (scores, late penalty) and notebook → report

Sandbox runs happen in parallel (threads each supervising a child process, or Dask tasks);
everything else, and every write, happens in this process, one student at a time.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from .course import Course, GradingError
from .judging import CaseBook, build_job, judge_submission
from .late import LatePenalties
from .notebooks import Spec, Submission, load_spec, read_submission
from .records import GradebookWriter, autograded_notebook, released_answers, write_notebook
from .report import Row, RunReport
from .supervisor import Limits, failed_run, isolation_available, safe_run_job

Runner = Callable[[list[dict[str, Any]]], Iterator[dict[str, Any]]]


@dataclass(frozen=True)
class Options:
    """How to run a grading pass."""

    workers: int = 0  # 0: one per core
    scheduler: str | None = None  # a Dask scheduler address
    limits: Limits = field(default_factory=Limits)
    seed: int | None = None  # None: each check's fixed seed (same cases as the notebook)
    progress: bool = True
    students: tuple[str, ...] = ()  # only these (default: every submission)

    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1


def thread_runner(workers: int) -> Runner:
    """Run jobs on `workers` threads, each supervising one sandbox process at a time."""
    def run(jobs: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(safe_run_job, job) for job in jobs]
            for future in as_completed(futures):
                yield future.result()
    return run


def dask_runner(address: str) -> Runner:
    """Run jobs as tasks on a Dask distributed cluster (each task supervises one sandbox)."""
    def run(jobs: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        from distributed import Client, as_completed

        with Client(address) as client:
            futures = client.map(safe_run_job, jobs, pure=False)
            job_of = {future.key: job for future, job in zip(futures, jobs, strict=True)}
            for future in as_completed(futures):
                try:
                    yield future.result()
                except Exception as exc:  # a lost worker: still one row for the student
                    yield failed_run(job_of[future.key], f"Dask task failed: {exc!r}")
    return run


class Autograder:
    """Grades every submission of one assignment in a course."""

    def __init__(self, course: Course, assignment: str, options: Options = Options()) -> None:
        self.course, self.assignment, self.options = course.require(), assignment, options
        source = course.source_notebook(assignment)
        if not source.is_file():
            raise GradingError(f"{assignment} is not released in {course.root}; "
                               f"run `agentloop-grade release {assignment}` first")
        self.spec: Spec = load_spec(source, assignment)
        self.book = CaseBook.build(self.spec, options.seed)
        released_path = course.released_notebook(assignment)
        self.released_nb = json.loads(released_path.read_text(encoding="utf-8"))
        self.released = released_answers(released_path)
        self.late = LatePenalties.for_course(course)  # as configured for stock nbgrader
        self.isolate = isolation_available()

    # --- stages ---------------------------------------------------------------------------

    def students(self) -> list[str]:
        found = self.course.submitted_students(self.assignment)
        if self.options.students:
            found = [s for s in found if s in self.options.students]
        return found

    def read(self, student: str) -> Submission:
        folder = self.course.path("submitted", student, self.assignment)
        return read_submission(folder / f"{self.spec.notebook}.ipynb", student, self.spec)

    def job(self, sub: Submission) -> dict[str, Any]:
        return build_job(self.spec, self.book, sub, self.options.limits.as_dict(),
                         self.isolate, self.course.private_paths())

    def runner(self) -> Runner:
        if self.options.scheduler:
            return dask_runner(self.options.scheduler)
        return thread_runner(self.options.worker_count())

    def record(self, writer: GradebookWriter, sub: Submission,
               run: dict[str, Any] | None) -> Row:
        """Judge one run, write its gradebook row and autograded notebook, return its row."""
        scores = judge_submission(self.spec, self.book, sub, run)
        problems = [*([sub.unreadable] if sub.unreadable else []), *sub.problems,
                    *((run or {}).get("problems", []))]
        recorded = writer.write(sub, scores)
        nb = autograded_notebook(self.released_nb, self.spec, sub, run, scores)
        path = self.course.path("autograded", sub.student, self.assignment)
        write_notebook(nb, path / f"{self.spec.notebook}.ipynb")
        row = Row.from_scores(sub.student, scores, problems + recorded.problems, run)
        row.seconds_late, row.late_penalty = recorded.seconds_late, recorded.late_penalty
        return row

    # --- the whole pass -------------------------------------------------------------------

    def run(self) -> RunReport:
        start = time.monotonic()
        options = self.options
        report = RunReport(self.assignment, settings={
            "workers": options.worker_count(), "scheduler": options.scheduler,
            "seed": options.seed, "limits": options.limits.as_dict(),
            "isolation": "namespaces + nobody" if self.isolate else "rlimits + temp dir",
            "late_penalties": self.late.describe()})
        if not self.isolate:
            report.notes.append("not running as root on Linux: sandbox limited to rlimits "
                                "and a temporary directory (no namespaces, same user)")
        report.notes += [f"{gid}: {why} (left for manual grading)"
                         for gid, why in self.book.unknown.items()]
        students = self.students()
        if not students:
            raise GradingError(f"no submissions for {self.assignment} in "
                               f"{self.course.root / 'submitted'}; run `agentloop-grade "
                               "collect` first")
        subs = {s: self.read(s) for s in students}
        jobs = [self.job(sub) for sub in subs.values() if not sub.unreadable]
        with GradebookWriter(self.course, self.spec, self.released, self.late) as writer:
            for sub in subs.values():
                if sub.unreadable:
                    report.add(self.record(writer, sub, None))
            bar = _progress(len(jobs), options.progress, self.assignment)
            for run in self.runner()(jobs):
                report.add(self.record(writer, subs[run["student"]], run))
                bar.update(1)
            bar.close()
        report.seconds = round(time.monotonic() - start, 3)
        report.files = [str(p) for p in report.save(self.course.root / "reports")]
        return report


def _progress(total: int, enabled: bool, label: str) -> Any:
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is optional: no bar
        enabled = False
    if not enabled:
        class _Quiet:
            def update(self, n: int) -> None: ...
            def close(self) -> None: ...
        return _Quiet()
    return tqdm(total=total, desc=f"grading {label}", unit="submission", file=sys.stderr)


def autograde(course: Course, assignment: str, options: Options = Options()) -> RunReport:
    """Grade every collected submission of `assignment`; write gradebook, notebooks, report."""
    return Autograder(course, assignment, options).run()
