"""Argument types the chapters' commands share (not a command: its name starts with _)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def number(flag: str, kind: type = int, what: str = "") -> Callable[[str], int | float]:
    """An argparse type that names the flag when the text is not a number of `kind`."""
    what = what or ("a whole number" if kind is int else "a number")

    def parse(text: str) -> int | float:
        try:
            return kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} takes {what}, got {text!r}") from None

    return parse
