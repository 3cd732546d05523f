"""The nbgrader JupyterLab extension: Validate on a chapter, and its three panels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_env import ConsoleLog, LabServer, chapter_notebooks
from lab_ui import CURRENT, menu, open_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VALIDATE_TIMEOUT = 300_000  # ms: nbgrader executes the whole notebook on the server
PANEL_TIMEOUT = 60_000


@pytest.mark.parametrize("notebook", chapter_notebooks(), ids=lambda path: path.stem)
def test_validate_passes_on_instructor_notebook(lab: LabServer, page: Any,
                                                console: ConsoleLog, notebook: Path) -> None:
    """The toolbar's Validate button runs nbgrader validate: all tests pass."""
    open_notebook(page, lab.url, notebook.name)
    mark = console.mark()
    page.click(f"{CURRENT} .jp-NotebookPanel-toolbar .validate-button")
    dialog = page.locator(".jp-Dialog:has-text('Validation Results')")
    dialog.wait_for(timeout=VALIDATE_TIMEOUT)
    message = dialog.locator("#validation-message")
    assert "validation-success" in (message.get_attribute("class") or ""), message.inner_text()
    assert console.errors_since(mark) == []


# (menu item, the panel it opens, what shows once the panel has loaded its data)
PANELS = [
    ("Assignment List", "#nbgrader-assignment-list",
     "#released_assignments_list_placeholder:visible"),
    ("Course List", "#nbgrader-course-list", "#formgrader_list_placeholder:visible, "
                                             "#formgrader_list .list_item"),
    ("Formgrader", "#formgrader", None),
]
PANEL_ERRORS = ".list_error:visible, .alert-danger:visible"


@pytest.mark.parametrize(("item", "panel", "loaded"), PANELS, ids=[p[0] for p in PANELS])
def test_nbgrader_panel_loads(lab: LabServer, page: Any, console: ConsoleLog, item: str,
                              panel: str, loaded: str | None) -> None:
    """Each Nbgrader menu panel opens, loads its data, shows no error, logs no error."""
    page.goto(f"{lab.url}/lab", wait_until="domcontentloaded")
    page.wait_for_selector("#jp-main-dock-panel", timeout=PANEL_TIMEOUT)
    mark = console.mark()
    menu(page, "Nbgrader", item)
    area = page.locator(panel)
    area.wait_for(timeout=PANEL_TIMEOUT)
    if loaded:
        area.locator(loaded).first.wait_for(timeout=PANEL_TIMEOUT)
        assert area.locator(PANEL_ERRORS).count() == 0, area.inner_text()
    else:
        frame = page.frame_locator("#formgrader-iframe iframe")
        frame.locator("text=Manage Assignments").first.wait_for(timeout=PANEL_TIMEOUT)
        assert frame.locator(PANEL_ERRORS).count() == 0
    page.wait_for_timeout(1000)  # let late requests of the panel report their errors
    assert console.errors_since(mark) == []
