"""Input validation every chapter shares: one rule for "a whole number in a range".

- `is_whole_number(value, low, high)`: the rule itself, True or False;
- `validate_whole_number(name, value, low, high)`: the same rule for a parameter; returns
  the value, or raises ValueError naming the parameter, the value and what is allowed.

A whole number here is an `int` and never a `bool`: Python counts True as 1, but a step
limit of True is almost always a mistake, so it is refused like 2.0 or "3".
(Exercise *checks* live in `agentloop.checks`; this module only validates input.)
"""

from __future__ import annotations

from typing import Any


def is_whole_number(value: object, low: int | None = None, high: int | None = None) -> bool:
    """True when `value` is an int (not a bool) from `low` to `high`; None means no bound."""
    if type(value) is not int:
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def whole_number_range(low: int | None = None, high: int | None = None, unit: str = "") -> str:
    """What is allowed, in words: 'an integer from 1 to 5', 'a positive integer', …"""
    unit = f" {unit}" if unit else ""
    if low is not None and high is not None:
        return f"an integer from {low} to {high}{unit}"
    if low == 1:
        return f"a positive integer{unit}"
    if low == 0:
        return f"a whole number of 0 or more{unit}"
    if low is not None:
        return f"an integer of {low} or more{unit}"
    if high is not None:
        return f"an integer of at most {high}{unit}"
    return f"an integer{unit}"


def validate_whole_number(name: str, value: Any, low: int | None = None,
                          high: int | None = None, unit: str = "") -> int:
    """Return `value` if it is a whole number from `low` to `high`, else raise ValueError.

    >>> validate_whole_number("max_steps", 6, 1, 5)
    Traceback (most recent call last):
    ValueError: max_steps must be an integer from 1 to 5, got 6
    """
    if not is_whole_number(value, low, high):
        raise ValueError(f"{name} must be {whole_number_range(low, high, unit)}, got {value!r}")
    return value  # is_whole_number made sure it is an int
