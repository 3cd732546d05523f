"""Reference answers, unreadable until solved (agentloop.practice.solutions): passing the listed
cases is not solving; before the checks pass nothing is shown unless the learner confirms, and
then only the instructor notebook's answer in a clone; after, the solution sits next to yours."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from agentloop_grader.answers.ch1 import REFERENCE, revised_rule

from agentloop.checks import check, get_check
from agentloop.practice import solution
from agentloop.practice import solutions as solutions_module
from agentloop.practice import tracking as progress_module
from agentloop.practice.solutions import Elsewhere, Gate, Reveal
from agentloop.practice.tracking import rows
from agentloop.practice.workspace import PROGRESS, STATE_DIR

ROOT = Path(__file__).resolve().parents[3]
DECIDE_CHECKS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")




def wrong_decide(state):
    return "continue"


def right_decide(state):
    return revised_rule(state)[0]


def run(check_id: str, answer, capsys: pytest.CaptureFixture[str]) -> str:
    check(check_id, answer)
    return capsys.readouterr().out


def table_decide():
    """decide as a table of the visible cases: every listed case passes, nothing more."""
    table = {}
    for check_id in DECIDE_CHECKS:
        chk = get_check(check_id)
        for case in chk.cases():
            table[json.dumps(case.input, sort_keys=True)] = chk.facts_of(case.input)[0]
    return lambda state: table.get(json.dumps(state, sort_keys=True), "continue")


def test_passing_the_listed_cases_is_not_solving(workspace: Path, capsys) -> None:
    """A table of the visible cases passes every listed case: the lock does not open, and
    the learner is told so plainly, without which cases it gets wrong."""
    table = table_decide()
    outs = [run(check_id, table, capsys) for check_id in DECIDE_CHECKS]
    assert all("all passed" in out for out in outs)
    assert "★" not in "".join(outs)
    assert "every listed case of ch1-decide-answer passes, but your answer does not yet " \
           "give the right output on every case the course has" in outs[-1]
    assert "generated" not in outs[-1] and "rule:" not in outs[-1].split("passes, but")[1]
    assert not any(r.solved for r in rows(workspace))
    gate = solution("ch1-decide-answer")
    assert isinstance(gate, Gate) and gate.listed_passed
    assert "every listed case passes" in repr(gate)
    assert progress_module.load(workspace)["solutions"] == {}


def test_an_exercise_judged_by_rules_alone_says_its_key_is_public(workspace: Path,
                                                                  capsys) -> None:
    out = run("ch1-messages", REFERENCE["final_message"], capsys)
    assert "★ exercise ch1-messages-answer solved" in out
    assert "locked with a key anyone can make" in out
    shown = solution("ch1-messages-answer")
    assert isinstance(shown, Reveal) and shown.when == "after passing"
    assert "def final_message" in shown.reference


def reference_source() -> str:
    nb = nbformat.read(ROOT / "chapters" / "01_agent_loop.ipynb", as_version=4)
    cell = next(c for c in nb.cells
                if c.metadata.get("nbgrader", {}).get("grade_id") == "ch1-decide-answer")
    return "\n".join(line for line in cell.source.splitlines() if "### " not in line)


def test_no_solution_before_the_checks_pass(workspace: Path, capsys) -> None:
    run("ch1-decide-failure", wrong_decide, capsys)
    shown = solution("ch1-decide-answer")
    assert isinstance(shown, Gate)
    text = repr(shown)
    assert "not every check has passed yet" in text
    assert 'solution("ch1-decide-answer", confirm=True)' in text
    assert "observation.get(\"retryable\"" not in text
    assert json.loads((workspace / STATE_DIR / PROGRESS).read_text())["solutions"] == {}


def test_a_confirmed_show_me_in_a_clone_shows_the_instructor_notebooks_answer(
        workspace: Path, capsys) -> None:
    shown = solution("ch1-decide-failure", confirm=True)  # a check's id names its exercise
    assert isinstance(shown, Reveal) and shown.when == "before passing"
    assert shown.source == "chapters/01_agent_loop.ipynb"
    assert reference_source() in repr(shown)
    assert "from the instructor notebook chapters/01_agent_loop.ipynb" in repr(shown)
    assert rows(workspace)[0].solution == "before passing"
    assert isinstance(solution("ch1-decide-answer"), Reveal)  # seen: no need to ask again
    for check_id in DECIDE_CHECKS:  # solved afterwards: it stays noted as seen before
        run(check_id, right_decide, capsys)
    assert solution("ch1-decide-answer").when == "before passing"


def test_show_me_anyway_without_an_instructor_copy_says_where_and_shows_nothing(
        workspace: Path, tmp_path: Path, monkeypatch) -> None:
    """A learner edition, an installed wheel, the site: no chapters/ beside the library."""
    monkeypatch.setattr(solutions_module, "repository", lambda: tmp_path / "no-course-here")
    shown = solution("ch1-decide-answer", confirm=True)
    assert isinstance(shown, Elsewhere)
    text = repr(shown) + shown._repr_html_()
    assert "chapters/01_agent_loop.ipynb, the answer cell ch1-decide-answer" in text
    assert "nothing is shown here" in text
    assert 'observation.get("retryable"' not in text and "def decide" not in text
    assert progress_module.load(workspace)["solutions"] == {"ch1-decide-answer":
                                                            "before passing"}


def test_the_solution_after_passing_sits_next_to_yours(workspace: Path, capsys) -> None:
    for check_id in DECIDE_CHECKS:
        run(check_id, right_decide, capsys)
    shown = solution("ch1-decide-answer")
    assert isinstance(shown, Reveal) and shown.when == "after passing"
    assert shown.reference == reference_source()  # opened with the key the answer made
    assert shown.source == ""
    # not run in a kernel: "yours" is the answer cell of the notebook in this folder
    assert shown.yours is not None and "raise NotImplementedError()" in shown.yours
    assert "- yours, + reference" in shown.text()
    html = shown._repr_html_()
    assert 'class="agentloop-solution" data-exercise="ch1-decide-answer"' in html
    assert rows(workspace)[0].solution == "after passing"


def test_the_show_me_button_asks_first(workspace: Path, monkeypatch) -> None:
    """The notebook's "Show me anyway…" button, then "Yes, show it"."""
    pytest.importorskip("ipywidgets")
    import IPython.display

    shown: list = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kw: shown.extend(objs))
    gate = solution("ch1-messages-answer")
    gate._ipython_display_()
    box = shown[0]
    _, asking, confirm, _ = box.children
    (ask,) = asking.children
    yes, no = confirm.children[1].children
    assert (asking.layout.display, confirm.layout.display) == ("flex", "none")
    ask.click()
    assert (asking.layout.display, confirm.layout.display) == ("none", "flex")
    assert rows(workspace)[-1].solution == ""
    no.click()
    assert (asking.layout.display, confirm.layout.display) == ("flex", "none")
    assert progress_module.load(workspace)["solutions"] == {}
    ask.click()
    yes.click()
    assert progress_module.load(workspace)["solutions"] == {"ch1-messages-answer":
                                                            "before passing"}
    assert any(isinstance(obj, Reveal) for obj in shown)
