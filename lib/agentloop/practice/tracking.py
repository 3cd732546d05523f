"""How far a learner is: every exercise of every chapter, passed, tried or not started.

`check("…")` calls `after_check` after each run in a workspace, which `record`s it. A run
counts as a try only when there is an answer to try: an answer that is not defined yet, or
the untouched stub that raises NotImplementedError on every case, leaves the check "not
started". The status is that of the latest run: "passed" when every visible case passed,
else "tried". When a run leaves every check of its exercise passed, the exercise's lock is
tried with the learner's answer (agentloop.practice.solutions.unlock): only if it opens is
the exercise "★ solved", and that is recorded too.

    progress()                       in a notebook: the table (00_progress.ipynb shows it)
    agentloop progress               the same on the command line
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentloop.practice.workspace import (
    PROGRESS,
    course_catalog,
    find_workspace,
    read_json,
    state_dir,
    write_json,
)

PASSED, TRIED, NOT_STARTED = "passed", "tried", "not started"
MARKS = {PASSED: "✔", TRIED: "✘", NOT_STARTED: "·"}
AFTER_PASSING, BEFORE_PASSING = "after passing", "before passing"


def load(workspace: Path) -> dict[str, Any]:
    data = read_json(state_dir(workspace) / PROGRESS, {})
    if not isinstance(data, dict):
        data = {}
    data.setdefault("format", 1)
    data.setdefault("checks", {})
    data.setdefault("solutions", {})
    data.setdefault("solved", {})
    return data


def save(workspace: Path, data: dict[str, Any]) -> None:
    write_json(state_dir(workspace) / PROGRESS, data)


def is_blank(report: Any) -> bool:
    """Every case failed on a NotImplementedError: the exercise's stub, untouched (raised by
    the answer, or caught by the harness it ran in and named in the reason)."""
    results = getattr(report, "results", [])
    return bool(results) and all(
        not r.passed and "NotImplementedError" in r.reason for r in results)


def untouched(workspace: Path | None, check_id: str) -> bool:
    """The answer the kernel last ran for this check's exercise is the exercise's stub, as
    the student version has it (e.g. `TRANSITION_ROWS = []` before anything is written)."""
    from agentloop.practice.solutions import your_answer

    exercise = exercise_entry(workspace, check_id)
    if exercise is None or not exercise.get("stub") or not exercise.get("answer"):
        return False
    yours = your_answer(exercise, exercise["id"], history_only=True)
    return yours is not None and yours.strip() == exercise["stub"].strip()


def record(check_id: str, report: Any, workspace: Path | None = None) -> bool:
    """Note a check's result in the workspace; False when there is none or nothing to note."""
    workspace = workspace or find_workspace()
    if workspace is None or report.problem or is_blank(report) or \
            untouched(workspace, check_id):
        return False
    data = load(workspace)
    entry = data["checks"].setdefault(check_id, {"runs": 0, "ever_passed": False})
    entry["runs"] = int(entry.get("runs", 0)) + 1
    entry["status"] = PASSED if report.passed else TRIED
    entry["passed_cases"] = sum(r.passed for r in report.results)
    entry["cases"] = len(report.results)
    entry["ever_passed"] = bool(entry.get("ever_passed")) or report.passed
    save(workspace, data)
    return True


def record_solution(workspace: Path, exercise_id: str, when: str) -> None:
    """Note that the exercise's solution was shown (or asked for) `when`; the first time
    counts, so a solution seen before passing stays noted as such."""
    data = load(workspace)
    data["solutions"].setdefault(exercise_id, when)
    save(workspace, data)


def record_solved(workspace: Path, exercise_id: str, key: bytes, kind: str) -> None:
    """The exercise's lock opened: note it, with the key the learner's answer made (so that
    `solution(...)` can open the reference later)."""
    data = load(workspace)
    data["solved"][exercise_id] = {"key": key.hex(), "lock": kind}
    save(workspace, data)


