"""Translated chapters: chapters/i18n/<lang>/NN_name.md → chapters/<lang>/NN_name.ipynb.

    python tools/translations.py status [LANG]           what needs updating, per chapter
    python tools/translations.py new LANG NN_name        a translation file to start from
    python tools/translations.py stamp LANG NN_name CELL…  (or --all) say these cells now
                                                         translate the current English
    python tools/translations.py chapters LANG OUT       the chapters a learner of LANG reads

English (chapters/src/NN_name.py → chapters/NN_name.ipynb) is the source of truth. A
translation file holds, for every cell with words in it, the translated text and the
digest of the English text it translates:

    <!-- cell cell-013 en=3f2a9c1b4d5e -->
    Тот же шаг, то же действие — а концовки разные. …

Markdown cells are translated whole; a code cell is given whole too (in a ```python
fence), and may differ from the English only in its comments and its prose strings (a
literal such as "one_match" or "error" is code, and stays). tools/build_chapters.py
builds the translated notebook from the English one: the same cells, ids and metadata,
each text replaced, plus the cell that sets the library's language. A cell whose English
changed since it was translated fails the build; `--mark-stale` writes it instead with the
current English and a visible "needs updating" banner. Right-to-left languages get their
markdown in `<div dir="rtl">`, with code left to right. `<!-- glossary -->` in a
translation is replaced by the chapter's terms from chapters/i18n/<lang>/glossary.json.
"""

from __future__ import annotations

import argparse
import ast
import copy
import enum
import hashlib
import io
import json
import re
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
SOURCES = CHAPTERS / "src"
I18N = CHAPTERS / "i18n"
sys.path.insert(0, str(ROOT / "lib"))  # agentloop's languages and catalogs, run from a clone

from agentloop.i18n import NAMES, TRANSLATED, catalog, is_rtl, parse_language  # noqa: E402
from agentloop.i18n.display import rtl_markdown  # noqa: E402

LANGUAGE_CELL = "agentloop-language"  # the id of the cell that sets the library's language
GLOSSARY_MARK = "<!-- glossary -->"
MARKER = re.compile(r"^<!-- cell (?P<id>\S+) en=(?P<digest>[0-9a-f]{12}) -->$")
FENCE = re.compile(r"\A```python\n(?P<code>.*?)\n?```\Z", re.S)
LOCKED_STRING = re.compile(r"^[\w.\-/]*$")  # "one_match", "error", "stop_policy.json"
NBGRADER_MARK = re.compile(r"^###")  # ### BEGIN SOLUTION and its kin: never translated
# The words of the cells a build writes (each catalog translates them).
LANGUAGE_CELL_WORDS = ("Library messages (checks, the explorer, the demos) in this notebook's "
                       "language")
STALE_BANNER = ("This cell's translation is out of date: its English text changed, and is "
                "shown here until the translation is updated.")
MISSING_BANNER = "This cell is not translated yet: its English text is shown here."


class Status(enum.StrEnum):
    """What a translatable English cell has in a translation."""

    UP_TO_DATE = "up to date"
    STALE = "needs updating"  # translated, but the English changed since
    MISSING = "not translated"  # no entry, or its text is still the English


class TranslationError(ValueError):
    """A translation that cannot be built: stale or missing cells, code changed, a bad file."""


@dataclass(frozen=True)
class Entry:
    """One translated cell of a translation file."""

    cell_id: str
    digest: str
    text: str
    line: int  # where its marker is, for messages


@dataclass
class Pair:
    """An English cell with words in it, and the entry that translates it (if any)."""

    index: int
    cell: Any
    status: Status
    entry: Entry | None = None


@dataclass
class Matching:
    """How a translation file's entries line up with the English cells."""

    pairs: list[Pair] = field(default_factory=list)
    orphans: list[Entry] = field(default_factory=list)  # translate no English cell any more

    def with_status(self, status: Status) -> list[Pair]:
        return [pair for pair in self.pairs if pair.status == status]


def digest(text: str) -> str:
    """The digest a translation records of the English text it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def shown(path: Path) -> str:
    """A path as a message names it: from the repository's root when it is inside."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def translation_path(language: str, stem: str) -> Path:
    return I18N / language / f"{stem}.md"


