"""Where `./course lab` opens the course: the notebook the learner left off in, else the
first chapter — and only that one.

JupyterLab remembers the tabs that were open (its workspace file, in the Lab's state
folder) and, when it starts again, opens every one of them, each with a kernel of its own.
Before the Lab starts, `./course lab` asks this module which notebook to open:

- the notebook that was in front when the Lab last closed, if it is still in the workspace;
- else the course's first chapter (`01_agent_loop.ipynb`).

and keeps only that notebook in the remembered layout, so the Lab starts one kernel, for
the notebook on screen. The others are a click away in the file browser.

    python -m agentloop.practice.opening --workspace W --layouts L   # prints the notebook

(L is the Lab's JUPYTERLAB_WORKSPACES_DIR: ./course lab keeps it in the workspace, under
.agentloop/jupyter/lab-workspaces.)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from agentloop.practice.workspace import course_catalog

FIRST = "01_agent_loop.ipynb"
LAYOUT = "layout-restorer:data"


def first_chapter(workspace: Path) -> str:
    chapters = course_catalog(workspace).get("chapters", [])
    return chapters[0]["file"] if chapters else FIRST


def _layouts(layouts: Path) -> list[Path]:
    return sorted(layouts.glob("*.jupyterlab-workspace"))


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("data"), dict) else None


def _in_front(data: dict[str, Any]) -> str | None:
    """The path of the notebook that was in front, from a Lab workspace's data."""
    layout = data["data"].get(LAYOUT)
    current = layout.get("main", {}).get("current") if isinstance(layout, dict) else None
    if not isinstance(current, str) or not current.startswith("notebook:"):
        return None
    entry = data["data"].get(current, {})
    path = entry.get("data", {}).get("path") if isinstance(entry, dict) else None
    return path if isinstance(path, str) else current.removeprefix("notebook:")


def left_off(workspace: Path, layouts: Path) -> str:
    """The notebook to open: the one in front when the Lab last closed, else chapter 1."""
    for path in _layouts(layouts):
        data = _read(path)
        front = _in_front(data) if data is not None else None
        if front and (workspace / front).is_file() and front.endswith(".ipynb"):
            return front
    return first_chapter(workspace)


def keep_only(layouts: Path, notebook: str) -> None:
    """Leave `notebook` the one document in every remembered layout (a layout that cannot
    be read is left as it is: the Lab then handles it as it always does)."""
    key = f"notebook:{notebook}"
    for path in _layouts(layouts):
        data = _read(path)
        if data is None:
            continue
        layout = data["data"].get(LAYOUT)
        if isinstance(layout, dict):
            layout["main"] = {"dock": {"type": "tab-area", "currentIndex": 0,
                                       "widgets": [key]}, "current": key}
        for name in [k for k in data["data"] if k != key and _is_document(k)]:
            del data["data"][name]
        data["data"][key] = {"data": {"path": notebook, "factory": "Notebook"}}
        path.write_text(json.dumps(data), encoding="utf-8")


def _is_document(key: str) -> bool:
    """A layout entry that reopens a document (a notebook, a file in an editor or viewer)."""
    kind = key.split(":", 1)[0]
    return ":" in key and (kind in ("notebook", "editor", "markdownviewer-widget")
                           or kind.startswith(("csvviewer", "imageviewer", "pdf", "json")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workspace", type=Path, required=True)
    parser.add_argument("--layouts", type=Path, required=True,
                        help="the Lab's workspaces folder (JUPYTERLAB_WORKSPACES_DIR)")
    args = parser.parse_args(argv)
    notebook = left_off(args.workspace, args.layouts)
    keep_only(args.layouts, notebook)
    print(notebook)
    return 0


if __name__ == "__main__":
    sys.exit(main())
