"""Chapter 1's decisions (agentloop.terminals): the strings the chapter prints, in order."""

from __future__ import annotations

from agentloop.terminals import DECISIONS, TERMINALS, Decision


def test_chapter_1s_decisions_keep_the_strings_the_chapter_prints():
    assert DECISIONS == tuple(Decision) == ("continue", "success", "needs_input", "error",
                                            "limit")
    assert TERMINALS == ("success", "needs_input", "error", "limit")
    assert all(type(t) is Decision for t in TERMINALS)
