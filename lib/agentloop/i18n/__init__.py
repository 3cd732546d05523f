"""The course in its four languages: the library's own words (checks, widgets, the demos).

English is the source of truth; Russian, Bulgarian and Persian are translations. Standard
library only: this runs in the browser too (Pyodide).

- `use_language("ru")`: a translated notebook's first code cell; `$AGENTLOOP_LANG` does the
  same for a whole Lab or a terminal (see `languages`);
- `t(template, **values)`: one of the library's messages in the current language
  (`t("step: {step}", step=2)` is "шаг: 2" in Russian, "step: 2" in English);
- `translate(text)`: an English text made elsewhere (a check's label, a reason from the
  grader's process) in the current language, by the catalog's templates;
- the catalogs: `agentloop/i18n/catalogs/<code>.py` (see `catalog`); translating a chapter's
  notebook is chapters/i18n/README.md.

Nothing is decided by language: ids, judged values, terminals and exit codes are the same
in every language, and English output is exactly what it was before translations existed.
"""

from __future__ import annotations

from collections.abc import Collection

from agentloop.i18n.catalog import Catalog, CatalogError, Markup, catalog
from agentloop.i18n.display import rtl_block, show
from agentloop.i18n.languages import (
    ENV,
    LANGUAGES,
    NAMES,
    SOURCE,
    TRANSLATED,
    Language,
    current,
    direction,
    is_rtl,
    parse_language,
    speaking,
    use_language,
)

__all__ = ["ENV", "LANGUAGES", "NAMES", "SOURCE", "TRANSLATED", "Catalog", "CatalogError",
           "Language", "Markup", "catalog", "current", "direction", "is_rtl",
           "notebook_language", "parse_language", "rtl_block", "show", "speaking", "t",
           "translate", "use_language"]


def t(template: str, /, **values: object) -> str:
    """One of the library's messages in the current language (plain text)."""
    return catalog(current()).render(template, values)


def t_html(template: str, /, **values: object) -> str:
    """The same message as escaped HTML, its code in `<code dir="ltr">`."""
    return catalog(current()).render(template, values, Markup.HTML)


def translate(text: str, language: str | None = None,
              markup: Markup = Markup.PLAIN, among: Collection[str] | None = None) -> str:
    """An English text the library made (perhaps in another process) in `language`
    (default: the current one); a text no template fits stays English. `among`: the only
    templates that may fit — always give them for a run's data (a reason, an error)."""
    return catalog(current() if language is None else language).translate(text, markup, among)


def notebook_language(notebook: dict) -> Language:
    """The language a notebook (as JSON) is written in: its `metadata.agentloop.language`,
    which tools/build_chapters.py writes into every translated chapter; else English."""
    meta = (notebook.get("metadata") or {}).get("agentloop") or {}
    code = meta.get("language") if isinstance(meta, dict) else None
    return parse_language(code, "the notebook's metadata.agentloop.language") if code \
        else SOURCE
