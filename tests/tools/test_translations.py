"""tools/translations.py: translations never go stale silently.

A changed English cell fails the build of every translation of it (or, with --mark-stale,
is written marked "needs updating"); `status` lists it; `stamp` records that it was
updated. A translated code cell may change its words only. Everything here runs on the
real chapter 1 and its Russian translation, changed in memory or in a temporary copy.
"""

from __future__ import annotations

import copy
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_chapters  # noqa: E402
import translations as tr  # noqa: E402

STEM = "01_agent_loop"
SOURCE = ROOT / "chapters" / "src" / f"{STEM}.py"


@pytest.fixture(scope="module")
def english() -> nbformat.NotebookNode:
    return build_chapters.build_notebook(SOURCE)


@pytest.fixture(scope="module")
def entries() -> list[tr.Entry]:
    return tr.read_entries(tr.translation_path("ru", STEM))


def changed(nb: nbformat.NotebookNode, cell_id: str, new_text: str) -> nbformat.NotebookNode:
    out = copy.deepcopy(nb)
    next(c for c in out.cells if c.id == cell_id).source = new_text
    return out


# --- code cells: only words change -----------------------------------------------------------

CODE = '''def decide(state):
    """Return the decision."""
    ### BEGIN SOLUTION
    print(f"{name:16} at step {state['steps']}")  # the step
    return run("one_match", "error")
    ### END SOLUTION'''


@pytest.mark.parametrize("translated", [
    CODE,
    CODE.replace('"""Return the decision."""', '"""Вернуть решение."""'),
    CODE.replace("# the step", "# шаг").replace(" at step ", " на шаге "),
])
def test_a_code_cell_may_change_its_comments_and_prose_strings(translated):
    assert tr.code_problems(CODE, translated) == []


@pytest.mark.parametrize(("translated", "problem"), [
    (CODE.replace("return run", "return walk"), "'walk' where the English has 'run'"),
    (CODE.replace('"one_match"', '"один"'), "'\"один\"' where the English has '\"one_match\"'"),
    (CODE.replace("{name:16}", "{name:8}"), "must keep the prefix and the {…} fields"),
    (CODE.replace("['steps']", "['step']"), "must keep the prefix and the {…} fields"),
    (CODE.replace("### END SOLUTION", "### КОНЕЦ РЕШЕНИЯ"), "'### КОНЕЦ РЕШЕНИЯ' where"),
    (CODE + "\nprint(1)", "more or fewer pieces of code than the English"),
    (CODE.replace("(state):", "(state:"), "does not tokenize"),
])
def test_a_code_cell_may_not_change_its_code(translated, problem):
    problems = tr.code_problems(CODE, translated)
    assert problems and problem in problems[0], problems


def test_the_words_of_a_code_cell_are_its_comments_and_prose_strings():
    assert tr.words_of_code(CODE) == ['"""Return the decision."""',
                                      """f"{name:16} at step {state['steps']}\"""", "# the step"]
    assert tr.words_of_code('print(f"--- {name}")\nrun("one_match")') == []


# --- matching a translation to the English ---------------------------------------------------

def test_the_real_translation_is_up_to_date(english, entries):
    matching = tr.match(english.cells, entries)
    assert {p.status for p in matching.pairs} == {tr.Status.UP_TO_DATE}
    assert matching.orphans == [] and len(matching.pairs) == len(entries)


def test_a_changed_english_cell_is_stale_and_the_others_stay(english, entries):
    edited = changed(english, "cell-013", english.cells[13].source + "\n\nOne more sentence.")
    matching = tr.match(edited.cells, entries)
    assert [p.cell.id for p in matching.with_status(tr.Status.STALE)] == ["cell-013"]
    assert next(p for p in matching.pairs if p.cell.id == "cell-013").entry.cell_id == "cell-013"
    assert len(matching.with_status(tr.Status.UP_TO_DATE)) == len(entries) - 1


