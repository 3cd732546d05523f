"""Reading a learner release (agentloop.practice.release): its notebooks in order, and a
folder that is not one — no manifest, an unreadable one, another format, a missing file —
refused in one line that says how to make one."""

from __future__ import annotations

import json

import pytest

from agentloop.practice.release import BUNDLE, CATALOG, FORMAT, MANIFEST, read_release

HOW = "a learner release is made by ./course lab"


def _release(folder, notebooks=("01_a.ipynb", "00_progress.ipynb"), fmt=FORMAT, skip=()):
    folder.mkdir(exist_ok=True)
    (folder / MANIFEST).write_text(json.dumps({"format": fmt, "sources": "abc",
                                                "notebooks": list(notebooks)}),
                                   encoding="utf-8")
    for name in (*notebooks, CATALOG, BUNDLE):
        if name not in skip:
            (folder / name).write_text("{}", encoding="utf-8")
    return folder


def test_a_release_lists_its_notebooks_in_order(tmp_path):
    release = read_release(_release(tmp_path / "rel"))
    assert release.notebooks == ("01_a.ipynb", "00_progress.ipynb")
    assert release.sources == "abc"
    assert release.path(CATALOG) == tmp_path / "rel" / CATALOG


@pytest.mark.parametrize(("make", "words"), [
    (lambda folder: folder.mkdir(), "is not a learner release (it has no release.json)"),
    (lambda folder: (folder.mkdir(), (folder / MANIFEST).write_text("{nope")),
     "release.json is unreadable"),
    (lambda folder: _release(folder, fmt=FORMAT + 1), f"this library reads format {FORMAT}"),
    (lambda folder: _release(folder, skip=(BUNDLE,)), "is incomplete (missing: solutions.bundle)"),
    (lambda folder: _release(folder, notebooks=()), "is incomplete (missing: every notebook)"),
])
def test_what_is_not_a_release_is_one_line_that_says_how_to_make_one(tmp_path, make, words):
    make(tmp_path / "rel")
    with pytest.raises(ValueError) as caught:
        read_release(tmp_path / "rel")
    message = str(caught.value)
    assert words in message and HOW in message and "\n" not in message
