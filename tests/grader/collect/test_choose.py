"""One of each (collect/choose.py): the latest copy of a notebook by its real time, else the
newest file; the others said."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import (
    NB,
    ONE,
    P1,
    SOURCES,
    A,
    make_course,
    notebook,
    one_course,
    submitted,
    write,
)


def test_duplicates_keep_the_latest_by_real_timestamp(tmp_path):
    downloads = tmp_path / "d"
    # the later attempt has the OLDER file time: the time in the name decides
    old = write(downloads / "Jane Doe_1_attempt_2026-11-30-01-00-00_part1.ipynb", P1,
                mtime=1_900_000_000)
    new = write(downloads / "Jane Doe_1_attempt_2026-12-01-01-00-00_part1 (1).ipynb",
                notebook(SOURCES["part1"], "new"), mtime=1_000_000)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.notebooks("1")["part1"].origin == str(new)
    assert (submitted(course, "1") / "part1.ipynb").read_bytes() == new.read_bytes()
    (line,) = result.ambiguous
    assert line.startswith(f"1/part1: 2 notebooks; kept {new} (2026-12-01 01:00:00")
    assert f"not {old} (2026-11-30 01:00:00 from the file name)" in line


def test_duplicates_without_times_in_their_names_keep_the_newest_file(tmp_path):
    downloads = tmp_path / "d"
    old = write(downloads / "Jane Doe_1_01_agent_loop.ipynb", NB, mtime=1_000_000)
    new = write(downloads / "Jane Doe_1_01_agent_loop (1).ipynb", NB.replace(b"answer", b"x"))
    result = collect(one_course(tmp_path), ONE, [downloads])
    assert result.notebooks("jane_doe_1")[ONE].origin == str(new)
    assert len(result.ambiguous) == 1 and str(old) in result.ambiguous[0]
