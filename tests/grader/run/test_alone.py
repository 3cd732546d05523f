"""A test cell that measures time never gets an unfair 0 from parallel grading: failed while
other notebooks ran, its notebook runs again with the machine to itself, and that run stands
(run/alone.py, run/timing.py). The reports say which cells and why.

Deterministic, not timed: the test cell stands in for `assert elapsed < 0.1` with a lock the
test controls. Every notebook holds a shared lock on one file while it runs; the test cell
passes only if it can take that lock exclusively, i.e. when no other notebook runs. Two
barriers (files in the same folder) make sure both notebooks of the busy pass are running
when they test, so both fail there; a notebook run again alone finds the barriers already
passed and the lock free. (The trusted mode lets two jobs share that folder.)
"""

from __future__ import annotations

import json
from pathlib import Path

import make_notebook as mk
import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import CellJob, CellKind, Job, Limits
from agentloop_grader.release import release
from agentloop_grader.run.supervisor import Attempt, Ending, run_job
from agentloop_grader.run.timing import clocked_cells, reads_a_clock

pytestmark = pytest.mark.slow
A = "speed"

SETUP = '''import fcntl
import os
import time

LOCKS = {locks!r}
running = open(os.path.join(LOCKS, "running"), "a+")
fcntl.lockf(running, fcntl.LOCK_SH)  # held while this notebook runs


def wait_for(prefix):
    """Until two notebooks have got here (at once on a run that was already busy)."""
    open(os.path.join(LOCKS, f"{{prefix}}-{{os.getpid()}}"), "w").close()
    while sum(n.startswith(prefix) for n in os.listdir(LOCKS)) < 2:
        time.sleep(0.01)


wait_for("present")
'''
ANSWER = "def fast(n):\n    ### BEGIN SOLUTION\n    return n * (n - 1) // 2\n    ### END SOLUTION\n"
TEST = '''start = time.perf_counter()
probe = open(os.path.join(LOCKS, "running"), "a+")
try:
    fcntl.lockf(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
    alone = True
    fcntl.lockf(probe, fcntl.LOCK_SH)
except OSError:
    alone = False
wait_for("tested")
elapsed = time.perf_counter() - start
assert fast(10) == 45
assert alone, "another notebook ran at the same time"  # stands in for elapsed < 0.1
'''


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Course, object]:
    root = tmp_path_factory.mktemp("timing")
    locks = root / "locks"
    locks.mkdir()
    course = Course(root / "course")
    mk.write(course.source_notebook(A, "speed"), mk.notebook(
        mk.plain(SETUP.format(locks=str(locks))), mk.answer("fast", ANSWER),
        mk.asserts("test_fast", TEST)))
    release(course, [A])
    released = T.read(course.released_notebook(A, "speed"))
    right = "def fast(n):\n    return n * (n - 1) // 2\n"
    T.submit(course, A, "fair", T.with_answers(released, {"fast": right}), notebook="speed")
    T.submit(course, A, "wrong", T.with_answers(released, {"fast": "def fast(n):\n"
                                                           "    return n\n"}),
             notebook="speed")
    report = autograde(course, A, Options(workers=2, progress=False, isolation="trusted",
                                          trusted=True))
    return course, report


def test_the_cell_is_seen_to_measure_time(graded):
    course, _ = graded
    from agentloop_grader.read.assignment import load_assignment

    assert clocked_cells(load_assignment(course, A)) == {("speed", "test_fast")}
    assert reads_a_clock("%timeit f()") and reads_a_clock("import time\n")
    assert not reads_a_clock("assert runtime_error is None")


def test_a_busy_failure_is_run_again_alone_and_that_run_stands(graded):
    course, report = graded
    assert T.gradebook_scores(course, A) == {"fair": {"test_fast": 1.0},
                                             "wrong": {"test_fast": 0.0}}
    outcomes = {r["student"]: r["outcome"] for r in report.reruns}
    assert outcomes == {"fair": "passed", "wrong": "failed again"}
    assert all(r["why"] == "it measures time" and r["workers"] == 2 for r in report.reruns)


