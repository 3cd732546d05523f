"""The two commands two chapters share; what they are given decides which chapter runs.

    agentloop run --dir DIR      DIR holds an agent.json: chapter 5's duty officer on that
                                 workspace (commands/duty.py); else chapter 1's stop policy
                                 replay of DIR/stop_policy.json (commands/loop.py)
    agentloop replay FILE        FILE is a duty officer's trace, a run's folder or the folder
                                 holding runs/: chapter 5's replay (commands/duty.py); else
                                 chapter 4's event log (commands/harness.py)

Each chapter's module holds its own handler; this module only reads the input and picks
one, so the choice is made here, once.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from agentloop.commands import duty, harness, loop
from agentloop.commands._options import add_model_options
from agentloop.duty.board import shown_name
from agentloop.duty.jsonfile import why
from agentloop.duty.trace import is_trace
from agentloop.duty.workspace import is_workspace
from agentloop.i18n import t


def register_run(sub: argparse._SubParsersAction) -> None:
    """`agentloop run --dir DIR [--answer TEXT] [--model ...]`."""
    run = sub.add_parser("run", help="replay the success route under DIR/stop_policy.json, "
                                     "or run the duty officer on a workspace (chapter 5)")
    run.add_argument("--dir", required=True, help="folder holding stop_policy.json (and, "
                                                  "for a workspace, agent.json)")
    run.add_argument("--answer", metavar="TEXT",
                     help="a workspace's answer to the question its last run saved")
    add_model_options(run, "agent.json's model (a workspace only)")
    run.set_defaults(handler=run_either)


def register_replay(sub: argparse._SubParsersAction) -> None:
    """`agentloop replay FILE [--against-board] [--board BOARD]`."""
    replay = sub.add_parser(
        "replay", help="replay a saved event log and print where it ends",
        epilog="FILE may also be a duty officer's trace, a run's folder (out/runs/0001) or "
               "the folder holding runs/ (its latest run), written by agentloop run --dir "
               "WORKSPACE (chapter 5).")
    replay.add_argument("file", metavar="FILE", help="an event log written by agentloop harness")
    replay.add_argument("--against-board", action="store_true",
                        help="a duty officer's trace: also run every recorded tool call again "
                             "on the board and name the first observation it does not give")
    replay.add_argument("--board", metavar="BOARD",
                        help="with --against-board: the board folder to check against "
                             "(default: the one the trace names)")
    replay.set_defaults(handler=replay_either)


def run_either(args: argparse.Namespace) -> int:
    """A workspace runs the duty officer (chapter 5); any other folder, chapter 1's replay."""
    if is_workspace(args.dir):
        return duty.run_workspace(args)
    return loop.run_stop_policy(args)


def replay_either(args: argparse.Namespace) -> int:
    """A duty officer's trace, or a folder of runs, replays chapter 5's way; any other file
    is chapter 4's event log."""
    path = Path(args.file)
    if path.is_dir() or is_trace(path):
        return duty.replay_trace(args)
    shown = shown_name(args.file)
    if args.against_board or args.board:
        raise ValueError(t("{file} is not a duty officer's trace; --against-board and --board "
                           "are for those (chapter 5)", file=shown))
    try:
        with path.open("rb"):
            pass
    except FileNotFoundError:
        pass   # chapter 4 says so in its own words
    except OSError as exc:
        raise ValueError(t("{file} cannot be read ({why})", file=shown,
                           why=why(exc))) from None
    return harness.replay_event_log(args)
