"""The grader's folders are its pipeline (see autograde.py): each stage a package whose
modules import no later stage's, and no module of the grader imports one that imports it
back, directly or not (lazy imports inside functions count too) — which is how a report
is rendered by its caller (report/files.py), not by itself."""

from __future__ import annotations

import ast
from pathlib import Path

import agentloop_grader

PACKAGE = Path(agentloop_grader.__file__).parent
PIPELINE = ("read", "sanitise", "run", "judge", "record", "report")
LATER_ALLOWED = {("run", "judge")}  # run/alone.py judges a busy run before it reruns it


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imported(name: str) -> set[str]:
    """The grader's modules `name` imports, anywhere in its text."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES
                          else target)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imported(name) for name in MODULES}


def test_no_module_imports_one_that_imports_it_back():
    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in GRAPH[start]:
            if nxt == goal or (nxt not in seen and not seen.add(nxt) and
                               reaches(nxt, goal, seen)):
                return True
        return False

    circles = sorted(name for name in GRAPH if reaches(name, name, set()))
    assert circles == []


def test_each_stage_imports_no_later_stage():
    def stage(name: str) -> str:
        return name.split(".")[1] if name.count(".") else ""

    backwards = sorted({(stage(a), stage(b)) for a, deps in GRAPH.items() for b in deps
                        if stage(a) in PIPELINE and stage(b) in PIPELINE
                        and PIPELINE.index(stage(b)) > PIPELINE.index(stage(a))}
                       - LATER_ALLOWED)
    assert backwards == []
    assert set(PIPELINE) <= {stage(name) for name in MODULES}


def test_the_class_report_does_not_render_or_write_itself():
    reports = {n for n in GRAPH if n.startswith("agentloop_grader.report.")}
    assert "agentloop_grader.report.pages" not in GRAPH["agentloop_grader.report.classreport"]
    assert "agentloop_grader.report.files" not in set().union(
        *(GRAPH[n] for n in reports - {"agentloop_grader.report.files"}))
