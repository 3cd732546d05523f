"""Collect: a folder on disk as a tree (inputs.py): symbolic links never followed, the
course's own folder never read, a zip inside it read as a folder (zips.py).
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

from .inputs import MAX_MEMBER_BYTES, File, Folder, Unreadable, mount, utc
from .scan import Scan
from .zips import add_file


def read_disk(path: Path, limit: int) -> bytes:
    try:
        # O_NOFOLLOW: a file swapped for a symbolic link after the scan is still not followed
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise Unreadable(f"unreadable ({exc.strerror})") from None
    if len(data) > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    return data


def disk_file(path: Path, info: os.stat_result) -> File:
    return File(str(path), info.st_size, utc(info.st_mtime), "the file's mtime",
                partial(read_disk, path, MAX_MEMBER_BYTES))


def disk_folder(path: Path, scan: Scan) -> Folder:
    folder = Folder(path.name, str(path), utc(path.stat().st_mtime), "the folder's mtime",
                    disk=path)
    try:
        entries = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError as exc:
        scan.skip(str(path), f"unreadable folder ({exc.strerror})")
        return folder
    for entry in entries:
        child = Path(entry.path)
        if entry.is_symlink():
            scan.skip(str(child), "symbolic link (never followed)")
        elif entry.is_dir(follow_symlinks=False):
            if scan.is_target(child):
                scan.skip(str(child), "this course's own folder (collect writes there)")
            else:
                mount(folder, disk_folder(child, scan))
        elif entry.is_file(follow_symlinks=False):
            add_file(folder, entry.name, disk_file(child, entry.stat(follow_symlinks=False)),
                     child, scan, 0)
        else:
            scan.skip(str(child), "not a regular file")
    return folder
