"""The library as a whole: light to import, documented, one place per chapter concept."""

from __future__ import annotations

import subprocess
import sys


def test_import_agentloop_loads_no_jupyter_packages():
    code = ("import sys, agentloop, agentloop.loop, agentloop.checks, agentloop.widgets; "
            "heavy = [m for m in ('ipywidgets', 'IPython', 'nbgrader', 'matplotlib', 'nbformat') "
            "if m in sys.modules]; print(heavy)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_unknown_widget_names_are_explained():
    import agentloop.widgets

    try:
        agentloop.widgets.nope  # noqa: B018
    except AttributeError as error:
        assert "has no attribute 'nope'" in str(error)
    else:
        raise AssertionError("expected AttributeError")
