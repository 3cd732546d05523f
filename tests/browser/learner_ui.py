"""What a learner does in a practice notebook, with the mouse and keyboard: Run All on the
blank chapter, write an answer into its cell, run the checks, ask for the solution, look at
the progress page. Shared by the JupyterLab and the zero-install site tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from browser_env import ARTIFACTS
from lab_ui import CURRENT, PROMPTS_JS, RUN_ALL_TIMEOUT, menu

CHECK_TIMEOUT = 120_000  # ms
CELL_OUTPUTS_JS = """els => els.map(e => {
  const area = e.querySelector('.jp-OutputArea');
  return {first: (e.querySelector('.cm-line') || {textContent: ''}).textContent,
          text: area ? area.textContent : ''};
})"""


def answer_of(instructor: Path, grade_id: str) -> str:
    """What a learner who solved the exercise writes: the instructor notebook's answer cell
    without its BEGIN/END SOLUTION lines."""
    nb = nbformat.read(instructor, as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    return "\n".join(line for line in cell.source.splitlines()
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def check_ids_after(instructor: Path, grade_id: str) -> list[str]:
    """The check cells that follow an answer cell, up to the next answer cell."""
    nb = nbformat.read(instructor, as_version=4)
    out, seen = [], False
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("solution"):
            if seen:
                break
            seen = meta.get("grade_id") == grade_id
        elif seen and meta.get("grade"):
            out.append(meta["grade_id"])
    return out


def run_all_to_the_end(page: Any, code_cells: int, timeout: int = RUN_ALL_TIMEOUT) -> None:
    """Run All, then wait until every code cell has run: in a practice notebook an error in
    a blank exercise must not stop the run."""
    page.locator(f"{CURRENT} .jp-Cell .jp-InputPrompt").first.click()
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(
        f"""() => {{ const s = ({PROMPTS_JS})();
                    return s.total >= {code_cells} && s.running === 0 && s.done === s.total; }}""",
        timeout=timeout)


def cell_outputs(page: Any) -> list[dict[str, str]]:
    """First source line and output text of every code cell of the notebook in front."""
    return page.eval_on_selector_all(f"{CURRENT} .jp-CodeCell", CELL_OUTPUTS_JS)


def check_outputs(page: Any, check_ids: list[str] | None = None) -> dict[str, str]:
    """The output of each check cell (`check("…")`) of the notebook in front, by check id."""
    out = {}
    for cell in cell_outputs(page):
        text = cell["text"]
        for check_id in check_ids or []:
            if text.startswith(f"{check_id}:"):
                out[check_id] = text
        if check_ids is None and ": " in text and text.split(":")[0].startswith("ch"):
            out[text.split(":")[0]] = text
    return out


def calm_blank(text: str, language: str = "en") -> bool:
    """A check cell's output for an exercise not answered yet, in `language`: its one calm
    line (plus the buttons' text), no ✘ case, no traceback, no pass."""
    from agentloop.i18n import speaking, t

    with speaking(language):  # the calm line's words before the function it names
        calm = t("not answered yet — write `{name}` above", name="").split("—")[0].strip()
        passed = t("all passed")
    return calm in text and "✘" not in text and "Traceback" not in text and passed not in text


def write_answer(page: Any, first_line: str, text: str) -> None:
    """Replace the code of the cell whose source starts with `first_line` by `text`, then
    run it (Shift+Enter): focus moves to the cell after it."""
    cell = page.locator(f"{CURRENT} .jp-CodeCell").filter(has_text=first_line).first
    cell.scroll_into_view_if_needed()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(text)  # as pasted: no auto-indent, no closing brackets added
    page.keyboard.press("Shift+Enter")


def run_next_cells(page: Any, count: int) -> None:
    for _ in range(count):
        page.keyboard.press("Shift+Enter")


def wait_checks_passed(page: Any, check_ids: list[str], last_says: str = "") -> dict[str, str]:
    """Wait until every check's output says "all passed" (and the last one `last_says`,
    which the check prints after recording the result); their outputs, by id."""
    page.wait_for_function(
        """([ids, last]) => ids.every(id => [...document.querySelectorAll('.jp-OutputArea')]
              .some(a => a.textContent.startsWith(id + ':')
                         && a.textContent.includes('all passed')
                         && (id !== ids[ids.length - 1] || a.textContent.includes(last))))""",
        arg=[check_ids, last_says], timeout=CHECK_TIMEOUT)
    return check_outputs(page, check_ids)


def add_cell_and_run(page: Any, code: str) -> None:
    """Insert a code cell below the selected one (Escape, B, Enter), type `code`, run it."""
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def show_me_anyway(page: Any, exercise: str, shown: str) -> str:
    """`solution(exercise)` in a new cell, then the Gate's "Show me anyway…" and "Yes, show
    it"; the text of what it then shows (the element matching `shown`)."""
    add_cell_and_run(page, f'solution("{exercise}")')
    gate = page.locator(".agentloop-solution-gate").last
    gate.wait_for(timeout=CHECK_TIMEOUT)
    gate.get_by_role("button", name="Show me anyway…").click()
    gate.get_by_role("button", name="Yes, show it").click()
    answer = page.locator(f'{shown}[data-exercise="{exercise}"]')
    answer.wait_for(timeout=CHECK_TIMEOUT)
    assert answer.get_attribute("data-when") == "before passing"
    answer.scroll_into_view_if_needed()
    return answer.inner_text()


def save(page: Any) -> None:
    """Ctrl+S, then wait until the notebook's tab is no longer marked as changed."""
    page.keyboard.press("Control+s")
    page.wait_for_function(
        "() => !document.querySelector('#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current"
        ".jp-mod-dirty')",
        timeout=CHECK_TIMEOUT)


def center(page: Any, text: str) -> None:
    """Scroll the code cell that shows `text` to the middle of the notebook."""
    page.locator(f"{CURRENT} .jp-CodeCell").filter(has_text=text).first.evaluate(
        "el => el.scrollIntoView({block: 'center'})")


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path))
    return path


