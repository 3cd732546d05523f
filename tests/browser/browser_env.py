"""Shared pieces of the browser tests: paths, the Lab server process, the console log.

The fixtures that use them are in conftest.py; test modules import from here (not from
conftest, which pytest may import under another name).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path(os.environ.get("AGENTLOOP_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT = 180  # seconds; Lab starts in 8–11 s on a quiet 2-core box

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
LOCAL_SCHEMES = {"data", "blob", "about"}

# JupyterLab user settings: no news or update checks, every cell kept in the DOM.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def chapter_notebooks() -> list[Path]:
    """Every built chapter notebook; a new chapter joins the tests without edits."""
    return sorted(CHAPTERS.glob("*.ipynb"))


def non_local(urls: list[str]) -> list[str]:
    """The URLs that would leave this machine."""
    out = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme not in LOCAL_SCHEMES and parts.hostname not in LOCAL_HOSTS:
            out.append(url)
    return sorted(set(out))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def require_chromium() -> None:
    """Skip without Chromium locally; in CI (CI set) a missing browser is a failure."""
    if not CHROMIUM.exists():
        skip_or_fail(f"{CHROMIUM} not found: apt-get install -y chromium")


def require_npm() -> None:
    """The site's build fetches Pyodide with npm: skip without it locally, fail in CI."""
    if shutil.which("npm") is None:
        skip_or_fail("npm not found (the site build fetches Pyodide with it): "
                     "apt-get install -y npm")


def skip_or_fail(message: str) -> None:
    """A missing system tool skips a test on a reader's machine but fails it in CI."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


# --------------------------------------------------------------------------- lab server
@dataclass
class LabServer:
    """A running JupyterLab: its URL, root dir and log file."""

    url: str
    root: Path
    log: Path
    process: subprocess.Popen[bytes]

    def api(self, method: str, path: str) -> Any:
        """Call the REST API (no token is set)."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        for kernel in self.api("GET", "kernels"):
            self.api("DELETE", f"kernels/{kernel['id']}")

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def jupyter_env(base: Path) -> dict[str, str]:
    """Environment with private Jupyter/IPython dirs under `base`."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR"):
        path = base / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def write_lab_settings(settings_dir: Path) -> None:
    for relative, values in LAB_SETTINGS.items():
        target = settings_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values), encoding="utf-8")


def write_nbgrader_config(config_dir: Path, base: Path) -> None:
    """A private exchange and course dir, so nbgrader's views never touch /srv."""
    for name in ("exchange", "course"):
        (base / name).mkdir(exist_ok=True)
    (config_dir / "nbgrader_config.py").write_text(
        "c = get_config()  # noqa: F821\n"
        f"c.Exchange.root = {str(base / 'exchange')!r}\n"
        f"c.CourseDirectory.root = {str(base / 'course')!r}\n",
        encoding="utf-8",
    )


def wait_for_server(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited ({process.returncode}):\n"
                               f"{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=5):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    raise RuntimeError(f"JupyterLab did not answer within {SERVER_START_TIMEOUT} s:\n"
                       f"{log.read_text(errors='replace')[-3000:]}")


def stop_process_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (server and kernels), SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    for sig, grace in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


@dataclass
class ConsoleLog:
    """What a page said: console messages, uncaught errors and every request URL."""

    messages: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        # the context sees the page's, its workers' and its service worker's requests
        page.context.on("request", lambda request: self.requests.append(request.url))

    def _on_console(self, message: Any) -> None:
        line = f"{message.type}: {message.text}"
        self.messages.append(line)
        if message.type == "error":
            self.errors.append(line)

    def mark(self) -> int:
        """Index to pass to `errors_since`, to look only at what happens next."""
        return len(self.errors)

    def errors_since(self, mark: int) -> list[str]:
        return self.errors[mark:]

    def text(self) -> str:
        return "\n".join([*self.messages, "", "-- errors --", *self.errors,
                          "", "-- requests --", *self.requests])
