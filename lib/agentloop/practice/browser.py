"""The zero-install site only: Run All goes on past an exercise that is not done yet.

JupyterLite cancels every queued cell as soon as one cell ends in an error (it ignores the
`raises-exception` tag JupyterLab honours), so a blank exercise — whose stub raises
NotImplementedError — would stop Run All at the first exercise. In Pyodide (and only
there) `import agentloop` calls `install()` (every chapter imports it in its first code
cell): from then on a NotImplementedError that reaches the top of a cell is reported in one
line of output instead of as a failed cell. Other errors stop as usual.
"""

from __future__ import annotations

import sys
from typing import Any

from agentloop.practice.workspace import in_browser

NOT_DONE = ("✘ not done yet: an exercise's answer still raises NotImplementedError — "
            "replace `raise NotImplementedError()` with your code. (The cells below still run.)")


def _not_done(shell: Any, etype: type, value: BaseException, tb: Any,
              tb_offset: int | None = None) -> None:
    print(NOT_DONE)


def install() -> bool:
    """Report an unfinished exercise without failing its cell; True if installed."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and in_browser() else None
    if shell is None:
        return False
    if NotImplementedError not in getattr(shell, "custom_exceptions", ()):
        shell.set_custom_exc((NotImplementedError,), _not_done)
    return True
