"""Chapter 3 graded the way agentloop-grade grades it, in this process: whole notebooks.

Only the answer cells run, in a fresh namespace, with the library modules that answer an
exercise out of reach (the grader's sandbox does not load agentloop.guards nor the
transcript viewer); each check of the teacher's edition then probes its answer on the
visible and hidden cases. The submissions are the instructor solution, the blank student
version, tests/chapters/roundtrip/03_plan_action_observation.py's subtly wrong one (exactly
PARTIAL) and every CHEATS entry there (each cheated exercise earns nothing, the rest keeps
its points). tests/grader/test_roundtrip.py grades the same submissions in the sandbox.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers import chapter_keys
from chapter_answers import cases, run_as_graded, verdict

from agentloop.checks.ch3 import CHECKS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "03_plan_action_observation.ipynb"
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip" / "03_plan_action_observation.py"
SOURCE = ROOT / "chapters" / "src" / "03_plan_action_observation.py"
KEYS = chapter_keys("ch3")
HIDDEN = {check_id: cases(chk) for check_id, chk in KEYS.items()}  # drawn once per session


def answer_cells(path: Path) -> dict[str, str]:
    """The instructor notebook's answer cells, by grade_id, in notebook order."""
    nb = nbformat.read(path, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def blank(source: str) -> str:
    """The student version of an answer cell: the solution replaced as nbgrader does."""
    return re.sub(r"### BEGIN SOLUTION.*?### END SOLUTION", "raise NotImplementedError()",
                  source, flags=re.S)


def grade_in_process(answers: dict[str, str]) -> dict[str, bool]:
    """Check id → passed, for a submission given as its answer cells (id → source)."""
    namespace = run_as_graded(KEYS.values(), answers)
    return {check_id: verdict(chk, namespace, HIDDEN[check_id])
            for check_id, chk in KEYS.items()}


SOLUTION = answer_cells(NOTEBOOK)
DATA = runpy.run_path(str(ROUNDTRIP))


def test_the_roundtrip_file_names_every_test_cell():
    test_ids = re.findall(r"^# %% (?:tests|check) id=(\S+)", SOURCE.read_text(encoding="utf-8"),
                          re.M)
    assert set(DATA["PARTIAL"]) == set(test_ids) == {c.id for c in CHECKS} == set(KEYS)
    assert set(DATA["WRONG"]) <= set(SOLUTION)
    for answers, expected in DATA["CHEATS"].values():
        assert set(answers) <= set(SOLUTION) and set(expected) == set(test_ids)
        assert not all(expected.values())  # every cheat is expected to lose something


def test_the_solution_earns_full_marks():
    assert all(grade_in_process(SOLUTION).values())


def test_the_blank_student_version_earns_nothing():
    scores = grade_in_process({cid: blank(src) for cid, src in SOLUTION.items()})
    assert not any(scores.values())


def test_the_subtly_wrong_submission_earns_exactly_the_partial_score():
    assert grade_in_process(dict(SOLUTION, **DATA["WRONG"])) == DATA["PARTIAL"]


@pytest.mark.parametrize("name", sorted(DATA["CHEATS"]))
def test_every_cheat_earns_nothing_on_its_exercise(name):
    answers, expected = DATA["CHEATS"][name]
    assert grade_in_process(dict(SOLUTION, **answers)) == expected
