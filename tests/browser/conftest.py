"""Fixtures for the browser tests: a JupyterLab server, Debian's Chromium, pages.

Everything runs on 127.0.0.1 with throw-away Jupyter config/data/runtime/settings dirs,
so the user's own Jupyter setup is neither read nor changed. A failing test leaves a
screenshot, the page's console log (and the Lab server's log) in test-artifacts/.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_env import (
    ARTIFACTS,
    CHAPTERS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ConsoleLog,
    LabServer,
    chapter_notebooks,
    free_port,
    jupyter_env,
    require_chromium,
    stop_process_group,
    wait_for_server,
    write_lab_settings,
    write_nbgrader_config,
)

REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """JupyterLab on a free localhost port, serving a temp copy of chapters/."""
    if not chapter_notebooks():
        pytest.skip("no chapters/*.ipynb yet: run python tools/build_chapters.py")
    base = tmp_path_factory.mktemp("lab")
    root = base / "chapters"
    shutil.copytree(CHAPTERS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = jupyter_env(base / "jupyter")
    write_lab_settings(Path(env["JUPYTERLAB_SETTINGS_DIR"]))
    write_nbgrader_config(Path(env["JUPYTER_CONFIG_DIR"]), base)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = base / "jupyterlab.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
               "--ip", "127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
               "--ServerApp.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={root}",
               f"--LabApp.user_settings_dir={env['JUPYTERLAB_SETTINGS_DIR']}",
               f"--LabApp.workspaces_dir={env['JUPYTERLAB_WORKSPACES_DIR']}"]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_server(url, process, log)
        yield LabServer(url=url, root=root, log=log, process=process)
    finally:
        stop_process_group(process)


# --------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, with no background traffic."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item, for the screenshot-on-failure teardown."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


def failed(node: pytest.Item) -> bool:
    reports = node.stash.get(REPORTS, {})
    return any(r.failed for r in reports.values())


def artifact_stem(node: pytest.Item) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / re.sub(r"[^\w.-]+", "_", node.nodeid)[-150:]


def save_artifacts(node: pytest.Item, page: Any, console: ConsoleLog) -> None:
    stem = artifact_stem(node).name
    try:
        page.screenshot(path=str(ARTIFACTS / f"{stem}.png"), full_page=True, timeout=30_000)
    except Exception as error:  # a crashed page still gets its log saved
        console.messages.append(f"(screenshot failed: {error})")
    (ARTIFACTS / f"{stem}.console.log").write_text(console.text(), encoding="utf-8")


@pytest.fixture
def console() -> ConsoleLog:
    return ConsoleLog()


@pytest.fixture
def page(browser: Any, console: ConsoleLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context and page; on failure, screenshot + console log saved."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    tab = context.new_page()
    console.attach(tab)
    yield tab
    if failed(request.node):
        save_artifacts(request.node, tab, console)
    context.close()


@pytest.fixture
def lab(lab_server: LabServer, request: pytest.FixtureRequest) -> Iterator[LabServer]:
    """The session's Lab server; kernels shut down after the test, log saved on failure."""
    yield lab_server
    if failed(request.node):
        stem = artifact_stem(request.node)
        log = stem.with_name(f"{stem.name}.jupyterlab.log")
        log.write_text(lab_server.log_tail(200), encoding="utf-8")
    try:
        lab_server.shutdown_kernels()
    except (urllib.error.URLError, OSError):
        pass
