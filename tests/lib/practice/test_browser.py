"""The zero-install site's Run All (agentloop.practice.browser): installed in the browser only."""

from __future__ import annotations


def test_the_site_installs_it_in_the_browser_only() -> None:
    from agentloop.practice import browser

    assert browser.install() is False  # not Pyodide
