"""The rules for limits and other inputs (agentloop.validation): a whole number is an int, never
a bool, and a refusal names the parameter, the value and the range."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("value", "low", "high", "ok"),
    [(1, 1, 5, True), (5, 1, 5, True), (0, 1, 5, False), (6, 1, 5, False), (True, 0, 1, False),
     (False, 0, 1, False), (2.0, 1, 5, False), ("3", 1, 5, False), (None, 1, 5, False),
     (10**6, 1, None, True), (-1, None, 3, True), (-1, 0, None, False)],
)
def test_a_whole_number_is_an_int_never_a_bool(value, low, high, ok):
    from agentloop.validation import is_whole_number

    assert is_whole_number(value, low, high) is ok


@pytest.mark.parametrize(
    ("value", "low", "high", "unit", "message"),
    [(9, 1, 5, "", "n must be an integer from 1 to 5, got 9"),
     (0, 1, None, "", "n must be a positive integer, got 0"),
     (9, 10, None, "", "n must be an integer of 10 or more, got 9"),
     (9, None, 3, "", "n must be an integer of at most 3, got 9"),
     (True, 1, 8, "tokens", "n must be an integer from 1 to 8 tokens, got True")],
)
def test_validate_whole_number_names_the_parameter_the_value_and_the_range(value, low, high,
                                                                          unit, message):
    from agentloop.validation import validate_whole_number

    assert validate_whole_number("n", 2, 1, None) == 2
    with pytest.raises(ValueError) as error:
        validate_whole_number("n", value, low, high, unit)
    assert str(error.value) == message
