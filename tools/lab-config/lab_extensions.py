"""The JupyterLab extensions a course Lab loads: every installed one but those left out.

JupyterLab loads the code of every federated extension it finds, even a disabled one, so
an extension is kept out of the page only by leaving it off `LabApp.labextensions_path`.
`only_some(name, leave_out, add)` builds lab-extensions/<name>/ in the Lab's own state
folder ($AGENTLOOP_LAB_STATE, which ./course sets: the workspace's .agentloop/jupyter for
the learner, build/instructor-lab for --solutions; build/ in the repository otherwise): one
symbolic link per installed extension except `leave_out`, and one per extension found in the
folders `add` (the course's own, learner/labextensions/), and returns that folder for
`c.LabApp.labextensions_path`.
"""

from __future__ import annotations

import os
from pathlib import Path

from jupyter_core.paths import jupyter_path

REPOSITORY = Path(__file__).resolve().parents[2]


def installed(folders: list[Path] | None = None) -> dict[str, Path]:
    """Every prebuilt extension on Jupyter's path (or in `folders`), by package name (first
    found wins)."""
    found: dict[str, Path] = {}
    for folder in folders if folders is not None else map(Path, jupyter_path("labextensions")):
        for package in [*folder.glob("*/package.json"), *folder.glob("@*/*/package.json")]:
            name = package.parent.relative_to(folder).as_posix()
            found.setdefault(name, package.parent)
    return found


def only_some(name: str, leave_out: set[str], add: tuple[Path, ...] = ()) -> list[str]:
    state = os.environ.get("AGENTLOOP_LAB_STATE") or REPOSITORY / "build"
    target = Path(state) / "lab-extensions" / name
    wanted = {package: source for package, source in installed().items()
              if package not in leave_out}
    wanted.update(installed(list(add)))
    if target.exists():  # drop links that are stale or no longer wanted
        for link in [*target.glob("*"), *target.glob("@*/*")]:
            package = link.relative_to(target).as_posix()
            if link.is_symlink() and Path(os.readlink(link)) != wanted.get(package):
                link.unlink()
    for package, source in sorted(wanted.items()):
        link = target / package
        if not link.is_symlink():
            link.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(source, link, target_is_directory=True)
    target.mkdir(parents=True, exist_ok=True)
    return [str(target)]