def test_a_new_english_cell_moves_the_ids_but_only_it_is_missing(english, entries):
    edited = copy.deepcopy(english)
    edited.cells.insert(3, nbformat.v4.new_markdown_cell("A new paragraph."))
    for index, cell in enumerate(edited.cells):  # the build numbers cells by position
        if not cell.metadata.get("nbgrader"):
            cell.id = f"cell-{index:03d}"
    matching = tr.match(edited.cells, entries)
    assert [p.cell.source for p in matching.with_status(tr.Status.MISSING)] == ["A new paragraph."]
    assert matching.with_status(tr.Status.STALE) == [] and matching.orphans == []


def test_a_removed_english_cell_leaves_its_translation_orphaned(english, entries):
    edited = copy.deepcopy(english)
    del edited.cells[13]
    matching = tr.match(edited.cells, entries)
    assert [e.cell_id for e in matching.orphans] == ["cell-013"]
    assert {p.status for p in matching.pairs} == {tr.Status.UP_TO_DATE}


def test_a_markdown_cell_still_in_english_is_not_translated(english, entries):
    entry = next(e for e in entries if e.cell_id == "cell-001")
    english_text = tr.Entry(entry.cell_id, entry.digest, english.cells[1].source, entry.line)
    matching = tr.match(english.cells, [english_text if e is entry else e for e in entries])
    assert [p.cell.id for p in matching.with_status(tr.Status.MISSING)] == ["cell-001"]


# --- building ----------------------------------------------------------------------------------

def test_the_build_fails_on_a_stale_cell_naming_it_and_the_way_out(english):
    edited = changed(english, "cell-020", "Step 1: the read fails. (Changed.)")
    with pytest.raises(tr.TranslationError) as raised:
        tr.build_translation(edited, STEM, "ru")
    message = str(raised.value)
    assert "chapters/ru/01_agent_loop.ipynb: 1 cell needs updating (cell-020)" in message
    assert "chapters/i18n/ru/01_agent_loop.md" in message and "--mark-stale" in message


@pytest.mark.parametrize("language", ["ru", "fa"])
def test_with_mark_stale_the_cell_shows_the_english_under_a_banner(english, language):
    new_text = "Step 1: the read fails. (Changed.)"
    built, matching = tr.build_translation(changed(english, "cell-020", new_text), STEM,
                                           language, mark_stale=True)
    cell = next(c for c in built.cells if c.id == "cell-020")
    assert cell.metadata["agentloop"] == {"translation": "needs updating"}
    assert new_text in cell.source and tr.banner(language, tr.Status.STALE) in cell.source
    assert tr.banner(language, tr.Status.STALE).startswith("⚠ ")
    assert tr.banner(language, tr.Status.STALE) != "⚠ " + tr.STALE_BANNER  # translated
    assert cell.source.startswith('<div dir="rtl">') == (language == "fa")
    assert [p.cell.id for p in matching.with_status(tr.Status.STALE)] == ["cell-020"]


def test_a_stale_code_cell_runs_the_current_english_code(english):
    code_cell = next(c for c in english.cells if c.id == "cell-035")
    edited = changed(english, "cell-035", code_cell.source.replace('"office"', '"office-2"'))
    built, _ = tr.build_translation(edited, STEM, "bg", mark_stale=True)
    cell = next(c for c in built.cells if c.id == "cell-035")
    assert cell.source.startswith("# ⚠ ") and cell.source.endswith(
        edited.cells[35].source.splitlines()[-1])
    assert '"office-2"' in cell.source


def test_a_translation_that_changes_code_never_builds(english, tmp_path, monkeypatch):
    copy_root = tmp_path / "i18n"
    shutil.copytree(tr.I18N, copy_root)
    path = copy_root / "ru" / f"{STEM}.md"
    path.write_text(path.read_text(encoding="utf-8").replace(
        'run_loop("limit", max_steps=50)', 'run_loop("limit", max_steps=5)'), encoding="utf-8")
    monkeypatch.setattr(tr, "I18N", copy_root)
    with pytest.raises(tr.TranslationError, match=r"\(cell-030\): line 2: '5' where the "
                                                   r"English has '50'"):
        tr.build_translation(english, STEM, "ru", mark_stale=True)


