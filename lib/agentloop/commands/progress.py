"""`agentloop progress`: every exercise of every chapter, passed, tried or not started."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from agentloop.i18n import t
from agentloop.practice.tracking import format_progress, rows
from agentloop.practice.workspace import default_workspace, find_workspace, is_workspace


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("progress",
                            help="your progress through the exercises (from your workspace)")
    parser.add_argument("--workspace", type=Path, default=None,
                        help="the practice workspace (default: the one you are in, else "
                             "$AGENTLOOP_WORKSPACE, else workspace/ in this repository)")
    parser.add_argument("--json", action="store_true", help="one JSON object a check")
    parser.set_defaults(handler=_progress)


def workspace_for(given: Path | None) -> Path:
    """The workspace to report on; ValueError when there is none."""
    folder = given.expanduser() if given is not None else find_workspace() or default_workspace()
    if not is_workspace(folder):
        raise ValueError(t("--workspace {folder} is not a practice workspace; ./course lab "
                           "creates one (or: agentloop workspace)", folder=repr(str(folder))))
    return folder


def _progress(args: argparse.Namespace) -> int:
    workspace = workspace_for(args.workspace)
    if args.json:
        print(json.dumps([asdict(row) for row in rows(workspace)], indent=1,
                         ensure_ascii=False))
    else:
        print(format_progress(workspace), end="")
    return 0
