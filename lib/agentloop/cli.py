"""The `agentloop` command. Each chapter adds its subcommands in `agentloop.commands`.

`COMMANDS` is the whole list, in the order `agentloop --help` shows them: each chapter
module's `register(subparsers)` adds its commands, and `run` and `replay`, which two
chapters share, are added once by `commands.shared`, which picks the chapter by what it is
given.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from agentloop.commands import duty, harness, lookup, loop, progress, shared, support, workspace

Register = Callable[[argparse._SubParsersAction], None]

COMMANDS: tuple[Register, ...] = (
    loop.register,             # chapter 1: agentloop loop
    shared.register_run,       # chapters 1 and 5: agentloop run --dir DIR
    lookup.register,           # chapter 2: agentloop lookup KEY
    support.register,          # chapter 3: agentloop support TASK
    harness.register,          # chapter 4: agentloop harness
    shared.register_replay,    # chapters 4 and 5: agentloop replay FILE
    duty.register,             # chapter 5: agentloop board BOARD
    progress.register,         # practice: agentloop progress
    workspace.register,        # practice: agentloop workspace
)


# argparse's own sentences (its wording in Python 3.11 to 3.13), said in the reader's
# language; one it words otherwise stays English. "{problem}" is the library's own reason
# (already in the reader's language) or argparse's.
ARGPARSE_WORDS = (
    "the following arguments are required: {names}",
    "unrecognized arguments: {arguments}",
    "argument {name}: invalid choice: {value} (choose from {choices})",
    "argument {name}: expected one argument",
    "argument {name}: not allowed with argument {other}",
    "one of the arguments {names} is required",
    "ambiguous option: {option} could match {matches}",
    "argument {name}: {problem}",
)


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, never the usage block
        raise UsageError(f"{self.prog}: {_said(message)}")


def _said(message: str) -> str:
    """argparse's English `message` in the reader's language (English when the language
    asked for is itself what is wrong)."""
    from agentloop.i18n import translate

    try:
        return translate(message, among=ARGPARSE_WORDS)
    except ValueError:
        return message


def _error_line(problem: Exception) -> str:
    from agentloop.i18n import t

    try:
        return "agentloop: " + t("error: {problem}", problem=problem)
    except ValueError:  # $AGENTLOOP_LANG itself is the problem
        return f"agentloop: error: {problem}"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="agentloop", description="The agentloop course's demos, offline.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for register in COMMANDS:
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.handler(args) or 0)
    except UsageError as exc:
        print(f"{exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(_error_line(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
