"""Who a file is from, and which notebook it is, by its name (collect/names.py): an LMS's own
names give its own student id; other names put the student around a notebook's name."""

from __future__ import annotations

import pytest
from agentloop_grader.collect import read_sources, split_lms_name, student_id
from agentloop_grader.collect.blackboard import receipt_person
from agentloop_grader.collect.lms import Platform
from agentloop_grader.collect.names import lms_name as parse
from make_downloads import ONE, A, make_course


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
    assert student_id(name, ONE) == expected


@pytest.mark.parametrize("name,expected", [
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1).ipynb", "jane_doe_12345"),
    ("Jane Doe_12345_assignsubmission_file_part2.ipynb", "jane_doe_12345"),
    ("doejane_12345_67890_part1.ipynb", "doejane_12345_67890"),
    ("part1.ipynb", ""),
    ("ps1.zip", ""),
])
def test_student_ids_strip_every_notebook_name(name, expected):
    assert student_id(name, [A, "part1", "part2"]) == expected


@pytest.mark.parametrize("stem,student,rest", [
    # the LMS's own ids (canvas.py, moodle.py, blackboard.py): Blackboard's username,
    # Moodle's participant, Canvas's user id
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1)", "12345", "part1"),
    ("Jane Doe_12345_assignsubmission_file_my work", "12345", "my work"),
    ("doejane_12345_67890_answers", "12345", "answers"),
    ("jane_part1", "jane", "part1"),
    ("part2-Copy1", "", "part2"),
    ("part10", None, None),  # not part1: names must end at a word boundary
])
def test_lms_names_split_into_student_and_notebook(tmp_path, stem, student, rest):
    sources = read_sources(make_course(tmp_path), A)
    split = split_lms_name(stem, sources)
    assert (split.student, split.rest) == (student, rest) if student is not None \
        else split is None


@pytest.mark.parametrize("name,platform,student,rest,late,again", [
    ("kuznetsovdmitry_1003_5001_part1.ipynb", Platform.CANVAS, "1003", "part1.ipynb", False,
     0),
    ("kuznetsovdmitry_late_1003_5003_part1.ipynb", Platform.CANVAS, "1003", "part1.ipynb",
     True, 0),
    ("kuznetsovdmitry_LATE_1003_5004_part1-1.ipynb", Platform.CANVAS, "1003",
     "part1-1.ipynb", True, 1),
    ("LATE_anon_Xq81z_5005_part2.ipynb", Platform.CANVAS, "anon_Xq81z", "part2.ipynb", True,
     0),
    ("müllerjürgen_77_5006_part2.ipynb", Platform.CANVAS, "77", "part2.ipynb", False, 0),
    ("Jane Doe_31_assignsubmission_file_part1.ipynb", Platform.MOODLE, "31", "part1.ipynb",
     False, 0),
    ("Jane Doe_31_assignsubmission_file", Platform.MOODLE, "31", "", False, 0),
    ("Participant_33_assignsubmission_file_part2.ipynb", Platform.MOODLE, "33",
     "part2.ipynb", False, 0),
    ("Lab 1_jdoe3_attempt_2026-11-30-17-02-11_part1.ipynb", Platform.BLACKBOARD, "jdoe3",
     "part1.ipynb", False, 0),
])
def test_each_lms_name_gives_the_lms_own_id(name, platform, student, rest, late, again):
    found = parse(name)
    assert (found.platform, found.student, found.rest, found.late, found.resubmission) == \
        (platform, student, rest, late, again)


def test_names_nobody_made_are_not_read_as_an_lms_s():
    assert parse("part1.ipynb") is None
    assert parse("Jane Doe_12345_67890_part1.ipynb") is None  # Canvas names have no spaces
    assert parse("jane_part1.ipynb") is None
    assert receipt_person("Name: Jane Doe (jdoe3)\nAssignment: Lab 1\n") == ("Jane Doe",
                                                                              "jdoe3")
