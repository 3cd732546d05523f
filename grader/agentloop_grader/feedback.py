"""Per-student feedback HTML, made by nbgrader's generate_feedback from autograded/.

Our autograded notebooks are built on the student version, and nbgrader is configured
to strip hidden-test regions too; every HTML file is then checked for hidden test source
and removed (with an error) if any is found.
"""

from __future__ import annotations

import json
from pathlib import Path

from .course import Course, GradingError
from .release import nbgrader_api


def hidden_test_lines(source_notebook: Path) -> list[str]:
    """The non-trivial lines of every hidden-test region of the source notebook."""
    nb = json.loads(source_notebook.read_text(encoding="utf-8"))
    lines = []
    for cell in nb["cells"]:
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        inside = False
        for line in text.splitlines():
            if "BEGIN HIDDEN TESTS" in line:
                inside = True
            elif "END HIDDEN TESTS" in line:
                inside = False
            elif inside and line.strip():
                lines.append(line.strip())
    return lines


def leaks(html: str, secret_lines: list[str]) -> list[str]:
    """Hidden test lines (or their markers) that appear in an HTML page."""
    import html as html_lib
    import re

    text = html_lib.unescape(re.sub(r"<[^>]+>", "", html))
    found = [line for line in secret_lines if line in text]
    if "HIDDEN TESTS" in text:
        found.append("HIDDEN TESTS marker")
    return found


def feedback(course: Course, assignment: str) -> list[Path]:
    """Run generate_feedback for every autograded student; return the HTML files."""
    course.require()
    autograded = course.root / "autograded"
    students = sorted(p.name for p in autograded.iterdir()
                      if (p / assignment).is_dir()) if autograded.is_dir() else []
    if not students:
        raise GradingError(f"nothing autograded for {assignment}; "
                           "run `agentloop-grade autograde` first")
    with nbgrader_api(course) as api:
        result = api.generate_feedback(assignment)
    if not result.get("success"):
        detail = (result.get("error") or result.get("log") or "").strip().splitlines()
        raise GradingError(f"nbgrader could not generate feedback for {assignment}: "
                           f"{detail[-1] if detail else 'unknown error'}")
    secret = [line for path in sorted(course.path("source", assignment=assignment)
                                      .glob("*.ipynb")) for line in hidden_test_lines(path)]
    pages = sorted((course.root / "feedback").glob(f"*/{assignment}/*.html"))
    for page in pages:
        found = leaks(page.read_text(encoding="utf-8", errors="replace"), secret)
        if found:
            page.unlink()
            raise GradingError(f"{page} showed hidden test code ({found[0]!r}); removed it")
    return pages
