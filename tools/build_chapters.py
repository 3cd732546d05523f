"""Build the chapter notebooks from their readable sources in chapters/src/.

A source is a Python file in "percent" format:

    # %% [markdown]
    # Text of a markdown cell, each line behind "# ".
    # %%
    code cell
    # %% solution id=ch1-decide
    an nbgrader answer cell (### BEGIN SOLUTION / ### END SOLUTION inside)
    # %% check id=ch1-decide-failure points=2
    (no body) an autograded check cell: `check("ch1-decide-failure")`; the check in
    agentloop.checks.ch1 holds its visible and hidden cases
    # %% tests id=ch1-quiz-extra points=1
    an ordinary nbgrader test cell (asserts; ### BEGIN HIDDEN TESTS inside)
    # %% readonly id=ch1-cases
    a locked cell nbgrader restores before grading
    # %% [markdown] manual id=ch5-what-it-proves points=2
    a written answer graded by hand (nbgrader: solution and grade, no autograde); its
    text is the instructor's answer, which the student version replaces

Every other code cell is a demonstration and is tagged `skip-grading`: the grader runs
the exercise cells only (their answers are self-contained).

`python tools/build_chapters.py` writes chapters/NN_name.ipynb and executes it, so
the stored outputs are the ones nbval compares. `--check` only verifies that every
notebook's cells still match its source (what the tests run). Both then validate every
exercise against its one declaration (tools/exercises.py: the check cells, the learner's
and the teacher's edition of the checks, the round trip's expectations, the facts file,
the built notebooks' grade ids and points), one line per problem, and exit 1 if any.

Each chapter's translations (chapters/i18n/<lang>/NN_name.md, see tools/translations.py)
are built with it, into chapters/<lang>/NN_name.ipynb, and executed the same way. A cell
whose English changed since it was translated fails that language's build (the English
notebook is written all the same); `--mark-stale` writes it marked "needs updating"
instead. `--lang ru` builds only that language (`--lang en`: English only).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

import exercises
import nbformat

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "chapters" / "src"
CHAPTERS = ROOT / "chapters"

SKIP_GRADING = "skip-grading"  # the grader's tag for cells it does not run
HEADER = re.compile(r"^# %%(?:\s+(?P<rest>.*))?$")


class SourceError(ValueError):
    """A chapter source that cannot be built; the message names the file and the cell."""


def parse(source: str) -> list[nbformat.NotebookNode]:
    """Turn a percent-format source into notebook cells (with nbgrader metadata)."""
    cells: list[nbformat.NotebookNode] = []
    header: str | None = None
    lines: list[str] = []

    def flush() -> None:
        if header is None:
            return
        cells.append(_make_cell(header, lines))

    for line in source.splitlines():
        match = HEADER.match(line)
        if match:
            flush()
            header, lines = (match["rest"] or "").strip(), []
        elif header is not None:
            lines.append(line)
    flush()
    return cells


def _options(header: str, words: list[str]) -> dict[str, str]:
    if not all("=" in word for word in words):
        raise ValueError(f"bad cell header {header!r}: after the kind come only NAME=VALUE "
                         "words (id=…, points=N)")
    return dict(word.split("=", 1) for word in words)


def _make_cell(header: str, lines: list[str]) -> nbformat.NotebookNode:
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    if header.startswith("[markdown]"):
        text = "\n".join(re.sub(r"^# ?", "", line) for line in lines)
        cell = nbformat.v4.new_markdown_cell(text)
        words = header.removeprefix("[markdown]").split()
        if words:  # a written answer a person grades: `manual id=NAME points=N`
            options = _options(header, words[1:])
            if words[0] != "manual" or not options.get("id"):
                raise ValueError(f"bad cell header {header!r}: use [markdown] manual id=NAME "
                                 "points=N")
            cell.metadata["nbgrader"] = {"grade_id": options["id"], "schema_version": 3,
                                         "task": False, "grade": True, "solution": True,
                                         "locked": False,
                                         "points": _points(header, options)}
        return cell
    cell = nbformat.v4.new_code_cell("\n".join(lines))
    words = header.split()
    if not words:
        cell.metadata["tags"] = [SKIP_GRADING]
        return cell
    kind, options = words[0], _options(header, words[1:])
    grade_id = options.get("id")
    if kind not in ("solution", "tests", "check", "readonly") or not grade_id:
        raise ValueError(f"bad cell header {header!r}: use solution|tests|check|readonly "
                         "id=NAME")
    if kind == "check":
        if lines:
            raise ValueError(f"a check cell has no body ({grade_id}): its cases live in "
                             "agentloop.checks")
        cell.source = f'from agentloop.checks import check\n\ncheck("{grade_id}")'
    graded = kind in ("tests", "check")
    meta = {"grade_id": grade_id, "schema_version": 3, "task": False,
            "grade": graded, "solution": kind == "solution", "locked": kind != "solution"}
    if graded:
        meta["points"] = _points(header, options)
    cell.metadata["nbgrader"] = meta
    return cell


def _points(header: str, options: dict[str, str]) -> int:
    """A graded cell's points: declared once, in its header (default 1)."""
    text = options.get("points", "1")
    if not text.isdigit():
        raise ValueError(f"bad points {text!r} in cell header {header!r}: points=N, a whole "
                         "number of 0 or more")
    return int(text)


