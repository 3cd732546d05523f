"""Chapter 5's example office (agentloop.duty.example): the library carries examples/my_agent/
byte for byte, writes it into a folder of your own and names each route's folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentloop.duty.example import ROUTES, card_bytes, office_files, route_folder, write_office
from agentloop.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "my_agent"


def test_the_library_carries_examples_my_agent_byte_for_byte():
    on_disk = {path.relative_to(EXAMPLE).as_posix(): path.read_bytes()
               for path in EXAMPLE.rglob("*") if path.is_file()
               and "out" not in path.relative_to(EXAMPLE).parts
               and path.name not in ("README.md", ".gitignore")}
    assert office_files() == on_disk


def test_write_office_writes_every_file_and_leaves_the_rest_alone(tmp_path):
    (tmp_path / "my_agent" / "out").mkdir(parents=True)
    (tmp_path / "my_agent" / "out" / "kept.txt").write_text("an earlier run", encoding="utf-8")
    root = write_office(tmp_path)
    assert root == tmp_path / "my_agent"
    for relative, data in office_files().items():
        assert (root / relative).read_bytes() == data, relative
    assert (root / "out" / "kept.txt").read_text(encoding="utf-8") == "an earlier run"


def test_one_card_is_stored_as_another_program_saved_it_and_fixed_as_utf8():
    stored = card_bytes("task-012.md")
    assert office_files()["board/task-012.md"] == stored
    with pytest.raises(UnicodeDecodeError):
        stored.decode("utf-8")
    assert office_files()["fixed_board/task-012.md"] == stored.decode("cp1251").encode("utf-8")


def test_each_route_has_its_folder_and_an_unknown_route_is_named():
    assert route_folder("my_agent") == "."
    assert route_folder("one_match") == "routes/one_match"
    assert set(ROUTES) >= {"my_agent", "one_match", "limit", "similar_ids"}
    with pytest.raises(ValueError, match=r"route must be one of my_agent, .*got 'nope'"):
        route_folder("nope")


@pytest.mark.parametrize(("language", "words"), [
    ("ru", "route должен быть одним из"), ("bg", "route трябва да е едно от"),
    ("fa", "route باید یکی از"),
])
def test_an_unknown_route_is_named_in_the_readers_language(language, words):
    with speaking(language), pytest.raises(ValueError) as refused:
        route_folder("nope")
    said = str(refused.value)
    assert said.startswith(words) and "'nope'" in said and ", ".join(ROUTES) in said
