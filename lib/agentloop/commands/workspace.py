"""`agentloop workspace`: create or update your practice workspace (what ./course lab runs)."""

from __future__ import annotations

import argparse
from pathlib import Path

from agentloop.practice.workspace import default_workspace, repository


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "workspace", help="create or update your practice workspace: the chapters with blank "
                          "exercises (never overwrites your work)")
    parser.add_argument("--workspace", type=Path, default=None,
                        help="the folder (default: $AGENTLOOP_WORKSPACE, else workspace/ in "
                             "this repository)")
    parser.add_argument("--chapters", type=Path, default=None,
                        help="the instructor notebooks (default: chapters/ in this repository)")
    parser.set_defaults(handler=_workspace)


def _workspace(args: argparse.Namespace) -> int:
    from agentloop.practice.build import update_workspace

    workspace = (args.workspace or default_workspace()).expanduser().resolve()
    chapters = (args.chapters or repository() / "chapters").expanduser().resolve()
    update = update_workspace(workspace, chapters)
    for message in update.messages:
        print(f"workspace: {message}")
    if not update.messages:
        print(f"workspace: {workspace} is up to date")
    return 0
