"""Chapter 5's workspace: every missing or bad setting is one line naming the file and the
field, exit status 2, never a traceback; the state file and the outputs likewise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentloop.cli import main
from agentloop.duty.workspace import WorkspaceError, is_workspace, load_workspace
from agentloop.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
BOARD = ROOT / "examples/my_agent/board"
GOOD = {"goal": "Tell Anya where the equipment task stands", "query": "equipment",
        "board": str(BOARD), "save": "out/answer.md", "state": "out/state.json",
        "trace": "out/trace.jsonl"}
POLICY = '{"max_steps": 5, "max_retries": 1}'


def workspace(tmp_path: Path, agent: object = None, policy: str | None = POLICY,
              raw: str | None = None) -> Path:
    folder = tmp_path / "ws"
    folder.mkdir(exist_ok=True)
    text = raw if raw is not None else json.dumps(GOOD if agent is None else agent)
    (folder / "agent.json").write_text(text, encoding="utf-8")
    if policy is not None:
        (folder / "stop_policy.json").write_text(policy, encoding="utf-8")
    return folder


def with_(**changes: object) -> dict:
    return {**GOOD, **changes}


def without(name: str) -> dict:
    return {k: v for k, v in GOOD.items() if k != name}


AGENT = "ws/agent.json"
POLICY_FILE = "ws/stop_policy.json"
CASES = [
    (without("goal"), f"{AGENT}: missing goal (what the duty officer is asked"),
    (without("query"), f"{AGENT}: missing query"),
    (without("board"), f"{AGENT}: missing board"),
    (with_(goal=""), f"{AGENT}: goal must be one line of text, 1 to 300 characters, got ''"),
    (with_(goal="two\nlines"), f"{AGENT}: goal must be one line of text"),
    (with_(goal=7), f"{AGENT}: goal must be one line of text, 1 to 300 characters, got 7"),
    (with_(query="q" * 65), f"{AGENT}: query must be one line of 1 to 64 characters"),
    (with_(board=""), f"{AGENT}: board must be one line of text"),
    (with_(page_size=0), f"{AGENT}: page_size must be an integer from 1 to 50, got 0"),
    (with_(page_size=True), f"{AGENT}: page_size must be an integer from 1 to 50, got True"),
    (with_(page_size="5"), f"{AGENT}: page_size must be an integer from 1 to 50, got '5'"),
    (with_(tools="read_task_cards"), f"{AGENT}: tools must be a list drawn from"),
    (with_(tools=["read_task_cards", "shell"]),
     f"{AGENT}: tools[1] is 'shell'; allowed: read_task_cards, validate_task_card, "
     "draft_summary"),
    (with_(tools=["draft_summary", "draft_summary"]),
     f"{AGENT}: tools[1] repeats 'draft_summary'"),
    (with_(guards=["repeated", "polite"]),
     f"{AGENT}: guards[1] is 'polite'; a guard is 'repeated' or 'tokens=N'"),
    (with_(guards=["tokens=0"]),
     f"{AGENT}: guards[0]: budget must be an integer from 1 to 100000 tokens, got 0"),
    (with_(guards="repeated"), f"{AGENT}: guards must be a list"),
    (with_(contract=[]), f"{AGENT}: contract is empty"),
    (with_(contract=["id", "owner"]), f"{AGENT}: contract[1] is 'owner'; allowed: id, title, "
                                      "group, status, blocked_by, notes"),
    (with_(save="/tmp/answer.md"), f"{AGENT}: save must be a relative path inside the "
                                   "workspace (no '..', not absolute), got '/tmp/answer.md'"),
    (with_(state="../state.json"), f"{AGENT}: state must be a relative path inside the "
                                   "workspace"),
    (with_(trace="agent.json"), f"{AGENT}: trace would overwrite agent.json"),
    (with_(trace="stop_policy.json"), f"{AGENT}: trace would overwrite stop_policy.json"),
    (with_(save=None), f"{AGENT}: save must be a file path inside the workspace, got None"),
    (with_(trace="out/answer.md"), f"{AGENT}: save, state and trace must be three different "
                                   "files"),
    (with_(model="gpt"), f"{AGENT}: model must be 'scenario', 'live:MODEL_NAME' or an object "
                         '{"kind": "openai-compatible", "base_url": …, "model_name": …}, '
                         "got 'gpt'"),
    (with_(model="live:"), f"{AGENT}: model must be 'scenario', 'live:MODEL_NAME' or an object"),
    (with_(speed=3), f"{AGENT}: unknown field 'speed'; the fields are: goal, query, board"),
    (with_(ask_when=["similar"]), f"{AGENT}: ask_when[0] is 'similar'; allowed: similar_ids"),
    (with_(ask_when="similar_ids"), f"{AGENT}: ask_when must be a list drawn from similar_ids"),
    (with_(faults=[0]), f"{AGENT}: faults[0] must be an integer from 1 to 5 (a tool call of "
                        "the run), got 0"),
    (with_(faults=[1, 1]), f"{AGENT}: faults[1] repeats 1"),
    (with_(faults=1), f"{AGENT}: faults must be a list of tool call numbers"),
    (with_(save="answers/answer.md"), f"{AGENT}: save, state and trace must be in one folder "
                                      "(each run writes them into a folder of its own under "
                                      "it)"),
    (with_(trace="out/runs"), f"{AGENT}: trace must be a file name such as out/answer.md (not "
                              "runs, not hidden), got 'out/runs'"),
    (with_(state="logs/answer.md", trace="logs/trace.jsonl", save="logs/x/answer.md"),
     f"{AGENT}: save, state and trace must be three different files"),
    (with_(goal="bad \udcfe text"), f"{AGENT}: goal holds text that is not valid Unicode"),
    (with_(tools=["read_task_cards", "x\udcfe"]), f"{AGENT}: tools[1] holds text that is not "
                                                  "valid Unicode"),
    (with_(query="a\rb"), f"{AGENT}: query must be one line of 1 to 64 characters"),
    ([1, 2], f"{AGENT} must hold a JSON object with the fields goal, query, board"),
]


@pytest.mark.parametrize(("agent", "message"), CASES, ids=[c[1][len(AGENT) + 2:][:40]
                                                           .encode("ascii", "replace").decode()
                                                           for c in CASES])
def test_a_bad_setting_is_one_line_naming_the_file_and_the_field(tmp_path, monkeypatch, capsys,
                                                                 agent, message):
    monkeypatch.chdir(tmp_path)
    workspace(tmp_path, agent)
    assert main(["run", "--dir", "ws"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"agentloop: error: {message}"), captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert not (tmp_path / "ws/out").exists()   # nothing is written before all is checked


@pytest.mark.parametrize(("policy", "raw", "message"), [
    (None, None, "no stop_policy.json in ws"),
    ('{"max_steps": 9, "max_retries": 1}', None,
     f"{POLICY_FILE}: max_steps must be an integer from 1 to 5, got 9"),
    ('{"max_steps": 5}', None, f"{POLICY_FILE}: missing max_retries"),
    ("{nope", None, f"{POLICY_FILE} is not valid JSON"),
    (POLICY, "{nope", f"{AGENT} is not valid JSON: Expecting property name"),
])
def test_the_stop_policy_and_broken_json_are_explained(tmp_path, monkeypatch, capsys, policy,
                                                       raw, message):
    monkeypatch.chdir(tmp_path)
    workspace(tmp_path, policy=policy, raw=raw)
    assert main(["run", "--dir", "ws"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_missing_folder_is_chapter_1s_message(tmp_path, capsys):
    assert main(["run", "--dir", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_a_missing_board_is_not_a_workspace_error(tmp_path):
    folder = workspace(tmp_path, with_(board="no/such/board"))
    loaded = load_workspace(folder)   # the run will observe it, and stop with error
    assert loaded.board_shown.endswith("no/such/board")


def test_defaults_and_what_is_left_out(tmp_path):
    loaded = load_workspace(workspace(tmp_path, {"goal": "g", "query": "q", "board": "b"}))
    assert (loaded.page_size, loaded.tools_default, loaded.guards, loaded.contract) == \
        (5, True, (), None)
    assert loaded.tools == ("read_task_cards", "validate_task_card", "draft_summary")
    assert loaded.outputs == {"save": None, "state": None, "trace": None}
    assert (loaded.model, loaded.max_steps, loaded.max_retries) == ("scenario", 5, 1)
    # "replay", the scripted scenario's older name, still means the same
    assert load_workspace(workspace(tmp_path, {"goal": "g", "query": "q", "board": "b",
                                               "model": "replay"})).model == "scenario"
    assert is_workspace(tmp_path / "ws") and not is_workspace(ROOT / "examples/stop_policy/office")


def test_workspace_errors_are_value_errors(tmp_path):
    with pytest.raises(ValueError, match="page_size"):
        load_workspace(workspace(tmp_path, with_(page_size=99)))
    assert issubclass(WorkspaceError, ValueError)


def test_a_live_model_without_a_key_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("LLM_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)
    workspace(tmp_path, with_(model="live:some-model"))
    assert main(["run", "--dir", "ws"]) == 2
    err = capsys.readouterr().err
    assert err == ("agentloop: error: ws/agent.json: model 'live:some-model' needs an API key: "
                   "LLM_API_KEY is not set (or use \"model\": \"scenario\")\n")


@pytest.mark.parametrize(("content", "message"), [
    ("{broken", "ws/out/state.json is not valid JSON"),
    ('{"format": "other"}', "ws/out/state.json: format must be 'agentloop.duty.state/1'"),
    ('{"format": "agentloop.duty.state/1", "stop": "maybe"}',
     "ws/out/state.json: stop must be one of success, needs_input, error, limit or null"),
    ('{"format": "agentloop.duty.state/1", "answer": 3}',
     "ws/out/state.json: answer must be a string or null, got 3"),
    ('{"format": "agentloop.duty.state/1", "question": {"kind": "guess", "text": "t", '
     '"query": "q", "candidates": []}}', "ws/out/state.json: question.kind must be one of"),
    ('{"format": "agentloop.duty.state/1", "question": {"text": "t"}}',
     "ws/out/state.json: question must be an object with kind, text, query and candidates"),
])
def test_a_bad_state_file_names_the_file_and_the_field(tmp_path, monkeypatch, capsys, content,
                                                       message):
    monkeypatch.chdir(tmp_path)
    folder = workspace(tmp_path)
    (folder / "out").mkdir()
    (folder / "out/state.json").write_text(content, encoding="utf-8")
    assert main(["run", "--dir", "ws"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_an_output_that_cannot_be_written_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    folder = workspace(tmp_path, without("state"))
    (folder / "out").write_text("a file where the folder should be", encoding="utf-8")
    assert main(["run", "--dir", "ws"]) == 2
    assert capsys.readouterr().err == ("agentloop: error: cannot create ws/out: a file is in "
                                       "the folder's place\n")
    (folder / "out").unlink()
    (folder / "out").mkdir()
    (folder / "out/runs").write_text("not a folder", encoding="utf-8")
    assert main(["run", "--dir", "ws"]) == 2
    assert capsys.readouterr().err == ("agentloop: error: cannot create ws/out/runs: a file is "
                                       "in the folder's place\n")
    (folder / "out/runs").unlink()
    (folder / "out/latest").mkdir()   # latest cannot be replaced: after the run, one line
    assert main(["run", "--dir", "ws"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("agentloop: error: cannot write ws/out/latest: ")
    assert err.count("\n") == 1
    assert (folder / "out/runs/0001/trace.jsonl").is_file()   # the run itself is kept


def test_bad_workspaces_from_the_real_command_have_no_traceback(tmp_path):
    workspace(tmp_path, with_(tools=["rm"]))
    done = subprocess.run([sys.executable, "-m", "agentloop", "run", "--dir", "ws"],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "lib")})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("agentloop: error: ws/agent.json: tools[0] is 'rm'; allowed: "
                           "read_task_cards, validate_task_card, draft_summary\n")


@pytest.mark.parametrize(("setup", "message"), [
    (lambda ws: (ws / "agent.json").write_bytes(b'{"goal": "\xff"}'),
     "ws/agent.json is not UTF-8 text (byte 0xff at position 10)"),
    (lambda ws: (ws / "agent.json").write_text('{"goal": "\\udcfe"}', encoding="utf-8"),
     "ws/agent.json: goal holds text that is not valid Unicode (an escape such as \\udcfe "
     "that stands for no character)"),
    (lambda ws: (ws / "agent.json").write_text("[" * 50_000, encoding="utf-8"),
     "ws/agent.json is nested too deeply to be read as JSON"),
    (lambda ws: (ws / "agent.json").write_text(" " * 1_000_001, encoding="utf-8"),
     "ws/agent.json is 1000001 bytes; a file like this holds at most 1000000"),
    (lambda ws: ((ws / "stop_policy.json").unlink(), (ws / "stop_policy.json").mkdir()),
     "ws/stop_policy.json is a folder, not a file"),
    (lambda ws: (ws / "stop_policy.json").write_bytes(b"\xfe\xff"),
     "ws/stop_policy.json is not UTF-8 text (byte 0xfe at position 0)"),
    (lambda ws: ((ws / "stop_policy.json").unlink(), os.mkfifo(ws / "stop_policy.json")),
     "ws/stop_policy.json is not a regular file"),   # read at once, never waited on
])
def test_a_file_that_cannot_be_read_is_one_line(tmp_path, monkeypatch, capsys, setup, message):
    monkeypatch.chdir(tmp_path)
    setup(workspace(tmp_path))
    assert main(["run", "--dir", "ws"]) == 2
    assert capsys.readouterr().err == f"agentloop: error: {message}\n"


def test_a_workspace_path_that_is_not_utf8_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    folder = workspace(tmp_path)
    odd = os.fsdecode(b"ws-\xfe")
    folder.rename(tmp_path / odd)
    assert main(["run", "--dir", odd]) == 2
    assert capsys.readouterr().err == ("agentloop: error: ws-\\xfe: the workspace's path is "
                                       "not UTF-8 text; rename the folder, or pass it by a path "
                                       "that is\n")


def test_the_new_settings_load(tmp_path):
    loaded = load_workspace(workspace(tmp_path, with_(ask_when=["similar_ids"], faults=[1, 5])))
    assert (loaded.ask_when, loaded.faults, loaded.out_folder) == (("similar_ids",), (1, 5),
                                                                   "out")
    bare = load_workspace(workspace(tmp_path, {"goal": "g", "query": "q", "board": "b",
                                               "trace": "trace.jsonl"}))
    assert bare.out_folder == "."   # each run's folder goes under ws/runs/


def test_ask_when_is_checked_without_loading_the_officers_loop():
    """The rules' names live in agentloop.duty.asking: a workspace (and a learner's code) can
    name them where the officer's loop is not there, as in the grader's sandbox for chapter 5."""
    code = ("import sys, agentloop.duty.workspace as w; "
            "print(w.ASK_RULES, 'agentloop.duty.officer' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["('similar_ids',)", "False"]
    from agentloop.duty import asking, officer

    assert officer.ASK_RULES is asking.ASK_RULES and officer.SIMILAR_IDS == "similar_ids"


# --- in the reader's language: the words translated, the file, the field and the value not --

SAID = {
    "ru": "ws/agent.json: page_size должен быть целым числом от 1 до 50, а получено 0",
    "bg": "ws/agent.json: page_size трябва да е цяло число от 1 до 50, а е 0",
    "fa": "ws/agent.json: page_size باید عددی صحیح از 1 تا 50 باشد، اما 0 رسید",
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_bad_setting_is_said_in_the_chosen_language(tmp_path, monkeypatch, capsys, language):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("AGENTLOOP_LANG", language)
    workspace(tmp_path, with_(page_size=0))
    assert main(["run", "--dir", "ws"]) == 2   # the same exit status in every language
    from agentloop.i18n import catalog

    error = catalog(language).messages["error: {problem}"].split("{problem}")[0]
    assert capsys.readouterr().err == f"agentloop: {error}{SAID[language]}\n"


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_every_bad_setting_is_one_line_in_every_language(tmp_path, monkeypatch, language):
    """The gallery above, said in `language`: another text than the English, one line, still
    naming the file."""
    monkeypatch.chdir(tmp_path)
    untranslated = []
    for agent, english in CASES:
        workspace(tmp_path, agent)
        with speaking(language), pytest.raises(WorkspaceError) as refused:
            load_workspace("ws")
        said = str(refused.value)
        assert AGENT in said and "\n" not in said
        if said.startswith(english):
            untranslated.append(said)
    assert untranslated == []