def build_notebook(source_path: Path) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    # (The zero-install site loads `agentloop` and the widgets when its kernel starts, so a
    # chapter needs no set-up cell of its own.)
    try:
        nb.cells = parse(source_path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise SourceError(f"{exercises.shown(source_path)}: {exc}") from None
    # Stable cell ids (nbformat makes random ones), so a rebuild changes only what changed.
    for index, cell in enumerate(nb.cells):
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        cell.id = grade_id if grade_id else f"cell-{index:03d}"
    return nb


def _cell_key(cell: nbformat.NotebookNode) -> tuple:
    return (cell.cell_type, cell.source, cell.metadata.get("nbgrader"))


def execute(nb: nbformat.NotebookNode, cwd: Path) -> None:
    from nbclient import NotebookClient

    # The kernel speaks English unless the notebook itself says otherwise (a translated
    # chapter's language cell): a $AGENTLOOP_LANG in the builder's shell must not leak in.
    env = {key: value for key, value in os.environ.items() if key != "AGENTLOOP_LANG"}
    # No saved widget state: a notebook opened before it is run then shows each widget's
    # text rendering instead of controls that look alive but do nothing.
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False,
                   record_timing=False,  # no clock in a committed file
                   resources={"metadata": {"path": str(cwd)}}).execute(env=env)


def _translated_key(cell: nbformat.NotebookNode) -> tuple:
    return (cell.get("id"), *_cell_key(cell), cell.metadata.get("agentloop"))


def build_translations(stem: str, english: nbformat.NotebookNode, languages: list[str] | None,
                       check: bool, mark_stale: bool, run: bool) -> list[str]:
    """Build (or with `check`, compare) the chapter's translated notebooks; the problems."""
    import translations

    problems = []
    for language in translations.languages_of(stem):
        if languages is not None and language not in languages:
            continue
        target = translations.translated_notebook_path(language, stem)
        try:
            built, matching = translations.build_translation(
                english, stem, language, mark_stale=mark_stale or check)
        except translations.TranslationError as exc:
            problems.append(str(exc))
            continue
        if check:
            current = nbformat.read(target, as_version=4) if target.exists() else None
            if current is None or [_translated_key(c) for c in current.cells] != [
                _translated_key(c) for c in built.cells
            ] or current.metadata.get("agentloop") != built.metadata["agentloop"]:
                problems.append(f"out of date with chapters/src and chapters/i18n: "
                                f"{target.relative_to(ROOT)}; run python "
                                f"tools/build_chapters.py {stem}")
            continue
        target.parent.mkdir(exist_ok=True)
        if run:
            execute(built, target.parent)
        nbformat.write(built, target)
        marked = [p.cell.id for p in matching.pairs
                  if p.status != translations.Status.UP_TO_DATE]
        note = f" ({len(marked)} cells marked as needing translation: {', '.join(marked)})" \
            if marked else ""
        print(f"wrote {target.relative_to(ROOT)}{note}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="source stems, e.g. 01_agent_loop (default all)")
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("--no-execute", action="store_true", help="write without running")
    parser.add_argument("--lang", action="append", metavar="LANG",
                        help="only this language (en, ru, bg, fa; repeatable); default: "
                             "English and every translation")
    parser.add_argument("--mark-stale", action="store_true",
                        help="write translated cells whose English changed (or that are not "
                             "translated) marked as needing it, instead of failing")
    args = parser.parse_args(argv)
    sources = sorted(SOURCES.glob("*.py"))
    if args.names:
        sources = [s for s in sources if s.stem in args.names]
    languages = None
    if args.lang:
        from agentloop.i18n import parse_language

        try:
            languages = [parse_language(code, "--lang").value for code in args.lang]
        except ValueError as exc:
            print(f"build_chapters.py: {exc}", file=sys.stderr)
            return 2
    stale, problems = [], []
    for source in sources:
        target = CHAPTERS / f"{source.stem}.ipynb"
        try:
            built = build_notebook(source)
        except SourceError as exc:
            print(f"build_chapters.py: {exc}", file=sys.stderr)
            return 2
        if languages is None or "en" in languages:
            if args.check:
                current = nbformat.read(target, as_version=4) if target.exists() else None
                if current is None or [_cell_key(c) for c in current.cells] != [
                    _cell_key(c) for c in built.cells
                ]:
                    stale.append(target.name)
            else:
                if not args.no_execute:
                    execute(built, CHAPTERS)
                nbformat.write(built, target)
                print(f"wrote {target.relative_to(ROOT)}")
        problems += build_translations(source.stem, build_notebook(source), languages,
                                       args.check, args.mark_stale, not args.no_execute)
        problems += [str(problem) for problem in exercises.problems(
            exercises.load(source, CHAPTERS, languages), build_notebook(source).cells)]
    if stale:
        print(f"out of date with chapters/src: {', '.join(stale)}; "
              "run python tools/build_chapters.py", file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if stale or problems else 0


if __name__ == "__main__":
    sys.exit(main())
