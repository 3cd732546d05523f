"""`agentloop-grade`: release, collect, autograde, feedback, report, export (any nbgrader course).

    agentloop-grade release [ASSIGNMENT ...]        student versions + gradebook (nbgrader)
    agentloop-grade collect ASSIGNMENT PATH ...     place submissions in submitted/
    agentloop-grade autograde ASSIGNMENT            grade every submission, sandboxed
    agentloop-grade feedback ASSIGNMENT             per-student HTML (no hidden tests)
    agentloop-grade report [ASSIGNMENT]             class report (HTML + JSON in reports/);
                                                    with no ASSIGNMENT: every assignment
    agentloop-grade export [--out grades.csv]       scores per student and graded cell
        [--format csv|canvas|moodle] [--ids FILE]   or an LMS gradebook import file

The course is `--course DIR`, else the current directory when it is an nbgrader course,
else this repository's own course (grader/course). Bad input prints one line on stderr and
exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .course import DEFAULT_COURSE, Course, GradingError
from .isolation.modes import AUTO, Mode
from .protocol import Limits

LIMITS = Limits()  # the defaults the help names



class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, never the usage block
        raise GradingError(f"{self.prog}: {message}")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number ≥ 1, got {text!r}")
    return value


def _percent(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"must be a percentage from 0 to 100, got {text!r}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be a number > 0, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="agentloop-grade", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--course", type=Path, default=None, metavar="DIR",
                       help="the nbgrader course directory (default: the current directory "
                       f"when it is a course, else {DEFAULT_COURSE})")
        p.add_argument("--db", default="", help="gradebook SQLAlchemy URL (default: the "
                       "course's nbgrader_config.py, else sqlite:///COURSE/gradebook.db)")
        return p

    p = command("release", "release student versions with nbgrader (every assignment in "
                "source/ when none is named; this repository's course adds its chapters)")
    p.add_argument("assignments", nargs="*", metavar="ASSIGNMENT")
    p.add_argument("--due", default=None, metavar="WHEN",
                   help="due date in the gradebook, e.g. '2026-12-01 17:00:00 UTC' "
                   "(late penalties follow nbgrader_config.py)")
    p.set_defaults(handler=_release)

    p = command("collect", "place submissions (nbgrader's submitted/ or exchange layout, LMS "
                "downloads: folders or zips) in submitted/")
    p.add_argument("assignment", metavar="ASSIGNMENT")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.set_defaults(handler=_collect)

    p = command("autograde", "grade every collected submission in a sandbox")
    p.add_argument("assignment", metavar="ASSIGNMENT")
    p.add_argument("--student", action="append", default=[], metavar="ID",
                   help="grade only this student (repeatable)")
    p.add_argument("--workers", type=_positive_int, default=0,
                   help="parallel sandboxes (default: one per core)")
    p.add_argument("--scheduler", default=None, help="run on a Dask scheduler (ADDRESS)")
    p.add_argument("--time-limit", type=_positive_float, default=None, metavar="SECONDS",
                   help="per cell (default: the course's ExecutePreprocessor.timeout, "
                   f"{LIMITS.time_s:g})")
    p.add_argument("--memory-limit", type=_positive_int, default=None, metavar="MB",
                   help=f"memory per notebook (default {LIMITS.memory_mb})")
    p.add_argument("--disk-limit", type=_positive_int, default=None, metavar="MB",
                   help=f"files a notebook may write, all together (default {LIMITS.disk_mb})")
    p.add_argument("--seed", type=int, default=None,
                   help="draw the checks' hidden cases from this seed instead of the "
                   "course's secret one (see `seed`)")
    p.add_argument("--isolation", choices=[AUTO, *map(str, Mode)], default=AUTO,
                   help="sandbox (default auto: the strongest this machine has)")
    p.add_argument("--trusted-submissions", action="store_true",
                   help="allow grading without a sandbox when none is available; the run "
                   "is marked in the report and the export")
    p.add_argument("--container-image", default=None, metavar="IMAGE",
                   help="image for --isolation container")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(handler=_autograde)

    p = command("seed", "the course's secret seed, which every check's hidden cases are "
                "drawn from (made at the first release, never released): show its fingerprint, "
                "or --rotate to make a new one (the next autograde draws new hidden cases)")
    p.add_argument("--rotate", action="store_true", help="make a new secret seed")
    p.set_defaults(handler=_seed)

    p = command("feedback", "write per-student feedback HTML with nbgrader")
    p.add_argument("assignment", metavar="ASSIGNMENT")
    p.set_defaults(handler=_feedback)

    p = command("report", "the class report of ASSIGNMENT (what the class got wrong) from "
                "the gradebook and its newest run report; with no ASSIGNMENT, every "
                "student's scores over every assignment (HTML + JSON in COURSE/reports/)")
    p.add_argument("assignment", nargs="?", default=None, metavar="ASSIGNMENT")
    p.add_argument("--below", type=_percent, default=50.0, metavar="PERCENT",
                   help="with no ASSIGNMENT: mark students below this share of the points "
                   "(default 50)")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="folder for the report files (default COURSE/reports/)")
    p.set_defaults(handler=_report)

    from .export import DEFAULT_OUT, FORMATS

    p = command("export", "write a CSV of scores per student and graded cell, or a Canvas "
                "or Moodle gradebook import file")
    p.add_argument("--format", choices=FORMATS, default="csv",
                   help="csv (default: every graded cell), canvas or moodle (one column "
                   "per assignment; see grader/README.md)")
    p.add_argument("--out", type=Path, default=None, metavar="FILE",
                   help=f"default: {', '.join(f'{v} ({k})' for k, v in DEFAULT_OUT.items())}")
    p.add_argument("--ids", type=Path, default=None, metavar="FILE",
                   help="CSV mapping nbgrader student_id to LMS ids (canvas_id, sis_user_id, "
                   "sis_login_id, username, idnumber, email, name, section)")
    p.set_defaults(handler=_export)
    return parser


def _course(args: argparse.Namespace) -> Course:
    return Course.open(args.course, args.db)


def _release(args: argparse.Namespace) -> int:
    from .release import release

    course = _course(args)
    for released in release(course, args.assignments, due=args.due):
        notebooks = ", ".join(f"{n}.ipynb" for n in released.notebooks)
        print(f"released {released.name}: {released.folder} ({notebooks})")
        for note in released.notes:
            print(f"  note: {note}")
    return 0


def _collect(args: argparse.Namespace) -> int:
    from .collect import collect

    course = _course(args).require()
    result = collect(course, course.resolve(args.assignment), args.paths)
    print(result.summary())
    return 0


def _autograde(args: argparse.Namespace) -> int:
    from .autograde import Options, autograde
    from .config import course_limits

    course = _course(args).require()
    assignment = course.resolve(args.assignment)
    limits = course_limits(course.config(), args.time_limit, args.memory_limit,
                           args.disk_limit)
    options = Options(workers=args.workers, scheduler=args.scheduler, limits=limits,
                      seed=args.seed, progress=not args.no_progress,
                      students=tuple(args.student), isolation=args.isolation,
                      trusted=args.trusted_submissions, container_image=args.container_image)
    report = autograde(course, assignment, options)
    print(report.summary())
    for path in report.files:
        print(f"report: {path}")
    return 0


def _seed(args: argparse.Namespace) -> int:
    from .secret import course_seed, fingerprint, rotate, seed_path

    course = _course(args).require()
    if args.rotate:
        old, new = rotate(course.root)
        print(f"seed: {seed_path(course.root)}: new secret seed {new}"
              + (f" (was {old})" if old else "")
              + "; the next autograde draws new hidden cases, so a regrade may change scores")
    else:
        print(f"seed: {seed_path(course.root)}: secret seed "
              f"{fingerprint(course_seed(course.root))}")
    return 0


def _feedback(args: argparse.Namespace) -> int:
    from .feedback import feedback

    course = _course(args).require()
    result = feedback(course, course.resolve(args.assignment))
    for path in result.pages:
        print(f"feedback: {path}")
    for line in result.warnings():
        print(f"agentloop-grade: warning: {line}", file=sys.stderr)
    return 0


def _report(args: argparse.Namespace) -> int:
    from .report.files import write, write_overview

    course = _course(args).require()
    if args.assignment:
        report = write(course, args.assignment, args.out)
    else:
        report = write_overview(course, args.below, args.out)
    print(report.summary())
    for path in report.files:
        print(f"report: {path}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from .export import export

    course = _course(args).require()
    result = export(course, args.format, args.out, args.ids)
    for line in result.warnings():
        print(f"agentloop-grade: warning: {line}", file=sys.stderr)
    print(result.summary())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args) or 0)
    except GradingError as exc:
        text = str(exc).replace("\n", " ")
        print(text if text.startswith("agentloop-grade") else f"agentloop-grade: error: {text}",
              file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (ValueError, OSError) as exc:
        print(f"agentloop-grade: error: {exc}".replace("\n", " "), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
