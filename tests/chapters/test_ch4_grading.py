"""Chapter 4 graded the way agentloop-grade grades it, in this process: whole notebooks.

Only the answer cells run, in a fresh namespace; each check of the teacher's edition then
probes its answer on the visible and hidden cases (drawn from the tests' course seed), and
the outputs are judged by the check. The submissions are the instructor solution, the blank
student version, tests/chapters/roundtrip/04_harness.py's subtly wrong one (exactly PARTIAL)
and each of its CHEATS, which must score no more than the blank on the exercises it cheats
(tests/grader/test_roundtrip.py grades the same submissions in the real sandbox).
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import nbformat
import pytest
from agentloop_grader import testing
from agentloop_grader.answers import chapter_keys
from chapter_answers import cases, run_as_graded, stub_out, verdict

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "04_harness.ipynb"
ROUNDTRIP = ROOT / "tests" / "chapters" / "roundtrip"
DATA = runpy.run_path(str(ROUNDTRIP / "04_harness.py"))
CHECKS = chapter_keys("ch4")
GRADED = {cid: chk for cid, chk in CHECKS.items() if cid != "ch4-table-rows"}


def answer_cells() -> dict[str, str]:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


SOLUTION = answer_cells()


def grade_in_process(answers: dict[str, str]) -> dict[str, bool]:
    """Graded check id → passed, for a submission given as its answer cells (id → source)."""
    namespace = run_as_graded(GRADED.values(), answers)
    return {cid: verdict(chk, namespace, cases(chk)) for cid, chk in GRADED.items()}


BLANK = grade_in_process({cid: stub_out(src) for cid, src in SOLUTION.items()})


def test_the_roundtrip_file_names_every_test_cell():
    source = (ROOT / "chapters" / "src" / "04_harness.py").read_text(encoding="utf-8")
    test_ids = re.findall(r"^# %% (?:tests|check) id=(\S+)", source, re.M)
    assert set(DATA["PARTIAL"]) == set(test_ids) == set(GRADED)
    assert set(DATA["WRONG"]) <= set(SOLUTION)
    for cheat in DATA["CHEATS"].values():
        assert set(cheat) <= set(SOLUTION)


def test_the_solution_earns_full_marks():
    assert all(grade_in_process(SOLUTION).values())


def test_the_blank_student_version_earns_nothing():
    assert not any(BLANK.values())


def test_the_subtly_wrong_submission_earns_exactly_the_partial_score():
    assert grade_in_process(dict(SOLUTION, **DATA["WRONG"])) == DATA["PARTIAL"]


@pytest.mark.parametrize("name", sorted(DATA["CHEATS"]))
def test_every_cheat_scores_no_more_than_the_blank_on_what_it_cheats(name):
    source = testing.read(NOTEBOOK)
    cells, expected = testing.cheats("04_harness", source, ROUNDTRIP)[name]
    cheated = {cid for cid, passes in expected.items() if not passes}
    assert cheated, name  # every cheat cheats at least one exercise
    namespace = run_as_graded(GRADED.values(), dict(SOLUTION, **cells))
    for cid in cheated:  # each cheat runs and defines its answer: it earns 0 on its merits
        assert GRADED[cid].answer in namespace, (name, cid)
    scores = grade_in_process(dict(SOLUTION, **cells))
    assert {cid for cid in cheated if scores[cid]} == set()
    assert all(scores[cid] for cid in set(GRADED) - cheated)  # the rest is the solution's
