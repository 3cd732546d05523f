"""`agentloop workspace` (agentloop.commands.workspace): makes a practice workspace from a
learner release, says what it did, and says "up to date" when run again; the release comes
from --release, else $AGENTLOOP_RELEASE, else build/learner-release/; a folder that is not a
release is one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.cli import main
from agentloop.commands.workspace import default_release
from agentloop.practice.release import ENV
from agentloop.practice.workspace import is_workspace, repository


def test_the_command_makes_a_workspace_then_finds_it_up_to_date(tmp_path: Path, capsys):
    folder = tmp_path / "ws"
    argv = ["workspace", "--workspace", str(folder), "--release", str(learner_release())]
    assert main(argv) == 0
    made = capsys.readouterr().out.splitlines()
    assert made and all(line.startswith("workspace: ") for line in made)
    assert is_workspace(folder)
    assert main(argv) == 0
    assert capsys.readouterr().out == f"workspace: {folder.resolve()} is up to date\n"


def test_the_release_is_the_option_else_the_environment_else_the_repositorys(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert default_release() == repository() / "build" / "learner-release"
    monkeypatch.setenv(ENV, "~/my-release")
    assert default_release() == Path("~/my-release").expanduser()


def test_a_folder_that_is_not_a_release_is_one_line_and_status_2(tmp_path: Path, capsys):
    assert main(["workspace", "--workspace", str(tmp_path / "ws"),
                 "--release", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is not a learner release" in err and err.count("\n") == 1
    assert not is_workspace(tmp_path / "ws")


@pytest.fixture(autouse=True)
def _no_release_from_the_environment(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
