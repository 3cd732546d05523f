"""A blank exercise under Run All, in a learner's kernel: one calm line a cell, no
traceback; any other error keeps its traceback (agentloop.practice.blank)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from IPython.core.interactiveshell import InteractiveShell
from learner_builds import learner_release

from agentloop.practice import blank
from agentloop.practice.update import update_workspace


@pytest.fixture(scope="module")
def shell() -> Iterator[InteractiveShell]:
    InteractiveShell.clear_instance()  # a plain shell, not one an earlier test left (the
    ip = InteractiveShell.instance()   # grader's GradingShell captures tracebacks itself)
    blank.load_ipython_extension(ip)
    yield ip
    ip.set_custom_exc((), None)
    InteractiveShell.clear_instance()  # later tests must find no shell, as in a script


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "ws"
    update_workspace(folder, learner_release())
    monkeypatch.chdir(folder)
    return folder


def run(shell: InteractiveShell, code: str, capsys: pytest.CaptureFixture[str]) -> str:
    shell.run_cell(code, store_history=True)
    return capsys.readouterr().out


def test_an_answer_cell_left_blank_names_what_to_write(shell, workspace, capsys) -> None:
    stub = ('# One pair (terminal, step) per run, e.g. "a": ("limit", 3).\n# YOUR CODE HERE\n'
            "raise NotImplementedError()")
    out = run(shell, stub, capsys)
    assert out == ("not answered yet — write `predictions` here, in place of "
                   "`raise NotImplementedError()`\n")


def test_a_cell_that_calls_a_blank_answer_names_it(shell, capsys) -> None:
    run(shell, "def decide(state):\n    # YOUR CODE HERE\n    raise NotImplementedError()",
        capsys)
    out = run(shell, "print([decide(s) for s in range(3)])", capsys)
    assert out == "not answered yet — this cell runs `decide`, which you write above\n"


def test_another_error_keeps_its_traceback(shell, capsys) -> None:
    out = run(shell, "raise NotImplementedError('the library says why')", capsys)
    assert "Traceback" in out and "the library says why" in out
    out = run(shell, "1 / 0", capsys)
    assert "ZeroDivisionError" in out


def test_installed_once_and_only_in_a_shell(shell) -> None:
    assert blank.install(shell) and shell.custom_exceptions == (NotImplementedError,)
    assert blank.install(object()) is False  # not an IPython shell: nothing to do
