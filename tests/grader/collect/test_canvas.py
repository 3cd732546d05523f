"""Canvas's downloads (collect/canvas.py): the student id is Canvas's user id; a late upload
and a resubmitted file are the same student, and of two uploads the later is kept.

The names follow Canvas's content_zipper.rb ("<sortable name>[_LATE]_<user id>_<attachment
id>_<file>", a resubmitted file's "-1")."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, notebook, submitted, zip_of


def test_canvas_a_late_resubmission_is_the_same_student(tmp_path):
    course = make_course(tmp_path)
    first = zip_of(tmp_path / "first.zip", {"kuznetsovdmitry_1003_5001_part1.ipynb": P1,
                                          "kuznetsovdmitry_1003_5002_part2.ipynb": P2,
                                          "ivanovaanna_1004_5010_part1.ipynb": P1})
    result = collect(course, A, [first])
    assert result.students() == ["1003", "1004"]
    newer = notebook(["p1-a", "p1-b", "p1-c"], "second try")
    later = zip_of(tmp_path / "later.zip", {"kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb":
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
    download = zip_of(tmp_path / "sub.zip", {"kuznetsovdmitry_1003_5001_part1.ipynb": P1,
                                           "kuznetsovdmitry_1003_5009_part1-1.ipynb": newer})
    result = collect(course, A, [download])
    assert (submitted(course, "1003") / "part1.ipynb").read_bytes() == newer
    (line,) = result.ambiguous
    assert line.startswith("1003/part1: 2 notebooks; kept ") and "5009" in line.split(", not")[0]
