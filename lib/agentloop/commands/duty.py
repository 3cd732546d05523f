"""Chapter 5's commands: the duty officer on a real task board.

    agentloop run --dir WORKSPACE [--answer TEXT]   a workspace with agent.json (chapter 1's
                                                    folders of only stop_policy.json run as
                                                    before: commands/shared.py picks);
        [--model openai-compatible --base-url URL --model-name NAME]   on a live model
    agentloop replay TRACE [--against-board]        a duty officer's trace, a run's folder
                     [--board BOARD]                (out/runs/0001) or the folder holding
                                                    runs/ (its latest run); chapter 4's
                                                    event logs replay as before (shared.py)
    agentloop board BOARD                           every card file of a board, and what is
                                                    wrong with each

Exit status of `run`: 0 success, 1 the run ended without success (needs_input, error or
limit: a person must act), 2 bad input. `replay` exits 0 when the trace replays (and, with
--against-board, when the board gives every recorded observation again; 1 when it does
not); `board` exits 0 when it could list the board.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agentloop.commands._options import live_model
from agentloop.duty.banner import board_words
from agentloop.duty.board import BoardError, check_card, load_board, shown_name
from agentloop.duty.shift import run_shift
from agentloop.duty.trace import against_board, find_trace, format_replay
from agentloop.i18n import t


def register(sub: argparse._SubParsersAction) -> None:
    board = sub.add_parser("board", help="list a task board's cards and what is wrong with "
                                         "each (chapter 5)")
    board.add_argument("board", metavar="BOARD", help="a folder of task cards, e.g. "
                                                      "examples/my_agent/board")
    board.set_defaults(handler=_board)


def run_workspace(args: argparse.Namespace) -> int:
    """`agentloop run --dir WORKSPACE`: one shift of the duty officer, its banner printed."""
    live = live_model(args) if hasattr(args, "model") else None
    shift = run_shift(args.dir, getattr(args, "answer", None), model=live,
                      setting=None if live is None else live.setting)
    print(shift.text)
    return shift.exit_status


def replay_trace(args: argparse.Namespace) -> int:
    """`agentloop replay TRACE`: the replay's lines; with --against-board, the board's word."""
    trace = find_trace(Path(args.file))
    print(format_replay(trace))
    if not (args.against_board or args.board):
        return 0
    same, line = against_board(trace, args.board)
    print(line)
    return 0 if same else 1


def _board(args: argparse.Namespace) -> int:
    try:
        board = load_board(args.board, shown_name(args.board))
    except BoardError as exc:   # the board's words, English as raised: said in the reader's
        raise ValueError(board_words(str(exc))) from None
    # the line's key stays English, as in the run's banner
    print("board: " + t("{board} — {count} card files", board=shown_name(args.board),
                        count=len(board.files)))
    for name in board.files:
        if name in board.unreadable:
            print(t("{file}: unreadable — {reason}", file=name,
                    reason=board_words(board.unreadable[name])))
            continue
        card = board.cards[name]
        problems = check_card(card, board)  # the board's data: shown in the reader's words
        verdict = "ok" if not problems else t("problems: {problems}", problems="; ".join(
            board_words(problem) for problem in problems))
        print(f"{name}: {card.id} | {card.status} | {card.title} | {verdict}")
    return 0
