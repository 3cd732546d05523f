"""The zero-install site (JupyterLite + Pyodide), served from localhost, used offline.

The site is built once per session from the current tree (tools/build_site.py into a
temp dir). With AGENTLOOP_SITE=skip the already built site/ is used instead, and the
tests skip if there is none.
"""

from __future__ import annotations

import functools
import http.server
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
    NotebookFacts,
    error_outputs,
    mermaid_failures,
    open_lite_notebook,
    run_all,
    wait_mermaid,
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
