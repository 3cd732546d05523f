"""`agentloop progress` (agentloop.commands.progress): the workspace's progress as text or one JSON
object a check, and a folder that is not a workspace refused in one line with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.cli import main
from agentloop.commands.progress import workspace_for
from agentloop.practice.tracking import NOT_STARTED, format_progress, rows
from agentloop.practice.update import update_workspace


def test_progress_command_without_a_workspace_says_so(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "agentloop", "progress", "--workspace",
                           str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 2
    assert "is not a practice workspace" in done.stderr and "./course lab" in done.stderr


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workspace = tmp_path_factory.mktemp("progress") / "ws"
    update_workspace(workspace, learner_release())
    return workspace


def test_the_command_prints_the_progress_as_text_or_json(made: Path, capsys) -> None:
    assert main(["progress", "--workspace", str(made)]) == 0
    text = capsys.readouterr().out
    assert text == format_progress(made) and text.startswith("Your progress: 0 of ")
    assert main(["progress", "--workspace", str(made), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [row["check"] for row in listed] == [row.check for row in rows(made)]
    assert {row["status"] for row in listed} == {NOT_STARTED}


def test_a_folder_that_is_not_a_workspace_is_refused_in_process(tmp_path: Path, capsys) -> None:
    with pytest.raises(ValueError, match=r"is not a practice workspace; \./course lab creates one"):
        workspace_for(tmp_path)
    assert main(["progress", "--workspace", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
