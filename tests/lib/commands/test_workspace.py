"""`agentloop workspace` (agentloop.commands.workspace): makes a practice workspace from a
learner release, says what it did, and says "up to date" when run again; the release comes
from --release, else $AGENTLOOP_RELEASE, else build/learner-release/; a folder that is not a
release is one line and exit status 2. Run as the real command too, and as an ordinary
account, which writes nothing into its home folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from learner_builds import learner_release
from unprivileged import is_root, run_as_teacher, teacher_tmp  # noqa: F401 - a fixture

from agentloop.cli import main
from agentloop.commands.workspace import default_release
from agentloop.practice.release import ENV
from agentloop.practice.workspace import is_workspace, repository

ROOT = Path(__file__).resolve().parents[3]
FIRST = "01_agent_loop.ipynb"


@pytest.fixture(scope="module")
def release() -> Path:
    """The learner release of chapters/ (built once per session)."""
    return learner_release()


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


def test_the_command_line(tmp_path: Path, release: Path) -> None:
    workspace = tmp_path / "ws"
    command = [sys.executable, "-m", "agentloop", "workspace", "--workspace", str(workspace)]
    first = subprocess.run([*command, "--release", str(release)], capture_output=True,
                           text=True, check=True)
    assert f"workspace: {FIRST}: added" in first.stdout
    again = subprocess.run(command, capture_output=True, text=True, check=True,
                           env={**os.environ, "AGENTLOOP_RELEASE": str(release)})
    assert again.stdout == f"workspace: {workspace} is up to date\n"
    bad = subprocess.run([*command, "--release", str(tmp_path)], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "is not a learner release" in bad.stderr
    assert "python -m agentloop_grader.learner_release" in bad.stderr


def _home_files(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")
                  if p.is_file() and not p.name.startswith(".bash") and p.name != ".profile")


def test_an_ordinary_user_makes_a_workspace_and_writes_nothing_else(
        teacher_tmp: str, release: Path) -> None:  # noqa: F811
    """As a normal account (root's tests switch to one): the workspace is the user's own
    and nothing is written into the home folder."""
    workspace = Path(teacher_tmp) / "ws"
    home = Path(os.path.expanduser("~agentloop-teacher")) if is_root() else None
    before = _home_files(home) if home is not None else []
    done = run_as_teacher([str(ROOT / ".venv" / "bin" / "agentloop"), "workspace",
                           "--workspace", str(workspace), "--release", str(release)],
                          cwd=teacher_tmp, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (workspace / FIRST).is_file()
    if is_root():
        owner = os.stat(workspace / FIRST).st_uid
        assert owner == os.stat(teacher_tmp).st_uid != 0
        assert _home_files(home) == before
