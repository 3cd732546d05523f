"""nbgrader's exchange (collect/exchange.py): the latest submission of each student wins, as in
stock collect, and the one it replaced is said."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import P1, A, make_course, make_exchange, submitted


def test_exchange_latest_submission_wins_and_the_other_is_reported_replaced(tmp_path):
    course = make_course(tmp_path)
    inbound = make_exchange(tmp_path / "exchange")
    result = collect(course, A, [tmp_path / "exchange"])
    assert result.students() == ["bob", "jane"]
    jane = submitted(course, "jane")
    assert (jane / "part1.ipynb").read_bytes() == P1
    assert (jane / "timestamp.txt").read_bytes() == b"2026-12-01 09:30:00.250000 UTC"
    assert (submitted(course, "bob") / "notes.md").read_bytes() == b"# notes"
    old = inbound / f"jane+{A}+2026-11-30 01:00:00.000000 UTC+Rand0m_x"
    assert any(s.startswith(f"{old}: replaced by the later submission") for s in result.skipped)
    assert any("another assignment (ps2)" in s for s in result.skipped)
    assert any("exchange outbound/" in s for s in result.skipped)
    assert not result.ambiguous
    assert "time from the exchange folder's name" in result.notebooks("jane")["part2"].note


def test_exchange_inbound_passed_directly(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_exchange(tmp_path / "exchange")])
    assert result.students() == ["bob", "jane"]
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]
