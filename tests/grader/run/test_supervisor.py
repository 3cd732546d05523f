"""The supervisor on its own, without a course: the order it accepts messages in, the time
limit's one deadline, and jobs on a real warm worker (reruns without the cell that killed
the process, a worker that dies, the grader's environment kept out)."""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.course import CHAPTERS
from agentloop_grader.isolation import View, choose
from agentloop_grader.protocol import (
    CellFinished,
    CellJob,
    CellKind,
    CellStarted,
    Done,
    Job,
    Limits,
    Probe,
    ProbeBook,
    Ready,
    Setup,
    encode,
    encode_control,
)
from agentloop_grader.run.supervisor import Ending, Sequence, run_job
from agentloop_grader.run.workers import Worker
from chapter_answers import cases, key

# chapter 1's solution cell (self-contained, as every answer cell is)
GOOD = T.answers(T.read(CHAPTERS / "01_agent_loop.ipynb"))["ch1-decide-answer"]
CHECK = "ch1-decide-failure"


def test_the_sequence_refuses_messages_out_of_order():
    sequence = Sequence(["a", "b"], Limits())
    lines = [CellStarted("a"), Ready(), CellStarted("b"), CellStarted("a"),
             CellFinished("b"), CellFinished("a"), Done(), CellStarted("b"), CellFinished("b"),
             Done()]
    sequence.feed(b"".join(encode(m) for m in lines) + b"garbage\n", 0.0)
    assert sequence.done
    assert [m.cell_id for m in sequence.finished] == ["a", "b"]
    assert sequence.garbage == 5  # started a before ready, b out of turn, finished b, done


def test_the_time_limit_is_one_deadline_from_the_jobs_limits():
    limits = Limits(time_s=2.0)
    sequence = Sequence(["a", "b"], limits)
    assert sequence.deadline(100.0) == 100.0 + Limits.STARTUP_S  # before Ready: set-up
    sequence.feed(encode(Ready()), 101.0)
    assert sequence.deadline(100.0) == 103.0  # a cell's time from the last message
    sequence.feed(encode(CellStarted("a")), 110.0)
    assert sequence.deadline(100.0) == 112.0
    assert limits.job_seconds(2) == Limits.STARTUP_S + 2.0 * 3
    sequence.feed(encode(CellFinished("a")) + encode(CellStarted("b")), 125.5)
    assert sequence.deadline(100.0) == 100.0 + limits.job_seconds(2)  # the whole job's cap
    assert limits.cpu_seconds(2) == 11  # the job's CPU rlimit: every cell, one more, 5 s


@pytest.fixture(scope="module")
def worker():
    tmp = Path(tempfile.mkdtemp(prefix="agentloop-test-"))
    os.chmod(tmp, 0o711)
    root, files = tmp / "w", tmp / "files"
    root.mkdir()
    files.mkdir()
    os.chmod(root, 0o711)
    (files / "data.txt").write_text("42\n")
    os.chmod(files, 0o755)
    os.chmod(files / "data.txt", 0o644)
    choice = choose("auto")
    view = View.for_this_python(str(root), extra_readable=(str(files),))
    setup = Setup(("agentloop",), ("agentloop.checks.ch1",), str(files), choice.to_plain(),
                  view.to_plain(), files=("data.txt",))
    worker = Worker(setup, choice, view, root)
    worker.start()
    yield worker
    worker.close()


def _job(*cells: CellJob, time_s: float = 3.0) -> Job:
    return Job("t", "s", "nb", cells, Limits(time_s=time_s, memory_mb=512), ())


def _check_cell() -> CellJob:
    inputs = [c.input for c in cases(key(CHECK))]
    return CellJob(CHECK, CellKind.CHECK, "", (Probe(CHECK, "decide", "", inputs),))


def test_a_good_notebook_runs_in_one_attempt(worker):
    run = run_job(_job(CellJob("a", CellKind.ANSWER, GOOD), _check_cell(),
                       CellJob("t", CellKind.TEST, "assert open('data.txt').read() == '42\\n'")),
                  worker)
    assert run.attempts == 1 and not run.problems
    assert run.cells["a"].result.error is None, run.cells["a"].result
    assert run.cells[CHECK].missing is None, run.cells[CHECK]
    assert len(run.cells[CHECK].probes[CHECK]) == len(cases(key(CHECK)))
    assert run.cells["t"].result.error is None


