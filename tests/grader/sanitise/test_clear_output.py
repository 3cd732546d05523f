"""clear_output, as stock's ClearOutput: outputs gone, each source one string, what is not a
cell dropped; the notebook it was given is left as it was."""

from __future__ import annotations

import copy

import make_notebook as mk
from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.clear_output import clear_output


def test_outputs_are_cleared_and_sources_joined(source):
    ran = mk.answer("a1", "")
    ran.update(source=["x = ", "1\n"], execution_count=3,
               outputs=[{"output_type": "stream", "name": "stdout", "text": "big\n" * 1000}])
    text = mk.plain("# Title", cell_type="markdown")
    given = Notebook({"kernelspec": {}}, [ran, "not a cell", {"cell_type": "heading"}, text])
    before = copy.deepcopy(given)
    done = clear_output(given, source)
    assert done.notebook.cells == [dict(ran, source="x = 1\n", outputs=[],
                                        execution_count=None), text]
    assert done.problems == ()
    assert given == before  # a new notebook; the one it was given is unchanged
    assert done.notebook.cells[0]["metadata"] is not ran["metadata"]
