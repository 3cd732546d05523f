"""The duty officer's printed banner (agentloop.duty.banner): every part of the run on a line
of its own, in order, and the settings agent.json leaves out said to be "not configured"."""

from __future__ import annotations

import pytest

from agentloop.duty.example import write_office
from agentloop.duty.shift import run_shift

WORKSPACE = "my_agent"


@pytest.fixture
def office(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_office(tmp_path)
    return tmp_path


def test_the_banner_names_every_part_of_the_run(office):
    out = run_shift(WORKSPACE).text
    heads = [line.split(":")[0].split(" |")[0] for line in out.splitlines()]
    assert heads == ["agentloop", "goal", "config", "board", "model", "scenario",
                     "stop_policy", "tools", "Step 1", "Step 2", "Step 3", "Stop", "question",
                     "not searched", "contract", "save", "state", "trace",
                     "This technical run does not confirm the model's quality."]
    assert "not configured" not in out


def test_what_agent_json_leaves_out_is_not_configured(office):
    out = run_shift(f"{WORKSPACE}/routes/bare").text
    missing = {line.split(":")[0]: line for line in out.splitlines() if "not configured" in line}
    assert sorted(missing) == ["contract", "save", "state", "trace"], missing
    assert missing["trace"].endswith("agent.json has no trace, so this run cannot be replayed")
