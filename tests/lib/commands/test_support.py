"""Chapter 3's command line: `agentloop support`, byte for byte against the golden files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agentloop.cli import main
from agentloop.shop import EXAMPLE_TASKS

GOLDEN = Path(__file__).resolve().parents[2] / "golden"

CASES = [
    ("ch3_return_1187.txt", [EXAMPLE_TASKS["return 1187"]]),
    ("ch3_courier_1042.txt", [EXAMPLE_TASKS["courier 1042"]]),
    ("ch3_compensation_1042.txt", [EXAMPLE_TASKS["compensation 1042"]]),
    ("ch3_return_1042.txt", [EXAMPLE_TASKS["return 1042"]]),
    ("ch3_courier_1042_repeated.txt", [EXAMPLE_TASKS["courier 1042"], "--guard", "repeated"]),
    ("ch3_courier_1042_tokens300.txt", [EXAMPLE_TASKS["courier 1042"], "--guard", "tokens=300"]),
]


@pytest.mark.parametrize(("golden", "args"), CASES, ids=[c[0] for c in CASES])
def test_support_matches_the_golden_file(golden, args, capsys):
    assert main(["support", *args]) == 0
    assert capsys.readouterr().out == (GOLDEN / golden).read_text(encoding="utf-8")


def test_the_real_command_gives_the_same_bytes():
    done = subprocess.run([sys.executable, "-m", "agentloop", "support",
                           EXAMPLE_TASKS["return 1187"]], capture_output=True, check=True)
    assert done.stdout == (GOLDEN / "ch3_return_1187.txt").read_bytes()


def test_the_seed_log_layout():
    lines = (GOLDEN / "ch3_compensation_1042.txt").read_text(encoding="utf-8").splitlines()
    assert lines == [
        "task: I want 20 EUR compensation because 1042 is late.",
        "  step 1. plan: I check the order.",
        "    action: get_order_status(1042)",
        "    observation: 1042 — shipped, delivery date 03.11",
        "  step 2. plan: Compensation is for an employee to decide, not for me.",
        "    action: hand_to_human(compensation for 1042)",
        "  stopping: needs a human — compensation for 1042",
    ]


def test_max_steps_and_both_guards(capsys):
    assert main(["support", EXAMPLE_TASKS["courier 1042"], "--max-steps", "3",
                 "--guard", "tokens=300", "--guard", "repeated"]) == 0
    out = capsys.readouterr().out
    assert out.count("  step ") == 2
    assert out.endswith("  stopping: same action twice → to an employee\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["support", "x", "--max-steps", "9"], "max_steps must be an integer from 1 to 5, got 9"),
        (["support", "x", "--max-steps", "two"], "--max-steps takes a whole number, got 'two'"),
        (["support", "x", "--guard", "speed"], "unknown guard 'speed'; use 'repeated' or "
                                                 "'tokens=N'"),
        (["support", "x", "--guard", "tokens=lots"], "--guard tokens=N takes a whole number"),
        (["support", "x", "--guard", "tokens=0"], "budget must be an integer from 1 to 100000"),
        (["support", "   "], "task must be a non-empty str"),
        (["support"], "the following arguments are required: task"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
