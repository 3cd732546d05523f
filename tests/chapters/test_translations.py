"""Every translated chapter (chapters/<lang>/NN_name.ipynb): the English notebook with its
words replaced, and nothing else; built from its translation file as it stands; its
glossary's terms used wherever the English uses theirs; Persian right to left.

Parametrized over the notebooks in chapters/<lang>/, so a new translation is covered
without edits here. (nbval runs them like the English ones: chapters/ is a testpath.)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from agentloop.i18n import TRANSLATED, catalog

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402

TRANSLATED_NOTEBOOKS = sorted(p for code in TRANSLATED
                              for p in (ROOT / "chapters" / code.value).glob("[0-9]*.ipynb"))
CODE_BLOCK = re.compile(r"```.*?```", re.S)
CODE_SPAN = re.compile(r"`[^`]*`|<code[^>]*>.*?</code>", re.S)


def english_of(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "chapters" / path.name, as_version=4)


def words(text: str) -> str:
    """A markdown text without its code (blocks, spans): the words a reader reads."""
    return CODE_SPAN.sub(" ", CODE_BLOCK.sub(" ", text))


def test_chapter_1_is_translated_into_every_language():
    assert {p.parent.name for p in TRANSLATED_NOTEBOOKS if p.stem == "01_agent_loop"} == \
        {code.value for code in TRANSLATED}


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_a_translation_differs_from_the_english_only_in_its_words(path):
    english, translated = english_of(path), nbformat.read(path, as_version=4)
    language = path.parent.name
    assert translated.metadata["agentloop"] == {"language": language,
                                                "translation_of": path.name}
    assert translated.metadata["kernelspec"] == english.metadata["kernelspec"]
    first = translated.cells[1]
    assert first.id == translations.LANGUAGE_CELL and first.metadata["tags"] == ["skip-grading"]
    assert first.source.endswith(f'use_language("{language}")')
    cells = translated.cells[:1] + translated.cells[2:]
    assert len(cells) == len(english.cells)
    for mine, theirs in zip(english.cells, cells, strict=True):
        assert (theirs.id, theirs.cell_type) == (mine.id, mine.cell_type)
        assert theirs.metadata.get("nbgrader") == mine.metadata.get("nbgrader"), mine.id
        assert theirs.metadata.get("tags") == mine.metadata.get("tags"), mine.id
        assert theirs.metadata.get("agentloop") is None, f"{mine.id} is marked as needing work"
        if mine.cell_type == "code":
            assert translations.code_problems(mine.source, theirs.source) == [], mine.id
            assert translations.words_of_code(mine.source) or theirs.source == mine.source
        elif translations.is_translatable(mine):
            assert theirs.source != mine.source, f"{mine.id} is still the English"


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_a_translated_notebook_is_what_its_translation_builds(path):
    from build_chapters import build_notebook

    english = build_notebook(ROOT / "chapters" / "src" / f"{path.stem}.py")
    built, matching = translations.build_translation(english, path.stem, path.parent.name)
    assert not matching.orphans, [e.line for e in matching.orphans]
    stored = nbformat.read(path, as_version=4)
    assert [(c.id, c.source) for c in stored.cells] == [(c.id, c.source) for c in built.cells]


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_glossary_terms_are_the_ones_the_chapter_uses(path):
    """Wherever the English names a glossary term, the translated cell names it too, in
    one of its forms; no word the glossary rules out appears anywhere."""
    language = path.parent.name
    terms = translations.glossary(language)["terms"]
    english, translated = english_of(path), nbformat.read(path, as_version=4)
    cells = translated.cells[:1] + translated.cells[2:]
    missing, avoided = [], []
    for mine, theirs in zip(english.cells, cells, strict=True):
        if mine.cell_type != "markdown":
            continue
        source, target = words(mine.source), words(theirs.source)
        for term in terms:
            if term.get("en") and re.search(term["en"], source, re.I) and not any(
                    re.search(form, target, re.I) for form in term["forms"]):
                missing.append(f"{mine.id}: {term['en_term']} → {term['term']}")
            for word in term.get("avoid", []):
                if re.search(word, target, re.I):
                    avoided.append(f"{mine.id}: {word!r} (the glossary says {term['term']})")
    assert missing == [] and avoided == []


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_chapter_shows_its_glossary(path):
    language = path.parent.name
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)
    chapter_terms = [t for t in translations.glossary(language)["terms"]
                     if path.stem in t.get("chapters", {})]
    assert len(chapter_terms) >= 7
    for term in chapter_terms:
        assert f"| **{term['term']}** | {term['en_term']} |" in text, term["term"]


@pytest.mark.parametrize("language", [code.value for code in TRANSLATED])
def test_every_glossary_term_names_its_source(language):
    """A term is the source document's own where it names it (seed 000: «Дежурный» and the
    loop, 001: the controller, 002: plan, action, observation, 003: the harness)."""
    data = translations.glossary(language)
    assert data["language"] == language
    english = [t["en_term"] for t in data["terms"]]
    assert len(english) == len(set(english))
    for term in data["terms"]:
        assert term["source"].get("seed") in {"000", "001", "002", "003", None}, term
        assert term["source"].get("seed") or term["source"].get("chosen"), \
            f"{term['en_term']}: name the seed it comes from, or why it was chosen"
        assert ("en" in term) == ("forms" in term), term["en_term"]


@pytest.mark.parametrize("path", [p for p in TRANSLATED_NOTEBOOKS if p.parent.name == "fa"],
                         ids=lambda p: p.stem)
def test_persian_reads_right_to_left_with_code_left_to_right(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        assert cell.source.startswith('<div dir="rtl">') and cell.source.endswith("</div>")
        outside = CODE_BLOCK.sub("", cell.source)
        assert "`" not in outside, f"{cell.id}: a code span not marked left to right"
        for block in CODE_BLOCK.finditer(cell.source):
            before = cell.source[:block.start()].rstrip()
            assert before.endswith('<div dir="ltr">'), f"{cell.id}: {block[0][:40]}"


@pytest.mark.parametrize("path", TRANSLATED_NOTEBOOKS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_stored_check_outputs_speak_the_language(path):
    """The instructor notebook's check cells all pass, and say so in its language."""
    done = catalog(path.parent.name).messages["all passed"]
    graded = [c for c in nbformat.read(path, as_version=4).cells
              if c.metadata.get("nbgrader", {}).get("grade") and c.cell_type == "code"]
    assert graded
    for cell in graded:
        text = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get(
            "text/plain", "")) for o in cell.get("outputs", []))
        assert done in text and "✘" not in text, cell.id
