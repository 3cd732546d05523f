"""The zero-install site (JupyterLite + Pyodide), served from localhost, used offline.

The site is the learner's course: the chapters' student versions, checks, solutions locked
until solved and progress kept in the browser — and no solution, hidden test, reference
answer or hidden-case generator in any file it serves. Its copy of the library is the
learner's distribution as it is.

The site is built once per session from the current tree (tools/build_site.py into a
temp dir). With AGENTLOOP_SITE=skip the already built site/ is used instead, and the
tests skip if there is none.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_env import (
    ROOT,
    ConsoleLog,
    chapter_notebooks,
    non_local,
    require_chromium,
    require_npm,
)
from lab_ui import (
    CURRENT,
    RUN_ALL_TIMEOUT,
    NotebookFacts,
    error_outputs,
    mermaid_failures,
    open_lite_notebook,
    run_all,
    wait_kernel_idle,
    wait_mermaid,
)
from learner_ui import (
    add_cell_and_run,
    answer_of,
    calm_blank,
    center,
    check_ids_after,
    check_outputs,
    current_tab,
    open_start_page,
    progress_shown,
    run_all_to_the_end,
    run_next_cells,
    save,
    screenshot,
    show_me_anyway,
    wait_checks_passed,
    write_answer,
)
from widget_checks import widget_check

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BUILD_TIMEOUT = 1800  # s: a cold cache downloads Pyodide (npm) and ~20 wheels (PyPI)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server with the MIME types Pyodide's module worker insists on."""

    extensions_map = {  # noqa: RUF012 - the stdlib's own attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


def build_site(output: Path) -> None:
    command = [sys.executable, str(ROOT / "tools" / "build_site.py"), "--output", str(output)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                            timeout=BUILD_TIMEOUT)
    if result.returncode:
        pytest.fail(f"tools/build_site.py failed:\n{result.stdout[-3000:]}\n"
                    f"{result.stderr[-3000:]}")


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site: freshly built for this session, or site/ with AGENTLOOP_SITE=skip."""
    if not chapter_notebooks():
        pytest.skip("no chapters/*.ipynb yet: run python tools/build_chapters.py")
    if os.environ.get("AGENTLOOP_SITE") == "skip":
        site = ROOT / "site"
        if not (site / "jupyter-lite.json").exists():
            pytest.skip("AGENTLOOP_SITE=skip and no site/ built: run python tools/build_site.py")
        return site
    require_chromium()  # no browser, no point in building
    require_npm()
    output = tmp_path_factory.mktemp("site") / "site"
    build_site(output)
    return output


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The site served by http.server on a free localhost port, in a thread."""
    handler = functools.partial(QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.mark.parametrize("notebook", chapter_notebooks(), ids=lambda path: path.stem)
def test_chapter_runs_offline_in_the_site(site_url: str, page: Any, console: ConsoleLog,
                                          notebook: Path) -> None:
    """Pyodide runs the chapter, its diagrams and its widget from the site alone: no
    request leaves localhost."""
    facts = NotebookFacts.read(notebook)
    open_lite_notebook(page, site_url, notebook.name)
    run_all(page, facts)
    assert error_outputs(page) == []
    assert wait_mermaid(page, facts.mermaid_blocks) == facts.mermaid_blocks
    assert mermaid_failures(page) == []

    widget_check(notebook.stem)(page)
    assert error_outputs(page) == []
    assert non_local(console.requests) == []
    assert any("/static/pyodide/pyodide.asm.wasm" in url for url in console.requests), \
        "Pyodide was not loaded from the site"


# --------------------------------------------------------------------------- the learner's site
def site_tools() -> Any:
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site

    return build_site


def wheel_files(wheel: Path) -> dict[str, bytes]:
    import zipfile

    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_site_serves_the_learners_course(site_dir: Path) -> None:
    """The learner release's student versions and progress page, no instructor notebook;
    the learner's distribution as it is (the wheel a learner installs, file for file); the
    release's catalog and sealed bundle, byte for byte."""
    from learner_builds import learner_release, learner_wheel

    release = learner_release()
    served = sorted(p.name for p in (site_dir / "files").glob("*.ipynb"))
    assert served == sorted(["00_progress.ipynb", *(p.name for p in chapter_notebooks())])
    for notebook in (site_dir / "files").glob("*.ipynb"):
        assert notebook.read_bytes() == (release / notebook.name).read_bytes()
    static = site_dir / "static" / "pyodide"
    (wheel,) = static.glob("agentloop-*.whl")
    assert wheel_files(wheel) == wheel_files(learner_wheel())
    (data,) = static.glob("agentloop_site_release-*.whl")
    files = wheel_files(data)
    assert files["agentloop_site_release/course.json"] == (release / "course.json").read_bytes()
    assert files["agentloop_site_release/solutions.bundle"] == \
        (release / "solutions.bundle").read_bytes()


def test_no_served_file_holds_a_solution_or_hidden_test(site_dir: Path) -> None:
    """Every file the site serves (and every file inside its wheels), grepped for the text
    of every BEGIN SOLUTION / BEGIN HIDDEN TESTS region of the instructor notebooks and
    every reference answer, hidden-case generator and facts function of the checks."""
    tools = site_tools()
    import answer_leaks

    needles = answer_leaks.answer_texts(ROOT / "chapters", answer_leaks.public_text(
        ROOT / "chapters", site_dir / "files"))
    regions = [n for n in needles if "solution" in n[0] and n[2]]
    assert len(regions) >= len(chapter_notebooks()) * 2, "the grep found no solutions to look for"
    assert any("REFERENCE['decide']" in what for what, *_ in needles)
    assert any("revised_rule" in what for what, *_ in needles)  # the teacher's own code
    assert tools.find_leaks(site_dir) == []


def test_a_learner_in_the_site(site_url: str, page: Any, console: ConsoleLog) -> None:
    """Chapter 1 with blank exercises runs to the end; a correct answer passes, opens its
    lock (★ solved), shows its solution and shows in the progress page; "show me anyway" on
    another exercise says where the reference is and shows nothing; reloaded, the browser
    kept the answer and the progress. No request leaves localhost."""
    instructor = ROOT / "chapters" / "01_agent_loop.ipynb"
    exercise, facts = "ch1-decide-answer", NotebookFacts.read(instructor)
    checks = check_ids_after(instructor, exercise)
    open_lite_notebook(page, site_url, instructor.name)
    run_all_to_the_end(page, facts.code_cells)
    center(page, 'check("ch1-decide-failure")')
    blank = check_outputs(page)
    assert set(checks) <= set(blank)
    assert all(calm_blank(text) for text in blank.values()), blank
    screenshot(page, "learner-site-blank.png")

    write_answer(page, "def decide(state):", answer_of(instructor, exercise))
    run_next_cells(page, len(checks))
    passed = wait_checks_passed(page, checks, f'solution("{exercise}")')
    assert "★ exercise ch1-decide-answer solved" in passed[checks[-1]]
    add_cell_and_run(page, f'from agentloop.practice import solution\n\nsolution("{exercise}")')
    shown = page.locator(f'.agentloop-solution[data-exercise="{exercise}"]')
    shown.wait_for(timeout=120_000)
    assert shown.get_attribute("data-when") == "after passing"
    assert 'observation.get("retryable", True)' in shown.inner_text()  # opened by the answer
    shown.scroll_into_view_if_needed()
    screenshot(page, "learner-site-solution.png")
    where = show_me_anyway(page, "ch1-messages-answer", ".agentloop-solution-elsewhere")
    assert "chapters/01_agent_loop.ipynb, the answer cell ch1-messages-answer" in where
    assert "def final_message" not in where
    screenshot(page, "learner-site-show-me-anyway.png")
    save(page)

    open_lite_notebook(page, site_url, "00_progress.ipynb")
    run_all_to_the_end(page, 1)
    assert {progress_shown(page)[c] for c in checks} == {"passed"}
    screenshot(page, "learner-site-progress.png")

    page.reload(wait_until="domcontentloaded")  # the browser's storage kept both
    open_lite_notebook(page, site_url, instructor.name)
    answer = page.locator(".jp-CodeCell").filter(has_text="def decide(state):").first
    answer.wait_for(timeout=120_000)
    assert 'observation.get("retryable", True)' in answer.text_content()
    open_lite_notebook(page, site_url, "00_progress.ipynb")
    run_all_to_the_end(page, 1)
    assert {progress_shown(page)[c] for c in checks} == {"passed"}
    assert non_local(console.requests) == []


# --------------------------------------------------------------------------- opening, languages
def site_lab(site_url: str, query: str = "") -> str:
    return f"{site_url}/lab/index.html{query}"


def test_the_site_opens_on_chapter_1_and_says_while_python_starts(
        site_url: str, page: Any, console: ConsoleLog) -> None:
    """The site's address alone shows chapter 1, not a Launcher; while Pyodide starts, a line
    above it says so and counts the seconds, and goes once the kernel is idle; "Start here"
    opens the start page, which links the course's other languages."""
    page.goto(site_lab(site_url), wait_until="domcontentloaded")
    current_tab(page, "01_agent_loop.ipynb", timeout=RUN_ALL_TIMEOUT)
    line = page.locator(f"{CURRENT} .agentloop-kernel-start")
    line.wait_for(timeout=120_000)
    assert "Starting Python in your browser" in line.inner_text()
    # shown whole: as tall as its text at this width (a header row sized without its text
    # is a thin strip)
    page.wait_for_function("n => n.scrollHeight <= n.clientHeight + 1 && n.clientHeight > 20",
                           arg=line.element_handle(), timeout=10_000)
    screenshot(page, "learner-site-starting.png")
    wait_kernel_idle(page)
    line.wait_for(state="detached", timeout=60_000)
    start = open_start_page(page)
    assert start.splitlines()[0] == "Start here"
    assert "The course in other languages" in start and "Русский" in start
    assert page.locator(".jp-Launcher:not(.lm-mod-hidden)").count() == 0
    assert console.errors == [], console.errors
    assert non_local(console.requests) == []


def test_a_learner_picks_russian_once_in_the_site(site_url: str, page: Any,
                                                 console: ConsoleLog) -> None:
    """The Language menu above chapter 1 opens it in Russian (ru/01_agent_loop.ipynb): its
    checks speak Russian, its solutions come from the Russian release; the choice is kept,
    so the site opens in Russian next time, its start page is the Russian one and links the
    Persian one, which reads right to left."""
    from agentloop.i18n import speaking, t

    page.goto(site_lab(site_url), wait_until="domcontentloaded")
    current_tab(page, "01_agent_loop.ipynb", timeout=RUN_ALL_TIMEOUT)
    wait_kernel_idle(page, RUN_ALL_TIMEOUT)  # Pyodide, downloaded once for both chapters
    menu = page.locator("#jp-top-panel select.agentloop-language")
    assert menu.locator("option").all_inner_texts() == ["English", "Русский", "Български",
                                                         "فارسی"]
    assert menu.input_value() == "en"
    menu.select_option("ru")
    current_tab(page, "ru/01_agent_loop.ipynb")
    assert menu.input_value() == "ru"
    wait_kernel_idle(page, RUN_ALL_TIMEOUT)
    russian = ROOT / "chapters" / "ru" / "01_agent_loop.ipynb"
    run_all_to_the_end(page, NotebookFacts.read(russian).code_cells)
    blank = check_outputs(page)
    checks = {line.split('"')[1] for cell in json.loads(russian.read_text("utf-8"))["cells"]
              for line in "".join(cell["source"]).splitlines()
              if cell["cell_type"] == "code" and line.startswith('check("')}
    assert set(blank) == checks and all(calm_blank(text, "ru") for text in blank.values()), blank
    assert error_outputs(page) == []
    screenshot(page, "learner-site-russian.png")

    page.goto(site_lab(site_url), wait_until="domcontentloaded")  # remembered
    current_tab(page, "ru/01_agent_loop.ipynb", timeout=RUN_ALL_TIMEOUT)
    with speaking("ru"):
        start_words = t("Start here")
    start = open_start_page(page)
    assert start.splitlines()[0] == start_words
    page.locator(".jp-RenderedMarkdown a", has_text="فارسی").click()
    persian = page.locator('.jp-MarkdownViewer:not(.lm-mod-hidden) .jp-RenderedMarkdown '
                           'div[dir="rtl"] h1')
    persian.wait_for(timeout=60_000)
    screenshot(page, "learner-site-persian-start.png")
    assert console.errors == [], console.errors
    assert non_local(console.requests) == []
