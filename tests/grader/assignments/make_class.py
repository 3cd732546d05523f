"""A class of ps1 submissions, built from a course's released student version.

    make_class(course_dir)                    # every kind, one student per kind
    make_class(course_dir, ["correct", "blank"])

Each student id is its kind. A submission starts from `release/ps1/` (the student version,
with the files a student downloads: helpers.py and data/) and fills answers in: correct
answers are the teacher's solutions from `source/ps1/` with the solution markers removed;
wrong answers, cheats and accidents are written here. Every submission gets nbgrader's
`timestamp.txt`; all are on time except `late`.

A kind is `honest` when a grader should score it exactly as stock nbgrader does. The other
kinds are where agentloop-grade means to differ: each is scored like `like` (an honest
kind) except the test cells in `spoiled`, which score what they score in `blank`; with no
`like`, every grade is 0 and none needs a manual grade (what stock gives a notebook that
was not submitted).
"""

from __future__ import annotations

import copy
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ASSIGNMENT = "ps1"
SOURCE = HERE / ASSIGNMENT
NOTEBOOKS = ("part1", "part2")
# nbgrader's timestamp format. On-time submissions are staggered by a minute before DUE.
DUE = "2026-01-15 17:00:00 UTC"
ON_TIME = "2026-01-14 10:{minute:02d}:00.000000 UTC"
LATE = "2026-01-16 18:30:00.000000 UTC"  # 25.5 hours after DUE

Notebook = dict[str, Any]
GradeKey = tuple[str, str]  # (notebook, grade id)

# What a student who gets it slightly wrong writes (the `partial` kind, and the wrong answer
# in kinds that spoil one question).
WRONG = {
    "mean": '''def mean(values):
    """The arithmetic mean of a non-empty list of numbers."""
    return sum(values) / (len(values) + 1)
''',
    # right for 0, 100 and -40; 37 °C becomes 99 instead of 98.6: 3 of 4 cases.
    "to_fahrenheit": '''def to_fahrenheit(celsius):
    """Degrees Celsius in degrees Fahrenheit."""
    return round(celsius * 9 / 5 + 32)
''',
    # counts the measurements instead of adding the rain
    "total_rain": '''def total_rain(rows):
    """Total rain (mm) per station: {station: total}."""
    totals = {}
    for row in rows:
        totals[row["station"]] = totals.get(row["station"], 0) + 1
    return totals
''',
}

# Tricks against plain assert cells; each replaces one answer cell (grade id in CHEAT_CELL).
CHEATS = {
    "cheat_lying_eq": '''class _Yes(list):
    """Equal to everything, so `assert rainy_days(...) == [...]` always holds."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False


def rainy_days(rows, threshold):
    return _Yes()
''',
    "cheat_assertion_error": '''import builtins


class _Quiet(Exception):
    """Put in place of AssertionError, hoping failed asserts raise something harmless."""


builtins.AssertionError = _Quiet


def mean(values):
    return 0
''',
    "cheat_input_transformer": '''def to_fahrenheit(celsius):
    return 0.0


def _blank(lines):
    return []  # every later cell, the test cells included, becomes empty


get_ipython().input_transformers_cleanup.append(_blank)
''',
    "cheat_showtraceback": '''def mean(values):
    return 0


_shell = get_ipython()
_shell.showtraceback = lambda *args, **kwargs: None  # failed asserts print nothing
_shell._showtraceback = lambda *args, **kwargs: None
''',
    "cheat_sys_exit": '''import sys


def mean(values):
    sys.exit(0)  # leave "successfully" before any assert can fail
''',
}
CHEAT_CELL = {"cheat_lying_eq": "rainy_days", "cheat_assertion_error": "mean",
              "cheat_input_transformer": "to_fahrenheit", "cheat_showtraceback": "mean",
              "cheat_sys_exit": "mean"}
INFINITE_LOOP = "while True:  # never finishes\n    pass\n"
OS_EXIT = "import os\n\nos._exit(1)  # the kernel process dies here\n"

# The manual_answers kind: text a grader must see in formgrader (markers found by tests).
WRITTEN_ANSWER = ("MANUAL-ANSWER-explain_mean: one mean hides that the south station is far "
                  "warmer than the north one.")
