"""Notebooks as the JSON they are (agentloop.practice.notebooks): read without nbformat, a bad
file refused in one line, a version known by its cells alone, and written byte for byte as
nbformat writes it."""

from __future__ import annotations

import nbformat
import pytest

from agentloop.practice.notebooks import grade_id, is_answer, parse, source, to_bytes, version_key


def _notebook() -> nbformat.NotebookNode:
    answer = nbformat.v4.new_code_cell("def f():\n    return 1\n", metadata={
        "nbgrader": {"grade_id": "ex-1", "solution": True, "grade": False}})
    shown = nbformat.v4.new_code_cell("print('hi')")
    shown.outputs = [nbformat.v4.new_output("stream", name="stdout", text="hi\nthere\n")]
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Title"), answer,
                                           shown])


def test_a_notebook_is_written_byte_for_byte_as_nbformat_writes_it():
    nb = _notebook()
    data = (nbformat.writes(nb) + "\n").encode()
    assert to_bytes(parse(data)) == data
    assert to_bytes(dict(nb)) == data   # sources held as one text become lists of lines


def test_cells_are_read_by_their_source_and_nbgrader_metadata():
    cells = parse(to_bytes(_notebook()))["cells"]
    assert source(cells[1]) == "def f():\n    return 1\n"
    assert [grade_id(c) for c in cells] == [None, "ex-1", None]
    assert [is_answer(c) for c in cells] == [False, True, False]


def test_a_version_is_its_cells_not_their_outputs_or_ids():
    nb = parse(to_bytes(_notebook()))
    key = version_key(nb)
    nb["cells"][2]["outputs"] = []
    nb["cells"][0]["id"] = "another-id"
    assert version_key(nb) == key
    nb["cells"][1]["source"] = "def f():\n    return 2\n"
    assert version_key(nb) != key


@pytest.mark.parametrize(("data", "words"), [
    (b"\xff\xfe", "is not a readable notebook"),
    (b"{not json", "is not a readable notebook"),
    (b'{"cells": {}}', "is not a notebook (no list of cells)"),
    (b"[]", "is not a notebook (no list of cells)"),
])
def test_what_is_not_a_notebook_is_refused_in_one_line(data, words):
    with pytest.raises(ValueError) as caught:
        parse(data, "ch1.ipynb")
    assert str(caught.value).startswith(f"ch1.ipynb {words}") and "\n" not in str(caught.value)
