"""LMS downloads as Canvas, Moodle and Blackboard name them (agentloop_grader.lms_names and
collect): the student id is the LMS's own, a late upload or a second attempt is the same
student, lateness and resubmission are what they are, and `collect` names a student who
handed in fewer notebooks than the assignment has.

The names follow the LMSs' own code: Canvas's content_zipper.rb ("<sortable name>[_LATE]_
<user id>_<attachment id>_<file>", a resubmitted file's "-1"), Moodle's
mod/assign download_submissions ("<full name>_<participant>_assignsubmission_file_<file>",
or one folder per participant, "Participant" when blind), Blackboard's
"<assignment>_<username>_attempt_<yyyy-mm-dd-hh-mm-ss>_<file>" and its .txt receipt.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from agentloop_grader.collect import collect
from agentloop_grader.lms_names import Platform, parse, receipt_person

from .test_collect import P1, P2, A, make_course, notebook, submitted, write


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


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_canvas_a_late_resubmission_is_the_same_student(tmp_path):
    course = make_course(tmp_path)
    first = _zip(tmp_path / "first.zip", {"kuznetsovdmitry_1003_5001_part1.ipynb": P1,
                                          "kuznetsovdmitry_1003_5002_part2.ipynb": P2,
                                          "ivanovaanna_1004_5010_part1.ipynb": P1})
    result = collect(course, A, [first])
    assert result.students() == ["1003", "1004"]
    newer = notebook(["p1-a", "p1-b", "p1-c"], "second try")
    later = _zip(tmp_path / "later.zip", {"kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb":
                                          newer, "kuznetsovdmitry_1003_5002_part2.ipynb": P2})
    result = collect(course, A, [later])
    assert result.students() == ["1003"]  # not kuznetsovdmitry_late_1003_5003
    folder = submitted(course, "1003")
    assert (folder / "part1.ipynb").read_bytes() == newer
    assert not (folder / "timestamp.txt").exists()  # Canvas gives no submission time
    note = result.notebooks("1003")["part1"].note
    assert "Canvas user 1003 (kuznetsovdmitry); late, as Canvas marked it" in note
    assert "Canvas's download has no submission time" in note
    assert "replaced what was collected before" in note


def test_canvas_two_uploads_in_one_download_keep_the_later(tmp_path):
    course = make_course(tmp_path)
    newer = notebook(["p1-a", "p1-b", "p1-c"], "newer")
    download = _zip(tmp_path / "sub.zip", {"kuznetsovdmitry_1003_5001_part1.ipynb": P1,
                                           "kuznetsovdmitry_1003_5009_part1-1.ipynb": newer})
    result = collect(course, A, [download])
    assert (submitted(course, "1003") / "part1.ipynb").read_bytes() == newer
    (line,) = result.ambiguous
    assert line.startswith("1003/part1: 2 notebooks; kept ") and "5009" in line.split(", not")[0]


def test_moodle_files_folders_and_blind_marking(tmp_path):
    course = make_course(tmp_path)
    download = tmp_path / "moodle"
    write(download / "Jane Doe_31_assignsubmission_file_part1.ipynb", P1)
    write(download / "Jane Doe_31_assignsubmission_file_part2.ipynb", P2)
    write(download / "Ivy Ng_32_assignsubmission_file" / "part1.ipynb", P1)
    write(download / "Ivy Ng_32_assignsubmission_file" / "part2 (1).ipynb", P2)
    write(download / "Participant_33_assignsubmission_file_part2.ipynb", P2)
    result = collect(course, A, [download])
    assert result.students() == ["31", "32", "33"]
    assert "Moodle participant 31 (Jane Doe)" in result.notebooks("31")["part1"].note
    assert "fewer notebooks: 33 handed in 1 of 2 (no part1)" in result.summary()
    assert result.incomplete() == {"33": ["part1"]}


def test_blackboard_attempts_are_one_student_the_latest_kept(tmp_path):
    course = make_course(tmp_path)
    download = tmp_path / "bb"
    write(download / "Lab 1_jdoe3_attempt_2026-11-30-17-02-11_part1.ipynb", P1)
    write(download / "Lab 1_jdoe3_attempt_2026-11-30-17-02-11_part2.ipynb", P2)
    write(download / "Lab 1_jdoe3_attempt_2026-11-30-17-02-11.txt",
          "Name: Jane Doe (jdoe3)\nAssignment: Lab 1\n")
    again = notebook(["p1-a", "p1-b", "p1-c"], "second attempt")
    write(download / "Lab 1_jdoe3_attempt_2026-12-01-09-00-00_part1.ipynb", again)
    result = collect(course, A, [download])
    assert result.students() == ["jdoe3"]
    folder = submitted(course, "jdoe3")
    assert (folder / "part1.ipynb").read_bytes() == again
    assert (folder / "timestamp.txt").read_text() == "2026-12-01 09:00:00.000000 UTC"
    assert "Blackboard user jdoe3; attempt of 2026-12-01 09:00:00" in \
        result.notebooks("jdoe3")["part1"].note
    assert not result.incomplete()
