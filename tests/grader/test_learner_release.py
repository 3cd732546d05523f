"""The learner release (agentloop_grader.learner_release), made on the teacher's side from
the instructor notebooks: the student versions are exactly nbgrader's, the catalog lists
every exercise and its checks, a build is deterministic and skipped when its sources have
not changed, and a rebuilt chapter reaches a learner's workspace with the answers kept.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from agentloop_grader import learner_release as lr
from learner_builds import learner_release

from agentloop.practice import bundle
from agentloop.practice.release import read_release
from agentloop.practice.update import update_workspace

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"
FIRST = "01_agent_loop.ipynb"
DECIDE = "ch1-decide-answer"


@pytest.fixture
def one_chapter(tmp_path: Path) -> Path:
    """A copy of chapters/ holding chapter 1 alone (a release of it builds in a second)."""
    folder = tmp_path / "chapters"
    folder.mkdir()
    shutil.copy2(CHAPTERS / FIRST, folder / FIRST)
    return folder


def test_the_student_version_is_nbgraders(tmp_path: Path) -> None:
    """Cell for cell what `agentloop-grade release` (nbgrader's generate_assignment) makes,
    plus the raises-exception tags that let Run All go on."""
    from agentloop_grader.course import Course
    from agentloop_grader.release import release

    course = Course(tmp_path / "course")
    release(course, [Path(FIRST).stem])
    released = nbformat.read(course.released_notebook(Path(FIRST).stem), as_version=4)
    ours = nbformat.read(learner_release() / FIRST, as_version=4)
    assert len(ours.cells) == len(released.cells)
    for mine, theirs in zip(ours.cells, released.cells, strict=True):
        assert (mine.cell_type, mine.source) == (theirs.cell_type, theirs.source)
        assert mine.metadata.get("nbgrader") == theirs.metadata.get("nbgrader")
        tags = [t for t in mine.metadata.get("tags", []) if t != lr.RAISES]
        assert tags == theirs.metadata.get("tags", [])
    tagged = [c for c in ours.cells if lr.RAISES in c.metadata.get("tags", [])]
    assert all(c.metadata.get("nbgrader", {}).get("solution") or "(" in c.source for c in tagged)


def test_the_release_lists_every_chapter_and_exercise() -> None:
    release = read_release(learner_release())
    chapters = sorted(p.name for p in CHAPTERS.glob("[0-9]*.ipynb"))
    assert list(release.notebooks) == [*chapters, "00_progress.ipynb"]
    catalog = json.loads((learner_release() / "course.json").read_text(encoding="utf-8"))
    assert [c["file"] for c in catalog["chapters"]] == chapters
    first = catalog["chapters"][0]
    decide = next(e for e in first["exercises"] if e["id"] == DECIDE)
    assert decide["answer"] == "decide"
    assert [c["id"] for c in decide["checks"]] == ["ch1-decide-failure", "ch1-decide-search",
                                                   "ch1-decide-scenario"]
    assert "raise NotImplementedError()" in decide["stub"]
    exercises = bundle.decode((learner_release() / "solutions.bundle").read_text("utf-8"))
    assert set(exercises) == {e["id"] for c in catalog["chapters"] for e in c["exercises"]}
    for notebook in chapters:
        text = (learner_release() / notebook).read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text


@pytest.mark.parametrize(("language", "title", "word"), [
    ("ru", "# Твой прогресс", "**не начато**"),
    ("bg", "# Твоят напредък", "**незапочнато**"),
    ("fa", "# پیشرفت شما", "**شروع‌نشده**"),
])
def test_the_progress_page_speaks_the_chapters_language(tmp_path: Path, language: str,
                                                        title: str, word: str) -> None:
    """A release of translated chapters (`./course lab --lang`, the site) has its progress
    page in their language, says so in its metadata (the Lab's "Start here" reads it) and,
    in Persian, reads right to left with its code left to right."""
    folder = tmp_path / "chapters"
    folder.mkdir()
    shutil.copy2(CHAPTERS / language / FIRST, folder / FIRST)
    lr.build_release(folder, tmp_path / "release")
    page = nbformat.read(tmp_path / "release" / "00_progress.ipynb", as_version=4)
    text = page.cells[0].source
    assert title in text and word in text and "Every exercise" not in text
    assert page.metadata["agentloop"] == {"language": language}
    assert page.cells[1].source.endswith("progress()")
    if language == "fa":
        assert text.startswith('<div dir="rtl">')
        assert '<code dir="ltr">agentloop progress</code>' in text
    english = lr.progress_page("en")
    assert english.cells[0].source.startswith("# Your progress")
    assert "agentloop" not in english.metadata


def test_a_chapter_not_yet_translated_leaves_the_progress_page_in_the_translation() -> None:
    english = nbformat.read(CHAPTERS / FIRST, as_version=4)
    russian = nbformat.read(CHAPTERS / "ru" / FIRST, as_version=4)
    assert lr.chapters_language([english, russian]) == "ru"
    assert lr.chapters_language([english]) == "en"
    persian = nbformat.read(CHAPTERS / "fa" / FIRST, as_version=4)
    assert lr.chapters_language([russian, persian]) == "en"  # no one language: English


def test_a_build_is_deterministic_and_skipped_when_nothing_changed(tmp_path: Path,
                                                                  one_chapter: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert lr.build_release(one_chapter, first) == {"chapters": 1, "exercises": 3,
                                                    "locked": 2}
    assert lr.build_release(one_chapter, second) is not None
    assert {p.name: p.read_bytes() for p in first.iterdir()} == \
        {p.name: p.read_bytes() for p in second.iterdir()}
    before = (first / "release.json").stat().st_mtime_ns
    assert lr.build_release(one_chapter, first) is None  # up to date: nothing written
    assert (first / "release.json").stat().st_mtime_ns == before
    nb = nbformat.read(one_chapter / FIRST, as_version=4)
    nb.cells[0].source += "\n\nA new line."
    nbformat.write(nb, one_chapter / FIRST)
    assert lr.build_release(one_chapter, first) is not None  # the chapter changed
    assert "A new line." in (first / FIRST).read_text(encoding="utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers


def test_a_rebuilt_chapter_source_keeps_the_answer(tmp_path: Path, one_chapter: Path) -> None:
    """Edit a chapter's markdown in its source, rebuild it with tools/build_chapters.py's own
    builder (without executing) and make a new release: the learner's answer survives."""
    sys.path.insert(0, str(ROOT / "tools"))
    import build_chapters

    release, workspace = tmp_path / "release", tmp_path / "ws"
    lr.build_release(one_chapter, release)
    update_workspace(workspace, release)
    nb = nbformat.read(workspace / FIRST, as_version=4)
    answer = 'def decide(state):\n    return "continue"  # my own first try\n'
    next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == DECIDE) \
        .source = answer
    nbformat.write(nb, workspace / FIRST)
    source = tmp_path / "01_agent_loop.py"
    source.write_text((CHAPTERS / "src" / "01_agent_loop.py").read_text(encoding="utf-8")
                      .replace("### Tool, action, observation",
                               "### Tool, action, observation — three words"),
                      encoding="utf-8")
    nbformat.write(build_chapters.build_notebook(source), one_chapter / FIRST)
    lr.build_release(one_chapter, release)

    update = update_workspace(workspace, release)
    assert update.messages and "answers carried over" in update.messages[0]
    mine = nbformat.read(workspace / FIRST, as_version=4)
    assert "three words" in json.dumps(nbformat.writes(mine))
    assert next(c for c in mine.cells if c.metadata.get("nbgrader", {}).get("grade_id") ==
                DECIDE).source == answer


def test_a_lock_that_names_no_exercise_of_the_chapter_is_refused(
        tmp_path: Path, one_chapter: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from agentloop_grader import answers

    monkeypatch.setattr(answers, "locks", lambda chapter: {
        "ch1-nope": answers.Lock(("ch1-decide-failure",))})
    with pytest.raises(lr.LearnerReleaseError, match="LOCKS names ch1-nope"):
        lr.build_release(one_chapter, tmp_path / "release")
    monkeypatch.setattr(answers, "locks", lambda chapter: {
        DECIDE: answers.Lock(("ch1-messages",))})
    with pytest.raises(lr.LearnerReleaseError, match="not checks of this exercise"):
        lr.build_release(one_chapter, tmp_path / "release")
    assert not (tmp_path / "release").exists()


def test_the_command_line(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "agentloop_grader.learner_release"]
    same = subprocess.run([*command, "--out", str(learner_release())], capture_output=True,
                          text=True, timeout=300)
    assert same.returncode == 0 and same.stdout.strip().endswith("is up to date"), same.stderr
    (tmp_path / "notes.txt").write_text("mine")
    refused = subprocess.run([*command, "--out", str(tmp_path)], capture_output=True,
                             text=True, timeout=300)
    assert refused.returncode == 2
    assert "exists and is not a learner release; not replacing it" in refused.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine"
    empty = subprocess.run([*command, "--chapters", str(tmp_path), "--out",
                            str(tmp_path / "out")], capture_output=True, text=True, timeout=300)
    assert empty.returncode == 2 and "holds no chapter notebook" in empty.stderr
