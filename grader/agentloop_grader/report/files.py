"""Report: the class report and the course overview, rendered (pages.py) and written here,
by the commands that make them — never by the reports themselves.

    write(course, assignment)       `agentloop-grade report A`: the class report now
    write_overview(course, below)   `agentloop-grade report`: every assignment
    after_run(course, run_report)   at the end of every autograde run, beside its report

Files, next to the run report they belong to (or with the time they were built):
    <assignment>-<time>.class.json / .class.html      one assignment
    course-<time>.overview.json / .overview.html       every assignment
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import jsonfile
from ..course import Course, resolve_assignment
from .classreport import ClassReport, build, known_assignments, run_reports
from .overview import Overview, overview
from .pages import class_page, overview_page
from .run import RunReport


def save(report: ClassReport | Overview, base: Path) -> list[Path]:
    """Write `<base>.class.json` and `.class.html` (an overview: `.overview.*`)."""
    kind = "class" if isinstance(report, ClassReport) else "overview"
    base.parent.mkdir(parents=True, exist_ok=True)
    json_path = base.with_name(f"{base.name}.{kind}.json")
    html_path = base.with_name(f"{base.name}.{kind}.html")
    jsonfile.write(json_path, report.to_plain())
    page = class_page(report) if isinstance(report, ClassReport) else overview_page(report)
    html_path.write_text(page, encoding="utf-8")
    return [json_path, html_path]


def write(course: Course, assignment: str, folder: Path | None = None) -> ClassReport:
    """`agentloop-grade report ASSIGNMENT`: rebuild and save the class report now."""
    assignment = resolve_assignment(assignment, known_assignments(course))
    report = build(course, assignment)
    folder = folder or course.root / "reports"
    base = _free_base(folder, f"{assignment}-{report.generated}", ".class.json")
    report.files = [str(p) for p in save(report, base)]
    return report


def write_overview(course: Course, below: float = 50.0,
                   folder: Path | None = None) -> Overview:
    """`agentloop-grade report`: build and save the overview now."""
    report = overview(course, below)
    folder = folder or course.root / "reports"
    base = _free_base(folder, f"course-{report.generated}", ".overview.json")
    report.files = [str(p) for p in save(report, base)]
    return report


def after_run(course: Course, run_report: RunReport) -> list[str]:
    """Write the class report next to a run's JSON and Markdown; never fails the run (a
    problem becomes a note in the run's summary)."""
    try:
        first = Path(run_report.files[0])
        runs: list[tuple[Path | None, dict[str, Any]]] = [(first, run_report.to_plain())]
        runs += run_reports(course, run_report.assignment, skip=[str(first)])
        report = build(course, run_report.assignment, runs)
        return [str(p) for p in save(report, first.with_suffix(""))]
    except Exception as exc:  # the grades are written; this report is extra
        run_report.notes.append(f"class report not written: {type(exc).__name__}: {exc}")
        return []


def _free_base(folder: Path, name: str, suffix: str) -> Path:
    base, number = folder / name, 1
    while base.with_name(base.name + suffix).exists():
        number += 1
        base = folder / f"{name}-{number}"
    return base
