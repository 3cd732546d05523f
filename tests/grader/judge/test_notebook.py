"""Every graded cell of one notebook scored (judge/notebook.py): ordinary test cells by
nbgrader's own determine_grade on their outputs (an error or stderr: 0; a number: partial
credit; else full marks), answers left as released "No response.", the rest for a person."""

from __future__ import annotations

import make_notebook as mk
import nbformat
from agentloop_grader.judge.cases import CaseBook
from agentloop_grader.judge.notebook import score_notebook
from agentloop_grader.protocol import CellResult, CellRun, Run
from agentloop_grader.read.submission import SubmittedNotebook
from nbgrader.utils import compute_checksum


def with_checksum(cell):
    cell["metadata"]["nbgrader"]["checksum"] = compute_checksum(nbformat.from_dict(cell))
    return cell


RELEASED_ANSWER = with_checksum(mk.written("explain", "YOUR ANSWER HERE", 2))
CELLS = [mk.answer("mean_answer", "def mean(v): ..."), mk.check_cell("test_mean", "ps-mean", 2),
         mk.asserts("test_plain", "assert mean([2]) == 2", 1), RELEASED_ANSWER,
         mk.task("by_hand", "Check it by hand.", 1)]


def scores(assignment, test_plain: CellRun | None, cells=CELLS, **notebook):
    book = CaseBook.build(assignment, "seed-1")
    sub = SubmittedNotebook("part1", "part1.ipynb", cells, **notebook)
    run = Run("j1", "ada", "part1", {"test_plain": test_plain} if test_plain else {})
    return {s.grade_id: s for s in score_notebook(assignment.notebooks["part1"], sub, run,
                                                  book)}


def ran(*outputs, **result):
    return CellRun(CellResult(outputs=list(outputs), **result))


def test_a_test_cell_is_scored_by_stocks_rules(assignment):
    assert scores(assignment, ran())["test_plain"].score == 1.0
    error = {"output_type": "error", "ename": "AssertionError", "evalue": "",
             "traceback": ["AssertionError"]}
    failed = scores(assignment, ran(error, error="AssertionError"))["test_plain"]
    assert (failed.score, failed.reason) == (0.0, "AssertionError")
    assert failed.failures == [{"case": "test_plain", "rule": "AssertionError",
                                "reason": "AssertionError"}]
    stderr = {"output_type": "stream", "name": "stderr", "text": "warning\n"}
    assert scores(assignment, ran(stderr, wrote_stderr=True))["test_plain"].reason == \
        "the test wrote to stderr (stock nbgrader gives 0 for that)"


def test_a_number_as_the_cells_result_is_partial_credit(assignment):
    half = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
            "data": {"text/plain": "0.5"}}
    score = scores(assignment, ran(half, result_text="0.5"))["test_plain"]
    assert (score.score, score.reason) == (0.5, "partial credit: 0.5 of 1")
    too_much = dict(half, data={"text/plain": "3"})
    assert scores(assignment, ran(too_much))["test_plain"].reason.startswith(
        "the test cell's result is not a valid score")


def test_answers_left_as_released_get_no_response_and_the_rest_waits(assignment):
    graded = scores(assignment, ran())
    assert (graded["explain"].score, graded["explain"].reason) == (0, "No response.")
    assert graded["by_hand"].score is None and graded["by_hand"].kind == "task"
    written = dict(RELEASED_ANSWER, source="Because the mean is the sum over the count.")
    answered = scores(assignment, ran(), cells=[*CELLS[:3], written, CELLS[4]])
    assert answered["explain"].score is None  # for a person


def test_a_cell_that_did_not_run_scores_0_with_why(assignment):
    assert scores(assignment, None)["test_plain"].reason == \
        "the cell did not run (the sandbox ended before it)"
    cut = scores(assignment, CellRun(excluded="cell test_plain: process exited with code 3"))
    assert cut["test_plain"].reason == "cell test_plain: process exited with code 3"
    unreadable = scores(assignment, None, cells=[], unreadable="the notebook is empty")
    assert {g: s.reason for g, s in unreadable.items() if s.kind != "task"} == {
        "test_mean": "the notebook is empty", "test_plain": "the notebook is empty",
        "explain": ""}
