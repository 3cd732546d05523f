"""Driving a notebook in JupyterLab (or JupyterLite) with Playwright, as a reader would.

Only the mouse and keyboard are used: menus, a slider handle, a dropdown. Timeouts are
generous because a 2-core CI box can be slow; nothing here asserts a duration.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KERNEL_IDLE_TIMEOUT = 180_000  # ms: page load until the kernel is idle took 5–12 s here
RUN_ALL_TIMEOUT = 300_000  # ms: a whole chapter, including Pyodide installing wheels
WIDGET_TIMEOUT = 60_000  # ms: a widget change took 0.1–0.8 s here

CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook tab in front
STDERR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# An error output starts with a traceback or an exception line ("ValueError: …");
# a warning on stderr ("UserWarning: …") is not an error.
ERROR_TEXT = re.compile(
    r"Traceback \(most recent call last\)"
    r"|^\s*[\w.]*(Error|Exception|Interrupt|Exit)\b",
    re.MULTILINE,
)

# Cell prompts of the notebook in front (a tab behind it keeps its own): "[3]:" done,
# "[*]:" running or queued, "[ ]:" not run.
PROMPTS_JS = """() => {
  const prompts = [...document.querySelectorAll(
      '""" + CURRENT + """ .jp-CodeCell .jp-InputArea-prompt')]
    .map(p => p.textContent.trim());
  return {
    total: prompts.length,
    done: prompts.filter(t => /^\\[\\d+\\]:?$/.test(t)).length,
    running: prompts.filter(t => t.includes('*')).length,
  };
}"""

# The kernel of the notebook in front is idle. Where its toolbar shows the kernel's state
# (the site's JupyterLab) that is asked; else the status bar's "… | Idle", which follows
# JupyterLab's current widget (the window's focus) and may speak of another tab.
KERNEL_IDLE_JS = """() => {
  const panel = document.querySelector('""" + CURRENT + """');
  if (panel && panel.querySelector('.jp-KernelStatus-icon-container')) {
    return !!panel.querySelector('.jp-KernelStatus-success');
  }
  return [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(item => /\\|\\s*Idle\\s*$/.test(item.textContent));
}"""


@dataclass(frozen=True)
class NotebookFacts:
    """What the notebook file itself says the page should show."""

    code_cells: int
    mermaid_blocks: int

    @classmethod
    def read(cls, path: Path) -> NotebookFacts:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        source = ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                  for c in cells]
        return cls(
            code_cells=sum(c["cell_type"] == "code" for c in cells),
            mermaid_blocks=sum(s.count("```mermaid") for c, s in zip(cells, source, strict=True)
                               if c["cell_type"] == "markdown"),
        )


def wait_kernel_idle(page: Any, timeout: int = KERNEL_IDLE_TIMEOUT) -> None:
    """Wait for the status bar's "… | Idle": only then is Run All not silently dropped."""
    page.wait_for_selector(f"{CURRENT} .jp-Notebook", timeout=timeout)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout)


def open_notebook(page: Any, base_url: str, name: str) -> None:
    """Open `name` in JupyterLab and wait for its kernel."""
    # ?reset: start from an empty workspace, not the tabs the last test left open
    page.goto(f"{base_url}/lab/tree/{name}?reset", wait_until="domcontentloaded")
    wait_kernel_idle(page)


def open_lite_notebook(page: Any, site_url: str, name: str) -> None:
    """Open `name` in a JupyterLite site's lab interface and wait for the Pyodide kernel."""
    page.goto(f"{site_url}/lab/index.html?path={name}", wait_until="domcontentloaded")
    wait_kernel_idle(page)


def menu(page: Any, top: str, item: str) -> None:
    """Click a main-menu entry, e.g. menu(page, "Run", "Run All Cells")."""
    page.click(f'#jp-menu-panel .lm-MenuBar-itemLabel:text-is("{top}")')
    page.click(f'.lm-Menu .lm-Menu-itemLabel:text-is("{item}")')


def run_all(page: Any, facts: NotebookFacts, timeout: int = RUN_ALL_TIMEOUT) -> None:
    """Clear the stored outputs (and widget views), Run All, wait until every cell ran.

    The stored notebook has outputs, execution counts and saved widget state; clearing
    them first means every prompt number and widget seen afterwards comes from this run.
    Run All stops at an error, so the wait also ends when an error output appears.
    """
    # focus the notebook by its first prompt (not its middle: that may be a link)
    page.locator(f"{CURRENT} .jp-Cell .jp-InputPrompt").first.click()
    menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(f"() => ({PROMPTS_JS})().done === 0", timeout=timeout)
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(
        f"""() => {{
          const s = ({PROMPTS_JS})();
          const errors = document.querySelectorAll('{STDERR_OUTPUT}').length;
          return s.total >= {facts.code_cells} && s.running === 0
                 && (s.done === s.total || errors > 0);
        }}""",
        timeout=timeout,
    )


def prompt_counts(page: Any) -> dict[str, int]:
    return page.evaluate(PROMPTS_JS)


def error_outputs(page: Any) -> list[str]:
    """Texts of outputs that are errors (tracebacks), not warnings or printed text."""
    texts = page.eval_on_selector_all(STDERR_OUTPUT, "els => els.map(e => e.innerText)")
    return [t for t in texts if ERROR_TEXT.search(t)]


