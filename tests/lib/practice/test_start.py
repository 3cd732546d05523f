"""The start page: the chapters, the progress page and how checks, hints and solutions
work, one click from every chapter, in the course's language."""

from __future__ import annotations

import json
import re

import pytest
from learner_builds import learner_release

from agentloop.i18n import TRANSLATED, speaking
from agentloop.practice.start import start_page


@pytest.fixture(scope="module")
def catalog() -> dict:
    return json.loads((learner_release() / "course.json").read_text(encoding="utf-8"))


def test_it_links_every_chapter_and_the_progress_page(catalog: dict) -> None:
    page = start_page(catalog)
    links = re.findall(r"\]\(([^)]+)\)", page)
    assert links == [c["file"] for c in catalog["chapters"]] + \
        ["00_progress.ipynb"]
    for words in ("**Hint**", "**Solution**", "★ solved", "`raise NotImplementedError()`",
                  "not answered yet"):
        assert words in page


@pytest.mark.parametrize("language", [code.value for code in TRANSLATED])
def test_it_is_written_in_the_courses_language(catalog: dict, language: str) -> None:
    english = start_page(catalog)
    with speaking(language):
        page = start_page(catalog)
    assert page.count("](") == english.count("](")  # the same links
    assert "`raise NotImplementedError()`" in page  # code stays code
    sentences = [line for line in english.splitlines() if len(line) > 40 and "](" not in line]
    assert sentences and not [s for s in sentences if s in page]
