"""Report: the class report, what the class got wrong, from the gradebook and the run
reports: `build(course, assignment) -> ClassReport` (files.py writes it, pages.py draws it;
the course overview is overview.py).

Where each figure comes from:
- scores, pass rates, late penalties, names: the gradebook, so manual grades and regrades
  count and a course graded by stock nbgrader gets a report too;
- failure reasons, crashes, time-outs, hostile code, seconds per submission: the run
  reports COURSE/reports/<assignment>-<time>.json, each student's row taken from the
  newest run report that graded that student.

Cells are named as a teacher reads them (`CellStats.title`): by their grade id when the
teacher named the cell, else (the toolbar's `cell-1a2b…` ids) by the heading or the line
above it. The headline lists the mistakes; unanswered work (answers left as released,
"No response.", the released NotImplementedError stub) is one line under them.

Failures are grouped per graded cell by (rule, reason): a check's failed case carries the
rule it tests and why it failed ("expected 'error', got 'limit'"); an ordinary test cell's
failure has its error line as the rule. A group counts students, not cases: a student
failing five cases of one rule counts once, and a student who failed every case of a
cell the same way (the released `raise NotImplementedError`) is one group, "every case of
the cell", not one per rule. (The run report keeps the first judge.checks.MAX_FAILURES_KEPT
failed cases per cell and student.)

Trouble kinds, a closed set, each found by the words the grader uses for it:
    unreadable  the notebook is missing, empty or not a notebook
    time-out    a cell was killed at the time limit
    crash       the process died: os._exit, a signal, out of memory
    hostile     code that attacked the grading: a lying ==, objects that are not plain
                data, the library's withheld answer, the grader's channel or internals

"""

from __future__ import annotations

import json
import math
import re
import statistics
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..course import Course, GradingError
from ..judge.scores import Graded

DERIVED_SUFFIXES = (".class.json", ".overview.json")  # in reports/, but not run reports
TOP_MISTAKES = 8  # across cells, at the top of the page
SLOWEST = 5
EVERY_CASE = "every case of the cell"
ALL_FAILED = re.compile(r"^(\d+)/(\d+) cases failed")  # judging's summary of a check
TOOLBAR_ID = re.compile(r"^cell-[0-9a-f]{16}$")  # a grade id nbgrader's toolbar made up
UNANSWERED = ("No response.", "NotImplementedError")  # how work left as released fails
LABEL_CHARS = 60

TROUBLE_SIGNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("unreadable", ("is not a readable notebook", "the notebook is empty",
                    "the notebook is larger than", "nothing submitted", ".ipynb submitted")),
    ("time-out", ("(time limit)", "did not start in time")),
    ("crash", ("process exited with code", "process killed by", "worker died",
               "process vanished", "ran out of memory", "sandbox failed to start")),
    ("hostile", ("dishonest ==", "expected plain data", "withheld while grading",
                 "library's own answer", "not available while grading",
                 "on the grader's channel")),
)
CELL_KINDS = tuple(Graded)
TROUBLE_KINDS = tuple(kind for kind, _ in TROUBLE_SIGNS)


def stamp() -> str:
    """The run reports' time format, e.g. 2026-12-01T09-08-15Z."""
    return time.strftime("%Y-%m-%dT%H-%M-%SZ", time.gmtime())


def readable_time(text: str) -> str:
    """2026-12-01T09-08-15Z -> 2026-12-01 09:08:15 UTC (anything else unchanged)."""
    match = re.fullmatch(r"(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z(-\d+)?", text or "")
    return f"{match[1]} {match[2]}:{match[3]}:{match[4]} UTC" if match else text


# --- the run reports --------------------------------------------------------------------

