"""Chapter 5's run folders: one folder a run, numbered, never overwritten; the latest run's
state carried on; nothing written outside the workspace, whatever links are planted."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from agentloop.cli import main
from agentloop.duty.example import write_office
from agentloop.duty.runs import OutputError, latest_run, new_run, run_numbers
from agentloop.duty.shift import run_shift
from agentloop.duty.workspace import load_workspace
from agentloop.i18n import speaking

ROUTE = "my_agent/routes/one_match"


@pytest.fixture
def office(tmp_path, monkeypatch):
    """The example office in a fresh folder, the current folder set above it."""
    write_office(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "my_agent"


def files_under(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_runs_are_numbered_and_none_is_touched_again(office):
    out = office / "routes/one_match/out"
    run_shift(ROUTE)
    first = files_under(out / "runs/0001")
    assert sorted(first) == ["answer.md", "state.json", "trace.jsonl"]
    for _ in range(2):
        run_shift(ROUTE)
    assert run_numbers(out / "runs") == [1, 2, 3]
    assert files_under(out / "runs/0001") == first
    assert (out / "latest").read_text(encoding="utf-8") == "0003\n"
    assert not (out / "latest").is_symlink()


def test_a_number_that_is_taken_is_skipped(office):
    runs = office / "routes/one_match/out/runs"
    runs.mkdir(parents=True)
    (runs / "0001").write_text("someone's file", encoding="utf-8")
    (runs / "0002").symlink_to(office.parent)   # a planted link is never written through
    (runs / "notes").mkdir()                     # not a run's name: ignored
    shift = run_shift(ROUTE)
    assert "out/runs/0003/trace.jsonl" in shift.text
    assert (runs / "0001").read_text(encoding="utf-8") == "someone's file"
    assert sorted(os.listdir(office.parent)) == ["my_agent"]


def test_the_next_run_reads_the_latest_runs_state(office):
    run_shift("my_agent")                                  # 0001 asks
    run_shift("my_agent", answer="task-003")               # 0002 answers it
    workspace = load_workspace("my_agent")
    latest, _ = latest_run(workspace)
    assert latest.name == "0002"
    state = json.loads((latest.path / "state.json").read_text(encoding="utf-8"))
    assert (state["stop"], state["answer"], state["chosen"]) == ("success", "task-003",
                                                                 "task-003")
    # the question is kept, so it can be answered again, differently
    assert run_shift("my_agent", answer="task-003-copy").run.terminal == "success"


def test_a_run_that_broke_does_not_become_the_latest(office, monkeypatch):
    run_shift("my_agent")
    from agentloop.duty import shift as shift_module

    def broken(*args, **kwargs):
        raise OutputError("cannot write: the disk is full")

    with monkeypatch.context() as patch:
        patch.setattr(shift_module, "answer_file", lambda facts, run: broken())
        with pytest.raises(OutputError):
            run_shift("my_agent")
    assert (office / "out/latest").read_text(encoding="utf-8") == "0001\n"
    assert sorted(os.listdir(office / "out/runs")) == ["0001", "0002"]   # 0002 is kept
    assert run_shift("my_agent", answer="task-003").run.terminal == "success"   # 0001's


@pytest.mark.parametrize("link", ["out", "out/runs"])
def test_an_output_folder_linked_outside_the_workspace_is_refused(office, tmp_path, link,
                                                                  capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = office / "routes/one_match" / link
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(elsewhere)
    assert main(["run", "--dir", ROUTE]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"agentloop: error: {ROUTE}/{link} leads outside the "
                                   f"workspace (to {elsewhere})")
    assert os.listdir(elsewhere) == []


def test_a_link_that_stays_inside_the_workspace_is_followed(office):
    route = office / "routes/one_match"
    (route / "kept").mkdir()
    (route / "out").symlink_to(route / "kept")
    run_shift(ROUTE)
    assert sorted(os.listdir(route / "kept/runs/0001")) == ["answer.md", "state.json",
                                                           "trace.jsonl"]


def test_an_old_answer_file_linked_elsewhere_is_never_written(office, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = office / "routes/one_match/out"
    out.mkdir(parents=True)
    (out / "answer.md").symlink_to(victim)
    (out / "trace.jsonl").symlink_to(victim)
    run_shift(ROUTE)
    assert victim.read_text(encoding="utf-8") == "precious"


def test_a_latest_that_is_a_link_or_not_a_run_is_one_line(office, tmp_path, capsys):
    run_shift("my_agent")
    out = office / "out"
    (out / "latest").unlink()
    (out / "latest").symlink_to(tmp_path / "anything")
    assert main(["run", "--dir", "my_agent"]) == 2
    assert capsys.readouterr().err == ("agentloop: error: my_agent/out/latest must be a plain "
                                       "file naming the last run (such as 0002); delete it "
                                       "to start afresh\n")
    (out / "latest").unlink()
    (out / "latest").write_text("../../etc\n", encoding="utf-8")
    assert main(["run", "--dir", "my_agent"]) == 2
    assert capsys.readouterr().err == ("agentloop: error: my_agent/out/latest must name a run "
                                       "folder such as 0002, got '../../etc'; delete it to "
                                       "start afresh\n")


def test_a_state_file_that_is_a_link_is_not_read(office, tmp_path, capsys):
    run_shift("my_agent")
    state = office / "out/runs/0001/state.json"
    state.unlink()
    (tmp_path / "forged.json").write_text('{"format": "agentloop.duty.state/1"}',
                                          encoding="utf-8")
    state.symlink_to(tmp_path / "forged.json")
    assert main(["run", "--dir", "my_agent", "--answer", "task-003"]) == 2
    assert capsys.readouterr().err == (
        "agentloop: error: my_agent/out/runs/0001/state.json is a symbolic link; only a file "
        "the duty officer wrote itself is read here\n")


def test_a_workspace_without_outputs_makes_no_folder(office):
    workspace = load_workspace("my_agent/routes/bare")
    assert workspace.out_folder is None and new_run(workspace) is None
    run_shift("my_agent/routes/bare")
    assert not (office / "routes/bare/out").exists()


@pytest.mark.parametrize(("language", "said"), [
    ("ru", "my_agent/out/latest должен называть папку запуска, например 0002, а получено "
           "'../../etc'; удали его, чтобы начать заново"),
    ("bg", "my_agent/out/latest трябва да назовава папка на пускане, например 0002, а е "
           "'../../etc'; изтрий го, за да започнеш отначало"),
    ("fa", "my_agent/out/latest باید نام یک پوشهٔ اجرا مانند 0002 باشد، اما '../../etc' رسید؛ "
           "پاکش کن تا از نو شروع شود"),
])
def test_a_run_folder_problem_is_said_in_the_readers_language(office, language, said):
    run_shift("my_agent")
    (office / "out/latest").write_text("../../etc\n", encoding="utf-8")
    with speaking(language), pytest.raises(OutputError) as refused:
        run_shift("my_agent")
    assert str(refused.value) == said
    assert sorted(os.listdir(office / "out/runs")) == ["0001"]   # nothing more was written
