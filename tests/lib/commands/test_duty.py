"""Chapter 5's command line: every route of the example board, byte for byte; the question,
the answer (an id or words) and the next run through the last run's state; every run in a
folder of its own, each one replayable; replay against the board; the board listing."""

from __future__ import annotations

import json
import re
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
    ("ch5_one_match.txt", f"{WORKSPACE}/routes/one_match", 0),  # on the fixed board
    ("ch5_unreadable_card.txt", f"{WORKSPACE}/routes/unreadable_card", 1),   # task-012.md
    ("ch5_no_matches.txt", f"{WORKSPACE}/routes/no_matches", 1),
    ("ch5_broken_card.txt", f"{WORKSPACE}/routes/broken_card", 1),
    ("ch5_missing_board.txt", f"{WORKSPACE}/routes/missing_board", 1),   # unreadable board
    ("ch5_limit.txt", f"{WORKSPACE}/routes/limit", 1),          # longer than the budget
    ("ch5_limit2.txt", f"{WORKSPACE}/routes/limit2", 1),
    ("ch5_tokens.txt", f"{WORKSPACE}/routes/tokens", 1),        # chapter 3's token guard
    ("ch5_bare.txt", f"{WORKSPACE}/routes/bare", 0),            # "not configured" lines
    ("ch5_temporary_error.txt", f"{WORKSPACE}/routes/temporary_error", 0),   # a retry fixes it
    ("ch5_last_step_failure.txt", f"{WORKSPACE}/routes/last_step_failure", 1),
    ("ch5_similar_ids.txt", f"{WORKSPACE}/routes/similar_ids", 1),   # exercise 4's rule
]
FIRST = "out/runs/0001"


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


def run_file(office, number: int, name: str, folder: str = WORKSPACE) -> Path:
    return office / folder / f"out/runs/{number:04d}" / name


def numbered(text: str) -> str:
    """A banner with its run folder's number taken out (out/runs/NNNN/)."""
    return re.sub(r"out/runs/\d{4}/", "out/runs/NNNN/", text)


def test_needs_input_then_the_answer_then_success(office, capsys):
    status, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    assert status == 1
    assert ("question: I found two cards with a similar id — task-003 and task-003-copy. "
            "Which one do you mean?") in out.splitlines()
    state = json.loads(run_file(office, 1, "state.json").read_text(encoding="utf-8"))
    assert state["question"]["candidates"] == ["task-003", "task-003-copy"]
    assert state["answer"] is None and state["stop"] == "needs_input"
    first = {path.name: path.read_bytes() for path in run_file(office, 1, "").iterdir()}

    status, out, _ = run(["run", "--dir", WORKSPACE, "--answer", "task-003-copy"], capsys)
    assert (status, out) == (0, (GOLDEN / "ch5_my_agent_answer.txt").read_text(encoding="utf-8"))
    state = json.loads(run_file(office, 2, "state.json").read_text(encoding="utf-8"))
    assert state["answer"] == state["chosen"] == "task-003-copy" and state["stop"] == "success"
    answer = run_file(office, 2, "answer.md").read_text(encoding="utf-8")
    assert "## task-003-copy — Equipment for the test benches" in answer
    assert "- blocked_by: none" in answer
    assert (office / WORKSPACE / "out/latest").read_text(encoding="utf-8") == "0002\n"

    # The answer went into the new run's input: its task message and every search ...
    lines = [json.loads(line) for line in
             run_file(office, 2, "trace.jsonl").read_text(encoding="utf-8").splitlines()]
    facts = lines[0]["facts"]
    assert (facts["query"], facts["answer"], facts["chosen"]) == ("task-003-copy",) * 3
    reads = [line for line in lines if line["kind"] == "step"
             and line["action"] == "read_task_cards"]
    assert {r["proposal"]["args"]["query"] for r in reads} == {"task-003-copy"}
    # ... and never into the old run: its folder is byte for byte what it was, and replays.
    assert {path.name: path.read_bytes() for path in run_file(office, 1, "").iterdir()} == first
    status, out, _ = run(["replay", f"{WORKSPACE}/{FIRST}"], capsys)
    assert status == 0 and "Stop: needs_input" in out


