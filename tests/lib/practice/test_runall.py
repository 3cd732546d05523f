"""Run All on a blank practice notebook: every cell runs, nothing stops, the checks show ✘.

The notebooks are the workspace's (nbgrader's student versions), executed by nbclient in a
temporary workspace the way Jupyter runs them, with no `allow_errors`: only the cells the
student version tags `raises-exception` (an answer, or a cell that uses one) may raise.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from agentloop.practice.build import RAISES, chapter_notebooks, update_workspace
from agentloop.practice.workspace import PROGRESS, STATE_DIR

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOKS = chapter_notebooks(ROOT / "chapters")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("runall") / "ws"
    update_workspace(folder, ROOT / "chapters")
    return folder


def text_of(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_run_all_on_a_blank_notebook_runs_every_cell(workspace: Path, notebook: Path) -> None:
    from nbclient import NotebookClient

    nb = nbformat.read(workspace / notebook.name, as_version=4)
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(workspace)}}).execute()
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
    assert all("✘" in text for text in checks), checks
    assert not any("all passed" in text for text in checks)
    assert not (workspace / STATE_DIR / PROGRESS).exists(), "a blank run is not a try"
