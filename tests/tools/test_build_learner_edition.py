"""The learner edition (tools/build_learner_edition.py): a folder and a .zip with the
learner's distribution, the learner release, the examples, a README and a `course` script —
no instructor notebook, no grader, no tests, no teacher's edition, and no text of any
solution or reference. One chapter is run from it in the learner's venv: a right answer
solves its exercise and opens the reference; "show me anyway" says where the reference is
and shows nothing (no instructor copy here).
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
from learner_builds import learner_kernel, learner_venv, learner_wheel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_learner_edition as edition  # noqa: E402

FIRST = "01_agent_loop.ipynb"
EXERCISE = "ch1-decide-answer"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edition's folder (and its zip beside it), written without the build's own final
    checks, which the tests below make one by one."""
    out = tmp_path_factory.mktemp("edition") / "agentloop-course"
    out.mkdir()
    edition.write_edition(out, learner_wheel())
    edition.zip_folder(out, out.with_name(out.name + ".zip"))
    return out


def test_the_edition_holds_what_a_learner_needs_and_nothing_else(built: Path) -> None:
    assert sorted(p.name for p in built.iterdir()) == [
        "EDITION.json", "README.md", "course", "examples", "lab-config", "release", "wheels"]
    assert edition.forbidden_paths(built) == []
    release = sorted(p.name for p in (built / "release").iterdir())
    chapters = sorted(p.name for p in (ROOT / "chapters").glob("[0-9]*.ipynb"))
    assert release == sorted(["00_progress.ipynb", *chapters, "course.json", "release.json",
                              "solutions.bundle"])
    assert sorted(p.name for p in (built / "lab-config").iterdir()) == [
        "common", "lab_extensions.py", "learner"]
    assert os.stat(built / "course").st_mode & stat.S_IXUSR
    assert "./course lab" in (built / "README.md").read_text(encoding="utf-8")
    (wheel,) = (built / "wheels").glob("agentloop-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert {n.split("/")[0] for n in archive.namelist()} == {
            "agentloop", "agentloop-0.1.0.dist-info"}


def test_the_zip_is_the_folder(built: Path) -> None:
    archive = built.with_name(built.name + ".zip")
    with zipfile.ZipFile(archive) as zipped:
        names = {info.filename: info for info in zipped.infolist()}
    files = {f"{built.name}/{p.relative_to(built).as_posix()}" for p in built.rglob("*")
             if p.is_file()}
    assert set(names) == files
    assert (names[f"{built.name}/course"].external_attr >> 16) & stat.S_IXUSR


def test_no_file_of_the_edition_holds_a_solution_or_a_reference(built: Path) -> None:
    """Every file, and every file inside the wheel and the zip, grepped for each solution
    region's text and lines and each reference of the teacher's edition."""
    import answer_leaks

    needles = answer_leaks.answer_texts(ROOT / "chapters", answer_leaks.public_text(
        ROOT / "chapters", built / "release"))
    assert any(": solution" in what and whole for what, _, whole in needles)
    assert any("REFERENCE['decide']" in what for what, *_ in needles)
    assert answer_leaks.find_leaks(built, ROOT / "chapters", built / "release") == []


def test_its_course_script_says_how_to_use_it(built: Path) -> None:
    done = subprocess.run([str(built / "course")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "usage: ./course lab" in done.stderr
    assert not (built / ".venv").exists()  # nothing set up just to say that


def instructor_answer(grade_id: str) -> str:
    nb = nbformat.read(ROOT / "chapters" / FIRST, as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    return "\n".join(line for line in cell.source.splitlines()
                     if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))


def test_a_chapter_from_the_edition_is_solved_and_its_answer_opens(
        built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbclient import NotebookClient

    venv = learner_venv()
    (wheel,) = (built / "wheels").glob("agentloop-*.whl")
    assert wheel.read_bytes() == learner_wheel().read_bytes()  # the venv holds this wheel
    workspace = tmp_path / "workspace"
    made = subprocess.run([str(venv / "bin" / "agentloop"), "workspace", "--workspace",
                           str(workspace), "--release", str(built / "release")],
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0 and f"workspace: {FIRST}: added" in made.stdout, made.stderr

    nb = nbformat.read(workspace / FIRST, as_version=4)
    cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == EXERCISE]
    cells[0].source = instructor_answer(EXERCISE)
    nb.cells.append(nbformat.v4.new_code_cell(
        f'from agentloop.practice import solution\nprint(repr(solution("{EXERCISE}")))'))
    nb.cells.append(nbformat.v4.new_code_cell(
        'print(repr(solution("ch1-messages-answer", confirm=True)))'))
    monkeypatch.setenv("JUPYTER_PATH", str(learner_kernel()))
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(workspace)}}).execute()
    texts = ["".join(o.get("text", "") for o in c.get("outputs", [])) for c in nb.cells
             if c.cell_type == "code"]
    assert any(f"★ exercise {EXERCISE} solved" in text for text in texts)
    shown, anyway = texts[-2], texts[-1]
    assert shown.startswith(f"Reference answer for {EXERCISE} (chapter 01_agent_loop), shown "
                            "after passing:")
    assert 'observation.get("retryable", True)' in shown
    assert "nothing is shown here" in anyway and "chapters/01_agent_loop.ipynb" in anyway
    assert "def final_message" not in anyway
    progress = json.loads((workspace / ".agentloop" / "progress.json").read_text())
    assert progress["solutions"] == {EXERCISE: "after passing",
                                     "ch1-messages-answer": "before passing"}
    assert set(progress["solved"]) == {EXERCISE}


def test_an_edition_that_holds_an_answer_is_not_left_behind(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch):
    import answer_leaks

    def write(folder: Path, wheel: Path | None = None) -> None:
        (folder / edition.MARKER).write_text("{}")
        (folder / "README.md").write_text("def decide(state): ...")

    monkeypatch.setattr(edition, "write_edition", write)
    monkeypatch.setattr(answer_leaks, "find_leaks",
                        lambda *args, **kwargs: ["README.md holds a solution: 'def decide'"])
    out = tmp_path / "agentloop-course"
    with pytest.raises(edition.EditionError, match="holds answers"):
        edition.build(out)
    assert not out.exists() and not out.with_name(out.name + ".zip").exists()
    assert edition.main([str(out)]) == 1
    assert not out.exists()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    with pytest.raises(edition.EditionError, match="is not a learner edition"):
        edition.build(tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "mine"
