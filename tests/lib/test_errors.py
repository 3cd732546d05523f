"""One way to show an exception as text (agentloop.errors), shared by the harness's event log and
the checks."""

from __future__ import annotations

from agentloop.errors import describe_error


def test_one_exception_formatter_for_the_log():
    assert describe_error(PermissionError("rm is not allowed")) == \
        "PermissionError: rm is not allowed"
    assert describe_error(KeyError()) == "KeyError"


def test_a_long_message_is_cut_to_the_limit_and_marked():
    assert describe_error(ValueError("abcdef"), limit=3) == "ValueError: abc…"
    assert describe_error(ValueError("abc"), limit=3) == "ValueError: abc"
    assert describe_error(ValueError(""), limit=3) == "ValueError"
