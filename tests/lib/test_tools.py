"""Chapter 2's tools (agentloop.tools): lookup hands out copies of real records and never an
invented one, the registry describes its tools as plain data and refuses malformed ones,
top_topics gives a desk's first topics."""

from __future__ import annotations

import pytest

from agentloop.tools import (
    CATALOGUE,
    TOPICS_MOST,
    Tool,
    ToolRegistry,
    ToolSpecError,
    default_registry,
    lookup,
    topics_tool,
)

AI = {"title": "Applied AI", "topics": ["goals", "tools", "checks"]}


def test_lookup_returns_records_and_none_never_an_invented_one():
    assert lookup("ai") == AI
    assert lookup("design")["title"] == "Design"
    assert lookup("robotics") is None
    assert lookup("AI") is None


@pytest.mark.parametrize("key", ["", "x" * 33, None, 5, ["ai"]])
def test_lookup_accepts_only_a_string_of_1_to_32_characters(key):
    with pytest.raises(ValueError, match="key must be a string of 1 to 32 characters"):
        lookup(key)


def test_lookup_hands_out_a_copy_of_the_record():
    lookup("ai")["title"] = "changed"
    assert CATALOGUE["ai"]["title"] == "Applied AI"


def test_the_registry_describes_its_one_tool_as_plain_data():
    cards = default_registry().describe()
    assert [card["name"] for card in cards] == ["lookup"]
    assert cards[0]["args"] == {"key": {"type": "str", "min_length": 1, "max_length": 32,
                                        "scoped": True}}
    assert cards[0]["description"]


@pytest.mark.parametrize(
    ("tool", "message"),
    [
        (Tool("two words", "d", {}, print), "identifier"),
        (Tool("t", " ", {}, print), "non-empty description"),
        (Tool("t", "d", {}, "not callable"), "run must be a function"),
        (Tool("t", "d", [], print), "args must be a dict"),
        (Tool("t", "d", {"n": {"type": "float"}}, print), "needs a type"),
        (Tool("t", "d", {"n": {"type": "int", "max_length": 3}}, print), "unknown schema keys"),
        (Tool("t", "d", {"n": {"type": "int", "minimum": "1"}}, print), "must be an int"),
        (Tool("t", "d", {"n": {"type": "str", "scoped": "yes"}}, print), "scoped must be"),
        ("lookup", "expected a Tool"),
    ],
)
def test_malformed_tools_are_refused_at_registration(tool, message):
    with pytest.raises(ToolSpecError, match=message):
        ToolRegistry().add(tool)


def test_a_name_is_registered_once():
    registry = default_registry()
    with pytest.raises(ToolSpecError, match="already registered"):
        registry.add(registry["lookup"])


def test_top_topics_gives_the_first_topics_or_none():
    tool = topics_tool()
    assert tool.name == "top_topics" and tool.args["count"]["maximum"] == TOPICS_MOST == 3
    assert tool.run("ai", 2) == ["goals", "tools"] and tool.run("ai", 3) == AI["topics"]
    assert tool.run("robotics", 1) is None
    other = {"art": {"title": "Art", "topics": ["colour", "clay", "posters", "maps"]}}
    assert topics_tool(other, most=5).run("art", 5) == other["art"]["topics"]
    assert topics_tool(other).run("ai", 1) is None  # only the catalogue it was given
