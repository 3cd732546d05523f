"""A translated chapter's stored outputs hold no English sentence of the library's.

Every English template of a catalog is a sentence the library writes; where one of them
shows up, in English, in the outputs of `chapters/<lang>/*.ipynb`, the library printed it
without `t()` (or the chapter was not rebuilt). Data is allowed: a quoted value (an
observation's error inside JSON or a repr). The run's own message to the person (chapter
5's `answer:` / `question:` / `reason:` lines) is saved in English in answer.md, but shown
in the reader's language, so it is checked too.

So the next English text added without an entry fails twice: here, once a chapter shows it,
and in test_catalogs.py / test_library_words.py, which make the library say it.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from agentloop.i18n import TRANSLATED, catalog
from agentloop.i18n.catalog import CODE

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = [code.value for code in TRANSLATED]
SHORTEST = 3  # words of fixed text a template needs before its English counts as a sentence
# a board tool's observation error ("Error: the board folder … was not found"): the run's
# data, in the trace as it is, which a chapter's own code may print as it is
DATA = ("Error: ",)


def output_lines(notebook: Path) -> list[tuple[str, str, str]]:
    """(cell id, the notebook's code, line) for every line a code cell's outputs show."""
    out = []
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "\n".join("".join(c.get("source", "")) for c in cells if c["cell_type"] == "code")
    for cell in cells:
        for output in cell.get("outputs", []):
            text = output.get("text") or (output.get("data") or {}).get("text/plain") or \
                output.get("evalue") or ""
            text = "".join(text) if isinstance(text, list) else text
            out += [(cell.get("id", "?"), source, line) for line in text.splitlines()]
    return out


@functools.cache
def english_sentences(language: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """(template, its longest fixed piece, a pattern) for every template whose translation
    is not its English and whose fixed text is a few words long."""
    out = []
    for template, translation in catalog(language).messages.items():
        # the fixed text between the fields; a field at either end adds nothing to look for
        pieces = [piece for piece in re.split(r"\{\w+\}", template)]
        while pieces and not pieces[0]:
            pieces.pop(0)
        while pieces and not pieces[-1]:
            pieces.pop()
        if CODE.sub(lambda m: m[1], translation) == template or template.startswith(DATA) or \
                len(re.findall(r"[A-Za-z]{2,}", " ".join(pieces))) < SHORTEST:
            continue
        pattern = ".+?".join(re.escape(piece) for piece in pieces)
        out.append((template, max(pieces, key=len), re.compile(pattern)))
    return out


def is_data(line: str, start: int) -> bool:
    """A match that begins inside a quoted value ('…' or "…"), or after an observation's
    "Error: " (the board's words, which a chapter's code prints as the run holds them), is
    data the run holds."""
    before = line[:start]
    return before.count('"') % 2 == 1 or before.count("'") % 2 == 1 or \
        any(mark in before for mark in DATA)


def english_in(notebook: Path, language: str) -> list[str]:
    found = []
    for cell, source, line in output_lines(notebook):
        for template, longest, pattern in english_sentences(language):
            # not in the line; or the chapter's own code writes it, in any cell (chapter 3's
            # exercise 3 writes the English log that run_agent(...).lines() records)
            if longest not in line or longest in source:
                continue
            match = pattern.search(line)
            if match and not is_data(line, match.start()):
                found.append(f"{notebook.name} {cell}: {template!r} in {line.strip()[:120]!r}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_chapter_shows_no_english_sentence_of_the_library(language):
    notebooks = sorted((ROOT / "chapters" / language).glob("*.ipynb"))
    assert len(notebooks) == 5
    assert [line for notebook in notebooks for line in english_in(notebook, language)] == []


def test_the_check_finds_an_english_sentence_and_lets_data_be(tmp_path):
    """The detector itself: an English banner line and an English message to the person
    are found; a quoted observation, the translated lines and the chapter's own English
    are not."""
    english = "contract: met — the summary states id, title, status, blocked_by"
    data = '{"unreadable": [{"reason": "not UTF-8 text (byte 0xcf at position 24)"}]}'
    told = "reason: I could not read the task cards — Error: the board folder b was not found."
    translated = ("contract: выполнен — сводка называет id, title, status, blocked_by. "
                  "reason: Я не смог прочитать карточки задач — Error: папка доски b не найдена.")
    observed = "шаг 1: read_task_cards → Error: the board folder b was not found | steps 1"
    cells = [{"cell_type": "code", "id": f"c{n}", "source": "", "outputs": [
        {"output_type": "stream", "name": "stdout", "text": [line + "\n"]}]}
        for n, line in enumerate((english, data, told, translated, observed))]
    own = "print('  stopping: 5 steps without an answer → to an employee')"
    cells.append({"cell_type": "code", "id": "c5", "source": own, "outputs": [
        {"output_type": "stream", "name": "stdout",
         "text": ["  stopping: 5 steps without an answer → to an employee\n"]}]})
    notebook = tmp_path / "05_capstone.ipynb"
    notebook.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    found = english_in(notebook, "ru")
    assert found == ["05_capstone.ipynb c0: 'met — the summary states {fields}' in "
                     f"{english!r}",
                     "05_capstone.ipynb c2: 'I could not read the task cards — {error}.' in "
                     f"{told!r}"]
