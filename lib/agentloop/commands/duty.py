"""Chapter 5's commands: the duty officer on a real task board.

    agentloop run --dir WORKSPACE [--answer TEXT]   a workspace with agent.json (see
                                                    commands/loop.py: chapter 1's folders
                                                    of only stop_policy.json run as before)
    agentloop replay TRACE                          a duty officer's trace (chapter 4's
                                                    event logs replay as before)
    agentloop board BOARD                           every card file of a board, and what is
                                                    wrong with each

Exit status of `run`: 0 success, 1 the run ended without success (needs_input, error or
limit: a person must act), 2 bad input. `replay` and `board` exit 0 when they could do
their job.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from agentloop.duty.board import check_card, load_board
from agentloop.duty.shift import run_shift
from agentloop.duty.trace import format_replay, is_trace


def register(sub: argparse._SubParsersAction) -> None:
    board = sub.add_parser("board", help="list a task board's cards and what is wrong with "
                                         "each (chapter 5)")
    board.add_argument("board", metavar="BOARD", help="a folder of task cards, e.g. "
                                                      "examples/my_agent/board")
    board.set_defaults(handler=_board)


def run_workspace(args: argparse.Namespace) -> int:
    """`agentloop run --dir WORKSPACE`: one shift of the duty officer, its banner printed."""
    shift = run_shift(args.dir, getattr(args, "answer", None))
    print(shift.text)
    return shift.exit_status


def extend_replay(sub: argparse._SubParsersAction) -> None:
    """Let chapter 4's `agentloop replay FILE` also replay a duty officer's trace.

    Called once chapter 4's command is registered (cli.py registers the modules in name
    order: harness before loop). A file whose first line is a duty trace's run line is
    replayed here; any other file goes to chapter 4's replay, unchanged.
    """
    replay = sub.choices.get("replay")
    if replay is None:
        return
    chapter4: Callable[[argparse.Namespace], int] = replay.get_default("handler")

    def replay_either(args: argparse.Namespace) -> int:
        if is_trace(args.file):
            print(format_replay(args.file))
            return 0
        return chapter4(args)

    replay.set_defaults(handler=replay_either)
    replay.epilog = ("FILE may also be a duty officer's trace, written by "
                     "agentloop run --dir WORKSPACE (chapter 5).")


def _board(args: argparse.Namespace) -> int:
    board = load_board(args.board)
    print(f"board: {args.board} — {len(board.files)} card files")
    for name in board.files:
        if name in board.unreadable:
            print(f"{name}: unreadable — {board.unreadable[name]}")
            continue
        card = board.cards[name]
        problems = check_card(card, board)
        verdict = "ok" if not problems else "problems: " + "; ".join(problems)
        print(f"{name}: {card.id} | {card.status} | {card.title} | {verdict}")
    return 0
