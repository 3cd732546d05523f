"""Every chapter notebook, run in JupyterLab in Chromium the way a reader would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_env import ConsoleLog, LabServer, chapter_notebooks, non_local
from lab_ui import (
    NotebookFacts,
    error_outputs,
    mermaid_failures,
    open_notebook,
    prompt_counts,
    run_all,
    wait_mermaid,
)
from widget_checks import widget_check

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("notebook", chapter_notebooks(), ids=lambda path: path.stem)
def test_chapter_runs_in_jupyterlab(lab: LabServer, page: Any, console: ConsoleLog,
                                    notebook: Path) -> None:
    """Run All works, no cell errors, diagrams render and the widget reacts correctly."""
    facts = NotebookFacts.read(notebook)
    open_notebook(page, lab.url, notebook.name)
    run_all(page, facts)

    assert error_outputs(page) == []
    counts = prompt_counts(page)
    assert counts["done"] == counts["total"] == facts.code_cells, counts

    assert facts.mermaid_blocks >= 1, "every chapter has at least one mermaid diagram"
    assert wait_mermaid(page, facts.mermaid_blocks) == facts.mermaid_blocks
    assert mermaid_failures(page) == []

    widget_check(notebook.stem)(page)
    assert error_outputs(page) == []
    assert non_local(console.requests) == [], "the page fetched something from the internet"
