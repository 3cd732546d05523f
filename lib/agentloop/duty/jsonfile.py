"""Chapter 5: reading the small JSON files a run depends on (agent.json, stop_policy.json,
a state file), with one line for every way such a file can be bad.

    not there        the caller decides (a missing state file is a fresh start)
    not a file       a folder, a FIFO, a device: never opened for long, never waited on
    unreadable       no permission, or any other error of the file system
    too large        more than MAX_JSON_BYTES: these files are a few lines long
    not UTF-8        the byte and its position
    not JSON         the parser's message and the line
    nested too deep  deeper than Python's recursion limit (a RecursionError, not a crash)
    bad text         a string with a lone surrogate escape such as "\\udcfe", which cannot
                     be printed or written as UTF-8

Each is raised as the caller's error class (a ValueError) naming `shown`, the file's name as
the person gave it, in the reader's language (agentloop.i18n).
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from agentloop.i18n import t

MAX_JSON_BYTES = 1_000_000
MISSING = object()   # what read_json returns for a file that is not there, if allowed


def read_json(path: str | Path, shown: str, error: type[ValueError],
              missing_ok: bool = False, limit: int = MAX_JSON_BYTES,
              follow_links: bool = True) -> Any:
    """The JSON value in `path`; `error(...)` naming `shown` for every way it can be bad.
    `follow_links=False` refuses a symbolic link in the file's place."""
    data = read_bytes(path, shown, error, missing_ok, limit, follow_links)
    if data is MISSING:
        return MISSING
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(t("{file} is not UTF-8 text (byte 0x{byte} at position {position})",
                      file=shown, byte=f"{data[exc.start]:02x}", position=exc.start)) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(t("{file} is not valid JSON: {problem} at line {line}", file=shown,
                      problem=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        raise error(t("{file} is nested too deeply to be read as JSON", file=shown)) from None
    where = bad_text_at(value)
    if where is not None:
        raise error(t("{file}: {where} holds text that is not valid Unicode (an escape such "
                      "as \\udcfe that stands for no character)", file=shown,
                      where=where or t("the file")))
    return value


def bad_text_at(value: Any, path: str = "") -> str | None:
    """Where in `value` a string cannot be written as UTF-8 ("goal", "question.text",
    "tools[1]"; "" for `value` itself), or None when every string can."""
    if isinstance(value, str):
        return None if is_printable(value) else path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(key, str) and not is_printable(key):
            return path or "a field name"
        inner = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)
        found = bad_text_at(item, inner)
        if found is not None:
            return found
    return None


def read_bytes(path: str | Path, shown: str, error: type[ValueError],
               missing_ok: bool = False, limit: int = MAX_JSON_BYTES,
               follow_links: bool = True) -> Any:
    """The bytes of a small regular file (MISSING if it is not there and that is allowed)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)   # a FIFO must not make the run wait
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if missing_ok:
            return MISSING
        raise error(t("{file} was not found", file=shown)) from None
    except IsADirectoryError:
        raise error(t("{file} is a folder, not a file", file=shown)) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_links:
            raise error(t("{file} is a symbolic link; only a file the duty officer wrote "
                          "itself is read here", file=shown)) from None
        raise error(t("{file} cannot be read ({why})", file=shown, why=why(exc))) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(t("{file} is a folder, not a file", file=shown))
        if not stat.S_ISREG(info.st_mode):
            raise error(t("{file} is not a regular file", file=shown))
        if info.st_size > limit:
            raise error(t("{file} is {size} bytes; a file like this holds at most {limit}",
                          file=shown, size=info.st_size, limit=limit))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(t("{file} cannot be read ({why})", file=shown, why=why(exc))) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(t("{file} is more than {limit} bytes; a file like this holds at most "
                      "{limit}", file=shown, limit=limit))
    return data


def is_printable(value: Any) -> bool:
    """True when every string in `value` can be written as UTF-8 (no lone surrogates)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError, TypeError, ValueError):
        return False
    return True


def why(exc: BaseException) -> str:
    """An OSError's reason in a few lowercase words ("permission denied")."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return type(exc).__name__