def test_every_run_of_a_session_keeps_its_folder_and_replays(office, capsys):
    banners = [run(["run", "--dir", WORKSPACE], capsys)[1],
               run(["run", "--dir", WORKSPACE, "--answer", "the one for the hall"], capsys)[1],
               run(["run", "--dir", WORKSPACE], capsys)[1]]
    runs = sorted(path.name for path in (office / WORKSPACE / "out/runs").iterdir())
    assert runs == ["0001", "0002", "0003"]
    assert sorted(path.name for path in (office / WORKSPACE / "out").iterdir()) == \
        ["latest", "runs"]
    for number, banner in enumerate(banners, start=1):
        for target in (f"{WORKSPACE}/out/runs/{number:04d}",
                       f"{WORKSPACE}/out/runs/{number:04d}/trace.jsonl"):
            status, out, err = run(["replay", target], capsys)
            assert (status, err) == (0, "") and out.startswith(banner), target
    # the output folder stands for its latest run
    assert run(["replay", f"{WORKSPACE}/out"], capsys)[1].startswith(banners[-1])


def test_the_old_runs_observations_do_not_mention_the_answer(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    before = run_file(office, 1, "trace.jsonl").read_text(encoding="utf-8")
    steps = [json.loads(line) for line in before.splitlines()
             if json.loads(line)["kind"] == "step"]
    assert [s["observation"]["matches"] for s in steps] == [["task-003", "task-003-copy"],
                                                            [], []]
    assert all(s["proposal"]["args"]["query"] == "equipment" for s in steps)


def test_answering_again_gives_the_same_run(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    first = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    again = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    assert first[1] != again[1]   # each in a folder of its own ...
    assert numbered(first[1]) == numbered(again[1]) and first[0] == again[0] == 0   # ... alike
    assert 'answer: task-003 "Equipment for the hall" (lab) — blocked, blocked by task-002' \
        in first[1].splitlines()


def test_a_plain_run_after_the_answer_asks_again(office, capsys):
    asked = run(["run", "--dir", WORKSPACE], capsys)
    run(["run", "--dir", WORKSPACE, "--answer", "task-003-copy"], capsys)
    again = run(["run", "--dir", WORKSPACE], capsys)
    assert again[0] == asked[0] and numbered(again[1]) == numbered(asked[1])


# --- the person's answer in words, resolved against the board ------------------------------

def test_the_seeds_answer_in_words_settles_the_ambiguous_pair(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    status, out, _ = run(["run", "--dir", WORKSPACE, "--answer", "the one for the hall"],
                         capsys)
    assert status == 0
    lines = out.splitlines()
    assert ("board: examples/my_agent/board — searched for 'task-003' (the card the person's "
            "answer 'the one for the hall' names), 5 card files a page") in lines
    assert 'answer: task-003 "Equipment for the hall" (lab) — blocked, blocked by task-002' \
        in lines
    assert any(line.startswith("state: ") and line.endswith(
        "this run answered the saved question with 'the one for the hall' (task-003); no new "
        "question") for line in lines)


def test_exercise_4s_rule_through_the_command_line_with_an_answer_in_words(office, capsys):
    folder = f"{WORKSPACE}/routes/similar_ids"
    status, out, _ = run(["run", "--dir", folder], capsys)
    assert (status, out) == (1, (GOLDEN / "ch5_similar_ids.txt").read_text(encoding="utf-8"))
    status, out, _ = run(["run", "--dir", folder, "--answer", "the one for the hall"], capsys)
    assert (status, out) == (0, (GOLDEN / "ch5_similar_ids_answer.txt").read_text(
        encoding="utf-8"))
    # the rule still holds for a run that is not answered: it asks again
    status, out, _ = run(["run", "--dir", folder], capsys)
    assert status == 1 and "has a similar id. Which one do you mean?" in out


@pytest.mark.parametrize(("answer", "message"), [
    ("the lab one", "--answer 'the lab one' does not tell the cards apart: 'lab' fits every "
                    "card the question offered (task-003 \"Equipment for the hall\" (lab); "
                    "task-003-copy \"Equipment for the test benches\" (lab)). Which one do "
                    "you mean?"),
    ("hall or benches", "--answer 'hall or benches' still fits more than one card: 'hall' "
                        "fits task-003 \"Equipment for the hall\" (lab); 'benches' fits "
                        "task-003-copy \"Equipment for the test benches\" (lab). Which one do "
                        "you mean?"),
    ("the blue one", "--answer 'the blue one' names none of the cards the question offered"),
])
def test_an_answer_that_does_not_settle_it_asks_again_naming_what_is_ambiguous(
        office, capsys, answer, message):
    folder = f"{WORKSPACE}/routes/similar_ids"
    run(["run", "--dir", folder], capsys)
    status, out, err = run(["run", "--dir", folder, "--answer", answer], capsys)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"agentloop: error: {message}"), err
    # nothing was run or written, and the question is still the one to answer
    assert sorted(p.name for p in (office / folder / "out/runs").iterdir()) == ["0001"]
    assert run(["run", "--dir", folder, "--answer", "copy"], capsys)[0] == 0   # task-003-copy


def test_a_confirmation_settles_one_match_beside_an_unreadable_card(office, capsys):
    folder = f"{WORKSPACE}/routes/unreadable_card"
    run(["run", "--dir", folder], capsys)
    for answer in ("yes", "the posters", "task-004"):
        status, out, _ = run(["run", "--dir", folder, "--answer", answer], capsys)
        assert status == 0, answer
        assert 'answer: task-004 "Print the open day posters" (design) — todo, blocked by ' \
               "nothing" in out.splitlines()
        assert "not searched: task-012.md" in out   # still said: it was not read


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
    assert err == ("agentloop: error: --answer: no run of examples/my_agent has saved a "
                   "question yet; run it without --answer first\n")
    run(["run", "--dir", f"{WORKSPACE}/routes/one_match"], capsys)   # success: no question
    status, _, err = run(["run", "--dir", f"{WORKSPACE}/routes/one_match", "--answer", "x"],
                         capsys)
    assert status == 2 and err == (
        "agentloop: error: --answer: examples/my_agent/routes/one_match/out/runs/0001/"
        "state.json holds no question to answer; run without --answer first\n")


def test_a_workspace_from_before_run_folders_still_answers_its_question(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    out = office / WORKSPACE / "out"
    shutil.copy(run_file(office, 1, "state.json"), out / "state.json")   # the old layout
    shutil.rmtree(out / "runs")
    (out / "latest").unlink()
    status, text, _ = run(["run", "--dir", WORKSPACE, "--answer", "task-003"], capsys)
    assert status == 0 and "Stop: success" in text
    assert (out / "latest").read_text(encoding="utf-8") == "0001\n"


def test_a_rephrased_answer_is_a_new_query(office, capsys):
    folder = f"{WORKSPACE}/routes/no_matches"
    run(["run", "--dir", folder], capsys)
    status, out, _ = run(["run", "--dir", folder, "--answer", "posters"], capsys)
    assert "board: examples/my_agent/board — searched for 'posters' (the person's answer)" in out
    # one match, but task-012.md is still unread on this board: it asks to confirm ...
    assert status == 1 and "Is task-004 the card you mean?" in out
    status, out, _ = run(["run", "--dir", folder, "--answer", "yes"], capsys)
    assert status == 0 and "Stop: success" in out   # ... and the person's yes settles it


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
    trace = f"{folder}/{FIRST}/trace.jsonl"
    assert run(["replay", trace], capsys) == (
        0, banner + f"replayed: {trace} — {banner.count(chr(10) + 'Step ')} steps, the same "
                    "decisions and the same stop\n", "")


def test_replay_reads_only_the_trace(office, capsys):
    folder = f"{WORKSPACE}/routes/one_match"
    _, banner, _ = run(["run", "--dir", folder], capsys)
    shutil.copy(f"{folder}/{FIRST}/trace.jsonl", office / "kept.jsonl")
    shutil.rmtree(office / "examples")   # no workspace, no board: the trace is enough
    status, out, _ = run(["replay", "kept.jsonl"], capsys)
    assert status == 0 and out.startswith(banner)


def test_a_run_is_byte_identical_every_time(office):
    def once() -> tuple[bytes, bytes, bytes]:
        done = subprocess.run([sys.executable, "-m", "agentloop", "run", "--dir",
                               f"{WORKSPACE}/routes/one_match"], capture_output=True)
        folder = office / WORKSPACE / "routes/one_match/out"
        kept = (done.stdout, (folder / FIRST.removeprefix("out/") / "trace.jsonl").read_bytes(),
                (folder / FIRST.removeprefix("out/") / "answer.md").read_bytes())
        shutil.rmtree(folder)   # a fresh workspace again: the next run is 0001 too
        return kept

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
    trace = run_file(office, 1, "trace.jsonl")
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
