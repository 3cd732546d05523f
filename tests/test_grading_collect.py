"""Collecting LMS downloads: folders, zips, odd names, duplicates, traversal attempts."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest
from agentloop_grader.collect import collect, student_id
from agentloop_grader.course import Course, GradingError

A = "01_agent_loop"
NB = json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


@pytest.mark.parametrize("name,expected", [
    ("Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb", "jane_doe_12345"),
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_01_agent_loop.ipynb", "jane_doe_12345"),
    ("doejane_12345_67890_01_agent_loop.ipynb", "doejane_12345_67890"),
    ("Jane Doe_12345_assignsubmission_file_01_agent_loop.ipynb", "jane_doe_12345"),
    ("bob.zip", "bob"),
    ("01_agent_loop.ipynb", ""),
    ("Ünïcode Näme_7_01_agent_loop.ipynb", "n_code_n_me_7"),
])
def test_student_ids_from_lms_names(name, expected):
    assert student_id(name, A) == expected


def _course(tmp_path: Path) -> Course:
    course = Course(tmp_path / "course")
    course.root.mkdir()
    return course


def test_folder_of_odd_names_and_per_student_folders(tmp_path):
    downloads = tmp_path / "downloads"
    (downloads / "carol").mkdir(parents=True)
    (downloads / "Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb").write_bytes(NB)
    (downloads / "Bob Roe_777_attempt_2026-11-29 01_agent_loop.ipynb").write_bytes(NB)
    (downloads / "carol" / "01_agent_loop.ipynb").write_bytes(NB)
    (downloads / "notes.txt").write_text("not a notebook")
    course = _course(tmp_path)
    result = collect(course, A, [downloads])
    assert sorted(result.placed) == ["bob_roe_777", "carol", "jane_doe_12345"]
    for student in result.placed:
        folder = course.path("submitted", student, A)
        assert (folder / f"{A}.ipynb").read_bytes() == NB
        assert (folder / "timestamp.txt").read_text().strip().endswith("UTC")


def test_duplicates_are_reported_as_ambiguous_and_the_latest_is_taken(tmp_path):
    downloads = tmp_path / "d"
    downloads.mkdir()
    old, new = downloads / "Jane Doe_1_01_agent_loop.ipynb", \
        downloads / "Jane Doe_1_01_agent_loop (1).ipynb"
    old.write_bytes(NB)
    new.write_bytes(NB.replace(b"[]", b"[ ]"))
    os.utime(old, (1_000_000, 1_000_000))
    result = collect(_course(tmp_path), A, [downloads])
    assert list(result.placed) == ["jane_doe_1"]
    assert result.placed["jane_doe_1"] == str(new)
    assert len(result.ambiguous) == 1 and "jane_doe_1" in result.ambiguous[0]


def test_zips_one_per_student_and_whole_class(tmp_path):
    one = tmp_path / "Dan Poe_42.zip"
    with zipfile.ZipFile(one, "w") as z:
        z.writestr("work/01_agent_loop.ipynb", NB)
    bulk = tmp_path / "class.zip"
    with zipfile.ZipFile(bulk, "w") as z:
        z.writestr("Eve Moe_5_attempt_2026-11-30 01_agent_loop.ipynb", NB)
        z.writestr("Fay Low_6_attempt_2026-11-30 01_agent_loop.ipynb", NB)
        z.writestr("__MACOSX/._Fay Low_6_01_agent_loop.ipynb", b"junk")
    course = _course(tmp_path)
    result = collect(course, A, [one, bulk])
    assert sorted(result.placed) == ["dan_poe_42", "eve_moe_5", "fay_low_6"]


def test_zip_traversal_and_size_bombs_cannot_escape(tmp_path):
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("../../../../tmp/escaped_01_agent_loop.ipynb", NB)
        z.writestr("/etc/Mal Ice_9_01_agent_loop.ipynb", NB)
        z.writestr("Big Bomb_1_01_agent_loop.ipynb", b"0" * (21 * 1024 * 1024))
    course = _course(tmp_path)
    result = collect(course, A, [evil])
    assert "mal_ice_9" in result.placed and "escaped" in result.placed
    assert not Path("/tmp/escaped_01_agent_loop.ipynb").exists()
    assert any("larger than" in s for s in result.skipped)
    placed = {p.resolve() for p in course.root.rglob("*") if p.is_file()}
    assert all(str(p).startswith(str(course.root.resolve())) for p in placed)


def test_bad_zip_is_skipped_and_missing_students_listed(tmp_path):
    from agentloop_grader.release import release

    course = Course(tmp_path / "course")
    release(course, [A])
    from nbgrader.api import Gradebook
    with Gradebook(course.gradebook_url) as gb:
        gb.add_student("zoe")
    bad = tmp_path / "downloads"
    bad.mkdir()
    (bad / "broken.zip").write_bytes(b"PK\x03\x04 not really a zip")
    (bad / "Ann Lee_3_01_agent_loop.ipynb").write_bytes(NB)
    result = collect(course, A, [bad])
    assert list(result.placed) == ["ann_lee_3"]
    assert result.missing == ["zoe"]
    assert "missing" in result.summary()


def test_a_path_that_is_nothing_useful_is_an_error(tmp_path):
    with pytest.raises(GradingError, match="not a folder, a zip or a notebook"):
        collect(_course(tmp_path), A, [tmp_path / "nope.txt"])
