"""Judge: the score of one graded cell for one student, as every stage after judging reads
it (the gradebook, the autograded notebook, the run report)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from agentloop.i18n import SOURCE, Language


class Graded(StrEnum):
    """How a graded cell is scored: the run report's and the class report's `kind`."""

    CHECK = "check"  # a check cell: judged here from its probes' plain data
    TEST = "test"  # an ordinary test cell: stock's rules on its outputs
    MANUAL = "manual"  # an answer a person grades, written or code
    TASK = "task"  # a task: always a person's


@dataclass
class CellScore:
    """The grade of one graded cell for one student."""

    grade_id: str
    points: float
    score: float | None  # None: left for a person
    kind: Graded
    reason: str = ""  # why it lost points, one line
    text: str = ""  # what the autograded notebook shows under the cell, in `language`
    failures: list[dict[str, str]] = field(default_factory=list)  # case, rule, reason
    shown_reason: str = ""  # `reason` as the student reads it, in `language` ('' : reason)
    language: Language = SOURCE  # the student's notebook's (judge/language.py)

    @property
    def passed(self) -> bool:
        return self.score is not None and self.score == self.points


def grade_id(cell: dict[str, Any]) -> str | None:
    """The grade id a sanitised cell carries (scores are by grade id)."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta.get("grade_id") if isinstance(meta, dict) else None
