"""Chapter 5's duty explorer: every control re-runs the officer; the text rendering is what the
library computes; plain text is offered next to the widget."""

from __future__ import annotations

import pytest

from agentloop.duty.board_tools import board_registry
from agentloop.duty.handover import message_for
from agentloop.duty.officer import RunInput, run_officer
from agentloop.duty.planner import DutyModel
from agentloop.widgets import duty_explorer
from agentloop.widgets.ch5_duty import BOARDS, QUERIES, duty_run, office


def library_run(query: str, board: str = "office board", max_steps: int = 5,
                max_retries: int = 1, page_size: int = 5, guards: tuple[str, ...] = ("repeated",)):
    """The same run, built from the library's parts directly."""
    registry = board_registry(office() / BOARDS[board], f"my_agent/{BOARDS[board]}", page_size,
                              ("id", "title", "status", "blocked_by"))
    return run_officer(RunInput(f"Tell Anya about {query!r}", query, max_steps, max_retries,
                                guards), DutyModel(), registry)


def shown(view) -> tuple[str, str]:
    return view.view.value.split('data-terminal="')[1].split('"')[0], \
        view.view.value.split('data-steps="')[1].split('"')[0]


def test_the_default_view_is_the_ambiguous_pair():
    view = duty_explorer()
    assert shown(view) == ("needs_input", "3")
    text = view.text()
    assert text.splitlines()[0] == ("query='equipment' board='office board' max_steps=5 "
                                    "max_retries=1 page_size=5 guards=repeated")
    assert "Stop: needs_input after 3 steps" in text
    assert "task-003 and task-003-copy" in text
    assert "not searched: task-012.md" in text
    assert view.view.value.count("<tr>") == 1 + 3   # the header and one row a step


@pytest.mark.parametrize("query", QUERIES)
def test_every_query_shows_the_librarys_run(query):
    view = duty_explorer(query)
    run = library_run(query)
    assert shown(view) == (run.terminal, str(len(run.records)))
    assert f"{message_for(run)[0]}: {message_for(run)[1]}" in view.text()


def test_each_control_re_runs_the_officer():
    view = duty_explorer("equipment")
    view.page_size.value = 2
    assert shown(view) == ("limit", "5")
    assert "not all cards were checked — 5 of 7 pages were read" in view.text()
    view.page_size.value = 14
    assert shown(view) == ("needs_input", "1")
    view.query.value = "posters"
    assert shown(view) == ("needs_input", "3")    # one match, but task-012.md is unread
    assert "Is task-004 the card you mean?" in view.text()
    view.board.value = "fixed board"
    assert shown(view) == ("success", "3")        # one page, validate, draft
    assert "not searched" not in view.text()
    view.max_steps.value = 2
    assert shown(view) == ("limit", "2")
    view.board.value = "archive (missing)"
    assert shown(view) == ("error", "2")
    view.max_retries.value = 0
    assert shown(view) == ("error", "1")
    assert "the board folder my_agent/archive was not found" in view.text()
    view.board.value = "empty board"
    assert shown(view) == ("needs_input", "1")
    assert "no card matches 'posters'" in view.text()


def test_the_guards():
    view = duty_explorer("posters", "fixed board", tokens=1000)
    assert shown(view) == ("limit", "4")
    assert "not run: a guard stopped it" in view.text()
    view.tokens.value = "none"
    assert shown(view) == ("success", "5")
    assert view.text().splitlines()[0].endswith("guards=repeated")
    view.repeated.value = False
    assert view.text().splitlines()[0].endswith("guards=none")
    assert shown(view) == ("success", "5")


def test_duty_run_matches_the_library():
    run = duty_run("lab", page_size=3, max_steps=4)
    expected = library_run("lab", page_size=3, max_steps=4)
    assert [r["decision"] for r in run.records] == [r["decision"] for r in expected.records]


@pytest.mark.parametrize(("kwargs", "word"), [({"query": "anything"}, "query"),
                                              ({"board": "attic"}, "board"),
                                              ({"page_size": 30}, "page_size"),
                                              ({"tokens": 7}, "tokens"),
                                              ({"max_steps": 9}, "max_steps")])
def test_bad_settings_are_refused_before_anything_is_built(kwargs, word):
    with pytest.raises(ValueError, match=word):
        duty_explorer(**kwargs)


def test_plain_text_is_offered_next_to_the_widget():
    bundle = duty_explorer()._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("query='equipment'")
