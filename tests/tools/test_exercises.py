"""tools/exercises.py: every exercise is validated against its one declaration.

A small fake chapter 9 in tmp_path (one answer cell, two check cells, both editions of its
checks, a round trip, the built notebook, a translation, the facts file) validates clean;
then each mistake is made once, and the validator names the file and the exercise. The
last tests run tools/build_chapters.py itself: on the real chapter 1 with a check's points
changed in its source, and on a source with a bad header.
"""

from __future__ import annotations

import dataclasses
import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers import Lock, key

from agentloop.checks.core import Case, Check

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_chapters  # noqa: E402
import build_check_facts  # noqa: E402
import exercises as ex  # noqa: E402

STEM = "09_fake"
SOURCE = '''\
# %% [markdown]
# # A fake chapter

# %% solution id=ch9-double-answer
def double(x):
    ### BEGIN SOLUTION
    return 2 * x
    ### END SOLUTION

# %%
from agentloop.checks import check

check("ch9-double-small")

# %% check id=ch9-double-small points=2

# %% check id=ch9-double-big points=1
'''
ROUNDTRIP = '''\
WRONG = {"ch9-double-answer": "def double(x):\\n    return x + x if x < 10 else x\\n"}
PARTIAL = {"ch9-double-small": True, "ch9-double-big": False}
'''


def double(x: int) -> int:
    return 2 * x


def _check(check_id: str, inputs: list[int]) -> Check:
    return Check(id=check_id, answer="double", title="double() of a number",
                 cases=lambda: [Case(n, f"double {n}") for n in inputs])


LEARNER = {c.id: c for c in (_check("ch9-double-small", [1, 2]), _check("ch9-double-big", [50]))}


def editions(learner: dict[str, Check] = LEARNER, teacher: dict[str, Check] | None = None,
             references: dict | None = None, locks: dict | None = None
             ) -> tuple[ex.Edition, ex.Edition]:
    teacher = {i: key(c, reference=double) for i, c in learner.items()} \
        if teacher is None else teacher
    return (ex.Edition("fake.checks.ch9", "lib/fake/checks/ch9.py", dict(learner)),
            ex.Edition("fake.answers.ch9", "grader/fake/answers/ch9.py", teacher,
                       {"double": double} if references is None else references,
                       {"ch9-double-answer": Lock(("ch9-double-small",))}
                       if locks is None else locks))


@pytest.fixture
def fake(tmp_path: Path) -> ex.Chapter:
    """The fake chapter, right in every part."""
    (tmp_path / "src").mkdir()
    (tmp_path / "ru").mkdir()
    source = tmp_path / "src" / f"{STEM}.py"
    source.write_text(SOURCE, encoding="utf-8")
    notebook = tmp_path / f"{STEM}.ipynb"
    nbformat.write(build_chapters.build_notebook(source), notebook)
    shutil.copy(notebook, tmp_path / "ru" / notebook.name)
    roundtrip = tmp_path / "roundtrip.py"
    roundtrip.write_text(ROUNDTRIP, encoding="utf-8")
    learner, teacher = editions()
    return write_facts(ex.Chapter(STEM, "ch9", source, learner, teacher, roundtrip, notebook,
                                  (tmp_path / "ru" / notebook.name,), tmp_path / "ch9.json"))


def write_facts(chapter: ex.Chapter) -> ex.Chapter:
    """The chapter with its facts file as build_check_facts.py writes it for its editions."""
    try:
        data = build_check_facts.chapter_facts("ch9", chapter.learner.checks.values(),
                                               chapter.teacher.checks)
    except build_check_facts.FactsError:
        return chapter  # the editions disagree; that is what the test is about
    chapter.facts.write_text(build_check_facts.render(data), encoding="utf-8")
    return chapter


def problems(chapter: ex.Chapter, source: str | None = None) -> list[str]:
    if source is not None:
        chapter.source.write_text(source, encoding="utf-8")
    cells = build_chapters.build_notebook(chapter.source).cells
    return [str(p) for p in ex.problems(chapter, cells)]


def with_editions(chapter: ex.Chapter, **changes) -> ex.Chapter:
    learner, teacher = editions(**changes)
    return write_facts(dataclasses.replace(chapter, learner=learner, teacher=teacher))


def one(found: list[str], file: str, exercise: str, words: str) -> None:
    """`found` is exactly one problem, of `file` and `exercise`, saying `words`."""
    assert len(found) == 1, found
    assert found[0].startswith(f"{file}: {exercise}: "), found
    assert words in found[0], found


def test_a_right_chapter_has_no_problem(fake):
    assert problems(fake) == []


def test_the_real_chapters_have_no_problem():
    for source in sorted((ROOT / "chapters" / "src").glob("*.py")):
        chapter = ex.load(source, ROOT / "chapters")
        assert chapter.learner and chapter.teacher and chapter.translations
        assert problems(chapter) == [], source.name


