"""`agentloop workspace`: create or update your practice workspace (what ./course lab runs).

It copies from a learner release (the chapters' student versions, the catalog, the sealed
solutions): `./course lab` makes one in build/learner-release/, a learner edition carries
one in release/.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from agentloop.practice.release import ENV
from agentloop.practice.workspace import default_workspace, repository


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "workspace", help="create or update your practice workspace: the chapters with blank "
                          "exercises (never overwrites your work)")
    parser.add_argument("--workspace", type=Path, default=None,
                        help="the folder (default: $AGENTLOOP_WORKSPACE, else workspace/ in "
                             "this repository)")
    parser.add_argument("--release", type=Path, default=None,
                        help=f"the learner release to copy from (default: ${ENV}, else "
                             "build/learner-release/ in this repository, which ./course lab "
                             "makes)")
    parser.set_defaults(handler=_workspace)


def default_release() -> Path:
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    return repository() / "build" / "learner-release"


def _workspace(args: argparse.Namespace) -> int:
    from agentloop.practice.update import update_workspace

    workspace = (args.workspace or default_workspace()).expanduser().resolve()
    release = (args.release or default_release()).expanduser().resolve()
    update = update_workspace(workspace, release)
    for message in update.messages:
        print(f"workspace: {message}")
    if not update.messages:
        print(f"workspace: {workspace} is up to date")
    return 0
