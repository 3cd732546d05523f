"""A new learner, in JupyterLab in Chromium, started with the README's command.

`./course lab` runs with a workspace of its own (AGENTLOOP_WORKSPACE in a temp dir, so the
repository's workspace/ is never touched), the session's learner release and a fresh, empty
home folder: the Lab must show no teacher tools and no news popup, its kernel must be the
learner's (no grader to import), chapter 1 must run to the end with blank exercises, a
correct answer must pass its checks, open its lock, show its solution and show in the
progress, "show me anyway" must show the instructor notebook's answer (this is a clone of
the course), and the course command, run again, must keep the answer. Nothing may be
written to the home folder. What the course's Lab plugin adds is driven here too: the Lab
opens on chapter 1 with the start page one click away, hints open step by step (a failed
try, then the Hint button), the Solution button is locked until the answer passes, the
progress page fills itself in, and after a reload or a kernel restart no widget output is
dead and only the notebooks on screen have a kernel. Screenshots are saved in
test-artifacts/learner-lab-*.png.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_env import (
    ROOT,
    ConsoleLog,
    LabServer,
    free_port,
    non_local,
    stop_process_group,
    wait_for_server,
)
from lab_ui import CURRENT, KERNEL_IDLE_JS, NotebookFacts, menu, open_notebook
from learner_builds import learner_release
from learner_ui import (
    add_cell_and_run,
    answer_of,
    calm_blank,
    center,
    check_ids_after,
    check_outputs,
    current_tab,
    dead_widgets,
    open_start_page,
    panel_button,
    progress_shown,
    run_all_to_the_end,
    run_next_cells,
    save,
    screenshot,
    show_me_anyway,
    wait_checks_passed,
    wait_text,
    write_answer,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHAPTER = "01_agent_loop.ipynb"
EXERCISE = "ch1-decide-answer"
INSTRUCTOR = ROOT / "chapters" / CHAPTER
PROGRESS = "00_progress.ipynb"
# a first try that is wrong: decide() always goes on (a failure, the limit, success ignored)
WRONG = 'def decide(state):\n    return "continue"\n'
TEACHER_TOOLS = ("@jupyter/nbgrader",)
LITE_KERNEL = "@jupyterlite/pyodide-kernel-extension"


def course_env(base: Path) -> dict[str, str]:
    """A learner's environment: an empty home, a workspace of the test's own, and only the
    notebook windowing setting (so every cell's output stays in the page for the checks)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "IPYTHON", "XDG_")) and k != "AGENTLOOP_VENV"}
    home, settings = base / "home", base / "lab-settings"
    home.mkdir()
    tracker = settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}), encoding="utf-8")
    env.update(HOME=str(home), AGENTLOOP_WORKSPACE=str(base / "workspace"),
               AGENTLOOP_RELEASE=str(learner_release()),
               JUPYTERLAB_SETTINGS_DIR=str(settings), PYTHONUNBUFFERED="1")
    return env


@contextlib.contextmanager
def course_lab(base: Path, *options: str) -> Iterator[tuple[LabServer, dict]]:
    """`./course lab OPTIONS` on a free localhost port, as a first-time learner."""
    env = course_env(base)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = base / "course-lab.log"
    command = [str(ROOT / "course"), "lab", *options, "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.token=",
               "--ServerApp.password="]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=base, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_server(url, process, log)
        yield LabServer(url=url, root=Path(env["AGENTLOOP_WORKSPACE"]), log=log,
                        process=process), env
    finally:
        stop_process_group(process)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LabServer, dict]]:
    """`./course lab` on a free localhost port, as a first-time learner."""
    with course_lab(tmp_path_factory.mktemp("learner")) as served:
        yield served


