"""Figures for the chapters (a script that prints numbers, not a timed test).

    python benchmarks/chapter_figures.py [--runs 5]

Prints: the time to `import agentloop` without Jupyter (target < 100 ms), the time to
execute each chapter headless with nbclient (target < 10 s), and the time of one full
grading round trip (release + autograde of one submission) for each chapter.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def import_time(runs: int) -> tuple[float, float]:
    """Median wall time of a fresh interpreter importing agentloop, minus a bare interpreter."""
    def timed(code: str) -> float:
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            samples.append(time.perf_counter() - start)
        return statistics.median(samples)

    bare = timed("pass")
    return timed("import agentloop, agentloop.loop, agentloop.checks") - bare, bare


def execute_chapter(path: Path) -> float:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return time.perf_counter() - start


def grading_round_trip(path: Path) -> tuple[float, float]:
    """Release the chapter, then autograde one (instructor) submission; seconds for each."""
    grade = shutil.which("agentloop-grade") or str(Path(sys.executable).parent / "agentloop-grade")
    with tempfile.TemporaryDirectory() as tmp:
        course = Path(tmp) / "course"
        start = time.perf_counter()
        subprocess.run([grade, "release", path.stem, "--course", str(course)], check=True,
                       capture_output=True)
        released = time.perf_counter()
        submitted = course / "submitted" / "student1" / path.stem
        submitted.mkdir(parents=True)
        shutil.copy(path, submitted / path.name)
        subprocess.run([grade, "autograde", path.stem, "--course", str(course)], check=True,
                       capture_output=True)
        return released - start, time.perf_counter() - released


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    extra, bare = import_time(args.runs)
    print(f"import agentloop: {extra * 1000:.0f} ms over a bare interpreter "
          f"({bare * 1000:.0f} ms)  target < 100 ms")
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        print(f"{path.stem}: executed headless in {execute_chapter(path):.1f} s  target < 10 s")
        try:
            release, grade = grading_round_trip(path)
            print(f"{path.stem}: release {release:.1f} s, then autograde one submission "
                  f"{grade:.1f} s (commands, start-up included)")
        except (subprocess.CalledProcessError, FileNotFoundError) as problem:
            print(f"{path.stem}: grading round trip failed: {problem}")


if __name__ == "__main__":
    main()
