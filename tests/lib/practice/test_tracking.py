"""Progress in a practice workspace (agentloop.practice.tracking): what `check(...)` records,
what `progress()` / `agentloop progress` show, when an exercise is "★ solved" (its lock opens
with the learner's answer). When `solution(...)` shows an answer: test_solutions.py.

Each test runs in a fresh temporary workspace made from the session's learner release (the
current directory is set to it, as Jupyter does for a notebook's kernel).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from agentloop_grader.answers.ch1 import revised_rule

from agentloop.checks import check
from agentloop.practice import progress, solution
from agentloop.practice.tracking import NOT_STARTED, PASSED, TRIED, format_progress, rows
from agentloop.practice.workspace import PROGRESS, STATE_DIR

ROOT = Path(__file__).resolve().parents[3]
DECIDE_CHECKS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")




def status(workspace: Path, check_id: str) -> str:
    return next(r.status for r in rows(workspace) if r.check == check_id)


def blank_decide(state):
    raise NotImplementedError()


def wrong_decide(state):
    return "continue"


def right_decide(state):
    return revised_rule(state)[0]


def run(check_id: str, answer, capsys: pytest.CaptureFixture[str]) -> str:
    check(check_id, answer)
    return capsys.readouterr().out


def test_every_check_starts_not_started(workspace: Path) -> None:
    items = rows(workspace)
    chapters = [n for n in sorted((ROOT / "chapters").glob("[0-9]*.ipynb"))]
    assert {r.chapter.split(" — ")[0] for r in items} >= {"Chapter 1", "Chapter 2"}
    assert len({r.chapter for r in items}) == len(chapters)
    assert all(r.status == NOT_STARTED for r in items)
    assert not (workspace / STATE_DIR / PROGRESS).exists()


def test_a_blank_answer_leaves_the_check_not_started(workspace: Path, capsys) -> None:
    out = run("ch1-decide-failure", blank_decide, capsys)
    assert out.strip() == "ch1-decide-failure: not answered yet — write `decide` above"
    assert status(workspace, "ch1-decide-failure") == NOT_STARTED
    check("ch1-predict")  # `predictions` is not defined here at all
    assert "ch1-predict: not answered yet — write `predictions` above" in \
        capsys.readouterr().out
    assert status(workspace, "ch1-predict") == NOT_STARTED


def test_tried_then_passed_then_tried_again(workspace: Path, capsys) -> None:
    run("ch1-decide-failure", wrong_decide, capsys)
    assert status(workspace, "ch1-decide-failure") == TRIED
    run("ch1-decide-failure", right_decide, capsys)
    assert status(workspace, "ch1-decide-failure") == PASSED
    run("ch1-decide-failure", wrong_decide, capsys)  # the latest run counts
    assert status(workspace, "ch1-decide-failure") == TRIED
    entry = json.loads((workspace / STATE_DIR / PROGRESS).read_text())["checks"][
        "ch1-decide-failure"]
    assert entry["runs"] == 3 and entry["ever_passed"] is True


def test_the_exercise_is_announced_solved_once_all_its_checks_pass(workspace: Path,
                                                                    capsys) -> None:
    outs = [run(check_id, right_decide, capsys) for check_id in DECIDE_CHECKS]
    assert ["★" in out for out in outs] == [False, False, True]
    assert "★ exercise ch1-decide-answer solved: your answer also gives the right output " \
           "on cases it has never seen" in outs[-1]
    assert 'solution("ch1-decide-answer")' in outs[-1]
    text = format_progress(workspace)
    assert "3 of" in text and "1 of " in text and "★ ch1-decide-answer solved" in text
    assert all(r.solved == (r.exercise == "ch1-decide-answer") for r in rows(workspace))


def test_outside_a_workspace_nothing_is_recorded_or_announced(tmp_path: Path, capsys,
                                                              monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    outs = [run(check_id, right_decide, capsys) for check_id in DECIDE_CHECKS]
    assert all("★" not in out for out in outs)
    assert outs[0].strip().endswith("8/8 cases passed: all passed")
    assert list(tmp_path.iterdir()) == []


def test_under_nbgrader_check_records_nothing(workspace: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    run("ch1-decide-failure", right_decide, capsys)
    assert status(workspace, "ch1-decide-failure") == NOT_STARTED


def test_an_untouched_stub_that_does_not_raise_is_not_a_try(workspace: Path, capsys,
                                                            monkeypatch) -> None:
    """ch4's TRANSITION_ROWS = [] fails its self-check without raising; the kernel's history
    shows it is the stub, so the check stays not started — until the learner writes rows."""
    catalog = json.loads((workspace / STATE_DIR / "course.json").read_text())
    stub = next(e["stub"] for c in catalog["chapters"] for e in c["exercises"]
                if e["id"] == "ch4-table-answer")
    history = ["", stub, 'check("ch4-table-rows")']
    shell = SimpleNamespace(user_ns={"In": history})
    monkeypatch.setitem(sys.modules, "IPython", SimpleNamespace(get_ipython=lambda: shell))
    run("ch4-table-rows", [], capsys)
    assert status(workspace, "ch4-table-rows") == NOT_STARTED
    history.insert(2, 'TRANSITION_ROWS = [("IDLE", "DONE", True)]')
    run("ch4-table-rows", [("IDLE", "DONE", True)], capsys)
    assert status(workspace, "ch4-table-rows") == TRIED


def test_progress_view_and_command_line(workspace: Path, capsys) -> None:
    run("ch1-decide-failure", right_decide, capsys)
    run("ch1-decide-search", wrong_decide, capsys)
    view = progress()
    assert 'data-check="ch1-decide-failure" data-status="passed"' in view._repr_html_()
    assert 'data-check="ch1-decide-search" data-status="tried"' in view._repr_html_()
    assert "✔ passed      ch1-decide-failure" in repr(view)
    command = [sys.executable, "-m", "agentloop", "progress", "--workspace", str(workspace)]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    assert text == format_progress(workspace)
    assert text.startswith("Your progress: 1 of ")
    as_json = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True,
                                        check=True).stdout)
    assert {r["check"]: r["status"] for r in as_json}["ch1-decide-search"] == TRIED
    # run from inside the workspace, no option needed
    inside = subprocess.run(command[:4], capture_output=True, text=True, cwd=workspace)
    assert inside.stdout == text


# --- solutions after trying -------------------------------------------------------------


def test_unknown_exercises_are_named(workspace: Path) -> None:
    with pytest.raises(KeyError, match="ch1-decide-answer"):
        solution("ch1-nope")
