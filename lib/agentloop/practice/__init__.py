"""Practising on your own: blank exercises in a workspace, progress, solutions after trying.

- `agentloop workspace` (run by `./course lab`) writes the course's student versions into a
  workspace folder of your own (`workspace/`), and later only adds or carefully updates;
- every `check("…")` you run there records its result in the workspace;
- `progress()` (the page `00_progress.ipynb`) and `agentloop progress` list every exercise
  of every chapter: passed, tried or not started;
- `solution("ch1-decide-answer")` shows an exercise's reference answer next to yours once
  its checks pass — or, before that, after you confirm that you want to see it.

In the zero-install site the workspace is the browser's own file system (JupyterLite keeps
it in the browser's storage), so the same calls work there.
"""

from __future__ import annotations

from agentloop.practice.solutions import show_solution, solution
from agentloop.practice.tracking import progress

__all__ = ["progress", "show_solution", "solution"]