def test_the_built_notebook_sets_its_language_and_keeps_every_id(english):
    built, _ = tr.build_translation(english, STEM, "bg")
    assert built.metadata["agentloop"] == {"language": "bg", "translation_of": f"{STEM}.ipynb"}
    assert built.cells[1].id == tr.LANGUAGE_CELL
    assert [c.id for c in built.cells[:1] + built.cells[2:]] == [c.id for c in english.cells]


def test_a_bad_translation_file_is_named_with_its_line(tmp_path):
    path = tmp_path / "x.md"
    path.write_text("stray text\n<!-- cell cell-000 en=0123456789ab -->\nx\n")
    with pytest.raises(tr.TranslationError, match=r"x\.md:1: text before the first cell marker"):
        tr.read_entries(path)
    path.write_text("<!-- cell a en=0123456789ab -->\nx\n<!-- cell a en=0123456789ab -->\ny\n")
    with pytest.raises(tr.TranslationError, match=r"x\.md:3: cell a is translated twice"):
        tr.read_entries(path)


# --- status, stamp, new, and the build command ------------------------------------------------

@pytest.fixture
def stale_copy(english, tmp_path, monkeypatch):
    """A copy of chapters/i18n with chapter 1's translations alone (the other chapters have
    none there), and an English chapter 1 whose cell-013 has changed."""
    copy_root = tmp_path / "i18n"
    for language in (path for path in tr.I18N.iterdir() if path.is_dir()):
        (copy_root / language.name).mkdir(parents=True)
        for name in ("glossary.json", f"{STEM}.md"):
            shutil.copy(language / name, copy_root / language.name / name)
    monkeypatch.setattr(tr, "I18N", copy_root)
    edited = changed(english, "cell-013", english.cells[13].source + "\n\nOne more sentence.")
    monkeypatch.setattr(tr, "english_notebook", lambda stem: copy.deepcopy(
        edited if stem == STEM else english))
    return copy_root


def test_status_lists_what_needs_updating_and_fails(stale_copy, capsys):
    assert tr.main(["status", "ru"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"ru  {STEM}: 41 cells with words: 40 up to date, 1 needs updating "
                      "(cell-013)")
    assert all("no translation yet" in line for line in out[1:])


def test_stamp_records_the_update_and_status_is_clean_again(stale_copy, capsys):
    path = stale_copy / "ru" / f"{STEM}.md"
    before = path.read_text(encoding="utf-8")
    assert tr.main(["stamp", "ru", STEM, "cell-013"]) == 0
    assert capsys.readouterr().out == "stamped 1 cell: cell-013\n"
    after = path.read_text(encoding="utf-8")
    assert sum(a != b for a, b in zip(before.splitlines(), after.splitlines(), strict=True)) == 1
    lines, behind = tr.status_lines(["ru"])
    assert not behind and lines[0].endswith("41 up to date")


def test_stamp_refuses_a_cell_that_is_not_stale(stale_copy, capsys):
    assert tr.main(["stamp", "ru", STEM, "cell-014"]) == 2
    assert "not a cell that needs updating in 01_agent_loop.md: cell-014" in \
        capsys.readouterr().err


def test_new_writes_every_cell_to_translate_and_never_overwrites(stale_copy, capsys):
    assert tr.main(["new", "bg", "02_tools_and_controller"]) == 0
    path = stale_copy / "bg" / "02_tools_and_controller.md"
    entries = tr.read_entries(path)
    assert entries and all(e.digest != "000000000000" for e in entries)
    lines, _ = tr.status_lines(["bg"])
    assert any(line.startswith("bg  02_tools_and_controller:") and "not translated" in line
               for line in lines)
    capsys.readouterr()
    assert tr.main(["new", "bg", "02_tools_and_controller"]) == 2
    assert "exists; nothing is overwritten" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["status", "de"], ["new", "en", STEM], ["new", "ru", "nope"],
                                  ["stamp", "ru", STEM]])
