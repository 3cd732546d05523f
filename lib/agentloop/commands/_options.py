"""Argument types and options the chapters' commands share (not a command: its name starts
with _)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from agentloop.i18n import t
from agentloop.openai_compatible import (
    NAME,
    OLLAMA_BASE_URL,
    OLLAMA_MODEL,
    TIMEOUT,
    OpenAICompatibleModel,
)


def number(flag: str, kind: type = int, what: str = "") -> Callable[[str], int | float]:
    """An argparse type that names the flag when the text is not a number of `kind`."""
    what = what or ("a whole number" if kind is int else "a number")  # translated when said

    def parse(text: str) -> int | float:
        try:
            return kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("{flag} takes {what}, got {text}", flag=flag,
                                               what=t(what), text=repr(text))) from None

    return parse


def add_model_options(parser: argparse.ArgumentParser, usual: str) -> None:
    """`--model openai-compatible --base-url URL --model-name NAME [--timeout S] [--stream]`:
    a live model in place of `usual`, the model the command runs on otherwise."""
    live = parser.add_argument_group(
        "a live model (optional: it costs time or money, and a live run is not reproducible)")
    live.add_argument("--model", choices=(NAME,), help=f"run on a live model instead of {usual}")
    live.add_argument("--base-url", metavar="URL",
                      help=f"the endpoint's API address, e.g. {OLLAMA_BASE_URL} (Ollama)")
    live.add_argument("--model-name", metavar="NAME",
                      help=f"the model the endpoint serves, e.g. {OLLAMA_MODEL}")
    live.add_argument("--timeout", type=number("--timeout", float, "a number of seconds"),
                      metavar="SECONDS", help=f"how long to wait for a reply (default {TIMEOUT:g})")
    live.add_argument("--stream", action="store_true", help="ask for streamed replies")


def live_model(args: argparse.Namespace) -> OpenAICompatibleModel | None:
    """The live model `add_model_options` asked for, or None for the command's usual model."""
    given = {"--base-url": args.base_url, "--model-name": args.model_name,
             "--timeout": args.timeout, "--stream": args.stream or None}
    if args.model is None:
        stray = [flag for flag, value in given.items() if value is not None]
        if stray:
            raise ValueError(t("{option} goes with --model {name}", option=stray[0], name=NAME))
        return None
    if args.base_url is None or args.model_name is None:
        raise ValueError(t("--model {name} needs --base-url URL and --model-name NAME, e.g. "
                           "--base-url {url} --model-name {model}", name=NAME,
                           url=OLLAMA_BASE_URL, model=OLLAMA_MODEL))
    return OpenAICompatibleModel(args.base_url, args.model_name, stream=args.stream,
                                 timeout=TIMEOUT if args.timeout is None else args.timeout)
