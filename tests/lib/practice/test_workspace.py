"""The learner's workspace (`agentloop workspace`, run by `./course lab`): made from the
student versions, never overwritten, and updated without losing an answer.

Every test works on a temporary workspace (and, when it changes the course, a temporary
copy of chapters/), never on the repository's own workspace/.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from unprivileged import is_root, run_as_teacher, teacher_tmp  # noqa: F401  (fixture)

from agentloop.practice import build
from agentloop.practice.workspace import MANIFEST, OLD_VERSIONS, PROGRESS_PAGE, STATE_DIR

ROOT = Path(__file__).resolve().parents[3]
CHAPTERS = ROOT / "chapters"
FIRST = "01_agent_loop.ipynb"
DECIDE = "ch1-decide-answer"
MY_ANSWER = 'def decide(state):\n    return "continue"  # my own first try\n'


def cells_by_id(path: Path) -> dict[str, nbformat.NotebookNode]:
    nb = nbformat.read(path, as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells if "nbgrader" in c.metadata}


def write_answer(path: Path, grade_id: str, source: str) -> None:
    """What saving in JupyterLab does: the notebook rewritten with the cell changed."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id:
            cell.source = source
    nbformat.write(nb, path)


@pytest.fixture
def chapters(tmp_path: Path) -> Path:
    """A copy of the course's chapters that a test may change."""
    copy = tmp_path / "chapters"
    copy.mkdir()
    for notebook in build.chapter_notebooks(CHAPTERS):
        shutil.copy2(notebook, copy / notebook.name)
    return copy


def change_markdown(chapter: Path, old: str, new: str) -> None:
    """Edit a markdown cell of an instructor notebook, as a rebuilt chapter would."""
    nb = nbformat.read(chapter, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and old in c.source)
    cell.source = cell.source.replace(old, new)
    nbformat.write(nb, chapter)


def test_a_new_workspace_holds_every_chapter_blank_and_the_progress_page(tmp_path: Path):
    workspace = tmp_path / "ws"
    update = build.update_workspace(workspace, CHAPTERS)
    names = [n.name for n in build.chapter_notebooks(CHAPTERS)]
    assert sorted(p.name for p in workspace.glob("*.ipynb")) == sorted([*names, PROGRESS_PAGE])
    assert update.messages == [f"{name}: added" for name in [*names, PROGRESS_PAGE]]
    for name in names:
        text = (workspace / name).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
        assert "raise NotImplementedError()" in text
    assert (workspace / STATE_DIR / MANIFEST).is_file()


def test_the_student_version_is_nbgraders(tmp_path: Path) -> None:
    """Cell for cell what `agentloop-grade release` (nbgrader's generate_assignment) makes,
    plus the raises-exception tags that let Run All go on."""
    from agentloop_grader.course import Course
    from agentloop_grader.release import release

    course = Course(tmp_path / "course")
    release(course, [Path(FIRST).stem])
    released = nbformat.read(course.released_notebook(Path(FIRST).stem), as_version=4)
    ours = build.student_version(CHAPTERS / FIRST)
    assert len(ours.cells) == len(released.cells)
    for mine, theirs in zip(ours.cells, released.cells, strict=True):
        assert (mine.cell_type, mine.source) == (theirs.cell_type, theirs.source)
        assert mine.metadata.get("nbgrader") == theirs.metadata.get("nbgrader")
        tags = [t for t in mine.metadata.get("tags", []) if t != build.RAISES]
        assert tags == theirs.metadata.get("tags", [])
    tagged = [c for c in ours.cells if build.RAISES in c.metadata.get("tags", [])]
    assert all(c.metadata.get("nbgrader", {}).get("solution") or "(" in c.source for c in tagged)


def test_running_again_changes_nothing(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, CHAPTERS)
    before = {p.name: p.read_bytes() for p in workspace.glob("*.ipynb")}
    assert build.update_workspace(workspace, CHAPTERS).messages == []
    assert {p.name: p.read_bytes() for p in workspace.glob("*.ipynb")} == before


def test_the_learners_work_is_never_overwritten(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, CHAPTERS)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    assert build.update_workspace(workspace, CHAPTERS).messages == []
    assert (workspace / FIRST).read_bytes() == mine


def test_a_changed_chapter_keeps_the_learners_answers(tmp_path: Path, chapters: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, chapters)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    change_markdown(chapters / FIRST, "## Lesson 1 · One step and its feedback",
                    "## Lesson 1 · One step and its feedback (revised)")

    update = build.update_workspace(workspace, chapters)
    assert len(update.messages) == 1
    message = update.messages[0]
    assert message.startswith(f"{FIRST}: updated to the course's new version with your "
                              f"answers carried over ({DECIDE})")
    text = (workspace / FIRST).read_text(encoding="utf-8")
    assert "(revised)" in text
    assert cells_by_id(workspace / FIRST)[DECIDE].source == MY_ANSWER
    backups = list((workspace / OLD_VERSIONS).glob("*.ipynb"))
    assert [b.read_bytes() for b in backups] == [mine]
    assert str(backups[0].relative_to(workspace)) in message
    assert build.update_workspace(workspace, chapters).messages == []


