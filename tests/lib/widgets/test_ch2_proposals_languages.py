"""The proposal explorer in the course's languages: labels, verdicts and outcomes translated,
Persian right to left; proposals, codes, statuses and the run the same in every one."""

from __future__ import annotations

import pytest

from agentloop.i18n import speaking
from agentloop.i18n.display import RTL_CLASS
from agentloop.widgets import proposal_explorer


def test_persian_explorer_reads_right_to_left():
    with speaking("fa"):
        explorer = proposal_explorer(proposal="lookup another key")
        text = explorer.text()
    assert RTL_CLASS in explorer.box._dom_classes
    assert explorer.run_view.value.startswith(f'<div dir="rtl" class="{RTL_CLASS}">')
    assert explorer.verdict_view.value.startswith('<div dir="rtl"')
    assert explorer.planner.description == "برنامه‌ریز"
    assert explorer.max_steps.description == "max_steps"  # a name from the code stays
    assert text.splitlines()[2].startswith("رد شد (out_of_scope): ")


def test_russian_explorer_shows_russian_words_and_english_values():
    with speaking("ru"):
        explorer = proposal_explorer(proposal="final: an invented record", looked_up=True)
        lines = explorer.text().splitlines()
    assert explorer.preset.value == "final: an invented record"  # the value stays English
    assert ("final: выдуманная запись", "final: an invented record") in explorer.preset.options
    assert lines[0] == "запрос о 'ai', после одного lookup"
    assert lines[2].startswith("ОТКЛОНЕНО (final_mismatch): ответ должен быть тем, что вернул")
    assert lines[-1].startswith('статус: done; ответ: {"title": "Applied AI"')


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_the_verdict_and_the_run_are_the_same_in_every_language(language):
    english = proposal_explorer(proposal="lookup a 40-character key", max_steps=1)
    with speaking(language):
        translated = proposal_explorer(proposal="lookup a 40-character key", max_steps=1)
        verdict, run = translated.current()[1], translated.planner_run()
    assert (verdict["accepted"], verdict["code"]) == (False, "bad_argument")
    assert verdict["reason"] != english.current()[1]["reason"]
    assert run == english.planner_run()
    assert 'data-status="stopped" data-steps="1"' in translated.run_view.value
