"""Chapter 5 graded the way agentloop-grade grades it, in this process: whole notebooks.

Only the answer cells run, in a fresh namespace, with the library modules that answer an
exercise out of reach (the grader's sandbox does not load the officer's loop nor the
handover); each check of the teacher's edition then probes its answer on the visible and
hidden cases, made and judged on this, the trusted, side. The submissions are the
instructor solution, the blank student version, tests/chapters/roundtrip/05_capstone.py's
subtly wrong one (exactly PARTIAL) and every CHEATS entry there (each cheated exercise earns
nothing, the rest keeps its points). tests/grader/test_roundtrip.py grades the same
submissions in the sandbox.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers import chapter_keys
from chapter_answers import cases, run_as_graded, verdict

from agentloop.checks.ch5 import CHECKS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "05_capstone.ipynb"
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip" / "05_capstone.py"
SOURCE = ROOT / "chapters" / "src" / "05_capstone.py"
KEYS = chapter_keys("ch5")
HIDDEN = {check_id: cases(chk) for check_id, chk in KEYS.items()}  # drawn once per session


def answer_cells(path: Path) -> dict[str, str]:
    """The instructor notebook's answer cells, by grade_id, in notebook order (the written
    answer, graded by hand, aside)."""
    nb = nbformat.read(path, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("solution")}


def blank(source: str) -> str:
    """The student version of an answer cell: the solution replaced as nbgrader does."""
    return re.sub(r"### BEGIN SOLUTION.*?### END SOLUTION", "raise NotImplementedError()",
                  source, flags=re.S)


SOLUTION = answer_cells(NOTEBOOK)
DATA = runpy.run_path(str(ROUNDTRIP))
# The answer cell that defines each check's answer: a cheat re-judges only what it replaced.
CELL_OF = {check_id: next(cid for cid, src in SOLUTION.items()
                          if re.search(rf"^def {chk.answer}\b", src, re.M))
           for check_id, chk in KEYS.items()}
_JUDGED: dict[tuple[str, str], bool] = {}


def grade_in_process(answers: dict[str, str]) -> dict[str, bool]:
    """Check id → passed, for a submission given as its answer cells (id → source). A
    check's verdict depends only on the cell that defines its answer, so verdicts are kept by
    (check, that cell's source)."""
    todo = {check_id for check_id in KEYS if (check_id, answers[CELL_OF[check_id]]) not in _JUDGED}
    if todo:
        namespace = run_as_graded(KEYS.values(), answers)
        for check_id in todo:
            _JUDGED[(check_id, answers[CELL_OF[check_id]])] = verdict(KEYS[check_id], namespace,
                                                                     HIDDEN[check_id])
    return {check_id: _JUDGED[(check_id, answers[CELL_OF[check_id]])] for check_id in KEYS}


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


@pytest.mark.parametrize("name", sorted(set(DATA["CHEATS"]) - set(DATA["SANDBOX_ONLY"])))
def test_every_cheat_earns_nothing_on_its_exercise(name):
    answers, expected = DATA["CHEATS"][name]
    assert grade_in_process(dict(SOLUTION, **answers)) == expected


@pytest.mark.parametrize("name", DATA["SANDBOX_ONLY"])
def test_a_cheat_that_digs_for_the_teachers_edition_finds_it_only_where_it_is(name):
    """In this process the teacher's edition is loaded, so the digging answer is right here;
    tests/grader/test_roundtrip.py grades it in the sandbox, where it earns nothing."""
    answers, expected = DATA["CHEATS"][name]
    assert not all(expected.values())
    assert all(grade_in_process(dict(SOLUTION, **answers)).values())
