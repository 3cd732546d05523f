"""Who a student is, as an LMS download says (collect/people.py), reaches the gradebook's
student record — first and last name as `nbgrader db student add` holds them, and Canvas's
user id as `lms_user_id` — when the record has none yet; a name a teacher set is kept."""

from __future__ import annotations

import pytest
from agentloop_grader.collect import collect
from agentloop_grader.collect.lms import LmsName, Platform
from agentloop_grader.collect.people import person_of, split_full_name
from make_downloads import P1, P2, A, make_course, write, zip_of


def records(course) -> dict[str, tuple[str | None, str | None, str | None]]:
    with course.gradebook() as gb:
        return {s.id: (s.first_name, s.last_name, s.lms_user_id) for s in gb.students}


@pytest.mark.parametrize(("full", "split"), [
    ("Jane Doe", ("Jane", "Doe")), ("Mary Ann  Smith", ("Mary Ann", "Smith")),
    ("Cher", ("", "Cher")), ("", ("", ""))])
def test_a_full_name_ends_with_the_last_name(full, split):
    assert split_full_name(full) == split


def test_what_each_lms_name_says_of_its_student():
    canvas = person_of("1003", LmsName(Platform.CANVAS, "1003", "kuznetsovdmitry", "p.ipynb"))
    assert (canvas.first_name, canvas.last_name, canvas.lms_user_id) == \
        ("", "kuznetsovdmitry", "1003")
    anonymous = person_of("anon_x1y2z", LmsName(Platform.CANVAS, "anon_x1y2z", "", "p.ipynb"))
    assert anonymous is None  # nothing to say: no name, no user id
    moodle = person_of("31", LmsName(Platform.MOODLE, "31", "Jane  Doe", "p.ipynb"))
    assert (moodle.first_name, moodle.last_name, moodle.lms_user_id) == ("Jane", "Doe", "")
    assert person_of("33", LmsName(Platform.MOODLE, "33", "", "p.ipynb")) is None  # blind


def test_canvas_gives_its_sortable_name_and_its_user_id(tmp_path):
    course = make_course(tmp_path)
    download = zip_of(tmp_path / "canvas.zip", {
        "kuznetsovdmitry_1003_5001_part1.ipynb": P1,
        "kuznetsovdmitry_LATE_1003_5003_part2.ipynb": P2,
        "ivanovaanna_1004_5010_part1.ipynb": P1,
        "LATE_anon_x1y2z_5004_part1.ipynb": P1})
    result = collect(course, A, [download])
    assert result.students() == ["1003", "1004", "anon_x1y2z"]
    assert records(course) == {"1003": (None, "kuznetsovdmitry", "1003"),
                               "1004": (None, "ivanovaanna", "1004")}  # anonymous: nothing
    assert result.people == [
        "1003: named 'kuznetsovdmitry' in the gradebook (as Canvas user 1003 names them)",
        "1004: named 'ivanovaanna' in the gradebook (as Canvas user 1004 names them)"]
    assert "gradebook: 1003: named 'kuznetsovdmitry'" in result.summary()
    again = collect(course, A, [download])  # collected again: nothing new to say
    assert again.people == [] and records(course)["1003"] == (None, "kuznetsovdmitry", "1003")


def test_moodle_and_blackboard_give_first_and_last_names(tmp_path):
    course = make_course(tmp_path)
    download = tmp_path / "downloads"
    write(download / "Jane Doe_31_assignsubmission_file_part1.ipynb", P1)
    write(download / "Mary Ann Smith_32_assignsubmission_file" / "part1.ipynb", P1)
    write(download / "Participant_33_assignsubmission_file_part2.ipynb", P2)  # blind
    write(download / "Lab 1_jdoe3_attempt_2026-11-30-17-02-11_part1.ipynb", P1)
    receipt = write(download / "Lab 1_jdoe3_attempt_2026-11-30-17-02-11.txt",
                    "Name: John Doe (jdoe3)\nAssignment: Lab 1\n")
    result = collect(course, A, [download])
    assert result.students() == ["31", "32", "33", "jdoe3"]
    assert records(course) == {"31": ("Jane", "Doe", None), "32": ("Mary Ann", "Smith", None),
                               "jdoe3": ("John", "Doe", None)}
    assert f"{receipt}: Blackboard's receipt, not a notebook (the student's name read " \
           "from it)" in result.skipped


def test_a_name_the_teacher_set_is_never_overwritten(tmp_path):
    course = make_course(tmp_path)
    with course.gradebook() as gb:
        gb.add_student("31", first_name="Janet", last_name="Doe-Smith", email="j@x.org")
        gb.add_student("1003", last_name="Kuznetsov", lms_user_id="99")
        gb.add_student("1004")  # a record with no name yet
    download = tmp_path / "downloads"
    write(download / "Jane Doe_31_assignsubmission_file_part1.ipynb", P1)
    write(download / "kuznetsovdmitry_1003_5001_part1.ipynb", P1)
    write(download / "ivanovaanna_1004_5010_part1.ipynb", P1)
    result = collect(course, A, [download])
    assert records(course) == {"31": ("Janet", "Doe-Smith", None),
                               "1003": (None, "Kuznetsov", "99"),
                               "1004": (None, "ivanovaanna", "1004")}
    with course.gradebook() as gb:
        assert gb.find_student("31").email == "j@x.org"
    assert result.people == [
        "1003: kept the gradebook's name 'Kuznetsov' (Canvas says 'kuznetsovdmitry')",
        "1004: named 'ivanovaanna' in the gradebook (as Canvas user 1004 names them)",
        "31: kept the gradebook's name 'Janet Doe-Smith' (Moodle says 'Jane Doe')"]
