"""Grades out: `agentloop-grade export --format canvas|moodle|csv [--ids FILE]`.

Chapters 1 and 2 are released and a small gradebook is written with nbgrader's own API
(scores, a late penalty, a grade still waiting for a person, a student who missed an
assignment, one with no submission at all). Each file is read back with the csv module:
Canvas's header and Points Possible row, Moodle's columns, the --ids mapping; every
student missing from a file is listed; bad input is one line and exit status 2.
"""

from __future__ import annotations

import csv
import warnings
from pathlib import Path

import pytest
from agentloop_grader.cli import main
from agentloop_grader.course import Course
from agentloop_grader.export.lms import CANVAS_HEADER, MOODLE_HEADER, POINTS_POSSIBLE
from agentloop_grader.release import release

pytestmark = pytest.mark.slow
A, B = "01_agent_loop", "02_tools_and_controller"
PEOPLE = {"ann": ("Ada", "Lovelace", "ada@example.edu"), "bob": (None, None, None),
          "cy": ("Cy", None, None), "dee": ("Dee", "Dove", "dee@example.edu")}
# student -> assignment -> (lost points, late penalty); absent: no submission
LOST = {"ann": {A: (0, 1.5), B: (0, 0)}, "bob": {A: (3, 0), B: (2, 0)}, "cy": {A: (9, 0)}}
NET = {("ann", A): "7.5", ("ann", B): "9", ("bob", A): "6", ("bob", B): "7", ("cy", A): "0"}


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("export") / "course")
    release(course, [A, B])
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for student, (first, last, email) in PEOPLE.items():
            gb.update_or_create_student(student, first_name=first, last_name=last,
                                        email=email)
        for student, assignments in LOST.items():
            for assignment, (lost, penalty) in assignments.items():
                submission = gb.add_submission(assignment, student)
                for notebook in submission.notebooks:
                    left = lost
                    for grade in sorted(notebook.grades, key=lambda g: g.name):
                        taken = min(left, grade.max_score)
                        grade.auto_score, left = grade.max_score - taken, left - taken
                        grade.needs_manual_grade = False
                    notebook.late_submission_penalty = penalty or None
        waiting = gb.find_submission_notebook(B, B, "bob").grades[0]
        waiting.needs_manual_grade = True  # a person has yet to look at it
        gb.db.commit()
    return course


