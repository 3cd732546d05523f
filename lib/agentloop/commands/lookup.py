"""Chapter 2's command: `agentloop lookup KEY [--max-steps N]`.

Exit status: 0 done or unknown, 1 stopped (the budget ran out), 2 bad input.
"""

from __future__ import annotations

import argparse
import json

from agentloop.commands._options import number
from agentloop.controller import run
from agentloop.proposals import MAX_STEPS, STOPPED


def register(sub: argparse._SubParsersAction) -> None:
    lookup = sub.add_parser("lookup", help="look KEY up in chapter 2's catalogue, under the "
                                           "controller, and print the result as JSON")
    lookup.add_argument("key", metavar="KEY", help="a catalogue key, e.g. ai or design")
    lookup.add_argument("--max-steps", type=number("--max-steps", what="a positive whole number"),
                        default=MAX_STEPS,
                        help=f"the step budget, a positive whole number (default {MAX_STEPS})")
    lookup.set_defaults(handler=_lookup)


def _lookup(args: argparse.Namespace) -> int:
    """Print the run as JSON. Exit 0 when the task finished (done or unknown), 1 when stopped.

    A stopped run is not a success even if the lookup returned something, so a script
    that chains on the exit status must not carry on as if it were. Bad input (an empty
    or too long key, a budget below 1) raises ValueError, which the CLI turns into exit 2.
    """
    result = run(args.key, max_steps=args.max_steps)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 1 if result["status"] == STOPPED else 0
