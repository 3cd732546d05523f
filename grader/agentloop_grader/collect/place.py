"""Collect: each chosen submission written into submitted/<student>/<assignment>/, unless a
newer one is there already: the notebooks under the source notebooks' names, the
student's other files (within nbgrader's max_dir_size), and a timestamp.txt only when the
time is a real one; what was placed is recorded in the result, line by line.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from ..course import GradingError
from .choose import show
from .inputs import MAX_MEMBER_BYTES, File, Unreadable, capped, utc
from .nbgrader import TIME_FORMAT, parse_time
from .result import Item, Placed
from .scan import Scan, Source, Submission

MAX_SUBMISSION_BYTES = 100 * 1024 * 1024  # nbgrader's max_dir_size


Extra = tuple[tuple[str, ...], bytes, File]  # a student's other file: where, bytes, origin


@dataclass
class Existing:
    """What submitted/<student>/<assignment>/ already holds."""

    when: dt.datetime | None
    notebooks: list[str]


def _existing(folder: Path) -> Existing | None:
    if not folder.is_dir():
        return None
    notebooks = sorted(folder.glob("*.ipynb"))
    try:
        when = parse_time((folder / "timestamp.txt").read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError):
        when = None
    if when is None and notebooks:
        when = max(utc(p.stat().st_mtime) for p in notebooks)
    return Existing(when, [p.stem for p in notebooks])


def _why_not_replace(old: Existing, sub: Submission, notebooks: bool) -> str:
    """Why the submission already collected stays ('' to replace it)."""
    old_time = show(old.when) if old.when else "no time"
    if not notebooks:
        have = ", ".join(old.notebooks) or "no notebook"
        return f"already collected ({have}, {old_time}); this one has no notebook"
    if not old.notebooks or old.when is None:
        return ""
    if sub.when == old.when:
        return f"already collected (same time, {old_time})"
    if sub.when < old.when:
        return (f"older ({show(sub.when)}) than the submission already collected "
                f"({old_time}); kept that one")
    return ""


def _read_all(sub: Submission, scan: Scan) -> tuple[dict[str, bytes], list[Extra]]:
    """The bytes to write; what cannot be read (or is over the caps) is skipped."""
    notebooks: dict[str, bytes] = {}
    files: list[Extra] = []
    total = 0
    for name, pick in sub.notebooks.items():
        try:
            notebooks[name] = pick.file.read()
        except Unreadable as exc:
            scan.skip(pick.file.origin, str(exc))
    for rel, file in sub.extras:
        if not all(_safe_part(p) for p in rel):
            scan.skip(file.origin, "unsafe file name")
            continue
        try:
            data = capped(file, MAX_MEMBER_BYTES)
        except Unreadable as exc:
            scan.skip(file.origin, str(exc))
            continue
        total += len(data)
        if total > MAX_SUBMISSION_BYTES:
            scan.skip(file.origin, f"the submission's files exceed "
                      f"{MAX_SUBMISSION_BYTES // 2**20} MB")
            continue
        files.append((rel, data, file))
    return notebooks, files


def _safe_part(part: str) -> bool:
    return part not in ("", ".", "..") and not re.search(r"[/\\\x00]", part) and len(part) < 256


def place(sub: Submission, scan: Scan) -> None:
    """Write one submission into submitted/, unless a newer one is already there."""
    folder = scan.course.path("submitted", sub.student, scan.assignment)
    base = (scan.course.root / "submitted").resolve()
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()) or \
            not folder.resolve().is_relative_to(base):
        scan.skip(sub.origin, f"{folder} is a symbolic link or not a folder; left alone")
        return
    notebooks, files = _read_all(sub, scan)
    old = _existing(folder)
    if old is not None and sub.timeless and notebooks:  # no times to compare: the files
        if all((folder / f"{name}.ipynb").is_file() and
               (folder / f"{name}.ipynb").read_bytes() == data
               for name, data in notebooks.items()):
            scan.skip(sub.origin, f"{sub.student}: already collected (the same notebooks)")
            return
        sub.note = "replaced what was collected before (no times to compare: these files " \
                   "differ)"
        old = None
    if old is not None:
        why = _why_not_replace(old, sub, bool(notebooks))
        if why:
            scan.skip(sub.origin, f"{sub.student}: {why}")
            return
        sub.note = ("replaced a submission with no notebook" if not old.notebooks else
                    f"replaced older submission ({show(old.when) if old.when else '?'} "
                    f"→ {show(sub.when)})")
        kept = [n for n in old.notebooks if n not in notebooks]
        if sub.kind is not Source.LMS:  # nbgrader replaces the whole folder
            shutil.rmtree(folder)
        elif kept:  # LMS files come one by one: a notebook not in this download stays
            sub.note += f"; kept {', '.join(kept)} from before"
    if sub.timeless:
        (folder / "timestamp.txt").unlink(missing_ok=True)  # none is better than a wrong one
        stamp = b"no submission time"
    else:
        stamp = sub.stamp or sub.when.strftime(TIME_FORMAT).encode()
        _write(folder, ("timestamp.txt",), stamp)
    for name, data in notebooks.items():
        _write(folder, (f"{name}.ipynb",), data)
    for rel, data, _ in files:
        _write(folder, rel, data)
    _record(sub, notebooks, files, stamp.decode("utf-8", "replace").strip(), scan)


def _write(folder: Path, rel: tuple[str, ...], data: bytes) -> None:
    path = folder.joinpath(*rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.parent.resolve().is_relative_to(folder.resolve()):
        raise GradingError(f"refusing to write {path}: outside {folder}")  # cannot happen
    if path.is_symlink():
        path.unlink()
    path.write_bytes(data)


def _record(sub: Submission, notebooks: dict[str, bytes],
            files: list[Extra], stamp: str, scan: Scan) -> None:
    placed = scan.result.placed
    for name in notebooks:
        pick = sub.notebooks[name]
        note = "; ".join(filter(None, [pick.lms, f"time from {pick.when_from}", pick.how,
                                       sub.note]))
        placed.append(Placed(sub.student, name, pick.file.origin, stamp, note))
    if not notebooks:
        note = "; ".join(filter(None, [f"time from {sub.when_from}", sub.note]))
        placed.append(Placed(sub.student, "", sub.origin, stamp, note, kind=Item.NONE))
    for rel, _, file in files:
        placed.append(Placed(sub.student, "/".join(rel), file.origin, stamp,
                             kind=Item.FILE))