def wait_mermaid(page: Any, count: int, timeout: int = WIDGET_TIMEOUT) -> int:
    """Wait until `count` mermaid diagrams are drawn as images; return how many are."""
    if count:
        page.wait_for_function(
            f"() => document.querySelectorAll('.jp-RenderedMermaid img').length >= {count}",
            timeout=timeout,
        )
    return page.locator(".jp-RenderedMermaid img").count()


def mermaid_failures(page: Any) -> list[str]:
    """Mermaid blocks JupyterLab could not draw (shown as a warning with the source)."""
    return page.eval_on_selector_all(
        ".jp-RenderedMermaid.jp-mod-warning, .jp-RenderedMermaid:not(:has(img))",
        "els => els.map(e => e.innerText.slice(0, 300))",
    )


# --------------------------------------------------------------------------- widgets
def widget_outputs(page: Any) -> Any:
    """Output areas that hold a live ipywidget."""
    return page.locator(".jp-OutputArea-output:has(.jupyter-widgets)")


def shown_output(area: Any) -> str:
    """What a widget shows, without its controls (sliders, readouts, labels, buttons)."""
    return area.evaluate(
        """el => [...el.querySelectorAll(
              '.widget-html, .widget-htmlmath, .widget-output, .widget-image, '
              + '.widget-textarea, .widget-readout-only')]
            .map(e => e.innerHTML + (e.value || '')).join('\\n')"""
    )


def slider_handle(area: Any, description: str | None = None) -> Any:
    """The handle of an IntSlider/FloatSlider (by its description label, or the first)."""
    sliders = area.locator(".widget-slider")
    if description is not None:
        sliders = sliders.filter(has=area.page.locator(
            f'.widget-label:text-is("{description}")'))
    return sliders.first.locator(".noUi-handle").first


def slider_value(handle: Any) -> float:
    return float(handle.get_attribute("aria-valuenow"))


def move_slider(handle: Any, target: float, timeout: int = WIDGET_TIMEOUT) -> None:
    """Move a slider to `target` with the arrow keys, one step at a time."""
    handle.scroll_into_view_if_needed()
    handle.focus()
    for _ in range(50):
        value = slider_value(handle)
        if value == target:
            return
        handle.press("ArrowLeft" if value > target else "ArrowRight")
    raise AssertionError(f"slider stuck at {slider_value(handle)}, wanted {target}")


def slider_to_other_end(handle: Any) -> float:
    """Move a slider to its minimum (or, already there, its maximum); return the value.

    An extreme is used rather than one step because a step can legitimately change
    nothing (a budget of 3 steps or 2 for a run that needs 2).
    """
    lowest = float(handle.get_attribute("aria-valuemin"))
    highest = float(handle.get_attribute("aria-valuemax"))
    target = highest if slider_value(handle) <= lowest else lowest
    move_slider(handle, target)
    return target


def dropdown(area: Any, description: str | None = None) -> Any:
    selects = area.locator(".widget-dropdown")
    if description is not None:
        selects = selects.filter(has=area.page.locator(
            f'.widget-label:text-is("{description}")'))
    return selects.first.locator("select")


def dropdown_options(select: Any) -> list[str]:
    """A dropdown's option labels, as the kernel knows them.

    ipywidgets shows each label with non-breaking spaces; the option's value is the label.
    """
    return select.locator("option").evaluate_all("options => options.map(o => o.value)")


def choose_option(select: Any, label: str) -> None:
    select.select_option(value=label)


def choose_other_option(select: Any) -> str:
    """Pick a dropdown option other than the current one; return its label."""
    current = select.input_value()
    other = next(o for o in dropdown_options(select) if o != current)
    choose_option(select, other)
    return other


def checkbox(area: Any, description: str) -> Any:
    """The <input> of the Checkbox labelled `description`."""
    boxes = area.locator(".widget-checkbox").filter(has_text=description)
    return boxes.first.locator('input[type="checkbox"]')


def button(area: Any, description: str) -> Any:
    """The Button labelled `description`."""
    return area.locator("button.widget-button").filter(has_text=description).first


# One element of a widget's HTML output, read in one round trip; None while it is absent.
# textContent, not innerText: a cell scrolled out of view may not be rendered (JupyterLite's
# notebook windowing), and then its innerText is empty.
VIEW_JS = """(el, selector) => {
  const view = el.querySelector(selector);
  if (!view) return null;
  return {
    data: {...view.dataset},
    rows: [...view.querySelectorAll('table tbody tr')]
      .map(tr => [...tr.cells].map(td => td.textContent.trim())),
    current: [...view.querySelectorAll('[data-current="true"]')].map(e => e.dataset.state),
    text: view.textContent,
  };
}"""


def shown_view(area: Any, selector: str) -> dict[str, Any] | None:
    """What the element `selector` in a widget shows: its data-* attributes (`data`),
    its table's body cells (`rows`), the states marked data-current="true" inside it
    (`current`) and its text; None if the widget does not show it (yet)."""
    return area.evaluate(VIEW_JS, selector)
