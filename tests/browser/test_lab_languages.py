"""Persian chapter 1 in JupyterLab: it reads right to left, code left to right inside it.

Run All, as a reader would, then ask the browser for the computed CSS `direction` of what
is on the page: a markdown paragraph, a code span inside it, a check cell's output and the
loop explorer. Screenshots of each go to test-artifacts/ (fa-*.png) to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_env import ARTIFACTS, CHAPTERS, ConsoleLog, LabServer, non_local
from lab_ui import CURRENT, NotebookFacts, error_outputs, open_notebook, prompt_counts, run_all

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN = CHAPTERS / "fa" / "01_agent_loop.ipynb"

# The computed direction of the first element matching a selector, and its text.
DIRECTION_JS = """selector => {
  const el = document.querySelector(selector);
  return el ? {direction: getComputedStyle(el).direction, text: el.innerText.slice(0, 80),
               align: getComputedStyle(el).textAlign} : null;
}"""


def shot(page: Any, selector: str, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"fa-{name}.png"
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    element.screenshot(path=str(path))
    return path


def direction(page: Any, selector: str) -> dict[str, str]:
    found = page.evaluate(DIRECTION_JS, selector)
    assert found is not None, f"nothing on the page matches {selector}"
    return found


def test_persian_chapter_reads_right_to_left(lab: LabServer, page: Any,
                                            console: ConsoleLog) -> None:
    facts = NotebookFacts.read(PERSIAN)
    open_notebook(page, lab.url, "fa/01_agent_loop.ipynb")
    run_all(page, facts)
    assert error_outputs(page) == []
    counts = prompt_counts(page)
    assert counts["done"] == counts["total"] == facts.code_cells, counts

    paragraph = f'{CURRENT} .jp-MarkdownCell .jp-RenderedMarkdown div[dir="rtl"] > p'
    found = direction(page, paragraph)
    assert found["direction"] == "rtl" and "«مسئول کشیک»" in found["text"], found
    span = f'{CURRENT} .jp-RenderedMarkdown div[dir="rtl"] p code[dir="ltr"]'
    assert direction(page, span)["direction"] == "ltr"
    block = f'{CURRENT} .jp-RenderedMarkdown div[dir="rtl"] div[dir="ltr"] pre'
    assert direction(page, block)["direction"] == "ltr"

    check = f'{CURRENT} .jp-OutputArea-output div[dir="rtl"].agentloop-text'
    found = direction(page, check)
    assert found["direction"] == "rtl" and found["text"].startswith("ch1-decide-failure"), found
    assert direction(page, f"{check} code[dir='ltr']")["direction"] == "ltr"
    assert page.locator(check).count() == 5  # every check cell of the chapter

    explorer = f"{CURRENT} .agentloop-rtl.widget-vbox"
    assert direction(page, explorer)["direction"] == "rtl"
    assert direction(page, f'{explorer} div[dir="rtl"] table')["direction"] == "rtl"

    for selector, name in ((f"{CURRENT} .jp-MarkdownCell", "markdown"),
                           (f"{CURRENT} .jp-Cell:has(div[dir='rtl'].agentloop-text)", "check"),
                           (explorer, "explorer")):
        assert shot(page, selector, name).stat().st_size > 5_000
    assert non_local(console.requests) == [], "the page fetched something from the internet"