def translated_notebook_path(language: str, stem: str) -> Path:
    return CHAPTERS / language / f"{stem}.ipynb"


# --- which text is words, which is code ---------------------------------------------------

def _string_is_prose(token: str) -> bool:
    """A string literal a translator may change: it has letters, and is not an
    identifier-like literal ("one_match", "error", "stop_policy.json" are code)."""
    try:
        node = ast.parse(token, mode="eval").body
    except SyntaxError:
        return False
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
    else:
        return False
    return any(char.isalpha() for char in text) and not LOCKED_STRING.match(text)


def _fields(token: str) -> list[str]:
    """The replacement fields of an f-string literal, as code (empty for other literals)."""
    node = ast.parse(token, mode="eval").body
    if not isinstance(node, ast.JoinedStr):
        return []
    return [ast.dump(part) for part in node.values if isinstance(part, ast.FormattedValue)]


def _prefix(token: str) -> str:
    return re.match(r"^[A-Za-z]*", token)[0].lower()


def _tokens(code: str) -> list[tokenize.TokenInfo]:
    skipped = (tokenize.NL, tokenize.ENDMARKER)
    return [tok for tok in tokenize.generate_tokens(io.StringIO(code + "\n").readline)
            if tok.type not in skipped
            and not (tok.type == tokenize.COMMENT and not NBGRADER_MARK.match(tok.string))]


