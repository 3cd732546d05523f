"""The zero-install site only: Run All goes on past an exercise that is not done yet.

JupyterLite cancels every queued cell as soon as one cell ends in an error (it ignores the
`raises-exception` tag JupyterLab honours), so a blank exercise — whose stub raises
NotImplementedError — would stop Run All at the first exercise. In Pyodide (and only
there) `import agentloop` calls `install()` (every chapter imports it in its first code
cell): from then on a blank exercise's NotImplementedError that reaches the top of a cell
is told in one calm line (agentloop.practice.blank) instead of failing the cell, so the
cells below still run. Other errors stop as usual. A learner's kernel in JupyterLab gets
the same line from `agentloop.practice.blank` as an IPython extension.
"""

from __future__ import annotations

from agentloop.practice import blank
from agentloop.practice.workspace import in_browser


def install() -> bool:
    """Tell an unfinished exercise in one line without failing its cell; True if
    installed (in the browser only)."""
    return in_browser() and blank.install()
