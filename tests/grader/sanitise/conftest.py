"""The source every sanitising test restores from: one instructor notebook, and what the
gradebook recorded of its cells at release (the test cell's hidden tests removed from the
text students were given)."""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader.read.assignment import read_notebook_spec
from agentloop_grader.read.released import SourceCellRecord
from agentloop_grader.sanitise import Source

HIDDEN = "### BEGIN HIDDEN TESTS\nassert x != 2\n### END HIDDEN TESTS"
TEST = f"assert x == 1\n{HIDDEN}"
SOURCE = mk.notebook(mk.plain("import math"), mk.answer("a1", "x = 1"),
                     mk.asserts("t1", TEST, 2), mk.locked("r1", "LIMIT = 3"),
                     mk.written("w1", "Because.", 1), mk.task("k1", "Do it.", 1),
                     kernelspec={"name": "course", "display_name": "Course",
                                 "language": "python"})


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Source:
    path = mk.write(tmp_path_factory.mktemp("source") / "part1.ipynb", SOURCE)
    spec = read_notebook_spec(path)
    records = {}
    for cell in spec.cells:
        if cell.grade_id:
            records[cell.grade_id] = SourceCellRecord(
                cell.grade_id, cell.cell_type, cell.locked, cell.source,
                f"checksum-{cell.grade_id}", cell.points if cell.grade or cell.task else None,
                cell.task, cell.solution, "assert x == 1" if cell.grade_id == "t1" else None)
    return Source(spec, records)