def words_of_code(code: str) -> list[str]:
    """A code cell's words: its comments and prose strings (what a translation changes)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    return [tok.string for tok in tokens
            if (tok.type == tokenize.COMMENT and not NBGRADER_MARK.match(tok.string))
            or (tok.type == tokenize.STRING and _string_is_prose(tok.string))]


def is_translatable(cell: Any) -> bool:
    """A markdown cell, or a code cell with a comment or a prose string in it."""
    if cell.cell_type == "markdown":
        return bool(cell.source.strip())
    return cell.cell_type == "code" and bool(words_of_code(cell.source))


def code_problems(english: str, translated: str) -> list[str]:
    """How a translated code cell differs from its English other than in words (empty:
    only comments and prose strings changed, f-string fields kept)."""
    try:
        mine, theirs = _tokens(english), _tokens(translated)
    except (tokenize.TokenError, SyntaxError) as exc:
        return [f"the translated code does not tokenize ({exc})"]
    problems = []
    for a, b in zip(mine, theirs, strict=False):
        if a.type == b.type == tokenize.STRING and _string_is_prose(a.string):
            if _prefix(a.string) != _prefix(b.string) or _fields(a.string) != _fields(b.string):
                problems.append(f"line {b.start[0]}: {b.string} must keep the prefix and the "
                                f"{{…}} fields of {a.string}")
        elif (a.type, a.string) != (b.type, b.string):
            problems.append(f"line {b.start[0]}: {b.string!r} where the English has "
                            f"{a.string!r} (only comments and prose strings are translated)")
        if len(problems) >= 3:
            break
    if not problems and len(mine) != len(theirs):
        problems.append(f"{abs(len(mine) - len(theirs))} more or fewer pieces of code than the "
                        "English (keep each string one literal, change no code)")
    return problems


# --- the translation file ------------------------------------------------------------------

def read_entries(path: Path) -> list[Entry]:
    """The entries of a translation file, in order (TranslationError for a bad file)."""
    entries: list[Entry] = []
    current: tuple[str, str, int] | None = None
    lines: list[str] = []

    def close() -> None:
        if current is not None:
            entries.append(Entry(current[0], current[1], _trim(lines), current[2]))

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found = MARKER.match(line)
        if found:
            close()
            current, lines = (found["id"], found["digest"], number), []
        elif current is not None:
            lines.append(line)
        elif line.strip() and not (line.startswith("<!--") and line.endswith("-->")):
            raise TranslationError(f"{path}:{number}: text before the first cell marker "
                                   "(<!-- cell ID en=DIGEST -->)")
    close()
    seen: dict[str, int] = {}
    for entry in entries:
        if entry.cell_id in seen:
            raise TranslationError(f"{path}:{entry.line}: cell {entry.cell_id} is translated "
                                   f"twice (also at line {seen[entry.cell_id]})")
        seen[entry.cell_id] = entry.line
    return entries


def _trim(lines: list[str]) -> str:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return "\n".join(lines)


def entry_text(cell: Any, entry: Entry) -> str:
    """The cell text an entry gives (a code cell's fence removed)."""
    if cell.cell_type == "code":
        found = FENCE.match(entry.text)
        return found["code"] if found else entry.text
    return entry.text


def write_entries(path: Path, language: str, stem: str, blocks: Iterable[tuple[str, str, str]]
                  ) -> None:
    """Write a translation file: (cell id, digest, text as it goes in the file) a cell."""
    out = [f"<!-- translation of chapters/{stem}.ipynb into {language} "
           f"({NAMES[parse_language(language)]}): see chapters/i18n/README.md -->", ""]
    for cell_id, cell_digest, text in blocks:
        out += [f"<!-- cell {cell_id} en={cell_digest} -->", text, ""]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def as_file_text(cell: Any, text: str) -> str:
    return f"```python\n{text}\n```" if cell.cell_type == "code" else text


# --- matching entries to English cells -----------------------------------------------------

def match(cells: list[Any], entries: list[Entry]) -> Matching:
    """Line up entries with the English cells that have words in them.

    An entry whose digest is a cell's English digest translates that cell (wherever its
    id moved). Between two such anchors, the cells left and the entries left pair up in
    order: those are translations of a cell whose English changed (stale). A cell left
    over is not translated; an entry left over translates nothing any more."""
    wanted = [(i, c) for i, c in enumerate(cells) if is_translatable(c)]
    by_digest: dict[str, list[int]] = {}
    for position, entry in enumerate(entries):
        by_digest.setdefault(entry.digest, []).append(position)
    anchors: dict[int, int] = {}  # wanted position → entry position
    last = -1
    for position, (_, cell) in enumerate(wanted):
        options = [p for p in by_digest.get(digest(cell.source), []) if p > last]
        if options:
            anchors[position] = last = options[0]
    out = Matching()
    used: set[int] = set(anchors.values())
    gap_cells: list[int] = []
    previous_entry = -1

    def close_gap(next_entry: int) -> None:
        free = [p for p in range(previous_entry + 1, next_entry) if p not in used]
        for position in gap_cells:
            index, cell = wanted[position]
            if free:
                slot = free.pop(0)
                used.add(slot)
                out.pairs.append(Pair(index, cell, Status.STALE, entries[slot]))
            else:
                out.pairs.append(Pair(index, cell, Status.MISSING))
        gap_cells.clear()

    for position, (index, cell) in enumerate(wanted):
        if position in anchors:
            close_gap(anchors[position])
            entry = entries[anchors[position]]
            # a markdown cell still in English is not translated (what `new` writes); a
            # code cell may keep every word (a data string, a label that is code)
            untouched = cell.cell_type == "markdown" and entry.text == cell.source
            status = Status.MISSING if untouched else Status.UP_TO_DATE
            out.pairs.append(Pair(index, cell, status, entry))
            previous_entry = anchors[position]
        else:
            gap_cells.append(position)
    close_gap(len(entries))
    out.pairs.sort(key=lambda pair: pair.index)
    out.orphans = [e for p, e in enumerate(entries) if p not in used]
    return out


# --- building the translated notebook ------------------------------------------------------

def language_cell(language: str) -> Any:
    """The cell that makes the library speak the notebook's language (checks, widgets)."""
    words = catalog(language).render(LANGUAGE_CELL_WORDS)
    cell = nbformat.v4.new_code_cell(f"# {words}\nfrom agentloop.i18n import use_language\n\n"
                                     f'use_language("{parse_language(language).value}")')
    cell.id = LANGUAGE_CELL
    cell.metadata["tags"] = ["skip-grading"]
    return cell


def banner(language: str, status: Status) -> str:
    """The warning a marked cell starts with, in the cell's language."""
    return "⚠ " + catalog(language).render(STALE_BANNER if status == Status.STALE
                                           else MISSING_BANNER)


def glossary(language: str) -> dict[str, Any]:
    path = I18N / language / "glossary.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"terms": []}


def glossary_table(language: str, stem: str) -> str:
    """The chapter's glossary section: its terms, as the translation uses them."""
    data = glossary(language)
    heading = data.get("headings", {})
    rows = [f"| {heading.get('term', 'term')} | {heading.get('english', 'English')} | "
            f"{heading.get('meaning', 'meaning here')} |", "| --- | --- | --- |"]
    for term in data["terms"]:
        meaning = term.get("chapters", {}).get(stem)
        if meaning:
            rows.append(f"| **{term['term']}** | {term['en_term']} | {meaning} |")
    return "\n".join(rows)


def build_translation(english: Any, stem: str, language: str, mark_stale: bool = False
                      ) -> tuple[Any, Matching]:
    """The translated notebook of `english` (unexecuted), and how its entries matched.

    TranslationError when a cell needs updating or is not translated (unless
    `mark_stale`), when a translated code cell changes code, or for a bad file."""
    path = translation_path(language, stem)
    matching = match(english.cells, read_entries(path))
    problems = []
    if not mark_stale:
        for status in (Status.STALE, Status.MISSING):
            ids = [pair.cell.id for pair in matching.with_status(status)]
            if ids:
                problems.append(f"{len(ids)} cell{'s' * (len(ids) != 1)} {status.value} "
                                f"({', '.join(ids)})")
    nb = copy.deepcopy(english)
    nb.metadata["agentloop"] = {"language": parse_language(language).value,
                                "translation_of": f"{stem}.ipynb"}
    rtl = is_rtl(language)
    for pair in matching.pairs:
        cell = nb.cells[pair.index]
        if pair.status == Status.UP_TO_DATE:
            text = entry_text(cell, pair.entry)
            if cell.cell_type == "code":
                wrong = code_problems(cell.source, text)
                if wrong:
                    problems.append(f"{path.name}:{pair.entry.line} ({cell.id}): "
                                    + "; ".join(wrong))
                cell.source = text
                continue
            cell.source = text.replace(GLOSSARY_MARK, glossary_table(language, stem))
        elif cell.cell_type == "code":
            cell.source = f"# {banner(language, pair.status)}\n{cell.source}"
        else:
            cell.source = f"> **{banner(language, pair.status)}**\n\n{cell.source}"
        if pair.status != Status.UP_TO_DATE:
            cell.metadata.setdefault("agentloop", {})["translation"] = pair.status.value
        if cell.cell_type == "markdown" and rtl:
            cell.source = rtl_markdown(cell.source)
    if problems:
        raise TranslationError(f"{shown(translated_notebook_path(language, stem))}: "
                               + "; ".join(problems) + f". Update {shown(path)} "
                               "(see chapters/i18n/README.md), or build with --mark-stale to "
                               "write these cells marked as needing it")
    nb.cells.insert(1, language_cell(language))
    return nb, matching


def languages_of(stem: str) -> list[str]:
    """The languages with a translation of this chapter."""
    return [code.value for code in TRANSLATED if translation_path(code.value, stem).is_file()]


# --- status, new, stamp --------------------------------------------------------------------

def english_notebook(stem: str) -> Any:
    from build_chapters import build_notebook

    return build_notebook(SOURCES / f"{stem}.py")


def status_lines(languages: list[str]) -> tuple[list[str], bool]:
    """One line per language and chapter; and whether anything needs updating."""
    lines, behind = [], False
    stems = [path.stem for path in sorted(SOURCES.glob("*.py"))]
    for language in languages:
        for stem in stems:
            path = translation_path(language, stem)
            if not path.is_file():
                lines.append(f"{language}  {stem}: no translation yet")
                continue
            try:
                matching = match(english_notebook(stem).cells, read_entries(path))
            except TranslationError as exc:
                lines.append(f"{language}  {stem}: {exc}")
                behind = True
                continue
            parts = [f"{len(matching.with_status(Status.UP_TO_DATE))} up to date"]
            for status in (Status.STALE, Status.MISSING):
                pairs = matching.with_status(status)
                if pairs:
                    behind = True
                    parts.append(f"{len(pairs)} {status.value} "
                                 f"({', '.join(p.cell.id for p in pairs)})")
            if matching.orphans:
                parts.append(f"{len(matching.orphans)} translating no cell any more "
                             f"(lines {', '.join(str(e.line) for e in matching.orphans)})")
            lines.append(f"{language}  {stem}: {len(matching.pairs)} cells with words: "
                         + ", ".join(parts))
    return lines, behind


def new_translation(language: str, stem: str) -> Path:
    """A translation file holding every cell's English text, to translate in place."""
    path = translation_path(language, stem)
    if path.exists():
        raise TranslationError(f"{shown(path)} exists; nothing is overwritten "
                               "(edit it, or delete it first)")
    cells = [c for c in english_notebook(stem).cells if is_translatable(c)]
    write_entries(path, language, stem,
                  [(c.id, digest(c.source), as_file_text(c, c.source)) for c in cells])
    return path


def stamp(language: str, stem: str, cell_ids: list[str] | None) -> list[str]:
    """Record that the entries of these cells (None: every stale one) translate the
    current English; returns the ids stamped."""
    path = translation_path(language, stem)
    entries = read_entries(path)
    matching = match(english_notebook(stem).cells, entries)
    chosen = [p for p in matching.pairs if p.entry is not None and p.status == Status.STALE
              and (cell_ids is None or p.cell.id in cell_ids)]
    if cell_ids is not None:
        unknown = sorted(set(cell_ids) - {p.cell.id for p in chosen})
        if unknown:
            raise TranslationError(f"not a cell that needs updating in {path.name}: "
                                   f"{', '.join(unknown)} (see: translations.py status)")
    lines = path.read_text(encoding="utf-8").split("\n")
    for pair in chosen:
        lines[pair.entry.line - 1] = (f"<!-- cell {pair.cell.id} "
                                      f"en={digest(pair.cell.source)} -->")
    path.write_text("\n".join(lines), encoding="utf-8")
    return [p.cell.id for p in chosen]


def course_in(language: str, out: Path) -> list[str]:
    """Write the course's chapters as a learner of `language` reads them into `out`: each
    chapter's translation where there is one, else the English (what `./course lab
    --lang` releases to the workspace). Returns one line a chapter; only changed files are
    rewritten, and nothing else in `out` is touched."""
    language = parse_language(language).value
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    for english in sorted(CHAPTERS.glob("[0-9]*.ipynb")):
        translated = translated_notebook_path(language, english.stem)
        chosen = translated if language in TRANSLATED and translated.is_file() else english
        target = out / english.name
        data = chosen.read_bytes()
        if not target.is_file() or target.read_bytes() != data:
            target.write_bytes(data)
        lines.append(f"{english.stem}: {language if chosen == translated else 'en'}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    status = sub.add_parser("status", help="what needs updating, per language and chapter")
    status.add_argument("language", nargs="?", help="one of " + ", ".join(TRANSLATED))
    new = sub.add_parser("new", help="start a chapter's translation")
    new.add_argument("language")
    new.add_argument("chapter", help="e.g. 02_tools_and_controller")
    done = sub.add_parser("stamp", help="say cells that needed updating are updated")
    done.add_argument("language")
    done.add_argument("chapter")
    done.add_argument("cells", nargs="*", help="cell ids (see status)")
    done.add_argument("--all", action="store_true", help="every cell that needs updating")
    course = sub.add_parser("chapters", help="the chapters a learner of LANG reads, into OUT "
                                             "(translated where they are, else English)")
    course.add_argument("language")
    course.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "chapters":
            print(f"{shown(args.out)}: " + ", ".join(course_in(args.language, args.out)))
            return 0
        if args.command == "status":
            languages = [parse_language(args.language).value] if args.language else \
                [code.value for code in TRANSLATED]
            lines, behind = status_lines(languages)
            print("\n".join(lines))
            return 1 if behind else 0
        language = parse_language(args.language).value
        if language not in TRANSLATED:
            raise TranslationError("English is the source, not a translation")
        if not (SOURCES / f"{args.chapter}.py").is_file():
            raise TranslationError(f"no chapter {args.chapter!r} in chapters/src")
        if args.command == "new":
            print(f"wrote {shown(new_translation(language, args.chapter))}: "
                  "translate each cell's text in place")
            return 0
        if not args.cells and not args.all:
            raise TranslationError("name the cells to stamp, or --all")
        ids = stamp(language, args.chapter, None if args.all else args.cells)
        print(f"stamped {len(ids)} cell{'s' * (len(ids) != 1)}: {', '.join(ids) or '-'}")
        return 0
    except (TranslationError, ValueError, OSError) as exc:
        print(f"translations.py: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
