"""Everything practice says around chapter 1 has its Russian, Bulgarian and Persian words:
the check cell's own lines (the calm line of a blank answer, the hint steps, how many are
left), the buttons under a check, what a solved, locked or shown-anyway solution says, the
progress page and the start page (agentloop/i18n/catalogs/<lang>.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from learner_builds import learner_release

from agentloop.checks import ch1
from agentloop.checks.core import HintSteps, judge
from agentloop.i18n import TRANSLATED, catalog, speaking
from agentloop.practice import tracking
from agentloop.practice.start import start_page

LIB = Path(__file__).resolve().parents[3] / "lib" / "agentloop"
SPEAKERS = ("practice/blank.py", "practice/cell.py", "practice/panel.py",
            "practice/solutions.py", "practice/start.py", "practice/tracking.py",
            "checks/core.py")
LANGUAGES = [code.value for code in TRANSLATED]
# Words the modules pass to t() by name, not as a literal: statuses, when a solution was
# seen, the progress table's headers.
NAMED = [tracking.PASSED, tracking.TRIED, tracking.NOT_STARTED, tracking.AFTER_PASSING,
         tracking.BEFORE_PASSING, "status", "check", "what it checks", "exercise", "solution"]


def said(path: Path) -> set[str]:
    """The literal first argument of every t(...) and words.render(...) call of a module."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in ("t", "render", "say") and isinstance(first, ast.Constant) and \
                    isinstance(first.value, str):
                out.add(first.value)
    return out


def templates() -> set[str]:
    found = set().union(*(said(LIB / name) for name in SPEAKERS))
    return found | set(NAMED) | {step for steps in ch1.HINTS.values() for step in steps}


def test_the_speakers_say_something() -> None:
    found = templates()
    assert "not answered yet — write `{name}` above" in found
    assert "Hint ({count} of {total} left)" in found
    assert "Start here" in found and len(found) > 80


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_has_its_translation(language: str) -> None:
    words = catalog(language)
    assert sorted(t for t in templates() if t not in words.messages) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_check_cell_in_practice_speaks_the_language(language: str) -> None:
    """A failing report with its first hint step: every line but the ✔/✘ marks, the ids and
    the judged values is in the language."""
    chk = ch1.DECIDE_FAILURE
    cases = chk.all_cases()
    report = judge(chk, cases, [{"value": "continue"}] * len(cases))
    steps = HintSteps(ch1.HINTS[chk.id][:1], len(ch1.HINTS[chk.id]))
    english = report.text(steps=steps)
    with speaking(language):
        translated = report.text(steps=steps)
    for line_en, line_tr in zip(english.splitlines()[1:], translated.splitlines()[1:],
                                strict=True):
        assert line_en != line_tr, line_en


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_progress_and_start_pages_speak_the_language(language: str, tmp_path) -> None:
    from agentloop.practice.update import update_workspace

    workspace = tmp_path / "ws"
    update_workspace(workspace, learner_release())
    english = tracking.format_progress(workspace)
    with speaking(language):
        text = tracking.format_progress(workspace)
        page = start_page(json.loads((learner_release() / "course.json").read_text("utf-8")))
    assert text.splitlines()[0] != english.splitlines()[0]
    assert "Your progress" not in text and "not started" not in text
    assert "How an exercise works" not in page


def test_a_persian_workspace_start_page_reads_right_to_left(tmp_path) -> None:
    """`./course lab --lang fa` makes the workspace speaking Persian: its start page is
    Persian, right to left, with its code left to right."""
    from agentloop.practice.update import update_workspace

    with speaking("fa"):
        update_workspace(tmp_path / "ws", learner_release())
    page = (tmp_path / "ws" / "00_start_here.md").read_text(encoding="utf-8")
    assert page.startswith('<div dir="rtl">') and "# " + catalog("fa").messages[
        "Start here"] in page
    assert '<code dir="ltr">raise NotImplementedError()</code>' in page
