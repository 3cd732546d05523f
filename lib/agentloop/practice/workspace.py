"""Where a learner's workspace is, and the small files it keeps about the course.

    workspace/                     the learner's own folder (git-ignored in this repository)
        00_progress.ipynb          the progress page
        01_agent_loop.ipynb …      the chapters with blank exercises (nbgrader's student versions)
        old-versions/              a chapter as it was before a course update changed it
        .agentloop/                kept by the course (hidden in the file browser):
            workspace.json         which course version of each notebook was written
            versions/              the notebooks exactly as they were written (for updates)
            course.json            every chapter's exercises and checks
            progress.json          what `check(...)` found, which exercises are solved, and
                                   which solutions were shown
            solutions.bundle       the reference answers, each sealed until solved
            jupyter/               the learner's JupyterLab state and kernel (./course lab)

All of it is copied from a learner release (agentloop.practice.release, .update).

`find_workspace()` walks up from the notebook's folder (then from the current directory) to
the first folder with `.agentloop/workspace.json`. In the zero-install site (Pyodide) the
browser's file system, `/drive`, is the workspace. Anywhere else — the instructor
notebooks, nbval, the grader — there is no workspace and nothing is recorded.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

STATE_DIR = ".agentloop"
MANIFEST = "workspace.json"
PROGRESS = "progress.json"
COURSE = "course.json"
SOLUTIONS = "solutions.bundle"
VERSIONS = "versions"
OLD_VERSIONS = "old-versions"
PROGRESS_PAGE = "00_progress.ipynb"
BROWSER_DRIVE = Path("/drive")
ENV = "AGENTLOOP_WORKSPACE"


def in_browser() -> bool:
    """True inside the zero-install site's Pyodide kernel."""
    return sys.platform == "emscripten"


def state_dir(workspace: Path) -> Path:
    return workspace / STATE_DIR


def is_workspace(folder: Path) -> bool:
    return (folder / STATE_DIR / MANIFEST).is_file()


def find_workspace(start: Path | None = None) -> Path | None:
    """The workspace the running notebook (or `start`) belongs to, or None.

    A notebook's kernel starts in the notebook's folder, but a chapter may change the
    current folder (chapter 5 works in a temporary copy of its example office): so the
    notebook's own path, which Jupyter gives its kernel as $JPY_SESSION_NAME, is asked
    first, then the current folder."""
    if in_browser():  # the site: the browser's drive, without asking it for files it lacks
        return BROWSER_DRIVE if BROWSER_DRIVE.is_dir() else None
    if start is not None:
        places = [Path(start)]
    else:
        session = os.environ.get("JPY_SESSION_NAME")
        places = [Path(session).parent] if session and os.path.isabs(session) else []
        places.append(Path.cwd())
    for place in places:
        try:
            here = place.resolve()
        except OSError:
            continue
        for folder in (here, *here.parents):
            if is_workspace(folder):
                return folder
    return None


def default_workspace() -> Path:
    """$AGENTLOOP_WORKSPACE, else workspace/ in this repository (next to chapters/)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    return repository() / "workspace"


def repository() -> Path:
    """The course repository this library is installed from (editable, in a clone); in a
    learner edition or an installed wheel this is some folder without chapters/."""
    return Path(__file__).resolve().parents[3]


def exists(path: Path) -> bool:
    """Whether `path` exists. In the browser, from its folder's listing: asking the drive
    for a missing file is a failed request the page's console reports."""
    if not in_browser():
        return path.exists()
    try:
        return path.parent == path or (exists(path.parent) and path.name in
                                       os.listdir(path.parent))
    except OSError:
        return False


def read_json(path: Path, default: Any) -> Any:
    """The JSON in `path`, or `default` when it is missing or unreadable."""
    if in_browser() and not exists(path):
        return default
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON; through a temporary file where renaming is safe."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if in_browser():  # the browser's drive: write in place
        path.write_text(text, encoding="utf-8")
        return
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


SITE_RELEASE = "agentloop_site_release"  # the site's learner release, as a package


def bundled() -> Any:
    """The zero-install site's learner release (its catalog `COURSE` and bundle
    `SOLUTIONS`): the package tools/build_site.py makes of it, or None anywhere else."""
    import importlib

    try:
        return importlib.import_module(SITE_RELEASE)
    except ImportError:
        return None


def site_release() -> tuple[dict[str, Any], str] | None:
    """The site's catalog and bundle of the course in the current language (the notebook's
    first cell chose it; the site holds one release a language), or None outside the site."""
    pack = bundled()
    if pack is None:
        return None
    from agentloop.i18n import current

    return pack.release(current().value)


def course_catalog(workspace: Path | None) -> dict[str, Any]:
    """Every chapter's exercises and checks: the workspace's course.json, else the site's."""
    if workspace is not None and not in_browser():
        data = read_json(state_dir(workspace) / COURSE, None)
        if data is not None:
            return data
    found = site_release()
    return found[0] if found is not None else {"chapters": []}