def test_a_check_cell_the_learners_edition_lacks(fake):
    learner = {"ch9-double-small": LEARNER["ch9-double-small"]}
    teacher = {i: key(c, reference=double) for i, c in LEARNER.items()}
    found = problems(with_editions(fake, learner=learner, teacher=teacher))
    assert found == [
        "lib/fake/checks/ch9.py: ch9-double-big: no such check in fake.checks.ch9.CHECKS "
        f"(run in {fake.source} after answer cell ch9-double-answer); add it there, or "
        "correct the cell's id",
        "grader/fake/answers/ch9.py: ch9-double-big: the learner's edition "
        "(lib/fake/checks/ch9.py) has no such check; the teacher's checks are the "
        "learner's, completed by key(...)"]


def test_a_check_cell_the_teachers_edition_lacks(fake):
    teacher = {"ch9-double-small": key(LEARNER["ch9-double-small"], reference=double)}
    found = problems(with_editions(fake, teacher=teacher))
    assert found[0].startswith("grader/fake/answers/ch9.py: ch9-double-big: no such check in "
                               "fake.answers.ch9.CHECKS")
    assert found[1:] == [f"{fake.facts}: (every exercise): cannot be written: "
                         "agentloop_grader.answers.ch9 has no check 'ch9-double-big'"]


def test_the_editions_name_two_answers(fake):
    teacher = {i: key(dataclasses.replace(c, answer="twice"), reference=double)
               for i, c in LEARNER.items()}
    found = problems(with_editions(fake, teacher=teacher,
                                   references={"double": double, "twice": double}))
    assert found == [f"grader/fake/answers/ch9.py: {i}: its answer is 'twice', the learner's "
                     "edition says 'double'; one answer name" for i in LEARNER]


def test_the_answer_cell_does_not_define_the_answer(fake):
    found = problems(fake, SOURCE.replace("def double(x):", "def twice(x):"))
    assert found == [f"{fake.source}: {i}: its answer 'double' is not defined in answer cell "
                     "ch9-double-answer before it (which defines twice)"
                     for i in ("ch9-double-small", "ch9-double-big")]


def test_a_check_before_any_answer_cell(fake):
    source = SOURCE.replace("# %% [markdown]\n# # A fake chapter\n",
                            "# %%\nfrom agentloop.checks import check\n\ncheck('ch9-double-big')"
                            "\n")
    one(problems(fake, source), str(fake.source), "ch9-double-big",
        "a cell runs this check before any answer cell")


def test_a_check_no_cell_runs(fake):
    learner = {**LEARNER, "ch9-double-zero": _check("ch9-double-zero", [0])}
    one(problems(with_editions(fake, learner=learner)), "lib/fake/checks/ch9.py",
        "ch9-double-zero", f"no cell of {fake.source} runs this check; add a check cell")


def test_a_teachers_check_without_a_reference(fake):
    found = problems(with_editions(fake, references={"triple": double}))
    assert found == [f"grader/fake/answers/ch9.py: {i}: REFERENCE has no 'double', the answer "
                     "this check probes; add the reference answer" for i in LEARNER]


def test_a_lock_on_no_answer_cell_and_on_another_exercise(fake):
    one(problems(with_editions(fake, locks={"ch9-triple-answer": Lock(("ch9-double-big",))})),
        "grader/fake/answers/ch9.py", "ch9-triple-answer", "which is no answer cell")
    one(problems(with_editions(fake, locks={"ch9-double-answer": Lock(("ch9-other",))})),
        "grader/fake/answers/ch9.py", "ch9-double-answer",
        "its Lock names 'ch9-other', which is no check cell of this exercise")


def test_a_check_cell_without_a_round_trip_expectation(fake):
    fake.roundtrip.write_text(ROUNDTRIP.replace('"ch9-double-big": False', ""), "utf-8")
    one(problems(fake), str(fake.roundtrip), "ch9-double-big", "no round-trip expectation")


def test_a_round_trip_expectation_for_no_check_cell(fake):
    fake.roundtrip.write_text(ROUNDTRIP.replace("False}", 'False, "ch9-gone": True}'), "utf-8")
    one(problems(fake), str(fake.roundtrip), "ch9-gone", "PARTIAL names this, which is no "
        "check cell")


def test_a_wrong_submission_for_no_answer_cell(fake):
    fake.roundtrip.write_text(ROUNDTRIP.replace('"ch9-double-answer"', '"ch9-gone-answer"'),
                              "utf-8")
    one(problems(fake), str(fake.roundtrip), "ch9-gone-answer", "WRONG replaces this")


def test_no_round_trip_at_all(fake):
    fake.roundtrip.unlink()
    one(problems(fake), str(fake.roundtrip), "(every exercise)", "no round trip for this "
        "chapter")


def test_a_round_trip_that_cannot_run(fake):
    fake.roundtrip.write_text("PARTIAL = {}\nraise RuntimeError('broken')\n", "utf-8")
    one(problems(fake), str(fake.roundtrip), "(every exercise)",
        "cannot be run: RuntimeError: broken")