def solved_key(workspace: Path | None, exercise_id: str) -> bytes | None:
    """The key a learner's answer made when it solved the exercise, or None."""
    if workspace is None:
        return None
    entry = load(workspace)["solved"].get(exercise_id)
    try:
        return bytes.fromhex(entry["key"]) if isinstance(entry, dict) else None
    except (KeyError, TypeError, ValueError):
        return None


def check_status(data: dict[str, Any], check_id: str) -> str:
    entry = data["checks"].get(check_id)
    return entry.get("status", NOT_STARTED) if isinstance(entry, dict) else NOT_STARTED


# --- the overview --------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    chapter: str
    exercise: str
    check: str
    title: str
    status: str
    solution: str  # "", AFTER_PASSING or BEFORE_PASSING
    solved: bool = False  # the exercise's lock opened with the learner's answer


def rows(workspace: Path | None) -> list[Row]:
    """One row per check of every exercise of every chapter, in course order."""
    data = load(workspace) if workspace is not None else \
        {"checks": {}, "solutions": {}, "solved": {}}
    out = []
    for chapter in course_catalog(workspace).get("chapters", []):
        for exercise in chapter.get("exercises", []):
            for chk in exercise.get("checks", []):
                out.append(Row(chapter["title"], exercise["id"], chk["id"], chk.get("title", ""),
                               check_status(data, chk["id"]),
                               data["solutions"].get(exercise["id"], ""),
                               exercise["id"] in data["solved"]))
    return out


def chapter_rows(workspace: Path | None, check_id: str) -> list[Row]:
    """The rows of every check of the chapter `check_id` belongs to."""
    items = rows(workspace)
    chapter = next((r.chapter for r in items if r.check == check_id), None)
    return [r for r in items if r.chapter == chapter] if chapter is not None else []


def exercise_passed(workspace: Path, exercise_id: str) -> bool:
    """Every check of the exercise passed on its latest run."""
    checks = [r for r in rows(workspace) if r.exercise == exercise_id]
    return bool(checks) and all(r.status == PASSED for r in checks)


def summary(items: list[Row]) -> str:
    """How many checks passed, were tried or not started, and how many exercises are solved
    (in the current language: agentloop.i18n)."""
    from agentloop.i18n import t

    counts = {status: sum(r.status == status for r in items)
              for status in (PASSED, TRIED, NOT_STARTED)}
    exercises = {r.exercise: r.solved for r in items}
    return t("{passed} of {total} checks passed, {tried} tried, {not_started} not started; "
             "{solved} of {exercises} exercises solved", passed=counts[PASSED],
             total=len(items), tried=counts[TRIED], not_started=counts[NOT_STARTED],
             solved=sum(exercises.values()), exercises=len(exercises))


def _status(status: str) -> str:
    from agentloop.i18n import t

    return t(status)


def by_chapter(items: list[Row]) -> dict[str, list[Row]]:
    chapters: dict[str, list[Row]] = {}
    for row in items:
        chapters.setdefault(row.chapter, []).append(row)
    return chapters


