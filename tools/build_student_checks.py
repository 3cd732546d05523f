"""Write the student edition of the chapters' check modules (for the zero-install site).

The full modules `agentloop.checks.chN` hold each check's reference answer and hidden-case
generators; the grader needs them, a learner's browser must not get them. The student
edition of a module keeps:

- the probes and judges of its checks (see `agentloop.checks.student.Verify`), with every
  top-level definition they use, found by following names through the module's source;
- the names the chapter notebooks import from it (e.g. `PREDICTION_RUNS`);
- each check's visible cases with the facts the reference gives on them, computed here;

and nothing else. The build fails if what is kept needs a reference answer, a hidden-case
generator or a facts function. A check whose verify is not split into facts and judge (and
is not a plain comparison with the reference) is kept as "not available in the browser" and
reported, so a new chapter never breaks the site.

    python tools/build_student_checks.py OUT_DIR     # writes OUT_DIR/chN.py for every chapter
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import pkgutil
import pprint
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
CHAPTER_MODULE = re.compile(r"^ch\d+$")
IMPORTED = re.compile(r"^\s*from\s+agentloop\.checks\.(ch\d+)\s+import\s+\(?([^)\n]+)\)?",
                      re.M)


class StudentEditionError(RuntimeError):
    """The student edition of a module would need something that must stay out of it."""


@dataclass
class Edition:
    """The generated source of one module and what the build noticed."""

    module: str
    source: str
    unavailable: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def chapter_modules() -> list[ModuleType]:
    import agentloop.checks

    names = sorted(info.name for info in pkgutil.iter_modules(agentloop.checks.__path__)
                   if CHAPTER_MODULE.match(info.name))
    return [importlib.import_module(f"agentloop.checks.{name}") for name in names]


def notebook_imports(chapters: Path = CHAPTERS) -> dict[str, set[str]]:
    """Names the chapter notebooks import from each check module: {"ch1": {...}}."""
    found: dict[str, set[str]] = {}
    for notebook in sorted(chapters.glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"]) if isinstance(cell["source"], list) \
                else cell["source"]
            for module, names in IMPORTED.findall(source):
                for name in names.split(","):
                    found.setdefault(module, set()).add(name.split(" as ")[0].strip())
    return found


# --- following names through a module's source ------------------------------------------------

@dataclass
class Statement:
    node: ast.stmt
    defines: set[str]
    uses: set[str]


def _names_used(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def statements(tree: ast.Module) -> list[Statement]:
    out = []
    for node in tree.body:
        defines: set[str] = set()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defines = {node.name}
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                defines |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and \
                isinstance(node.target, ast.Name):
            defines = {node.target.id}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            defines = {(a.asname or a.name).split(".")[0] for a in node.names}
        if defines:
            out.append(Statement(node, defines, _names_used(node) - defines
                                 if not isinstance(node, ast.Import | ast.ImportFrom) else set()))
    return out


def closure(stmts: list[Statement], roots: set[str]) -> set[str]:
    """Every top-level name the roots need, the roots included."""
    by_name: dict[str, list[Statement]] = {}
    for stmt in stmts:
        for name in stmt.defines:
            by_name.setdefault(name, []).append(stmt)
    needed, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name in needed or name not in by_name:
            continue
        needed.add(name)
        for stmt in by_name[name]:
            todo += list(stmt.uses)
    return needed


def _import_source(node: ast.Import | ast.ImportFrom, needed: set[str]) -> str | None:
    aliases = [a for a in node.names if (a.asname or a.name).split(".")[0] in needed]
    if not aliases:
        return None
    kept = ast.Import(names=aliases) if isinstance(node, ast.Import) else \
        ast.ImportFrom(module=node.module, names=aliases, level=node.level)
    return ast.unparse(kept)


# --- one module ------------------------------------------------------------------------------

def _top_level_name(module: ModuleType, obj: Any, what: str) -> str:
    name = getattr(obj, "__name__", None)
    if name is None or getattr(module, name, None) is not obj:
        raise StudentEditionError(f"{module.__name__}: {what} {obj!r} is not a top-level "
                                  "function of the module; the student edition can only "
                                  "keep top-level functions")
    return name


def _library_path(obj: Any) -> tuple[str, str]:
    module, name = obj.__module__, obj.__qualname__
    if getattr(importlib.import_module(module), name, None) is not obj:
        raise StudentEditionError(f"withheld object {obj!r} is not {module}.{name}")
    return module, name


def _plain_json(value: Any, where: str) -> Any:
    """`value` as JSON data, refusing anything that would not come back the same."""
    from agentloop.checks.core import to_plain

    plain = to_plain(value, where)
    if json.loads(json.dumps(plain)) != plain or not _same_types(plain, value):
        raise StudentEditionError(f"{where} does not survive JSON unchanged (tuples? "
                                  "non-str keys?): the student edition stores it as JSON")
    return plain


def _same_types(plain: Any, value: Any) -> bool:
    if isinstance(value, tuple):
        return False
    if isinstance(value, list):
        return all(_same_types(a, b) for a, b in zip(plain, value, strict=True))
    if isinstance(value, dict):
        return all(_same_types(plain[k], v) for k, v in value.items())
    return True


def forbidden_objects(module: ModuleType) -> dict[str, Any]:
    """What must not reach a learner: each check's reference, hidden-case generator and
    facts function, and the module's REFERENCE answers, by a readable name."""
    from agentloop.checks import checks_in
    from agentloop.checks.student import Verify

    out: dict[str, Any] = {}
    for chk in checks_in(module).values():
        if chk.reference is not None:
            out[f"{chk.id} reference"] = chk.reference
        if chk.hidden.__name__ != "_no_cases":
            out[f"{chk.id} hidden cases"] = chk.hidden
        if isinstance(chk.verify, Verify) and chk.verify.facts.__name__ != "_no_facts":
            out[f"{chk.id} facts"] = chk.verify.facts
    for name, value in getattr(module, "REFERENCE", {}).items():
        out[f"REFERENCE[{name!r}]"] = value
    return out


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


