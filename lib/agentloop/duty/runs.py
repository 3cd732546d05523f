"""Chapter 5: one folder a run — every run keeps its answer, state and trace, and none is
ever overwritten.

agent.json names the answer, state and trace files in one folder (out/answer.md,
out/state.json, out/trace.jsonl). Each run writes them into a numbered folder of its own
under that folder's runs/:

    WORKSPACE/out/
      runs/0001/answer.md        the first run: its answer (or question, or reason),
      runs/0001/state.json       what it hands the next run,
      runs/0001/trace.jsonl      its trace: agentloop replay WORKSPACE/out/runs/0001
      runs/0002/…                the second run; nothing of 0001 is touched
      latest                     "0002": the last run that finished (a plain text file)

A run takes the number after the highest one in runs/, four digits (0001, 0002, …, 9999,
then 10000). The next run reads the state of the run `latest` names; a run that broke
before it finished leaves its folder behind but does not become the latest. A workspace
written before runs had folders keeps its question in out/state.json, which is read when
there is no `latest` yet.

Nothing is written outside the workspace. The output folder, and runs/ in it, are resolved
(symbolic links followed) and refused when they lie outside the resolved workspace folder;
a run's folder and files are then created new, never opened if they exist, so a link
planted in their place is refused rather than followed. `latest` is replaced by renaming a
new file over it, which never writes through a link either.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from agentloop.duty.jsonfile import why
from agentloop.duty.workspace import Workspace
from agentloop.i18n import t

RUNS = "runs"
LATEST = "latest"
RUN_NAME = re.compile(r"\d{4,}")
CREATE_TRIES = 100   # runs started at the same moment take the next free numbers


class OutputError(ValueError):
    """The answer, the state or the trace cannot be written where the workspace says."""


@dataclass(frozen=True)
class RunFolder:
    """The folder of one run: its number, where it is, and how the banner shows it."""

    number: int
    path: Path                 # resolved
    shown: str                 # e.g. examples/my_agent/out/runs/0001

    @property
    def name(self) -> str:
        return run_name(self.number)

    def file(self, name: str) -> Path:
        return self.path / name

    def shown_file(self, name: str) -> str:
        return f"{self.shown}/{name}"

    def write(self, name: str, text: str) -> None:
        """Create the file `name` in this run's folder and write `text`; never overwrites."""
        try:
            with open_new(self.file(name)) as handle:
                handle.write(text)
        except OSError as exc:
            raise OutputError(t("cannot write {file}: {why}", file=self.shown_file(name),
                                why=why(exc))) from None


def run_name(number: int) -> str:
    return f"{number:04d}"


def open_new(path: Path) -> TextIO:
    """Open a new file for writing; refused if anything (a file, a link) is there already."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    return os.fdopen(os.open(path, flags, 0o666), "w", encoding="utf-8")


def output_folder(workspace: Workspace, create: bool = False) -> tuple[Path, str] | None:
    """The resolved folder holding runs/ and latest, and how it is shown; None when agent.json
    names no outputs. OutputError when it lies outside the workspace (or cannot be made)."""
    relative = workspace.out_folder
    if relative is None:
        return None
    shown = os.path.normpath(os.path.join(workspace.shown, relative))
    root = _resolved(workspace.folder, workspace.shown)
    folder = workspace.folder / relative
    if create:
        _make_inside(root, folder, shown)
    return _inside(root, folder, shown), shown


def new_run(workspace: Workspace) -> RunFolder | None:
    """Create the next run's folder (None when agent.json names no outputs)."""
    found = output_folder(workspace, create=True)
    if found is None:
        return None
    out, shown = found
    runs = _make_inside(out, out / RUNS, f"{shown}/{RUNS}")
    number = max(run_numbers(runs), default=0) + 1
    for _ in range(CREATE_TRIES):
        try:
            os.mkdir(runs / run_name(number))
        except FileExistsError:   # taken (a folder, a file or a link): the next number
            number += 1
            continue
        except OSError as exc:
            raise OutputError(t("cannot create the run folder {folder}: {why}",
                                folder=f"{shown}/{RUNS}/{run_name(number)}",
                                why=why(exc))) from None
        return RunFolder(number, runs / run_name(number), f"{shown}/{RUNS}/{run_name(number)}")
    raise OutputError(t("cannot create a run folder in {folder}: {count} numbers in a row "
                        "are taken", folder=f"{shown}/{RUNS}", count=CREATE_TRIES))


