"""The harness view in the course's languages: labels, the yield point and the budget line
translated, Persian right to left; states, events and outcomes the same in every one."""

from __future__ import annotations

import pytest

from agentloop.i18n import speaking
from agentloop.i18n.display import RTL_CLASS
from agentloop.widgets import harness_view


def test_persian_view_reads_right_to_left():
    with speaking("fa"):
        view = harness_view()
        lines = view.text().splitlines()
    assert RTL_CLASS in view.box._dom_classes
    assert view.view.value.startswith(f'<div dir="rtl" class="{RTL_CLASS}">')
    assert view.max_turns.description == "max_turns"  # a name from the code stays
    assert lines[2] == "شروع نشده: «نقطهٔ کشش بعدی» را بزنید تا run(goal) اجرا شود"
    assert 'direction="rtl"' in view.view.value  # the diagram's note, in the reading way


def test_russian_pause_line():
    with speaking("ru"):
        view = harness_view(max_turns=1)
        view.next_yield()
        view.next_yield()
        lines = view.text().splitlines()
    assert view.next.description == "следующая точка передачи управления"
    assert lines[2].startswith("точка передачи управления: пауза, budget_exceeded (turns 1/1)")
    assert lines[3].startswith("бюджет: ходы 1/1, вызовы инструментов ")


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_the_session_is_the_same_in_every_language(language):
    english = harness_view(max_turns=2)
    for _ in range(4):
        english.next_yield()
    with speaking(language):
        translated = harness_view(max_turns=2)
        for _ in range(4):
            translated.next_yield()
    assert [e.to_dict() for e in translated.harness.events] == \
        [e.to_dict() for e in english.harness.events]
    assert translated.stop == english.stop
