"""The i18n package's own functions (agentloop.i18n): a message in the current language as text
or escaped HTML, an English text made elsewhere translated back, and a notebook's language
from its metadata."""

from __future__ import annotations

import pytest

from agentloop.i18n import SOURCE, Language, notebook_language, speaking, t, t_html, translate

BLANK = "not answered yet — write `{name}` above"


def test_a_message_is_said_in_the_current_language_with_its_fields():
    english = t(BLANK, name="decide")
    assert english == "not answered yet — write `decide` above"
    with speaking("ru"):
        russian = t(BLANK, name="decide")
    assert russian != english and "decide" in russian


def test_the_html_form_escapes_the_fields_and_keeps_code_left_to_right():
    assert t_html(BLANK, name="<f>") == "not answered yet — write `&lt;f&gt;` above"
    with speaking("fa"):
        shown = t_html(BLANK, name="<f>")
    assert '<code dir="ltr">&lt;f&gt;</code>' in shown


def test_an_english_text_made_elsewhere_is_translated_and_an_unknown_one_stays():
    made = t(BLANK, name="decide")
    with speaking("ru"):
        assert translate(made) == t(BLANK, name="decide")
    assert translate(made, "ru") != made
    assert translate("no template says this", "ru") == "no template says this"


@pytest.mark.parametrize(("metadata", "language"), [
    ({}, SOURCE), ({"agentloop": {}}, SOURCE), ({"agentloop": "ru"}, SOURCE),
    ({"agentloop": {"language": "fa"}}, Language("fa")),
])
def test_a_notebooks_language_is_its_metadatas_else_english(metadata, language):
    assert notebook_language({"metadata": metadata, "cells": []}) == language


def test_a_notebook_in_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match=r"metadata\.agentloop\.language"):
        notebook_language({"metadata": {"agentloop": {"language": "xx"}}})
