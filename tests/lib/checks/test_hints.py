"""Every check's hint in steps (agentloop.checks.hints): a few steps a chapter, the first
naming the rule, the last a nudge — none of them the answer."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from agentloop.checks import checks_in, visible_checks
from agentloop.checks.hints import MAX_STEPS, steps_of

ROOT = Path(__file__).resolve().parents[3]
CHAPTERS = sorted(path.stem[:2] for path in (ROOT / "chapters").glob("[0-9]*.ipynb"))
MODULES = [importlib.import_module(f"agentloop.checks.ch{int(n)}") for n in CHAPTERS]
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


def every_check():
    return [chk for module in MODULES for chk in checks_in(module).values()]


def solution_lines(chapter: str) -> list[str]:
    """The lines of every answer cell's solution in the instructor notebook, long enough to
    be a piece of an answer (not `return None`)."""
    notebook = next((ROOT / "chapters").glob(f"{chapter}_*.ipynb"))
    lines = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        if BEGIN in source:
            inside = source.split(BEGIN, 1)[1].split(END, 1)[0]
            lines += [line.strip() for line in inside.splitlines() if len(line.strip()) >= 16]
    return lines


def test_every_check_of_every_chapter_has_its_steps():
    for module in MODULES:
        assert set(module.HINTS) == set(checks_in(module)), module.__name__
    for chk in every_check():
        steps = steps_of(chk)
        assert 2 <= len(steps) <= MAX_STEPS, chk.id
        assert len(set(steps)) == len(steps), f"{chk.id} repeats a step"
        assert all(step.strip() == step and len(step) < 400 for step in steps), chk.id


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_step_holds_a_line_of_the_answer(chapter: str):
    lines = solution_lines(chapter)
    assert lines, f"no solution found in chapter {chapter}"
    module = MODULES[CHAPTERS.index(chapter)]
    for check_id, steps in module.HINTS.items():
        for step in steps:
            assert not [line for line in lines if line in step], (check_id, step)


def test_no_step_gives_the_predictions_away():
    """Chapter 1's exercise 2 is a table of values: no step names a pair of it."""
    from agentloop_grader.answers.ch1 import REFERENCE

    text = " ".join(MODULES[0].HINTS["ch1-predict"])
    for terminal, step in REFERENCE["predictions"].values():
        assert not re.search(rf"{terminal}\W+{step}\b", text)


def test_a_check_without_steps_of_its_own_has_its_hint_as_its_one_step(tmp_path: Path):
    (tmp_path / "visible_checks.json").write_text(json.dumps({"checks": [{
        "id": "ps1-double", "answer": "double", "title": "doubles", "hint": "times two",
        "cases": [{"input": 1, "label": "one", "expected": 2}]}]}), encoding="utf-8")
    chk = visible_checks(tmp_path)["ps1-double"]
    assert steps_of(chk) == ("times two",)
