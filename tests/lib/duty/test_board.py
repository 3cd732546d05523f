"""Chapter 5's task board (agentloop.duty.board): cards, malformed and hostile card files, path
tricks, a board too long or unreadable, check_card's schema and consistency. Its three tools
are tested in test_board_tools.py."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from agentloop.duty import board as board_module
from agentloop.duty.banner import board_words
from agentloop.duty.board import (
    MAX_CARD_BYTES,
    BoardError,
    BoardTooLong,
    UnreadableCard,
    check_card,
    check_file_name,
    list_card_files,
    load_board,
    parse_card,
    read_card_file,
    shown_name,
)
from agentloop.duty.board_tools import draft_summary, read_task_cards, validate_task_card
from agentloop.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples/my_agent/board"


def card_text(card_id: str = "task-001", title: str = "A title", group: str = "lab",
              status: str = "todo", blocked_by: str = "", notes: str = "Some notes.",
              extra: str = "") -> str:
    return (f"---\nid: {card_id}\ntitle: {title}\ngroup: {group}\nstatus: {status}\n"
            f"blocked_by: {blocked_by}\n{extra}---\n{notes}\n")


@pytest.fixture
def board(tmp_path: Path) -> Path:
    folder = tmp_path / "board"
    folder.mkdir()
    (folder / "task-001.md").write_text(card_text(), encoding="utf-8")
    return folder


def unreadable(folder: Path, name: str) -> str:
    return load_board(folder).unreadable[name]


# --- the card format -------------------------------------------------------------------

def test_a_card_is_a_header_block_and_notes():
    card = parse_card(card_text("task-003", "Equipment for the hall", status="blocked",
                                blocked_by="task-002, task-001", notes="line one\nline two"),
                      "task-003.md")
    assert (card.id, card.title, card.group, card.status) == \
        ("task-003", "Equipment for the hall", "lab", "blocked")
    assert card.blocked_by == ("task-002", "task-001")
    assert card.notes == "line one\nline two"


def test_a_bom_crlf_and_blank_header_lines_are_fine():
    text = "\ufeff" + card_text().replace("\n", "\r\n").replace("title:", "\r\ntitle:")
    assert parse_card(text, "task-001.md").title == "A title"


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no header block: a card starts with a line '---'"),
    ("id: task-001\n", "no header block"),
    ("---\nid: task-001\ntitle: x\n", "the header block is not closed by a second '---' line"),
    ("---\nid: task-001\nthis is not a field\n---\n", "header line 3 is not 'field: value'"),
    ("---\ntitle: no id here\n---\n", "no id in the header"),
    ("---\nid:\n---\n", "no id in the header"),
    ("---\nid: a\0b\n---\n", "contains a NUL byte"),
])
def test_a_card_without_a_usable_header_is_unreadable(text, reason):
    with pytest.raises(UnreadableCard, match=reason):
        parse_card(text, "x.md")


# --- hostile and malformed files ---------------------------------------------------------

def test_a_huge_file_is_refused_without_reading_it(board):
    (board / "task-002.md").write_bytes(b"x" * (MAX_CARD_BYTES + 1))
    assert unreadable(board, "task-002.md") == \
        f"{MAX_CARD_BYTES + 1} bytes; a card may have at most {MAX_CARD_BYTES}"


def test_a_bad_encoding_is_reported_with_the_byte(board):
    (board / "task-002.md").write_bytes(card_text("task-002").encode("utf-8") + b"\xff\xfe")
    assert unreadable(board, "task-002.md").startswith("not UTF-8 text (byte 0xff at position")


def test_the_example_boards_windows_1251_card():
    assert load_board(EXAMPLE).unreadable == {
        "task-012.md": "not UTF-8 text (byte 0xcf at position 24)"}


def test_a_symlink_out_of_the_board_is_refused_and_never_read(board, tmp_path):
    secret = tmp_path / "secret.md"
    secret.write_text(card_text("task-secret", notes="the secret text"), encoding="utf-8")
    (board / "task-secret.md").symlink_to(secret)
    (board / "task-abs.md").symlink_to("/etc/passwd")
    whole = load_board(board)
    assert whole.unreadable == {"task-abs.md": "a symbolic link that points outside the board",
                                "task-secret.md": "a symbolic link that points outside the board"}
    seen = [read_task_cards(board, "secret", 1), validate_task_card(board, "task-secret"),
            draft_summary(board, "task-secret")]
    assert seen[0]["matches"] == [] and seen[1]["valid"] is False
    assert seen[2]["ok"] is False
    assert "the secret text" not in repr(seen)


def test_symlinks_inside_the_board(board):
    (board / "sub").mkdir()
    (board / "sub/task-009.md").write_text(card_text("task-009"), encoding="utf-8")
    (board / "task-009.md").symlink_to(board / "sub/task-009.md")
    (board / "copy.md").symlink_to(board / "task-001.md")   # inside the board: read
    (board / "gone.md").symlink_to(board / "nothing-here.md")
    whole = load_board(board)
    assert whole.unreadable["task-009.md"].startswith("a symbolic link into a subfolder")
    assert whole.unreadable["gone.md"] == "cannot be opened (no such file or directory)"
    assert check_card(whole.cards["copy.md"], whole) == [
        "the id task-001 does not match the file name copy.md (expected task-001.md)",
        "2 files claim the id task-001: copy.md, task-001.md"]


def test_special_files_are_not_cards(board):
    os.mkfifo(board / "pipe.md")   # opening it must not wait for a writer
    (board / "folder.md").mkdir()
    whole = load_board(board)
    assert whole.unreadable["pipe.md"] == "not a regular file"
    assert whole.unreadable["folder.md"] == "not a regular file"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_a_file_without_read_permission(board):
    path = board / "task-002.md"
    path.write_text(card_text("task-002"), encoding="utf-8")
    path.chmod(0)
    try:
        assert unreadable(board, "task-002.md") == "cannot be opened (permission denied)"
    finally:
        path.chmod(0o644)


def test_only_md_files_that_are_not_hidden_are_card_files(board):
    (board / "README.txt").write_text("not a card", encoding="utf-8")
    (board / ".draft.md").write_text("hidden", encoding="utf-8")
    assert list_card_files(board) == ["task-001.md"]


@pytest.fixture(params=["in one call", "the careful way"])
def opening(request, monkeypatch):
    """A card file is opened in one call (O_NOFOLLOW), or, as on a platform without it,
    always the careful way: the reasons are the same."""
    if request.param == "the careful way":
        monkeypatch.setattr(board_module, "_NO_LINK", 0)


def test_every_kind_of_card_file_has_the_same_reason_however_it_is_opened(board, tmp_path,
                                                                         opening):
    padded = card_text("task-002").encode("utf-8")
    (board / "task-002.md").write_bytes(padded + b"x" * (MAX_CARD_BYTES - len(padded)))
    (board / "huge.md").write_bytes(b"x" * (MAX_CARD_BYTES + 1))
    os.mkfifo(board / "pipe.md")
    (board / "copy.md").symlink_to(board / "task-001.md")
    (board / "copy-of-copy.md").symlink_to("copy.md")        # a link to a link, inside
    (board / "to-pipe.md").symlink_to(board / "pipe.md")
    (board / "to-huge.md").symlink_to("huge.md")
    (board / "loop.md").symlink_to("loop.md")
    (board / "out.md").symlink_to(tmp_path)
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(board / "socket.md"))
        whole = load_board(board)
    assert sorted(whole.cards) == ["copy-of-copy.md", "copy.md", "task-001.md", "task-002.md"]
    assert whole.cards["copy-of-copy.md"].id == "task-001"
    loop = whole.unreadable.pop("loop.md")   # RuntimeError before Python 3.13, then OSError
    assert loop.startswith("cannot be opened (")
    too_big = f"{MAX_CARD_BYTES + 1} bytes; a card may have at most {MAX_CARD_BYTES}"
    assert whole.unreadable == {
        "huge.md": too_big, "to-huge.md": too_big,
        "out.md": "a symbolic link that points outside the board",
        "pipe.md": "not a regular file", "to-pipe.md": "not a regular file",
        "socket.md": "cannot be opened (no such device or address)"}
    with pytest.raises(UnreadableCard, match=r"^cannot be opened \(no such file or directory\)$"):
        read_card_file(board, "missing.md")


def test_a_card_file_that_grows_past_the_limit_after_fstat_is_refused(board, monkeypatch):
    (board / "task-002.md").write_bytes(b"x" * (MAX_CARD_BYTES + 10))
    fstat = os.fstat

    def small(fd: int) -> os.stat_result:   # the size fstat saw, before the file grew
        info = fstat(fd)
        return os.stat_result((*info[:6], 10, *info[7:10]))

    monkeypatch.setattr(board_module.os, "fstat", small)
    assert unreadable(board, "task-002.md") == \
        f"more than {MAX_CARD_BYTES} bytes; a card may have at most {MAX_CARD_BYTES}"


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd")
def test_reading_a_board_leaves_no_file_open(board):
    os.mkfifo(board / "pipe.md")
    (board / "huge.md").write_bytes(b"x" * (MAX_CARD_BYTES + 1))
    (board / "broken.md").write_bytes(b"\xff")
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(20):
        load_board(board)
    assert len(os.listdir("/proc/self/fd")) == before


@pytest.mark.parametrize("name", ["", ".", "..", "../task-001.md", "/etc/passwd", "a/b.md",
                                  "a\\b.md", "a\0b.md", None])
def test_a_path_trick_is_not_a_file_name(name):
    with pytest.raises(UnreadableCard):
        check_file_name(name)


def test_reading_a_path_trick_never_leaves_the_board(board):
    with pytest.raises(UnreadableCard, match="is a path"):
        read_card_file(board, "../../etc/passwd")


@pytest.mark.parametrize(("setup", "message"), [
    (lambda p: None, "the board folder {p} was not found"),
    (lambda p: p.write_text("x"), "{p} is not a folder; the board is a folder of card files"),
])
def test_an_unreadable_board_is_a_board_error(tmp_path, setup, message):
    path = tmp_path / "board"
    setup(path)
    with pytest.raises(BoardError, match=message.format(p=path).replace(".", r"\.")):
        load_board(path)
    observation = read_task_cards(path, "x", 1)
    assert observation == {"ok": False, "error": f"Error: {message.format(p=path)}"}


def test_a_board_that_is_too_long_is_refused(board, monkeypatch):
    monkeypatch.setattr(board_module, "MAX_CARD_FILES", 3)
    for number in range(2, 6):
        (board / f"task-00{number}.md").write_text(card_text(f"task-00{number}"))
    with pytest.raises(BoardTooLong, match="has more than 3 card files"):
        list_card_files(board)
    assert issubclass(BoardTooLong, BoardError)
    # the tools say so as a budget, which the officer reports as a limit, not a fault
    for observation in (read_task_cards(board, "x", 1), validate_task_card(board, "task-001"),
                        draft_summary(board, "task-001")):
        assert observation["ok"] is False and observation["over_limit"] is True
        assert "has more than 3 card files" in observation["error"]


def test_a_file_name_that_is_not_utf8_is_unreadable_and_shown_escaped(board):
    name = os.fsdecode(b"task-\xfe.md")
    (board / name).write_text(card_text("task-002"), encoding="utf-8")
    whole = load_board(board)
    assert whole.files == ["task-001.md", "task-\\xfe.md"]
    assert whole.unreadable == {"task-\\xfe.md": "its file name is not UTF-8 text"}
    observation = read_task_cards(board, "title", 1)
    assert observation["unreadable"] == [{"file": "task-\\xfe.md",
                                          "reason": "its file name is not UTF-8 text"}]
    assert shown_name("plain.md") == "plain.md" and shown_name("\ud800") == "\\ud800"


# --- check_card: schema, then consistency -------------------------------------------------

@pytest.mark.parametrize(("text", "problems"), [
    (card_text(status="wip"), ["status 'wip' is not one of todo, in_progress, blocked, done"]),
    (card_text(title=""), ["the title is empty"]),
    (card_text(group=""), ["the group is empty"]),
    (card_text(title="t" * 121), ["the title has 121 characters; at most 120"]),
    (card_text(extra="owner: Mark\n"), ["unknown field 'owner'; a card has id, title, group, "
                                        "status, blocked_by and notes"]),
    (card_text(extra="status: done\n"), ["field 'status' is written twice"]),
    ("---\nid: task-001\ntitle: t\n---\n", ["no group in the header", "no status in the header",
                                            "no blocked_by in the header"]),
    (card_text("Task 1"), ["id 'Task 1' is not an id: lowercase letters and digits in parts "
                           "joined by '-', at most 64 characters"]),
    (card_text(blocked_by="../x"), ["blocked_by names '../x', which is not an id"]),
    (card_text(blocked_by="task-001", status="blocked"), ["the card is blocked by itself"]),
    (card_text(blocked_by="task-099", status="blocked"),
     ["blocked_by names task-099, which is not on the board"]),
    (card_text(status="blocked"), ["status is blocked but blocked_by names no card"]),
    (card_text(status="done", blocked_by="task-002"),
     ["status is done but it is blocked by task-002, which is not done"]),
    (card_text(status="wip", blocked_by="task-099"),
     ["status 'wip' is not one of todo, in_progress, blocked, done",
      "blocked_by names task-099, which is not on the board"]),
])
def test_check_card_names_every_problem(board, text, problems):
    (board / "task-001.md").write_text(text, encoding="utf-8")
    (board / "task-002.md").write_text(card_text("task-002", status="in_progress"))
    whole = load_board(board)
    assert check_card(whole.cards["task-001.md"], whole) == problems


def test_every_card_of_the_example_board_but_one_is_sound():
    whole = load_board(EXAMPLE)
    broken = {name: check_card(card, whole) for name, card in whole.cards.items()
              if check_card(card, whole)}
    assert broken == {"task-007.md": [
        "status 'wip' is not one of todo, in_progress, blocked, done",
        "blocked_by names task-099, which is not on the board"]}
    assert len(whole.files) == 14


# --- the board's words: English as a run records them, the reader's language where shown ----

SHOWN = {
    "ru": ("нет блока заголовка: карточка начинается со строки '---'",
           "Error: папка доски {p} не найдена", "статус 'wip' — не один из todo, in_progress, "
                                               "blocked, done"),
    "bg": ("няма заглавен блок: картата започва с ред '---'",
           "Error: папката на таблото {p} не е намерена",
           "статусът 'wip' не е сред todo, in_progress, blocked, done"),
    "fa": ("بلوک سرآیند ندارد: کارت با خط '---' شروع می‌شود", "Error: پوشهٔ تابلوی {p} پیدا نشد",
           "وضعیت 'wip' یکی از todo, in_progress, blocked, done نیست"),
}


@pytest.mark.parametrize("language", sorted(SHOWN))
def test_the_boards_words_stay_english_in_the_run_and_are_shown_translated(board, tmp_path,
                                                                          language):
    (board / "task-002.md").write_text("no header", encoding="utf-8")
    (board / "task-003.md").write_text(card_text("task-003", status="wip"), encoding="utf-8")
    missing = tmp_path / "nowhere"
    with speaking(language):
        whole = load_board(board)
        reason = whole.unreadable["task-002.md"]
        problem = check_card(whole.cards["task-003.md"], whole)[0]
        error = read_task_cards(missing, "x", 1)["error"]
        # what the run records (observations, the trace) is the same in every language
        assert reason == "no header block: a card starts with a line '---'"
        assert problem == "status 'wip' is not one of todo, in_progress, blocked, done"
        assert error == f"Error: the board folder {missing} was not found"
        shown = (board_words(reason), board_words(error), board_words(problem))
    unreadable, not_found, wrong = SHOWN[language]
    assert shown == (unreadable, not_found.format(p=missing), wrong)
    assert board_words(reason) == reason   # in English, as it is