def format_progress(workspace: Path | None) -> str:
    """The overview as text: a line a check, grouped by chapter, with a summary."""
    from agentloop.i18n import t, translate

    items = rows(workspace)
    if not items:
        return t("No exercises found: this is not a practice workspace (run ./course lab "
                 "once).")
    lines = [t("Your progress: {summary}", summary=summary(items)), ""]
    width = max(len(_status(status)) for status in MARKS)
    for chapter, checks in by_chapter(items).items():
        lines.append(f"{chapter} — {summary(checks)}")
        for number, row in enumerate(checks):
            last = number + 1 == len(checks) or checks[number + 1].exercise != row.exercise
            seen = "  " + t("(solution seen {when})", when=t(row.solution)) \
                if row.solution and last else ""
            solved = "  ★ " + t("{exercise} solved", exercise=row.exercise) \
                if row.solved and last else ""
            lines.append(f"  {MARKS[row.status]} {_status(row.status):<{width}} {row.check}: "
                         f"{translate(row.title)}{solved}{seen}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def progress_html(workspace: Path | None) -> str:
    from agentloop.i18n import is_rtl, t, translate

    items = rows(workspace)
    if not items:
        return f"<p>{html.escape(format_progress(workspace))}</p>"
    colours = {PASSED: "#1a7f37", TRIED: "#b35900", NOT_STARTED: "#6e7781"}
    passed = sum(r.status == PASSED for r in items)
    side = "right" if is_rtl() else "left"
    cell = f"text-align:{side}"
    direction = ' dir="rtl"' if is_rtl() else ""
    parts = [f'<div class="agentloop-progress" data-passed="{passed}" data-total="{len(items)}"'
             f'{direction}>',
             f"<p><b>{html.escape(t('Your progress:'))}</b> {html.escape(summary(items))}</p>"]
    for chapter, checks in by_chapter(items).items():
        parts.append(f"<h4>{html.escape(chapter)} <small>({html.escape(summary(checks))})"
                     "</small></h4>")
        head = "".join(f'<th style="{cell}">{html.escape(t(name))}</th>'
                       for name in ("status", "check", "what it checks", "exercise",
                                    "solution"))
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>")
        for row in checks:
            solved = "★ " + t("solved") if row.solved else ""
            seen = t("seen {when}", when=t(row.solution)) if row.solution else ""
            parts.append(
                f'<tr data-check="{html.escape(row.check)}" data-status="{row.status}" '
                f'data-solved="{str(row.solved).lower()}">'
                f'<td style="color:{colours[row.status]};{cell}">{MARKS[row.status]} '
                f'{html.escape(_status(row.status))}</td><td style="{cell}"><code dir="ltr">'
                f'{html.escape(row.check)}</code></td>'
                f'<td style="{cell}">{html.escape(translate(row.title))}</td>'
                f'<td style="{cell}">{html.escape(solved)}</td><td style="{cell}">'
                f"{html.escape(seen)}</td></tr>")
        parts.append("</tbody></table>")
    parts.append("</div>")
    return "\n".join(parts)


class ProgressView:
    """What `progress()` returns: shown as a table in a notebook, as text elsewhere."""

    def __init__(self, workspace: Path | None) -> None:
        self.workspace = workspace

    def text(self) -> str:
        return format_progress(self.workspace)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return progress_html(self.workspace)


def progress(workspace: str | Path | None = None) -> ProgressView:
    """Your progress through the course: every exercise's checks, passed, tried or not
    started (run the cell again to refresh it)."""
    return ProgressView(Path(workspace) if workspace is not None else find_workspace())


def exercise_entry(workspace: Path | None, check_id: str) -> dict[str, Any] | None:
    """The catalog's entry of the exercise (answer cell) a check belongs to."""
    for chapter in course_catalog(workspace).get("chapters", []):
        for exercise in chapter.get("exercises", []):
            if any(chk["id"] == check_id for chk in exercise.get("checks", [])):
                return exercise
    return None


def exercise_of(workspace: Path | None, check_id: str) -> str | None:
    """The id of the exercise a check belongs to, from the course catalog."""
    entry = exercise_entry(workspace, check_id)
    return entry["id"] if entry is not None else None


def after_check(check_id: str, report: Any, answer: Any = None) -> str | None:
    """What `check(...)` does in a workspace after printing its report: record the result;
    when this run leaves every check of the exercise passed, try the exercise's lock with
    `answer` (the learner's object) and say whether it is solved."""
    workspace = find_workspace()
    if workspace is None or not record(check_id, report, workspace) or not report.passed:
        return None
    exercise = exercise_of(workspace, check_id)
    if exercise is None or not exercise_passed(workspace, exercise):
        return None
    from agentloop.practice.solutions import unlock

    return unlock(workspace, exercise, check_id, answer)
