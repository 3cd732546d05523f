"""Chapter 5's small JSON files: every way one can be bad is one line naming the file."""

from __future__ import annotations

import os

import pytest

from agentloop.duty.jsonfile import MISSING, bad_text_at, read_json
from agentloop.i18n import speaking


class Bad(ValueError):
    pass


def test_a_good_file_and_a_missing_one(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"x": [1, "two"]}', encoding="utf-8")
    assert read_json(path, "a.json", Bad) == {"x": [1, "two"]}
    assert read_json(tmp_path / "none.json", "n.json", Bad, missing_ok=True) is MISSING
    with pytest.raises(Bad, match=r"^n\.json was not found$"):
        read_json(tmp_path / "none.json", "n.json", Bad)


def test_a_link_is_refused_when_links_are_not_followed(tmp_path):
    (tmp_path / "real.json").write_text("{}", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert read_json(tmp_path / "link.json", "l.json", Bad) == {}
    with pytest.raises(Bad, match=r"^l\.json is a symbolic link; only a file the duty officer "
                                  r"wrote itself is read here$"):
        read_json(tmp_path / "link.json", "l.json", Bad, follow_links=False)


def test_a_fifo_is_never_waited_on(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(Bad, match=r"^p\.json is not a regular file$"):
        read_json(tmp_path / "pipe.json", "p.json", Bad)


def test_where_a_string_cannot_be_written():
    assert bad_text_at({"a": ["ok", {"b": "x\udcfe"}]}) == "a[1].b"
    assert bad_text_at({"x\udcfe": 1}) == "a field name"
    assert bad_text_at("\ud800") == "" and bad_text_at({"fine": ["é", 3]}) is None


@pytest.mark.parametrize(("language", "missing", "folder"), [
    ("ru", "none.json не найден", "x.json — папка, а не файл"),
    ("bg", "none.json не е намерен", "x.json е папка, не файл"),
    ("fa", "none.json پیدا نشد", "x.json پوشه است، نه فایل"),
])
def test_the_files_problems_are_said_in_the_readers_language(tmp_path, language, missing,
                                                             folder):
    (tmp_path / "x.json").mkdir()
    with speaking(language):
        with pytest.raises(ValueError) as refused:
            read_json(tmp_path / "none.json", "none.json", ValueError)
        assert str(refused.value) == missing
        with pytest.raises(ValueError) as refused:
            read_json(tmp_path / "x.json", "x.json", ValueError)
        assert str(refused.value) == folder
