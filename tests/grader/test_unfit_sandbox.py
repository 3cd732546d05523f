"""Never silently wrong: when the sandbox cannot give a notebook the assignment's files, the
run stops with one line saying so, before any grade is written (supervisor.SandboxUnfit).

A real cause was bubblewrap leaving out every path under /dev/ — the work dirs on /dev/shm
among them — so the notebooks ran without their data. Here the files are left out of the
sandbox's view on purpose, which must be caught the same way in each isolation mode.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import make_class as mc
import pytest
import stock
from agentloop_grader import isolation
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course, GradingError
from agentloop_grader.isolation import IsolationUnavailable, View, choose
from agentloop_grader.protocol import CellJob, CellKind, Job, Limits, Setup
from agentloop_grader.release import release
from agentloop_grader.run.supervisor import SandboxUnfit, run_job
from agentloop_grader.run.workers import Worker
from unprivileged import is_root, run_as_teacher, run_with_python_reachable


@pytest.mark.parametrize("mode", ["namespaces", "landlock"])
def test_a_job_that_cannot_read_its_files_is_unfit(mode):
    try:
        choice = choose(mode)
    except IsolationUnavailable as exc:
        pytest.skip(str(exc))
    tmp = Path(tempfile.mkdtemp(prefix="agentloop-unfit-"))
    os.chmod(tmp, 0o711)
    root, files = tmp / "w", tmp / "files"
    root.mkdir()
    files.mkdir(mode=0o755)
    (files / "data.txt").write_text("42\n")
    os.chmod(root, 0o711)
    view = View.for_this_python(str(root))  # the files are not in it
    setup = Setup(("agentloop",), (), str(files), choice.to_plain(), view.to_plain(),
                  ("data.txt",))
    worker = Worker(setup, choice, view, root)
    try:
        worker.start()
    except Exception as exc:
        pytest.skip(f"{mode}: {exc}")
    try:
        job = Job("u", "s", "nb", (CellJob("a", CellKind.PLAIN, "x = 1"),), Limits(time_s=5))
        with pytest.raises(SandboxUnfit, match=r"data\.txt is not readable in the "
                                               r"notebook's folder"):
            run_job(job, worker)
    finally:
        worker.close()


def test_the_run_stops_with_one_line_and_grades_nothing(tmp_path, monkeypatch):
    course = Course(tmp_path / "course")
    stock.setup_course(course.root)
    release(course, [mc.ASSIGNMENT])
    mc.make_class(course.root, ["correct", "partial"])
    real = View.for_this_python.__func__

    def without_files(cls, work_root, extra_readable=(), **kwargs):
        return real(cls, work_root, **kwargs)

    monkeypatch.setattr(isolation.View, "for_this_python", classmethod(without_files))
    with pytest.raises(GradingError) as caught:
        autograde(course, mc.ASSIGNMENT, Options(workers=1, progress=False))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("nothing was graded: the sandbox")
    assert "data/measurements.csv is not readable" in message
    with course.gradebook() as gb:
        assert list(gb.assignment_submissions(mc.ASSIGNMENT)) == []
    assert not (course.root / "autograded").exists()


NESTED = "AGENTLOOP_UNFIT_TEST_NESTED"


@pytest.mark.skipif(not is_root() or os.environ.get(NESTED) == "1",
                    reason="run as root: this file's sandbox half again as the teacher and, "
                    "for landlock, with this Python reachable by uid 65534")
@pytest.mark.parametrize("account", ["teacher", "root with Python reachable"])
def test_the_same_as_the_other_accounts(account):
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__]
    env = {NESTED: "1"}
    if account == "teacher":
        done = run_as_teacher([*argv, "-k", "not other_accounts"],
                              cwd=str(Path(__file__).parent), env=env, timeout=600)
    else:
        done = run_with_python_reachable([*argv, "-k", "landlock"], cwd="/",
                                         env={**os.environ, **env}, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]
