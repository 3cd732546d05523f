"""Canvas's grade import file (export/lms.py) fills Canvas's ID column — its user id, what
its gradebook import matches students on first — from the gradebook's `lms_user_id`: a
class collected from a Canvas download goes back to Canvas without an --ids file."""

from __future__ import annotations

import csv
import warnings
import zipfile

import pytest
from agentloop_grader.collect import collect
from agentloop_grader.course import Course
from agentloop_grader.export.lms import CANVAS_HEADER, POINTS_POSSIBLE, export_lms
from agentloop_grader.release import release

pytestmark = pytest.mark.slow
A = "01_agent_loop"


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    """Chapter 1 released; a Canvas download of two students collected (their user ids are
    their nbgrader ids) and one student added by hand with an LMS id of their own; scored."""
    root = tmp_path_factory.mktemp("lms")
    course = Course(root / "course")
    release(course, [A])
    released = course.released_notebook(A).read_bytes()
    download = root / "canvas.zip"
    with zipfile.ZipFile(download, "w") as archive:
        archive.writestr(f"kuznetsovdmitry_1003_5001_{A}.ipynb", released)
        archive.writestr(f"ivanovaanna_LATE_1004_5002_{A}.ipynb", released)
    collect(course, A, [download])
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gb.update_or_create_student("ada", first_name="Ada", last_name="Lovelace",
                                    lms_user_id="2001")
        gb.update_or_create_student("bo", first_name="Bo")
        for student in ("1003", "1004", "ada", "bo"):
            for notebook in gb.add_submission(A, student).notebooks:
                for grade in notebook.grades:
                    grade.auto_score, grade.needs_manual_grade = grade.max_score, False
        gb.db.commit()
    return course


def rows(path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_canvas_ids_from_a_canvas_download_fill_the_id_column(course, tmp_path):
    out = tmp_path / "canvas.csv"
    result = export_lms(course, "canvas", out)
    table = rows(out)
    assert table[0] == [*CANVAS_HEADER, A] and table[1][0] == POINTS_POSSIBLE
    body = {row[0]: row[1:5] for row in table[2:]}
    assert body == {
        # collected from Canvas: the user id in ID, no SIS Login ID made up from it
        "kuznetsovdmitry": ["1003", "", "", ""], "ivanovaanna": ["1004", "", "", ""],
        # added by hand with an LMS id: both
        "Lovelace, Ada": ["2001", "", "ada", ""],
        # no LMS id: the nbgrader id is taken to be the login, as before
        "Bo": ["", "", "bo", ""]}
    assert all(row[5] == table[1][5] for row in table[2:])  # full marks, each
    assert result.students == 4 and result.unknown == []


def test_an_ids_file_without_canvas_ids_still_gets_the_gradebooks(course, tmp_path):
    ids = tmp_path / "ids.csv"
    ids.write_text("student_id,canvas_id,sis_login_id\n1003,,kd1\nada,777,ada.l\nbo,,bo1\n"
                   "1004,,ia2\n", encoding="utf-8")
    out = tmp_path / "canvas.csv"
    export_lms(course, "canvas", out, ids)
    body = {row[3]: row[1] for row in rows(out)[2:]}  # SIS Login ID -> ID
    assert body == {"kd1": "1003", "ia2": "1004", "ada.l": "777", "bo1": ""}
