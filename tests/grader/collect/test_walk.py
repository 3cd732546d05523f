"""A folder read by what it looks like (collect/walk.py), so one download may mix every
layout."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, make_exchange, make_submitted, submitted, write


def test_one_folder_may_mix_every_kind(tmp_path):
    downloads = tmp_path / "downloads"
    make_submitted(downloads)
    make_exchange(downloads / "exchange")
    write(downloads / "Lee Ann_9_part1.ipynb", P1)
    write(downloads / "moe" / "part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["bob", "jane", "lee_ann_9", "moe", "zed"]
    # jane is in both submitted/ (2026-11-30) and the exchange (2026-12-01): the later is kept
    assert (submitted(course, "jane") / "timestamp.txt").read_bytes().startswith(b"2026-12-01")
    assert any(a.startswith("jane: ") and "kept" in a for a in result.ambiguous)