def test_bad_input_is_one_line_and_status_2(argv, capsys):
    assert tr.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("translations.py: ") and err.count("\n") == 1


def test_build_chapters_fails_on_a_stale_translation_and_writes_it_only_when_marked(
        english, tmp_path, monkeypatch, capsys):
    sources, chapters = tmp_path / "src", tmp_path / "chapters"
    sources.mkdir()
    text = SOURCE.read_text(encoding="utf-8").replace(
        "# **Which search is finished?**", "# **Which search is finished, then?**")
    (sources / f"{STEM}.py").write_text(text, encoding="utf-8")
    monkeypatch.setattr(build_chapters, "SOURCES", sources)
    monkeypatch.setattr(build_chapters, "CHAPTERS", chapters)
    monkeypatch.setattr(tr, "CHAPTERS", chapters)
    monkeypatch.setattr(build_chapters, "ROOT", tmp_path)
    chapters.mkdir()
    target = chapters / "ru" / f"{STEM}.ipynb"
    assert build_chapters.main([STEM, "--lang", "ru", "--no-execute"]) == 1
    err = capsys.readouterr().err
    assert "chapters/ru/01_agent_loop.ipynb: 1 cell needs updating (cell-013)" in err
    assert not target.exists()  # nothing half-written
    assert build_chapters.main([STEM, "--lang", "ru", "--no-execute", "--mark-stale"]) == 0
    assert "(1 cells marked as needing translation: cell-013)" in capsys.readouterr().out
    marked = nbformat.read(target, as_version=4)
    assert next(c for c in marked.cells if c.id == "cell-013").metadata["agentloop"] == {
        "translation": "needs updating"}
    # what the tests run: a notebook written with its marks is up to date; unmarked is not
    assert build_chapters.main([STEM, "--lang", "ru", "--check"]) == 0
    nbformat.write(nbformat.read(ROOT / "chapters" / "ru" / f"{STEM}.ipynb", as_version=4),
                   target)
    assert build_chapters.main([STEM, "--lang", "ru", "--check"]) == 1
    assert "out of date with chapters/src and chapters/i18n: chapters/ru/01_agent_loop.ipynb" \
        in capsys.readouterr().err


def test_the_chapters_a_learner_of_a_language_reads(tmp_path, monkeypatch):
    """Translated where a chapter is, else English: the course's chapters, with chapter 1
    alone translated into Bulgarian."""
    chapters, out = tmp_path / "chapters", tmp_path / "out"
    (chapters / "bg").mkdir(parents=True)
    for english in (ROOT / "chapters").glob("[0-9]*.ipynb"):
        shutil.copy(english, chapters / english.name)
    shutil.copy(ROOT / "chapters" / "bg" / f"{STEM}.ipynb", chapters / "bg" / f"{STEM}.ipynb")
    monkeypatch.setattr(tr, "CHAPTERS", chapters)
    lines = tr.course_in("bg", out)
    assert lines[0] == f"{STEM}: bg" and all(line.endswith(": en") for line in lines[1:])
    assert len(lines) == len(list(chapters.glob("[0-9]*.ipynb"))) > 1
    first = out / f"{STEM}.ipynb"
    assert first.read_bytes() == (ROOT / "chapters" / "bg" / f"{STEM}.ipynb").read_bytes()
    stamp = first.stat().st_mtime_ns
    tr.course_in("bg", out)  # nothing changed: nothing rewritten
    assert first.stat().st_mtime_ns == stamp
    assert tr.course_in("en", tmp_path / "en")[0] == f"{STEM}: en"
