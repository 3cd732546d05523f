"""Collecting (collect/__init__.py): bad input is one line saying what to pass; a bad zip is
skipped and the gradebook's students with nothing found are listed."""

from __future__ import annotations

import pytest
from agentloop_grader.collect import collect
from agentloop_grader.course import GradingError
from make_downloads import P1, A, make_course, write


def test_bad_zip_is_skipped_and_missing_students_listed(tmp_path):
    course = make_course(tmp_path)
    with course.gradebook() as gb:
        gb.add_student("zoe")
        gb.add_student("ann_lee_3")
    bad = tmp_path / "downloads"
    write(bad / "broken.zip", b"PK\x03\x04 not really a zip")
    write(bad / "Ann Lee_3_part1.ipynb", P1)
    result = collect(course, A, [bad])
    assert result.students() == ["ann_lee_3"]
    assert result.missing == ["zoe"]
    assert any(s.startswith(f"{bad / 'broken.zip'}: not a readable zip") for s in result.skipped)
    assert result.summary().endswith("missing (in the gradebook, no submission): zoe")


def test_a_path_that_does_not_exist_is_an_error(tmp_path):
    with pytest.raises(GradingError, match=r"nope\.zip does not exist; pass folders, zips or"):
        collect(make_course(tmp_path), A, [tmp_path / "nope.zip"])


def test_a_path_that_is_nothing_useful_is_an_error(tmp_path):
    with pytest.raises(GradingError, match="is not a folder, a zip or a notebook"):
        collect(make_course(tmp_path), A, [write(tmp_path / "notes.txt", "x")])


def test_an_assignment_without_source_notebooks_is_an_error(tmp_path):
    course = make_course(tmp_path)
    with pytest.raises(GradingError, match=r"no notebooks in .*source/ps9: collect needs"):
        collect(course, "ps9", [tmp_path])


def test_the_course_itself_is_not_an_input(tmp_path):
    course = make_course(tmp_path)
    (course.root / "submitted").mkdir()
    with pytest.raises(GradingError, match="this course's own folder"):
        collect(course, A, [course.root / "submitted"])
    write(tmp_path / "jim" / "part1.ipynb", P1)
    result = collect(course, A, [tmp_path])  # the course sits inside the folder passed
    assert result.students() == ["jim"]
    assert any("this course's own folder (collect writes there)" in s for s in result.skipped)
