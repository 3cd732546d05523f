"""Zips read as folders (collect/zips.py): in memory, within caps, a zip in a zip only so
deep, few open at once; a member's name is never a path."""

from __future__ import annotations

import zipfile
from pathlib import Path

from agentloop_grader.collect import collect, member_parts
from make_downloads import P1, P2, A, make_course, submitted


def test_zip_member_names_are_never_paths():
    assert member_parts("../../../../tmp/x.ipynb") == ["tmp", "x.ipynb"]
    assert member_parts("/etc/passwd") == ["etc", "passwd"]
    assert member_parts("a\\..\\..\\b.ipynb") == ["a", "b.ipynb"]


def test_zip_traversal_and_size_bombs_cannot_escape(tmp_path):
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("../../../../tmp/Esc Aped_8_part1.ipynb", P1)
        z.writestr("/etc/Mal Ice_9_part1.ipynb", P1)
        z.writestr("..\\..\\Win Dows_7_part2.ipynb", P2)
        z.writestr("Big Bomb_1_part1.ipynb", b"0" * (21 * 1024 * 1024))
    course = make_course(tmp_path)
    result = collect(course, A, [evil])
    assert result.students() == ["esc_aped_8", "mal_ice_9", "win_dows_7"]
    assert not Path("/tmp/Esc Aped_8_part1.ipynb").exists()
    assert any("Big Bomb_1_part1.ipynb: larger than 20 MB" in s for s in result.skipped)
    written = [p.resolve() for p in course.root.rglob("*") if p.is_file()]
    assert all(p.is_relative_to(course.root.resolve()) for p in written)


def test_a_class_zip_of_student_zips(tmp_path):
    inner = {}
    for student, files in {"jane": {"part1.ipynb": P1, "part2.ipynb": P2},
                           "kim": {"work/part2.ipynb": P2}}.items():
        path = tmp_path / f"{student}.zip"
        with zipfile.ZipFile(path, "w") as z:
            for name, data in files.items():
                z.writestr(name, data)
        inner[student] = path.read_bytes()
    bulk = tmp_path / "all.zip"
    with zipfile.ZipFile(bulk, "w") as z:
        for student, data in inner.items():
            z.writestr(f"{student}.zip", data)
    result = collect(make_course(tmp_path), A, [bulk])
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]
    assert list(result.notebooks("kim")) == ["part2"]


def test_many_student_zips_are_read_with_few_files_open(tmp_path, monkeypatch):
    from agentloop_grader.collect import inputs

    monkeypatch.setattr(inputs, "MAX_OPEN_ZIPS", 2)  # reopened from disk when needed
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    for n in range(6):
        with zipfile.ZipFile(downloads / f"s{n}.zip", "w") as z:
            z.writestr("part1.ipynb", P1)
            z.writestr("answers.ipynb", P2)  # read for its grade ids, then again to place
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == [f"s{n}" for n in range(6)]
    assert all(sorted(result.notebooks(s)) == ["part1", "part2"] for s in result.students())
    assert (submitted(course, "s5") / "part2.ipynb").read_bytes() == P2
