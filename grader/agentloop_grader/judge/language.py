"""Judge: the language a student reads back — their notebook's own.

A translated chapter records its language in `metadata.agentloop.language`
(tools/build_chapters.py); a notebook without one, or with a code the course does not
speak, is read back in English, with no error (a broken submission never stops a class).
The language is handed to whatever writes what the student reads (a check's ✔/✘ lines, the
reason under a failed cell, the feedback page's words); it is never made this process's
language (`use_language`), so one student's language cannot leak into the next's. What
the teacher reads — the gradebook, the run report, the class report — and every id and
score stay as judged, in English.
"""

from __future__ import annotations

from typing import Any

from agentloop.i18n import SOURCE, Language, catalog, notebook_language
from agentloop.i18n.catalog import Catalog


def student_language(metadata: Any) -> Language:
    """The language of a notebook with this `metadata` (its JSON's), else English."""
    try:
        return notebook_language({"metadata": metadata if isinstance(metadata, dict) else {}})
    except ValueError:  # a code the course does not speak: English
        return SOURCE


def words(language: Language) -> Catalog:
    """The catalog a student's lines are said in (English: the text as judged)."""
    return catalog(language)
