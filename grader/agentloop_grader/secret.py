"""The course's secret seed: what the hidden cases of every check are drawn from.

    <course>/.agentloop/secret-seed      64 hex digits, readable by the teacher only

`release` makes it the first time (never released: it is not under source/ or release/,
and no sandbox can read the course folder); every student of the course gets the same
hidden cases, and nobody who has only the released files can know them. `agentloop-grade
seed --rotate` makes a new one (for the next term, or after a leak): the next autograde
draws new hidden cases, so a regrade may change scores. Reports name the seed by its
fingerprint, never by its value.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

FOLDER = ".agentloop"
FILE = "secret-seed"
HEX_DIGITS = 64


class SeedError(ValueError):
    """The seed file is missing, unreadable or not a seed."""


def seed_path(course_root: Path) -> Path:
    return Path(course_root) / FOLDER / FILE


def _read(path: Path) -> str:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise SeedError(f"cannot read the course's secret seed {path} ({exc}); "
                        "fix its permissions, or make a new one with "
                        "`agentloop-grade seed --rotate`") from None
    if len(text) != HEX_DIGITS or any(c not in "0123456789abcdef" for c in text):
        raise SeedError(f"{path} is not a seed ({HEX_DIGITS} lowercase hex digits); make a "
                        "new one with `agentloop-grade seed --rotate`")
    return text


def _write(path: Path) -> str:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    seed = secrets.token_hex(HEX_DIGITS // 2)
    partial = path.with_name(path.name + ".new")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(seed + "\n")
    os.replace(partial, path)
    return seed


def course_seed(course_root: Path, create: bool = False) -> str:
    """The course's secret seed; made first if `create` and there is none."""
    path = seed_path(course_root)
    if not path.exists():
        if not create:
            raise SeedError(f"{course_root} has no secret seed yet ({path}); "
                            "`agentloop-grade release` makes it")
        return _write(path)
    return _read(path)


def rotate(course_root: Path) -> tuple[str | None, str]:
    """A new secret seed; the fingerprints of the old one (None if there was none) and the new."""
    path = seed_path(course_root)
    old = fingerprint(_read(path)) if path.exists() else None
    return old, fingerprint(_write(path))


def fingerprint(seed: str) -> str:
    """What a report may show of a seed: 12 hex digits of its hash."""
    return hashlib.sha256(f"agentloop seed fingerprint\0{seed}".encode()).hexdigest()[:12]


def find_course_seed(start: Path) -> str | None:
    """The secret seed of the course `start` lies in (walking up), or None. For stock
    nbgrader's autograde, which runs a notebook inside the course's autograded/ folder."""
    here = Path(start).resolve()
    for folder in (here, *here.parents):
        path = seed_path(folder)
        if path.is_file():
            try:
                return _read(path)
            except SeedError:
                return None
    return None
