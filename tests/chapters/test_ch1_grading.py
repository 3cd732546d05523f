"""Chapter 1 graded the way agentloop-grade grades it, in this process: whole notebooks.

`grade_in_process` is what the teacher's grader does with one submission (see
grader/agentloop_grader/sandbox): only the answer cells run, in a fresh namespace, with
the library modules that answer an exercise out of reach (the sandbox does not load them);
each check of the teacher's edition then probes its answer on the visible and hidden cases,
and the outputs are judged by the check. The submissions are the instructor
solution, the blank student version, tests/chapters/roundtrip/01_agent_loop.py's subtly wrong one
(exactly PARTIAL) and every CHEATS entry there (each cheated cell earns nothing).
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from types import ModuleType

import nbformat
import pytest
from agentloop_grader.answers import chapter_keys
from chapter_answers import cases, run_as_graded, verdict

import agentloop.checks.ch1 as ch1

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "01_agent_loop.ipynb"
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip" / "01_agent_loop.py"
SOURCE = ROOT / "chapters" / "src" / "01_agent_loop.py"


def answer_cells(path: Path) -> dict[str, str]:
    """The instructor notebook's answer cells, by grade_id, in notebook order."""
    nb = nbformat.read(path, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def blank(source: str) -> str:
    """The student version of an answer cell: the solution replaced as nbgrader does."""
    return re.sub(r"### BEGIN SOLUTION.*?### END SOLUTION", "raise NotImplementedError()",
                  source, flags=re.S)


def grade_in_process(module: ModuleType, answers: dict[str, str]) -> dict[str, bool]:
    """Check id → passed, for a submission given as its answer cells (id → source)."""
    checks = chapter_keys(module.__name__.rsplit(".", 1)[-1])
    namespace = run_as_graded(checks.values(), answers)
    return {check_id: verdict(chk, namespace, cases(chk)) for check_id, chk in checks.items()}


SOLUTION = answer_cells(NOTEBOOK)
DATA = runpy.run_path(str(ROUNDTRIP))


def test_the_roundtrip_file_names_every_test_cell():
    test_ids = re.findall(r"^# %% (?:tests|check) id=(\S+)", SOURCE.read_text(encoding="utf-8"),
                          re.M)
    assert set(DATA["PARTIAL"]) == set(test_ids) == {c.id for c in ch1.CHECKS}
    assert set(DATA["WRONG"]) <= set(SOLUTION)
    for answers, expected in DATA["CHEATS"].values():
        assert set(answers) <= set(SOLUTION) and set(expected) == set(test_ids)


def test_the_solution_earns_full_marks():
    assert all(grade_in_process(ch1, SOLUTION).values())


def test_the_blank_student_version_earns_nothing():
    scores = grade_in_process(ch1, {cid: blank(src) for cid, src in SOLUTION.items()})
    assert not any(scores.values())


def test_the_subtly_wrong_submission_earns_exactly_the_partial_score():
    assert grade_in_process(ch1, dict(SOLUTION, **DATA["WRONG"])) == DATA["PARTIAL"]


@pytest.mark.parametrize("name", sorted(DATA["CHEATS"]))
def test_every_cheat_earns_nothing(name):
    answers, expected = DATA["CHEATS"][name]
    assert grade_in_process(ch1, dict(SOLUTION, **answers)) == expected