def run_reports(course: Course, assignment: str,
                skip: Iterable[str] = ()) -> list[tuple[Path, dict[str, Any]]]:
    """The run reports of `assignment` in COURSE/reports/, newest first (unreadable ones,
    other assignments' and our own derived files are left out)."""
    folder = course.root / "reports"
    skipped = {str(Path(p).resolve()) for p in skip}
    found = []
    for path in folder.glob(f"{assignment}-*.json") if folder.is_dir() else ():
        if path.name.endswith(DERIVED_SUFFIXES) or str(path.resolve()) in skipped:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            mtime = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("assignment") == assignment and \
                isinstance(data.get("rows"), list):
            found.append((str(data.get("started", "")), mtime, path, data))
    found.sort(key=lambda item: item[:2], reverse=True)
    return [(path, data) for _, _, path, data in found]


def troubles(row: dict[str, Any]) -> list[dict[str, str]]:
    """What went wrong with one run row, one entry per kind, with the grader's words."""
    texts = [str(p) for p in row.get("problems", [])]
    out = []
    for kind, signs in TROUBLE_SIGNS:
        for text in texts:
            if any(sign in text for sign in signs):
                out.append({"kind": kind, "reason": text})
                break
    return out


def _reason(rule: str, reason: str) -> str:
    """A check's reason without the rule it repeats: "expected 'error', got 'limit'"."""
    reason = reason.strip()
    suffix = f" (rule: {rule})"
    return reason[:-len(suffix)] if rule and reason.endswith(suffix) else reason


def _failures(cell: dict[str, Any]) -> list[dict[str, str]]:
    """The failed cases of a run-report cell (one made from its reason when none kept)."""
    kept = [f for f in cell.get("failures") or [] if isinstance(f, dict)]
    if kept:
        return kept
    reason = str(cell.get("reason") or "").strip()
    if not reason:
        reason = "partial credit" if cell.get("score") else "no reason recorded"
    return [{"case": "", "rule": reason.splitlines()[0][:200], "reason": reason}]


# --- one assignment ---------------------------------------------------------------------

@dataclass
class FailureGroup:
    """One mistake in one cell: a rule broken the same way, by these students."""

    rule: str
    reason: str
    students: list[str]
    cases: int  # failed cases over all those students
    example_case: str


@dataclass
class CellStats:
    """One graded cell over the class."""

    key: str  # grade_id, or notebook/grade_id when the assignment has several notebooks
    notebook: str
    grade_id: str
    kind: str  # check | test | manual | task
    points: float
    graded: int = 0  # submissions with a score for it
    passed: int = 0  # full marks
    mean: float | None = None
    needs_manual: int = 0
    groups: list[FailureGroup] = field(default_factory=list)
    label: str = ""  # what a teacher reads for it when its grade id is made up

    @property
    def title(self) -> str:
        """The cell as a teacher names it: its grade id, or its heading for a made-up id."""
        if not self.label:
            return self.key
        return self.label if self.key == self.grade_id else f"{self.notebook}: {self.label}"

    @property
    def pass_rate(self) -> float | None:
        return self.passed / self.graded if self.graded else None

    @property
    def failed(self) -> int:
        return self.graded - self.passed


@dataclass
class StudentLine:
    """One student of the class, for this assignment."""

    student: str
    name: str = ""
    submitted: bool = False
    score: float = 0.0  # before the late penalty, as nbgrader's `score`
    max_score: float = 0.0
    late_penalty: float = 0.0
    seconds_late: float = 0.0
    needs_manual: bool = False
    seconds: float | None = None  # in the sandbox, from the run report
    troubles: list[dict[str, str]] = field(default_factory=list)
    failed_cells: list[str] = field(default_factory=list)

    @property
    def net_score(self) -> float:
        return max(0.0, self.score - self.late_penalty)


