"""Which test cells measure time (run/timing.py): the ones whose text reads a clock, or that
import one of the assignment's helpers that does; what only mentions time does not."""

from __future__ import annotations

import make_notebook as mk
import pytest
from agentloop_grader.course import Course
from agentloop_grader.read.assignment import load_assignment
from agentloop_grader.run.timing import clocked_cells, reads_a_clock


@pytest.mark.parametrize("source", [
    "start = time.perf_counter()", "%timeit f()", "%%time\nf()", "import time\n",
    "from timeit import default_timer", "t0 = datetime.now()", "time.time() - t0 < 1"])
def test_a_clock_is_seen(source):
    assert reads_a_clock(source)


@pytest.mark.parametrize("source", [
    "assert runtime_error is None", "timeline = [1]", "assert f(time_limit=3)",
    "# the time complexity is linear"])
def test_what_only_mentions_time_is_no_clock(source):
    assert not reads_a_clock(source)


def test_a_cell_is_clocked_by_its_own_text_or_a_clocked_helper(tmp_path):
    course = Course(tmp_path / "course")
    mk.write(course.source_notebook("ps", "part1"), mk.notebook(
        mk.asserts("own", "import time\nassert time.perf_counter() > 0"),
        mk.asserts("helper", "from stopwatch import timed\nassert timed(f) < 1"),
        mk.asserts("plain", "import helpers\nassert helpers.X == 1"),
        mk.answer("answer", "import time")))  # an answer cell is the student's, not a test
    source = course.path("source", assignment="ps")
    (source / "stopwatch.py").write_text("import time\n\ndef timed(f): ...\n")
    (source / "helpers.py").write_text("X = 1\n")
    assert clocked_cells(load_assignment(course, "ps")) == {("part1", "own"),
                                                             ("part1", "helper")}
