"""Inputs as trees (collect/inputs.py): a folder beside a zip of the same name keeps both, a
file over its cap is never read, few zips stay open, and what a download holds that is
nobody's work is named."""

from __future__ import annotations

import datetime as dt
import zipfile

import pytest
from agentloop_grader.collect import inputs
from agentloop_grader.collect.inputs import Archives, File, Folder, Unreadable, capped, junk, mount

WHEN = dt.datetime(2026, 11, 30)


def never_read() -> bytes:
    raise AssertionError("read past its cap")


def test_a_folder_and_a_zip_of_one_name_are_both_kept():
    parent = Folder("class", "/dl/class", WHEN, "mtime")
    mount(parent, Folder("jane", "/dl/class/jane", WHEN, "mtime"))
    as_zip = File("/dl/class/jane.zip", 10, WHEN, "mtime", bytes)
    mount(parent, Folder("jane", "/dl/class/jane.zip", WHEN, "mtime", raw=("jane.zip", as_zip)))
    mount(parent, Folder("jane", "/dl/class/other", WHEN, "mtime"))
    assert list(parent.folders) == ["jane", "jane.zip", "jane (2)"]


def test_a_file_over_its_cap_is_not_read():
    with pytest.raises(Unreadable, match="larger than 1 MB"):
        capped(File("/dl/big", 2 * 2**20, WHEN, "mtime", never_read), 2**20)
    assert capped(File("/dl/small", 2, WHEN, "mtime", lambda: b"ok"), 2**20) == b"ok"


def test_at_most_so_many_zips_are_open(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_OPEN_ZIPS", 2)
    paths = []
    for n in range(3):
        paths.append(tmp_path / f"s{n}.zip")
        with zipfile.ZipFile(paths[-1], "w") as archive:
            archive.writestr("a.txt", str(n))
    archives = Archives()
    first = archives.get(paths[0])
    archives.get(paths[1])
    archives.get(paths[2])
    assert list(archives.open) == paths[1:] and first.fp is None  # the oldest was closed
    assert archives.get(paths[0]).read("a.txt") == b"0"  # and is opened again when needed
    archives.close()
    assert archives.open == {}
    (tmp_path / "bad.zip").write_bytes(b"not a zip")
    with pytest.raises(Unreadable, match="not a readable zip"):
        archives.get(tmp_path / "bad.zip")


def test_nobodys_work_is_named():
    assert junk("__MACOSX") == "macOS metadata"
    assert junk(".git") == "hidden folder"
    assert junk("jane") is None
