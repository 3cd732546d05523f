"""A check cell judged in the grader's own process (judge/checks.py): from the plain data its
probes sent back — what the learner's answer returned on each input — never from anything
the sandbox claims about passing."""

from __future__ import annotations

import make_notebook as mk
from agentloop_grader.judge.cases import CaseBook
from agentloop_grader.judge.checks import MAX_FAILURES_KEPT, defines, score_check
from agentloop_grader.protocol import CellResult, CellRun, Run
from agentloop_grader.read.submission import SubmittedNotebook

from agentloop.checks import collect

NOTEBOOK = SubmittedNotebook("part1", "part1.ipynb",
                             [mk.answer("mean_answer", "def mean(values): ...")])


def judged(assignment, answer=None, cell_run=None):
    book = CaseBook.build(assignment, "seed-1")
    cell = assignment.notebooks["part1"].cell("test_mean")
    if cell_run is None:
        outputs = collect(assignment.checks["ps-mean"], answer, book.cases[("ps-mean", True)])
        cell_run = CellRun(probes={"ps-mean": outputs})
    run = Run("j1", "ada", "part1", {"test_mean": cell_run})
    return score_check(cell, run, book, NOTEBOOK)


def test_every_case_right_is_full_marks(assignment):
    score = judged(assignment, lambda values: sum(values) / len(values))
    assert (score.score, score.points, score.reason, score.failures) == (2.0, 2.0, "", [])
    assert score.passed and score.kind == "check" and "ps-mean" in score.text


def test_a_wrong_answer_scores_0_and_names_its_failures_by_rule(assignment):
    score = judged(assignment, lambda values: values[0])  # right for one number only
    assert score.score == 0.0 and not score.passed
    assert score.reason.startswith("7/8 cases failed; three numbers: ")
    assert score.reason.endswith("(and 6 more)")
    assert {f["rule"] for f in score.failures} == {"an odd count", "an even count",
                                                   "any list"}
    assert len(score.failures) == 7 <= MAX_FAILURES_KEPT


def test_an_answer_that_raises_or_is_not_plain_data_fails(assignment):
    assert judged(assignment, lambda values: 1 / 0).reason.startswith(
        "8/8 cases failed; three numbers: raised ZeroDivisionError")
    lying = CellRun(probes={"ps-mean": [{"value": "2.0"}, {"passed": True}]})
    assert judged(assignment, cell_run=lying).reason == "the answer produced no usable results"


def test_an_undefined_answer_names_the_errors_of_the_cells_meant_to_define_it(assignment):
    broken = CellRun(CellResult(error="SyntaxError: invalid syntax"))
    book = CaseBook.build(assignment, "seed-1")
    run = Run("j1", "ada", "part1", {"test_mean": CellRun(missing={"ps-mean": "mean"}),
                                     "mean_answer": broken})
    score = score_check(assignment.notebooks["part1"].cell("test_mean"), run, book, NOTEBOOK)
    assert score.reason == "the answer cells did not define mean " \
                           "(cell mean_answer: SyntaxError: invalid syntax)"
    assert score.failures == [{"case": "ps-mean", "rule": "mean not defined",
                               "reason": score.reason}]


def test_a_cell_the_sandbox_cut_or_never_reported_scores_0(assignment):
    cut = judged(assignment, cell_run=CellRun(excluded="cell test_mean: killed after 3 s "
                                                       "(time limit)"))
    assert (cut.score, cut.reason) == (0.0, "cell test_mean: killed after 3 s (time limit)")
    book = CaseBook.build(assignment, "seed-1")
    silent = score_check(assignment.notebooks["part1"].cell("test_mean"),
                         Run("j1", "ada", "part1"), book, NOTEBOOK)
    assert silent.reason == "the sandbox produced no result for this check"


def test_defines_reads_what_a_cell_binds_at_its_top_level():
    assert defines("def mean(v):\n    return 0", "mean")
    assert defines("%time x = 1\nmean = lambda v: 0", "mean")
    assert defines("from statistics import mean", "mean")
    assert defines("class mean: ...", "mean") and defines("a, (b, mean) = 1, (2, 3)", "mean")
    assert not defines("def f():\n    mean = 1", "mean")
    assert not defines("meaning = 1", "mean")
