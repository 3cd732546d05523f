"""The course's languages, and which one this process speaks.

The closed set, in the order the course lists them: English (`en`, the source of truth),
Russian (`ru`), Bulgarian (`bg`) and Persian (`fa`, written right to left). A process
speaks one of them, chosen in this order:

1. `use_language(code)`: what a translated notebook's first code cell calls;
2. `$AGENTLOOP_LANG`: what `./course lab --lang ru` sets for JupyterLab, its kernels and
   its terminals (and what a learner may set for the CLI);
3. English.
"""

from __future__ import annotations

import contextlib
import enum
import os
from collections.abc import Iterator


class Language(enum.StrEnum):
    EN = "en"
    RU = "ru"
    BG = "bg"
    FA = "fa"


LANGUAGES = tuple(Language)
SOURCE = Language.EN  # every translation is a translation of the English text
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
RIGHT_TO_LEFT = frozenset({Language.FA})
NAMES = {Language.EN: "English", Language.RU: "Русский", Language.BG: "Български",
         Language.FA: "فارسی"}
ENV = "AGENTLOOP_LANG"

_chosen: Language | None = None  # set by use_language(); wins over the environment


def parse_language(code: object, where: str = "the language") -> Language:
    """`code` as a course language, or ValueError naming `where`, the value and the set."""
    if isinstance(code, str) and code.strip().lower() in LANGUAGES:
        return Language(code.strip().lower())
    allowed = ", ".join(f"{c} ({NAMES[c]})" for c in LANGUAGES)
    raise ValueError(f"{where} is {code!r}; the course's languages are {allowed}")


def current() -> Language:
    """The language this process speaks (see the module's text for the order)."""
    if _chosen is not None:
        return _chosen
    value = os.environ.get(ENV, "")
    return parse_language(value, f"${ENV}") if value.strip() else SOURCE


def use_language(code: str) -> None:
    """Speak `code` from now on in this process, and in the programs it starts (the
    `agentloop` command in a notebook's `!` line reads $AGENTLOOP_LANG)."""
    global _chosen
    _chosen = parse_language(code)
    os.environ[ENV] = _chosen.value


@contextlib.contextmanager
def speaking(code: str) -> Iterator[Language]:
    """Speak `code` inside the `with` block only (tests, a one-off rendering)."""
    global _chosen
    before, env = _chosen, os.environ.get(ENV)
    try:
        use_language(code)
        yield current()
    finally:
        _chosen = before
        if env is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = env


def is_rtl(code: str | None = None) -> bool:
    """Is `code` (default: the current language) written right to left?"""
    return (current() if code is None else parse_language(code)) in RIGHT_TO_LEFT


def direction(code: str | None = None) -> str:
    """The HTML `dir` of `code` (default: the current language): "rtl" or "ltr"."""
    return "rtl" if is_rtl(code) else "ltr"