def test_a_rebuilt_chapter_source_keeps_the_answer(tmp_path: Path, chapters: Path) -> None:
    """Edit a chapter's markdown in its source and rebuild it with tools/build_chapters.py's
    own builder (without executing): the learner's answer survives."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_chapters

    source = tmp_path / "01_agent_loop.py"
    source.write_text((ROOT / "chapters" / "src" / "01_agent_loop.py").read_text(
        encoding="utf-8").replace("### Tool, action, observation",
                                  "### Tool, action, observation — three words"),
        encoding="utf-8")
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, chapters)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    nbformat.write(build_chapters.build_notebook(source), chapters / FIRST)

    update = build.update_workspace(workspace, chapters)
    assert update.messages and "answers carried over" in update.messages[0]
    assert "three words" in (workspace / FIRST).read_text(encoding="utf-8")
    assert cells_by_id(workspace / FIRST)[DECIDE].source == MY_ANSWER


def test_other_edits_mean_the_new_version_is_written_beside(tmp_path: Path,
                                                            chapters: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, chapters)
    nb = nbformat.read(workspace / FIRST, as_version=4)
    nb.cells.insert(3, nbformat.v4.new_markdown_cell("My own notes on the loop."))
    nbformat.write(nb, workspace / FIRST)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    change_markdown(chapters / FIRST, "## Lesson 2", "## Lesson 2 (revised)")

    update = build.update_workspace(workspace, chapters)
    assert (workspace / FIRST).read_bytes() == mine
    beside = workspace / "01_agent_loop.new.ipynb"
    assert update.messages == [
        f"{FIRST}: the course changed this chapter and you changed cells other than "
        f"answers, so your copy is left as it is; the new version (answers carried over: "
        f"{DECIDE}) is {beside.name}"]
    assert "(revised)" in beside.read_text(encoding="utf-8")
    assert cells_by_id(beside)[DECIDE].source == MY_ANSWER
    assert build.update_workspace(workspace, chapters).messages == []  # offered once


def test_an_untouched_chapter_is_simply_updated(tmp_path: Path, chapters: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, chapters)
    change_markdown(chapters / FIRST, "## Lesson 2", "## Lesson 2 (revised)")
    update = build.update_workspace(workspace, chapters)
    assert update.messages == [f"{FIRST}: updated to the course's new version (you had not "
                               "changed it)"]
    assert "(revised)" in (workspace / FIRST).read_text(encoding="utf-8")
    assert not (workspace / OLD_VERSIONS).exists()


def test_new_chapters_appear_and_a_deleted_one_comes_back(tmp_path: Path,
                                                          chapters: Path) -> None:
    workspace = tmp_path / "ws"
    build.update_workspace(workspace, chapters)
    shutil.copy2(chapters / FIRST, chapters / "09_extra.ipynb")
    (workspace / FIRST).unlink()
    update = build.update_workspace(workspace, chapters)
    assert update.messages == [f"{FIRST}: written again (it was missing)",
                               "09_extra.ipynb: added"]
    catalog = json.loads((workspace / STATE_DIR / "course.json").read_text(encoding="utf-8"))
    assert [c["stem"] for c in catalog["chapters"]][-1] == "09_extra"


def test_the_command_line(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    command = [sys.executable, "-m", "agentloop", "workspace", "--workspace", str(workspace)]
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    assert f"workspace: {FIRST}: added" in first.stdout
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert again.stdout == f"workspace: {workspace} is up to date\n"
    bad = subprocess.run([*command, "--chapters", str(tmp_path)], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "holds no chapter notebook" in bad.stderr


def _home_files(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")
                  if p.is_file() and not p.name.startswith(".bash") and p.name != ".profile")


def test_an_ordinary_user_makes_a_workspace_and_writes_nothing_else(
        teacher_tmp: str) -> None:  # noqa: F811
    """As a normal account (root's tests switch to one): the workspace is the user's own
    and nothing is written into the home folder."""
    workspace = Path(teacher_tmp) / "ws"
    home = Path(os.path.expanduser("~agentloop-teacher")) if is_root() else None
    before = _home_files(home) if home is not None else []
    done = run_as_teacher([str(ROOT / ".venv" / "bin" / "agentloop"), "workspace",
                           "--workspace", str(workspace), "--chapters", str(CHAPTERS)],
                          cwd=teacher_tmp, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (workspace / FIRST).is_file()
    if is_root():
        owner = os.stat(workspace / FIRST).st_uid
        assert owner == os.stat(teacher_tmp).st_uid != 0
        assert _home_files(home) == before


def test_the_course_command_adds_allow_root_only_for_root(
        teacher_tmp: str) -> None:  # noqa: F811
    """`./course lab` passes --allow-root to Jupyter only when run as root."""
    env = {"COURSE_DRY_RUN": "1", "AGENTLOOP_WORKSPACE": str(Path(teacher_tmp) / "ws")}
    mine = subprocess.run([str(ROOT / "course"), "lab", "--no-browser"], capture_output=True,
                          text=True, env={**os.environ, **env}, timeout=180)
    assert mine.returncode == 0, mine.stderr
    command = mine.stdout.strip().splitlines()[-1]
    assert ("--allow-root" in command) == is_root()
    assert f"--ServerApp.root_dir={Path(teacher_tmp) / 'ws'}" in command
    if is_root():
        shutil.rmtree(Path(teacher_tmp) / "ws")
        theirs = run_as_teacher([str(ROOT / "course"), "lab", "--no-browser"], cwd=teacher_tmp,
                                env=env, timeout=180)
        assert theirs.returncode == 0, theirs.stderr[-2000:]
        assert "--allow-root" not in theirs.stdout
        assert (Path(teacher_tmp) / "ws" / FIRST).is_file()
