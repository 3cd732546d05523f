"""Chapter 2 graded the way agentloop-grade grades it, in this process: whole notebooks.

The same in-process grader as tests/chapters/test_ch1_grading.py (answer cells run with the
library's references withheld, hidden cases judged by verify), over the instructor
solution, the blank student version, tests/chapters/roundtrip/02_tools_and_controller.py's subtly
wrong submission (exactly PARTIAL) and every CHEATS entry there (each earns nothing).
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

import agentloop.checks.ch2 as ch2
from tests.chapters.test_ch1_grading import answer_cells, blank, grade_in_process

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "02_tools_and_controller.ipynb"
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip" / "02_tools_and_controller.py"
SOURCE = ROOT / "chapters" / "src" / "02_tools_and_controller.py"
SOLUTION = answer_cells(NOTEBOOK)
DATA = runpy.run_path(str(ROUNDTRIP))


def test_the_roundtrip_file_names_every_test_cell():
    test_ids = re.findall(r"^# %% (?:tests|check) id=(\S+)", SOURCE.read_text(encoding="utf-8"),
                          re.M)
    assert set(DATA["PARTIAL"]) == set(test_ids) == {c.id for c in ch2.CHECKS}
    assert set(DATA["WRONG"]) <= set(SOLUTION)
    for answers, expected in DATA["CHEATS"].values():
        assert set(answers) <= set(SOLUTION) and set(expected) == set(test_ids)


def test_the_solution_earns_full_marks():
    assert all(grade_in_process(ch2, SOLUTION).values())


def test_the_blank_student_version_earns_nothing():
    scores = grade_in_process(ch2, {cid: blank(src) for cid, src in SOLUTION.items()})
    assert not any(scores.values())


def test_the_subtly_wrong_submission_earns_exactly_the_partial_score():
    assert grade_in_process(ch2, dict(SOLUTION, **DATA["WRONG"])) == DATA["PARTIAL"]


@pytest.mark.parametrize("name", sorted(DATA["CHEATS"]))
def test_every_cheat_earns_nothing(name):
    answers, expected = DATA["CHEATS"][name]
    assert grade_in_process(ch2, dict(SOLUTION, **answers)) == expected
