"""What an LMS's name says (collect/lms.py), in collect's words: whose file it is, on which
platform, late or not, which attempt; and what the student called the file."""

from __future__ import annotations

import datetime as dt

from agentloop_grader.collect.lms import LmsName, Platform


def test_the_line_names_the_platforms_own_id_and_what_it_marked():
    canvas = LmsName(Platform.CANVAS, "1003", "kuznetsovdmitry", "part1-1.ipynb", late=True,
                     resubmission=1, upload=5003)
    assert canvas.describe() == "Canvas user 1003 (kuznetsovdmitry); late, as Canvas marked it"
    moodle = LmsName(Platform.MOODLE, "31", "", "part1.ipynb")
    assert moodle.describe() == "Moodle participant 31"
    board = LmsName(Platform.BLACKBOARD, "jdoe3", "", "part1.ipynb",
                    attempt=dt.datetime(2026, 11, 30, 17, 2, 11))
    assert board.describe() == "Blackboard user jdoe3; attempt of 2026-11-30 17:02:11"


def test_a_resubmissions_first_name_drops_canvass_number_only():
    again = LmsName(Platform.CANVAS, "1003", "", "part1-2.ipynb", resubmission=2)
    assert again.first_name == "part1.ipynb"
    assert LmsName(Platform.CANVAS, "1003", "", "part1-2.ipynb").first_name == "part1-2.ipynb"
