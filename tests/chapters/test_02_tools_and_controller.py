"""Chapter 2's text: the numbers it states are the ones the code computes, and every new
Python construct has a "Python you need" note where it first appears."""

from __future__ import annotations

import copy
from pathlib import Path

from agentloop import planners
from agentloop.checks.ch2 import WHY_LENGTH
from agentloop.cli import main
from agentloop.controller import new_state, run, step
from agentloop.tools import default_registry, topics_tool
from tests.chapters.test_01_agent_loop import notes_before_use, text_of

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "chapters" / "src" / "02_tools_and_controller.py"
NOTEBOOK = ROOT / "chapters" / "02_tools_and_controller.ipynb"


def steps_of(key: str, planner=planners.plan, max_steps: int = 3) -> int:
    state = new_state(key, max_steps)
    while not state["status"] and state["steps"] < max_steps:
        step(state, planner(copy.deepcopy(state)))
    return state["steps"]


def test_the_chapter_states_the_computed_numbers(capsys):
    text = text_of(SOURCE)
    words = {1: "One", 2: "Two", 3: "Three"}
    assert f"**{words[steps_of('ai')]} steps**: step 1 runs `lookup`" in text
    kept = run("ai", planners.keep_looking)
    assert f"**`{kept['status']}` after {len(kept['trace'])} lookups**" in text
    assert run("ai", max_steps=1)["status"] == "stopped"
    assert "a stopped run exits with status 1" in text
    assert main(["lookup", "ai", "--max-steps", "1"]) == 1
    capsys.readouterr()


def test_the_exercises_numbers_are_the_librarys():
    text = text_of(SOURCE)
    desk = default_registry()
    desk.add(topics_tool())
    most = desk.describe()[1]["args"]["count"]["maximum"]
    assert f'`card["args"]["count"]["maximum"]` ({most} on the chapter\'s desk)' in text
    assert "a text of 1 to 200 characters" in text and WHY_LENGTH == (1, 200)
    assert "graded **without `agentloop.controller`**" in text


CHAPTER_2_NOTES = {
    "methods": r"\.describe\(\)", "`json.dumps`": r"json\.dumps\(",
    "`isinstance`": r"\bisinstance\(", "`type(...) is`": r"type\(\w+\) is",
    "exceptions": r"except ProposalRejected as", "a dataclass": r"\bTool\(",
    "functions as values": r"PLANNERS\[", "a generator": r"\byield\b", "`next`": r"\bnext\(",
    "`json.loads`": r"json\.loads\(", "`.items()`": r"\.items\(\)", "`lambda`": r"\blambda\b",
    "`sorted`": r"\bsorted\(", "slices": r"\[:\w+\]", "a list comprehension":
        r"\[\w+\[\"\w+\"\] for ", "a loop that looks for one item": r"for card in cards:",
}


def test_every_new_python_construct_has_a_note_where_it_first_appears():
    assert notes_before_use(NOTEBOOK, CHAPTER_2_NOTES) == []
