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
