"""Chapter 5's three board tools (agentloop.duty.board_tools): read_task_cards page by page,
validate_task_card, draft_summary and its contract; the shape of every observation they give,
the allowlisted registry, the provider's tool definitions, and a board they never write to."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from agentloop.duty.board_tools import (
    board_registry,
    draft_summary,
    make_registry,
    observation_problem,
    read_task_cards,
    tool_definitions,
    validate_task_card,
)
from agentloop.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples/my_agent/board"


def test_a_read_can_list_its_pages_titles_for_the_similar_id_rule():
    observation = read_task_cards(EXAMPLE, "equipment", 1, titles=True)
    assert observation["titles"] == {
        "task-001": "Book the assembly hall for the open day",
        "task-002": "Order cables and power strips", "task-003-copy": "Equipment for the test "
        "benches", "task-003": "Equipment for the hall",
        "task-004": "Print the open day posters"}
    assert "titles" not in read_task_cards(EXAMPLE, "equipment", 1)


@pytest.mark.parametrize(("tool", "observation", "problem"), [
    ("read_task_cards", {"ok": True}, "read_task_cards's observation needs a well-formed matches"),
    ("read_task_cards", {"ok": True, "matches": [], "search_complete": True, "next_page": None,
                         "page": 2, "pages": 1, "scanned": 0, "total": 0, "unreadable": []},
     "read_task_cards's observation has page 2 of 1"),
    ("validate_task_card", {"ok": True, "card": "a", "file": "a.md", "valid": "yes",
                            "problems": []},
     "validate_task_card's observation needs a well-formed valid"),
    ("draft_summary", {"ok": True, "cards": ["a"], "summary": "", "headline": "",
                       "contract": {"ok": True, "fields": [], "missing": []}, "x": 1},
     "draft_summary's observation has a field it never returns: x"),
    ("count_blocked", {"ok": True, "anything": 1}, None),   # not a board tool: its own shape
    ("read_task_cards", {"ok": False, "error": "Error: x"}, None),
])
def test_a_board_tools_observation_has_its_shape(tool, observation, problem):
    assert observation_problem(tool, observation) == problem


def test_every_observation_the_tools_give_has_its_shape():
    for page in (1, 2, 3):
        assert observation_problem("read_task_cards",
                                   read_task_cards(EXAMPLE, "lab", page, titles=True)) is None
    assert observation_problem("validate_task_card", validate_task_card(EXAMPLE, "task-007")) \
        is None
    assert observation_problem("draft_summary", draft_summary(EXAMPLE, "task-004", ("id",))) \
        is None


def test_reading_the_example_board_page_by_page():
    pages = [read_task_cards(EXAMPLE, "equipment", page) for page in (1, 2, 3)]
    assert pages[0] == {"ok": True, "matches": ["task-003", "task-003-copy"],
                        "search_complete": False, "next_page": 2, "page": 1, "pages": 3,
                        "scanned": 5, "total": 14, "unreadable": []}
    assert [p["matches"] for p in pages] == [["task-003", "task-003-copy"], [], []]
    assert [p["search_complete"] for p in pages] == [False, False, True]
    assert pages[2]["next_page"] is None and pages[2]["scanned"] == 4
    assert pages[2]["unreadable"] == [{"file": "task-012.md",
                                       "reason": "not UTF-8 text (byte 0xcf at position 24)"}]


@pytest.mark.parametrize(("query", "matches"), [
    ("posters", ["task-004"]),
    ("POSTERS", ["task-004"]),
    ("task-003", ["task-003"]),          # an id matches exactly, never as a prefix
    ("task-003-copy", ["task-003-copy"]),
    ("hall", ["task-001", "task-003"]),
    ("catering", []),
    ("admin", ["task-008", "task-009", "task-013"]),   # a group; task-012 is unreadable
])
def test_what_a_query_matches(query, matches):
    found = [m for page in range(1, 4) for m in read_task_cards(EXAMPLE, query, page)["matches"]]
    assert found == matches


@pytest.mark.parametrize(("query", "page", "error"), [
    ("equipment", 4, "Error: page 4 does not exist; the board has 3 pages of 5 card files"),
    ("equipment", 0, "Error: read_task_cards's page must be from 1 to 1000, got 0"),
    ("equipment", "1", "Error: read_task_cards's page must be int, got '1'"),
    ("", 1, "Error: read_task_cards's query must be from 1 to 64 characters, got ''"),
    (None, 1, "Error: read_task_cards's query must be str, got None"),
])
def test_read_arguments_are_checked_by_the_tool_too(query, page, error):
    assert read_task_cards(EXAMPLE, query, page) == {"ok": False, "error": error}


def test_an_empty_board_is_one_empty_page(tmp_path):
    assert read_task_cards(tmp_path, "x", 1)["pages"] == 1
    assert read_task_cards(tmp_path, "x", 1)["search_complete"] is True


def test_validate_task_card():
    assert validate_task_card(EXAMPLE, "task-003") == {
        "ok": True, "card": "task-003", "file": "task-003.md", "valid": True, "problems": []}
    broken = validate_task_card(EXAMPLE, "task-007")
    assert broken["valid"] is False and len(broken["problems"]) == 2
    assert validate_task_card(EXAMPLE, "task-012") == {
        "ok": True, "card": "task-012", "file": "task-012.md", "valid": False,
        "problems": ["not UTF-8 text (byte 0xcf at position 24)"]}
    assert validate_task_card(EXAMPLE, "task-099") == {
        "ok": False, "error": "Error: no card with the id task-099 on the board"}


@pytest.mark.parametrize("trick", ["../../etc/passwd", "/etc/passwd", "task-003/../../x",
                                   "task-003.md", "TASK-003", "task-003\0", "task 003"])
def test_a_card_is_named_by_its_id_never_by_a_path(trick):
    for observation in (validate_task_card(EXAMPLE, trick), draft_summary(EXAMPLE, trick)):
        assert observation["ok"] is False
        assert "is not a card id" in observation["error"] or "must be" in observation["error"]


def test_draft_summary_meets_or_misses_the_contract():
    drafted = draft_summary(EXAMPLE, "task-004", ("id", "title", "status", "blocked_by"))
    assert drafted["ok"] and drafted["contract"] == {
        "ok": True, "fields": ["id", "title", "status", "blocked_by"], "missing": []}
    assert drafted["summary"] == (
        "## task-004 — Print the open day posters\n- id: task-004\n"
        "- title: Print the open day posters\n- group: design\n- status: todo\n"
        "- blocked_by: none\n- notes: A2, twenty copies. The files are in the design "
        "group's folder.\n")
    assert drafted["headline"] == \
        'task-004 "Print the open day posters" (design) — todo, blocked by nothing'
    no_notes = draft_summary(EXAMPLE, "task-011, task-004", ("notes",))
    assert no_notes["contract"] == {"ok": False, "fields": ["notes"],
                                    "missing": ["task-011: notes"]}
    assert draft_summary(EXAMPLE, "task-004")["contract"]["ok"] is True   # no contract


@pytest.mark.parametrize(("cards", "error"), [
    ("task-007", "Error: task-007 is not a valid card (status 'wip' is not one of todo, "
                 "in_progress, blocked, done); only confirmed cards are summarised"),
    ("task-004,task-004", "Error: cards names a card twice: task-004,task-004"),
    ("task-404", "Error: no card with the id task-404 on the board"),
])
def test_draft_summary_refuses_what_it_cannot_confirm(cards, error):
    assert draft_summary(EXAMPLE, cards) == {"ok": False, "error": error}


def test_only_allowlisted_tools_are_registered(tmp_path):
    registry = board_registry(EXAMPLE, allowlist=("read_task_cards",))
    assert registry.names() == ["read_task_cards"]
    assert registry["read_task_cards"].run(query="posters", page=1)["matches"] == ["task-004"]
    with pytest.raises(ValueError, match=r"allowlist names unknown tools \['shell'\]"):
        make_registry(("shell",), lambda name: lambda **args: {})


def test_tool_definitions_are_the_providers_format():
    definitions = tool_definitions(board_registry(EXAMPLE))
    assert [d["name"] for d in definitions] == ["read_task_cards", "validate_task_card",
                                                "draft_summary"]
    assert definitions[0]["input_schema"] == {
        "type": "object", "required": ["query", "page"], "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 64},
            "page": {"type": "integer", "minimum": 1, "maximum": 1000}}}


def test_the_tools_never_write_to_the_board(tmp_path):
    copy = tmp_path / "board"
    shutil.copytree(EXAMPLE, copy)
    before = {p.name: p.read_bytes() for p in copy.iterdir()}
    read_task_cards(copy, "equipment", 1)
    validate_task_card(copy, "task-003")
    draft_summary(copy, "task-003")
    assert {p.name: p.read_bytes() for p in copy.iterdir()} == before


@pytest.mark.parametrize(("language", "said"), [
    ("ru", "список разрешённого называет неизвестные инструменты ['shell']; инструменты доски "
           "такие: read_task_cards, validate_task_card, draft_summary"),
    ("bg", "списъкът с разрешеното назовава непознати инструменти ['shell']; инструментите на "
           "таблото са: read_task_cards, validate_task_card, draft_summary"),
    ("fa", "فهرست مجاز ابزارهای ناشناختهٔ ['shell'] را نام می‌برد؛ ابزارهای تابلو این‌ها هستند: "
           "read_task_cards, validate_task_card, draft_summary"),
])
def test_an_unknown_tool_in_the_allowlist_is_named_in_the_readers_language(language, said):
    with speaking(language), pytest.raises(ValueError) as refused:
        make_registry(("shell",), lambda name: lambda **args: {})
    assert str(refused.value) == said
