"""Chapter 2 graded the way agentloop-grade grades it, in this process: whole notebooks.

The same in-process grader as tests/chapters/test_ch1_grading.py (the answer cells run with
the modules that answer an exercise out of reach — agentloop.controller, agentloop.planners —
and the teacher's edition judges the probes' outputs on visible and hidden cases), over the
instructor solution, the blank student version, the subtly wrong submission of
tests/chapters/roundtrip/02_tools_and_controller.py (exactly PARTIAL) and every CHEATS entry
there (each earns exactly what it is listed with: nothing on the exercise it cheats, a
half-right answer its share).
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


def test_the_answer_cells_import_nothing_the_grader_leaves_out():
    """What an answer cell imports for its vocabulary must be in the sandbox: nothing from
    the modules the chapter's checks are answered by."""
    import ast

    from agentloop_grader.answers import chapter_keys

    absent = {name for chk in chapter_keys("ch2").values() for name in chk.answered_by}
    assert absent == {"agentloop.controller", "agentloop.planners"}
    for cell_id, source in SOLUTION.items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom):
                names = {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
            elif isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            else:
                continue
            assert not names & absent, (cell_id, names & absent)