def progress_shown(page: Any) -> dict[str, str]:
    """The progress page's table: check id → status, as shown."""
    page.wait_for_selector(".agentloop-progress", timeout=CHECK_TIMEOUT)
    return dict(page.eval_on_selector_all(
        ".agentloop-progress tr[data-check]",
        "rows => rows.map(r => [r.dataset.check, r.dataset.status])"))


# --------------------------------------------------------------------------- the course's plugin
DEAD_WIDGET = "Error displaying widget"


def current_tab(page: Any, path: str, timeout: int = CHECK_TIMEOUT) -> None:
    """Wait until the main area's tab in front is the file `path` (relative to the root:
    its tab's tooltip names the path). "In front" is the tab its tab bar shows
    (lm-mod-current), not JupyterLab's current widget (jp-mod-current), which follows the
    window's focus and is unset in a headless browser that never had it."""
    page.wait_for_function(
        """path => [...document.querySelectorAll(
                       '#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current')].some(
                     tab => (tab.title || '').split('\\n').includes('Path: ' + path))""",
        arg=path, timeout=timeout, polling=250)


def check_cell(page: Any, check_id: str) -> Any:
    """The code cell of the notebook in front that runs `check("<check_id>")`."""
    return page.locator(f"{CURRENT} .jp-CodeCell").filter(has_text=f'check("{check_id}")').first


def panel_button(page: Any, check_id: str, kind: str) -> Any:
    """A button of the panel under a check ("hint" or "solution-button")."""
    return check_cell(page, check_id).locator(f".agentloop-check-panel .agentloop-{kind}")


def wait_text(locator: Any, text: str, timeout: int = CHECK_TIMEOUT) -> str:
    """Wait until the element's text contains `text`; its text."""
    locator.wait_for(timeout=timeout)
    locator.page.wait_for_function("([el, text]) => el.textContent.includes(text)",
                                   arg=[locator.element_handle(), text], timeout=timeout)
    return locator.inner_text()


def open_start_page(page: Any) -> str:
    """Press "Start here" above the notebook in front; the start page's text, rendered."""
    page.locator(f"{CURRENT} .agentloop-start").click()
    shown = page.locator(".jp-MarkdownViewer:not(.lm-mod-hidden) .jp-RenderedMarkdown")
    shown.locator("h1").first.wait_for(timeout=CHECK_TIMEOUT)
    return shown.inner_text()


def dead_widgets(page: Any) -> int:
    """How many outputs on the page say a widget could not be shown."""
    return page.get_by_text(DEAD_WIDGET).count()
