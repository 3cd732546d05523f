"""The autograded notebook (record/notebook.py) is what formgrader shows: the
student's cells only. What the grader noticed (a time-out, a renamed notebook, an edited
test cell) goes into the cell that ran out of time and the notebook's metadata, never into
a cell of its own at the top."""

from __future__ import annotations

from agentloop_grader.protocol import CellRun, Run
from agentloop_grader.read.submission import SubmittedNotebook
from agentloop_grader.record.notebook import autograded_notebook

TIMED_OUT = "cell loop: killed after 3 s (time limit)"


def test_a_time_out_adds_no_cell_and_the_problems_go_to_metadata():
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# My answers"},
             {"cell_type": "code", "metadata": {"nbgrader": {"grade_id": "loop"}},
              "source": "while True:\n    pass", "outputs": [], "execution_count": None}]
    notebook = SubmittedNotebook("part1", "part1-Copy1.ipynb", cells,
                                 {"kernelspec": {"name": "python3"}, "agentloop": {"x": 1}},
                                 ["part1-Copy1.ipynb graded as part1.ipynb"])
    run = Run("j", "ann", "part1", {"loop": CellRun(excluded=TIMED_OUT)},
              problems=[TIMED_OUT])
    nb = autograded_notebook(notebook, run, [])
    assert [c["source"] for c in nb["cells"]] == ["# My answers", "while True:\n    pass"]
    assert nb["cells"][1]["outputs"][-1]["evalue"] == TIMED_OUT  # shown where it happened
    assert nb["metadata"]["agentloop_grader"] == {
        "problems": ["part1-Copy1.ipynb graded as part1.ipynb", TIMED_OUT]}
    assert nb["metadata"]["agentloop"] == {"x": 1}  # the notebook's own metadata stays
    assert notebook.metadata == {"kernelspec": {"name": "python3"}, "agentloop": {"x": 1}}


def test_a_checks_lines_are_shown_as_the_students_notebook_reads_them():
    """Printed in a left-to-right language; in Persian a right-to-left block (its plain text
    beside it); the error under a failed check is the reason in the student's words."""
    from agentloop_grader.judge.scores import CellScore, Graded

    from agentloop.i18n import Language

    cells = [{"cell_type": "code", "metadata": {"nbgrader": {"grade_id": "test_mean"}},
              "source": "check('ps-mean', mean)", "outputs": [], "execution_count": None}]
    notebook = SubmittedNotebook("part1", "part1.ipynb", cells, {})
    run = Run("j", "ann", "part1", {"test_mean": CellRun()})
    outputs = {}
    for language, text, shown in [(Language.EN, "ps-mean: x < y\n  ✘ one", ""),
                                  (Language.RU, "ps-mean: икс\n  ✘ один", "причина"),
                                  (Language.FA, "ps-mean: x < y\n  ✘ یک", "دلیل")]:
        score = CellScore("test_mean", 1.0, 0.0, Graded.CHECK, "the reason", text,
                          shown_reason=shown, language=language)
        outputs[language] = autograded_notebook(notebook, run, [score])["cells"][0]["outputs"]
    english, russian, persian = outputs.values()
    assert english[0] == {"output_type": "stream", "name": "stdout",
                          "text": "ps-mean: x < y\n  ✘ one\n"}
    assert english[1]["evalue"] == "the reason"  # no shown reason: the reason as judged
    assert russian[0]["text"] == "ps-mean: икс\n  ✘ один\n" and russian[1]["evalue"] == "причина"
    assert persian[0]["output_type"] == "display_data"
    assert persian[0]["data"]["text/plain"] == "ps-mean: x < y\n  ✘ یک"
    assert persian[0]["data"]["text/html"] == (
        '<div dir="rtl" class="agentloop-rtl agentloop-text"><div>ps-mean: x &lt; y</div>'
        "<div>&emsp;✘ یک</div></div>")
    assert persian[1]["evalue"] == "دلیل"