def test_points_in_the_notebook_differ_from_the_source(fake):
    nb = nbformat.read(fake.notebook, as_version=4)
    next(c for c in nb.cells if c.id == "ch9-double-big").metadata["nbgrader"]["points"] = 3
    nbformat.write(nb, fake.notebook)
    one(problems(fake), str(fake.notebook), "ch9-double-big",
        f"3 points in its nbgrader metadata, {fake.source} says 1; rebuild it: "
        "python tools/build_chapters.py 09_fake")


def test_a_notebook_not_built(fake):
    fake.notebook.unlink()
    one(problems(fake), str(fake.notebook), "(every exercise)", "not built yet")


def test_a_translation_lacks_a_grade_id_and_has_another(fake):
    path = fake.translations[0]
    nb = nbformat.read(path, as_version=4)
    next(c for c in nb.cells if c.id == "ch9-double-big").metadata["nbgrader"]["grade_id"] = \
        "ch9-double-huge"
    nbformat.write(nb, path)
    found = problems(fake)
    assert found == [f"{path}: ch9-double-big: no graded cell with this grade id, which "
                     f"{fake.source} has; rebuild it: python tools/build_chapters.py 09_fake",
                     f"{path}: ch9-double-huge: a graded cell {fake.source} does not have; "
                     "rebuild it: python tools/build_chapters.py 09_fake"]


def test_facts_out_of_date(fake):
    fake.facts.write_text("{}\n", encoding="utf-8")
    one(problems(fake), str(fake.facts), "(every exercise)",
        "out of date; run python tools/build_check_facts.py")


def test_two_cells_with_one_grade_id(fake):
    one(problems(fake, SOURCE + "\n# %% check id=ch9-double-big points=1\n"), str(fake.source),
        "ch9-double-big", "two cells have this grade id")


def test_a_chapter_without_editions(fake):
    found = problems(dataclasses.replace(fake, learner=None, teacher=None))
    assert found == [f"{fake.source}: (every exercise): the learner's edition "
                     "agentloop.checks.ch9 does not exist; every check cell needs it",
                     f"{fake.source}: (every exercise): the teacher's edition "
                     "agentloop_grader.answers.ch9 does not exist; every check cell needs it"]


def real_chapter_1(tmp_path: Path, monkeypatch, text: str) -> Path:
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "01_agent_loop.py").write_text(text, encoding="utf-8")
    monkeypatch.setattr(build_chapters, "SOURCES", sources)
    return sources


def test_build_chapters_check_names_points_changed_in_the_source(tmp_path, monkeypatch, capsys):
    text = (ROOT / "chapters" / "src" / "01_agent_loop.py").read_text(encoding="utf-8")
    changed = text.replace("# %% check id=ch1-predict points=2", "# %% check id=ch1-predict "
                           "points=3")
    assert changed != text
    real_chapter_1(tmp_path, monkeypatch, changed)
    assert build_chapters.main(["01_agent_loop", "--check", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert ("chapters/01_agent_loop.ipynb: ch1-predict: 2 points in its nbgrader metadata, "
            f"{tmp_path}/src/01_agent_loop.py says 3; rebuild it") in err


@pytest.mark.parametrize("header", ["# %% check id=ch1-predict points=two",
                                    "# %% check id=ch1-predict 2"])
def test_build_chapters_a_bad_header_is_one_line(header, tmp_path, monkeypatch, capsys):
    text = (ROOT / "chapters" / "src" / "01_agent_loop.py").read_text(encoding="utf-8")
    real_chapter_1(tmp_path, monkeypatch,
                   text.replace("# %% check id=ch1-predict points=2", header))
    assert build_chapters.main(["01_agent_loop", "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"build_chapters.py: {tmp_path}/src/01_agent_loop.py: bad ")
    assert err.count("\n") == 1 and header.removeprefix("# %% ") in err


def test_the_normal_build_validates_too(tmp_path, monkeypatch, capsys):
    text = (ROOT / "chapters" / "src" / "01_agent_loop.py").read_text(encoding="utf-8")
    real_chapter_1(tmp_path, monkeypatch, text.replace(
        "# %% check id=ch1-predict points=2", "# %% check id=ch1-predict points=2\n\n"
        "# %% check id=ch1-predict-twice points=1"))
    monkeypatch.setattr(build_chapters, "CHAPTERS", tmp_path)
    monkeypatch.setattr(build_chapters, "ROOT", tmp_path)  # where it says it wrote
    assert build_chapters.main(["01_agent_loop", "--no-execute", "--lang", "en"]) == 1
    assert (tmp_path / "01_agent_loop.ipynb").is_file()  # written all the same
    err = capsys.readouterr().err
    assert "lib/agentloop/checks/ch1.py: ch1-predict-twice: no such check in " \
           "agentloop.checks.ch1.CHECKS" in err
    assert "tests/chapters/roundtrip/01_agent_loop.py: ch1-predict-twice: no round-trip " \
           "expectation" in err