def page_config(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/lab", timeout=30) as response:
        html = response.read().decode()
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                      html, re.S)
    return json.loads(found[1])


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_the_course_command_made_the_workspace_and_serves_it_alone(course) -> None:
    lab, _ = course
    listing = json.loads(get(f"{lab.url}/api/contents")[1])
    names = sorted(item["name"] for item in listing["content"])
    chapters = sorted(p.name for p in (ROOT / "chapters").glob("[0-9]*.ipynb"))
    # no src/, no solved notebook; the start page beside the chapters
    assert names == sorted(["00_progress.ipynb", "00_start_here.md", *chapters])
    assert get(f"{lab.url}/api/contents/.agentloop")[0] == 404  # the course's own files
    assert get(f"{lab.url}/api/contents/..%2Fchapters")[0] in (400, 404)
    text = (lab.root / CHAPTER).read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "raise NotImplementedError()" in text


def test_the_lab_opens_on_chapter_1_and_the_start_page_is_one_click_away(
        course, page: Any, console: ConsoleLog) -> None:
    """The address the course command prints (the server's root) shows chapter 1, not a
    Launcher; "Start here" above it opens the start page, rendered."""
    lab, _ = course
    page.goto(lab.url, wait_until="domcontentloaded")
    current_tab(page, CHAPTER)
    assert page.locator(".jp-Launcher:not(.lm-mod-hidden)").count() == 0
    start = open_start_page(page)
    current_tab(page, "00_start_here.md")
    assert start.splitlines()[0] == "Start here"
    assert "How an exercise works" in start and "Solution (locked)" in start
    assert page.locator('.jp-RenderedMarkdown a[href*="01_agent_loop.ipynb"]').count() >= 1
    screenshot(page, "learner-lab-start-here.png")
    assert console.errors == [], console.errors


def test_a_learner_in_russian_finds_the_russian_start_page(tmp_path: Path, page: Any,
                                                           console: ConsoleLog) -> None:
    """`./course lab --lang ru` keeps the Russian chapters at the top of the workspace (no
    ru/ folder): the button above chapter 1 still speaks Russian, as the notebook says it
    is, and opens the Russian start page beside it."""
    from agentloop.i18n import speaking, t

    with speaking("ru"):
        words = t("Start here")
    with course_lab(tmp_path, "--lang", "ru") as (lab, _):
        page.goto(lab.url, wait_until="domcontentloaded")
        current_tab(page, CHAPTER)
        button = page.locator(f"{CURRENT} .agentloop-start")
        wait_text(button, words)
        assert button.inner_text() == words
        start = open_start_page(page)
        current_tab(page, "00_start_here.md")
        assert start.splitlines()[0] == words
        screenshot(page, "learner-lab-russian-start-here.png")
        assert console.errors == [], console.errors


def test_the_learners_lab_has_no_teacher_tools_and_no_news(course, page: Any,
                                                           console: ConsoleLog) -> None:
    lab, _ = course
    config = page_config(lab.url)
    loaded = {ext["name"] for ext in config["federated_extensions"]}
    assert "@jupyter-widgets/jupyterlab-manager" in loaded
    assert not loaded & {*TEACHER_TOOLS, LITE_KERNEL}
    assert "@jupyterlab/apputils-extension:announcements" in config["disabledExtensions"]
    assert json.loads(get(f"{lab.url}/lab/api/news")[1]) == {"news": []}
    assert get(f"{lab.url}/formgrader")[0] == 404
    assert get(f"{lab.url}/assignments")[0] == 404

    open_notebook(page, lab.url, CHAPTER)
    page.wait_for_timeout(3000)  # a news toast, if any, would show by now
    menus = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel").all_inner_texts()
    assert "Nbgrader" not in menus and "Run" in menus
    assert page.locator(".validate-button, #nbgrader-create_assignment").count() == 0
    assert page.get_by_text(re.compile("Jupyter news|get notified", re.I)).count() == 0
    screenshot(page, "learner-lab-opened.png")
    assert console.errors == [], console.errors
    assert non_local(console.requests) == []


