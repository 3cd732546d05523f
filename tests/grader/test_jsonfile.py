"""jsonfile: the grader's JSON files read back as the same data, laid out a line an item."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from agentloop_grader import jsonfile

SAMPLES = [
    {},
    [],
    {"cells": [], "metadata": {}, "nbformat": 4},
    {"rows": [{"student": "ана", "score": 1.5, "failures": [{"case": "x"}]}, None, True]},
    {"keys": {1: "one", None: "none", False: "no", 2.5: "half"}},  # json converts the keys
    [[[["deep"]]], {"a": {"b": {"c": [1, 2, {"d": float("inf")}]}}}],
    {"text": "line\nbreak \"quoted\" \u200f\u0627 \\ \t", "big": 10**30, "tiny": 1e-300},
]


@pytest.mark.parametrize("data", SAMPLES)
@pytest.mark.parametrize("depth", [0, 1, 2, 5])
def test_the_same_data_as_the_standard_encoder(data: object, depth: int) -> None:
    text = jsonfile.dumps(data, depth)
    assert json.loads(text) == json.loads(json.dumps(data))
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_the_outer_levels_one_item_a_line_and_the_rest_on_one() -> None:
    data = {"cells": [{"source": "a", "outputs": [{"x": 1}]}, {"source": "b"}], "n": 4}
    assert jsonfile.dumps(data).splitlines() == [
        "{",
        ' "cells": [',
        '  {"source": "a", "outputs": [{"x": 1}]},',
        '  {"source": "b"}',
        " ],",
        ' "n": 4',
        "}",
    ]


def test_unicode_is_written_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    jsonfile.write(path, {"name": "Мария", "fa": "سلام"})
    text = path.read_text(encoding="utf-8")
    assert "Мария" in text and "سلام" in text and "\\u" not in text


def test_a_notebook_written_here_is_a_valid_notebook(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("print(1)"), nbformat.v4.new_markdown_cell("# Hi")]
    nb.cells[0].outputs = [nbformat.v4.new_output("stream", text="1\n")]
    path = tmp_path / "nb.ipynb"
    jsonfile.write(path, nb)
    back = nbformat.read(path, as_version=4)
    nbformat.validate(back)
    assert back == nb
