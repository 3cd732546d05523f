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
