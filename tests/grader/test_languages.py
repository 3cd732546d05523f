"""One class, one assignment, one gradebook, four languages.

The course releases chapter 1 in English; its students hand in chapter 1 in English,
Russian, Bulgarian and Persian (each language: the instructor solution, the untouched
student version, and the round trip's subtly wrong answer). `agentloop-grade autograde`
grades them all in one run, and each language's students get exactly the English
students' scores: the grader matches cells by grade id and runs the source's test cells,
so a translation changes words, never grades. Feedback (nbgrader's generate_feedback) is
each student's own notebook, so its text is in the student's language, Persian right to
left.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.feedback import feedback
from agentloop_grader.learner_release import student_version
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release

from agentloop.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
STEM = "01_agent_loop"
LANGUAGES = ["en", *(code.value for code in TRANSLATED)]
KINDS = ("solution", "blank", "partial")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The mixed class, graded once: (course, report, gradebook scores, test cells)."""
    course = Course(tmp_path_factory.mktemp("languages") / "course")
    release(course, [STEM])
    source = T.read(course.source_notebook(STEM))
    wrong, _ = T.roundtrip(STEM)
    for language in LANGUAGES:
        if language == "en":
            instructor, blank = source, T.read(course.released_notebook(STEM))
        else:
            path = ROOT / "chapters" / language / f"{STEM}.ipynb"
            instructor = T.read(path)
            blank = dict(student_version(path))
        T.submit(course, STEM, f"{language}-solution", instructor)
        T.submit(course, STEM, f"{language}-blank", blank)
        T.submit(course, STEM, f"{language}-partial", T.with_answers(instructor, wrong))
    report = autograde(course, STEM, Options(workers=2, progress=False,
                                              limits=Limits(time_s=20)))
    return course, report, T.gradebook_scores(course, STEM), T.test_cells(source)


def test_every_language_scores_exactly_as_english(graded):
    _, report, scores, tests = graded
    _, partial = T.roundtrip(STEM)
    assert scores["en-solution"] == tests, report.summary()
    assert scores["en-blank"] == dict.fromkeys(tests, 0.0), report.summary()
    assert scores["en-partial"] == {gid: tests[gid] if passes else 0.0
                                    for gid, passes in partial.items()}, report.summary()
    for language in LANGUAGES[1:]:
        for kind in KINDS:
            assert scores[f"{language}-{kind}"] == scores[f"en-{kind}"], (language, kind)


def test_one_gradebook_holds_the_whole_class_under_the_same_grade_ids(graded):
    course, report, scores, tests = graded
    assert sorted(scores) == sorted(f"{language}-{kind}" for language in LANGUAGES
                                    for kind in KINDS)
    assert all(set(cells) == set(tests) for cells in scores.values())
    rows = {row.student: row for row in report.rows}
    for language in LANGUAGES:
        assert rows[f"{language}-solution"].score == sum(tests.values())
        assert not rows[f"{language}-solution"].problems, rows[f"{language}-solution"].problems
    with course.gradebook() as gb:
        assert [a.name for a in gb.assignments] == [STEM]


def test_feedback_is_in_the_students_language(graded):
    course, *_ = graded
    result = feedback(course, STEM)
    assert result.withheld == []
    pages = {page.parts[-3]: page.read_text(encoding="utf-8") for page in result.pages}
    assert sorted(pages) == sorted(f"{language}-{kind}" for language in LANGUAGES
                                   for kind in KINDS)
    titles = {"en": "Chapter 1 — The agent loop", "ru": "Глава 1 — Агентный цикл",
              "bg": "Глава 1 — Цикълът на агента", "fa": "فصل ۱ — حلقهٔ عامل"}
    for language, title in titles.items():
        for kind in KINDS:
            page = pages[f"{language}-{kind}"]
            assert title in page, (language, kind)
            others = [t for other, t in titles.items() if other != language]
            assert not any(t in page for t in others), (language, kind)
    rtl = len(re.findall(r'<div dir="rtl">', pages["fa-solution"]))
    assert rtl >= 30 and '<div dir="rtl">' not in pages["ru-solution"]
