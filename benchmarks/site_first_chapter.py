"""How soon the zero-install site's first chapter is usable (a script that prints figures).

    python benchmarks/site_first_chapter.py [--site site/] [--runs 3]

Serves a built site (tools/build_site.py; default site/) on localhost and opens it in
Debian's Chromium (playwright, headless), as a learner does: the site's address alone, which
opens chapter 1. For each run, two visits:

- **cold**: a new browser profile, so Pyodide (about 10 MB of wasm and its standard library)
  and the course's wheels come from the server;
- **cached**: the same profile visiting again, so the browser's cache holds them (the server
  answers "not modified").

Each visit prints when chapter 1 showed, when its kernel was idle, and when its first code
cell (the chapter's imports) had run — the moment the chapter is usable. The figures go into
docs/site.md by hand; they depend on the machine and on what else it is running.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from browser_env import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from lab_ui import CURRENT, KERNEL_IDLE_JS  # noqa: E402

FIRST = "01_agent_loop.ipynb"
TIMEOUT = 600_000  # ms: a cold Pyodide on a busy 2-core box
TAB_JS = """path => { const tab = document.querySelector(
  '#jp-main-dock-panel .lm-TabBar-tab.jp-mod-current');
  return !!tab && tab.title.split('\\n').includes('Path: ' + path); }"""
FIRST_OUTPUT_JS = f"""() => {{ const cell = document.querySelector('{CURRENT} .jp-CodeCell');
  const prompt = cell && cell.querySelector('.jp-InputArea-prompt');
  return prompt && /^\\[\\d+\\]/.test(prompt.textContent.trim()); }}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    """The static server tests/browser/test_site.py uses: the MIME types Pyodide needs."""

    extensions_map = {  # noqa: RUF012 - the stdlib's own attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def visit(context: Any, url: str) -> dict[str, float]:
    """One visit of the site's address: seconds until chapter 1 shows, its kernel is idle,
    its first code cell has run (Shift+Enter on it)."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"{url}/lab/index.html", wait_until="domcontentloaded")
    page.wait_for_function(TAB_JS, arg=FIRST, timeout=TIMEOUT, polling=100)
    shown = time.perf_counter() - start
    print(f"  chapter 1 shown after {shown:.1f} s", file=sys.stderr, flush=True)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=TIMEOUT, polling=100)
    idle = time.perf_counter() - start
    print(f"  kernel idle after {idle:.1f} s", file=sys.stderr, flush=True)
    page.locator(f"{CURRENT} .jp-CodeCell .jp-InputPrompt").first.click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(FIRST_OUTPUT_JS, timeout=TIMEOUT, polling=100)
    ran = time.perf_counter() - start
    page.close()
    return {"chapter shown": shown, "kernel idle": idle, "first cell run": ran}


def measure(site: Path, runs: int) -> dict[str, list[dict[str, float]]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, list[dict[str, float]]] = {"cold": [], "cached": []}
    with served(site) as url, sync_playwright() as playwright:
        for _ in range(runs):
            with tempfile.TemporaryDirectory(prefix="agentloop-bench-profile-") as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                    viewport={"width": 1400, "height": 1000})
                try:
                    out["cold"].append(visit(context, url))
                    out["cached"].append(visit(context, url))
                finally:
                    context.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site",
                        help="a built site (default: site/)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not (args.site / "jupyter-lite.json").is_file():
        print(f"site_first_chapter: {args.site} is not a built site; build one with "
              "python tools/build_site.py [--output DIR]", file=sys.stderr)
        return 2
    if not CHROMIUM.exists():
        print(f"site_first_chapter: {CHROMIUM} not found: apt-get install -y chromium",
              file=sys.stderr)
        return 2
    if args.runs < 1:
        print("site_first_chapter: --runs must be 1 or more", file=sys.stderr)
        return 2
    results = measure(args.site.resolve(), args.runs)
    print(f"site: {args.site}  runs: {args.runs}  (median, min-max, seconds from the address)")
    for kind, visits in results.items():
        for what in visits[0]:
            values = [v[what] for v in visits]
            print(f"  {kind:<7} {what:<15} {statistics.median(values):6.1f} s   "
                  f"({min(values):.1f}-{max(values):.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
