"""How fast `agentloop-grade autograde` grades a class, next to stock `nbgrader autograde`.

Builds a synthetic class over every chapter in chapters/ (correct = instructor answers,
partial = tests/roundtrip/<stem>.py's WRONG answers when that file exists, blank = the
released student version, and a few hostile ones), grades it with our grader, then grades
the honest submissions with stock nbgrader and ours again on exactly those (stock starts a
kernel per notebook; hostile ones would only hang it), and prints submissions/second for
each, the ratio on the same submissions, and whether every honest score agrees.
A default run takes about 6 minutes on 2 cores; `--stock-sample 24` makes it ~2.

    python benchmarks/grading_benchmark.py [--students 200] [--stock-sample N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import REPO, Course, chapter_notebooks
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

HOSTILE = {
    "loop": "while True:\n    pass\n",
    "os_exit": "import os\nos._exit(0)\n",
    "flood": "print('x' * 50_000_000)\n",
    "transformer": "get_ipython().input_transformers_cleanup.append(lambda l: ['pass\\n'])\n",
}


def build_class(course: Course, assignments: list[str], students: int) -> dict[str, list[str]]:
    """Place the synthetic class; return {kind: [(assignment, student) as 'a/s']}."""
    kinds: dict[str, list[str]] = {"correct": [], "partial": [], "blank": [], "hostile": []}
    per_chapter = -(-students // len(assignments))
    for assignment in assignments:
        source = T.read(course.source_notebook(assignment))
        blank = T.read(course.released_notebook(assignment))
        first_answer = next(iter(T.answers(source)))
        partial = T.roundtrip(assignment)
        for number in range(per_chapter):
            slot = number % 10
            if slot < 4:
                kind, nb = "correct", source
            elif slot < 7:
                kind, nb = ("partial", T.with_answers(source, partial[0])) if partial else \
                    ("correct", source)
            elif slot < 9:
                kind, nb = "blank", blank
            else:
                attack = list(HOSTILE.values())[(number // 10) % len(HOSTILE)]
                kind, nb = "hostile", T.with_answers(source, {first_answer: attack})
            student = f"{kind}_{number:03d}"
            T.submit(course, assignment, student, nb)
            kinds[kind].append(f"{assignment}/{student}")
    return kinds


def run_ours(course: Course, assignments: list[str], workers: int, time_s: float) -> float:
    start = time.perf_counter()
    for assignment in assignments:
        autograde(course, assignment, Options(workers=workers, progress=False,
                                              limits=Limits(time_s=time_s)))
    return time.perf_counter() - start


def course_with(course: Course, target: Path, sample: list[str]) -> Course:
    """A copy of the released course holding only the sampled submissions."""
    stock = Course(target / "course")
    for part in ("source", "release"):
        shutil.copytree(course.root / part, stock.root / part)
    shutil.copy(course.root / "gradebook.db", stock.root / "gradebook.db")
    for item in sample:
        assignment, student = item.split("/")
        shutil.copytree(course.path("submitted", student, assignment),
                        stock.path("submitted", student, assignment))
    shutil.copy(REPO / "grader" / "nbgrader_config.py", target / "nbgrader_config.py")
    return stock


def run_stock(stock: Course, assignments: list[str]) -> float:
    assignments = [a for a in assignments if stock.submitted_students(a)]
    env = dict(os.environ, PATH=os.pathsep.join([os.path.dirname(sys.executable),
                                                 os.environ.get("PATH", "")]))
    start = time.perf_counter()
    for assignment in assignments:
        done = subprocess.run([sys.executable, "-m", "nbgrader", "autograde", assignment,
                               "--force"], cwd=stock.root.parent, env=env, capture_output=True,
                              text=True)
        if done.returncode:
            raise SystemExit(f"stock nbgrader failed on {assignment}:\n{done.stderr[-2000:]}")
    return time.perf_counter() - start


def pick_sample(kinds: dict[str, list[str]], size: int) -> list[str]:
    """Up to `size` honest submissions, spread over chapters and kinds."""
    queues: dict[str, list[str]] = {}
    for kind in ("correct", "partial", "blank"):
        for item in kinds[kind]:
            queues.setdefault(item.split("/")[0], []).append(item)
    for queue in queues.values():  # interleave kinds within a chapter
        queue.sort(key=lambda item: (int(item.rsplit("_", 1)[1]), item))
    sample: list[str] = []
    while len(sample) < size and any(queues.values()):
        for queue in queues.values():
            if queue and len(sample) < size:
                sample.append(queue.pop(0))
    return sorted(sample)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200, help="class size (default 200)")
    parser.add_argument("--stock-sample", type=int, default=0,
                        help="honest submissions graded by stock nbgrader (default 0: all of "
                             "them; a smaller sample makes the run shorter)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--time-limit", type=float, default=3.0,
                        help="our per-cell/per-check limit (hostile loops cost this)")
    args = parser.parse_args()
    assignments = list(chapter_notebooks())
    with tempfile.TemporaryDirectory(prefix="agentloop-bench-") as tmp:
        course = Course(Path(tmp) / "ours" / "course")
        release(course, assignments)
        kinds = build_class(course, assignments, args.students)
        total = sum(len(v) for v in kinds.values())
        honest = sum(len(v) for k, v in kinds.items() if k != "hostile")
        sample = pick_sample({k: list(v) for k, v in kinds.items()},
                             args.stock_sample or honest)
        stock = course_with(course, Path(tmp) / "stock", sample)
        same = course_with(course, Path(tmp) / "ours-same", sample)

        ours_s = run_ours(course, assignments, args.workers, args.time_limit)
        same_s = run_ours(same, assignments, args.workers, args.time_limit)
        stock_s = run_stock(stock, assignments)

        ours_scores = {a: T.gradebook_scores(course, a) for a in assignments}
        stock_scores = {a: T.gradebook_scores(stock, a) for a in assignments}
        for a in assignments:  # stock records submissions only for sampled students
            stock_scores[a] = {s: v for s, v in stock_scores[a].items()
                               if f"{a}/{s}" in sample}
        disagree = [item for item in sample
                    if ours_scores[item.split("/")[0]][item.split("/")[1]]
                    != stock_scores[item.split("/")[0]][item.split("/")[1]]]
        ours_rate, stock_rate = total / ours_s, len(sample) / stock_s
        same_rate = len(sample) / same_s
        what = "all the honest ones" if len(sample) == honest else "a sample"
        print(f"machine: {os.cpu_count()} cores; chapters: {', '.join(assignments)}")
        print("class: " + ", ".join(f"{len(v)} {k}" for k, v in kinds.items())
              + f" = {total} submissions")
        print(f"ours, whole class: {total} submissions in {ours_s:.1f} s = {ours_rate:.2f} "
              f"submissions/s ({args.workers} workers, time limit {args.time_limit:g} s, "
              "hostile included)")
        print(f"ours, same submissions as stock: {len(sample)} honest ({what}) in "
              f"{same_s:.1f} s = {same_rate:.2f} submissions/s")
        print(f"stock: {len(sample)} honest submissions ({what}) in {stock_s:.1f} s = "
              f"{stock_rate:.2f} submissions/s ({len(assignments)} nbgrader autograde commands)")
        print(f"ratio on the same submissions: {same_rate / stock_rate:.1f}x stock "
              f"(whole class, hostile included, against stock's rate: "
              f"{ours_rate / stock_rate:.1f}x)")
        if disagree:
            print(f"scores DISAGREE on {len(disagree)}/{len(sample)} sampled honest "
                  f"submissions: {', '.join(disagree)}")
        else:
            print(f"scores agree on all {len(sample)} sampled honest submissions "
                  "(hostile ones excepted)")
        return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