def export(course: Course, capsys, *args: str) -> tuple[int, str, str]:
    status = main(["export", "--course", str(course.root), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def read(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_canvas_file(course, tmp_path, capsys):
    out = tmp_path / "canvas.csv"
    status, stdout, stderr = export(course, capsys, "--format", "canvas", "--out", str(out))
    assert status == 0, stderr
    rows = read(out)
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", A, B]
    assert rows[0][:5] == CANVAS_HEADER
    assert rows[1] == [POINTS_POSSIBLE, "", "", "", "", "9", "9"]
    assert rows[1][0] == "    Points Possible"  # as Canvas's own export writes it
    body = {row[3]: row for row in rows[2:]}  # SIS Login ID = nbgrader's student id
    assert set(body) == set(PEOPLE)
    assert body["ann"] == ["Lovelace, Ada", "", "", "ann", "", "7.5", "9"]
    assert body["bob"][0] == "bob" and body["cy"][0] == "Cy"  # names when the gradebook has them
    for student in PEOPLE:
        for column, assignment in ((5, A), (6, B)):
            assert body[student][column] == NET.get((student, assignment), "")
    # nothing silently dropped: the empty cells are listed, on stderr and in the summary
    assert "3 missing score(s), left empty: cy (02_tools_and_controller), dee " \
           "(01_agent_loop), dee (02_tools_and_controller)" in stderr
    assert "bob (02_tools_and_controller)" in stderr  # still waiting for a manual grade
    assert "missing scores: 3; unknown students: 0" in stdout
    assert "maximum per assignment: 01_agent_loop 9, 02_tools_and_controller 9" in stdout


def test_moodle_file(course, tmp_path, capsys):
    out = tmp_path / "moodle.csv"
    status, stdout, stderr = export(course, capsys, "--format", "moodle", "--out", str(out))
    assert status == 0, stderr
    with out.open(newline="", encoding="utf-8") as handle:
        rows = {row["Username"]: row for row in csv.DictReader(handle)}
    assert list(next(iter(rows.values()))) == \
        ["Username", "ID number", "Email address", "First name", "Last name", A, B]
    assert MOODLE_HEADER == ["Username", "ID number", "Email address", "First name",
                             "Last name"]
    assert set(rows) == set(PEOPLE)
    assert rows["ann"] == {"Username": "ann", "ID number": "", "Email address":
                           "ada@example.edu", "First name": "Ada", "Last name": "Lovelace",
                           A: "7.5", B: "9"}
    assert rows["dee"][A] == rows["dee"][B] == rows["cy"][B] == ""
    assert "missing scores: 3" in stdout and "missing score(s)" in stderr


def test_ids_file_maps_students_to_canvas(course, tmp_path, capsys):
    ids = tmp_path / "ids.csv"
    ids.write_text("student_id,canvas_id,sis_user_id,name,section\n"
                   "ann,101,S-ANN,Ada L.,Monday\nbob,102,,,\n"
                   "zed,999,S-ZED,Zed,Monday\n", encoding="utf-8")
    out = tmp_path / "canvas.csv"
    status, stdout, stderr = export(course, capsys, "--format", "canvas", "--ids", str(ids),
                                    "--out", str(out))
    assert status == 0, stderr
    rows = read(out)
    assert rows[2:] == [["Ada L.", "101", "S-ANN", "", "Monday", "7.5", "9"],
                        ["bob", "102", "", "", "", "6", "7"]]
    assert "2 student(s) not in the --ids file, left out: cy, dee" in stderr
    assert "1 --ids row(s) for students not in the gradebook: zed" in stderr
    assert "unknown students: 2; --ids rows not in the gradebook: 1" in stdout


def test_ids_file_for_moodle_with_semicolons_and_a_bom(course, tmp_path, capsys):
    ids = tmp_path / "ids.csv"
    ids.write_text("\ufeffStudent_ID;username;idnumber;email\n"
                   "ann;alovelace;A-1;ada@uni.example\nbob;;B-2;\ncy;;;\ndee;ddove;;\n",
                   encoding="utf-8")
    out = tmp_path / "moodle.csv"
    status, stdout, stderr = export(course, capsys, "--format", "moodle", "--ids", str(ids),
                                    "--out", str(out))
    assert status == 0, stderr
    assert "unknown students: 1" in stdout
    rows = read(out)
    assert rows[1:] == [["alovelace", "A-1", "ada@uni.example", "Ada", "Lovelace", "7.5", "9"],
                        ["", "B-2", "", "", "", "6", "7"],
                        ["ddove", "", "", "Dee", "Dove", "", ""]]
    assert "1 student(s) not in the --ids file, left out: cy" in stderr  # no id for Moodle


def test_csv_format_is_the_existing_export(course, tmp_path, capsys):
    plain, explicit = tmp_path / "plain.csv", tmp_path / "explicit.csv"
    status, stdout, _ = export(course, capsys, "--out", str(plain))
    assert status == 0 and stdout == f"wrote {plain} (4 student rows)\n"
    status, stdout, stderr = export(course, capsys, "--format", "csv", "--out", str(explicit))
    assert status == 0 and stdout == f"wrote {explicit} (4 student rows)\n" and stderr == ""
    assert plain.read_bytes() == explicit.read_bytes()
    assert read(plain)[0][:4] == ["student_id", "last_name", "first_name", "email"]


@pytest.mark.parametrize(("args", "ids_text", "message"), [
    (["--format", "xls"], None, "invalid choice: 'xls'"),
    (["--format", "canvas"], b"\x89PNG\r\n\x1a\n\x00\xff", "not a UTF-8 text file"),
    (["--format", "canvas"], "login,score\nann,1\n", "no student_id column"),
    (["--format", "canvas"], "student_id,sis_id\nann,1\n", "unknown column 'sis_id'"),
    (["--format", "canvas"], "student_id,email\nann,a@x\n", "needs one of the columns"),
    (["--format", "moodle"], "student_id,canvas_id\nann,1\n", "needs one of the columns"),
    (["--format", "moodle"], "student_id,username\nann,a\nann,b\n", "appears twice"),
    (["--format", "moodle"], "student_id,username\n,a\n", "line 2 has no student_id"),
    (["--format", "moodle"], "student_id,username\nann,a,extra\n", "line 2 has 3 fields"),
    (["--format", "csv"], "student_id,username\nann,a\n", "use it with --format canvas"),
    (["--format", "canvas", "--ids", "/nonexistent/ids.csv"], None, "cannot read it"),
])
def test_bad_input_is_one_line_and_exit_2(course, tmp_path, capsys, args, ids_text, message):
    out = tmp_path / "out.csv"
    if ids_text is not None:
        ids = tmp_path / "ids.csv"
        if isinstance(ids_text, bytes):
            ids.write_bytes(ids_text)
        else:
            ids.write_text(ids_text, encoding="utf-8")
        args = [*args, "--ids", str(ids)]
    status, stdout, stderr = export(course, capsys, *args, "--out", str(out))
    assert status == 2
    assert stderr.count("\n") == 1 and message in stderr, stderr
    assert "Traceback" not in stderr and stdout == ""
    assert not out.exists()
