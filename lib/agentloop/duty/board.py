"""Chapter 5: the office's task board — a folder of task cards, one Markdown file a card.

A card is a header block of `field: value` lines between two `---` lines; the text after
the header is the card's notes:

    ---
    id: task-003
    title: Equipment for the hall
    group: lab
    status: blocked
    blocked_by: task-002
    ---
    Mark split the test benches out into task-003-copy.

Vocabulary, in the order a card meets it:

    card file     a name ending in `.md` directly in the board folder (other names are ignored)
    unreadable    a card file that cannot be searched at all; the reason is always given:
                  a file name that is not UTF-8, a symbolic link out of the board, not a
                  regular file, larger than MAX_CARD_BYTES, not UTF-8 text, a NUL byte, no
                  header block, a header line that is not `field: value`, no id. A card file
                  that could not be read is never ruled out: it might be the card a search
                  is for (see `officer.decide`)
    card          a readable card file: its header fields as written and its notes
    problems      what `check_card` finds wrong with a card, schema first (fields, id form,
                  status, blocked_by form), then consistency with the board (file name,
                  duplicate ids, blockers that exist, blocked without a blocker, done while a
                  blocker is open); consistency is skipped only when the id is not an id

Nothing here builds a path from a card's contents, and nothing reads outside the board:
a name is joined to the board only after `check_file_name`, and the resolved path must
still be inside the resolved board folder. A file name is shown as `shown_name` gives it
(bytes that are not UTF-8 as `\\xfe`), so every name can be printed and written to a trace.

The reasons and problems here are the run's data: English as written, because observations,
state files and traces hold them; they are said in the reader's language only where they are
shown (`banner.board_words`, whose BOARD_WORDS are these texts' templates).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from agentloop.text import clip

CARD_SUFFIX = ".md"
MAX_CARD_BYTES = 16_384      # a card is a short note; anything bigger is not a card
MAX_CARD_FILES = 2_000       # a board this long is refused, not read half-way
FIELDS = ("id", "title", "group", "status", "blocked_by")   # the header, all required
STATUSES = ("todo", "in_progress", "blocked", "done")
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
ID_LENGTH = 64
TITLE_LENGTH = 120
HEADER_LINE = re.compile(r"([a-z_]+)\s*:(.*)")
FENCE = "---"


class BoardError(ValueError):
    """The board as a whole cannot be read: missing, not a folder, not readable, too long."""


class BoardTooLong(BoardError):
    """The board has more than MAX_CARD_FILES card files: a budget, not a fault to retry."""


class UnreadableCard(ValueError):
    """One card file cannot be searched; the message is the reason, without the file name."""


@dataclass(frozen=True)
class Card:
    """A readable card file: the header fields as written, in order, and the notes."""

    file: str
    fields: dict[str, str]
    notes: str = ""
    duplicates: tuple[str, ...] = ()    # header fields written more than once (first one wins)
    extra: tuple[str, ...] = field(default=())   # header fields the format does not have

    @property
    def id(self) -> str:
        return self.fields["id"]

    @property
    def title(self) -> str:
        return self.fields.get("title", "")

    @property
    def group(self) -> str:
        return self.fields.get("group", "")

    @property
    def status(self) -> str:
        return self.fields.get("status", "")

    @property
    def blocked_by(self) -> tuple[str, ...]:
        """The ids in blocked_by; an empty value means nothing blocks the card."""
        text = self.fields.get("blocked_by", "")
        return tuple(part.strip() for part in text.split(",") if part.strip())


@dataclass
class Board:
    """Every card file of a board: which were read, and why the others could not be."""

    files: list[str]                # file names as `shown_name` shows them
    cards: dict[str, Card]          # file name -> card
    unreadable: dict[str, str]      # file name (shown) -> reason

    def with_id(self, card_id: str) -> list[Card]:
        """The cards whose header names `card_id`, in file order (more than one is a problem)."""
        return [card for card in self.cards.values() if card.id == card_id]


def check_file_name(name: object) -> str:
    """Return `name` if it is a plain file name inside one folder, else raise UnreadableCard.

    Refused: empty names, `.` and `..`, anything with a path separator or a NUL byte, and
    absolute paths — so joining the name to the board can never point elsewhere.
    """
    if not isinstance(name, str) or not name or name in (".", ".."):
        raise UnreadableCard(f"{name!r} is not a file name")
    if "/" in name or "\\" in name or "\0" in name or os.path.isabs(name):
        raise UnreadableCard(f"{name!r} is a path, not a file name inside the board")
    return name


def shown_name(name: str) -> str:
    """`name` as it can be printed: bytes that are not UTF-8 become `\\xfe` escapes."""
    if type(name) is str and name.isascii():   # the usual name: isascii reads a flag
        return name
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        pass
    try:   # a name from the file system keeps its undecodable bytes as surrogates
        raw = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = name.encode("utf-8", "backslashreplace")
    return raw.decode("utf-8", "backslashreplace")


def board_root(board: str | Path, shown: str | None = None) -> Path:
    """The board folder, resolved; BoardError if it is missing, not a folder or not readable."""
    shown = shown or str(board)
    try:
        root = Path(board).resolve(strict=True)
    except FileNotFoundError:
        raise BoardError(f"the board folder {shown} was not found") from None
    except (OSError, RuntimeError) as exc:   # RuntimeError: a symlink loop on older Pythons
        raise BoardError(f"the board folder {shown} cannot be opened ({_why(exc)})") from None
    if not root.is_dir():
        raise BoardError(f"{shown} is not a folder; the board is a folder of card files")
    return root


def list_card_files(board: str | Path, shown: str | None = None) -> list[str]:
    """The board's card file names, sorted; BoardError for a board that cannot be listed."""
    shown = shown or str(board)
    return _card_names(board_root(board, shown), shown)


