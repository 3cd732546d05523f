"""Blackboard's downloads (collect/blackboard.py): "<assignment>_<username>_attempt_<time>_<file>"
and its .txt receipt; each attempt is the same student, the latest kept."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, notebook, submitted, write


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
