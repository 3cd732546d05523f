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


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, never the usage block
        raise UsageError(f"{self.prog}: {message}")


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
        print(f"agentloop: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