def forbidden_names(module: ModuleType) -> set[str]:
    """Top-level names of the module bound to a forbidden object."""
    objects = list(forbidden_objects(module).values())
    names = {name for name, value in vars(module).items()
             if any(value is obj for obj in objects)}
    return names | {"REFERENCE"}


def student_edition(module: ModuleType, imported: set[str] = frozenset()) -> Edition:
    """The source of the student edition of `module` (see the module's text)."""
    from agentloop.checks import checks_in
    from agentloop.checks.core import PROBES, copy_plain
    from agentloop.checks.student import Verify

    source = inspect.getsource(module)
    stmts = statements(ast.parse(source))
    edition = Edition(module.__name__, "")
    roots = set(imported)
    entries: list[tuple[dict[str, Any], str | None, str | None, list[tuple[str, str]]]] = []
    for chk in checks_in(module).values():
        data: dict[str, Any] = {"id": chk.id, "answer": chk.answer, "title": chk.title,
                                "hint": chk.hint, "cases": []}
        probe = next((name for name, fn in PROBES.items() if fn is chk.probe), None)
        probe_name = None
        if probe is not None:
            data["probe"] = probe
        else:
            probe_name = _top_level_name(module, chk.probe, f"{chk.id}'s probe")
            roots.add(probe_name)
        if isinstance(chk.verify, Verify):
            judge_name = _top_level_name(module, chk.verify.judge, f"{chk.id}'s judge")
            roots.add(judge_name)

            def facts(value: Any, chk: Any = chk) -> Any:
                return chk.verify.facts(copy_plain(value))
        elif chk.verify is None and chk.reference is not None:
            judge_name = None
            data["compare"] = chk.compare.to_plain()

            def facts(value: Any, chk: Any = chk) -> Any:
                return chk.expected(value)
        else:
            judge_name, facts = None, None
            edition.unavailable.append(chk.id)
        for case in chk.cases():
            item = {"input": _plain_json(case.input, f"{chk.id}: the input of {case.label!r}"),
                    "label": case.label, "hint": case.hint, "rule": case.rule}
            if facts is not None:
                item["facts"] = _plain_json(facts(case.input),
                                            f"{chk.id}: the facts of {case.label!r}")
            data["cases"].append(item)
        withhold = [_library_path(obj) for obj in chk.withhold]
        entries.append((data, probe_name, judge_name, withhold))

    needed = closure(stmts, roots)
    leaked = sorted(needed & forbidden_names(module))
    if leaked:
        raise StudentEditionError(f"{module.__name__}: the probes, judges or imported names "
                                  f"need {', '.join(leaked)}, which must stay out of the "
                                  "student edition")
    missing = sorted(set(imported) - {n for s in stmts for n in s.defines})
    if missing:
        raise StudentEditionError(f"{module.__name__} has no {', '.join(missing)} (imported "
                                  "by a chapter notebook)")
    edition.kept = sorted(needed)
    edition.source = _render(module, stmts, needed, entries, edition.unavailable)
    return edition