def test_both_reports_say_so(graded):
    _, report = graded
    rows = {r.student: r for r in report.rows}
    assert "speed: test_fast failed while 2 notebooks ran at once (it measures time); " \
           "re-run alone: passed" in rows["fair"].problems
    saved = json.loads(Path(report.files[0]).read_text())
    assert saved["reruns"] == report.reruns
    assert "Re-run with the machine to itself" in Path(report.files[1]).read_text()
    page = Path(next(f for f in report.files if f.endswith(".class.html"))).read_text()
    assert "re-run alone" in page


WAITS = "import time\ntime.sleep(60)  # waits, as a notebook waiting on something would"


@pytest.fixture(scope="module")
def killed(tmp_path_factory) -> tuple[Course, object]:
    course = Course(tmp_path_factory.mktemp("killed") / "course")
    mk.write(course.source_notebook(A, "speed"), mk.notebook(
        mk.answer("answer", "x = 1\n### BEGIN SOLUTION\nx = 2\n### END SOLUTION"),
        mk.asserts("test_x", "assert x == 2")))
    release(course, [A])
    released = T.read(course.released_notebook(A, "speed"))
    for student, answer in (("waits", WAITS), ("right", "x = 2\n")):
        T.submit(course, A, student, T.with_answers(released, {"answer": answer}),
                 notebook="speed")
    report = autograde(course, A, Options(workers=2, progress=False,
                                          limits=Limits(time_s=2, memory_mb=512)))
    return course, report


def test_a_cell_killed_while_its_job_got_little_cpu_is_run_again_alone(killed):
    course, report = killed
    assert [(r["student"], r["cell"], r["outcome"]) for r in report.reruns] == \
        [("waits", "answer", "failed again")]
    assert "less than a core" in report.reruns[0]["why"]
    assert T.gradebook_scores(course, A) == {"waits": {"test_x": 0.0},
                                             "right": {"test_x": 1.0}}


class _Worker:
    """Attempts as a worker would report them: the first killed at the time limit."""

    def __init__(self, cpu_seconds: float) -> None:
        self.cpu_seconds, self.calls = cpu_seconds, 0

    def attempt(self, job: Job) -> Attempt:
        self.calls += 1
        if self.calls == 1:
            return Attempt(started=["loop"], ready=True, ending=Ending.TIME_LIMIT,
                           seconds=10.0, cpu_seconds=self.cpu_seconds)
        return Attempt(ready=True, ending=Ending.DONE, seconds=1.0, cpu_seconds=1.0)


@pytest.mark.parametrize("cpu_seconds,starved", [(9.9, False), (2.0, True)])
def test_only_a_job_with_less_than_a_core_counts_as_slowed(cpu_seconds, starved):
    """An endless loop takes a whole core: killed with its CPU time near its wall time, it
    was not slowed by the machine, and is not run again."""
    job = Job("j", "s", "nb", (CellJob("loop", CellKind.PLAIN, "while True: pass"),),
              Limits(time_s=10))
    run = run_job(job, _Worker(cpu_seconds))
    assert run.cells["loop"].excluded == "cell loop: killed after 10 s (time limit)"
    assert run.starved == (["loop"] if starved else [])


class _Untouchable:
    """Stands for the submission, assignment and case book: judging would touch them."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"judged a notebook with no cell that measures time ({name})")


def test_a_notebook_without_a_clocked_cell_is_not_judged_for_the_rerun():
    """busy_failures judges only notebooks with a cell that measures time (judging every
    check cell twice cost a sixth of the grader's CPU on a chapter); a starved cell of any
    notebook is still flagged."""
    from agentloop_grader.protocol import CellRun, Run
    from agentloop_grader.run.alone import busy_failures

    nobody = _Untouchable()
    calm = Run("j1", "s", "calm", {"a": CellRun()})
    starved = Run("j2", "s", "slow", {"loop": CellRun(excluded="cell loop: killed")},
                  starved=["loop"])
    found = busy_failures(nobody, {"calm": calm, "slow": starved}, nobody, nobody,
                          frozenset({("other", "test_time")}))
    assert found == {"slow": [("loop", "cell loop: killed, with less than a core to itself")]}
