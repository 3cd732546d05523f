"""Which language a process speaks: use_language() over $AGENTLOOP_LANG over English."""

from __future__ import annotations

import subprocess
import sys

import pytest

from agentloop import i18n
from agentloop.i18n import ENV, Language, current, direction, is_rtl, speaking


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Each test starts in English, whatever the shell or an earlier test said, and leaves
    $AGENTLOOP_LANG as it found it (use_language sets it: the notebooks nbval runs later in
    this process must not inherit it). Set, then deleted: both are undone afterwards."""
    monkeypatch.setenv(ENV, "en")
    monkeypatch.delenv(ENV)
    monkeypatch.setattr(i18n.languages, "_chosen", None)


def test_english_by_default():
    assert current() == Language.EN and not is_rtl() and direction() == "ltr"


def test_the_environment_variable_chooses_and_use_language_wins(monkeypatch):
    monkeypatch.setenv(ENV, "bg")
    assert current() == Language.BG
    i18n.use_language("ru")
    assert current() == Language.RU
    assert i18n.languages.os.environ[ENV] == "ru"  # what a `!agentloop …` line inherits


def test_codes_are_read_leniently_but_only_from_the_closed_set(monkeypatch):
    monkeypatch.setenv(ENV, " FA ")
    assert current() == Language.FA and is_rtl() and direction() == "rtl"
    monkeypatch.setenv(ENV, "de")
    with pytest.raises(ValueError) as raised:
        current()
    assert str(raised.value) == ("$AGENTLOOP_LANG is 'de'; the course's languages are en "
                                 "(English), ru (Русский), bg (Български), fa (فارسی)")


def test_speaking_lasts_for_the_block_only(monkeypatch):
    monkeypatch.setenv(ENV, "bg")
    with speaking("fa") as language:
        assert language == Language.FA == current()
    assert current() == Language.BG
    monkeypatch.delenv(ENV)
    with speaking("ru"):
        pass
    assert current() == Language.EN and ENV not in i18n.languages.os.environ


def test_use_language_refuses_an_unknown_code_and_keeps_the_old_one():
    i18n.use_language("ru")
    with pytest.raises(ValueError, match="the language is 'xx'"):
        i18n.use_language("xx")
    assert current() == Language.RU


def test_importing_agentloop_stays_light():
    """The language machinery is standard library only (it runs in Pyodide)."""
    code = ("import sys, agentloop.i18n, agentloop.checks; "
            "print(sorted(m for m in ('ipywidgets', 'nbformat', 'IPython') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_a_notebooks_language_is_in_its_metadata():
    assert i18n.notebook_language({"metadata": {}}) == Language.EN
    assert i18n.notebook_language({"metadata": {"agentloop": {"language": "fa"}}}) == Language.FA
    with pytest.raises(ValueError, match=r"metadata\.agentloop\.language is 'xx'"):
        i18n.notebook_language({"metadata": {"agentloop": {"language": "xx"}}})