@dataclass
class ClassReport:
    """What the class did on one assignment."""

    assignment: str
    max_score: float
    students: list[StudentLine]
    cells: list[CellStats]
    run: dict[str, Any] = field(default_factory=dict)  # the newest run report's settings
    notes: list[str] = field(default_factory=list)
    generated: str = field(default_factory=stamp)
    files: list[str] = field(default_factory=list)  # where save() wrote it

    @property
    def submitted(self) -> list[StudentLine]:
        return [s for s in self.students if s.submitted]

    def scores(self) -> dict[str, Any]:
        values = [s.net_score for s in self.submitted]
        edges = histogram_edges(self.max_score)
        return {"count": len(values), **describe(values),
                "histogram": {"edges": edges, "counts": histogram(values, edges)}}

    def mistakes(self, limit: int = TOP_MISTAKES) -> list[dict[str, Any]]:
        """The biggest failure groups over every cell: most students first, then the
        notebook's order. Groups of students who all crashed, timed out, sent hostile code
        or an unreadable notebook are left out (they are listed by `trouble`), and so is
        unanswered work (`unanswered`)."""
        troubled = {s.student for s in self.students if s.troubles}
        order = {cell.key: number for number, cell in enumerate(self.cells)}
        pairs = [(cell, group) for cell in self.cells for group in cell.groups
                 if not set(group.students) <= troubled and not unanswered(group)]
        pairs.sort(key=lambda p: (-len(p[1].students), p[1].rule == EVERY_CASE,
                                  order[p[0].key], -p[1].cases, p[1].rule))
        return [{"cell": cell.key, "title": cell.title, "kind": cell.kind,
                 **_group_plain(group)} for cell, group in pairs[:limit]]

    def unanswered(self) -> dict[str, Any]:
        """Work left as released, in one line: how many answers, of whom."""
        who: dict[str, int] = {}
        for cell in self.cells:
            for group in cell.groups:
                if unanswered(group):
                    for student in group.students:
                        who[student] = who.get(student, 0) + 1
        return {"students": len(who), "answers": sum(who.values()),
                "who": sorted(who), "per_student": dict(sorted(who.items()))}

    def trouble(self) -> list[dict[str, str]]:
        return [{"student": s.student, **t} for s in self.students for t in s.troubles]

    def late(self) -> list[dict[str, Any]]:
        return [{"student": s.student, "seconds_late": s.seconds_late,
                 "late_penalty": s.late_penalty, "score": s.score, "net_score": s.net_score}
                for s in self.submitted if s.seconds_late > 0]

    def timing(self) -> dict[str, Any]:
        timed = sorted(((s.seconds, s.student) for s in self.submitted
                        if s.seconds is not None), reverse=True)
        return {"run_seconds": self.run.get("seconds"), "workers": self.run.get("workers"),
                "time_limit_s": self.run.get("time_limit_s"),
                "per_submission": describe([t for t, _ in timed]),
                "slowest": [{"student": who, "seconds": t} for t, who in timed[:SLOWEST]]}

    def to_plain(self) -> dict[str, Any]:
        cells = []
        for cell in self.cells:
            plain = asdict(cell)
            plain["groups"] = [_group_plain(g) for g in cell.groups]
            plain.update(pass_rate=cell.pass_rate, failed=cell.failed)
            cells.append(plain)
        students = [dict(asdict(s), net_score=s.net_score) for s in self.students]
        return {"report": "class", "assignment": self.assignment,
                "generated": self.generated, "max_score": self.max_score,
                "students": len(self.students), "submitted": len(self.submitted),
                "missing": [s.student for s in self.students if not s.submitted],
                "scores": self.scores(), "mistakes": self.mistakes(),
                "unanswered": self.unanswered(), "cells": cells,
                "trouble": self.trouble(), "late": self.late(), "timing": self.timing(),
                "run": self.run, "notes": self.notes, "rows": students}

    def summary(self) -> str:
        """A few lines for the terminal."""
        scores = self.scores()
        lines = [f"{self.assignment}: {scores['count']} of {len(self.students)} student(s) "
                 "submitted" + (f", mean {scores['mean']:.3g}/{self.max_score:g}"
                                if scores["count"] else "")]
        for item in self.mistakes(3):
            lines.append(f"  {item['title']}: {item['rule']} — {item['reason']}: "
                         f"{item['students']} student(s)")
        left = self.unanswered()
        if left["answers"]:
            lines.append(f"  unanswered: {left['answers']} answer(s) left as released by "
                         f"{left['students']} student(s)")
        for item in self.trouble():
            lines.append(f"  {item['student']}: {item['kind']}: {item['reason']}")
        return "\n".join(lines)


