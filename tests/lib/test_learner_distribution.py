"""The learner's distribution (`agentloop`, the root pyproject.toml: lib/ only) is all a
student needs: its wheel, installed `--no-deps` into a fresh venv with ipywidgets (and
ipykernel to run notebooks), runs every released chapter — blank exercises included — while
the teacher's side (agentloop_grader, nbgrader) cannot even be imported there. Nothing in
lib/ imports the teacher's side except behind an ImportError fall-back a learner never needs.

The wheel and the venv are built once per session (tests/support/learner_builds.py).
"""

from __future__ import annotations

import ast
import subprocess
import zipfile
from pathlib import Path

import nbformat
import pytest
from learner_builds import learner_kernel, learner_release, learner_venv, learner_wheel

from agentloop.practice.update import update_workspace
from agentloop.practice.workspace import PROGRESS, STATE_DIR

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "lib"
TEACHERS = ("agentloop_grader", "nbgrader")
RAISES = "raises-exception"
CHAPTERS = sorted(p.name for p in (ROOT / "chapters").glob("[0-9]*.ipynb"))

pytestmark = pytest.mark.slow


def teacher_imports(tree: ast.AST) -> list[tuple[ast.AST, bool]]:
    """Each import of the teacher's side, and whether a `try` around it catches ImportError."""
    found: list[tuple[ast.AST, bool]] = []

    def walk(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.Try):
            catches = any(_catches_import_error(h.type) for h in node.handlers)
            for child in node.body:
                walk(child, guarded or catches)
            for child in [*node.handlers, *node.orelse, *node.finalbody]:
                walk(child, guarded)
            return
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        if any(n.split(".")[0] in TEACHERS for n in names):
            found.append((node, guarded))
        for child in ast.iter_child_nodes(node):
            walk(child, guarded)

    walk(tree, False)
    return found


def _catches_import_error(kind: ast.AST | None) -> bool:
    names = {n.id for n in ast.walk(kind) if isinstance(n, ast.Name)} if kind else {"bare"}
    return bool(names & {"ImportError", "ModuleNotFoundError", "Exception", "bare"})


def test_the_library_imports_the_teachers_side_only_behind_an_import_error_fall_back():
    unguarded, guarded = [], []
    for path in sorted(LIB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, safe in teacher_imports(tree):
            (guarded if safe else unguarded).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert unguarded == []
    # the one fall-back: stock autograde in the teacher's environment (checks/__init__.py)
    assert guarded and all(where.startswith("lib/agentloop/checks/__init__.py")
                           for where in guarded), guarded


def test_the_wheel_holds_the_learners_library_and_nothing_else() -> None:
    with zipfile.ZipFile(learner_wheel()) as archive:
        names = archive.namelist()
        metadata = next(archive.read(n).decode() for n in names if n.endswith("METADATA"))
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"agentloop"}
    library = {p.relative_to(LIB).as_posix() for p in LIB.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".json")
               and "egg-info" not in p.as_posix()}
    assert library <= set(names)  # the checks' facts files included
    assert "agentloop/checks/facts/ch1.json" in names
    assert not [n for n in names if "answers" in n or "secret" in n]
    assert "Requires-Dist: ipywidgets" in metadata
    assert "nbgrader" not in metadata.split("Provides-Extra")[0]


def test_the_teachers_side_cannot_be_imported_in_the_learners_venv() -> None:
    python = learner_venv() / "bin" / "python"
    code = ("import importlib.util, agentloop.checks.ch1, agentloop.practice, agentloop.widgets\n"
            "print([importlib.util.find_spec(n) is None for n in "
            "('agentloop_grader', 'nbgrader', 'nbformat')])\n"
            "import agentloop_grader")
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=learner_venv())
    assert done.stdout.strip() == "[True, True, True]", done.stderr
    assert "ModuleNotFoundError: No module named 'agentloop_grader'" in done.stderr


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("learner") / "ws"
    update_workspace(folder, learner_release())
    return folder


def text_of(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []))


@pytest.mark.parametrize("name", CHAPTERS)
def test_every_released_chapter_runs_blank_in_the_learners_venv(
        workspace: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run All on the blank chapter with the learner venv's kernel (no allow_errors): every
    cell runs; only the cells the release tags `raises-exception` (an answer, or a cell
    that uses one) may raise; every check cell says in one calm line that its answer is not
    written yet (no ✘ a case), and a blank run records nothing."""
    from nbclient import NotebookClient

    monkeypatch.setenv("JUPYTER_PATH", str(learner_kernel()))
    nb = nbformat.read(workspace / name, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(
        "import sys; print('kernel:', sys.executable)"))
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(workspace)}}).execute()
    assert text_of(nb.cells[0]).strip() == f"kernel: {learner_venv() / 'bin' / 'python'}"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code), "a cell was not run"
    for cell in code:
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if errors:
            assert RAISES in cell.metadata.get("tags", []), cell.source[:200]
            assert {e.ename for e in errors} <= {"NotImplementedError", "AssertionError"}
    checks = [text_of(c) for c in code if 'check("' in c.source
              and not c.metadata.get("nbgrader", {}).get("solution")]
    assert checks, "no check cell in the chapter"
    assert all(text.count("\n") == 1 and ": not answered yet — write `" in text
               for text in checks), checks
    assert not any("all passed" in text for text in checks)
    assert not (workspace / STATE_DIR / PROGRESS).exists(), "a blank run is not a try"
