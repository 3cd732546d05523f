"""Every chapter through the teacher's grader: release with nbgrader, then autograde the
instructor solution (full marks), the untouched student version (zero) and, when
tests/chapters/roundtrip/<stem>.py exists, its subtly wrong answers (exactly PARTIAL passes) and
each of its CHEATS (every cheated cell earns nothing).

Parametrized over chapters/*.ipynb, so a new chapter is covered without edits here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "chapters").glob("[0-9]*.ipynb"))

pytestmark = pytest.mark.slow


def written_answers(nb: dict) -> dict[str, str]:
    """Answer cells with points (a written answer graded by hand), by grade_id → text."""
    out = {}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade") and meta.get("solution"):
            out[meta["grade_id"]] = T.source_text(cell)
    return out


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_roundtrip(notebook: Path, tmp_path: Path) -> None:
    course = Course(tmp_path / "course")
    assignment = notebook.stem
    assert [r.name for r in release(course, [assignment])] == [assignment]
    source = T.read(course.source_notebook(assignment))
    student_version = T.read(course.released_notebook(assignment))
    tests = T.test_cells(source)
    assert tests, f"{assignment} has no autograded test cells"

    T.submit(course, assignment, "solution", source)
    T.submit(course, assignment, "untouched", student_version)
    partial = T.roundtrip(assignment)
    if partial:
        wrong, expected = partial
        assert set(wrong) <= set(T.answers(source)), "WRONG names unknown answer cells"
        assert set(expected) == set(tests), "PARTIAL must name every test cell"
        T.submit(course, assignment, "wrong", T.with_answers(source, wrong))
    cheats = T.cheats(assignment, source)
    for number, (cells, _) in enumerate(cheats.values()):
        T.submit(course, assignment, f"cheat_{number:02d}", T.with_answers(source, cells))

    report = autograde(course, assignment, Options(workers=2, progress=False,
                                                    limits=Limits(time_s=20)))
    everything = T.gradebook_scores(course, assignment)
    written = written_answers(source)  # graded by hand: checked apart from the tests
    scores = {student: {gid: score for gid, score in cells.items() if gid not in written}
              for student, cells in everything.items()}
    for gid, text in written.items():
        assert everything["solution"][gid] is None, gid  # an answer: left for a person
        assert everything["untouched"][gid] == 0.0, gid  # "No response.", as in stock
        kept = T.read(course.path("autograded", "solution", assignment) / notebook.name)
        assert text in [T.source_text(c) for c in kept["cells"]], gid  # the student's text
    if written:
        with course.gradebook() as gb:
            grade = gb.find_grade(next(iter(written)), assignment, assignment, "solution")
            assert grade.needs_manual_grade

    assert scores["solution"] == tests, report.summary()
    assert scores["untouched"] == dict.fromkeys(tests, 0.0), report.summary()
    if partial:
        want = {gid: (tests[gid] if passes else 0.0) for gid, passes in expected.items()}
        assert scores["wrong"] == want, report.summary()
    for number, (name, (_, passes)) in enumerate(cheats.items()):
        want = {gid: (tests[gid] if passes.get(gid, True) else 0.0) for gid in tests}
        assert scores[f"cheat_{number:02d}"] == want, f"cheat {name!r}: {report.summary()}"
    rows = {row.student: row for row in report.rows}
    assert rows["solution"].score == sum(tests.values())
    assert not rows["solution"].problems
    assert report.files and all(Path(f).is_file() for f in report.files)