def unanswered(group: FailureGroup) -> bool:
    """A group of work left as released rather than a mistake."""
    return any(text.startswith(UNANSWERED) for text in (group.rule, group.reason))


def cell_labels(course: Course, assignment: str) -> dict[tuple[str, str], str]:
    """(notebook, grade id) -> what a teacher reads for a cell whose grade id the toolbar
    made up: the nearest heading (or first line) of the markdown above it, else its own
    first line."""
    labels: dict[tuple[str, str], str] = {}
    for path in sorted(course.path("source", assignment=assignment).glob("*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue
        above = ""
        for cell in cells if isinstance(cells, list) else []:
            if not isinstance(cell, dict):
                continue
            text = _text(cell)
            gid = ((cell.get("metadata") or {}).get("nbgrader") or {}).get("grade_id")
            if isinstance(gid, str) and TOOLBAR_ID.match(gid):
                labels[(path.stem, gid)] = _shorten(above or _first_line(text) or gid)
            if cell.get("cell_type") == "markdown" and not gid:
                above = _heading(text) or above
    return labels


def _text(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _heading(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    headings = [line.lstrip("#").strip() for line in lines if line.startswith("#")]
    return headings[-1] if headings else (lines[0] if lines else "")


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip().strip('"').strip("'").lstrip("#").strip()
        if line and not line.startswith(("import ", "from ")):
            return line
    return ""


def _shorten(text: str) -> str:
    return text if len(text) <= LABEL_CHARS else text[:LABEL_CHARS - 1] + "…"


def _group_plain(group: FailureGroup) -> dict[str, Any]:
    return {"rule": group.rule, "reason": group.reason, "students": len(group.students),
            "cases": group.cases, "example_case": group.example_case,
            "who": group.students}


def describe(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None, "stdev": None}
    return {"mean": round(statistics.fmean(values), 4),
            "median": round(statistics.median(values), 4),
            "min": min(values), "max": max(values),
            "stdev": round(statistics.pstdev(values), 4)}


def histogram_edges(max_score: float) -> list[float]:
    """One bar per point up to 30 points (centred on whole scores), else 20 equal bars."""
    if max_score <= 0:
        return [-0.5, 0.5]
    if max_score <= 30:
        return [i - 0.5 for i in range(math.ceil(max_score) + 2)]
    return [round(max_score * i / 20, 6) for i in range(21)]


def histogram(values: list[float], edges: list[float]) -> list[int]:
    counts = [0] * (len(edges) - 1)
    for value in values:
        for index in range(len(counts)):
            last = index == len(counts) - 1
            if edges[index] <= value < edges[index + 1] or (last and value == edges[-1]):
                counts[index] += 1
                break
        else:
            counts[0 if value < edges[0] else -1] += 1
    return counts


def person_name(student: Any) -> str:
    """A gradebook student's first and last name ("" when the gradebook has neither)."""
    return " ".join(p for p in (student.first_name, student.last_name) if p)


def require_gradebook(course: Course) -> None:
    """A course's SQLite gradebook must exist (nbgrader would create an empty one)."""
    url = course.gradebook_url
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise GradingError(f"no gradebook at {url.removeprefix('sqlite:///')}; run "
                           "`agentloop-grade release` and `autograde` first")


def known_assignments(course: Course) -> list[str]:
    """Assignments in the gradebook (and source/), sorted."""
    require_gradebook(course)
    with course.gradebook() as gb:
        names = {a.name for a in gb.assignments}
    return sorted(names | set(course.assignments()))


def build(course: Course, assignment: str,
          runs: list[tuple[Path | None, dict[str, Any]]] | None = None) -> ClassReport:
    """The class report of `assignment` from the gradebook and `runs` (default: every run
    report of it in COURSE/reports/, newest first)."""
    import warnings

    from nbgrader.api import MissingEntry

    runs = run_reports(course, assignment) if runs is None else runs
    labels = cell_labels(course, assignment)
    newest: dict[str, dict[str, Any]] = {}  # student -> their row in the newest run
    for _, data in runs:
        for row in data.get("rows", []):
            if isinstance(row, dict) and row.get("student") not in newest:
                newest[str(row.get("student"))] = row
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings
        try:
            record = gb.find_assignment(assignment)
        except MissingEntry:
            raise GradingError(f"{assignment} is not in the gradebook of {course.root}; "
                               f"run `agentloop-grade release {assignment}`") from None
        notebooks = sorted(record.notebooks, key=lambda n: n.name)
        single = len(notebooks) == 1
        cells: dict[tuple[str, str], CellStats] = {}
        for notebook in notebooks:
            answers = {c.name for c in notebook.solution_cells}
            tasks = {c.name for c in notebook.task_cells}
            for cell in [*notebook.grade_cells, *notebook.task_cells]:
                kind = Graded.TASK if cell.name in tasks else \
                    Graded.MANUAL if cell.name in answers else Graded.TEST
                key = cell.name if single else f"{notebook.name}/{cell.name}"
                cells[(notebook.name, cell.name)] = CellStats(
                    key, notebook.name, cell.name, kind, float(cell.max_score),
                    label=labels.get((notebook.name, cell.name), ""))
        students = []
        scores: dict[str, dict[tuple[str, str], tuple[float | None, bool]]] = {}
        for student in sorted(gb.students, key=lambda s: s.id):
            line = StudentLine(student.id, person_name(student),
                               max_score=float(record.max_score))
            students.append(line)
            try:
                submission = gb.find_submission(assignment, student.id)
            except MissingEntry:
                continue
            line.submitted = True
            line.score = float(submission.score or 0)
            line.late_penalty = float(submission.late_submission_penalty or 0)
            line.seconds_late = float(submission.total_seconds_late or 0)
            line.needs_manual = bool(submission.needs_manual_grade)
            scores[student.id] = {
                (nb.notebook.name, grade.name): (_graded(grade), bool(grade.needs_manual_grade))
                for nb in submission.notebooks for grade in nb.grades}
        max_score = float(record.max_score)
    if not scores:
        raise GradingError(f"no submissions of {assignment} in the gradebook yet; run "
                           f"`agentloop-grade autograde {assignment}` first")
    for row in newest.values():
        for notebook, graded in (row.get("notebooks") or {}).items():
            for gid, ran in (graded or {}).items():
                kind = ran.get("kind") if isinstance(ran, dict) else None
                if (notebook, gid) in cells and kind in CELL_KINDS:
                    cells[(notebook, gid)].kind = kind
    order = _cell_order(runs, cells)
    for key in order:
        _fill(cells[key], scores, newest)
    for line in students:
        row = newest.get(line.student)
        if line.submitted and row is not None:
            line.seconds = float(row.get("seconds") or 0.0)
            line.troubles = troubles(row)
        line.failed_cells = [cells[k].title for k in order
                             if _lost_points(scores.get(line.student, {}).get(k), cells[k])]
    notes = []
    if not runs:
        notes.append(f"no run report of {assignment} in {course.root / 'reports'}: failure "
                     "reasons, crashes and timing come from `agentloop-grade autograde`")
    else:
        missing = [s.student for s in students if s.submitted and s.student not in newest]
        if missing:
            notes.append(f"{len(missing)} submission(s) are in no run report, so their "
                         f"failures are not grouped: {', '.join(missing)}")
    return ClassReport(assignment, max_score, students, [cells[k] for k in order],
                       _run_meta(runs), notes)


def _graded(grade: Any) -> float | None:
    """A grade's score, or None while nobody (nor the autograder) has given one; nbgrader's
    own `score` is 0 then."""
    if grade.auto_score is None and grade.manual_score is None:
        return None
    return float(grade.score)


def _cell_order(runs: list[tuple[Path | None, dict[str, Any]]],
                cells: dict[tuple[str, str], CellStats]) -> list[tuple[str, str]]:
    """The notebook's order (as the run report lists cells), then any others."""
    order: list[tuple[str, str]] = []
    for _, data in runs[:1]:
        for row in data.get("rows", [])[:1]:
            for notebook, graded in sorted((row.get("notebooks") or {}).items()):
                order += [(notebook, gid) for gid in graded if (notebook, gid) in cells]
    return list(dict.fromkeys([*order, *cells]))


def _lost_points(score: tuple[float | None, bool] | None, cell: CellStats) -> bool:
    return score is not None and score[0] is not None and score[0] < cell.points


def _fill(cell: CellStats, scores: dict[str, dict[tuple[str, str], tuple[float | None, bool]]],
          newest: dict[str, dict[str, Any]]) -> None:
    """Pass rate from the gradebook, failure groups from the run rows."""
    values = []
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for student, grades in scores.items():
        score, manual = grades.get((cell.notebook, cell.grade_id), (None, False))
        cell.needs_manual += manual
        if score is None:
            continue
        values.append(float(score))
        if float(score) >= cell.points:
            cell.passed += 1
            continue
        ran = ((newest.get(student) or {}).get("notebooks") or {}).get(cell.notebook, {}) \
            .get(cell.grade_id)
        if not isinstance(ran, dict):
            continue
        for rule, reason, labels, cases in _student_groups(ran):
            group = groups.setdefault((rule, reason), {"students": {}, "cases": 0})
            group["cases"] += cases
            group["students"].setdefault(student, []).extend(labels)
    cell.graded = len(values)
    cell.mean = round(statistics.fmean(values), 4) if values else None
    found = []
    for (rule, reason), group in groups.items():
        who = sorted(group["students"])
        example = _example(group["students"])
        found.append(FailureGroup(rule, reason, who, group["cases"],
                                  "" if example == cell.grade_id else example))  # a test
        # cell's only "case" is itself
    found.sort(key=lambda g: (-len(g.students), g.rule == EVERY_CASE, -g.cases, g.rule,
                              g.reason))
    cell.groups = found


def _student_groups(ran: dict[str, Any]) -> list[tuple[str, str, list[str], int]]:
    """One student's failures in one cell as (rule, reason, case labels, cases) groups. A
    student who failed every case of the cell in the same way (e.g. the released
    `raise NotImplementedError`) is one group, EVERY_CASE, not one per rule."""
    found: dict[tuple[str, str], list[str]] = {}
    for failure in _failures(ran):
        rule = str(failure.get("rule") or failure.get("reason") or "").strip()
        reason = _reason(rule, str(failure.get("reason") or ""))
        found.setdefault((rule, reason), []).append(str(failure.get("case") or ""))
    every = ALL_FAILED.match(str(ran.get("reason") or ""))
    reasons = {reason for _, reason in found}
    if every and every[1] == every[2] and len(found) > 1 and len(reasons) == 1:
        labels = [label for cases in found.values() for label in cases]
        return [(EVERY_CASE, reasons.pop(), labels, int(every[1]))]
    return [(rule, reason, labels, len(labels)) for (rule, reason), labels in found.items()]


def _example(labels: dict[str, list[str]]) -> str:
    """The case label most of the group's students failed (the first such one)."""
    counts: dict[str, int] = {}
    for student_labels in labels.values():
        for label in dict.fromkeys(student_labels):
            if label:
                counts[label] = counts.get(label, 0) + 1
    return max(counts, key=lambda label: counts[label]) if counts else ""


def _run_meta(runs: list[tuple[Path | None, dict[str, Any]]]) -> dict[str, Any]:
    if not runs:
        return {}
    path, data = runs[0]
    settings = data.get("settings") or {}
    limits = settings.get("limits") or {}
    return {"file": str(path) if path else None, "started": data.get("started"),
            "seconds": data.get("seconds"), "graded": len(data.get("rows", [])),
            "workers": settings.get("workers"), "time_limit_s": limits.get("time_s"),
            "memory_mb": limits.get("memory_mb"), "isolation": settings.get("isolation"),
            "isolation_mode": settings.get("isolation_mode"),
            "late_penalties": settings.get("late_penalties"),
            "notes": list(data.get("notes") or []), "runs_read": len(runs),
            "reruns": [r for r in data.get("reruns") or [] if isinstance(r, dict)]}
