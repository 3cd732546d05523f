"""Chapter 1's command line: golden outputs for every scenario, limits and bad arguments (the
stop policy replay of `agentloop run --dir` is in tests/lib/test_stop_policy.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from unprivileged import run_as_teacher, teacher_tmp  # noqa: F401 - teacher_tmp is a fixture

from agentloop.cli import main
from agentloop.environment import SCENARIOS

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_loop_matches_the_golden_file(scenario, capsys):
    assert main(["loop", "--scenario", scenario]) == 0
    assert capsys.readouterr().out == (GOLDEN / f"loop_{scenario}.txt").read_text()


def test_console_script_and_module_give_the_same_bytes():
    expected = (GOLDEN / "loop_limit.txt").read_bytes()
    as_module = subprocess.run([sys.executable, "-m", "agentloop", "loop", "--scenario", "limit"],
                               capture_output=True, check=True)
    assert as_module.stdout == expected


def test_limits_on_the_command_line(capsys):
    assert main(["loop", "--scenario", "permanent_error", "--max-retries", "0"]) == 0
    out = capsys.readouterr().out
    assert out.count("step: ") == 1 and out.endswith("decision: error\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["loop", "--scenario", "nope"], "unknown scenario 'nope'; known scenarios:"),
        (["loop", "--max-steps", "9"], "max_steps must be an integer from 1 to 5, got 9"),
        (["loop", "--max-steps", "two"], "--max-steps takes a whole number, got 'two'"),
        (["loop", "--max-retries", "2"], "max_retries must be an integer from 0 to 1, got 2"),
        (["loop", "--bogus"], "unrecognized arguments: --bogus"),
        (["nonsense"], "invalid choice: 'nonsense'"),
        ([], "the following arguments are required: COMMAND"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_bad_arguments_from_the_real_command_have_no_traceback():
    done = subprocess.run([sys.executable, "-m", "agentloop", "loop", "--max-steps", "0"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == "agentloop: error: max_steps must be an integer from 1 to 5, got 0\n"
