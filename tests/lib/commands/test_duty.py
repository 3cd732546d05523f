"""Chapter 5's command line: every route of the example board, byte for byte; the question,
the answer (an id or words) and the next run through the last run's state; every run in a
folder of its own, each one replayable; replay against the board; the board listing."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
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


# --- honest on every board: unreadable cards, hostile files, forged traces -----------------
# Root reads a file whatever its mode, so as root a card is made unreadable by its content
# (bytes that are not UTF-8); as the teacher account, by its permissions. The honest outcome
# must be the same: only the reason on the "not searched" line differs.

def spoil(path: Path) -> None:
    """Make a card file unreadable by its content: a byte that is not UTF-8."""
    path.write_bytes(path.read_bytes() + b"\xff")


def lines_but_reasons(text: str) -> list[str]:
    """The banner, with every reason on the not searched line left out."""
    return [re.sub(r" \([^()]*(\([^()]*\))?[^()]*\)", "", line)
            if line.startswith("not searched:") else line for line in text.splitlines()]


def test_an_unreadable_card_blocks_the_success_it_could_change(office, capsys):
    spoil(office / WORKSPACE / "board/task-003-copy.md")   # the seed's trap, hidden
    status, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    assert (status, out) == (1, (GOLDEN / "ch5_unreadable_copy.txt").read_text(encoding="utf-8"))
    assert "Stop: needs_input" in out and "contract: met" in out   # drafted, not claimed
    assert "Is task-003 the card you mean?" in out


def test_a_board_of_unreadable_cards_is_not_searched_nor_said_to_be(office, capsys):
    for card in (office / WORKSPACE / "board").iterdir():
        spoil(card)
    status, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    assert (status, out) == (1, (GOLDEN / "ch5_board_unreadable.txt").read_text(
        encoding="utf-8"))
    assert "searched the whole board" not in out and "no card matches" not in out


TEACHER_SCRIPT = r'''
import contextlib, io, json, os, sys
from agentloop.cli import main
from agentloop.duty.example import write_office

def cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return [status, out.getvalue(), err.getvalue()]

def case(name):
    folder = os.path.join(sys.argv[1], name)
    os.makedirs(folder)
    os.chdir(folder)
    return write_office("examples")

results = {}
office = case("card")
os.chmod(office / "board/task-003-copy.md", 0)
results["card"] = cli("run", "--dir", "examples/my_agent")
office = case("board")
os.chmod(office / "board", 0o444)
results["board"] = cli("run", "--dir", "examples/my_agent")
os.chmod(office / "board", 0o755)
office = case("policy")
os.chmod(office / "stop_policy.json", 0)
results["policy"] = cli("run", "--dir", "examples/my_agent")
office = case("agent")
os.chmod(office / "agent.json", 0)
results["agent"] = cli("run", "--dir", "examples/my_agent")
office = case("out")
(office / "out").mkdir()
os.chmod(office / "out", 0o555)
results["out"] = cli("run", "--dir", "examples/my_agent")
office = case("link")
os.mkdir("elsewhere")
os.symlink(os.path.abspath("elsewhere"), office / "out")
results["link"] = cli("run", "--dir", "examples/my_agent") + [os.listdir("elsewhere")]
office = case("state")
cli("run", "--dir", "examples/my_agent")
os.chmod(office / "out/runs/0001/state.json", 0)
results["state"] = cli("run", "--dir", "examples/my_agent", "--answer", "task-003")
office = case("trace")
cli("run", "--dir", "examples/my_agent")
os.chmod(office / "out/runs/0001/trace.jsonl", 0)
results["trace"] = cli("replay", "examples/my_agent/out/runs/0001/trace.jsonl")
print(json.dumps(results))
'''


@pytest.fixture(scope="module")
def as_teacher():
    """Every permission case, run once as the ordinary teacher account (as this user when
    the tests do not run as root): {case: [status, stdout, stderr]}."""
    from unprivileged import ensure_teacher, is_root, run_as_teacher

    folder = tempfile.mkdtemp(prefix="agentloop-teacher-")
    try:
        if is_root():
            account = ensure_teacher()
            os.chown(folder, account.pw_uid, account.pw_gid)
        done = run_as_teacher([sys.executable, "-c", TEACHER_SCRIPT, folder], cwd=folder,
                              env={"PYTHONPATH": str(ROOT / "lib")})
        assert done.returncode == 0, done.stderr[-3000:]
        yield json.loads(done.stdout)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_as_the_teacher_an_unreadable_card_blocks_the_success_too(as_teacher):
    status, out, err = as_teacher["card"]
    golden = (GOLDEN / "ch5_unreadable_copy.txt").read_text(encoding="utf-8")
    assert (status, err) == (1, "")
    assert lines_but_reasons(out) == lines_but_reasons(golden)
    assert "not searched: task-003-copy.md (cannot be opened (permission denied))" in out


def test_as_the_teacher_a_board_that_cannot_be_entered_is_not_searched(as_teacher):
    status, out, err = as_teacher["board"]
    golden = (GOLDEN / "ch5_board_unreadable.txt").read_text(encoding="utf-8")
    assert (status, err) == (1, "")
    assert lines_but_reasons(out) == lines_but_reasons(golden)
    assert out.count("(cannot be opened (permission denied))") == 14


@pytest.mark.parametrize(("case", "message"), [
    ("policy", "examples/my_agent/stop_policy.json cannot be read (permission denied)"),
    ("agent", "examples/my_agent/agent.json cannot be read (permission denied)"),
    ("out", "cannot create examples/my_agent/out/runs: permission denied"),
    ("state", "examples/my_agent/out/runs/0001/state.json cannot be read (permission denied)"),
    ("trace", "examples/my_agent/out/runs/0001/trace.jsonl cannot be read (permission "
              "denied)"),
])
def test_as_the_teacher_a_file_without_permission_is_one_line(as_teacher, case, message):
    status, out, err = as_teacher[case]
    assert (status, out) == (2, "") and err == f"agentloop: error: {message}\n"


def test_as_the_teacher_an_output_folder_linked_elsewhere_is_refused(as_teacher):
    status, out, err, written = as_teacher["link"]
    assert (status, out, written) == (2, "", [])
    assert err.startswith("agentloop: error: examples/my_agent/out leads outside the "
                          "workspace (to ") and err.count("\n") == 1


def test_a_stop_policy_that_is_a_folder_is_one_line(office, capsys):
    policy = office / WORKSPACE / "stop_policy.json"
    policy.unlink()
    policy.mkdir()
    assert run(["run", "--dir", WORKSPACE], capsys) == (
        2, "", "agentloop: error: examples/my_agent/stop_policy.json is a folder, not a file\n")


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(("where", "message"), [
    ("stop_policy.json", "examples/my_agent/stop_policy.json is nested too deeply to be read "
                         "as JSON"),
    ("agent.json", "examples/my_agent/agent.json is nested too deeply to be read as JSON"),
    ("out/runs/0001/state.json", "examples/my_agent/out/runs/0001/state.json is nested too "
                                 "deeply to be read as JSON"),
])
def test_json_nested_too_deeply_is_one_line(office, capsys, where, message):
    if where.startswith("out/"):
        run(["run", "--dir", WORKSPACE], capsys)
    (office / WORKSPACE / where).write_text(DEEP, encoding="utf-8")
    argv = ["--answer", "task-003"] if where.startswith("out/") else []
    assert run(["run", "--dir", WORKSPACE, *argv], capsys) == (
        2, "", f"agentloop: error: {message}\n")


def test_a_trace_nested_too_deeply_is_one_line(office, capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    trace = run_file(office, 1, "trace.jsonl")
    lines = trace.read_text(encoding="utf-8").splitlines()
    lines.insert(1, '{"kind": "event", "data": ' + DEEP + "}")
    trace.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert run(["replay", str(trace)], capsys) == (
        2, "", f"agentloop: error: {trace}, line 2: nested too deeply to be read\n")


def test_a_card_file_name_that_is_not_utf8_is_named_and_blocks_the_success(office, capsys):
    board = office / WORKSPACE / "fixed_board"
    (board / os.fsdecode(b"task-\xfe.md")).write_bytes((board / "task-001.md").read_bytes())
    status, out, err = run(["run", "--dir", f"{WORKSPACE}/routes/one_match"], capsys)
    assert (status, err) == (1, "")
    assert "not searched: task-\\xfe.md (its file name is not UTF-8 text)" in out.splitlines()
    assert "Is task-004 the card you mean?" in out
    trace = f"{WORKSPACE}/routes/one_match/{FIRST}"
    assert run(["replay", trace], capsys)[0] == 0   # the whole trace was written
    status, out, _ = run(["board", f"{WORKSPACE}/fixed_board"], capsys)
    assert status == 0 and "task-\\xfe.md: unreadable — its file name is not UTF-8 text" in out


def test_a_board_longer_than_a_run_may_read_is_an_honest_limit(office, capsys):
    board = office / WORKSPACE / "board"
    for number in range(5_000):
        (board / f"job-{number:04d}.md").write_text("---\nid: x\n---\n", encoding="utf-8")
    status, out, _ = run(["run", "--dir", WORKSPACE], capsys)
    assert status == 1
    assert [line for line in out.splitlines() if line.startswith(("Step", "Stop", "reason"))] \
        == ["Step 1 | read_task_cards | limit", "Stop: limit",
            "reason: The board is longer than a run may read — the board "
            "examples/my_agent/board has more than 2000 card files; split it into smaller "
            "boards. Nothing was checked."]


@pytest.mark.parametrize(("edit", "message"), [
    (lambda facts: facts.update(page_size=0),
     "the run line's facts: page_size must be an integer from 1 to 50, got 0"),
    (lambda facts: facts.update(contract="id"),
     "the run line's facts: contract must be a list drawn from id, title, group, status, "
     "blocked_by, notes, got 'id'"),
    (lambda facts: facts.update(max_steps="5"),
     "the run line's facts: max_steps must be an integer from 1 to 5, got '5'"),
    (lambda facts: facts.update(tools=["rm"]), "the run line's facts: tools[0] is 'rm'"),
    (lambda facts: facts.update(goal=["g"]), "the run line's facts: goal must be one line"),
    (lambda facts: facts.update(board=3), "the run line's facts.board must be one line of "
                                          "text, got 3"),
    (lambda facts: facts.update(tools_default="yes"), "the run line's facts.tools_default "
                                                      "must be true or false"),
    (lambda facts: facts.pop("query"), "the run line's facts has no query"),
])
def test_a_traces_facts_are_checked_field_by_field(office, capsys, edit, message):
    run(["run", "--dir", WORKSPACE], capsys)
    trace = run_file(office, 1, "trace.jsonl")
    lines = trace.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    edit(first["facts"])
    trace.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    status, out, err = run(["replay", str(trace)], capsys)
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    assert err.startswith(f"agentloop: error: {trace}: {message}"), err


@pytest.mark.parametrize(("edit", "message"), [
    (lambda step: step.update(tokens="many"), "the step's tokens is not what a run writes"),
    (lambda step: step.update(observation=[]), "the step's observation is not what a run "
                                               "writes"),
    (lambda step: step.update(decision="maybe"), "the step's decision is not what a run writes"),
    (lambda step: step.update(extra=1), "the step has a field no run writes: extra"),
    (lambda step: step["observation"].update(pages="3"), "does not replay"),
])
def test_a_traces_steps_are_checked_field_by_field(office, capsys, edit, message):
    run(["run", "--dir", WORKSPACE], capsys)
    trace = run_file(office, 1, "trace.jsonl")
    lines = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    edit(next(line for line in lines if line["kind"] == "step"))
    trace.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    status, out, err = run(["replay", str(trace)], capsys)
    assert (status, out) == (2, "") and err.count("\n") == 1 and message in err, err


def forge(trace: Path) -> None:
    """Edit an observation together with its harness event, so that replay cannot tell:
    the unreadable task-012.md disappears from page 3, and the decisions stay the same."""
    text = trace.read_text(encoding="utf-8")
    forged = re.sub(r'\{"file": "task-012\.md", "reason": "[^"]*"\}', "", text)
    assert forged != text
    trace.write_text(forged, encoding="utf-8")


def test_a_forged_trace_replays_but_the_board_names_the_first_forged_observation(office,
                                                                                 capsys):
    run(["run", "--dir", WORKSPACE], capsys)
    folder = f"{WORKSPACE}/{FIRST}"
    status, out, _ = run(["replay", folder, "--against-board"], capsys)
    assert status == 0 and out.endswith("against the board: examples/my_agent/board gives "
                                        "every recorded observation again (3 tool calls)\n")
    forge(run_file(office, 1, "trace.jsonl"))
    status, out, _ = run(["replay", folder], capsys)
    assert status == 0 and "the same decisions and the same stop" in out   # replay cannot tell
    status, out, err = run(["replay", folder, "--against-board"], capsys)
    assert (status, err) == (1, "")
    assert out.splitlines()[-1] == (
        "against the board: step 3's read_task_cards {\"page\": 3, \"query\": \"equipment\"} is "
        "not what the board examples/my_agent/board gives now — the trace has unreadable [], "
        "the board gives [{\"file\": \"task-012.md\", \"reason\": \"not UTF-8 text (byte 0xcf "
        "at position 24)\"}]")


def test_against_another_board_and_a_changed_one(office, capsys):
    run(["run", "--dir", f"{WORKSPACE}/routes/one_match"], capsys)
    folder = f"{WORKSPACE}/routes/one_match/{FIRST}"
    # the office board differs from the fixed one the run read: task-012.md is unread there
    status, out, _ = run(["replay", folder, "--board", f"{WORKSPACE}/board"], capsys)
    assert status == 1 and "step 3's read_task_cards" in out.splitlines()[-1]
    card = office / WORKSPACE / "fixed_board/task-004.md"
    card.write_text(card.read_text(encoding="utf-8").replace("status: todo", "status: done"),
                    encoding="utf-8")
    status, out, _ = run(["replay", folder, "--against-board"], capsys)
    # the card is still valid (step 4 gives the same), but its summary says done (step 5)
    assert status == 1 and out.splitlines()[-1].startswith(
        "against the board: step 5's draft_summary {\"cards\": \"task-004\"} is not what the "
        "board examples/my_agent/fixed_board gives now — the trace has headline")


def test_a_temporary_error_and_a_failure_on_the_last_step_replay_against_the_board(office,
                                                                                   capsys):
    for route in ("temporary_error", "last_step_failure"):
        run(["run", "--dir", f"{WORKSPACE}/routes/{route}"], capsys)
        status, out, _ = run(["replay", f"{WORKSPACE}/routes/{route}/{FIRST}",
                              "--against-board"], capsys)
        assert status == 0 and "gives every recorded observation again" in out, route


def test_replay_refuses_what_is_not_a_trace_in_one_line(office, capsys):
    assert run(["replay", WORKSPACE, "--against-board"], capsys)[2].startswith(
        "agentloop: error: examples/my_agent holds no duty officer trace")
    (office / "notes.txt").write_text("hello", encoding="utf-8")
    status, _, err = run(["replay", "notes.txt", "--against-board"], capsys)
    assert status == 2 and err == ("agentloop: error: notes.txt is not a duty officer's trace; "
                                   "--against-board and --board are for those (chapter 5)\n")


@pytest.mark.parametrize(("language", "said"), [
    ("ru", "папка доски nowhere не найдена"), ("bg", "папката на таблото nowhere не е намерена"),
    ("fa", "پوشهٔ تابلوی nowhere پیدا نشد"),
])
def test_the_commands_errors_are_one_line_in_the_chosen_language(office, capsys, monkeypatch,
                                                                 language, said):
    from agentloop.i18n import catalog

    monkeypatch.setenv("AGENTLOOP_LANG", language)
    error = catalog(language).messages["error: {problem}"].split("{problem}")[0]
    assert run(["board", "nowhere"], capsys) == (2, "", f"agentloop: {error}{said}\n")
    (office / "notes.txt").write_text("hello", encoding="utf-8")
    status, out, err = run(["replay", "notes.txt", "--against-board"], capsys)
    english = "notes.txt is not a duty officer's trace"
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"agentloop: {error}") and "notes.txt" in err and english not in err
    monkeypatch.delenv("AGENTLOOP_LANG")
    assert run(["board", "nowhere"], capsys) == (
        2, "", "agentloop: error: the board folder nowhere was not found\n")
