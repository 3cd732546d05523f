"""Chapter 4's text: the numbers it states are the ones the code computes, its two diagrams
are the two tables (the harness's own and the batch harness's of exercise 4), and the rows
self-check is shown, never graded."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
from agentloop_grader.answers.ch4 import BATCH_EDGES, TRANSITION_ROWS
from chapter_answers import graded_ids, stub_out

from agentloop.harness import DEMO_GOAL, STATES, TRANSITIONS, demo_harness, drive

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "chapters" / "04_harness.ipynb"
EDGE = re.compile(r"^\s*(\w+) --> (\w+)", re.M)


def notebook():
    return nbformat.read(NOTEBOOK, as_version=4)


def markdown_text() -> str:
    cells = [c.source for c in notebook().cells if c.cell_type == "markdown"]
    return re.sub(r"\s+", " ", " ".join(cells))


def diagrams() -> list[set[tuple[str, str]]]:
    """The edges of each state diagram in the chapter, in order ([*] left out)."""
    out = []
    for cell in notebook().cells:
        for block in re.findall(r"```mermaid\n(.*?)```", cell.source, re.S):
            if "stateDiagram" in block:
                out.append({(s, t) for s, t in EDGE.findall(block) if "*" not in (s, t)})
    return out


def test_the_two_diagrams_are_the_two_tables():
    figure1, figure2 = diagrams()
    assert figure1 == {(str(s), str(t)) for s in TRANSITIONS for t in TRANSITIONS[s]}
    assert figure2 == BATCH_EDGES
    text = markdown_text()
    assert "*Figure 1. The nine moves" in text and "*Figure 2. The batch harness" in text
    assert len(figure1) == 17 and len(figure2) == 12


def test_the_chapter_states_the_computed_figures():
    text = markdown_text()
    free = demo_harness()
    stop = drive(free, free.run(DEMO_GOAL))
    assert (stop.outcome, free.session.turns, free.session.tool_calls) == ("goal_met", 3, 2)
    assert "`goal_met`, 3 turns, 2 tool calls, no pause" in text
    paused = demo_harness(max_turns=2)
    stop = drive(paused, paused.run(DEMO_GOAL))
    assert stop.pause["from"] == "REFLECTING" and stop.pause["move"]["index"] == 2
    assert "The pause was taken in `REFLECTING`, just before starting step 2" in text
    assert "two turns for a three-step plan | pause in `REFLECTING`" in text
    assert sum(1 for s in STATES for t in STATES) == len(TRANSITION_ROWS) == 36
    assert "36 rows" in text


KNOWN_NUMBERS = {"0", "1", "2", "3", "4", "5", "6", "9", "10", "11", "24", "30", "31", "36",
                 "40", "45", "2025"}


def test_every_number_in_the_chapters_text_is_one_the_code_gives():
    text = re.sub(r"```.*?```", " ", markdown_text())
    text = re.sub(r"`[^`]*`", " ", text)
    numbers = set(re.findall(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.])", text))
    assert numbers - KNOWN_NUMBERS == set()


def test_the_table_rows_are_a_self_check_not_a_graded_cell():
    nb = notebook()
    assert "ch4-table-rows" not in graded_ids(nb)
    plain = [c for c in nb.cells if c.cell_type == "code" and 'check("ch4-table-rows")' in c.source]
    assert plain and "skip-grading" in plain[0].metadata["tags"]


def test_released_stubs_are_valid_python():
    """Every code cell, solution regions stubbed out as nbgrader's release does, parses;
    and each cell that had a solution now raises NotImplementedError in its place."""
    stubbed = 0
    for cell in notebook().cells:
        if cell.cell_type == "code":
            stub = stub_out(cell.source)
            ast.parse(stub)
            if "### BEGIN SOLUTION" in cell.source:
                assert "raise NotImplementedError()" in stub and "END SOLUTION" not in stub
                stubbed += 1
    assert stubbed >= 2


def test_the_last_demo_runs_the_test_against_this_chapters_harness_and_it_fails():
    cell = next(c for c in notebook().cells
                if c.cell_type == "code" and "run_table(validate_transition)" in c.source)
    text = "".join(o.get("text", "") for o in cell.outputs)
    assert text == "not the batch harness: IDLE -> EXECUTING: the table says legal=False\n"
