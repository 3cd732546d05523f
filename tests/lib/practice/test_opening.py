"""Where ./course lab opens: the notebook the learner left off in, else chapter 1 — and the
Lab's remembered layout keeps that one notebook, so it starts one kernel."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.practice.opening import FIRST, keep_only, left_off
from agentloop.practice.update import update_workspace


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("opening") / "ws"
    update_workspace(folder, learner_release())
    return folder


def layout(folder: Path, front: str, others: list[str]) -> Path:
    """A Lab workspace file as JupyterLab 4 writes it, with `front` in front."""
    documents = [front, *others]
    data = {"layout-restorer:data": {
        "main": {"dock": {"type": "split-area", "orientation": "horizontal", "sizes": [.5, .5],
                          "children": [{"type": "tab-area", "currentIndex": 0,
                                        "widgets": [f"notebook:{d}" for d in documents[:1]]},
                                       {"type": "tab-area", "currentIndex": 0,
                                        "widgets": [f"notebook:{d}" for d in documents[1:]]}]},
                 "current": f"notebook:{front}"},
        "left": {"collapsed": False, "visible": True, "current": "filebrowser",
                 "widgets": ["filebrowser"]}},
        **{f"notebook:{d}": {"data": {"path": d, "factory": "Notebook"}} for d in documents},
        "editor:notes.txt": {"data": {"path": "notes.txt", "factory": "Editor"}},
        "file-browser-filebrowser:cwd": {"path": ""}}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "default-37a8.jupyterlab-workspace"
    path.write_text(json.dumps({"data": data, "metadata": {"id": "default"}}), encoding="utf-8")
    return path


def test_a_first_visit_opens_chapter_1(workspace: Path, tmp_path: Path) -> None:
    assert left_off(workspace, tmp_path / "no-layouts-yet") == FIRST


def test_the_lab_reopens_where_the_learner_left_off_and_that_alone(workspace: Path,
                                                                  tmp_path: Path) -> None:
    layouts = tmp_path / "lab-workspaces"
    path = layout(layouts, "03_plan_action_observation.ipynb",
                  ["01_agent_loop.ipynb", "00_progress.ipynb"])
    assert left_off(workspace, layouts) == "03_plan_action_observation.ipynb"
    keep_only(layouts, "03_plan_action_observation.ipynb")
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    main = data["layout-restorer:data"]["main"]
    assert main["dock"]["widgets"] == ["notebook:03_plan_action_observation.ipynb"]
    assert [k for k in data if k.startswith(("notebook:", "editor:"))] == [
        "notebook:03_plan_action_observation.ipynb"]
    assert data["layout-restorer:data"]["left"]["current"] == "filebrowser"  # the rest stays
    assert data["file-browser-filebrowser:cwd"] == {"path": ""}


def test_a_notebook_that_is_gone_or_a_broken_layout_falls_back(workspace: Path,
                                                              tmp_path: Path) -> None:
    layouts = tmp_path / "lab-workspaces"
    layout(layouts, "07_deleted.ipynb", [])
    assert left_off(workspace, layouts) == FIRST
    broken = layouts / "default-37a8.jupyterlab-workspace"
    broken.write_text("{not json", encoding="utf-8")
    assert left_off(workspace, layouts) == FIRST
    keep_only(layouts, FIRST)
    assert broken.read_text(encoding="utf-8") == "{not json"  # left for the Lab to handle


def test_the_course_command_asks_it(workspace: Path, tmp_path: Path) -> None:
    layouts = tmp_path / "lab-workspaces"
    layout(layouts, "02_tools_and_controller.ipynb", ["01_agent_loop.ipynb"])
    done = subprocess.run([sys.executable, "-m", "agentloop.practice.opening", "--workspace",
                           str(workspace), "--layouts", str(layouts)],
                          capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout == "02_tools_and_controller.ipynb\n"
