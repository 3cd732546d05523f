"""Notebooks as the JSON they are: read, compare and write one without nbformat.

A learner's install has no nbformat (nor nbgrader): a workspace is made and updated with
these few functions. A notebook written here is byte for byte what nbformat writes
(`nbformat.writes(nb) + "\\n"`: sources as lists of lines, sorted keys, indent 1).
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

Notebook = dict[str, Any]


def parse(data: bytes, where: str = "the notebook") -> Notebook:
    """A notebook from its bytes; ValueError when it is not one."""
    try:
        nb = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{where} is not a readable notebook ({exc})") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ValueError(f"{where} is not a notebook (no list of cells)")
    return nb


def read(path: Path) -> Notebook:
    return parse(path.read_bytes(), str(path))


def source(cell: dict[str, Any]) -> str:
    """A cell's source as one text (a file may hold it as a list of lines)."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def grade_id(cell: dict[str, Any]) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def is_answer(cell: dict[str, Any]) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


def version_key(nb: Notebook) -> str:
    """What identifies a version of a notebook: its cells' types, sources, nbgrader
    metadata and tags (not outputs, cell ids or other metadata)."""
    cells = [[c.get("cell_type"), source(c), c.get("metadata", {}).get("nbgrader"),
              c.get("metadata", {}).get("tags", [])] for c in nb["cells"]]
    return hashlib.sha256(json.dumps(cells, sort_keys=True).encode()).hexdigest()


def _lines(text: Any) -> Any:
    return text.splitlines(keepends=True) if isinstance(text, str) else text


def to_bytes(nb: Notebook) -> bytes:
    """The notebook as nbformat writes it."""
    out = copy.deepcopy(nb)
    for cell in out["cells"]:
        cell["source"] = _lines(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _lines(output["text"])
    return (json.dumps(out, sort_keys=True, indent=1, ensure_ascii=False) + "\n").encode()
