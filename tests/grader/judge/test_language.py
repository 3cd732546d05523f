"""What a student reads back is in their notebook's language (judge/language.py); what the
teacher reads — the reason in the gradebook and the run report, every id and score — stays
as judged, in English, and the grader's own process never changes its language."""

from __future__ import annotations

import os

import make_notebook as mk
import pytest
from agentloop_grader.judge.cases import CaseBook
from agentloop_grader.judge.checks import FAILED_MORE, score_check
from agentloop_grader.judge.language import student_language
from agentloop_grader.judge.notebook import score_notebook
from agentloop_grader.protocol import CellResult, CellRun, Run
from agentloop_grader.read.submission import SubmittedNotebook

from agentloop.checks import collect
from agentloop.i18n import ENV, SOURCE, Language, catalog, current


def notebook(language: object = None) -> SubmittedNotebook:
    meta = {} if language is None else {"agentloop": {"language": language}}
    return SubmittedNotebook("part1", "part1.ipynb",
                             [mk.answer("mean_answer", "def mean(values): ...")], metadata=meta)


@pytest.mark.parametrize(("metadata", "language"), [
    ({"agentloop": {"language": "ru"}}, Language.RU),
    ({"agentloop": {"language": " FA "}}, Language.FA),
    ({"agentloop": {"language": "bg"}, "kernelspec": {}}, Language.BG),
    ({}, SOURCE), (None, SOURCE), ({"agentloop": "ru"}, SOURCE),
    ({"agentloop": {"language": "xx"}}, SOURCE),  # a code the course does not speak
    ({"agentloop": {"language": 5}}, SOURCE), ({"agentloop": {"language": ""}}, SOURCE)])
def test_a_notebooks_language_is_its_metadatas_else_english_without_error(metadata, language):
    assert student_language(metadata) == language


def wrong_run(assignment):
    book = CaseBook.build(assignment, "seed-1")
    outputs = collect(assignment.checks["ps-mean"], lambda values: values[0],
                      book.cases[("ps-mean", True)])
    return book, Run("j1", "ada", "part1", {"test_mean": CellRun(probes={"ps-mean": outputs})})


def test_a_check_is_judged_once_and_said_in_the_students_language(assignment):
    book, run = wrong_run(assignment)
    cell = assignment.notebooks["part1"].cell("test_mean")
    english = score_check(cell, run, book, notebook())
    russian = score_check(cell, run, book, notebook("ru"), Language.RU)
    # the same verdict, the same reason and failures for the teacher
    assert (russian.score, russian.reason, russian.failures) == \
        (english.score, english.reason, english.failures)
    assert english.reason.startswith("7/8 cases failed; ") and english.shown_reason == ""
    # what the student reads: the grader's line and the check's verdict in Russian
    said = catalog("ru")
    first = english.failures[0]
    assert russian.shown_reason == said.render(FAILED_MORE, {
        "count": 7, "total": 8, "label": said.translate(first["case"]),
        "reason": said.translate(first["reason"]), "more": 6})
    assert "expected" in first["reason"] and "expected" not in russian.shown_reason
    verdict = said.render("{passed}/{total} cases passed: {verdict}",
                          {"passed": 1, "total": 8, "verdict": "not yet"})
    assert russian.text.endswith("  " + verdict) and "cases passed" not in russian.text
    assert english.text.endswith("  1/8 cases passed: not yet")
    assert russian.language == Language.RU and english.language == SOURCE


def test_the_graders_own_lines_are_said_in_the_students_language(assignment):
    book = CaseBook.build(assignment, "seed-1")
    cell = assignment.notebooks["part1"].cell("test_mean")
    broken = CellRun(CellResult(error="SyntaxError: invalid syntax"))
    run = Run("j1", "ada", "part1", {"test_mean": CellRun(missing={"ps-mean": "mean"}),
                                     "mean_answer": broken})
    score = score_check(cell, run, book, notebook("bg"), Language.BG)
    said = catalog("bg")
    assert score.reason == "the answer cells did not define mean " \
                           "(cell mean_answer: SyntaxError: invalid syntax)"
    assert score.shown_reason == said.render("the answer cells did not define {name}",
                                             {"name": "mean"}) + \
        " (cell mean_answer: SyntaxError: invalid syntax)"
    assert score.shown_reason in score.text
    silent = score_check(cell, Run("j1", "ada", "part1"), book, notebook("fa"), Language.FA)
    assert silent.reason == "the sandbox produced no result for this check"
    assert silent.text == silent.shown_reason == \
        catalog("fa").translate("the sandbox produced no result for this check") != silent.reason


def test_every_cell_of_a_notebook_is_said_in_its_language_and_none_leaks(assignment):
    """Judging a Persian notebook, then an English one, then one in a language the course
    does not speak: each in its own language, and the process's language never changes."""
    book, run = wrong_run(assignment)
    spec = assignment.notebooks["part1"]
    before, env = current(), os.environ.get(ENV)
    persian = score_notebook(spec, notebook("fa"), run, book)
    english = score_notebook(spec, notebook(), run, book)
    unknown = score_notebook(spec, notebook("xx"), run, book)
    assert current() == before and os.environ.get(ENV) == env
    assert [s.score for s in persian] == [s.score for s in english] == \
        [s.score for s in unknown]
    assert [s.reason for s in persian] == [s.reason for s in english]
    assert {s.language for s in persian if s.kind != "manual" and s.kind != "task"} == \
        {Language.FA}
    assert all(s.language == SOURCE and s.shown_reason == "" for s in english + unknown)
    assert [s.text for s in unknown] == [s.text for s in english]
    plain = {s.grade_id: s for s in persian}["test_plain"]  # a test cell that did not run
    assert plain.reason == "the cell did not run (the sandbox ended before it)"
    assert plain.shown_reason == plain.text == catalog("fa").translate(plain.reason)