def _render(module: ModuleType, stmts: list[Statement], needed: set[str],
            entries: list[Any], unavailable: list[str]) -> str:
    chapter = module.__name__.rsplit(".", 1)[-1]
    head = textwrap.dedent(f'''\
        """Student edition of {module.__name__}, written by tools/build_student_checks.py.

        The checks of the chapter's exercises with their visible cases only: each case carries
        the facts the reference answer gives on it, computed when the site was built, and is
        judged by the same rules as in the full course. No reference answer and no hidden case
        is in this file; the teacher's grader uses the full module.
        """
        ''')
    lines = [head, "from __future__ import annotations", ""]
    source_lines = inspect.getsource(module).splitlines()
    body = []
    for stmt in stmts:
        if not stmt.defines & needed:
            continue
        if isinstance(stmt.node, ast.Import | ast.ImportFrom):
            if isinstance(stmt.node, ast.ImportFrom) and stmt.node.module == "__future__":
                continue
            text = _import_source(stmt.node, needed)
            if text:
                lines.append(text)
        else:
            decorators = getattr(stmt.node, "decorator_list", [])
            start = min([stmt.node.lineno, *(d.lineno for d in decorators)])
            body.append("\n".join(source_lines[start - 1:stmt.node.end_lineno]))
    lines += ["import importlib as _importlib", "",
              "from agentloop.checks.student import student_check as _student_check", "", ""]
    lines += [f"{segment}\n\n" for segment in body]
    data = [entry[0] for entry in entries]
    lines.append(f"_DATA = {pprint.pformat(data, width=100, sort_dicts=False)}\n")
    lines.append("\ndef _library(module: str, name: str):\n"
                 "    return getattr(_importlib.import_module(module), name)\n\n")
    lines.append("CHECKS = (")
    for number, (_, probe, judge, withhold) in enumerate(entries):
        held = "".join(f"_library({m!r}, {n!r}), " for m, n in withhold)
        lines.append(f"    _student_check(_DATA[{number}], probe={probe or 'None'}, "
                     f"judge={judge or 'None'}, withhold=({held})),")
    lines.append(")")
    if unavailable:
        lines.append(f"# Not in the browser edition (their verify needs the reference): "
                     f"{', '.join(unavailable)}")
    lines.append(f"UNAVAILABLE = {tuple(unavailable)!r}")
    lines.append(f'CHAPTER = "{chapter}"')
    return "\n".join(lines) + "\n"


def write_student_checks(out: Path, chapters: Path = CHAPTERS) -> list[Edition]:
    """Write out/chN.py for every chapter module; return what was written."""
    out.mkdir(parents=True, exist_ok=True)
    imports = notebook_imports(chapters)
    editions = []
    for module in chapter_modules():
        chapter = module.__name__.rsplit(".", 1)[-1]
        edition = student_edition(module, imports.get(chapter, set()))
        compile(edition.source, f"{chapter}.py", "exec")
        (out / f"{chapter}.py").write_text(edition.source, encoding="utf-8")
        editions.append(edition)
    return editions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the chN.py files")
    args = parser.parse_args(argv)
    try:
        editions = write_student_checks(args.out)
    except StudentEditionError as error:
        print(f"build_student_checks: FAILED: {error}", file=sys.stderr)
        return 1
    for edition in editions:
        note = f"; not in the browser: {', '.join(edition.unavailable)}" \
            if edition.unavailable else ""
        print(f"{edition.module}: {len(edition.kept)} definitions kept{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
