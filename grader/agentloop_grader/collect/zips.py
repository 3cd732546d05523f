"""Collect: a zip as a folder (inputs.py), read in memory within caps: at most MAX_MEMBERS
entries and MAX_ZIP_TOTAL unpacked, a zip in a zip only MAX_ZIP_DEPTH deep, and never more
than inputs.MAX_OPEN_ZIPS open at once. A member's name is never used as a path (member_parts).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import stat
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from .inputs import JUNK, MAX_MEMBER_BYTES, Archives, File, Folder, Unreadable, capped, mount
from .scan import Scan
from .walk import special

MAX_ZIP_TOTAL = 500 * 1024 * 1024  # unpacked from one zip
MAX_MEMBERS = 5_000
MAX_NESTED_ZIP_BYTES = 100 * 1024 * 1024  # a zip inside a zip is read into memory
MAX_ZIP_DEPTH = 2  # a class zip of student zips, no deeper


def add_file(folder: Folder, name: str, file: File, source: Path | None, scan: Scan,
             depth: int) -> None:
    """Add a file; a zip is added as a folder named after it (a student's zip = their folder)."""
    if not name.lower().endswith(".zip"):
        folder.files.append((name, file))
        return
    try:
        if depth >= MAX_ZIP_DEPTH:
            raise Unreadable(f"a zip inside {MAX_ZIP_DEPTH} zips is not opened")
        data = source if source is not None else capped(file, MAX_NESTED_ZIP_BYTES)
        mount(folder, zip_folder(name, file, data, scan, depth + 1))
    except Unreadable as exc:
        folder.files.append((name, File(file.origin, file.size, file.when, file.when_from,
                                        file.read, zip_error=str(exc))))


class _Budget:
    """Bytes still allowed out of one zip."""

    def __init__(self, total: int) -> None:
        self.left = total

    def take(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            raise Unreadable(f"the zip holds more than {MAX_ZIP_TOTAL // 2**20} MB unpacked")


def _read_member(archive: Callable[[], zipfile.ZipFile], member: zipfile.ZipInfo,
                 budget: _Budget, limit: int = MAX_MEMBER_BYTES) -> bytes:
    if member.file_size > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    try:
        with archive().open(member) as handle:
            data = handle.read(limit + 1)  # the header may lie about the size
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError) as exc:
        raise Unreadable(f"unreadable zip member ({exc})") from None
    if len(data) > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    budget.take(len(data))
    return data


def member_parts(name: str) -> list[str]:
    """A zip member's name as path parts without '', '.', '..' or drive roots (never a path)."""
    return [p for p in re.split(r"[\\/]+", name) if p not in ("", ".", "..")]


def _member_time(member: zipfile.ZipInfo) -> dt.datetime:
    try:
        return dt.datetime(*member.date_time)
    except ValueError:  # a zero date in the header
        return dt.datetime(1980, 1, 1)


def _opener(source: Path | bytes, archives: Archives) -> Callable[[], zipfile.ZipFile]:
    """How to get the open zip: reopened from disk when needed, or kept in memory."""
    if isinstance(source, Path):
        return partial(archives.get, source)
    try:  # a zip inside a zip: already in memory, no file stays open
        in_memory = zipfile.ZipFile(io.BytesIO(source))
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise Unreadable(f"not a readable zip ({exc})") from None

    def get() -> zipfile.ZipFile:
        return in_memory

    return get


def zip_folder(name: str, file: File, source: Path | bytes, scan: Scan, depth: int) -> Folder:
    archive = _opener(source, scan.archives)
    members = archive().infolist()
    if len(members) > MAX_MEMBERS:
        raise Unreadable(f"more than {MAX_MEMBERS} entries")
    root = Folder(re.sub(r"\.zip$", "", name, flags=re.I), file.origin, file.when,
                  file.when_from, raw=(name, file))
    budget = _Budget(MAX_ZIP_TOTAL)
    for member in members:
        origin = f"{file.origin}:{member.filename}"
        parts = member_parts(member.filename)
        if not parts:
            scan.skip(origin, "no usable name")
            continue
        when = _member_time(member)
        where = _zip_subfolder(root, parts if member.is_dir() else parts[:-1], when, file)
        if member.is_dir():
            continue
        if stat.S_ISLNK(member.external_attr >> 16):
            scan.skip(origin, "symbolic link (never followed)")
            continue
        limit = MAX_NESTED_ZIP_BYTES if parts[-1].lower().endswith(".zip") else MAX_MEMBER_BYTES
        entry = File(origin, member.file_size, when, "the zip member's date",
                     partial(_read_member, archive, member, budget, limit))
        add_file(where, parts[-1], entry, None, scan, depth)
    return _unwrap(root, scan.sources.assignment)


def _zip_subfolder(root: Folder, parts: list[str], when: dt.datetime, file: File) -> Folder:
    folder = root
    for i, part in enumerate(parts):
        if part not in folder.folders:
            origin = f"{file.origin}:{'/'.join(parts[:i + 1])}"
            folder.folders[part] = Folder(part, origin, when, "the zip member's date")
        folder = folder.folders[part]
    return folder


def _unwrap(root: Folder, assignment: str) -> Folder:
    """A zip holding one folder (`work/...`) is read as that folder, under the zip's name."""
    real = {n: f for n, f in root.folders.items() if n not in JUNK}
    if root.files or len(real) != 1:
        return root
    (inner,) = real.values()
    if special(inner, assignment):
        return root
    junk = {n: f for n, f in root.folders.items() if n in JUNK}
    return Folder(root.name, root.origin, root.when, root.when_from, list(inner.files),
                  {**junk, **inner.folders}, raw=root.raw)
