"""Chapter 3's command: `agentloop support "TASK"` runs the shop's support agent offline."""

from __future__ import annotations

import argparse

from agentloop.agent import MAX_STEPS, Transcript, run_agent
from agentloop.commands._options import number
from agentloop.guards import parse_guard
from agentloop.models import SupportModel


def register(sub: argparse._SubParsersAction) -> None:
    support = sub.add_parser("support", help="run chapter 3's support agent on a customer's task")
    support.add_argument("task", help='what the customer wrote, e.g. "I want to return 1187."')
    support.add_argument("--max-steps", type=number("--max-steps"), default=MAX_STEPS,
                         help="1 to 5 (default 5)")
    support.add_argument("--guard", action="append", default=[], metavar="GUARD",
                         help="'repeated' or 'tokens=N'; may be given more than once")
    support.set_defaults(handler=_support)


def format_support(transcript: Transcript) -> str:
    """The log of the run, then the return requests waiting for an employee, if any."""
    lines = transcript.lines()
    pending = transcript.pending_line()
    if pending is not None:
        lines.append(pending)
    return "\n".join(lines)


def _support(args: argparse.Namespace) -> int:
    guards = [parse_guard(text) for text in args.guard]
    print(format_support(run_agent(SupportModel(), args.task, args.max_steps, guards)))
    return 0