def test_a_new_learner_works_through_chapter_1(course, page: Any, console: ConsoleLog) -> None:
    lab, env = course
    facts = NotebookFacts.read(lab.root / CHAPTER)
    checks = check_ids_after(INSTRUCTOR, EXERCISE)
    open_notebook(page, lab.url, CHAPTER)

    # Run All on the blank chapter: every cell runs, every check of a blank exercise says
    # so in one calm line (no ✘ per case, no traceback)
    run_all_to_the_end(page, facts.code_cells)
    center(page, 'check("ch1-decide-failure")')
    blank = check_outputs(page)
    assert set(checks) <= set(blank) and len(blank) >= 5, sorted(blank)
    assert all(calm_blank(text) for text in blank.values()), blank
    screenshot(page, "learner-lab-blank.png")

    # a wrong first try: failing cases under their rule; one hint step opens and the cell
    # says how many are left; Hint opens the next; Solution stays locked
    first = checks[0]
    hint = panel_button(page, first, "hint")
    assert wait_text(hint, "after your first try") and hint.is_disabled()
    write_answer(page, "def decide(state):", WRONG)
    page.keyboard.press("Shift+Enter")
    tried = wait_text(page.locator(".jp-OutputArea").filter(has_text=f"{first}:").first,
                      "more hint")
    assert "✘" in tried and "hint 1 of" in tried and "hint 2 of" not in tried, tried
    assert "Traceback" not in tried and "not answered yet" not in tried
    assert wait_text(hint, "left") and not hint.is_disabled()
    hint.click()
    steps = page.locator('.agentloop-hints[data-open="2"]')
    steps.wait_for(timeout=60_000)
    assert "hint 2 of" in steps.inner_text()
    locked = panel_button(page, first, "solution-button")
    assert locked.inner_text().strip() == "Solution (locked)"
    screenshot(page, "learner-lab-hints.png")

    # the first exercise, answered as the instructor notebook does: its checks pass, its
    # lock opens and the chapter's bar moves
    write_answer(page, "def decide(state):", answer_of(INSTRUCTOR, EXERCISE))
    run_next_cells(page, len(checks))
    passed = wait_checks_passed(page, checks, f'solution("{EXERCISE}")')
    assert f"★ exercise {EXERCISE} solved" in passed[checks[-1]]
    bar = page.locator(".agentloop-chapter-progress").last
    assert int(bar.get_attribute("data-passed")) >= len(checks)
    screenshot(page, "learner-lab-passed.png")

    # the Solution button, open now: the course's answer next to the learner's
    opened = panel_button(page, checks[-1], "solution-button")
    assert wait_text(opened, "Solution") and "locked" not in opened.inner_text()
    opened.click()
    beside = page.locator(".agentloop-check-panel "
                          f'.agentloop-solution[data-exercise="{EXERCISE}"]')
    beside.wait_for(timeout=60_000)
    assert 'observation.get("retryable", True)' in beside.inner_text()

    # the kernel is the learner's: the grader is not there to import
    add_cell_and_run(page, "import importlib.util, sys\n"
                           "print('grader:', importlib.util.find_spec('agentloop_grader'), "
                           "sys.executable)")
    kernel = page.locator(".jp-OutputArea").filter(has_text="grader:").last
    kernel.wait_for(timeout=60_000)
    assert kernel.inner_text().strip() == \
        f"grader: None {ROOT / '.venv-learner' / 'bin' / 'python'}"

    # the solution, next to the learner's answer
    add_cell_and_run(page, f'from agentloop.practice import solution\n\nsolution("{EXERCISE}")')
    shown = page.locator(f'.jp-OutputArea-executeResult .agentloop-solution'
                         f'[data-exercise="{EXERCISE}"]')
    shown.wait_for(timeout=60_000)
    assert shown.get_attribute("data-when") == "after passing"
    assert 'observation.get("retryable", True)' in shown.inner_text()
    shown.scroll_into_view_if_needed()
    screenshot(page, "learner-lab-solution.png")

    # "show me anyway" on an exercise not done: in a clone, the instructor notebook's answer
    anyway = show_me_anyway(page, "ch1-messages-answer", ".agentloop-solution")
    assert "from the instructor notebook chapters/01_agent_loop.ipynb" in anyway
    assert "def final_message" in anyway
    screenshot(page, "learner-lab-show-me-anyway.png")
    save(page)

    # the progress page fills itself in (no cell run by hand); it and the command line agree
    open_notebook(page, lab.url, PROGRESS)
    states = progress_shown(page)
    assert {states[c] for c in checks} == {"passed"}
    assert {s for c, s in states.items() if c not in checks} == {"not started"}
    screenshot(page, "learner-lab-progress.png")
    agentloop = ROOT / ".venv" / "bin" / "agentloop"
    text = subprocess.run([str(agentloop), "progress", "--workspace", str(lab.root)],
                          capture_output=True, text=True, check=True, env=env).stdout
    assert all(f"✔ passed      {c}" in text for c in checks), text
    assert "(solution seen before passing)" in text  # "show me anyway" is recorded

    assert console.errors == [], console.errors
    assert non_local(console.requests) == []


