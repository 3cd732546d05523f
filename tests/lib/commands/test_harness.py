"""Chapter 4's command line: the demo session, its event file, and replaying that file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agentloop.cli import main
from agentloop.harness import load_events

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


@pytest.mark.parametrize(("argv", "golden"), [
    ([], "ch4_harness.txt"),
    (["--max-turns", "2"], "ch4_harness_max_turns_2.txt"),
])
def test_harness_matches_the_golden_file(argv, golden, capsys):
    assert main(["harness", *argv]) == 0
    assert capsys.readouterr().out == (GOLDEN / golden).read_text()


def test_events_file_is_the_golden_log_and_replays_to_the_same_state(tmp_path, capsys):
    log = tmp_path / "events.jsonl"
    assert main(["harness", "--events", str(log)]) == 0
    assert log.read_text() == (GOLDEN / "ch4_demo_events.jsonl").read_text()
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("state: DONE\n") and out.endswith("outcome: goal_met\n")


def test_a_paused_session_replays_to_the_pause(tmp_path, capsys):
    log = tmp_path / "paused.jsonl"
    assert main(["harness", "--max-tool-calls", "1", "--events", str(log)]) == 0
    out = capsys.readouterr().out
    assert "raise --max-tool-calls to let it finish" in out
    assert len(load_events(log)) == 10
    assert main(["replay", str(log)]) == 0
    assert "paused: budget_exceeded (tool_calls 1/1), taken in EXECUTING" in \
        capsys.readouterr().out


def test_the_command_and_the_module_give_the_same_bytes():
    done = subprocess.run([sys.executable, "-m", "agentloop", "harness", "--max-turns", "2"],
                          capture_output=True, check=True)
    assert done.stdout == (GOLDEN / "ch4_harness_max_turns_2.txt").read_bytes()


@pytest.mark.parametrize(("argv", "message"), [
    (["harness", "--max-turns", "-1"], "max_turns must be a whole number of 0 or more, got -1"),
    (["harness", "--max-turns", "two"], "--max-turns takes a whole number, got 'two'"),
    (["harness", "--max-seconds", "0"], "max_seconds must be a finite number of seconds"),
    (["harness", "--max-seconds", "soon"], "--max-seconds takes a number, got 'soon'"),
    (["harness", "--events", "/nonexistent/dir/log.jsonl"], "cannot write the event log to"),
    (["replay"], "the following arguments are required: FILE"),
])
def test_bad_arguments_give_one_line_and_status_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize(("text", "message"), [
    ("not json\n", "line 1: not JSON"),
    ('{"offset": 0, "type": "session.begin", "at": 0, "data": {}}\n', "unknown event type"),
    ('{"offset": 3, "type": "session.start", "at": 0, "data": {}}\n', "event 0 has offset 3"),
    ("", "holds no events"),
])
def test_bad_event_files_give_one_line_and_status_2(tmp_path, text, message, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_missing_event_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    assert "no event file" in capsys.readouterr().err
