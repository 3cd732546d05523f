"""Every text a learner must not get, and a grep of a folder for them.

What a learner must not get (`answer_texts`): every `### BEGIN SOLUTION` and `### BEGIN
HIDDEN TESTS` region of the instructor notebooks, and the teacher's edition of the checks
(`agentloop_grader.answers.chN`): the source of every function and class it defines (the
references, the facts of any input, the hidden-case generators), the printed forms of its
REFERENCE values. A chapter whose checks are not split yet (no teacher's module) counts its
learner module's references and hidden-case generators instead. Each text is looked for
whole in every file; each line of it (of at least DISTINCTIVE characters, found nowhere a
learner may read: the learner's distribution and the student notebooks) in the course's own
files.

`find_leaks(folder)` greps every file under `folder` — and every file inside its wheels and
zips — and returns one line per leak. tools/build_site.py and tools/build_learner_edition.py
run it on what they build, and fail if it finds anything.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pprint
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
REGION = re.compile(r"### BEGIN (SOLUTION|HIDDEN TESTS)\n(.*?)### END \1", re.S)
DISTINCTIVE = 16  # characters: a shorter line of an answer proves nothing when it is found


def chapter_ids(chapters: Path = CHAPTERS) -> list[str]:
    """ch1, ch2, … for chapters/01_…, 02_…"""
    return [re.sub(r"^0*(\d+)_.*", r"ch\1", p.stem) for p in sorted(chapters.glob("[0-9]*.ipynb"))]


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None


def own_sources(obj: Any, module: ModuleType) -> list[str]:
    """The source texts of `obj` that `module` holds. A function a public library module
    made (a closure such as `checks.core.cases_by_rule`'s) is not secret itself: what it
    closes over from `module` is."""
    out, todo, seen = [], [obj], set()
    while todo:
        item = todo.pop()
        if id(item) in seen or not (inspect.isfunction(item) or inspect.isclass(item)):
            continue
        seen.add(id(item))
        if inspect.getmodule(item) is module:
            out.append(inspect.getsource(item).strip())
        else:
            todo += [cell.cell_contents for cell in getattr(item, "__closure__", None) or ()]
    return out


def secret_objects(chapter: str) -> tuple[ModuleType | None, dict[str, Any]]:
    """(the module that holds them, {readable name: object}) of one chapter's checks: the
    teacher's module and everything it defines, or, for a chapter not split yet, the
    learner module's references and hidden-case generators."""
    from agentloop.checks import checks_in

    teacher = _module(f"agentloop_grader.answers.{chapter}")
    out: dict[str, Any] = {}
    if teacher is not None:
        module, checks = teacher, list(getattr(teacher, "CHECKS", ()))
        for name, value in vars(teacher).items():
            if (inspect.isfunction(value) or inspect.isclass(value)) and \
                    inspect.getmodule(value) is teacher:
                out[f"{teacher.__name__}.{name}"] = value
    else:
        module = _module(f"agentloop.checks.{chapter}")
        if module is None:
            return None, {}
        checks = list(checks_in(module).values())
    for chk in checks:
        parts = {"reference": chk.reference, "hidden": chk.hidden, "facts": chk.facts,
                 "verify's facts": getattr(chk.verify, "facts", None)}  # a legacy Verify's
        for part, value in parts.items():
            if value is not None and getattr(value, "__name__", "") != "_no_cases":
                out[f"{chk.id} {part}"] = value
    for name, value in getattr(module, "REFERENCE", {}).items():
        out[f"{module.__name__}.REFERENCE[{name!r}]"] = value
    return module, out


def public_text(chapters: Path = CHAPTERS, release: Path | None = None) -> str:
    """What a learner may read: the learner's distribution (lib/) and the student versions
    of the chapters (from `release`, a learner release)."""
    parts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "lib").rglob("*.py"))]
    parts += [path.read_text(encoding="utf-8")
              for path in sorted((ROOT / "lib").rglob("*.json"))]
    if release is not None:
        from agentloop.practice import notebooks

        for path in sorted(release.glob("*.ipynb")):
            parts += [notebooks.source(cell) for cell in notebooks.read(path)["cells"]]
    return "\n".join(parts)


def answer_texts(chapters: Path, public: str) -> list[tuple[str, str, bool]]:
    """(what, text, whole) no file a learner gets may contain (see the module's text)."""
    import nbformat

    def lines(what: str, text: str) -> list[tuple[str, str, bool]]:
        return [(what, line.strip(), False) for line in text.splitlines()
                if len(line.strip()) >= DISTINCTIVE and line.strip() not in public]

    out = []
    for notebook in sorted(chapters.glob("[0-9]*.ipynb")):
        for number, cell in enumerate(nbformat.read(notebook, as_version=4).cells):
            for kind, region in REGION.findall(cell.source):
                what = f"{notebook.name} cell {number}: {kind.lower()}"
                if region.strip():
                    out.append((what, region.strip(), True))
                out += lines(what, region)
    for chapter in chapter_ids(chapters):
        module, secrets = secret_objects(chapter)
        for what, obj in secrets.items():
            if inspect.isfunction(obj) or inspect.isclass(obj):
                for text in own_sources(obj, module):
                    out.append((what, text, True))
                    out += lines(what, text)
            elif not callable(obj):
                out += [(what, form, True) for form in {repr(obj), pprint.pformat(obj)}
                        if len(form) >= DISTINCTIVE]
    return out


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        if data and all(isinstance(x, str) for x in data):
            yield "".join(data)  # a notebook cell's source, as lines
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)


def _texts(name: str, data: bytes) -> Iterator[str]:
    """A file's text, and for JSON (notebooks, contents listings, a bundle) the strings
    inside it."""
    text = data.decode("utf-8", errors="ignore")
    yield text
    body = text.split("\n", 1)[1] if text.startswith("agentloop solutions bundle") else text
    if name.endswith((".json", ".ipynb", ".bundle")):
        try:
            yield "\n".join(_strings(json.loads(body)))
        except ValueError:
            pass


def folder_texts(folder: Path) -> Iterator[tuple[str, str]]:
    """(where, text) of every file under `folder`, and of every file inside its wheels
    and zips."""
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        where = path.relative_to(folder).as_posix()
        if path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    for text in _texts(member, archive.read(member)):
                        yield f"{where}!{member}", text
        else:
            for text in _texts(where, path.read_bytes()):
                yield where, text


def everything(where: str) -> bool:
    return True


def find_leaks(folder: Path, chapters: Path = CHAPTERS, release: Path | None = None,
               own: Callable[[str], bool] = everything) -> list[str]:
    """Every file under `folder` that holds the text of an answer (see `answer_texts`);
    single lines are looked for in the files `own(where)` says are the course's own."""
    forbidden = answer_texts(chapters, public_text(chapters, release))
    leaks = []
    for where, text in folder_texts(folder):
        mine = own(where)
        for what, needle, whole in forbidden:
            if (whole or mine) and needle in text:
                leaks.append(f"{where} holds {what}: {needle.splitlines()[0][:80]!r}")
    return sorted(set(leaks))
