"""The loop explorer in the course's languages: labels translated, Persian right to left,
the run itself (scenario, actions, observations, decisions) the same in every one."""

from __future__ import annotations

import pytest

from agentloop.i18n import speaking
from agentloop.i18n.display import RTL_CLASS
from agentloop.widgets import loop_explorer


def test_persian_explorer_reads_right_to_left():
    with speaking("fa"):
        explorer = loop_explorer("limit")
        text = explorer.text()
    assert RTL_CLASS in explorer.box._dom_classes
    assert explorer.view.value.startswith(f'<div dir="rtl" class="{RTL_CLASS}">')
    assert explorer.scenario.description == "سناریو"
    assert explorer.max_steps.description == "max_steps"  # a name from the code stays
    assert text.splitlines()[1].split() == ["مرحله", "کنش", "مشاهده", "شکست‌ها", "تصمیم"]
    assert text.splitlines()[-1].startswith("حالت پایانی: limit پس از 5 مرحله؛ پیام: ")


def test_russian_explorer_reads_left_to_right_with_russian_labels():
    with speaking("ru"):
        explorer = loop_explorer("temporary_error")
        explorer.first.click()
        first = explorer.text().splitlines()[-1]
        explorer.all.click()
        whole = explorer.text().splitlines()[-1]
    assert RTL_CLASS not in explorer.box._dom_classes
    assert not explorer.view.value.startswith("<div dir=")
    assert explorer.first.description == "первый шаг"
    assert first == "показан шаг 1 из 2: запуск продолжается"
    assert whole == "терминал: success, шагов: 2; сообщение: Нашёл: это карточка task-003."


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_the_run_is_the_same_run_in_every_language(language):
    english = loop_explorer("permanent_error", max_retries=0)
    with speaking(language):
        translated = loop_explorer("permanent_error", max_retries=0)
    assert translated.result == english.result
    assert 'data-terminal="error" data-steps="1"' in translated.view.value
