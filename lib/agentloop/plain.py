"""Copying plain data (what checks and event logs hold): JSON types fast, the rest by
`copy.deepcopy`. A reader gets its own copy and can never change the original."""

from __future__ import annotations

import copy
import enum
from typing import Any

_SCALARS = (type(None), bool, int, float, str)


def copy_plain(value: Any) -> Any:
    """A deep copy: plain JSON types fast, anything else by copy.deepcopy."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is list:
        return [copy_plain(item) for item in value]
    if kind is tuple:
        return tuple(copy_plain(item) for item in value)
    if isinstance(value, enum.Enum):  # a closed set's member (a message's role): as deepcopy,
        return value  # which gives the member itself, only without its machinery
    return copy.deepcopy(value)
