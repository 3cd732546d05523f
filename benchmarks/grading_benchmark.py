"""How fast `agentloop-grade autograde` grades a class, next to stock `nbgrader autograde`,
on the same submissions, in one run — and whether every score agrees.

Three classes:
- ps1: an ordinary nbgrader assignment (tests/grader/assignments/ps1: two notebooks, a data file,
  a helper module, plain asserts with hidden tests, manual cells), honest submissions
  (correct, partial, blank, missing notebook, manual answers);
- pandas: an assignment whose notebook imports pandas (tests/grader/assignments/ps_pandas),
  correct and blank submissions;
- chapters: every chapter in chapters/ (correct, tests/chapters/roundtrip's WRONG, blank).
Each is released once with agentloop-grade and copied for stock, so both grade the same
release; every grade's auto_score and needs_manual_grade is compared. A default run takes
10–15 minutes on 2 cores, nearly all of it stock starting a kernel per notebook.

    python benchmarks/grading_benchmark.py [--students 40] [--only ps1,pandas,chapters]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import REPO, Course, chapter_notebooks
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

ASSIGNMENTS = REPO / "tests" / "grader" / "assignments"
sys.path.insert(0, str(ASSIGNMENTS))
import make_class as mc  # noqa: E402

TIME_LIMIT = 30.0  # stock's default Execute.timeout, for both
STOCK_CONFIG = '''c = get_config()  # noqa
c.CourseDirectory.root = {root!r}
c.CourseDirectory.course_id = "default_course"
c.Execute.timeout = 30
'''
Grades = dict[str, dict[tuple[str, str], tuple[float | None, bool]]]


@dataclass
class Figures:
    name: str
    notebooks: int
    ours_s: float
    stock_s: float
    agree: int
    students: int
    disagree: list[str]

    def line(self) -> str:
        ours, stock = self.notebooks / self.ours_s, self.notebooks / self.stock_s
        verdict = (f"all {self.students} students' scores agree" if not self.disagree else
                   f"scores DISAGREE for {', '.join(self.disagree[:5])}")
        return (f"{self.name:9} {self.notebooks:4} notebooks | ours {self.ours_s:6.1f} s "
                f"= {ours:6.2f}/s | stock {self.stock_s:6.1f} s = {stock:5.2f}/s | "
                f"{ours / stock:5.1f}x stock | {verdict}")


def grades(course: Course, assignment: str) -> Grades:
    """student → (notebook, grade id) → (auto_score, needs_manual_grade), from the gradebook."""
    out: Grades = {}
    with course.gradebook() as gb:
        for submission in gb.assignment_submissions(assignment):
            cells = out.setdefault(submission.student.id, {})
            for notebook in submission.notebooks:
                for grade in notebook.grades:
                    cells[notebook.name, grade.name] = (grade.auto_score,
                                                        bool(grade.needs_manual_grade))
    return out


def stock_copy(course: Course, target: Path, assignment: str) -> Course:
    """The same release and submissions, in a course stock nbgrader is run in."""
    shutil.copytree(course.root, target, ignore=shutil.ignore_patterns(
        "autograded", "feedback", "reports", "nbgrader_config.py"))
    (target / "nbgrader_config.py").write_text(STOCK_CONFIG.format(root=str(target)))
    return Course(target)


def run_stock(course: Course, assignment: str) -> float:
    env = dict(os.environ, PATH=os.pathsep.join([os.path.dirname(sys.executable),
                                                 os.environ.get("PATH", "")]))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nbgrader", "autograde", assignment,
                           "--force"], cwd=course.root, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode and "Traceback" in done.stderr[-3000:] and "autograded" not in \
            done.stderr:
        raise SystemExit(f"stock nbgrader failed on {assignment}:\n{done.stderr[-2000:]}")
    return seconds


def run_ours(course: Course, assignment: str, workers: int) -> float:
    start = time.perf_counter()
    autograde(course, assignment, Options(workers=workers, progress=False,
                                          limits=Limits(time_s=TIME_LIMIT)))
    return time.perf_counter() - start


def compare(name: str, course: Course, stock: Course, assignment: str,
            notebooks: int) -> Callable[[float, float], Figures]:
    def figures(ours_s: float, stock_s: float) -> Figures:
        mine, theirs = grades(course, assignment), grades(stock, assignment)
        disagree = sorted(s for s in theirs if mine.get(s) != theirs[s])
        return Figures(name, notebooks, ours_s, stock_s, len(theirs) - len(disagree),
                       len(theirs), disagree)
    return figures


def bench_ps1(tmp: Path, students: int, workers: int) -> Figures:
    course = Course(tmp / "ps1" / "ours")
    shutil.copytree(mc.SOURCE, course.root / "source" / mc.ASSIGNMENT)
    release(course, [mc.ASSIGNMENT])
    honest = [kind for kind, spec in mc.KINDS.items() if spec.honest and kind != "late"]
    mc.make_class(course.root, honest)
    for number in range(students):  # the honest kinds, over and over
        kind = honest[number % len(honest)]
        shutil.copytree(course.path("submitted", kind, mc.ASSIGNMENT),
                        course.path("submitted", f"{kind}_{number:03d}", mc.ASSIGNMENT))
    for kind in honest:
        shutil.rmtree(course.root / "submitted" / kind)
    notebooks = sum(len(list(course.path("submitted", s, mc.ASSIGNMENT).glob("*.ipynb")))
                    for s in course.submitted_students(mc.ASSIGNMENT))
    stock = stock_copy(course, tmp / "ps1" / "stock", mc.ASSIGNMENT)
    figures = compare("ps1", course, stock, mc.ASSIGNMENT, notebooks)
    return figures(run_ours(course, mc.ASSIGNMENT, workers), run_stock(stock, mc.ASSIGNMENT))


def bench_pandas(tmp: Path, students: int, workers: int) -> Figures:
    name = "ps_pandas"
    course = Course(tmp / "pandas" / "ours")
    shutil.copytree(ASSIGNMENTS / name, course.root / "source" / name)
    release(course, [name])
    source = T.read(course.source_notebook(name, "analysis"))
    blank = T.read(course.released_notebook(name, "analysis"))
    for number in range(students):
        nb = source if number % 2 == 0 else blank
        T.submit(course, name, f"s{number:03d}", nb, notebook="analysis")
        data = course.path("submitted", f"s{number:03d}", name) / "data"
        shutil.copytree(ASSIGNMENTS / name / "data", data)
    stock = stock_copy(course, tmp / "pandas" / "stock", name)
    figures = compare("pandas", course, stock, name, students)
    return figures(run_ours(course, name, workers), run_stock(stock, name))


def bench_chapters(tmp: Path, students: int, workers: int) -> list[Figures]:
    out = []
    for assignment in chapter_notebooks():
        course = Course(tmp / "chapters" / assignment / "ours")
        release(course, [assignment])
        source = T.read(course.source_notebook(assignment))
        blank = T.read(course.released_notebook(assignment))
        partial = T.roundtrip(assignment)
        kinds = [source, blank] + ([T.with_answers(source, partial[0])] if partial else [])
        per = max(1, students // len(chapter_notebooks()))
        for number in range(per):
            T.submit(course, assignment, f"s{number:03d}", kinds[number % len(kinds)])
        stock = stock_copy(course, tmp / "chapters" / assignment / "stock", assignment)
        figures = compare(assignment[:9], course, stock, assignment, per)
        out.append(figures(run_ours(course, assignment, workers),
                           run_stock(stock, assignment)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40,
                        help="students per class (default 40; the chapters share 4×40)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", default="ps1,pandas,chapters")
    args = parser.parse_args()
    only = set(args.only.split(","))
    results: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="agentloop-bench-") as tmp:
        base = Path(tmp)
        if "ps1" in only:
            results.append(bench_ps1(base, args.students, args.workers))
        if "pandas" in only:
            results.append(bench_pandas(base, args.students, args.workers))
        if "chapters" in only:
            results += bench_chapters(base, 4 * args.students, args.workers)
    print(f"machine: {os.cpu_count()} cores; {args.workers} workers for agentloop-grade; "
          f"stock: one `nbgrader autograde` per assignment; time limit {TIME_LIMIT:g} s "
          "per cell for both")
    for figures in results:
        print(figures.line())
    chapters = [f for f in results if f.name not in ("ps1", "pandas")]
    if len(chapters) > 1:
        ours_s, stock_s = sum(f.ours_s for f in chapters), sum(f.stock_s for f in chapters)
        print(f"{'chapters':9} {sum(f.notebooks for f in chapters):4} notebooks | ours "
              f"{ours_s:6.1f} s | stock {stock_s:6.1f} s | {stock_s / ours_s:5.1f}x stock")
    total_ours = sum(f.ours_s for f in results)
    total_stock = sum(f.stock_s for f in results)
    notebooks = sum(f.notebooks for f in results)
    print(f"{'all':9} {notebooks:4} notebooks | ours {total_ours:6.1f} s | stock "
          f"{total_stock:6.1f} s | {total_stock / total_ours:5.1f}x stock")
    print(json.dumps({f.name: {"ours_s": round(f.ours_s, 2), "stock_s": round(f.stock_s, 2),
                               "notebooks": f.notebooks, "agree": not f.disagree}
                      for f in results}))
    return 1 if any(f.disagree for f in results) else 0


if __name__ == "__main__":
    sys.exit(main())
