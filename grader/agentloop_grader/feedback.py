"""Per-student feedback HTML, made by nbgrader's generate_feedback from autograded/.

nbgrader is configured to strip hidden-test regions (stock copies them into the HTML), and
the autograded notebooks already scrub outputs that quote them. Every page is then checked
for what is really hidden: a hidden-test line that also stands in the student version (a
visible test repeating it, say), or in the student's own notebook, is no secret. A page
that shows a real one is withheld — moved to reports/withheld-feedback/, never deleted
silently — with a line saying which page and which line; the other pages are checked and
kept all the same. A page's own words (nbgrader's template: "Score", "Test cell", …) are
then put in the language of the student's notebook (report/feedback_words.py).
"""

from __future__ import annotations

import html as html_lib
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .course import Course, GradingError
from .release import nbgrader_api
from .report.feedback_words import translate_page

HIDDEN_BEGIN, HIDDEN_END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
MIN_SECRET_CHARS = 4  # "pass", ")" and "else:" are nobody's secret
WITHHELD = Path("reports") / "withheld-feedback"


@dataclass
class FeedbackResult:
    """The pages written, and those withheld because they show a hidden test."""

    pages: list[Path] = field(default_factory=list)
    withheld: list[tuple[Path, Path, str]] = field(default_factory=list)  # page, moved to,
    # the hidden line it shows

    def warnings(self) -> list[str]:
        return [f"{page} shows hidden test code ({line!r}): withheld, moved to {moved}"
                for page, moved, line in self.withheld]


def hidden_test_lines(source_notebook: Path) -> list[str]:
    """The non-trivial lines of every hidden-test region of the source notebook."""
    lines = []
    for text in _cell_texts(source_notebook):
        inside = False
        for line in text.splitlines():
            if HIDDEN_BEGIN in line:
                inside = True
            elif HIDDEN_END in line:
                inside = False
            elif inside and _meaningful(line.strip()):
                lines.append(line.strip())
    return lines


def visible_lines(*notebooks: Path) -> set[str]:
    """Every line students can see anyway: the notebooks' cells, stripped."""
    return {line.strip() for path in notebooks for text in _cell_texts(path)
            for line in text.splitlines() if line.strip()}


def secrets(source: Path, released: Path, *own: Path) -> list[str]:
    """The hidden-test lines of `source` that neither the student version nor the
    student's own notebooks (`own`) show."""
    seen = visible_lines(released, *own)
    return list(dict.fromkeys(line for line in hidden_test_lines(source) if line not in seen))


def leaks(html: str, secret_lines: list[str]) -> list[str]:
    """Hidden test lines (or their markers) that appear in an HTML page."""
    text = html_lib.unescape(re.sub(r"<[^>]+>", "", html))
    found = [line for line in secret_lines if line in text]
    if "HIDDEN TESTS" in text:
        found.append("HIDDEN TESTS marker")
    return found


def feedback(course: Course, assignment: str) -> FeedbackResult:
    """Run generate_feedback for every autograded student; check every page."""
    course.require()
    autograded = course.root / "autograded"
    students = sorted(p.name for p in autograded.iterdir()
                      if (p / assignment).is_dir()) if autograded.is_dir() else []
    if not students:
        raise GradingError(f"nothing autograded for {assignment}; "
                           "run `agentloop-grade autograde` first")
    with nbgrader_api(course) as api:
        outcome = api.generate_feedback(assignment)
    if not outcome.get("success"):
        detail = (outcome.get("error") or outcome.get("log") or "").strip().splitlines()
        raise GradingError(f"nbgrader could not generate feedback for {assignment}: "
                           f"{detail[-1] if detail else 'unknown error'}")
    result = FeedbackResult()
    for page in sorted((course.root / "feedback").glob(f"*/{assignment}/*.html")):
        student, notebook = page.parts[-3], page.stem
        source = course.source_notebook(assignment, notebook)
        autograded = course.path("autograded", student, assignment) / f"{notebook}.ipynb"
        if not source.is_file():
            translate_page(page, autograded)
            result.pages.append(page)
            continue
        secret = secrets(source, course.released_notebook(assignment, notebook),
                         *_own(course, student, assignment, notebook))
        found = leaks(page.read_text(encoding="utf-8", errors="replace"), secret)
        if not found:
            translate_page(page, autograded)  # the template's words in the student's language
            result.pages.append(page)
            continue
        moved = course.root / WITHHELD / student / assignment / page.name
        moved.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(page, moved)
        result.withheld.append((page, moved, found[0]))
    return result


def _own(course: Course, student: str, assignment: str, notebook: str) -> list[Path]:
    """The student's own notebook as handed in (their own lines are theirs to see)."""
    path = course.path("submitted", student, assignment) / f"{notebook}.ipynb"
    return [path] if path.is_file() else []


def _cell_texts(path: Path) -> list[str]:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    texts = []
    for cell in nb.get("cells", []) if isinstance(nb, dict) else []:
        source = cell.get("source", "") if isinstance(cell, dict) else ""
        texts.append("".join(source) if isinstance(source, list) else str(source))
    return texts


def _meaningful(line: str) -> bool:
    """A line worth matching: long enough, and more than a keyword and punctuation."""
    return len(line) >= MIN_SECRET_CHARS and bool(re.search(r"\w+\W+\w", line))
