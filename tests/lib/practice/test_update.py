"""Making and updating a learner's workspace (agentloop.practice.update, behind `agentloop
workspace` and `./course lab`): copied from a learner release, never overwritten, and
updated without losing an answer; with neither nbgrader nor nbformat. The command itself is
tested in tests/lib/commands/test_workspace.py.

Every test works on a temporary workspace and the session's learner release (when it
changes the course, on a copy of that release changed as a new release would be), never on
the repository's own workspace/ or build/learner-release/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from learner_builds import learner_release

from agentloop.practice.release import MANIFEST as RELEASE_MANIFEST
from agentloop.practice.start import START_PAGE
from agentloop.practice.update import update_workspace
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


@pytest.fixture(scope="module")
def release() -> Path:
    """The learner release of chapters/ (built once per session)."""
    return learner_release()


@pytest.fixture
def chapters(release: Path, tmp_path: Path) -> Path:
    """A copy of the learner release that a test may change, as a new release would."""
    copy = tmp_path / "release"
    shutil.copytree(release, copy)
    return copy


def change_markdown(chapter: Path, old: str, new: str) -> None:
    """Edit a markdown cell of a chapter, as the release of a rebuilt chapter would."""
    nb = nbformat.read(chapter, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "markdown" and old in c.source)
    cell.source = cell.source.replace(old, new)
    nbformat.write(nb, chapter)


def chapter_names() -> list[str]:
    return sorted(p.name for p in CHAPTERS.glob("[0-9]*.ipynb"))


def test_a_new_workspace_holds_every_chapter_blank_and_the_progress_page(tmp_path: Path,
                                                                         release: Path):
    workspace = tmp_path / "ws"
    update = update_workspace(workspace, release)
    names = chapter_names()
    assert sorted(p.name for p in workspace.glob("*.ipynb")) == sorted([*names, PROGRESS_PAGE])
    assert update.messages == [f"{name}: added" for name in [*names, PROGRESS_PAGE,
                                                             START_PAGE]]
    start = (workspace / START_PAGE).read_text(encoding="utf-8")
    assert all(f"]({name})" in start for name in [*names, PROGRESS_PAGE])  # one click away
    for name in names:
        text = (workspace / name).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
        assert "raise NotImplementedError()" in text
    assert (workspace / STATE_DIR / MANIFEST).is_file()
    # the notebooks are the release's, byte for byte; so are the catalog and the bundle
    for name in [*names, PROGRESS_PAGE]:
        assert (workspace / name).read_bytes() == (release / name).read_bytes()
    assert (workspace / STATE_DIR / "course.json").read_bytes() == \
        (release / "course.json").read_bytes()
    assert (workspace / STATE_DIR / "solutions.bundle").read_bytes() == \
        (release / "solutions.bundle").read_bytes()


def test_the_learners_side_needs_no_nbgrader_nor_nbformat(tmp_path: Path,
                                                         release: Path) -> None:
    """Making and updating a workspace is the learner's install's job: it imports neither."""
    code = ("import sys\n"
            "sys.modules['nbgrader'] = sys.modules['nbformat'] = None  # importing them fails\n"
            "from pathlib import Path\n"
            "from agentloop.practice.update import update_workspace\n"
            f"update = update_workspace(Path({str(tmp_path / 'ws')!r}), Path({str(release)!r}))\n"
            "print(len(update.messages))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) == len(chapter_names()) + 2  # the progress and the start page


def test_running_again_changes_nothing(tmp_path: Path, release: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, release)
    before = {p.name: p.read_bytes() for p in workspace.glob("*.ipynb")}
    assert update_workspace(workspace, release).messages == []
    assert {p.name: p.read_bytes() for p in workspace.glob("*.ipynb")} == before


def test_the_learners_work_is_never_overwritten(tmp_path: Path, release: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, release)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    assert update_workspace(workspace, release).messages == []
    assert (workspace / FIRST).read_bytes() == mine


def test_a_changed_chapter_keeps_the_learners_answers(tmp_path: Path, chapters: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, chapters)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    change_markdown(chapters / FIRST, "## Lesson 1 · One step and its feedback",
                    "## Lesson 1 · One step and its feedback (revised)")

    update = update_workspace(workspace, chapters)
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
    assert update_workspace(workspace, chapters).messages == []


def test_other_edits_mean_the_new_version_is_written_beside(tmp_path: Path,
                                                            chapters: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, chapters)
    nb = nbformat.read(workspace / FIRST, as_version=4)
    nb.cells.insert(3, nbformat.v4.new_markdown_cell("My own notes on the loop."))
    nbformat.write(nb, workspace / FIRST)
    write_answer(workspace / FIRST, DECIDE, MY_ANSWER)
    mine = (workspace / FIRST).read_bytes()
    change_markdown(chapters / FIRST, "## Lesson 2", "## Lesson 2 (revised)")

    update = update_workspace(workspace, chapters)
    assert (workspace / FIRST).read_bytes() == mine
    beside = workspace / "01_agent_loop.new.ipynb"
    assert update.messages == [
        f"{FIRST}: the course changed this chapter and you changed cells other than "
        f"answers, so your copy is left as it is; the new version (answers carried over: "
        f"{DECIDE}) is {beside.name}"]
    assert "(revised)" in beside.read_text(encoding="utf-8")
    assert cells_by_id(beside)[DECIDE].source == MY_ANSWER
    assert update_workspace(workspace, chapters).messages == []  # offered once


def test_an_untouched_chapter_is_simply_updated(tmp_path: Path, chapters: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, chapters)
    change_markdown(chapters / FIRST, "## Lesson 2", "## Lesson 2 (revised)")
    update = update_workspace(workspace, chapters)
    assert update.messages == [f"{FIRST}: updated to the course's new version (you had not "
                               "changed it)"]
    assert "(revised)" in (workspace / FIRST).read_text(encoding="utf-8")
    assert not (workspace / OLD_VERSIONS).exists()


def test_new_chapters_appear_and_a_deleted_one_comes_back(tmp_path: Path,
                                                          chapters: Path) -> None:
    workspace = tmp_path / "ws"
    update_workspace(workspace, chapters)
    shutil.copy2(chapters / FIRST, chapters / "09_extra.ipynb")
    manifest = json.loads((chapters / RELEASE_MANIFEST).read_text(encoding="utf-8"))
    manifest["notebooks"].insert(-1, "09_extra.ipynb")
    (chapters / RELEASE_MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    catalog = json.loads((chapters / "course.json").read_text(encoding="utf-8"))
    catalog["chapters"].append({**catalog["chapters"][0], "stem": "09_extra"})
    (chapters / "course.json").write_text(json.dumps(catalog), encoding="utf-8")
    (workspace / FIRST).unlink()
    update = update_workspace(workspace, chapters)
    assert update.messages == [f"{FIRST}: written again (it was missing)",
                               "09_extra.ipynb: added", f"{START_PAGE}: updated"]
    catalog = json.loads((workspace / STATE_DIR / "course.json").read_text(encoding="utf-8"))
    assert [c["stem"] for c in catalog["chapters"]][-1] == "09_extra"


def test_a_folder_that_is_not_a_release_is_refused(tmp_path: Path, chapters: Path) -> None:
    with pytest.raises(ValueError, match="is not a learner release"):
        update_workspace(tmp_path / "ws", tmp_path)
    (chapters / "solutions.bundle").unlink()
    with pytest.raises(ValueError, match=r"is incomplete \(missing: solutions.bundle\)"):
        update_workspace(tmp_path / "ws", chapters)
    assert not (tmp_path / "ws" / FIRST).exists()
