"""The duty explorer in the course's languages: labels, what was observed and the stop line
translated (the line's key stays English, as in the banner), Persian right to left; the
run the same in every one."""

from __future__ import annotations

import pytest

from agentloop.i18n import speaking
from agentloop.i18n.display import RTL_CLASS
from agentloop.widgets import duty_explorer


def test_persian_explorer_reads_right_to_left():
    with speaking("fa"):
        explorer = duty_explorer()
        lines = explorer.text().splitlines()
    assert RTL_CLASS in explorer.box._dom_classes
    assert explorer.view.value.startswith(f'<div dir="rtl" class="{RTL_CLASS}">')
    assert explorer.board.value == "office board"  # the value stays English
    assert ("تابلوی دفتر", "office board") in explorer.board.options
    assert lines[-3] == "Stop: needs_input پس از 3 مرحله"


def test_russian_explorer_on_a_missing_board():
    with speaking("ru"):
        explorer = duty_explorer(board="archive (missing)")
        lines = explorer.text().splitlines()
    assert "Error: папка доски my_agent/archive не найдена" in lines[3]
    assert lines[-2] == "Stop: error, шагов: 2"
    # what the person is told, in Russian; the run keeps its English
    assert lines[-1] == ("reason: Я не смог прочитать карточки задач даже после повтора — "
                         "Error: папка доски my_agent/archive не найдена. Ничего не проверено.")
    assert explorer.run.state["observation"]["error"].startswith("Error: the board folder")


def test_the_explorer_says_what_the_person_is_told_in_the_readers_language():
    english = duty_explorer(query="lab").text().splitlines()[-2]
    with speaking("bg"):
        said = duty_explorer(query="lab").text().splitlines()[-2]
    assert english.startswith("question: I found five cards that match 'lab'")
    assert said == ("question: Намерих 5 карти, които отговарят на 'lab' — task-002, task-003, "
                    "task-003-copy, task-007 и task-010. Коя от тях имаш предвид?")


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_the_run_is_the_same_run_in_every_language(language):
    english = duty_explorer(query="posters", board="fixed board")
    with speaking(language):
        translated = duty_explorer(query="posters", board="fixed board")
    assert translated.run.records == english.run.records
    assert translated.run.terminal == "success"
    assert translated.text().splitlines()[0] == english.text().splitlines()[0]
