"""`./course lab --lang ru`: the learner picks a language once, and the workspace, the
Lab's kernels and its terminals follow (translated chapters where there are some,
English elsewhere; AGENTLOOP_LANG for the library's own words)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "course"

pytestmark = pytest.mark.slow


def course_lab(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`./course lab ARGS --no-browser`, printing the Lab command instead of running it."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("JUPYTER", "IPYTHON", "AGENTLOOP_"))}
    env.update(COURSE_DRY_RUN="1", AGENTLOOP_WORKSPACE=str(tmp_path / "workspace"),
               AGENTLOOP_RELEASE=str(tmp_path / "release"))
    return subprocess.run([str(COURSE), "lab", *args, "--no-browser"], capture_output=True,
                          text=True, env=env, timeout=900)


def language_of(path: Path) -> str:
    meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    return meta.get("agentloop", {}).get("language", "en")


def test_lab_in_russian_makes_a_russian_workspace(tmp_path):
    done = course_lab(tmp_path, "--lang", "ru")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "AGENTLOOP_LANG=ru" in done.stdout.splitlines()
    workspace = tmp_path / "workspace"
    chapters = sorted(workspace.glob("0[1-9]_*.ipynb"))
    assert len(chapters) == 5 and {language_of(path) for path in chapters} == {"ru"}
    student = json.loads((workspace / "01_agent_loop.ipynb").read_text(encoding="utf-8"))
    assert "### BEGIN SOLUTION" not in json.dumps(student)  # blank exercises, as released
    assert (tmp_path / "release-ru").is_dir() and not (tmp_path / "release").exists()


def test_the_instructor_lab_in_persian_opens_the_persian_chapter(tmp_path):
    done = course_lab(tmp_path, "--lang", "fa", "--solutions")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert "AGENTLOOP_LANG=fa" in lines
    assert lines[-1].rstrip().endswith("chapters/fa/01_agent_loop.ipynb")


@pytest.mark.parametrize(("args", "message"), [
    (["--lang", "de"], "the language is 'de'; the course's languages are en (English), ru"),
    (["--lang"], "./course lab --lang needs a language: ru, bg, fa (or en)"),
])
def test_an_unknown_language_is_one_line_and_status_2(tmp_path, args, message):
    done = course_lab(tmp_path, *args)
    assert done.returncode == 2
    assert message in done.stderr and done.stderr.strip().count("\n") == 0, done.stderr
    assert not (tmp_path / "workspace").exists()
