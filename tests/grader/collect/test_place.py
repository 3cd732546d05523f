"""Writing into submitted/ (collect/place.py): a submission already there is replaced only by a
newer one, never by one without notebooks, and nothing is written outside its folder."""

from __future__ import annotations

import zipfile

from agentloop_grader.collect import collect
from make_downloads import (
    P1,
    P2,
    SOURCES,
    STAMP,
    A,
    exchange_submission,
    make_course,
    notebook,
    submitted,
    write,
)


def test_existing_submissions_are_replaced_only_by_newer_ones(tmp_path):
    course = make_course(tmp_path)
    inbound = tmp_path / "x" / "inbound"
    exchange_submission(inbound, "jane", A, "2026-12-01 00:00:00.000000 UTC",
                        {"part1.ipynb": P1})
    assert collect(course, A, [inbound]).students() == ["jane"]
    older = tmp_path / "older" / "submitted"
    write(older / "jane" / A / "part1.ipynb", notebook(SOURCES["part1"], "older"))
    write(older / "jane" / A / "timestamp.txt", b"2026-11-30 00:00:00.000000 UTC")
    result = collect(course, A, [older])
    assert result.placed == []
    assert any("older (2026-11-30 00:00:00) than the submission already collected" in s
               for s in result.skipped)
    assert (submitted(course, "jane") / "part1.ipynb").read_bytes() == P1
    again = collect(course, A, [inbound])
    assert again.placed == [] and "already collected (same time" in again.skipped[0]
    newer = tmp_path / "newer" / "submitted"
    write(newer / "jane" / A / "part2.ipynb", P2)
    write(newer / "jane" / A / "timestamp.txt", b"2026-12-02 00:00:00.000000 UTC")
    result = collect(course, A, [newer])
    assert "replaced older submission (2026-12-01 00:00:00 → 2026-12-02 00:00:00)" in \
        result.notebooks("jane")["part2"].note
    assert sorted(p.name for p in submitted(course, "jane").iterdir()) == \
        ["part2.ipynb", "timestamp.txt"]  # nbgrader replaces the whole folder


def test_a_submission_with_no_notebook_never_replaces_one_with_notebooks(tmp_path):
    course = make_course(tmp_path)
    write(tmp_path / "a" / "jane" / "part1.ipynb", P1, mtime=1_000_000)
    collect(course, A, [tmp_path / "a"])
    (tmp_path / "b" / "jane").mkdir(parents=True)
    result = collect(course, A, [tmp_path / "b"])
    assert result.placed == [] and "this one has no notebook" in result.skipped[0]
    assert (submitted(course, "jane") / "part1.ipynb").exists()


def test_submitted_files_cannot_escape_the_submission_folder(tmp_path):
    archive = tmp_path / "jane.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(f"{A}/timestamp.txt", STAMP)
        z.writestr(f"{A}/part1.ipynb", P1)
        z.writestr(f"{A}/../../../../evil.py", "boom")
    course = make_course(tmp_path)
    result = collect(course, A, [archive])
    assert sorted(result.notebooks("jane")) == ["part1"]
    assert (submitted(course, "jane") / "evil.py").read_text() == "boom"  # "../" dropped
    assert not (tmp_path / "evil.py").exists()
