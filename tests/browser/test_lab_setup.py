"""The Lab server the browser tests use is private and quiet."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser_env import LabServer

pytestmark = pytest.mark.browser


def lab_setting(lab: LabServer, plugin: str) -> dict:
    url = f"{lab.url}/lab/api/settings/{plugin}"
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())["settings"]  # the user settings Lab applies


def test_jupyter_news_and_update_checks_are_off(lab: LabServer) -> None:
    settings = lab_setting(lab, "@jupyterlab/apputils-extension:notification")
    assert settings["fetchNews"] == "false"
    assert settings["checkForUpdates"] is False


def test_every_cell_stays_in_the_page(lab: LabServer) -> None:
    """Windowing off: outputs of cells scrolled out of view can still be checked."""
    assert lab_setting(lab, "@jupyterlab/notebook-extension:tracker")["windowingMode"] == "none"
