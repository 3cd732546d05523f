"""A course shaped like the real ones grades as stock nbgrader grades it, on every side of
every automatic choice: the work dirs on a tmpfs and on a disk, bubblewrap's namespaces and
Landlock, as root and as an ordinary teacher account.

The class (tests/grader/assignments/make_lab.py) hands in notebooks only, as LMS downloads
are: the notebooks must find the assignment's data/, images/ and helper module anyway; part
2 reads what part 1 saved; cells run `!ls`, `!python -V` and `%%bash`; a test relies on an
import in an earlier test's hidden part. Stock grades the class once per session; each of
our runs is compared with it cell by cell: every grade, every automatic comment, the files
of autograded/, and what formgrader shows of each notebook (cells, and the text of their
outputs).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import make_lab as ml
import pytest
import stock
from grading_sides import skip_unless_runnable
from stock import BIN, Result
from unprivileged import ensure_teacher, run_as_teacher, run_with_python_reachable

pytestmark = pytest.mark.slow
A = ml.ASSIGNMENT
SIDES = [(user, isolation, scratch) for user in ("root", "teacher")
         for isolation in ("namespaces", "landlock") for scratch in ("ram", "disk")]
# Stock nbgrader 0.9.6 on the lab class, as `stock.cell_text` shows each grade, in
# `stock.grade_keys` order: 01_measure: test_files test_normalize test_peak |
# 02_report: check_figure describe explain test_image_size test_summary |
# 03_speed: test_speed test_station_means. `partial` loses test_peak too: its normalize
# fails before the hidden part that imports close_enough, which test_peak uses.
STOCK_OBSERVED = {
    "blank": "1 0 0 | -* 0 0 0 0 | 0 0",
    "correct": "1 2 1 | -* 0 0 1 1 | 1 2",
    "manual": "1 2 1 | -* -* -* 1 1 | 1 2",
    "missing_part": "1 2 1 | 0 0 0 0 0 | 1 2",
    "own_files": "1 2 1 | -* 0 0 1 1 | 1 2",
    "partial": "1 0 0 | -* 0 0 1 1 | 1 0",
}
SKIPPED = {"__pycache__", ".ipynb_checkpoints"}


@dataclass
class Graded:
    course: Path
    results: dict[str, Result]
    log: str
    report: dict | None = None  # ours: the run report

    def notebook(self, student: str, name: str) -> dict:
        return ml.read_nb(self.course / "autograded" / student / A / f"{name}.ipynb")

    def files(self, student: str) -> dict[str, bytes]:
        """autograded/<student>/lab/ but the notebooks: relative path -> bytes."""
        folder = self.course / "autograded" / student / A
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
                if p.is_file() and p.suffix != ".ipynb"
                and not SKIPPED & set(p.relative_to(folder).parts)}


def row(result: Result) -> str:
    keys = stock.grade_keys({"r": result})
    cells = {name: [stock.cell_text(result.grades[key]) for key in keys if key[0] == name]
             for name in ml.NOTEBOOKS}
    return " | ".join(" ".join(cells[name]) for name in ml.NOTEBOOKS)


@pytest.fixture(scope="session")
def lab_stock(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """The lab class graded by stock nbgrader, once per session."""
    course = tmp_path_factory.mktemp("lab-stock") / "course"
    ml.setup_lab(course)
    stock.run_nbgrader(course, "generate_assignment", A, "--force")
    ml.make_lab_class(course)
    log = stock.run_nbgrader(course, "autograde", A, check=False)
    return Graded(course, stock.read_results(course, A), log.stdout + log.stderr)


@pytest.fixture(scope="session")
def lab_released() -> Iterator[Path]:
    """The lab course released by agentloop-grade with the class handed in, once; each run
    grades a copy. Outside pytest's root-only temp folder, so the teacher can reach it."""
    root = Path(tempfile.mkdtemp(prefix="agentloop-lab-"))
    os.chmod(root, 0o755)
    course = root / "course"
    ml.setup_lab(course)
    done = run_with_python_reachable([str(BIN / "agentloop-grade"), "release", A],
                                     cwd=str(course), timeout=300)
    assert done.returncode == 0, done.stderr
    ml.make_lab_class(course)
    yield course
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module", params=SIDES, ids=["-".join(side) for side in SIDES])
def lab_ours(request: pytest.FixtureRequest, lab_released: Path) -> Graded:
    user, isolation, scratch = request.param
    skip_unless_runnable(user, isolation)
    course = lab_released.parent / "-".join(request.param)
    shutil.copytree(lab_released, course, symlinks=True)
    request.addfinalizer(lambda: shutil.rmtree(course, ignore_errors=True))
    argv = [str(BIN / "agentloop-grade"), "autograde", A, "--workers", "2",
            "--isolation", isolation, "--no-progress"]
    env = {"AGENTLOOP_GRADE_SCRATCH": scratch, "PATH": os.environ.get("PATH", "")}
    if user == "teacher":
        account = ensure_teacher()
        for item in [course, *course.rglob("*")]:
            os.lchown(item, account.pw_uid, account.pw_gid)
        done = run_as_teacher(argv, cwd=str(course), env=env, timeout=600)
    else:
        done = run_with_python_reachable(argv, cwd=str(course), env={**os.environ, **env},
                                         timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    graded = Graded(course, stock.read_results(course, A), done.stdout + done.stderr)
    graded.report = json.loads(Path(next(
        line.split(": ", 1)[1] for line in done.stdout.splitlines()
        if line.startswith("report: ") and line.endswith(".json"))).read_text())
    return graded


def test_stock_grades_the_lab_as_recorded(lab_stock):
    assert {s: row(r) for s, r in lab_stock.results.items()} == STOCK_OBSERVED


def test_every_grade_and_comment_as_stock(lab_stock, lab_ours):
    for student, theirs in lab_stock.results.items():
        mine = lab_ours.results[student]
        assert {k: (g.auto_score, g.needs_manual_grade) for k, g in mine.grades.items()} == \
            {k: (g.auto_score, g.needs_manual_grade) for k, g in theirs.grades.items()}, \
            f"{student}: ours {row(mine)}, stock {row(theirs)}"
        assert mine.auto_comments == theirs.auto_comments, student
        assert mine.score == pytest.approx(theirs.score), student


def test_autograded_folder_as_stock(lab_stock, lab_ours):
    """The student's files, the assignment's over them, what the notebooks wrote."""
    for student in lab_stock.results:
        theirs, mine = lab_stock.files(student), lab_ours.files(student)
        assert sorted(mine) == sorted(theirs), student
        assert mine == theirs, student
    assert "results/summary.json" in lab_ours.files("correct")


def _view(nb: dict) -> list[tuple]:
    """What formgrader shows of a notebook: each cell's type, text and nbgrader id, and
    for code cells the text of each output stream, the plain text of results and the
    name of errors."""
    shown = []
    for cell in nb["cells"]:
        outputs: dict[str, str] = {}
        for out in cell.get("outputs", []):
            kind = out["output_type"]
            if kind == "stream":
                key, value = f"stream:{out['name']}", ml.text({"source": out["text"]})
            elif kind in ("execute_result", "display_data"):
                key, value = kind, ml.text({"source": out["data"].get("text/plain", "")})
            else:
                key, value = "error", out["ename"]
            outputs[key] = outputs.get(key, "") + value
        shown.append((cell["cell_type"], ml.text(cell), ml.grade_id(cell), outputs))
    return shown


def test_formgrader_shows_what_stock_shows(lab_stock, lab_ours):
    for student in lab_stock.results:
        for name in ml.NOTEBOOKS:
            path = lab_stock.course / "autograded" / student / A / f"{name}.ipynb"
            if not path.exists():
                assert not (lab_ours.course / "autograded" / student / A /
                            f"{name}.ipynb").exists()
                continue
            assert _view(lab_ours.notebook(student, name)) == \
                _view(lab_stock.notebook(student, name)), (student, name)
    report = _view(lab_ours.notebook("correct", "02_report"))
    shell = [outputs for kind, text, _, outputs in report if text.startswith(("!", "%%"))]
    # in the student's folder as stock has it then: the notebooks graded so far, this one
    assert shell[0]["stream:stdout"] == f"Python {sys.version.split()[0]}\r\n" \
        "01_measure.ipynb  02_report.ipynb\r\n"
    assert shell[1]["stream:stdout"] == "diagram.png\n7\n"


def test_the_report_names_the_side_it_took(lab_ours):
    settings = lab_ours.report["settings"]
    _, isolation, scratch = lab_ours.course.name.split("-")
    assert settings["isolation_mode"] == isolation
    assert ("a tmpfs" in settings["work_dirs"]) == (scratch == "ram")
    assert "data/experiment.npy" in settings["assignment_files"]
    assert lab_ours.report["files"][0].endswith(".json") and \
        any(f.endswith(".class.html") for f in lab_ours.report["files"])
