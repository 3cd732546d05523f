"""Chapter 1's text: the numbers it states are the ones the code computes, every Python
construct it uses has a "Python you need" note where it first appears, and the code a
student reads uses one validator and one vocabulary."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from agentloop.loop import run_loop
from agentloop.stop_policy import SUCCESS_ROUTE, replay_success_route

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "chapters" / "src" / "01_agent_loop.py"
NOTEBOOK = ROOT / "chapters" / "01_agent_loop.ipynb"
OWN_MODULES = ["loop.py", "environment.py", "terminal_messages.py", "tools.py", "controller.py",
               "planners.py", "widgets/ch1_loop.py", "widgets/ch2_proposals.py",
               "commands/_options.py", "checks/ch1.py", "checks/ch2.py"]


def text_of(path: Path) -> str:
    return " ".join(re.sub(r"^# ?", "", line).strip()
                    for line in path.read_text(encoding="utf-8").splitlines())


def test_the_chapter_states_the_computed_numbers():
    text = text_of(SOURCE)
    permanent, temporary = run_loop("permanent_error"), run_loop("temporary_error")
    assert f"**`error` on action {permanent['state']['steps']}**" in text
    assert f"**`success` on action {temporary['state']['steps']}**" in text
    no_retry = run_loop("permanent_error", max_steps=5, max_retries=0)
    assert f"**`{no_retry['terminal']}` after {no_retry['state']['steps']} step**" in text
    office, tight = replay_success_route(5, 1), replay_success_route(2, 1)
    assert f"**{len(SUCCESS_ROUTE)} actions**" in text
    assert f"**`{office[-1]['decision']}` on action {office[-1]['step']}**" in text
    assert f"**`{tight[-1]['decision']}` on action {tight[-1]['step']}**" in text
    limit = run_loop("limit")
    assert limit["state"]["steps"] == 5 and "| boundary | five unfinished pages | `limit`" in text
    assert f"| error | two failures, one retry allowed | `error` on action " \
           f"{permanent['state']['steps']} |" in text


def test_the_chapter_says_a_missing_search_complete_means_finished():
    text = text_of(SOURCE)
    assert "When an observation has no `search_complete` field at all, the search is " \
           "finished" in text


def test_the_chapter_shows_the_second_failure_on_the_last_step():
    assert "A *second* failure on the fifth action, though, is `error`, not `limit`" in \
        text_of(SOURCE)


def notes_before_use(path: Path, notes: dict[str, str], outputs: bool = True) -> list[str]:
    """Constructs whose first use (cell source, or with `outputs` its printed output too)
    has no note in the markdown cell before it, at that point or earlier, or in the cell
    right after it."""
    nb = nbformat.read(path, as_version=4)
    shown = []
    for cell in nb.cells:
        if "lite-setup" in cell.metadata.get("tags", []):
            continue  # the in-browser set-up cell is not part of the lesson
        body = cell.source
        if cell.cell_type == "code" and outputs:
            body += "".join(o.get("text", "") for o in cell.get("outputs", []))
        shown.append((cell.cell_type, body))
    missing = []
    for name, pattern in notes.items():
        first = next((i for i, (kind, body) in enumerate(shown)
                      if kind == "code" and re.search(pattern, body, re.M)), None)
        assert first is not None, f"{name} is not used in {path.name}"
        explained = [i for i, (kind, body) in enumerate(shown)
                     if kind == "markdown" and "Python you need" in body and name in body]
        if not explained or explained[0] > first + 1:
            missing.append(name)
    return missing


CHAPTER_1_NOTES = {
    "a dict": r'\{"', "`import`": r"^from \S+ import", "`while`": r"\bwhile\b",
    "`not`": r"\bwhile not\b", "`append`": r"\.append\(", "`+=`": r"\+= 1", "`!=`": r"!=",
    "`if`": r"^\s*if ", "f-string": r'\bf"', "`raise`": r"\braise\b",
    "`inspect.getsource": r"getsource\(", "`len`": r"\blen\(",
    "`dict.get(key, default)`": r"\.get\(",
    "`elif`": r"\belif\b", "`for`": r"^\s*for \w+ in", "padding": r"\{name:16\}",
    "keyword arguments": r"max_retries=0\)", "`try`": r"^\s*try:", "two names in a `for`":
        r"for \w+, \w+ in", "`set`": r"\bset\(", "a tuple": r'\("error", 2\)',
    "`enumerate`": r"enumerate\(", "`.items()`": r"\.items\(\)", "`not in`": r"\bnot in\b",
    "`\", \".join`": r"""['"], ['"]\.join\(""", "`update`": r"\.update\(",
    "`as`": r"import \w+ as ",
}


def test_every_python_construct_has_a_note_where_it_first_appears():
    assert notes_before_use(NOTEBOOK, CHAPTER_1_NOTES) == []


def test_the_notes_share_one_format():
    notes = re.findall(r"^# > \*\*Python you need · [^*]+\.\*\*", SOURCE.read_text(), re.M)
    assert len(notes) >= 12


@pytest.mark.parametrize("module", OWN_MODULES)
def test_one_whole_number_rule_and_no_check_named_validators(module):
    text = (ROOT / "lib" / "agentloop" / module).read_text(encoding="utf-8")
    assert "type(value) is not int" not in text and "is not int or" not in text, \
        "use agentloop.validation"
    names = re.findall(r"^def (check_\w+)", text, re.M)
    # "check" is what grades an exercise; what rejects bad input is a validator
    assert names == [], names
