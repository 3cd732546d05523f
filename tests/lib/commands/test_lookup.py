"""Chapter 2's command: `agentloop lookup KEY [--max-steps N]` prints the run as JSON."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from agentloop.cli import main
from agentloop.controller import run


def test_a_known_key_is_done(capsys):
    assert main(["lookup", "ai"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == run("ai")
    assert out.startswith('{\n  "status": "done",\n  "answer": {\n    "title": "Applied AI"')


def test_an_unknown_key_is_unknown_with_no_answer(capsys):
    assert main(["lookup", "robotics", "--max-steps", "2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "unknown" and result["answer"] is None
    assert result["trace"] == [{"tool": "lookup", "input": {"key": "robotics"}, "result": None}]


def test_one_step_is_stopped_and_exits_1(capsys):
    assert main(["lookup", "design", "--max-steps", "1"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "stopped" and result["answer"] is None
    assert result["trace"][0]["result"]["title"] == "Design"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["lookup", ""], "agentloop: error: key must be a string of 1 to 32 characters, got ''"),
        (["lookup", "k" * 33], "key must be a string of 1 to 32 characters"),
        (["lookup", "ai", "--max-steps", "0"],
         "agentloop: error: max_steps must be a positive integer, got 0"),
        (["lookup", "ai", "--max-steps", "-3"], "max_steps must be a positive integer, got -3"),
        (["lookup", "ai", "--max-steps", "two"],
         "--max-steps takes a positive whole number, got 'two'"),
        (["lookup"], "the following arguments are required: KEY"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_the_console_script_prints_the_same_json():
    done = subprocess.run([sys.executable, "-m", "agentloop", "lookup", "ai"],
                          capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == run("ai")
    assert done.stdout == json.dumps(run("ai"), indent=2) + "\n"


def test_the_command_is_listed_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["lookup", "--help"])
    assert "--max-steps" in capsys.readouterr().out
