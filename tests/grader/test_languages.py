"""One class, one assignment, one gradebook, four languages.

The course releases chapter 1 in English; its students hand in chapter 1 in English,
Russian, Bulgarian and Persian (each language: the instructor solution, the untouched
student version, and the round trip's subtly wrong answer). `agentloop-grade autograde`
grades them all in one run, and each language's students get exactly the English
students' scores: the grader matches cells by grade id and runs the source's test cells,
so a translation changes words, never grades. What a student reads back is in their
notebook's language — the ✔/✘ lines and the reason under each check in the graded notebook,
the feedback page (their own notebook, and nbgrader's words around it), Persian right to
left — while the gradebook, the teacher's reports and every id stay in English.
"""

from __future__ import annotations

import json
import os
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

from agentloop.i18n import ENV, SOURCE, TRANSLATED, Markup, catalog, current

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


@pytest.fixture(scope="module")
def pages(graded):
    """Every student's feedback page, made once: (student → HTML)."""
    course, *_ = graded
    result = feedback(course, STEM)
    assert result.withheld == []
    return {page.parts[-3]: page.read_text(encoding="utf-8") for page in result.pages}


def test_feedback_is_in_the_students_language(pages):
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


def check_outputs(course, student):
    """The grader's lines under each check cell of a student's graded notebook:
    grade id → (the ✔/✘ lines as plain text, that output, the error under the cell)."""
    path = course.path("autograded", student, STEM) / f"{STEM}.ipynb"
    out = {}
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        for index, output in enumerate(cell.get("outputs", [])):
            plain = output.get("text") or output.get("data", {}).get("text/plain", "")
            if isinstance(plain, str) and plain.startswith(f"{gid}: "):
                after = cell["outputs"][index + 1:]
                error = after[0]["evalue"] if after and after[0]["output_type"] == "error" \
                    else None
                out[gid] = (plain.rstrip("\n"), output, error)
    return out


def test_each_graded_notebook_says_its_checks_in_its_students_language(graded):
    """The same cases, the same verdicts: the English student's counts, said in each
    student's words; Persian as a right-to-left block; the reason under a failed check in
    the student's words too."""
    course, _, _, tests = graded
    english = check_outputs(course, "en-partial")
    _, partial = T.roundtrip(STEM)
    assert sorted(english) == sorted(gid for gid in tests if gid in english) and english
    counts = re.compile(r"  (\d+)/(\d+) cases passed: (all passed|not yet)$")
    for language in LANGUAGES[1:]:
        said = catalog(language)
        theirs = check_outputs(course, f"{language}-partial")
        assert sorted(theirs) == sorted(english), language
        for gid, (text, output, error) in theirs.items():
            passed, total, verdict = counts.search(english[gid][0]).groups()
            last = said.render("{passed}/{total} cases passed: {verdict}",
                               {"passed": passed, "total": total, "verdict": verdict})
            assert text.endswith("\n  " + last), (language, gid)
            assert "cases passed" not in text and ("✘" in text) == (not partial[gid])
            if partial[gid]:
                assert error is None and english[gid][2] is None
            else:  # the first failure, the same case, in the student's words
                assert error is not None and english[gid][2].startswith(
                    f"{int(total) - int(passed)}/{total} cases failed; ")
                assert error != english[gid][2] and "cases failed" not in error
                head = said.render("{count}/{total} cases failed; {label}: {reason}",
                                   {"count": int(total) - int(passed), "total": total,
                                    "label": "\0", "reason": ""}).split("\0")[0]
                assert error.startswith(head), (language, error)
            if language == "fa":
                html = output["data"]["text/html"]
                assert output["output_type"] == "display_data"
                assert html.startswith('<div dir="rtl" class="agentloop-rtl agentloop-text">')
            else:
                assert output["output_type"] == "stream"
    assert all(output["output_type"] == "stream" for _, output, _ in english.values())


def test_the_gradebook_and_the_teachers_reports_stay_in_english(graded):
    """The run report's rows, the gradebook's scores and every report file are the English
    student's, whatever language a student wrote in; the grader's own process still speaks
    English and left $AGENTLOOP_LANG as it was."""
    course, report, _, _ = graded
    rows = {row.student: row for row in report.rows}
    for language in LANGUAGES[1:]:
        for kind in KINDS:
            mine, theirs = rows[f"en-{kind}"], rows[f"{language}-{kind}"]
            assert (theirs.score, theirs.max_score) == (mine.score, mine.max_score)
            assert theirs.cells == mine.cells, (language, kind)  # reasons, failures
    foreign = re.compile("[\u0400-\u04ff\u0600-\u06ff]")  # Cyrillic, Persian script
    files = [p for p in (course.root / "reports").rglob("*") if p.is_file()]
    assert files and not [p.name for p in files
                          if foreign.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert current() == SOURCE and os.environ.get(ENV) is None


def test_each_feedback_page_speaks_its_students_language(pages):
    """nbgrader's own words on each page (its scores, "Test cell", "Student's answer") in
    the student's language, with the page's `lang`; Persian's list of scores right to left;
    an English page is stock's."""
    for language in LANGUAGES:
        for kind in KINDS:
            page = pages[f"{language}-{kind}"]
            if language == "en":
                assert "<html>" in page and ">Test cell</a>" in page
                assert "<span class=\"nbgrader-label\">Student's answer</span>" in page
                continue
            said = catalog(language)
            assert f'<html lang="{language}">' in page and ">Test cell</a>" not in page
            assert f'>{said.render("Test cell", None, Markup.HTML)}</a>' in page
            assert said.render("Student's answer", None, Markup.HTML) in page
            assert "(Score: " not in page and "(Top)" not in page, (language, kind)
            assert ('<div dir="rtl" id="toc">' in page) == (language == "fa")