MANUAL_CODE = '''def report(rows):
    # MANUAL-ANSWER-report
    by_station = {}
    for row in rows:
        by_station.setdefault(row["station"], []).append(row)
    return "\\n".join(f"{s}: {sum(r['rain_mm'] for r in rs):.1f} mm"
                     for s, rs in sorted(by_station.items()))


print(report(rows))
'''
TASK_RESPONSE = "MANUAL-ANSWER-check_by_hand: north: 0 + 6.5 + 12 + 0.5 = 19 mm, as computed."


@dataclass(frozen=True)
class Kind:
    """One kind of submission and what agentloop-grade should score it."""

    doc: str
    honest: bool = True
    like: str = ""  # for kinds we grade differently: scored like this honest kind...
    spoiled: tuple[str, ...] = ()  # ...except these test cells, which score as in `blank`

    def expected(self, honest: dict[str, dict[GradeKey, Any]], zero: Any) -> dict[GradeKey, Any]:
        """What agentloop-grade should give this kind per (notebook, grade id), for one
        field (auto_score, needs_manual_grade, ...), from that field in the honest kinds'
        results (`honest`: student -> grade key -> value); `zero` everywhere when there is
        no `like`."""
        if not self.like:
            return dict.fromkeys(honest["blank"], zero)
        values = dict(honest[self.like])
        for key in values:
            if key[1] in self.spoiled:
                values[key] = honest["blank"][key]
        return values


KINDS: dict[str, Kind] = {
    "correct": Kind("the teacher's solutions in every autograded answer; manual cells untouched"),
    "partial": Kind("mean and total_rain wrong, to_fahrenheit right for 3 of 4 cases"),
    "blank": Kind("the released notebooks, untouched"),
    "missing_notebook": Kind("correct part1 only; part2.ipynb not submitted"),
    "manual_answers": Kind("correct, plus a written answer, a report() function and a "
                           "markdown cell answering the task"),
    "late": Kind("correct, submitted 25.5 hours after the due date"),
    "renamed_notebook": Kind("correct, but part1 saved as part1-Copy1.ipynb",
                             honest=False, like="correct"),
    "deleted_test_cell": Kind("correct, with the test_mean cell deleted",
                              honest=False, like="correct"),
    "edited_test_cell": Kind("mean wrong, and test_mean's asserts replaced with `pass`",
                             honest=False, like="correct", spoiled=("test_mean",)),
    "cheat_lying_eq": Kind("rainy_days returns a list subclass whose == is always True",
                           honest=False, like="correct", spoiled=("test_rainy_days",)),
    "cheat_assertion_error": Kind("mean wrong; builtins.AssertionError replaced",
                                  honest=False, like="correct", spoiled=("test_mean",)),
    "cheat_input_transformer": Kind("to_fahrenheit wrong; an IPython input transformer blanks "
                                    "every later cell", honest=False, like="correct",
                                    spoiled=("test_to_fahrenheit",)),
    "cheat_showtraceback": Kind("mean wrong; the shell's showtraceback patched to print nothing",
                                honest=False, like="correct", spoiled=("test_mean",)),
    "cheat_sys_exit": Kind("mean calls sys.exit(0), so test_mean exits mid-test",
                           honest=False, like="correct", spoiled=("test_mean",)),
    "infinite_loop": Kind("correct, but the rainy_days answer is `while True: pass`",
                          honest=False, like="correct", spoiled=("test_rainy_days",)),
    "os_exit": Kind("correct, but the total_rain answer is os._exit(1)",
                    honest=False, like="correct", spoiled=("test_total_rain",)),
    "no_notebook": Kind("a submission folder with helpers.py and data/ but no notebook",
                        honest=False),
}


def read_nb(path: Path) -> Notebook:
    return json.loads(path.read_text(encoding="utf-8"))


