"""Chapter 5's command line: every route of the example board, byte for byte; the question,
the answer and the next run through the state file; replay; the board listing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agentloop.cli import main
from agentloop.stop_policy import format_run, load_policy

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).resolve().parents[2] / "golden"
WORKSPACE = "examples/my_agent"

# golden file, workspace folder, exit status (0 only for success)
ROUTES = [
    ("ch5_my_agent.txt", WORKSPACE, 1),                        # the ambiguous pair
    ("ch5_one_match.txt", f"{WORKSPACE}/routes/one_match", 0),
    ("ch5_no_matches.txt", f"{WORKSPACE}/routes/no_matches", 1),
    ("ch5_broken_card.txt", f"{WORKSPACE}/routes/broken_card", 1),
    ("ch5_missing_board.txt", f"{WORKSPACE}/routes/missing_board", 1),   # unreadable board
    ("ch5_limit.txt", f"{WORKSPACE}/routes/limit", 1),          # longer than the budget
    ("ch5_limit2.txt", f"{WORKSPACE}/routes/limit2", 1),
    ("ch5_tokens.txt", f"{WORKSPACE}/routes/tokens", 1),        # chapter 3's token guard
    ("ch5_bare.txt", f"{WORKSPACE}/routes/bare", 0),            # "not configured" lines
]


@pytest.fixture
def office(tmp_path, monkeypatch):
    """A fresh copy of the example workspace (no out/ folders), and the cwd set above it."""
    shutil.copytree(ROOT / WORKSPACE, tmp_path / WORKSPACE,
                    ignore=shutil.ignore_patterns("out"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(argv, capsys):
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("golden", "folder", "status"), ROUTES, ids=[r[0] for r in ROUTES])
def test_every_route_prints_its_golden_banner(office, capsys, golden, folder, status):
    assert run(["run", "--dir", folder], capsys) == (
        status, (GOLDEN / golden).read_text(encoding="utf-8"), "")


def test_the_banner_names_every_part_of_the_run(office, capsys):
    _, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    heads = [line.split(":")[0].split(" |")[0] for line in out.splitlines()]
    assert heads == ["agentloop", "goal", "config", "board", "model", "scenario",
                     "stop_policy", "tools", "Step 1", "Step 2", "Step 3", "Stop", "question",
                     "not searched", "contract", "save", "state", "trace",
                     "This technical run does not confirm the model's quality."]
    assert "not configured" not in out


def test_needs_input_then_the_answer_then_success(office, capsys):
    status, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    assert status == 1
    assert ("question: I found two cards with a similar id — task-003 and task-003-copy. "
            "Which one do you mean?") in out.splitlines()
    state = json.loads((office / WORKSPACE / "out/state.json").read_text(encoding="utf-8"))
    assert state["question"]["candidates"] == ["task-003", "task-003-copy"]
    assert state["answer"] is None and state["stop"] == "needs_input"
    first_trace = (office / WORKSPACE / "out/trace.jsonl").read_bytes()

    status, out, _ = run(["run", "--dir", WORKSPACE, "--answer", "task-003-copy"], capsys)
    assert (status, out) == (0, (GOLDEN / "ch5_my_agent_answer.txt").read_text(encoding="utf-8"))
    state = json.loads((office / WORKSPACE / "out/state.json").read_text(encoding="utf-8"))
    assert state["answer"] == "task-003-copy" and state["stop"] == "success"
    answer = (office / WORKSPACE / "out/answer.md").read_text(encoding="utf-8")
    assert "## task-003-copy — Equipment for the test benches" in answer
    assert "- blocked_by: none" in answer

    # The answer went into the new run's input: its task message and every search ...
    lines = [json.loads(line) for line in
             (office / WORKSPACE / "out/trace.jsonl").read_text(encoding="utf-8").splitlines()]
    facts = lines[0]["facts"]
    assert (facts["query"], facts["answer"]) == ("task-003-copy", "task-003-copy")
    reads = [line for line in lines if line["kind"] == "step"
             and line["action"] == "read_task_cards"]
    assert {r["proposal"]["args"]["query"] for r in reads} == {"task-003-copy"}
    # ... and never into the old run: its trace still replays to the same needs_input.
    old = office / "first.jsonl"
    old.write_bytes(first_trace)
    status, out, _ = run(["replay", str(old)], capsys)
    assert status == 0 and "Stop: needs_input" in out


def test_the_old_runs_observations_do_not_mention_the_answer(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    before = (office / WORKSPACE / "out/trace.jsonl").read_text(encoding="utf-8")
    run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    steps = [json.loads(line) for line in before.splitlines()
             if json.loads(line)["kind"] == "step"]
    assert [s["observation"]["matches"] for s in steps] == [["task-003", "task-003-copy"],
                                                            [], []]
    assert all(s["proposal"]["args"]["query"] == "equipment" for s in steps)


def test_answering_again_gives_the_same_run(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    first = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    again = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    assert first == again and first[0] == 0
    assert 'answer: task-003 "Equipment for the hall" (lab) — blocked, blocked by task-002' \
        in first[1].splitlines()


def test_a_plain_run_after_the_answer_asks_again(office, capsys):
    asked = run(["run", "--dir", WORKSPACE], capsys)
    run(["run", "--dir", WORKSPACE, "--answer", "task-003-copy"], capsys)
    assert run(["run", "--dir", WORKSPACE], capsys) == asked


@pytest.mark.parametrize(("argv", "message"), [
    (["--answer", "task-004"], "--answer 'task-004' is not one of the cards the question "
                               "offered: task-003, task-003-copy"),
    (["--answer", ""], "--answer must be one line of 1 to 64 characters"),
    (["--answer", "x" * 65], "--answer must be one line of 1 to 64 characters"),
])
def test_a_wrong_answer_is_one_line_and_status_2(office, capsys, argv, message):
    run(["run", "--dir", WORKSPACE], capsys)
    status, out, err = run(["run", "--dir", WORKSPACE, *argv], capsys)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1


def test_an_answer_needs_a_saved_question(office, capsys):
    status, _, err = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    assert status == 2
    assert err == ("agentloop: error: --answer: examples/my_agent/out/state.json holds no "
                   "question to answer; run without --answer first\n")


def test_a_rephrased_answer_is_a_new_query(office, capsys):
    folder = f"{WORKSPACE}/routes/no_matches"
    run(["run", "--dir", folder], capsys)
    status, out, _ = run(["run", "--dir", folder, "--answer", "posters"], capsys)
    assert status == 0
    assert "board: examples/my_agent/board — searched for 'posters' (the person's answer)" in out


def test_an_answer_needs_a_state_file_and_a_workspace(office, capsys):
    status, _, err = run(["run", "--dir", f"{WORKSPACE}/routes/bare", "--answer", "x"], capsys)
    assert status == 2 and "--answer needs a state file" in err
    status, _, err = run(["run", "--dir", str(ROOT / "examples/stop_policy/limit2"),
                          "--answer", "x"], capsys)
    assert status == 2 and "--answer needs a workspace" in err


@pytest.mark.parametrize(("golden", "folder", "status"),
                         [r for r in ROUTES if r[0] != "ch5_bare.txt"],
                         ids=[r[0] for r in ROUTES if r[0] != "ch5_bare.txt"])
def test_replay_prints_the_same_banner_steps_and_stop(office, capsys, golden, folder, status):
    _, banner, _ = run(["run", "--dir", folder], capsys)
    trace = f"{folder}/out/trace.jsonl"
    assert run(["replay", trace], capsys) == (
        0, banner + f"replayed: {trace} — {banner.count('Step ')} steps, the same decisions "
                    "and the same stop\n", "")


def test_replay_reads_only_the_trace(office, capsys):
    folder = f"{WORKSPACE}/routes/one_match"
    _, banner, _ = run(["run", "--dir", folder], capsys)
    shutil.copy(f"{folder}/out/trace.jsonl", office / "kept.jsonl")
    shutil.rmtree(office / "examples")   # no workspace, no board: the trace is enough
    status, out, _ = run(["replay", "kept.jsonl"], capsys)
    assert status == 0 and out.startswith(banner)


def test_a_run_is_byte_identical_every_time(office):
    def once() -> tuple[bytes, bytes, bytes]:
        done = subprocess.run([sys.executable, "-m", "agentloop", "run", "--dir",
                               f"{WORKSPACE}/routes/one_match"], capture_output=True)
        folder = office / WORKSPACE / "routes/one_match/out"
        return done.stdout, (folder / "trace.jsonl").read_bytes(), \
            (folder / "answer.md").read_bytes()

    first = once()
    assert first == once()
    assert first[0] == (GOLDEN / "ch5_one_match.txt").read_bytes()


@pytest.mark.parametrize(("edit", "message"), [
    (lambda s: s.replace('"decision": "continue"', '"decision": "limit"', 1),
     "step 1 does not replay: the trace has decision \"limit\", the loop gives \"continue\""),
    (lambda s: s.replace('"matches": ["task-003", "task-003-copy"]', '"matches": ["task-003"]',
                         1), "does not replay"),
    (lambda s: "\n".join(s.splitlines()[:-1]) + "\n", "the last line must be the stop line"),
    (lambda s: s.replace('"terminal": "needs_input"', '"terminal": "success"'),
     "the trace stops with 'success', the loop with 'needs_input'"),
    (lambda s: "not json\n" + s, "line 1: not JSON"),
])
def test_a_trace_that_was_edited_does_not_replay(office, capsys, edit, message):
    run(["run", "--dir", WORKSPACE], capsys)
    trace = office / WORKSPACE / "out/trace.jsonl"
    trace.write_text(edit(trace.read_text(encoding="utf-8")), encoding="utf-8")
    status, out, err = run(["replay", str(trace)], capsys)
    assert (status, out) == (2, "")
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_chapter_4_event_logs_still_replay_with_the_same_command(capsys):
    status, out, _ = run(["replay", str(GOLDEN / "ch4_demo_events.jsonl")], capsys)
    assert status == 0 and out.endswith("outcome: goal_met\n")


@pytest.mark.parametrize("folder", ["limit2", "office"])
def test_chapter_1_folders_print_exactly_what_they_printed(folder, capsys):
    path = ROOT / "examples/stop_policy" / folder
    status, out, _ = run(["run", "--dir", str(path)], capsys)
    assert (status, out) == (0, format_run(str(path), load_policy(path)) + "\n")
    assert "goal:" not in out and "contract:" not in out


def test_the_board_command_lists_every_card(office, capsys):
    status, out, _ = run(["board", f"{WORKSPACE}/board"], capsys)
    assert (status, out) == (0, (GOLDEN / "ch5_board.txt").read_text(encoding="utf-8"))


def test_the_board_command_on_a_missing_board(office, capsys):
    status, _, err = run(["board", "nowhere"], capsys)
    assert status == 2 and err == "agentloop: error: the board folder nowhere was not found\n"


def test_the_real_command_has_no_traceback_on_bad_input(office):
    done = subprocess.run([sys.executable, "-m", "agentloop", "run", "--dir", WORKSPACE,
                           "--answer", "task-003"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
