"""The assignment's notebooks as collect matches to them (collect/sources.py): a file that is
no notebook has no grade ids, and grade ids shared equally with two notebooks match none."""

from __future__ import annotations

import pytest
from agentloop_grader.collect.sources import by_grade_ids, grade_ids, read_sources
from agentloop_grader.course import GradingError
from make_downloads import A, make_course, notebook


def test_grade_ids_are_read_from_the_notebook_and_match_one_source(tmp_path):
    sources = read_sources(make_course(tmp_path), A)
    assert sources.grade_ids == {"part1": {"p1-a", "p1-b", "p1-c"}, "part2": {"p2-a", "p2-b"}}
    assert grade_ids(notebook(["p1-a", "x"])) == {"p1-a", "x"}
    assert grade_ids(b"not json") is None and grade_ids(b'{"cells": 3}') is None
    assert by_grade_ids(frozenset({"p1-a", "p2-a", "p2-b"}), sources) == ("part2", "")
    assert by_grade_ids(frozenset({"p1-a", "p2-a"}), sources) == \
        (None, "its grade ids match part1 and part2 equally")
    assert by_grade_ids(frozenset({"zz"}), sources)[1] == \
        "its name and its grade ids match no notebook of ps1 (part1, part2)"


def test_an_assignment_without_notebooks_cannot_be_collected(tmp_path):
    with pytest.raises(GradingError, match="collect needs the assignment's source notebooks"):
        read_sources(make_course(tmp_path), "ps9")
