"""Chapter 4's commands: `agentloop harness` runs the demo session; `agentloop replay FILE`
replays its event log (`replay_event_log`, picked by `agentloop.commands.shared`)."""

from __future__ import annotations

import argparse
import json

from agentloop.commands._options import number
from agentloop.harness import DEMO_LIMITS, describe, replay_file, run_demo, save_events
from agentloop.harness.machine import Harness
from agentloop.i18n import t


def register(sub: argparse._SubParsersAction) -> None:
    harness = sub.add_parser("harness", help="run chapter 4's demo session with a budget")
    harness.add_argument("--max-turns", type=number("--max-turns", int),
                         default=DEMO_LIMITS["max_turns"], help="steps allowed (default 10)")
    harness.add_argument("--max-tool-calls", type=number("--max-tool-calls", int),
                         default=DEMO_LIMITS["max_tool_calls"],
                         help="tool calls allowed (default 10)")
    harness.add_argument("--max-seconds", type=number("--max-seconds", float),
                         default=DEMO_LIMITS["max_seconds"],
                         help="simulated seconds allowed, one a move (default 60)")
    harness.add_argument("--events", metavar="FILE", help="write the event log here (JSON Lines)")
    harness.set_defaults(handler=_harness)


def format_events(harness: Harness) -> str:
    """One line an event: offset, seconds into the session, type, facts as one-line JSON."""
    return "\n".join(
        f"{event.offset:>3}  {event.at:>5.1f}s  {event.type:<16}  "
        f"{json.dumps(event.data, ensure_ascii=False)}"
        for event in harness.events)


def _harness(args: argparse.Namespace) -> int:
    harness = run_demo(args.max_turns, args.max_tool_calls, args.max_seconds)
    if args.events:
        try:
            save_events(harness.events, args.events)
        except OSError as exc:
            raise ValueError(t("cannot write the event log to {path}: {error}",
                               path=args.events, error=exc.strerror or exc)) from None
    print(format_events(harness))
    print(describe(harness))
    if harness.session.pause is not None:
        limit = harness.session.pause.get("limit", "turns").replace("_", "-")
        print(t("the session is paused, not finished: raise --max-{limit} to let it finish",
                limit=limit))
    if args.events:
        print(t("events written to {path}", path=args.events))
    return 0


def replay_event_log(args: argparse.Namespace) -> int:
    """`agentloop replay FILE` for an event log: where the replayed session stands."""
    print(describe(replay_file(args.file)))
    return 0
