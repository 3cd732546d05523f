"""A language's catalog: the library's English messages and their translations.

A catalog is a module `agentloop.i18n.catalogs.<code>` holding one dict, `MESSAGES`:
English template → translation. A template is the English text exactly as the library
writes it, with `{name}` where a value goes ("expected {expected}, got {output} (rule:
{rule})"); its translation has the same `{name}` fields, in any order. In a translation,
`backticks` mark code (an identifier, a value): plain text drops them, HTML makes them
`<code dir="ltr">`, so a right-to-left text keeps its code left to right.

Two ways in:

- `render(template, values)`: the library's own message (a banner, a widget label), in
  this language (`agentloop.i18n.t`);
- `translate(text)`: an English text made elsewhere (a check's label or reason, perhaps in
  the grader's process) matched against the templates, its values put into the
  translation; a value that is itself a message (a rule) is translated too. Text that
  matches no template stays English, as it was written.
"""

from __future__ import annotations

import enum
import functools
import html
import importlib
import re
from collections.abc import Collection
from dataclasses import dataclass, field

from agentloop.i18n.languages import SOURCE, Language, parse_language

FIELD = re.compile(r"\{(\w+)\}")
CODE = re.compile(r"`([^`]*)`")
# Fields that hold one word or number (a count, a run's letter): matching a text to a
# template, they never swallow a space, so "run {run}" does not read "run a is answered".
WORD_FIELDS = frozenset({"number", "count", "run", "passed", "total", "step", "steps", "line",
                         "shown", "depth", "length", "limit", "max_steps", "max_retries"})


class Markup(enum.StrEnum):
    PLAIN = "plain"
    HTML = "html"


class CatalogError(ValueError):
    """A catalog entry whose translation does not fit its English template."""


def fields(template: str) -> list[str]:
    """The `{name}` fields of a template, in order."""
    return FIELD.findall(template)


def _pattern(template: str) -> re.Pattern[str]:
    parts, last, seen = [], 0, set()
    for match in FIELD.finditer(template):
        parts.append(re.escape(template[last:match.start()]))
        name = match[1]
        any_text = r"\S+?" if name in WORD_FIELDS else ".*?"
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{any_text})")
        seen.add(name)
        last = match.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.S)


def _fill(text: str, values: dict[str, str]) -> str:
    """`text` with each `{name}` replaced by its value (no other brace is special, so a
    translation may hold JSON)."""
    return FIELD.sub(lambda m: values[m[1]] if m[1] in values else m[0], text)


@dataclass(frozen=True)
class Catalog:
    language: Language
    messages: dict[str, str]
    _patterns: list[tuple[str, re.Pattern[str]]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        for template, translation in self.messages.items():
            if sorted(set(fields(template))) != sorted(set(fields(translation))):
                raise CatalogError(
                    f"{self.language} catalog: the translation of {template!r} has the "
                    f"fields {sorted(set(fields(translation)))}; its English has "
                    f"{sorted(set(fields(template)))}")
        # the most specific template first: the one with the most fixed text
        templated = sorted((t for t in self.messages if fields(t)),
                           key=lambda t: (-len(FIELD.sub("", t)), t))
        self._patterns.extend((t, _pattern(t)) for t in templated)

    def render(self, template: str, values: dict[str, object] | None = None,
               markup: Markup = Markup.PLAIN) -> str:
        """`template` with `values`, in this language (English when it has no entry)."""
        given = {name: str(value) for name, value in (values or {}).items()}
        translation = self.messages.get(template)
        if translation is None:
            text = _fill(template, given)
            return html.escape(text, quote=False) if markup == Markup.HTML else text
        shown = {name: self._value(value, markup) for name, value in given.items()}
        if markup == Markup.PLAIN:
            return _fill(CODE.sub(lambda m: m[1], translation), shown)
        out, last = [], 0
        for match in CODE.finditer(translation):
            out.append(_fill(html.escape(translation[last:match.start()], quote=False), shown))
            out.append('<code dir="ltr">' + _fill(html.escape(match[1], quote=False), shown)
                       + "</code>")
            last = match.end()
        out.append(_fill(html.escape(translation[last:], quote=False), shown))
        return "".join(out)

    def _value(self, value: str, markup: Markup) -> str:
        """A value put into a translation: itself translated when it is a whole message of
        the catalog, words not a name (a rule, a verdict), else as it is (a card id, an
        error text, a repr)."""
        if " " in value and value in self.messages and not fields(value):
            return self.render(value, None, markup)
        return html.escape(value, quote=False) if markup == Markup.HTML else value

    def match(self, text: str, among: Collection[str] | None = None
              ) -> tuple[str, dict[str, str]] | None:
        """The template `text` was made from, and its values; None if no entry fits.
        `among`: only these templates may fit (a run's data, which a template with little
        fixed text, "{request} for {order}", would otherwise fit by chance)."""
        if text in self.messages and (among is None or text in among):
            return text, {}
        for template, pattern in self._patterns:
            if among is not None and template not in among:
                continue
            found = pattern.fullmatch(text)
            if found:
                return template, found.groupdict()
        return None

    def translate(self, text: str, markup: Markup = Markup.PLAIN,
                  among: Collection[str] | None = None) -> str:
        """An English text in this language, matched against the templates (`among`: only
        these)."""
        found = self.match(text, among) if self.messages else None
        if found is None:
            return html.escape(text, quote=False) if markup == Markup.HTML else text
        template, values = found
        return self.render(template, values, markup)


ENGLISH = Catalog(SOURCE, {})


@functools.cache
def catalog(code: str) -> Catalog:
    """The catalog of a course language (English has none: its text is the source)."""
    language = parse_language(code)
    if language == SOURCE:
        return ENGLISH
    module = importlib.import_module(f"agentloop.i18n.catalogs.{language.value}")
    return Catalog(language, dict(module.MESSAGES))