def _card_names(root: Path, shown: str) -> list[str]:
    try:
        with os.scandir(root) as entries:
            names = []
            for entry in entries:
                if entry.name.endswith(CARD_SUFFIX) and not entry.name.startswith("."):
                    names.append(entry.name)
                    if len(names) > MAX_CARD_FILES:
                        raise BoardTooLong(f"the board {shown} has more than {MAX_CARD_FILES} "
                                           "card files; split it into smaller boards")
    except OSError as exc:
        raise BoardError(f"the board folder {shown} cannot be read ({_why(exc)})") from None
    return sorted(names)


def read_card_file(board: str | Path, name: str) -> Card:
    """Read and parse one card file of the board; UnreadableCard says why it cannot be."""
    return _read_card(board_root(board), name)


# O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
_NO_LINK = getattr(os, "O_NOFOLLOW", 0)


def _read_card(root: Path, name: str) -> Card:
    check_file_name(name)
    if shown_name(name) != name:
        raise UnreadableCard("its file name is not UTF-8 text")
    fd = _open_card(root, name)
    try:
        info = os.fstat(fd)   # of what was opened, not of the name: no swap in between
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableCard("not a regular file")
        if info.st_size > MAX_CARD_BYTES:
            raise UnreadableCard(f"{info.st_size} bytes; a card may have at most "
                                 f"{MAX_CARD_BYTES}")
        data = _read_at_most(fd, MAX_CARD_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_CARD_BYTES:   # the file grew after fstat: still too big
        raise UnreadableCard(f"more than {MAX_CARD_BYTES} bytes; a card may have at most "
                             f"{MAX_CARD_BYTES}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableCard(f"not UTF-8 text (byte 0x{data[exc.start]:02x} at position "
                             f"{exc.start})") from None
    return parse_card(text, name)


def _open_card(root: Path, name: str) -> int:
    """A descriptor of the card file `name` (checked: a plain name in the resolved `root`)."""
    if _NO_LINK:
        # Most card files are plain files: opened in one call. Opening a link fails here
        # (ELOOP), as does a missing or forbidden file: the careful way then says why.
        try:
            return os.open(os.path.join(root, name), _OPEN_FLAGS | _NO_LINK)
        except OSError:
            pass
    return _open_followed(root, name)


def _open_followed(root: Path, name: str) -> int:
    """Open `name`, following a link only when it stays directly in `root`."""
    path = root / name
    try:
        # `root` is resolved and `name` has no separator: only a link needs resolving
        linked = stat.S_ISLNK(os.lstat(path).st_mode)
        resolved = path.resolve(strict=True) if linked else path
    except (OSError, RuntimeError) as exc:
        raise UnreadableCard(f"cannot be opened ({_why(exc)})") from None
    if linked and root not in resolved.parents:
        raise UnreadableCard("a symbolic link that points outside the board")
    if linked and resolved.parent != root:
        raise UnreadableCard("a symbolic link into a subfolder; cards live directly in the "
                             "board folder")
    try:
        return os.open(resolved, _OPEN_FLAGS)
    except OSError as exc:
        raise UnreadableCard(f"cannot be opened ({_why(exc)})") from None


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to `limit` bytes from `fd`: read until the end of the file or the limit."""
    chunks, size = [], 0
    while size < limit:
        chunk = os.read(fd, limit - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def parse_card(text: str, file: str) -> Card:
    """Parse a card's text; UnreadableCard when it has no usable header block or no id."""
    if "\0" in text:
        raise UnreadableCard("contains a NUL byte: binary data, not a card")
    lines = text.removeprefix("\ufeff").splitlines()
    if not lines or lines[0].strip() != FENCE:
        raise UnreadableCard(f"no header block: a card starts with a line {FENCE!r}")
    end = _header_end(lines)
    fields: dict[str, str] = {}
    duplicates: list[str] = []
    for number in range(1, end):
        line = lines[number].strip()
        if not line:
            continue
        match = HEADER_LINE.fullmatch(line)
        if match is None:
            raise UnreadableCard(f"header line {number + 1} is not 'field: value': "
                                 f"{clip(line, 40)!r}")
        key, value = match[1], match[2].strip()
        if key in fields:
            duplicates.append(key)
        else:
            fields[key] = value
    if not fields.get("id"):
        raise UnreadableCard("no id in the header: every card names its id")
    extra = tuple(key for key in fields if key not in FIELDS)
    notes = "\n".join(lines[end + 1:]).strip()
    return Card(file, fields, notes, tuple(duplicates), extra)


def _header_end(lines: list[str]) -> int:
    """The number of the line that closes the header block (its first line opens it)."""
    for number in range(1, len(lines)):
        if lines[number].strip() == FENCE:
            return number
    raise UnreadableCard(f"the header block is not closed by a second {FENCE!r} line")


def load_board(board: str | Path, shown: str | None = None,
               only: list[str] | None = None) -> Board:
    """Read every card file (or the names in `only`, e.g. one page); a file that cannot be read
    is recorded with its reason, never raised."""
    root = board_root(board, shown)
    files = _card_names(root, shown or str(board)) if only is None else list(only)
    cards: dict[str, Card] = {}
    unreadable: dict[str, str] = {}
    for name in files:
        try:
            cards[name] = _read_card(root, name)
        except UnreadableCard as exc:
            unreadable[shown_name(name)] = str(exc)
    return Board([shown_name(name) for name in files], cards, unreadable)


def check_card(card: Card, board: Board) -> list[str]:
    """Everything wrong with `card`, schema first, then consistency with the rest of the board."""
    problems = [f"unknown field {key!r}; a card has {', '.join(FIELDS)} and notes"
                for key in card.extra]
    problems += [f"field {key!r} is written twice" for key in card.duplicates]
    problems += [f"no {key} in the header" for key in FIELDS if key not in card.fields]
    if not is_card_id(card.id):
        problems.append(f"id {clip(card.id, 40)!r} is not an id: lowercase letters and digits "
                        f"in parts joined by '-', at most {ID_LENGTH} characters")
    if "title" in card.fields and not card.title:
        problems.append("the title is empty")
    if len(card.title) > TITLE_LENGTH:
        problems.append(f"the title has {len(card.title)} characters; at most {TITLE_LENGTH}")
    if "group" in card.fields and not card.group:
        problems.append("the group is empty")
    if "status" in card.fields and card.status not in STATUSES:
        problems.append(f"status {clip(card.status, 40)!r} is not one of {', '.join(STATUSES)}")
    bad_ids = [blocker for blocker in card.blocked_by if not is_card_id(blocker)]
    problems += [f"blocked_by names {clip(b, 40)!r}, which is not an id" for b in bad_ids]
    if not is_card_id(card.id):   # without a sound id there is nothing to compare
        return problems
    if card.file != card.id + CARD_SUFFIX:
        problems.append(f"the id {card.id} does not match the file name {card.file} "
                        f"(expected {card.id}{CARD_SUFFIX})")
    same = board.with_id(card.id)
    if len(same) > 1:
        problems.append(f"{len(same)} files claim the id {card.id}: "
                        f"{', '.join(c.file for c in same)}")
    for blocker in card.blocked_by:
        if not is_card_id(blocker):
            continue   # already reported above
        if blocker == card.id:
            problems.append("the card is blocked by itself")
        elif not board.with_id(blocker):
            problems.append(f"blocked_by names {blocker}, which is not on the board")
    if card.status == "blocked" and not card.blocked_by:
        problems.append("status is blocked but blocked_by names no card")
    if card.status == "done":
        open_blockers = [b for b in card.blocked_by
                         if any(c.status != "done" for c in board.with_id(b))]
        if open_blockers:
            problems.append(f"status is done but it is blocked by {', '.join(open_blockers)}, "
                            "which is not done")
    return problems


def is_card_id(text: object) -> bool:
    """True for an id such as task-003: lowercase letters and digits in parts joined by '-'."""
    return isinstance(text, str) and len(text) <= ID_LENGTH \
        and ID_PATTERN.fullmatch(text) is not None


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__
