"""What one cell produced, as nbformat v4 output dicts, with caps so a flood stays bounded.

`OutputLog` collects outputs in order the way nbclient does (stream text, display data,
execute results, errors, `clear_output`, display updates) and applies caps while it
collects: stock nbgrader's `LimitOutput` rules (1000 stream lines, 100 traceback lines)
when the cell ends, and byte caps at every write. `CaptureStream` is a `sys.stdout` /
`sys.stderr` that writes into a log; `FdCapture` catches what is written straight to file
descriptors 1 and 2 (C extensions, `os.system`), as ipykernel does.
"""

from __future__ import annotations

import base64
import builtins
import io
import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

# This module's functions find builtins here, not in the builtins module that student
# code can edit or empty (a function keeps the __builtins__ of the module defining it).
__builtins__ = dict(builtins.__dict__)

# nbformat v4 output types.
STREAM = "stream"
DISPLAY_DATA = "display_data"
EXECUTE_RESULT = "execute_result"
ERROR = "error"
STDOUT, STDERR = "stdout", "stderr"

STREAM_TRUNCATED = "... Output truncated ..."  # LimitOutput's marker
TRACEBACK_TRUNCATED = "... Traceback truncated ..."  # LimitOutput's marker
IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "application/pdf"})


@dataclass(frozen=True)
class OutputCaps:
    """How much output one cell may keep. The line caps are nbgrader's LimitOutput
    defaults. (What a job may use, time, memory and disk, is protocol.Limits.)"""

    max_lines: int = 1000  # stream lines, counted as LimitOutput counts them
    max_traceback: int = 100  # lines per error traceback
    max_stream_bytes: int = 64 * 1024  # stream text (characters) per cell
    max_data_bytes: int = 256 * 1024  # non-image display / result data per cell
    max_image_bytes: int = 2 * 1024 * 1024  # base64 image data per cell
    max_outputs: int = 500  # output dicts per cell
    max_line_chars: int = 8 * 1024  # one traceback line, or an error's evalue
    max_fd_bytes: int = 1024 * 1024  # written straight to fd 1 or 2, per cell


DEFAULT_CAPS = OutputCaps()


