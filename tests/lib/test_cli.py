"""The `agentloop` command (agentloop.cli): every chapter's demo under one command, in the
order of COMMANDS; bad input is one line on stderr and exit status 2, never a usage block or
a traceback."""

from __future__ import annotations

import pytest

from agentloop.cli import COMMANDS, build_parser, main


def test_help_lists_every_chapters_command_in_order(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    names = list(build_parser()._subparsers._group_actions[0].choices)
    assert len(names) >= len(COMMANDS)
    assert names[:4] == ["loop", "run", "lookup", "support"]
    assert all(f"    {name}" in out for name in names), out


@pytest.mark.parametrize("argv", [[], ["nope"], ["loop", "--max-retries", "x"]])
def test_bad_arguments_are_one_line_and_status_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("agentloop") and err.count("\n") == 1 and "usage:" not in err


def test_a_refused_value_is_one_line_naming_the_error(capsys):
    assert main(["loop", "--scenario", "no_such_scenario"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("agentloop: ") and err.count("\n") == 1
    assert "no_such_scenario" in err and "Traceback" not in err


# argparse's sentences and the command's own error line, in each language: what argparse
# says, the words that must then be there, and the English that must be gone.
SAID = [
    (["nope"], {"ru": "недопустимое значение", "bg": "недопустима стойност",
                "fa": "مجاز نیست"}, "invalid choice"),
    (["loop", "--bogus"], {"ru": "неизвестные аргументы", "bg": "непознати аргументи",
                           "fa": "آرگومان‌های ناشناخته"}, "unrecognized arguments"),
    (["run"], {"ru": "не хватает обязательных аргументов", "bg": "липсват задължителни",
               "fa": "لازم‌اند"}, "the following arguments are required"),
    (["loop", "--scenario", "nope"], {"ru": "ошибка: неизвестный сценарий 'nope'",
                                      "bg": "грешка: непознат сценарий 'nope'",
                                      "fa": "خطا: سناریوی ناشناخته 'nope'"}, "unknown scenario"),
]


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
@pytest.mark.parametrize(("argv", "words", "english"), SAID)
def test_bad_arguments_are_said_in_the_readers_language(argv, words, english, language,
                                                        capsys, monkeypatch):
    from agentloop.i18n import speaking

    with speaking(language):
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("agentloop") and err.count("\n") == 1
    assert words[language] in err and english not in err, err
    assert main(argv) == 2  # and English again outside
    assert english in capsys.readouterr().err


def test_every_argparse_sentence_has_its_translation():
    from agentloop.cli import ARGPARSE_WORDS
    from agentloop.i18n import catalog

    for language in ("ru", "bg", "fa"):
        missing = [w for w in (*ARGPARSE_WORDS, "error: {problem}")
                   if w not in catalog(language).messages]
        assert missing == [], (language, missing)
