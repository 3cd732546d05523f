"""Collect: what the caller gets — every item found, in exactly one list: placed, skipped
(with the reason) or ambiguous (what was kept, what was not); and who is missing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Item(StrEnum):
    """What one placed item is."""

    NOTEBOOK = "notebook"
    FILE = "file"  # another file of the student's
    NONE = "none"  # a submission with no notebook (its student still gets a row)


@dataclass(frozen=True)
class Placed:
    """One thing written to submitted/: a notebook, another file, or a submission with none."""

    student: str
    item: str  # the source notebook's name, a file's relative path, or "" for "no notebook"
    origin: str
    timestamp: str  # what the submission's timestamp.txt says
    note: str = ""
    kind: Item = Item.NOTEBOOK

    def line(self) -> str:
        if self.kind is Item.FILE:
            return f"{self.student}/{self.item} ← {self.origin} (other file)"
        head = (f"{self.student}: no notebook ← {self.origin}" if self.kind is Item.NONE
                else f"{self.student}/{self.item} ← {self.origin}")
        return f"{head} ({'; '.join(filter(None, [self.timestamp, self.note]))})"


@dataclass
class CollectResult:
    """Every item found, in exactly one list; plus the gradebook's students not found."""

    placed: list[Placed] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # in the gradebook, nothing found
    expected: list[str] = field(default_factory=list)  # the assignment's notebooks
    people: list[str] = field(default_factory=list)  # names put in (or kept in) the
    # gradebook's student records (people.py)

    def incomplete(self) -> dict[str, list[str]]:
        """Students who handed in some notebooks but not all: student -> the missing."""
        out = {}
        for student in self.students():
            have = self.notebooks(student)
            lacking = [name for name in self.expected if name not in have]
            if have and lacking:
                out[student] = lacking
        return out

    def students(self) -> list[str]:
        """Students with a placed submission (with or without a notebook)."""
        return sorted({p.student for p in self.placed})

    def notebooks(self, student: str) -> dict[str, Placed]:
        """The placed notebooks of `student` by source notebook name."""
        return {p.item: p for p in self.placed if p.student == student and p.kind is Item.NOTEBOOK}

    def no_notebook(self) -> list[str]:
        return sorted(p.student for p in self.placed if p.kind is Item.NONE)

    def summary(self) -> str:
        notebooks = sum(p.kind is Item.NOTEBOOK for p in self.placed)
        lines = [f"placed {len(self.students())} submission(s), {notebooks} notebook(s)"]
        lines += [f"  {p.line()}" for p in self.placed]
        lines += [f"fewer notebooks: {student} handed in {len(self.expected) - len(lacking)} "
                  f"of {len(self.expected)} (no {', '.join(lacking)})"
                  for student, lacking in self.incomplete().items()]
        lines += [f"ambiguous: {a}" for a in self.ambiguous]
        lines += [f"skipped: {s}" for s in self.skipped]
        lines += [f"gradebook: {line}" for line in self.people]
        if self.missing:
            lines.append(f"missing (in the gradebook, no submission): {', '.join(self.missing)}")
        return "\n".join(lines)

    def to_plain(self) -> dict[str, Any]:
        """The result for the run report: JSON types only."""
        return {"placed": [asdict(p) for p in self.placed], "ambiguous": list(self.ambiguous),
                "skipped": list(self.skipped), "missing": list(self.missing),
                "incomplete": self.incomplete(), "people": list(self.people)}