class OutputLog:
    """The outputs of one cell, in order, capped.

    Stream writes with the same name as the previous output extend it (ipykernel batches
    them the same way). Nothing here raises on odd input from user code: data that is not
    JSON-like is turned into text. An error output, a result and a stderr stream are
    never dropped for lack of room (each decides a grade); a flood of any kind is.
    """

    def __init__(self, caps: OutputCaps = DEFAULT_CAPS,
                 seq: Callable[[], int] | None = None) -> None:
        self.caps = caps
        self._seq = seq or itertools.count().__next__
        self._reset()
        self.wrote_stderr = False  # survives clear_output: stderr was written in this cell

    def _reset(self) -> None:
        # Each entry: [seq, output dict, stream chunks or None, display_id or None]
        self._entries: list[list[Any]] = []
        self._stream_bytes = 0
        self._data_bytes = 0
        self._image_bytes = 0
        self._dropped = 0
        self._stub: list[Any] | None = None  # the "N outputs dropped" entry
        self._kinds: set[tuple[str, str | None]] = set()  # (output_type, name) present
        self._stream_cut = False
        self._clear_pending = False

    # -- writing ------------------------------------------------------------------------

    def stream(self, name: str, text: str) -> None:
        if not text:
            return  # the kernel sends nothing for an empty write
        if name == STDERR:
            self.wrote_stderr = True
        self._maybe_clear()
        room = self.caps.max_stream_bytes - self._stream_bytes
        if room <= 0:
            if not self._stream_cut:
                self._stream_cut = True
                self._add_stream(name, "\n" + STREAM_TRUNCATED + "\n")
            elif name == STDERR and not self._has(STREAM, STDERR):
                self._add_stream(name, STREAM_TRUNCATED + "\n")
            return
        if len(text) > room:
            text = text[:room] + "\n" + STREAM_TRUNCATED + "\n"
            self._stream_cut = True
        self._stream_bytes += len(text)
        self._add_stream(name, text)

    def _add_stream(self, name: str, text: str) -> None:
        last = self._entries[-1] if self._entries else None
        if last is not None and last[2] is not None and last[1]["name"] == name:
            last[2].append(text)
        elif self._room(STREAM, name):
            self._append([self._seq(), {"output_type": STREAM, "name": name}, [text], None])

    def display(self, data: Any, metadata: Any = None, display_id: Any = None,
                update: bool = False) -> None:
        """A display_data output, or an update of earlier ones with the same display_id."""
        if update:
            # nbclient updates outputs with this display_id in place; unknown ids are ignored
            clean = self._clean_bundle(data)
            if type(display_id) is str and clean is not None:
                for entry in self._entries:
                    if type(entry[3]) is str and entry[3] == display_id:
                        entry[1]["data"], entry[1]["metadata"] = dict(clean), _meta(metadata)
            return
        self._maybe_clear()
        if not self._room(DISPLAY_DATA):
            return
        clean = self._clean_bundle(data)
        if clean is None:
            self._drop()
            return
        self._append([self._seq(), {"output_type": DISPLAY_DATA, "data": clean,
                                    "metadata": _meta(metadata)}, None,
                      display_id if type(display_id) is str else None])

    def result(self, data: Any, metadata: Any = None, execution_count: Any = None) -> None:
        """An execute_result: the value of a cell's last expression."""
        self._maybe_clear()
        if not self._room(EXECUTE_RESULT):
            return
        clean = self._clean_bundle(data, result=True) or {}
        count = execution_count if type(execution_count) is int else None
        self._append([self._seq(), {"output_type": EXECUTE_RESULT, "execution_count": count,
                                    "data": clean, "metadata": _meta(metadata)}, None, None])

    def error(self, ename: Any, evalue: Any, traceback: Any) -> None:
        self._maybe_clear()
        if not self._room(ERROR):
            return
        cap = self.caps.max_line_chars
        lines = [_text(line)[:cap]
                 for line in (traceback if isinstance(traceback, (list, tuple)) else [])]
        self._append([self._seq(), {
            "output_type": ERROR, "ename": _text(ename)[:cap], "evalue": _text(evalue)[:cap],
            "traceback": limit_traceback(lines, self.caps.max_traceback)}, None, None])

    def clear(self, wait: bool = False) -> None:
        """`clear_output()`: now, or (wait=True) just before the next output."""
        if wait:
            self._clear_pending = True
        else:
            self._reset()

    def extend(self, entries: Iterable[tuple[int, dict[str, Any]]]) -> None:
        """Add outputs collected elsewhere (already cleaned), keeping their sequence numbers."""
        for seq, out in entries:
            kind = out.get("output_type")
            if kind == STREAM:
                if out["name"] == STDERR:
                    self.wrote_stderr = True
                self._append([seq, {"output_type": STREAM, "name": out["name"]},
                              [out["text"]], None])
            elif kind in (DISPLAY_DATA, ERROR):
                self._append([seq, out, None, None])

    # -- caps -----------------------------------------------------------------------------

    def _maybe_clear(self) -> None:
        if self._clear_pending:
            self._reset()

    def _append(self, entry: list[Any]) -> None:
        self._entries.append(entry)
        self._kinds.add((entry[1]["output_type"], entry[1].get("name")))

    def _has(self, kind: str, name: str | None = None) -> bool:
        return (kind, name) in self._kinds

    def _room(self, kind: str, name: str | None = None) -> bool:
        """Whether one more output fits; the first error, result and stderr stream always
        do. What does not fit is counted in one stub output."""
        if len(self._entries) < self.caps.max_outputs:
            return True
        if kind in (ERROR, EXECUTE_RESULT) or name == STDERR:
            if not self._has(kind, name):
                return True
        self._drop()
        return False

    def _drop(self) -> None:
        self._dropped += 1
        text = f"[{self._dropped} output(s) dropped: over this cell's output cap]"
        if self._stub is None:
            self._stub = [self._seq(), {"output_type": DISPLAY_DATA, "metadata": {}}, None,
                          None]
            self._entries.append(self._stub)
        self._stub[1]["data"] = {"text/plain": text}

    def _clean_bundle(self, data: Any, result: bool = False) -> dict[str, Any] | None:
        """A mime bundle of JSON-like values within the byte caps, or None (drop it).
        A result is cut to its text/plain instead: that text decides partial credit."""
        if not isinstance(data, dict):
            data = {"text/plain": _text(data)}
        clean: dict[str, Any] = {}
        images = texts = 0
        for key, value in list(data.items()):
            if isinstance(value, (bytes, bytearray, memoryview)):
                value = base64.b64encode(bytes(value)).decode("ascii")
            elif not isinstance(value, str):
                value = _json_like(value)
            else:
                value = str.__str__(value)
            mime = _text(key)
            size = len(value) if isinstance(value, str) else len(_text(value))
            if mime in IMAGE_TYPES:
                images += size
            else:
                texts += size
            clean[mime] = value
        fits = (images <= self.caps.max_image_bytes - self._image_bytes
                and texts <= self.caps.max_data_bytes - self._data_bytes)
        if not fits:
            if not result:
                return None
            plain = _text(clean.get("text/plain", ""))
            room = max(self.caps.max_data_bytes - self._data_bytes, 1024)
            clean = {"text/plain": plain if len(plain) <= room else plain[:room] + " ..."}
            images, texts = 0, len(clean["text/plain"])
        self._image_bytes += images
        self._data_bytes += texts
        return clean

    # -- reading ------------------------------------------------------------------------

    def entries(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """(sequence number, output) pairs, stream text joined."""
        for seq, out, chunks, _ in self._entries:
            if chunks is not None:
                yield seq, {"output_type": STREAM, "name": out["name"], "text": "".join(chunks)}
            else:
                yield seq, out

    def outputs(self) -> list[dict[str, Any]]:
        """The final outputs, in order, consecutive streams of one name merged, and
        LimitOutput's stream-line rule applied."""
        merged: list[dict[str, Any]] = []
        for _, out in sorted(self.entries(), key=lambda pair: pair[0]):
            last = merged[-1] if merged else None
            if (out["output_type"] == STREAM and last is not None
                    and last["output_type"] == STREAM and last["name"] == out["name"]):
                merged[-1] = {**last, "text": last["text"] + out["text"]}
            else:
                merged.append(out)
        return limit_streams(merged, self.caps.max_lines)


def _meta(metadata: Any) -> dict[str, Any]:
    return _json_like(metadata) if isinstance(metadata, dict) else {}


def limit_streams(outputs: list[dict[str, Any]], max_lines: int) -> list[dict[str, Any]]:
    """nbgrader's LimitOutput._limit_stream_output, except that a stderr output is never
    dropped entirely: stock drops streams after the cap, which would hide a failing test
    cell's stderr behind 1000 lines of stdout."""
    if max_lines < 0:
        return outputs
    length = 0
    kept: list[dict[str, Any]] = []
    for out in outputs:
        if out["output_type"] == STREAM:
            if length >= max_lines:
                if out["name"] == STDERR and not any(
                        o["output_type"] == STREAM and o["name"] == STDERR for o in kept):
                    kept.append({**out, "text": STREAM_TRUNCATED})
                continue
            text = out["text"].split("\n")
            if len(text) + length > max_lines:
                text = [*text[: max_lines - length - 1], STREAM_TRUNCATED]
            length += len(text)
            out = {**out, "text": "\n".join(text)}
        kept.append(out)
    return kept


def limit_traceback(lines: list[str], max_lines: int) -> list[str]:
    """nbgrader's LimitOutput._limit_traceback."""
    if max_lines < 0 or len(lines) <= max_lines:
        return lines
    start = int(max_lines / 2)
    end = max_lines - start - 1
    return [*lines[:start], TRACEBACK_TRUNCATED, *lines[-end:]] if end > 0 else [
        *lines[:start], TRACEBACK_TRUNCATED]


def _text(value: Any) -> str:
    if isinstance(value, str):
        return str.__str__(value)  # a str subclass could lie in its own __str__
    try:
        return str(value)
    except Exception:
        return f"<unprintable {type(value).__name__}>"


def _json_like(value: Any, depth: int = 0) -> Any:
    """A copy made of dict/list/str/int/float/bool/None only (user code made the input)."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if depth > 20:
        return _text(value)
    if isinstance(value, dict):
        return {_text(k): _json_like(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_like(v, depth + 1) for v in value]
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return _text(value)


class CaptureStream(io.TextIOBase):
    """A text stream that writes into whichever log `target()` returns (like ipykernel's
    OutStream: str only, never a tty, and `fileno()` is the real descriptor so libraries
    such as faulthandler keep working)."""

    def __init__(self, name: str, target: Callable[[], OutputLog | None], fd: int) -> None:
        super().__init__()
        self._name = name
        self._target = target
        self._fd = fd

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"<{self._name}>"

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "strict"

    def write(self, text: str) -> int:  # type: ignore[override]
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        log = self._target()
        if log is not None:
            log.stream(self._name, str.__str__(text))
        return len(text)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self._fd

    def flush(self) -> None:
        pass


SEAL_FLAGS = ("F_SEAL_GROW", "F_SEAL_SHRINK", "F_SEAL_SEAL")
# Saved at import (before student code): student cells may patch the os module.
_close, _getpid, _dup, _dup2, _lseek, _ftruncate = (
    os.close, os.getpid, os.dup, os.dup2, os.lseek, os.ftruncate)
_memfd_create = getattr(os, "memfd_create", None)
_pread = getattr(os, "pread", None)


def _identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


class FdCapture:
    """Redirects file descriptors 1 and 2 into sealed memory files for the length of a cell.

    Each memory file is sized to `max_fd_bytes` and sealed against growing and shrinking,
    so a flood cannot use more memory (writes past the cap fail with EPERM, which C stdio
    ignores). The files belong to one process: after a fork they are made afresh. If the
    platform refuses (no memfd_create, a seccomp filter), capture is silently off.
    """

    def __init__(self, max_bytes: int) -> None:
        self._max = max_bytes
        self._pid = -1
        self._files: dict[int, int] = {}
        self._made: dict[int, tuple[int, int]] = {}  # memory file -> (device, inode)
        self._saved: dict[int, int] = {}
        self._libc_fflush: Callable[[Any], Any] | None = None

    def _open(self) -> None:
        for mem in self._files.values():
            try:  # inherited from the zygote: not ours to write into. Only if it still is
                # that file: a job closes inherited fds, and the number may be another's now
                if _identity(mem) == self._made.get(mem):
                    _close(mem)
            except OSError:
                pass
        self._files = {}
        self._made = {}
        self._pid = _getpid()
        try:
            import fcntl

            seals = 0
            for flag in SEAL_FLAGS:
                seals |= getattr(fcntl, flag)
            if _memfd_create is None or _pread is None:
                raise OSError("no memfd_create")
            for fd in (1, 2):
                mem = _memfd_create(f"agentloop-fd{fd}",
                                      os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
                _ftruncate(mem, self._max)
                fcntl.fcntl(mem, fcntl.F_ADD_SEALS, seals)
                self._files[fd] = mem
                self._made[mem] = _identity(mem)
        except (AttributeError, OSError, ImportError):
            for mem in self._files.values():
                _close(mem)
            self._files = {}
        try:
            import ctypes

            self._libc_fflush = ctypes.CDLL(None).fflush
        except (ImportError, OSError, AttributeError):
            self._libc_fflush = None

    def start(self) -> None:
        if self._pid != _getpid():
            self._open()
        self._flush_c()
        for fd, mem in self._files.items():
            try:
                saved = _dup(fd)
            except OSError:
                continue  # fd closed: nothing to capture
            _lseek(mem, 0, os.SEEK_SET)
            _dup2(mem, fd)
            self._saved[fd] = saved

    def stop(self) -> list[tuple[str, str]]:
        """Put the descriptors back; return what was written, as (stream name, text)."""
        self._flush_c()
        caught = []
        for fd, saved in list(self._saved.items()):
            mem = self._files[fd]
            try:
                _dup2(saved, fd)
            finally:
                _close(saved)
                del self._saved[fd]
            try:
                size = min(_lseek(mem, 0, os.SEEK_CUR), self._max)
                data = _pread(mem, size, 0) if size > 0 else b""
            except OSError:
                data = b""
            if data:
                caught.append((STDOUT if fd == 1 else STDERR,
                               data.decode("utf-8", errors="replace")))
        return caught

    def _flush_c(self) -> None:
        if self._libc_fflush is not None:
            try:
                self._libc_fflush(None)  # C stdio buffers belong to the cell that wrote them
            except Exception:
                pass
