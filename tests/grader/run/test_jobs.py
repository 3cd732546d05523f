"""A sanitised submission's jobs (run/jobs.py): the cells to run in order, a student's
notebooks one after another in stock's order, each starting from the student's files and
what the notebooks before it wrote."""

from __future__ import annotations

import base64

import make_notebook as mk
from agentloop_grader.course import Course
from agentloop_grader.protocol import CellKind, Limits, Probe, Run, SubmittedFile
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.read.submission import Submission, SubmittedNotebook
from agentloop_grader.run.jobs import Chain, cells_to_run

A = "ps"
SKIPPED = dict(mk.plain("slow()"), metadata={"tags": ["skip-grading"]})
PART1 = mk.notebook(mk.plain("import math"), mk.answer("a1", "x = 1"),
                    mk.check_cell("t1", "ps-mean"), mk.written("w1", "Because."),
                    mk.locked("r1", "LIMIT = 3"), SKIPPED)
PART2 = mk.notebook(mk.answer("a2", "y = open('out.txt').read()"))
PROBES = {"t1": (Probe("ps-mean", "mean", "call", [[1, 2]]),)}


def assignment(tmp_path):
    course = Course(tmp_path / "course")
    for name, nb in (("part2", PART2), ("part1", PART1)):
        mk.write(course.source_notebook(A, name), nb)
    (course.path("source", assignment=A) / "checks.py").write_text(
        "from agentloop.checks import Case, Check\n"
        "MEAN = Check(id='ps-mean', answer='mean', title='mean', cases=list)\n")
    return course, load_assignment(course, A)


def test_the_code_cells_run_in_order_as_their_source_says(tmp_path):
    _, spec = assignment(tmp_path)
    mine = mk.plain("print('mine')")
    notebook = SubmittedNotebook("part1", "part1.ipynb", [*PART1["cells"][:3], mine,
                                                          *PART1["cells"][3:]])
    jobs = cells_to_run(notebook, spec.notebooks["part1"], PROBES)
    assert [(j.cell_id, j.kind) for j in jobs] == [
        ("cell-0", CellKind.PLAIN), ("a1", CellKind.ANSWER), ("t1", CellKind.CHECK),
        ("cell-3", CellKind.PLAIN), ("r1", CellKind.LOCKED)]  # no markdown, no skip-grading
    assert jobs[2].probes == PROBES["t1"] and jobs[0].probes == ()


def test_a_students_notebooks_run_one_after_another_and_share_a_folder(tmp_path):
    course, spec = assignment(tmp_path)
    folder = course.path("submitted", "ada", A)
    mk.write(folder / "part1.ipynb", PART1)
    mk.write(folder / "part2-mine.ipynb", PART2)
    helper = SubmittedFile("helper.py", base64.b64encode(b"X = 1").decode())
    data = SubmittedFile("data.csv", base64.b64encode(b"mine").decode())
    sub = Submission("ada", A, {
        "part2": SubmittedNotebook("part2", "part2-mine.ipynb", PART2["cells"]),
        "part1": SubmittedNotebook("part1", "part1.ipynb", PART1["cells"])},
        files=(helper, data))
    chain = Chain.of(sub, 7, spec, {"part1": PROBES, "part2": {}}, folder, ("data.csv",))
    limits = Limits(time_s=3)
    first = chain.next_job("ada", limits)
    assert (first.job_id, first.notebook, first.limits) == ("j00007n1", "part1", limits)
    assert [f.path for f in first.files] == ["helper.py", "data.csv", "part1.ipynb"]
    assert first.keep_own == ("data.csv",)
    wrote = SubmittedFile("out.txt", base64.b64encode(b"from part 1").decode())
    second = chain.next_job("ada", limits, Run(first.job_id, "ada", "part1", written=[wrote]))
    assert (second.job_id, second.notebook) == ("j00007n0", "part2")
    assert [f.path for f in second.files] == ["helper.py", "data.csv", "part1.ipynb",
                                              "out.txt", "part2.ipynb"]
    own = {f.path: f for f in second.files}["part2.ipynb"]
    assert base64.b64decode(own.data_b64) == (folder / "part2-mine.ipynb").read_bytes()
    assert chain.next_job("ada", limits, Run(second.job_id, "ada", "part2")) is None


def test_an_unreadable_notebook_gets_no_job(tmp_path):
    course, spec = assignment(tmp_path)
    sub = Submission("ada", A, {"part1": SubmittedNotebook("part1", unreadable="empty"),
                                "part2": SubmittedNotebook("part2", "part2.ipynb",
                                                           PART2["cells"])})
    chain = Chain.of(sub, 0, spec, {"part1": PROBES, "part2": {}},
                     course.path("submitted", "ada", A))
    assert [name for _, name, _ in chain.todo] == ["part2"]
    assert chain.notebooks == {}  # the file itself is gone: nothing to put in the folder