def write_nb(path: Path, nb: Notebook) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def solution_text(cell: dict) -> str:
    """A source solution cell as a student who got it right would write it (no markers)."""
    lines = text(cell).splitlines(keepends=True)
    kept = [line for line in lines
            if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION")]
    return "".join(kept)


def hidden_test_lines(source_dir: Path = SOURCE) -> list[str]:
    """Every non-blank line between the HIDDEN TESTS markers of the source's test cells."""
    hidden: list[str] = []
    for name in NOTEBOOKS:
        for cell in read_nb(source_dir / f"{name}.ipynb")["cells"]:
            inside = False
            for line in text(cell).splitlines():
                if line.strip() == "### BEGIN HIDDEN TESTS":
                    inside = True
                elif line.strip() == "### END HIDDEN TESTS":
                    inside = False
                elif inside and line.strip():
                    hidden.append(line.strip())
    return hidden


class Submission:
    """The released notebooks of one student, edited cell by cell (by grade id)."""

    def __init__(self, release: dict[str, Notebook], source: dict[str, Notebook]) -> None:
        self.notebooks = copy.deepcopy(release)
        self.source = source
        self.filenames = {name: f"{name}.ipynb" for name in release}

    def find(self, gid: str) -> tuple[str, int]:
        for name, nb in self.notebooks.items():
            for index, cell in enumerate(nb["cells"]):
                if grade_id(cell) == gid:
                    return name, index
        raise KeyError(gid)

    def set(self, gid: str, source: str) -> None:
        name, index = self.find(gid)
        self.notebooks[name]["cells"][index]["source"] = source

    def answer_correctly(self) -> None:
        """Every autograded answer (solution, not grade) as in the teacher's source."""
        for nb in self.source.values():
            for cell in nb["cells"]:
                meta = cell.get("metadata", {}).get("nbgrader", {})
                if meta.get("solution") and not meta.get("grade"):
                    self.set(meta["grade_id"], solution_text(cell))

    def insert_after(self, gid: str, cell: dict) -> None:
        name, index = self.find(gid)
        self.notebooks[name]["cells"].insert(index + 1, cell)

    def delete(self, gid: str) -> None:
        name, index = self.find(gid)
        del self.notebooks[name]["cells"][index]


def build(kind: str, release: dict[str, Notebook], source: dict[str, Notebook]) -> Submission:
    """The notebooks of one submission of this kind."""
    sub = Submission(release, source)
    if kind == "blank":
        return sub
    if kind == "no_notebook":
        sub.notebooks.clear()
        return sub
    sub.answer_correctly()
    if kind == "partial":
        for gid, answer in WRONG.items():
            sub.set(gid, answer)
    elif kind == "missing_notebook":
        del sub.notebooks["part2"]
    elif kind == "manual_answers":
        sub.set("explain_mean", WRITTEN_ANSWER)
        sub.set("report", MANUAL_CODE)
        sub.insert_after("check_by_hand", {"cell_type": "markdown", "id": "my-check",
                                           "metadata": {}, "source": TASK_RESPONSE})
    elif kind == "renamed_notebook":
        sub.filenames["part1"] = "part1-Copy1.ipynb"
    elif kind == "deleted_test_cell":
        sub.delete("test_mean")
    elif kind == "edited_test_cell":
        sub.set("mean", WRONG["mean"])
        sub.set("test_mean", '"""mean() of small lists and of the temperatures"""\npass\n')
    elif kind in CHEATS:
        sub.set(CHEAT_CELL[kind], CHEATS[kind])
    elif kind == "infinite_loop":
        sub.set("rainy_days", INFINITE_LOOP)
    elif kind == "os_exit":
        sub.set("total_rain", OS_EXIT)
    elif kind not in ("correct", "late"):
        raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    return sub


def make_class(course_dir: Path, kinds: list[str] | None = None) -> dict[str, str]:
    """Write `submitted/<student>/ps1/` for each kind (default: all); return student -> kind.

    Reads `release/ps1/` (run generate_assignment first) and `source/ps1/` of course_dir.
    """
    course_dir = Path(course_dir)
    release_dir = course_dir / "release" / ASSIGNMENT
    release = {name: read_nb(release_dir / f"{name}.ipynb") for name in NOTEBOOKS}
    source_dir = course_dir / "source" / ASSIGNMENT
    source = {name: read_nb(source_dir / f"{name}.ipynb") for name in NOTEBOOKS}
    students: dict[str, str] = {}
    for minute, kind in enumerate(kinds or list(KINDS)):
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
        sub = build(kind, release, source)
        student = kind
        folder = course_dir / "submitted" / student / ASSIGNMENT
        if folder.exists():
            shutil.rmtree(folder)
        # The files a student downloads come back with the submission (stock overwrites them
        # with the source's copies when grading).
        shutil.copytree(release_dir, folder,
                        ignore=shutil.ignore_patterns("*.ipynb", ".ipynb_checkpoints"))
        for name, nb in sub.notebooks.items():
            write_nb(folder / sub.filenames[name], nb)
        stamp = LATE if kind == "late" else ON_TIME.format(minute=minute)
        (folder / "timestamp.txt").write_text(stamp, encoding="utf-8")
        students[student] = kind
    return students

