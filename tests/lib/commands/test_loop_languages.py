"""Chapter 1's commands in the course's other languages: the words change, the data and
the exit status do not, and English stays byte for byte what the golden files hold."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agentloop import i18n
from agentloop.cli import main
from agentloop.environment import SCENARIOS

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ROOT / "examples" / "stop_policy"


@pytest.fixture(autouse=True)
def no_chosen_language(monkeypatch):
    monkeypatch.setattr(i18n.languages, "_chosen", None)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_english_is_the_golden_file_whether_asked_for_or_not(scenario, monkeypatch, capsys):
    monkeypatch.setenv("AGENTLOOP_LANG", "en")
    assert main(["loop", "--scenario", scenario]) == 0
    assert capsys.readouterr().out == (GOLDEN / f"loop_{scenario}.txt").read_text()


@pytest.mark.parametrize(("language", "labels"), [
    ("ru", ("шаг", "состояние", "действие", "наблюдение", "решение")),
    ("bg", ("стъпка", "състояние", "действие", "наблюдение", "решение")),
    ("fa", ("مرحله", "وضعیت", "کنش", "مشاهده", "تصمیم")),
])
def test_the_loop_demo_names_its_lines_in_the_language(language, labels, monkeypatch, capsys):
    monkeypatch.setenv("AGENTLOOP_LANG", language)
    assert main(["loop", "--scenario", "temporary_error"]) == 0
    lines = capsys.readouterr().out.splitlines()
    golden = (GOLDEN / "loop_temporary_error.txt").read_text().splitlines()
    assert len(lines) == len(golden) == 10
    for line, english in zip(lines, golden, strict=True):
        label, value = line.split(": ", 1)
        assert label == labels[golden.index(english) % 5]
        assert value == english.split(": ", 1)[1]  # the data is the same in every language


def test_the_policy_replay_in_bulgarian(monkeypatch, capsys):
    monkeypatch.setenv("AGENTLOOP_LANG", "bg")
    assert main(["run", "--dir", str(EXAMPLES / "limit2")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "agentloop: run"
    assert lines[-3:] == ["Стъпка 2 | validate_task_card | limit", "Спирам: limit",
                          "Възпроизвеждането не доказва нищо за това как би се държал жив модел."]


@pytest.mark.parametrize("language", ["ru", "bg", "fa"])
def test_a_bad_policy_is_one_line_in_the_language(language, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AGENTLOOP_LANG", language)
    folder = tmp_path / "policy"
    folder.mkdir()
    (folder / "stop_policy.json").write_text(json.dumps({"max_steps": 2, "speed": 3}))
    assert main(["run", "--dir", str(folder)]) == 2
    err = capsys.readouterr().err
    english = f"{folder / 'stop_policy.json'}: unknown keys ['speed']; allowed:"
    from agentloop.i18n import catalog

    error = catalog(language).messages["error: {problem}"].split("{problem}")[0]
    assert err.startswith(f"agentloop: {error}") and err.count("\n") == 1
    assert "['speed']" in err and english not in err and "error:" not in err


def test_an_unknown_language_is_one_line_and_status_2(monkeypatch, capsys):
    monkeypatch.setenv("AGENTLOOP_LANG", "klingon")
    assert main(["loop"]) == 2
    err = capsys.readouterr().err
    assert err == ("agentloop: error: $AGENTLOOP_LANG is 'klingon'; the course's languages are "
                   "en (English), ru (Русский), bg (Български), fa (فارسی)\n")


def test_the_real_command_reads_the_environment(monkeypatch):
    done = subprocess.run([sys.executable, "-m", "agentloop", "loop", "--scenario", "one_match"],
                          capture_output=True, text=True, env={"AGENTLOOP_LANG": "ru",
                                                               "PATH": "/usr/bin:/bin"},
                          check=True)
    assert done.stdout.splitlines()[0] == "шаг: 1"
    assert done.stdout.splitlines()[-1] == "решение: success"
