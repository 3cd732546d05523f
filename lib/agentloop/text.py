"""Text for one-line messages: a long value is cut to a width, and the cut is marked.

Every module that quotes a value in a message (a refused setting, a malformed result, a
card's bad field) cuts it here, at the width it chooses.
"""

from __future__ import annotations

ELLIPSIS = "…"   # the mark of a cut where a message quotes words a person wrote


def clip(text: str, width: int, mark: str = "...") -> str:
    """`text` if it fits in `width` characters, else its start and `mark`, `width` in all."""
    return text if len(text) <= width else text[:width - len(mark)] + mark


def short_repr(value: object, width: int = 80) -> str:
    """`repr(value)`, clipped: how a message quotes a value it was given."""
    return clip(repr(value), width)
