"""Copying plain data (agentloop.plain): deep, so a reader's copy never changes the original;
JSON types fast, anything else by copy.deepcopy."""

from __future__ import annotations

import copy

from agentloop.messages import BlockType, Role
from agentloop.plain import copy_plain


def test_copy_plain_copies_deeply():
    original = {"a": [1, {"b": [2]}], "t": ([3],), "s": {4}}
    copied = copy_plain(original)
    assert copied == original
    copied["a"][1]["b"].append(5)
    copied["t"][0].append(6)
    copied["s"].add(7)
    assert original == {"a": [1, {"b": [2]}], "t": ([3],), "s": {4}}


def test_scalars_are_themselves_and_other_objects_are_deep_copies():
    class Box:
        def __init__(self, items: list) -> None:
            self.items = items

    text = "".join(["te", "xt"])
    assert copy_plain(text) is text and copy_plain(None) is None
    original = Box([1, [2]])
    copied = copy_plain({"box": original})["box"]
    assert copied is not original and copied.items == [1, [2]]
    copied.items[1].append(3)
    assert original.items == [1, [2]]


def test_a_closed_sets_member_is_itself_as_deepcopy_gives_it():
    original = {"role": Role.USER, "content": [{"type": BlockType.TEXT, "text": "hi"}]}
    copied = copy_plain(original)
    assert copied == copy.deepcopy(original)
    assert copied["role"] is Role.USER and copied["content"][0]["type"] is BlockType.TEXT
    assert copied["content"] is not original["content"]