def run_numbers(runs: Path) -> list[int]:
    """The numbers of the run folders in `runs` (names of four or more digits)."""
    try:
        names = os.listdir(runs)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise OutputError(t("cannot read the run folders in {folder}: {why}", folder=runs,
                            why=why(exc))) from None
    return sorted(int(name) for name in names if RUN_NAME.fullmatch(name))


def mark_latest(workspace: Workspace, run: RunFolder) -> None:
    """Record `run` as the last run that finished: `latest` holds its folder's name."""
    found = output_folder(workspace)
    assert found is not None
    out, shown = found
    temporary = out / f".{LATEST}-{run.name}.tmp"
    try:
        with open_new(temporary) as handle:
            handle.write(run.name + "\n")
        os.replace(temporary, out / LATEST)   # a rename: never writes through a link
    except OSError as exc:
        try:
            temporary.unlink()
        except OSError:
            pass
        raise OutputError(t("cannot write {file}: {why}", file=f"{shown}/{LATEST}",
                            why=why(exc))) from None


def latest_run(workspace: Workspace) -> tuple[RunFolder, str] | None:
    """The last run that finished, as `latest` names it (None: no run finished yet). A
    `latest` that is not a run's name is an OutputError naming the file."""
    found = output_folder(workspace)
    if found is None:
        return None
    out, shown = found
    pointer = out / LATEST
    try:
        if not pointer.is_file() or pointer.is_symlink():
            if os.path.lexists(pointer):
                raise OutputError(t("{file} must be a plain file naming the last run (such "
                                    "as 0002); delete it to start afresh",
                                    file=f"{shown}/{LATEST}"))
            return None
        text = pointer.read_text(encoding="utf-8")[:100].strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise OutputError(t("cannot read {file}: {why}", file=f"{shown}/{LATEST}",
                            why=why(exc))) from None
    if not RUN_NAME.fullmatch(text):
        raise OutputError(t("{file} must name a run folder such as 0002, got {value}; "
                            "delete it to start afresh", file=f"{shown}/{LATEST}",
                            value=repr(text[:20])))
    folder = out / RUNS / text
    resolved = _inside(_resolved(workspace.folder, workspace.shown), folder,
                       f"{shown}/{RUNS}/{text}")
    return RunFolder(int(text), resolved, f"{shown}/{RUNS}/{text}"), shown


def _resolved(folder: Path, shown: str) -> Path:
    try:
        return folder.resolve(strict=True)
    except (OSError, RuntimeError) as exc:
        raise OutputError(t("cannot open the workspace {folder}: {why}", folder=shown,
                            why=why(exc))) from None


def _inside(root: Path, folder: Path, shown: str) -> Path:
    """`folder` resolved, if it lies inside `root`; else OutputError."""
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError) as exc:
        raise OutputError(t("cannot open {folder}: {why}", folder=shown,
                            why=why(exc))) from None
    if resolved != root and root not in resolved.parents:
        raise OutputError(t("{folder} leads outside the workspace (to {target}); a run "
                            "writes only inside its workspace folder", folder=shown,
                            target=resolved))
    return resolved


def _make_inside(root: Path, folder: Path, shown: str) -> Path:
    """Create `folder` and its missing parents, each checked to lie inside `root`."""
    resolved = _inside(root, folder, shown)
    missing = []
    walk = resolved
    while not walk.exists() and walk != root:
        missing.append(walk)
        walk = walk.parent
    for part in reversed(missing):
        try:
            os.mkdir(part)
        except FileExistsError:
            pass
        except OSError as exc:
            raise OutputError(t("cannot create {folder}: {why}", folder=shown,
                                why=why(exc))) from None
        _inside(root, part, shown)   # a link planted meanwhile is still refused
    if not resolved.is_dir():
        raise OutputError(t("cannot create {folder}: a file is in the folder's place",
                            folder=shown))
    return resolved
