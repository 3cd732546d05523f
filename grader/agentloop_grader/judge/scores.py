"""Judge: the score of one graded cell for one student, as every stage after judging reads
it (the gradebook, the autograded notebook, the run report)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class CellScore:
    """The grade of one graded cell for one student."""

    grade_id: str
    points: float
    score: float | None  # None: left for a person
    kind: str  # a CellKind value, or "task"
    reason: str = ""  # why it lost points, one line
    text: str = ""  # what the autograded notebook shows under the cell
    failures: list[dict[str, str]] = field(default_factory=list)  # case, rule, reason

    @property
    def passed(self) -> bool:
        return self.score is not None and self.score == self.points


def grade_id(cell: dict[str, Any]) -> str | None:
    """The grade id a sanitised cell carries (scores are by grade id)."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta.get("grade_id") if isinstance(meta, dict) else None
