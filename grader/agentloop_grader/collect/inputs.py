"""Collect: every input as a tree of folders and files, whether a folder on disk (disk.py)
or a zip (zips.py); a file is read only when needed, within a cap, and the zips on disk it
comes from stay open within a bound (`Archives`).
"""

from __future__ import annotations

import datetime as dt
import zipfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

MAX_MEMBER_BYTES = 20 * 1024 * 1024  # one notebook or file
MAX_OPEN_ZIPS = 32  # a class folder may hold hundreds of student zips: bound the open files
JUNK = {"__MACOSX": "macOS metadata", ".ipynb_checkpoints": "Jupyter checkpoints",
        "__pycache__": "Python cache"}


class Unreadable(Exception):
    """A file that could not be read within the caps; the message is the reason."""


@dataclass
class File:
    """A file of an input, read only when needed."""

    origin: str  # shown in the report: "/dl/x.ipynb" or "/dl/class.zip:a/x.ipynb"
    size: int
    when: dt.datetime  # naive UTC
    when_from: str
    read: Callable[[], bytes]  # raises Unreadable
    zip_error: str = ""  # a .zip that could not be opened


@dataclass
class Folder:
    """A folder of an input: on disk, or a zip (or a folder inside one)."""

    name: str
    origin: str
    when: dt.datetime
    when_from: str
    files: list[tuple[str, File]] = field(default_factory=list)
    folders: dict[str, Folder] = field(default_factory=dict)
    disk: Path | None = None
    raw: tuple[str, File] | None = None  # for a zip read as a folder: its own name and file

    def file(self, name: str) -> File | None:
        return next((f for n, f in self.files if n == name), None)


def utc(timestamp: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).replace(tzinfo=None)


def capped(file: File, limit: int) -> bytes:
    """The file's bytes, or Unreadable when it is larger than `limit`."""
    if file.size > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    return file.read()


def mount(parent: Folder, child: Folder) -> None:
    """Put `child` in `parent`, under another name when one is taken: both are kept."""
    name = child.name
    if name in parent.folders:  # "jane/" beside "jane.zip": keep both
        name = child.raw[0] if child.raw else f"{name} ({len(parent.folders)})"
    parent.folders[name] = child


class Archives:
    """Zips on disk, reopened when needed so that at most MAX_OPEN_ZIPS are open at a time."""

    def __init__(self) -> None:
        self.open: OrderedDict[Path, zipfile.ZipFile] = OrderedDict()

    def get(self, path: Path) -> zipfile.ZipFile:
        if path in self.open:
            self.open.move_to_end(path)
            return self.open[path]
        try:
            archive = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            raise Unreadable(f"not a readable zip ({exc})") from None
        self.open[path] = archive
        if len(self.open) > MAX_OPEN_ZIPS:
            self.open.popitem(last=False)[1].close()
        return archive

    def close(self) -> None:
        for archive in self.open.values():
            archive.close()
        self.open.clear()


def junk(name: str) -> str | None:
    if name in JUNK:
        return JUNK[name]
    return "hidden folder" if name.startswith(".") else None