def sessions(lab: LabServer) -> list[str]:
    """The notebooks that have a kernel (Jupyter's sessions)."""
    return sorted(s["path"] for s in lab.api("GET", "sessions"))


def wait_sessions(page: Any, paths: list[str]) -> None:
    """Wait until exactly the notebooks `paths` have a kernel (asked from the page)."""
    page.wait_for_function(
        """async paths => { const got = (await (await fetch('/api/sessions')).json())
                                .map(s => s.path).sort();
                            return JSON.stringify(got) === JSON.stringify(paths); }""",
        arg=sorted(paths), timeout=120_000)


def wait_kernels_idle(page: Any, count: int | None = None) -> None:
    """Wait until every kernel the server runs is idle (and, given `count`, there are that
    many)."""
    page.wait_for_function(
        """async count => { const got = await (await fetch('/api/kernels')).json();
                            return (count === null || got.length === count)
                                   && got.every(k => k.execution_state === 'idle'); }""",
        arg=count, timeout=120_000, polling=250)


def test_after_a_reload_or_a_restart_no_dead_widget_and_a_kernel_per_notebook_shown(
        course, page: Any, console: ConsoleLog) -> None:
    """Chapter 1, saved with its widgets' outputs, opened again: no "Error displaying
    widget", each widget output shows its text; with two tabs, the Lab reloaded starts a
    kernel for the one on screen only, and for the other when it is shown; a kernel
    restart kills no output. No console error."""
    lab, _ = course
    open_notebook(page, lab.url, CHAPTER)
    assert dead_widgets(page) == 0
    assert page.get_by_text("run the cell to see them").count() >= 1  # the checks' panels
    # a 2nd tab, opened from the file browser (a page loaded anew on /lab/tree/… would
    # depend on whether the Lab had saved the first tab in its layout yet)
    page.locator(".jp-DirListing-item", has_text=PROGRESS).dblclick()
    progress_shown(page)
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=CHAPTER).click()
    current_tab(page, CHAPTER)
    menu(page, "Kernel", "Restart Kernel…")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function(f"() => ({KERNEL_IDLE_JS})()", timeout=120_000)
    wait_kernels_idle(page)  # the server's word too: the status bar may still show the old Idle
    assert dead_widgets(page) == 0

    menu(page, "Kernel", "Shut Down All Kernels…")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    wait_sessions(page, [])
    wait_kernels_idle(page, count=0)  # gone from the server, not only their sessions
    # the Lab has saved its layout (two tabs, chapter 1 in front): reopened, it is restored
    # as it was
    page.wait_for_function(
        """async () => { const w = await (await fetch('/lab/api/workspaces/default')).json();
                         const main = (w.data['layout-restorer:data'] || {}).main || {};
                         return main.current === 'notebook:01_agent_loop.ipynb'
                                && 'notebook:00_progress.ipynb' in w.data; }""",
        timeout=60_000)
    page.goto(f"{lab.url}/lab", wait_until="domcontentloaded")
    current_tab(page, CHAPTER)
    wait_sessions(page, [CHAPTER])  # the tab in front gets its kernel, the other none
    page.wait_for_function(f"() => ({KERNEL_IDLE_JS})()", timeout=120_000)
    assert sessions(lab) == [CHAPTER]
    assert dead_widgets(page) == 0
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=PROGRESS).click()
    current_tab(page, PROGRESS)
    progress_shown(page)  # shown, it gets its kernel and fills itself in
    wait_sessions(page, [PROGRESS, CHAPTER])
    screenshot(page, "learner-lab-reloaded.png")
    # JupyterLab's debugger logs this when "Shut Down All Kernels" (done above, on purpose)
    # cancels its pending request; it is the Lab's own line about our shutdown, not the course's
    ours = [e for e in console.errors if "Could not restore the debugger state" not in e]
    assert ours == [], console.errors


