"""The per-run report: one row per submission, every problem named, saved as JSON and text."""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .judging import CellScore


@dataclass
class Row:
    """One student's result in a grading run."""

    student: str
    score: float
    max_score: float
    cells: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    runs: int = 0
    seconds_late: float = 0.0  # after the due date (and extension) in the gradebook
    late_penalty: float | None = None  # what nbgrader's late plugin took off `score`

    @property
    def net_score(self) -> float:
        """The score formgrader and `nbgrader export` show: score minus the late penalty."""
        return max(0.0, self.score - (self.late_penalty or 0.0))

    def score_text(self) -> str:
        text = f"{self.net_score:g}/{self.max_score:g}"
        if self.late_penalty:
            text += f" ({self.score:g} − {self.late_penalty:g} late)"
        elif self.seconds_late:
            text += " (late, no penalty)"
        return text

    @classmethod
    def from_scores(cls, student: str, scores: list[CellScore], problems: list[str],
                    run: dict[str, Any] | None) -> Row:
        cells = {s.grade_id: {"score": s.score, "points": s.points, "reason": s.reason}
                 for s in scores}
        failed = [f"{s.grade_id}: {s.reason}" for s in scores
                  if s.reason and s.reason not in problems]
        return cls(student, sum(s.score or 0 for s in scores), sum(s.points for s in scores),
                   cells, list(dict.fromkeys([*problems, *failed])),
                   round((run or {}).get("seconds", 0.0), 3), (run or {}).get("runs", 0))


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
    files: list[str] = field(default_factory=list)  # where save() wrote it

    def add(self, row: Row) -> None:
        self.rows.append(row)

    def summary(self) -> str:
        """A readable summary: totals, then every problem per student."""
        rows = sorted(self.rows, key=lambda r: r.student)
        lines = [f"# Grading report: {self.assignment} ({self.started})", "",
                 f"{len(rows)} submission(s) graded in {self.seconds:.1f} s."]
        lines += [f"- note: {n}" for n in self.notes]
        lines += ["", "| student | score | problems |", "| --- | --- | --- |"]
        for row in rows:
            lines.append(f"| {row.student} | {row.score_text()} | {len(row.problems)} |")
        troubled = [r for r in rows if r.problems]
        if troubled:
            lines += ["", "## Problems"]
            for row in troubled:
                lines.append(f"- **{row.student}**")
                lines += [f"  - {p}" for p in row.problems]
        return "\n".join(lines) + "\n"

    def save(self, folder: Path) -> tuple[Path, Path]:
        folder.mkdir(parents=True, exist_ok=True)
        base = folder / f"{self.assignment}-{self.started}"
        number = 1
        while base.with_suffix(".json").exists():
            number += 1
            base = folder / f"{self.assignment}-{self.started}-{number}"
        data = asdict(self)
        data["rows"] = sorted(data["rows"], key=lambda r: r["student"])
        json_path, text_path = base.with_suffix(".json"), base.with_suffix(".md")
        json_path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                             encoding="utf-8")
        text_path.write_text(self.summary(), encoding="utf-8")
        return json_path, text_path
