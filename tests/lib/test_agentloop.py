"""The library as a whole (agentloop): importing it loads nothing heavy (no Jupyter, no plots)."""

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
