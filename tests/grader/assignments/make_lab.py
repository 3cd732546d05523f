"""The `lab` course: a real course's shape, and a class of submissions for it.

    setup_lab(course_dir)          # source/lab/, source/header.ipynb, nbgrader_config.py
    ... release (stock's generate_assignment or `agentloop-grade release`) ...
    make_lab_class(course_dir)     # submitted/<student>/lab/ for every kind

`lab/` is shaped like the courses teachers run: three notebooks graded in order (part 2
reads what part 1 saved), a `data/` folder read by relative path (.npy and .csv), an
`images/` folder, a helper module (`checker.py`) the tests import, a test that relies on an
import made in an earlier test's hidden part, `!ls`, `!python -V` and `%%bash` cells (one
in a test cell), a written answer, hand-graded code and a task, a pandas part with a speed
test, and a header notebook nbgrader puts on top of every released notebook.

Students hand in what an LMS gives back: the notebooks only (no data, images or helper),
except `blank` (the release as downloaded) and `own_files` (stale copies of the data and a
broken checker.py, which the assignment's files replace, as stock replaces them).
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ASSIGNMENT = "lab"
SOURCE = HERE / ASSIGNMENT
HEADER = HERE / "lab_header.ipynb"
NOTEBOOKS = ("01_measure", "02_report", "03_speed")
ON_TIME = "2026-01-14 10:{minute:02d}:00.000000 UTC"
CELL_TIMEOUT = 60  # seconds per cell, for both graders (pandas and a busy machine)

CONFIG = '''"""nbgrader settings for the lab course (written by make_lab.py)."""

import os

c = get_config()  # noqa: F821

HERE = os.path.dirname(os.path.abspath(__file__))
c.CourseDirectory.root = HERE
c.CourseDirectory.db_url = "sqlite:///" + os.path.join(HERE, "gradebook.db")
c.CourseDirectory.course_id = "default_course"
c.Execute.timeout = {timeout}
c.IncludeHeaderFooter.header = "source/header.ipynb"
'''

Notebook = dict[str, Any]

WRONG = {
    "normalize": "def normalize(x):\n    x = np.asarray(x, dtype=float)\n"
                 "    return x / x.max()  # forgets the minimum\n",
    "station_means": "def station_means(df):\n"
                     "    return df.groupby(\"station\")[\"value\"].sum().to_dict()\n",
}
WRITTEN_ANSWER = "MANUAL-ANSWER-explain: the scales differ, so only normalized shapes compare."
MANUAL_CODE = ("def describe(summary):\n    # MANUAL-ANSWER-describe\n"
               "    return f\"{summary['n']} values\"\n\n\nprint(describe(summary))\n")
TASK_RESPONSE = "MANUAL-ANSWER-check_figure: a red rectangle, wider than tall."
STALE_CHECKER = "raise ImportError('a stale checker.py the student handed in')\n"
KINDS = ("correct", "partial", "blank", "own_files", "manual", "missing_part")


def setup_lab(course: Path, timeout: int = CELL_TIMEOUT) -> Path:
    """`course/source/lab/`, the header notebook and nbgrader_config.py."""
    course.mkdir(parents=True, exist_ok=True)
    target = course / "source" / ASSIGNMENT
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", ".ipynb*"))
    shutil.copyfile(HEADER, course / "source" / "header.ipynb")
    (course / "nbgrader_config.py").write_text(CONFIG.format(timeout=timeout),
                                               encoding="utf-8")
    return target


def read_nb(path: Path) -> Notebook:
    return json.loads(path.read_text(encoding="utf-8"))


def write_nb(path: Path, nb: Notebook) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def _solution(cell: dict) -> str:
    return "".join(line for line in text(cell).splitlines(keepends=True)
                   if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def _set(notebooks: dict[str, Notebook], gid: str, source: str) -> None:
    for nb in notebooks.values():
        for cell in nb["cells"]:
            if grade_id(cell) == gid:
                cell["source"] = source
                return
    raise KeyError(gid)


def build(kind: str, release: dict[str, Notebook],
          source: dict[str, Notebook]) -> dict[str, Notebook]:
    """The notebooks one student of this kind hands in."""
    notebooks = copy.deepcopy(release)
    if kind == "blank":
        return notebooks
    for nb in source.values():
        for cell in nb["cells"]:
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if meta.get("solution") and not meta.get("grade"):
                _set(notebooks, meta["grade_id"], _solution(cell))
    if kind == "partial":
        for gid, answer in WRONG.items():
            _set(notebooks, gid, answer)
    elif kind == "manual":
        _set(notebooks, "explain", WRITTEN_ANSWER)
        _set(notebooks, "describe", MANUAL_CODE)
        cells = notebooks["02_report"]["cells"]
        task = next(i for i, c in enumerate(cells) if grade_id(c) == "check_figure")
        cells.insert(task + 1, {"cell_type": "markdown", "id": "my-figure", "metadata": {},
                                "source": TASK_RESPONSE})
    elif kind == "missing_part":
        del notebooks["02_report"]
    elif kind not in ("correct", "own_files"):
        raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    return notebooks


def make_lab_class(course: Path, kinds: tuple[str, ...] = KINDS) -> dict[str, str]:
    """`submitted/<kind>/lab/` for each kind, from the course's release/ and source/."""
    release_dir = course / "release" / ASSIGNMENT
    release = {n: read_nb(release_dir / f"{n}.ipynb") for n in NOTEBOOKS}
    source = {n: read_nb(course / "source" / ASSIGNMENT / f"{n}.ipynb") for n in NOTEBOOKS}
    for minute, kind in enumerate(kinds):
        folder = course / "submitted" / kind / ASSIGNMENT
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        if kind == "blank":  # the release as downloaded, files and all
            shutil.copytree(release_dir, folder, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.ipynb"))
        if kind == "own_files":
            (folder / "data").mkdir()
            (folder / "data" / "experiment.npy").write_bytes(b"not the experiment")
            (folder / "checker.py").write_text(STALE_CHECKER, encoding="utf-8")
        for name, nb in build(kind, release, source).items():
            write_nb(folder / f"{name}.ipynb", nb)
        (folder / "timestamp.txt").write_text(ON_TIME.format(minute=minute), encoding="utf-8")
    return {kind: kind for kind in kinds}
