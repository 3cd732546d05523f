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

from agentloop.i18n import t


def is_whole_number(value: object, low: int | None = None, high: int | None = None) -> bool:
    """True when `value` is an int (not a bool) from `low` to `high`; None means no bound."""
    if type(value) is not int:
        return False
    return (low is None or value >= low) and (high is None or value <= high)


# What is allowed, in (English) words, for each kind of bound; a unit after the number.
_RANGES = {
    "both": ("an integer from {low} to {high}", "an integer from {low} to {high} {unit}"),
    "positive": ("a positive integer", "a positive integer {unit}"),
    "natural": ("a whole number of 0 or more", "a whole number of 0 or more {unit}"),
    "low": ("an integer of {low} or more", "an integer of {low} or more {unit}"),
    "high": ("an integer of at most {high}", "an integer of at most {high} {unit}"),
    "any": ("an integer", "an integer {unit}"),
}


# The error, a whole sentence for each kind of bound (what a reader is shown, translated).
_ERRORS = {
    "both": "{name} must be an integer from {low} to {high}, got {value}",
    "both+unit": "{name} must be an integer from {low} to {high} {unit}, got {value}",
    "positive": "{name} must be a positive integer, got {value}",
    "natural": "{name} must be a whole number of 0 or more, got {value}",
    "low": "{name} must be an integer of {low} or more, got {value}",
    "high": "{name} must be an integer of at most {high}, got {value}",
    "any": "{name} must be an integer, got {value}",
}


def _range_kind(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return "both"
    if low in (0, 1):
        return "positive" if low == 1 else "natural"
    return "low" if low is not None else "high" if high is not None else "any"


def _range_words(low: int | None, high: int | None, unit: str) -> tuple[str, dict[str, object]]:
    """The template that says what is allowed, and its values."""
    plain, with_unit = _RANGES[_range_kind(low, high)]
    return (with_unit, {"low": low, "high": high, "unit": unit}) if unit else \
        (plain, {"low": low, "high": high})


def whole_number_range(low: int | None = None, high: int | None = None, unit: str = "") -> str:
    """What is allowed, in English words: 'an integer from 1 to 5', 'a positive integer', …"""
    template, values = _range_words(low, high, unit)
    return template.format(**values)


def validate_whole_number(name: str, value: Any, low: int | None = None,
                          high: int | None = None, unit: str = "") -> int:
    """Return `value` if it is a whole number from `low` to `high`, else raise ValueError.

    >>> validate_whole_number("max_steps", 6, 1, 5)
    Traceback (most recent call last):
    ValueError: max_steps must be an integer from 1 to 5, got 6
    """
    if not is_whole_number(value, low, high):
        kind = _range_kind(low, high)
        template = _ERRORS[kind] if not unit else _ERRORS.get(f"{kind}+unit")
        if template is None:  # a unit on a one-sided range: no course message has one
            raise ValueError(f"{name} must be {whole_number_range(low, high, unit)}, "
                             f"got {value!r}")
        raise ValueError(t(template, name=name, low=low, high=high,
                           unit=t(unit) if unit else "", value=repr(value)))
    return value  # is_whole_number made sure it is an int