def test_culprits_are_cut_and_the_rest_still_runs(worker):
    run = run_job(_job(CellJob("exits", CellKind.PLAIN, "import os\nos._exit(3)"),
                       CellJob("a", CellKind.ANSWER, GOOD),
                       CellJob("loops", CellKind.PLAIN, "while True:\n    pass"),
                       _check_cell(), time_s=2), worker)
    assert run.attempts == 3
    assert "exited with code 3" in run.cells["exits"].excluded
    assert "time limit" in run.cells["loops"].excluded
    assert run.cells["a"].result.error is None
    assert CHECK in run.cells[CHECK].probes


def test_a_probe_that_kills_the_process_cuts_only_its_cell(worker):
    run = run_job(_job(CellJob("a", CellKind.ANSWER,
                               "def decide(state):\n    import os\n    os._exit(0)\n"),
                       _check_cell(), CellJob("after", CellKind.PLAIN, "x = 1")), worker)
    assert run.cells[CHECK].excluded.startswith(f"cell {CHECK}: process exited")
    assert run.cells["after"].result.error is None


def test_a_job_does_not_inherit_the_graders_environment(worker, monkeypatch):
    monkeypatch.setenv("GRADER_SECRET", "s3cret")
    run = run_job(_job(CellJob("t", CellKind.TEST,
                               "import os\nassert 'GRADER_SECRET' not in os.environ")), worker)
    assert run.cells["t"].result.error is None


def test_a_job_cannot_signal_its_worker(worker):
    run = run_job(_job(CellJob("k", CellKind.PLAIN,
                               "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)"),
                       CellJob("after", CellKind.PLAIN, "x = 1")), worker)
    assert "PermissionError" in (run.cells["k"].result.error or "")
    assert run.attempts == 1 and run.cells["after"].result.error is None


def test_a_dead_worker_is_started_again_and_the_job_rerun(worker):
    assert worker.proc is not None
    os.killpg(worker.proc.pid, signal.SIGKILL)
    run = run_job(_job(CellJob("a", CellKind.PLAIN, "x = 1")), worker)
    assert run.cells["a"].result is not None and run.cells["a"].result.error is None
    assert worker.proc is not None and worker.proc.poll() is None


def test_an_attempt_ends_in_a_named_way(worker):
    attempt = worker.attempt(_job(CellJob("a", CellKind.PLAIN, "x = 1")))
    assert attempt.ending is Ending.DONE


def test_probes_sent_once_reach_every_job_even_after_a_restart(worker):
    """A worker holding the run's ProbeBook gets each check cell's probes by key; a process
    started again after one died is sent the book again before its next job."""
    cell = _check_cell()
    keyed = CellJob(cell.cell_id, cell.kind, cell.source, cell.probes, "nb/" + CHECK)
    worker.share(encode_control(ProbeBook.of({keyed.probes_key: keyed.probes})),
                 frozenset({keyed.probes_key}))
    assert worker.shared == {keyed.probes_key}
    assert worker.attempt(_job(CellJob("a", CellKind.ANSWER, GOOD), keyed)).ending \
        is Ending.DONE
    for _ in range(2):
        run = run_job(_job(CellJob("a", CellKind.ANSWER, GOOD), keyed), worker)
        assert len(run.cells[CHECK].probes[CHECK]) == len(cases(key(CHECK))), run.cells
        assert all("value" in out for out in run.cells[CHECK].probes[CHECK])
        os.killpg(worker.proc.pid, signal.SIGKILL)  # the next job meets a new process
    run = run_job(_job(CellJob("a", CellKind.ANSWER, GOOD), keyed), worker)
    assert len(run.cells[CHECK].probes[CHECK]) == len(cases(key(CHECK)))


def test_a_job_naming_probes_its_worker_was_never_sent_fails_out_loud(worker):
    cell = _check_cell()
    unknown = CellJob(cell.cell_id, cell.kind, cell.source, (), "nb/never-sent")
    run = run_job(_job(unknown), worker)
    assert run.problems == ["the sandbox failed to start: agentloop_grader.protocol."
                            f"ProtocolError: cell {CHECK}: its probes 'nb/never-sent' were "
                            "never sent to this worker"]
    assert CHECK not in run.cells  # nothing ran: no probe output to judge
