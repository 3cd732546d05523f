"""Folders on disk (collect/disk.py): symbolic links are never followed."""

from __future__ import annotations

import stat
import zipfile

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, write


def test_symlinks_are_skipped(tmp_path):
    secret = write(tmp_path / "secret" / "part1.ipynb", P1)
    downloads = tmp_path / "downloads"
    write(downloads / "jane" / "part2.ipynb", P2)
    (downloads / "jane" / "part1.ipynb").symlink_to(secret)
    (downloads / "bob").symlink_to(secret.parent, target_is_directory=True)
    link = zipfile.ZipInfo("work/part1.ipynb")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(downloads / "kim.zip", "w") as z:
        z.writestr(link, "/etc/passwd")
        z.writestr("work/part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["jane", "kim"]
    assert sorted(result.notebooks("jane")) == ["part2"]
    assert sorted(result.notebooks("kim")) == ["part2"]
    links = [s for s in result.skipped if "symbolic link" in s]
    assert len(links) == 3
    assert not any(p.is_symlink() for p in course.root.rglob("*"))
