"""One shift of the duty officer (agentloop.duty.shift): `agentloop run --dir` without the
command line — the exit status follows the terminal, the state of the last finished run is
what the next one reads, the scripted scenario is the model unless agent.json names another,
and a workspace that is not there is one line before anything is written."""

from __future__ import annotations

import json
import os

import pytest

from agentloop.duty.example import write_office
from agentloop.duty.planner import DutyModel
from agentloop.duty.shift import last_saved, model_for, run_shift
from agentloop.duty.workspace import WorkspaceError, load_workspace
from agentloop.i18n import speaking


@pytest.fixture
def office(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_office(tmp_path)
    return tmp_path / "my_agent"


def test_a_success_exits_0_and_anything_else_1(office):
    found = run_shift("my_agent/routes/one_match")
    assert (found.run.terminal, found.exit_status) == ("success", 0)
    assert found.text.splitlines()[-1] == "This technical run does not confirm the model's quality."
    asked = run_shift("my_agent")   # the ambiguous pair: a person must choose
    assert (asked.run.terminal, asked.exit_status) == ("needs_input", 1)


def test_the_next_shift_reads_the_state_the_last_one_saved(office):
    workspace = load_workspace("my_agent")
    assert model_for(workspace).__class__ is DutyModel
    saved, shown = last_saved(workspace)
    assert shown is None and saved.question is None   # before any run: a fresh state
    run_shift("my_agent")
    saved, shown = last_saved(load_workspace("my_agent"))
    assert shown == "my_agent/out/runs/0001/state.json"
    assert saved.question is not None and saved.answer is None


def test_a_missing_workspace_is_one_line_and_writes_nothing(office):
    before = sorted(os.listdir(office))
    with pytest.raises(WorkspaceError) as caught:
        run_shift("my_agent/routes/nowhere")
    assert "\n" not in str(caught.value) and "nowhere" in str(caught.value)
    assert sorted(os.listdir(office)) == before


@pytest.mark.parametrize(("language", "said"), [
    ("ru", 'my_agent/agent.json: модели \'live:some-model\' нужен ключ API: LLM_API_KEY не '
           'задана (или укажи "model": "scenario")'),
    ("bg", 'my_agent/agent.json: моделът \'live:some-model\' има нужда от API ключ: '
           'LLM_API_KEY не е зададена (или използвай "model": "scenario")'),
    ("fa", 'my_agent/agent.json: مدل \'live:some-model\' کلید API می‌خواهد: LLM_API_KEY تنظیم '
           'نشده است (یا از "model": "scenario" استفاده کن)'),
])
def test_a_live_model_without_a_key_is_said_in_the_readers_language(office, monkeypatch,
                                                                    language, said):
    monkeypatch.delenv("LLM_API_KEY", raising=False)
    agent = office / "agent.json"
    settings = json.loads(agent.read_text(encoding="utf-8"))
    agent.write_text(json.dumps({**settings, "model": "live:some-model"}), encoding="utf-8")
    before = sorted(os.listdir(office))
    with speaking(language), pytest.raises(WorkspaceError) as refused:
        run_shift("my_agent")
    assert str(refused.value) == said
    assert sorted(os.listdir(office)) == before   # nothing written
