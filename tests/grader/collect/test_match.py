"""A notebook matched to one of the assignment's (collect/match.py): by its name, else by its
grade ids."""

from __future__ import annotations

from pathlib import Path

from agentloop_grader.collect import collect
from make_downloads import NB, ONE, P1, P2, A, make_course, notebook, one_course, submitted, write


def test_renamed_notebooks_are_matched_by_grade_ids(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "carol" / "my answers.ipynb", notebook(["p2-a", "p2-b", "extra"]))
    write(downloads / "carol" / "part1.ipynb", P1)
    write(downloads / "carol" / "scratch.ipynb", notebook(["nothing"]))
    write(downloads / "carol" / "both.ipynb", notebook(["p1-a", "p2-a"]))
    write(downloads / "carol" / "broken.ipynb", b"{not json")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    placed = result.notebooks("carol")
    assert sorted(placed) == ["part1", "part2"]
    assert placed["part2"].note.endswith("matched my answers.ipynb to part2 by its grade ids")
    assert (submitted(course, "carol") / "part2.ipynb").read_bytes() == \
        (downloads / "carol" / "my answers.ipynb").read_bytes()
    reasons = {Path(s.split(": ", 1)[0]).name: s.split(": ", 1)[1] for s in result.skipped}
    assert reasons["scratch.ipynb"].startswith("its name and its grade ids match no notebook")
    assert reasons["both.ipynb"] == "its grade ids match part1 and part2 equally"
    assert "not a readable notebook" in reasons["broken.ipynb"]


def test_renamed_notebook_in_an_lms_name(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_assignsubmission_file_final version.ipynb", P2)
    result = collect(make_course(tmp_path), A, [downloads])
    assert list(result.notebooks("12345")) == ["part2"]


def test_a_notebook_named_after_the_assignment_in_a_single_notebook_course(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb", NB)
    write(downloads / "carol" / "01_agent_loop.ipynb", NB)
    course = one_course(tmp_path)
    result = collect(course, ONE, [downloads])
    assert result.students() == ["carol", "jane_doe_12345"]
    assert (submitted(course, "carol", ONE) / f"{ONE}.ipynb").read_bytes() == NB
