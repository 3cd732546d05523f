"""`agentloop-grade`: release, collect, autograde, feedback and export for a class.

    agentloop-grade release [CHAPTER ...]            set up grader/course, release chapters
    agentloop-grade collect CHAPTER PATH ...         place LMS downloads (folders, zips)
    agentloop-grade autograde CHAPTER                grade every submission, sandboxed
    agentloop-grade feedback CHAPTER                 per-student HTML (no hidden tests)
    agentloop-grade export [--out grades.csv]        scores per student and test cell

Bad input prints one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .course import DEFAULT_COURSE, Course, GradingError


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
        p.add_argument("--course", type=Path, default=DEFAULT_COURSE,
                       help=f"the nbgrader course directory (default {DEFAULT_COURSE})")
        p.add_argument("--db", default="", help="gradebook SQLAlchemy URL "
                       "(default sqlite:///COURSE/gradebook.db)")
        return p

    p = command("release", "set up the course and release student versions (all chapters "
                "when none named)")
    p.add_argument("chapters", nargs="*", metavar="CHAPTER")
    p.add_argument("--due", default=None, metavar="WHEN",
                   help="due date in the gradebook, e.g. '2026-12-01 17:00:00 UTC' "
                   "(late penalties follow nbgrader_config.py)")
    p.set_defaults(handler=_release)

    p = command("collect", "place downloaded submissions (folders or zips) in submitted/")
    p.add_argument("chapter", metavar="CHAPTER")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.set_defaults(handler=_collect)

    p = command("autograde", "grade every collected submission in a sandbox")
    p.add_argument("chapter", metavar="CHAPTER")
    p.add_argument("--workers", type=_positive_int, default=0,
                   help="parallel sandboxes (default: one per core)")
    p.add_argument("--scheduler", default=None, help="run on a Dask scheduler (ADDRESS)")
    p.add_argument("--time-limit", type=_positive_float, default=10.0,
                   help="seconds per answer cell and per check (default 10)")
    p.add_argument("--memory-limit", type=_positive_int, default=1024,
                   help="MB of address space per submission (default 1024)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed for hidden cases (default: each check's fixed seed)")
    p.add_argument("--student", action="append", default=[], help="grade only this student")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(handler=_autograde)

    p = command("feedback", "write per-student feedback HTML with nbgrader")
    p.add_argument("chapter", metavar="CHAPTER")
    p.set_defaults(handler=_feedback)

    p = command("export", "write a CSV of scores per student and test cell")
    p.add_argument("--out", type=Path, default=Path("grades.csv"))
    p.set_defaults(handler=_export)
    return parser


def _course(args: argparse.Namespace) -> Course:
    return Course(args.course.expanduser().resolve(), args.db)


def _assignment(args: argparse.Namespace, course: Course) -> str:
    from .course import resolve_assignment

    course.require()
    source = course.root / "source"
    known = sorted(p.name for p in source.iterdir() if p.is_dir()) if source.is_dir() else []
    return resolve_assignment(args.chapter, known)


def _release(args: argparse.Namespace) -> int:
    from .release import release

    course = _course(args)
    for name in release(course, args.chapters, due=args.due):
        print(f"released {name}: {course.released_notebook(name)}")
    return 0


def _collect(args: argparse.Namespace) -> int:
    from .collect import collect

    course = _course(args)
    result = collect(course, _assignment(args, course), args.paths)
    print(result.summary())
    return 0


def _autograde(args: argparse.Namespace) -> int:
    from .autograde import Options, autograde
    from .supervisor import Limits

    course = _course(args)
    assignment = _assignment(args, course)
    options = Options(workers=args.workers, scheduler=args.scheduler,
                      limits=Limits(time_s=args.time_limit, memory_mb=args.memory_limit),
                      seed=args.seed, progress=not args.no_progress,
                      students=tuple(args.student))
    report = autograde(course, assignment, options)
    print(report.summary())
    for path in report.files:
        print(f"report: {path}")
    return 0


def _feedback(args: argparse.Namespace) -> int:
    from .feedback import feedback

    course = _course(args)
    for path in feedback(course, _assignment(args, course)):
        print(f"feedback: {path}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from .export import export_csv

    course = _course(args)
    rows = export_csv(course.require(), args.out)
    print(f"wrote {args.out} ({rows} student rows)")
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
