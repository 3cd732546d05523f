"""JSON files the grader writes for people and scripts (autograded notebooks, run and class
reports), readable and quick to write.

`json.dumps(..., indent=1)` runs Python's pure-Python encoder (the C one has no indent): for
a class it cost more than judging it. Here only the outer `depth` levels are laid out one
item a line; everything below is encoded by the C encoder, on one line. Any JSON reader
(nbformat, formgrader, `json.load`) reads the same data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_ENCODER = json.JSONEncoder(ensure_ascii=False)


def dumps(data: Any, depth: int = 2) -> str:
    """`data` as JSON text, its outer `depth` levels of objects and arrays one item a line."""
    return _encode(data, depth, "") + "\n"


def _encode(value: Any, depth: int, pad: str) -> str:
    if depth <= 0 or not value or not isinstance(value, dict | list):
        return _ENCODER.encode(value)
    inner = pad + " "
    if isinstance(value, list):
        items = [inner + _encode(item, depth - 1, inner) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    if not all(isinstance(key, str) for key in value):
        return _ENCODER.encode(value)  # keys json would convert: leave that to it
    items = [f"{inner}{_ENCODER.encode(key)}: {_encode(item, depth - 1, inner)}"
             for key, item in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def write(path: Path, data: Any, depth: int = 2) -> None:
    """Write `data` to `path` (UTF-8), laid out as `dumps` lays it out."""
    path.write_text(dumps(data, depth), encoding="utf-8")
