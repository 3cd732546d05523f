"""Chapter 3's command: `agentloop support "TASK"` runs the shop's support agent offline.

With `--model openai-compatible --base-url URL --model-name NAME` the same loop runs on a
live model (Ollama, llama.cpp's server, vLLM, LM Studio, …): the log then starts with the
model's line. Exit status: 0 the run ended (any of its five exits), 1 the live model failed
(nothing answered, an HTTP error, a reply the loop cannot use: one line on stderr), 2 bad
input.
"""

from __future__ import annotations

import argparse
import sys

from agentloop.agent import MAX_STEPS, Transcript, run_agent, validate_run
from agentloop.commands._options import add_model_options, live_model, number
from agentloop.guards import parse_guard
from agentloop.i18n import t
from agentloop.models import SupportModel
from agentloop.openai_compatible import NAME, EndpointError


def register(sub: argparse._SubParsersAction) -> None:
    support = sub.add_parser("support", help="run chapter 3's support agent on a customer's task")
    support.add_argument("task", help='what the customer wrote, e.g. "I want to return 1187."')
    support.add_argument("--max-steps", type=number("--max-steps"), default=MAX_STEPS,
                         help="1 to 5 (default 5)")
    support.add_argument("--guard", action="append", default=[], metavar="GUARD",
                         help="'repeated' or 'tokens=N'; may be given more than once")
    add_model_options(support, "the scripted SupportModel")
    support.set_defaults(handler=_support)


def format_support(transcript: Transcript) -> str:
    """The log of the run, then the return requests waiting for an employee, if any (in the
    reader's language: the same words as the English record, translated)."""
    lines = transcript.log()
    pending = transcript.pending_line()
    if pending is not None:
        lines.append(pending)
    return "\n".join(lines)


def _support(args: argparse.Namespace) -> int:
    guards = [parse_guard(text) for text in args.guard]
    live = live_model(args)
    if live is None:
        print(format_support(run_agent(SupportModel(), args.task, args.max_steps, guards)))
        return 0
    validate_run(args.task, args.max_steps, guards)   # so a ValueError below is the model's
    try:
        transcript = run_agent(live, args.task, args.max_steps, guards)
    except (EndpointError, ValueError) as exc:
        # the program's prefix stays as it is, as in every error line of the command
        print("agentloop: support: " + t("the live model failed: {problem}", problem=exc),
              file=sys.stderr)
        return 1
    print(f"model: {NAME} — {live.model} at {live.base_url} (a live run: the next one may "
          "go another way)")
    print(format_support(transcript))
    return 0
