"""Report: the run report, one row per student, every problem named, saved as JSON and text.

The JSON holds everything a script (or `agentloop-grade report`) needs: each graded cell's
score, its kind and, for failures, the cases and reasons; the run's settings, including
which isolation held and what each kind of test cell is protected against.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .. import jsonfile
from ..judge.scores import CellScore

# What a run report says each kind of autograded cell is protected against.
PROTECTIONS = {
    "check": [
        "the learner's code runs in the sandbox; only plain data (JSON types) comes back",
        "the cases are chosen and the verdict computed in the grader's own process",
        "objects that lie about ==, patched tracebacks, input transformers, sys.exit, "
        "os._exit and signal tricks cannot turn a failure into a pass",
        "the course library's own answers are withheld while the learner's code runs",
    ],
    "test": [
        "the test cell's text comes from the source notebook, whatever the student edited",
        "builtins, exceptions, sys/os exits, trace hooks and signal handlers the student "
        "replaced are restored before each test cell; IPython's input transformers and "
        "traceback hooks are bypassed",
        "an operand that claims to equal anything fails an == assert",
        "NOT protected: the test runs in the same process as the student's code, so code "
        "that digs the grader's objects out of memory or keeps a thread running can still "
        "interfere; use a check cell where that matters",
    ],
}


@dataclass
class Row:
    """One student's result in a grading run."""

    student: str
    score: float
    max_score: float
    notebooks: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    attempts: int = 0
    seconds_late: float = 0.0  # after the due date (and extension) in the gradebook
    late_penalty: float = 0.0  # what nbgrader's late plugin took off `score`
    late_penalties: dict[str, float | None] = field(default_factory=dict)  # as stored, per
    # notebook (None: not late, or the plugin gave none)
    needs_manual: int = 0  # cells left for a person

    @property
    def net_score(self) -> float:
        """The score formgrader and `nbgrader export` show: score minus the late penalty."""
        return max(0.0, self.score - self.late_penalty)

    @property
    def cells(self) -> dict[str, dict[str, Any]]:
        """Every graded cell, as `notebook/grade_id` (or just the id with one notebook)."""
        single = len(self.notebooks) == 1
        return {(gid if single else f"{nb}/{gid}"): cell
                for nb, cells in self.notebooks.items() for gid, cell in cells.items()}

    def score_text(self) -> str:
        text = f"{self.net_score:g}/{self.max_score:g}"
        if self.late_penalty:
            text += f" ({self.score:g} − {self.late_penalty:g} late)"
        elif self.seconds_late:
            text += " (late, no penalty)"
        if self.needs_manual:
            text += f", {self.needs_manual} to grade by hand"
        return text

    @classmethod
    def from_scores(cls, student: str, scores: dict[str, list[CellScore]],
                    problems: list[str], seconds: float, attempts: int) -> Row:
        notebooks = {nb: {s.grade_id: {"score": s.score, "points": s.points, "kind": s.kind,
                                       "reason": s.reason, "failures": s.failures}
                          for s in cells} for nb, cells in scores.items()}
        every = [s for cells in scores.values() for s in cells]
        failed = [f"{s.grade_id}: {s.reason}" for s in every
                  if s.reason and s.reason not in problems and s.reason != "No response."]
        return cls(student, sum(s.score or 0 for s in every), sum(s.points for s in every),
                   notebooks, list(dict.fromkeys([*problems, *failed])), round(seconds, 3),
                   attempts, needs_manual=sum(1 for s in every if s.score is None))


@dataclass
class RunReport:
    """Everything a grading run found, in student order."""

    assignment: str
    started: str = field(default_factory=lambda: time.strftime("%Y-%m-%dT%H-%M-%SZ",
                                                               time.gmtime()))
    settings: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # about the run, not a student
    rows: list[Row] = field(default_factory=list)
    seconds: float = 0.0
    files: list[str] = field(default_factory=list)  # where save() wrote it, and the class
    # report's files
    reruns: list[dict[str, Any]] = field(default_factory=list)  # cells a busy machine may
    # have failed, run again alone: student, notebook, cell, why, workers, outcome
    _base: Path | None = field(default=None, repr=False, compare=False)

    def add(self, row: Row) -> None:
        self.rows.append(row)

    def summary(self) -> str:
        """A readable summary: totals, then every problem per student."""
        rows = sorted(self.rows, key=lambda r: r.student)
        lines = [f"# Grading report: {self.assignment} ({self.started})", "",
                 f"{len(rows)} submission(s) graded in {self.seconds:.1f} s.",
                 "Scores as this run left them in the gradebook, a snapshot: what is "
                 f"graded by hand later is not here (`agentloop-grade report "
                 f"{self.assignment}` and `export` show the current totals)."]
        isolation = self.settings.get("isolation")
        if isolation:
            lines.append(f"- sandbox: {isolation}")
        lines += [f"- note: {n}" for n in self.notes]
        lines += ["", "| student | score when graded | problems |", "| --- | --- | --- |"]
        for row in rows:
            lines.append(f"| {row.student} | {row.score_text()} | {len(row.problems)} |")
        troubled = [r for r in rows if r.problems]
        if troubled:
            lines += ["", "## Problems"]
            for row in troubled:
                lines.append(f"- **{row.student}**")
                lines += [f"  - {p}" for p in row.problems]
        if self.reruns:
            lines += ["", "## Re-run with the machine to itself",
                      "Failed while other notebooks ran at once; the run alone stands:"]
            lines += [f"- {r['student']}, {r['notebook']}/{r['cell']} ({r['why']}): "
                      f"{r['outcome']}" for r in self.reruns]
        protections = self.settings.get("protections")
        if protections:
            lines += ["", "## What each kind of test cell is protected against"]
            for kind, items in protections.items():
                lines.append(f"- **{kind} cells**")
                lines += [f"  - {item}" for item in items]
        return "\n".join(lines) + "\n"

    def to_plain(self) -> dict[str, Any]:
        """The report as JSON data, rows in student order. It shares the rows' cells
        (plain data already) rather than copying them as `dataclasses.asdict` would, which
        cost more than the rest of saving: treat it as read-only."""
        data = {f.name: copy.copy(getattr(self, f.name)) for f in fields(self)
                if f.name not in ("_base", "rows")}
        data["rows"] = [{f.name: copy.copy(getattr(row, f.name)) for f in fields(row)}
                        for row in sorted(self.rows, key=lambda r: r.student)]
        return data

    def save(self, folder: Path) -> tuple[Path, Path]:
        """Write the .json and .md (the first call picks new names; a later call writes the
        same files again); `files` names them first, so the JSON lists itself."""
        folder.mkdir(parents=True, exist_ok=True)
        if self._base is None or self._base.parent != folder:
            base = folder / f"{self.assignment}-{self.started}"
            number = 1
            while base.with_suffix(".json").exists():
                number += 1
                base = folder / f"{self.assignment}-{self.started}-{number}"
            self._base = base
            self.files = [str(base.with_suffix(".json")), str(base.with_suffix(".md")),
                          *self.files]
        base = self._base
        json_path, text_path = base.with_suffix(".json"), base.with_suffix(".md")
        jsonfile.write(json_path, self.to_plain())  # one student a line
        text_path.write_text(self.summary(), encoding="utf-8")
        return json_path, text_path
