"""Report: graded cells named as a teacher reads them.

A cell the teacher named is called by its grade id; one whose grade id nbgrader's toolbar
made up (`cell-1a2b…`) by the heading, or the line, above it: `cell_labels`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..course import Course

TOOLBAR_ID = re.compile(r"^cell-[0-9a-f]{16}$")  # a grade id nbgrader's toolbar made up
LABEL_CHARS = 60


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
