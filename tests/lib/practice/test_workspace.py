"""Where a practice workspace is (agentloop.practice.workspace): a folder with its manifest,
found from the notebook Jupyter names, else from the current folder, walking up; the default
one; its small JSON files read with a default and written whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentloop.practice.workspace import (
    ENV,
    MANIFEST,
    STATE_DIR,
    default_workspace,
    find_workspace,
    is_workspace,
    read_json,
    repository,
    write_json,
)


def _workspace(folder: Path) -> Path:
    (folder / STATE_DIR).mkdir(parents=True)
    (folder / STATE_DIR / MANIFEST).write_text("{}", encoding="utf-8")
    return folder


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_workspace_is_a_folder_with_its_manifest(tmp_path):
    assert not is_workspace(tmp_path)
    assert is_workspace(_workspace(tmp_path / "ws"))


def test_it_is_found_from_inside_walking_up(here):
    workspace = _workspace(here / "ws")
    inside = workspace / "ch5" / "office"
    inside.mkdir(parents=True)
    assert find_workspace(inside) == workspace.resolve()
    assert find_workspace(here) is None


def test_the_notebook_jupyter_names_comes_before_the_current_folder(here, monkeypatch):
    workspace = _workspace(here / "ws")
    elsewhere = here / "elsewhere"   # a chapter changed folder (chapter 5 does)
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert find_workspace() is None
    monkeypatch.setenv("JPY_SESSION_NAME", str(workspace / "01_agent_loop.ipynb"))
    assert find_workspace() == workspace.resolve()


def test_the_default_workspace_is_the_environments_else_the_repositorys(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert default_workspace() == repository() / "workspace"
    monkeypatch.setenv(ENV, "~/practice")
    assert default_workspace() == Path("~/practice").expanduser()


def test_json_is_read_with_a_default_and_written_whole(tmp_path):
    path = tmp_path / "state" / "progress.json"
    assert read_json(path, {"none": True}) == {"none": True}
    write_json(path, {"b": 1, "a": "é"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": "é", "b": 1}
    assert path.read_text(encoding="utf-8") == '{\n "a": "é",\n "b": 1\n}\n'
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]   # no temporary left
    path.write_text("{broken", encoding="utf-8")
    assert read_json(path, []) == []