def test_running_the_course_command_again_keeps_the_answer(course, page: Any) -> None:
    lab, env = course
    mine = (lab.root / CHAPTER).read_text(encoding="utf-8")
    cells = {c["metadata"].get("nbgrader", {}).get("grade_id"): "".join(c["source"])
             for c in json.loads(mine)["cells"]}
    assert 'observation.get("retryable", True)' in cells[EXERCISE]  # saved in the browser
    again = subprocess.run([str(ROOT / "course"), "lab", "--no-browser"], capture_output=True,
                           text=True, env={**env, "COURSE_DRY_RUN": "1"}, timeout=300)
    assert again.returncode == 0, again.stderr
    assert f"workspace: {lab.root} is up to date" in again.stdout
    assert (lab.root / CHAPTER).read_text(encoding="utf-8") == mine
    open_notebook(page, lab.url, CHAPTER)
    answer = page.locator(".jp-CodeCell").filter(has_text="def decide(state):").first
    assert 'observation.get("retryable", True)' in answer.inner_text()
    # nothing of Jupyter's or the course's went into the learner's home folder
    home = Path(env["HOME"])
    assert sorted(str(p.relative_to(home)) for p in home.rglob("*")) == []


def test_the_instructor_notebooks_are_one_option_away(tmp_path: Path) -> None:
    """`./course lab --solutions`: the solved chapters, the repository as the root (so
    every file a chapter names can be opened), teacher tools kept."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    done = subprocess.run([str(ROOT / "course"), "lab", "--solutions", "--no-browser"],
                          capture_output=True, text=True, timeout=120,
                          env={**env, "COURSE_DRY_RUN": "1"})
    assert done.returncode == 0, done.stderr
    command = done.stdout.strip().splitlines()[-1]
    assert f"--ServerApp.root_dir={ROOT}" in command
    assert command.endswith("chapters/01_agent_loop.ipynb")
    assert ("--allow-root" in command) == (os.geteuid() == 0)
    # formgrader there works on this repository's course, the one agentloop-grade grades
    config_path = next(line.split("=", 1)[1] for line in done.stdout.splitlines()
                       if line.startswith("JUPYTER_CONFIG_PATH="))
    loaded = subprocess.run(
        [sys.executable, "-c", "from nbgrader.apps.baseapp import NbGrader\n"
         "app = NbGrader(); app.load_config_file()\n"
         "print(app.config.CourseDirectory.root); print(app.config.Exchange.root)"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={**env, "JUPYTER_CONFIG_PATH": config_path})
    assert loaded.stdout.split() == [str(ROOT / "grader" / "course"),
                                     str(ROOT / "grader" / "course" / "exchange")], loaded.stderr
