"""Copying plain data (what checks and event logs hold): JSON types fast, the rest by
`copy.deepcopy`. A reader gets its own copy and can never change the original."""

from __future__ import annotations

import copy
import enum
from typing import Any

_SCALARS = frozenset((type(None), bool, int, float, str))


def copy_plain(value: Any) -> Any:
    """A deep copy: plain JSON types fast, anything else by copy.deepcopy."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    # An item that is a scalar is taken as it is, without a call: most plain data is scalars
    # (and a loop, not a comprehension, for a dict: one frame fewer before Python 3.12).
    if kind is dict:
        copied = {}
        for key, item in value.items():
            copied[key] = item if type(item) in _SCALARS else copy_plain(item)
        return copied
    if kind is list:
        return [item if type(item) in _SCALARS else copy_plain(item) for item in value]
    if kind is tuple:
        return tuple([item if type(item) in _SCALARS else copy_plain(item) for item in value])
    if isinstance(value, enum.Enum):  # a closed set's member (a message's role): as deepcopy,
        return value  # which gives the member itself, only without its machinery
    return copy.deepcopy(value)
