"""One rule for cutting a quoted value to a width in a one-line message."""

from __future__ import annotations

import pytest

from agentloop.text import ELLIPSIS, clip, short_repr


@pytest.mark.parametrize(("text", "width", "mark", "expected"), [
    ("short", 10, "...", "short"),
    ("exactly10!", 10, "...", "exactly10!"),
    ("eleven char", 10, "...", "eleven ..."),
    ("eleven char", 10, ELLIPSIS, "eleven ch…"),
    ("", 3, "...", ""),
])
def test_clip_keeps_what_fits_and_marks_a_cut(text, width, mark, expected):
    assert clip(text, width, mark) == expected
    assert len(clip(text, width, mark)) <= width


def test_short_repr_quotes_the_value_as_python_shows_it():
    assert short_repr("a\nb") == "'a\\nb'"
    assert short_repr(list(range(100))) == repr(list(range(100)))[:77] + "..."
    assert len(short_repr("x" * 500, 60)) == 60
