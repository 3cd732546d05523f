"""The transcript viewer and the token plot in the course's languages: the log's words and
the labels translated, Persian right to left; the run itself the same in every one."""

from __future__ import annotations

import pytest

from agentloop.i18n import speaking
from agentloop.i18n.display import RTL_CLASS
from agentloop.shop import EXAMPLE_TASKS
from agentloop.widgets import token_plot, transcript_viewer


def test_persian_viewer_reads_right_to_left():
    with speaking("fa"):
        viewer = transcript_viewer(repeated=True)
        lines = viewer.text().splitlines()
    assert RTL_CLASS in viewer.box._dom_classes
    assert viewer.view.value.startswith(f'<div dir="rtl" class="{RTL_CLASS}">')
    assert viewer.repeated.description == "نگهبان کنش تکراری"
    assert lines[0] == "max_steps=5 guards=repeated"  # the settings are code
    assert lines[-1] == "راه خروج: یک نگهبان در مرحلهٔ 2 (همان کنش دو بار ← به یک کارمند)"


def test_bulgarian_log_and_token_table():
    with speaking("bg"):
        viewer = transcript_viewer(EXAMPLE_TASKS["return 1187"])
        viewer.first.click()
        lines = viewer.text().splitlines()
        table = token_plot(budget=300).text().splitlines()
    assert lines[1] == "задача: The headphones from order 1187 are broken. I want to return them."
    assert lines[2] == "  стъпка 1. план: First I check whether the order has been delivered."
    assert lines[-1] == "показана е стъпка 1 от 3: пускането продължава"
    assert table[0].split("  ")[0] == "стъпка" and "над 300?" in table[0]
    assert table[-1].split()[-2:] == ["да", "да"]


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_the_run_is_the_same_run_in_every_language(language):
    english = transcript_viewer(budget=300)
    with speaking(language):
        translated = transcript_viewer(budget=300)
    assert translated.result.lines() == english.result.lines()  # the English record
    assert translated.result.exit == "guard"
    assert 'data-exit="guard" data-steps="3"' in translated.view.value
