"""Chapter 1's stop policy (agentloop.stop_policy): a folder's stop_policy.json read and checked
— every way it can be broken one line, for root and an ordinary account — and the replay
`agentloop run --dir` prints from it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from unprivileged import run_as_teacher, teacher_tmp  # noqa: F401 - teacher_tmp is a fixture

from agentloop.cli import main


def write_policy(folder: Path, content: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stop_policy.json").write_text(content)
    return folder


def test_run_with_max_steps_2_stops_at_limit(tmp_path, capsys):
    folder = write_policy(tmp_path / "limit2", json.dumps({"max_steps": 2, "max_retries": 1}))
    assert main(["run", "--dir", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "stop_policy: max_steps 2, max_retries 1" in lines
    assert [line for line in lines if line.startswith("Step ")] == [
        "Step 1 | read_task_cards | continue",
        "Step 2 | validate_task_card | limit",
    ]
    assert "Stop: limit" in lines
    assert lines[-1] == "A replay proves nothing about how a live model would behave."


def test_run_with_the_full_budget_replays_five_actions_to_success(tmp_path, capsys):
    folder = write_policy(tmp_path / "p", '{"max_steps": 5, "max_retries": 1}')
    assert main(["run", "--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.count("| validate_task_card |") == 3
    assert "Step 5 | draft_summary | success" in out and "Stop: success" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no stop_policy.json in"),
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "must hold a JSON object"),
        ('{"max_steps": 2}', "missing max_retries"),
        ('{"max_steps": 7, "max_retries": 1}', "max_steps must be an integer from 1 to 5, got 7"),
        ('{"max_steps": 2, "max_retries": true}', "max_retries must be an integer from 0 to 1"),
        ('{"max_steps": 2, "max_retries": 1, "speed": 3}', "unknown keys ['speed']"),
    ],
)
def test_broken_policy_files_are_explained(tmp_path, capsys, content, message):
    folder = tmp_path / "policy"
    folder.mkdir()
    if content is not None:
        (folder / "stop_policy.json").write_text(content)
    assert main(["run", "--dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda path: path.mkdir(),
         "stop_policy.json is a folder; stop_policy.json must be a file of JSON"),
        (lambda path: path.write_bytes(b"\xff\xfe{}"), "stop_policy.json is not UTF-8 text"),
        (lambda path: path.write_text("[" * 100_000 + "]" * 100_000),
         "must hold a JSON object with max_steps and max_retries"),
        (lambda path: path.write_text('{"max_steps": ' + "[" * 100_000 + "]" * 100_000 + "}"),
         "must hold a JSON object with max_steps and max_retries"),
    ],
    ids=["a folder", "not UTF-8", "nested too deep", "a value nested too deep"],
)
def test_a_policy_that_is_no_json_file_is_one_line(tmp_path, capsys, make, message):
    folder = tmp_path / "policy"
    folder.mkdir()
    make(folder / "stop_policy.json")
    assert main(["run", "--dir", str(folder)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("unreadable", ["the file", "the folder"])
def test_an_unreadable_policy_is_one_line_for_an_ordinary_account(teacher_tmp,  # noqa: F811
                                                                   unreadable):
    """Root reads any file, so the policy (or its folder) is made unreadable for the teacher
    account and the command runs as that account (as the current user when not root)."""
    folder = Path(teacher_tmp) / "policy"
    folder.mkdir()
    (folder / "stop_policy.json").write_text('{"max_steps": 2, "max_retries": 1}')
    (folder / "stop_policy.json" if unreadable == "the file" else folder).chmod(0)
    done = run_as_teacher([sys.executable, "-m", "agentloop", "run", "--dir", str(folder)],
                          cwd=teacher_tmp)
    folder.chmod(0o755)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"agentloop: error: cannot read {folder}/stop_policy.json: " \
                                  "Permission denied", done.stderr


def test_run_on_a_missing_folder(tmp_path, capsys):
    assert main(["run", "--dir", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


@pytest.mark.parametrize(("folder", "stop"), [("limit2", "Stop: limit"),
                                              ("office", "Stop: success")])
def test_the_shipped_example_policies(folder, stop, capsys):
    examples = Path(__file__).resolve().parents[2] / "examples" / "stop_policy"
    assert main(["run", "--dir", str(examples / folder)]) == 0
    assert stop in capsys.readouterr().out
