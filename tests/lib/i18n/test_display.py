"""Text in the reader's direction: printed in a left-to-right language, shown as a
right-to-left block (with its plain text beside it) in Persian inside a notebook."""

from __future__ import annotations

import pytest

from agentloop.i18n import display, speaking


@pytest.fixture
def shown(monkeypatch):
    """What `show` handed to IPython's display, as if a kernel were running."""
    bundles = []
    monkeypatch.setattr(display, "_ipython", lambda: object())
    import IPython.display

    monkeypatch.setattr(IPython.display, "display",
                        lambda data, raw: bundles.append((data, raw)))
    return bundles


def test_persian_in_a_notebook_is_a_right_to_left_block(shown, capsys):
    with speaking("fa"):
        display.show("plain ✔\n  two", "<b>✔</b>\n  two")
    assert capsys.readouterr().out == ""
    assert shown == [({"text/plain": "plain ✔\n  two",
                       "text/html": '<div dir="rtl" class="agentloop-rtl agentloop-text">'
                                    "<div><b>✔</b></div><div>&emsp;two</div></div>"}, True)]


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_left_to_right_language_is_printed(language, shown, capsys):
    with speaking(language):
        display.show("plain ✔", "<b>✔</b>")
    assert capsys.readouterr().out == "plain ✔\n" and shown == []


def test_outside_a_kernel_everything_is_printed(capsys):
    with speaking("fa"):
        display.show("plain", "<b>html</b>")
    assert capsys.readouterr().out == "plain\n"


def test_an_ipython_shell_without_a_kernel_prints_too(capsys):
    """A terminal's IPython, or the one the grader's cell runner makes for itself."""
    from IPython.core.interactiveshell import InteractiveShell

    InteractiveShell.instance()
    with speaking("fa"):
        display.show("plain", "<b>html</b>")
    assert capsys.readouterr().out == "plain\n"


def test_a_check_cell_in_persian_shows_the_report_right_to_left(shown, capsys):
    from agentloop.checks import check

    def decide(state):
        return "continue"

    with speaking("fa"):
        check("ch1-decide-scenario", decide)
    [(bundle, _)] = shown
    assert bundle["text/html"].startswith('<div dir="rtl" class="agentloop-rtl agentloop-text">'
                                          '<div><code dir="ltr">ch1-decide-scenario</code>: ')
    assert "✘" in bundle["text/plain"] and "هنوز نه" in bundle["text/plain"]
    assert capsys.readouterr().out == ""


def test_markdown_reads_right_to_left_with_its_code_left_to_right() -> None:
    text = "# عنوان\n\nاجرا کنید `agentloop progress`.\n\n```python\nprint(1)\n```\n\nپایان"
    out = display.rtl_markdown(text)
    assert out.startswith('<div dir="rtl">') and out.rstrip().endswith("</div>")
    assert '<code dir="ltr">agentloop progress</code>' in out
    block = out.index('<div dir="ltr">')
    assert block < out.index("```python") < out.index("print(1)") < out.index("پایان")
    assert "`agentloop" not in out  # the span became an element, not a literal backtick


@pytest.mark.parametrize("text", ["# Title\n\nbody `code`\n", "# Title\n\nbody `code`"])
def test_markdown_in_direction_wraps_only_right_to_left_and_keeps_the_last_newline(text):
    assert display.markdown_in_direction(text, "en") == text
    assert display.markdown_in_direction(text, "ru") == text
    persian = display.markdown_in_direction(text, "fa")
    assert persian.startswith('<div dir="rtl">') and '<code dir="ltr">code</code>' in persian
    assert persian.rstrip("\n").endswith("</div>")
    assert persian.endswith("\n") == text.endswith("\n")
    with speaking("fa"):
        assert display.markdown_in_direction(text) == persian  # the current language
