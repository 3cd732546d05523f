"""The duty officer's printed banner (agentloop.duty.banner): every part of the run on a line
of its own, in order, and the settings agent.json leaves out said to be "not configured"."""

from __future__ import annotations

import re

import pytest

from agentloop.duty.banner import HANDOVER_WORDS, handover_words, outcome_lines
from agentloop.duty.example import write_office
from agentloop.duty.handover import message_for
from agentloop.duty.shift import run_shift
from agentloop.i18n import TRANSLATED, speaking
from tests.lib.duty.test_handover import MESSAGES

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


# What the person is told, in the reader's language: every kind of message (test_handover's
# gallery), sentence by sentence, and no sentence of it left in English.
LANGUAGES = [code.value for code in TRANSLATED]


def english_words() -> set[str]:
    """The fixed text of every handover template that holds two words or more."""
    return {chunk.strip(" .,;:—()") for template in HANDOVER_WORDS
            for chunk in re.split(r"\{\w+\}", template)
            if len(re.findall(r"[A-Za-z]+", chunk)) >= 2}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "run", "english"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_every_message_is_said_in_the_readers_language(language, name, run, english):
    with speaking(language):
        said = handover_words(english)
        lines = outcome_lines(run)
    assert said != english
    left = sorted(words for words in english_words() if words in said)
    assert left == [], f"{name} in {language}: {said}"
    assert lines[1].split(": ", 1) == [message_for(run)[0], said]   # the key stays English
    assert message_for(run)[1] == english   # the run's own text is unchanged


@pytest.mark.parametrize(("name", "run", "english"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_in_english_the_message_is_shown_as_the_run_saved_it(name, run, english):
    assert handover_words(english) == english
    assert outcome_lines(run)[1] == f"{message_for(run)[0]}: {english}"


def test_the_data_in_a_message_stays_as_it_is():
    """Ids, titles, queries and file names are the board's and the person's: not translated,
    even where a title holds the sentence's own words (" for ", ". ")."""
    text = ("I found task-003 \"Equipment for the hall\" for 'for the hall. Which', but "
            "task-003-copy \"Equipment for the test benches\" has a similar id. Which one do "
            "you mean?")
    with speaking("ru"):
        said = handover_words(text)
    assert said == ("По запросу 'for the hall. Which' я нашёл task-003 \"Equipment for the "
                    "hall\", но у task-003-copy \"Equipment for the test benches\" похожий "
                    "id. Какую из них ты имеешь в виду?")


def test_a_text_no_template_fits_stays_as_it_is():
    with speaking("bg"):
        assert handover_words("Something else. Which one do you mean?") == \
            "Something else. Which one do you mean?"
        assert handover_words("") == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_route_of_the_example_office_tells_the_person_in_their_language(office,
                                                                               language):
    english = run_shift(WORKSPACE).text.splitlines()
    with speaking(language):
        said = run_shift(WORKSPACE).text.splitlines()
    told = [i for i, line in enumerate(english) if line.startswith("question: ")]
    assert len(told) == 1 and said[told[0]].startswith("question: ")
    assert said[told[0]] != english[told[0]]
    saved = (office / WORKSPACE / "out" / "runs" / "0002" / "state.json").read_text()
    assert english[told[0]].removeprefix("question: ") in saved.replace('\\"', '"')
