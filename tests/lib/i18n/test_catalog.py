"""A catalog: English templates and their translations, both ways (render and translate)."""

from __future__ import annotations

import pytest

from agentloop.i18n import Markup, catalog
from agentloop.i18n.catalog import Catalog, CatalogError
from agentloop.i18n.languages import Language

WORDS = Catalog(Language.RU, {
    "expected {expected}, got {output} (rule: {rule})":
        "ожидалось `{expected}`, получено `{output}` (правило: {rule})",
    "a failure marked retryable: false → error at once": "отказ с `retryable: false` → сразу error",
    "run {run}": "запуск {run}",
    "run {run} is answered": "на запуск {run} дан ответ",
    "hint: {hint}": "подсказка: {hint}",
    "all passed": "всё верно",
    "{cards} & <more>": "{cards} и <ещё>",
})


def test_render_fills_the_translation_and_english_is_the_template_itself():
    assert WORDS.render("run {run}", {"run": "a"}) == "запуск a"
    assert catalog("en").render("run {run}", {"run": "a"}) == "run a"
    assert WORDS.render("not in the catalog {x}", {"x": 1}) == "not in the catalog 1"


def test_a_value_is_put_in_as_it_is_never_read_as_a_template():
    assert WORDS.render("run {run}", {"run": "{hint}"}) == "запуск {hint}"
    assert catalog("en").render("hint: {hint}", {"hint": '{"ok": true}'}) == 'hint: {"ok": true}'


def test_translate_finds_the_template_and_translates_a_value_that_is_a_message():
    reason = ("expected 'error', got 'limit' (rule: a failure marked retryable: false → error at "
              "once)")
    assert WORDS.translate(reason) == ("ожидалось 'error', получено 'limit' (правило: отказ с "
                                       "retryable: false → сразу error)")


def test_the_most_specific_template_wins_and_a_word_field_holds_no_space():
    assert WORDS.translate("run b is answered") == "на запуск b дан ответ"
    assert WORDS.translate("run b") == "запуск b"
    assert WORDS.translate("run b c") == "run b c"  # no template fits: English, as written


def test_text_no_template_fits_stays_english():
    assert WORDS.translate("raised KeyError: 'x'") == "raised KeyError: 'x'"


def test_html_marks_code_left_to_right_and_escapes_everything_else():
    assert WORDS.translate("expected '<b>', got 'x' (rule: all passed)", Markup.HTML) == (
        'ожидалось <code dir="ltr">\'&lt;b&gt;\'</code>, получено <code dir="ltr">\'x\'</code> '
        "(правило: всё верно)")
    assert WORDS.render("{cards} & <more>", {"cards": "<i>"}, Markup.HTML) == \
        "&lt;i&gt; и &lt;ещё&gt;"
    assert catalog("en").translate("a < b", Markup.HTML) == "a &lt; b"


def test_plain_text_drops_the_backticks_of_a_translation_only():
    assert WORDS.render("expected {expected}, got {output} (rule: {rule})",
                        {"expected": "`x`", "output": "y", "rule": "z"}) == \
        "ожидалось `x`, получено y (правило: z)"


def test_a_translation_must_keep_the_fields_of_its_english():
    with pytest.raises(CatalogError, match=r"the translation of 'run \{run\}' has the fields "
                                           r"\['letter'\]; its English has \['run'\]"):
        Catalog(Language.BG, {"run {run}": "пускане {letter}"})


@pytest.mark.parametrize("code", ["ru", "bg", "fa"])
def test_every_course_language_has_a_catalog_that_loads(code):
    words = catalog(code)
    assert words.language == code and len(words.messages) > 100
    assert words.render("all passed") != "all passed"
