"""Chapter 1's commands: `agentloop loop`, and the stop policy replay of `agentloop run`.

`agentloop run --dir DIR` is chapter 1's stop policy replay when DIR holds only
stop_policy.json (`run_stop_policy`), and chapter 5's duty officer when DIR is a full
workspace (it holds an agent.json): `agentloop.commands.shared` picks one.
"""

from __future__ import annotations

import argparse
import json

from agentloop.commands._options import live_model, number
from agentloop.environment import SCENARIOS
from agentloop.i18n import t
from agentloop.loop import MAX_RETRIES, MAX_STEPS, run_loop
from agentloop.stop_policy import format_run, load_policy


def register(sub: argparse._SubParsersAction) -> None:
    loop = sub.add_parser("loop", help="run chapter 1's loop on a scenario")
    loop.add_argument("--scenario", default="one_match",
                      help=f"one of: {', '.join(SCENARIOS)} (default one_match)")
    loop.add_argument("--max-steps", type=number("--max-steps"), default=MAX_STEPS,
                      help="1 to 5 (default 5)")
    loop.add_argument("--max-retries", type=number("--max-retries"), default=MAX_RETRIES,
                      help="0 or 1 (default 1)")
    loop.set_defaults(handler=_loop)


def format_loop(result: dict) -> str:
    """Five lines a step: step, state, action, observation (one-line JSON), decision.

    The words before the colons are in the course's current language (agentloop.i18n);
    what follows them is data, the same in every language."""
    lines = []
    for event in result["events"]:
        lines += [
            t("step: {step}", step=event["step"]),
            t("state: {phase}", phase=event["phase"]),
            t("action: {action}", action=event["action"]["name"]),
            t("observation: {observation}",
              observation=json.dumps(event["observation"], ensure_ascii=False)),
            t("decision: {decision}", decision=event["decision"]),
        ]
    return "\n".join(lines)


def _loop(args: argparse.Namespace) -> int:
    print(format_loop(run_loop(args.scenario, args.max_steps, args.max_retries)))
    return 0


def run_stop_policy(args: argparse.Namespace) -> int:
    """`agentloop run --dir DIR` for a folder of only stop_policy.json: the replay's lines."""
    if args.answer is not None:
        raise ValueError(t("{option} needs a workspace: {folder} has no agent.json, only "
                           "chapter 1's stop policy", option="--answer", folder=args.dir))
    if live_model(args) is not None:
        raise ValueError(t("{option} needs a workspace: {folder} has no agent.json, only "
                           "chapter 1's stop policy", option="--model", folder=args.dir))
    print(format_run(args.dir, load_policy(args.dir)))
    return 0
