"""LMS downloads (collect/downloads.py): class folders of LMS-named files, one folder or zip
per student, single notebooks; a student with no notebook still gets a submission."""

from __future__ import annotations

import zipfile

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, submitted, write


def test_lms_class_folder_with_two_notebooks_per_student(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1).ipynb", P1)
    write(downloads / "Jane Doe_12345_attempt_2026-11-30-01-05-00_part2.ipynb", P2)
    write(downloads / "Bob Roe_777_assignsubmission_file_part1.ipynb", P1)
    write(downloads / "Bob Roe_777_assignsubmission_file_part2.ipynb", P2)
    write(downloads / "doecarl_55_66_part1.ipynb", P1)
    write(downloads / "doecarl_55_66_part2.ipynb", P2)
    write(downloads / "dave" / "part1.ipynb", P1)
    write(downloads / "dave" / "part2.ipynb", P2)
    moodle = downloads / "Ivy Ng_31_assignsubmission_file_"  # Moodle's "in folders" download
    write(moodle / "part1.ipynb", P1)
    write(moodle / "part2 (1).ipynb", P2)
    write(downloads / "notes.txt", "not a notebook")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["12345", "31", "55", "777", "dave"]  # the LMSs' own ids
    for student in result.students():
        assert sorted(result.notebooks(student)) == ["part1", "part2"]
        assert (submitted(course, student) / "part2.ipynb").read_bytes() == P2
    stamp = (submitted(course, "12345") / "timestamp.txt").read_text()
    assert stamp == "2026-11-30 01:05:00.000000 UTC"  # the latest attempt time in a name
    assert "time from the file name" in result.notebooks("12345")["part1"].note
    assert not (submitted(course, "55") / "timestamp.txt").exists()  # Canvas: no time
    assert "time from the file's mtime" in result.notebooks("dave")["part1"].note
    assert any(s.endswith("notes.txt: not a notebook") for s in result.skipped)


def test_lms_zips_one_per_student_and_whole_class(tmp_path):
    one = tmp_path / "Dan Poe_42.zip"
    with zipfile.ZipFile(one, "w") as z:
        z.writestr("work/part1.ipynb", P1)
        z.writestr("work/part2.ipynb", P2)
    bulk = tmp_path / "class.zip"
    with zipfile.ZipFile(bulk, "w") as z:
        z.writestr("Eve Moe_5_attempt_2026-11-30 part1.ipynb", P1)
        z.writestr("Eve Moe_5_attempt_2026-11-30 part2.ipynb", P2)
        z.writestr("Fay Low_6_attempt_2026-11-30 part1.ipynb", P1)
        z.writestr("__MACOSX/._Fay Low_6_part1.ipynb", b"junk")
        z.writestr("gus/part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [one, bulk])
    assert result.students() == ["dan_poe_42", "eve_moe_5", "fay_low_6", "gus"]
    assert sorted(result.notebooks("dan_poe_42")) == ["part1", "part2"]
    assert (submitted(course, "eve_moe_5") / "part2.ipynb").read_bytes() == P2
    assert any("__MACOSX: ignored (macOS metadata)" in s for s in result.skipped)


def test_per_student_zips_inside_a_class_folder(tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with zipfile.ZipFile(downloads / "jane.zip", "w") as z:
        z.writestr("part1.ipynb", P1)
        z.writestr("part2.ipynb", P2)
    with zipfile.ZipFile(downloads / "erin.zip", "w") as z:
        z.writestr("report.pdf", b"%PDF")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]
    assert result.no_notebook() == ["erin"]
    assert sorted(p.name for p in submitted(course, "erin").iterdir()) == ["timestamp.txt"]
    assert any(s.endswith("report.pdf: not a notebook") for s in result.skipped)


def test_an_lms_student_folder_with_no_notebook_is_placed_empty(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_1_part1.ipynb", P1)
    write(downloads / "kim" / "essay.docx", b"doc", mtime=1_700_000_000)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.no_notebook() == ["kim"]
    placed = next(p for p in result.placed if p.student == "kim")
    assert placed.kind == "none" and "time from the folder's mtime" in placed.note
    assert (submitted(course, "kim") / "timestamp.txt").exists()
    assert not list(submitted(course, "kim").glob("*.ipynb"))


def test_single_notebooks(tmp_path):
    course = make_course(tmp_path)
    lms = write(tmp_path / "Jane Doe_12345_part1.ipynb", P1)
    bare = write(tmp_path / "bob" / "part2.ipynb", P2)
    result = collect(course, A, [lms, bare])
    assert result.students() == ["bob", "jane_doe_12345"]
    assert list(result.notebooks("bob")) == ["part2"]
