"""`run` and `replay` are each defined once, and what they are given picks the chapter."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from agentloop.cli import build_parser, main
from agentloop.commands import shared

ROOT = Path(__file__).resolve().parents[3]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in build_parser()._actions
                  if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_is_registered_once_in_the_chapters_order():
    assert list(subcommands()) == ["loop", "run", "lookup", "support", "harness", "replay",
                                   "board", "progress", "workspace"]
    assert subcommands()["run"].get_default("handler") is shared.run_either
    assert subcommands()["replay"].get_default("handler") is shared.replay_either


def test_run_and_replay_pick_the_chapter_by_what_they_are_given(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "examples/my_agent", tmp_path / "office",
                    ignore=shutil.ignore_patterns("out"))
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--dir", str(ROOT / "examples/stop_policy/limit2")]) == 0
    assert "\nmodel: replay (the authors' recorded route" in capsys.readouterr().out  # ch. 1
    assert main(["run", "--dir", "office/routes/one_match"]) == 0
    assert "\nStop: success\n" in capsys.readouterr().out                 # chapter 5's officer
    assert main(["replay", "office/routes/one_match/out"]) == 0
    assert "\nreplayed: office/routes/one_match/out/runs/0001/trace.jsonl — 5 steps" in \
        capsys.readouterr().out                                            # chapter 5's trace
    assert main(["harness", "--events", "events.jsonl"]) == 0
    capsys.readouterr()
    assert main(["replay", "events.jsonl"]) == 0
    assert capsys.readouterr().out.startswith("state: DONE\n")            # chapter 4's log
    assert main(["replay", "events.jsonl", "--against-board"]) == 2
    assert capsys.readouterr().err == (
        "agentloop: error: events.jsonl is not a duty officer's trace; --against-board and "
        "--board are for those (chapter 5)\n")
