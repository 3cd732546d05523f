"""The options the chapters' commands share (agentloop.commands._options): a number type that
names its flag, and the live model's options — all or nothing, each stray one named."""

from __future__ import annotations

import argparse

import pytest

from agentloop.commands._options import add_model_options, live_model, number
from agentloop.openai_compatible import NAME, TIMEOUT, OpenAICompatibleModel


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_model_options(parser, "the scripted scenario")
    return parser.parse_args(argv)


def test_a_number_names_its_flag_when_the_text_is_not_one():
    assert number("--max-steps")("3") == 3
    assert number("--timeout", float, "a number of seconds")("2.5") == 2.5
    with pytest.raises(argparse.ArgumentTypeError, match="--max-steps takes a whole number, "
                                                         "got 'three'"):
        number("--max-steps")("three")


def test_no_model_option_means_the_usual_model():
    assert live_model(_parse()) is None


def test_a_live_model_needs_its_address_and_its_name():
    model = live_model(_parse("--model", NAME, "--base-url", "http://127.0.0.1:9/v1",
                              "--model-name", "tiny", "--timeout", "5"))
    assert isinstance(model, OpenAICompatibleModel)
    with pytest.raises(ValueError, match=f"--model {NAME} needs --base-url URL and --model-name"):
        live_model(_parse("--model", NAME, "--base-url", "http://127.0.0.1:9/v1"))


@pytest.mark.parametrize("stray", [["--base-url", "http://x/v1"], ["--model-name", "m"],
                                   ["--stream"], ["--timeout", str(TIMEOUT)]])
def test_a_live_option_without_model_is_named(stray):
    with pytest.raises(ValueError, match=f"{stray[0]} goes with --model {NAME}"):
        live_model(_parse(*stray))
