"""Which graded cells a busy machine can fail: the ones that measure time.

Stock grades one notebook at a time; a parallel run shares the machine among as many
notebooks as it has workers, so a test that asserts `elapsed < 0.1` (or compares a speed
with a reference's) may fail only because the grader ran others beside it. Such a test
cell must never give a 0 the student would not get from stock: when it fails in a busy run,
its notebook is run again with the machine to itself (alone.py), and that run stands.

A test cell measures time when its own text reads a clock (`time`, `timeit`, `%time`,
`perf_counter`, `datetime.now`, …) or imports one of the assignment's helper modules that
does. A cell the time limit killed in a busy run while its job got less than a core is
run again too, whatever it is (an endless loop takes a whole core, and is not).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ..protocol import CellKind
from ..read.assignment import Assignment

# Words of a clock, as a test cell or a helper module writes them.
CLOCK = re.compile(r"\b(perf_counter(_ns)?|monotonic(_ns)?|process_time(_ns)?|time_ns|"
                   r"thread_time(_ns)?|default_timer|timeit|time\.time|datetime\.now|"
                   r"datetime\.utcnow)\b|%%?time(it)?\b|^\s*(import|from)\s+(time|timeit)\b",
                   re.MULTILINE)


def reads_a_clock(source: str) -> bool:
    return bool(CLOCK.search(source))


def clocked_cells(assignment: Assignment) -> frozenset[tuple[str, str]]:
    """(notebook, grade id) of every test cell that measures time."""
    helpers = {path.stem: path for path in assignment.files if path.suffix == ".py"}
    clocked_helpers = {name for name, path in helpers.items()
                       if reads_a_clock(_read(path))}
    found = set()
    for name, spec in assignment.notebooks.items():
        for cell in spec.cells:
            if cell.kind is not CellKind.TEST or not cell.grade_id:
                continue
            if reads_a_clock(cell.source) or _imports(cell.source) & clocked_helpers:
                found.add((name, cell.grade_id))
    return frozenset(found)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _imports(source: str) -> set[str]:
    """Top-level names a cell imports (IPython lines left out)."""
    text = "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names
