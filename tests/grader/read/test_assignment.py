"""Reading an assignment (read/assignment.py): every cell of the source notebooks gets the
kind grading runs it as, the files released beside them are nbgrader's, and a source that
cannot be graded is one GradingError naming the file and what to do."""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader.course import Course, GradingError
from agentloop_grader.protocol import CellKind
from agentloop_grader.read.assignment import check_calls, load_assignment

A = "ps"
CHECKS = '''
from agentloop.checks import Case, Check


def mean(values):
    return sum(values) / len(values)


MEAN = Check(id="ps-mean", answer="mean", title="mean() of a list", reference=mean,
             cases=lambda: [Case([1, 2, 3], "three numbers", rule="an odd count")],
             hidden=lambda rng: [Case([rng.randint(1, 9)], f"one number {n}", rule="one")
                                 for n in range(3)])
'''
PART1 = mk.notebook(
    mk.plain("import numpy as np\nfrom helpers import load\n%matplotlib inline"),
    mk.locked("setup", "THRESHOLD = 5"),
    mk.answer("mean_answer", "def mean(values):\n    raise NotImplementedError"),
    mk.check_cell("test_mean", "ps-mean", 2),
    mk.asserts("test_threshold", "assert THRESHOLD == 5", 1),
    mk.manual("report", "def report():\n    ...", 3),
    mk.written("explain", "Because.", 2),
    mk.task("by_hand", "Check it by hand.", 1),
    mk.plain("# Notes", cell_type="markdown"))


def course_with(tmp_path, *notebooks: tuple[str, dict], checks: str = CHECKS) -> Course:
    course = Course(tmp_path / "course")
    folder = course.path("source", assignment=A)
    for name, nb in notebooks:
        mk.write(folder / f"{name}.ipynb", nb)
    if checks:
        (folder / "checks.py").write_text(checks)
    return course


def test_every_cell_gets_the_kind_grading_runs_it_as(tmp_path):
    assignment = load_assignment(course_with(tmp_path, ("part1", PART1)), A)
    spec = assignment.notebooks["part1"]
    kinds = [(c.grade_id, c.kind) for c in spec.cells]
    assert kinds == [(None, CellKind.PLAIN), ("setup", CellKind.LOCKED),
                     ("mean_answer", CellKind.ANSWER), ("test_mean", CellKind.CHECK),
                     ("test_threshold", CellKind.TEST), ("report", CellKind.MANUAL),
                     ("explain", None), ("by_hand", None), (None, None)]
    assert spec.cell("test_mean").checks == ("ps-mean",)
    assert [c.grade_id for c in spec.graded] == ["test_mean", "test_threshold", "report",
                                                 "explain", "by_hand"]
    assert spec.max_score == 2 + 1 + 3 + 2 + 1
    assert [c.grade_id for c in spec.graded if c.manual] == ["report", "explain", "by_hand"]
    assert set(assignment.checks) == {"ps-mean"} and assignment.teacher_checks == {"ps-mean"}
    assert assignment.check_modules == frozenset()  # the teacher's check, not the library's
    assert {"numpy", "helpers"} <= assignment.imports


def test_the_files_released_beside_the_notebooks_are_nbgraders(tmp_path):
    course = course_with(tmp_path, ("part1", PART1))
    folder = course.path("source", assignment=A)
    for rel in ("helpers.py", "data/rain.csv", ".ipynb_checkpoints/part1-checkpoint.ipynb",
                "__pycache__/helpers.cpython-311.pyc", "data/.hidden", "feedback/x.html"):
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text("x")
    assignment = load_assignment(course, A)
    # nbgrader's ignore list names checkpoints, caches and feedback, not dot-files; never
    # checks.py: the teacher's checks stay here
    assert [p.relative_to(folder).as_posix() for p in assignment.files] == \
        ["data/.hidden", "data/rain.csv", "helpers.py"]


def test_a_cell_of_check_calls_only_is_a_check_cell():
    assert check_calls('from agentloop.checks import check\ncheck("a")\ncheck("b", f)') == \
        ("a", "b")
    for source in ('check("a")\nassert True', 'check(name)', 'check("a", f())',
                   'from agentloop.checks import check as c\nc("a")', "check('a'", ""):
        assert check_calls(source) == (), source


def test_skip_grading_and_visible_only_checks_are_read_from_the_cell(tmp_path):
    skipped = mk.plain("slow()")
    skipped["metadata"]["tags"] = ["skip-grading"]
    visible = mk.check_cell("test_mean", "ps-mean")
    visible["metadata"]["agentloop"] = {"hidden_cases": False}
    nb = mk.notebook(skipped, mk.answer("mean_answer", "def mean(v): ..."), visible)
    spec = load_assignment(course_with(tmp_path, ("part1", nb)), A).notebooks["part1"]
    assert spec.cells[0].skip and not spec.cells[1].skip
    assert spec.cell("test_mean").hidden_cases is False


@pytest.mark.parametrize("change,message", [
    (lambda nb: nb["cells"].append(mk.asserts("test_threshold", "assert 1")),
     "grade id 'test_threshold' is used by two cells; give each graded or locked cell its "
     "own id"),
    (lambda nb: nb["cells"][4]["metadata"]["nbgrader"].update(points="two"),
     "cell 'test_threshold' has points 'two'; write a number"),
    (lambda nb: nb["cells"].append(mk.check_cell("test_other", "ps-other")),
     "test cell 'test_other' calls check 'ps-other', which is not defined; defined: ps-mean"),
])
def test_a_source_that_cannot_be_graded_is_one_line(tmp_path, change, message):
    nb = mk.notebook(*[dict(c, metadata={k: dict(v) if isinstance(v, dict) else v
                                         for k, v in c["metadata"].items()})
                       for c in PART1["cells"]])
    change(nb)
    course = course_with(tmp_path, ("part1", nb))
    with pytest.raises(GradingError) as raised:
        load_assignment(course, A)
    assert str(raised.value) == f"{course.source_notebook(A, 'part1')}: {message}"


def test_no_assignment_or_no_notebook_says_what_to_do(tmp_path):
    course = course_with(tmp_path, ("part1", PART1))
    with pytest.raises(GradingError, match=r"no assignment 'ps2' in .*; known: ps$"):
        load_assignment(course, "ps2")
    course.path("source", assignment="empty").mkdir()
    with pytest.raises(GradingError, match="holds no notebook; put the instructor version"):
        load_assignment(course, "empty")
    (course.path("source", assignment=A) / "checks.py").write_text("raise KeyError('x')\n")
    with pytest.raises(GradingError, match=r"checks.py raised KeyError: 'x'; fix it"):
        load_assignment(course, A)
