"""What a notebook left in its folder comes back for autograded/ (run/workers.py
`written_files`): its own new files, within a cap; not the assignment's links, nor the
student's files as handed in."""

from __future__ import annotations

import base64
import os

from agentloop_grader.protocol import Job, SubmittedFile
from agentloop_grader.run import workers
from agentloop_grader.run.workers import written_files


def test_the_notebooks_own_files_come_back_and_nothing_else(tmp_path):
    work = tmp_path / "work"
    (work / "out").mkdir(parents=True)
    (work / "out" / "plot.txt").write_text("drawn")
    (work / "mine.py").write_text("as handed in")
    (work / "edited.py").write_text("changed by the notebook")
    (work / "__pycache__").mkdir()
    (work / "__pycache__" / "mine.cpython-311.pyc").write_bytes(b"cache")
    os.symlink(tmp_path / "files" / "data.csv", work / "data.csv")  # the assignment's file
    own = [SubmittedFile(name, base64.b64encode(text.encode()).decode())
           for name, text in (("mine.py", "as handed in"), ("edited.py", "as handed in"))]
    kept, problems = written_files(work, Job("j", "ada", "part1", (), files=tuple(own)))
    assert {f.path: base64.b64decode(f.data_b64).decode() for f in kept} == {
        "edited.py": "changed by the notebook", "out/plot.txt": "drawn"}
    assert problems == []


def test_what_is_over_the_cap_is_named(tmp_path, monkeypatch):
    for name in "abc":
        (tmp_path / f"{name}.bin").write_bytes(b"x" * 10)
    monkeypatch.setattr(workers, "KEPT_BYTES", 25)
    kept, problems = written_files(tmp_path, Job("j", "ada", "part1", ()))
    assert [f.path for f in kept] == ["a.bin", "b.bin"]
    assert problems == ["autograded/ keeps 0 MB of the files the notebook wrote; not kept: "
                        "c.bin (10 bytes)"]


def test_a_worker_that_cannot_start_says_what_it_printed(tmp_path):
    """The worker's last line of stderr is the message (here: an import the sandbox's
    Python lacks), not an error of the grader's own."""
    import stat

    import pytest
    from agentloop_grader.isolation import View, choose
    from agentloop_grader.protocol import Setup
    from agentloop_grader.run.workers import Worker, WorkerError

    python = tmp_path / "python"
    python.write_text("#!/bin/sh\necho 'Traceback (most recent call last):' >&2\n"
                      "echo \"ModuleNotFoundError: No module named 'IPython'\" >&2\nexit 1\n")
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    choice = choose("trusted", trusted=True)
    view = View.for_this_python(str(tmp_path))
    setup = Setup(("agentloop",), (), str(tmp_path), choice.to_plain(), view.to_plain(), ())
    worker = Worker(setup, choice, view, tmp_path, python=str(python))
    with pytest.raises(WorkerError) as caught:
        worker.start()
    assert str(caught.value).endswith(": ModuleNotFoundError: No module named 'IPython'")
    assert worker.proc is None and worker.sock is None
