"""Moodle's downloads (collect/moodle.py): files or one folder per participant, named after the
participant's number ("Participant" when blind), as mod/assign download_submissions names
them."""

from __future__ import annotations

from agentloop_grader.collect import collect
from make_downloads import P1, P2, A, make_course, write


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
