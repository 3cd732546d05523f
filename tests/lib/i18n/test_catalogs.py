"""The catalogs never go stale silently: every English text the library writes for chapter 1
(check titles, cases, rules, hints, reasons, the ✔/✘ lines, the demos, the explorer) has
an entry in every catalog, and every entry is still a text some source writes.

Both directions are checked: a changed English message in the code leaves its catalog
entry without a source (stale), and a new one has no entry (untranslated).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from agentloop_grader.answers import chapter_keys

import agentloop.checks.ch1 as ch1
from agentloop.checks.core import Case, judge
from agentloop.commands.loop import format_loop
from agentloop.environment import SCENARIOS
from agentloop.i18n import TRANSLATED, catalog, speaking
from agentloop.i18n.catalog import FIELD
from agentloop.loop import run_loop
from agentloop.stop_policy import PolicyError, format_run, load_policy
from agentloop.terminal_messages import honest_message
from agentloop.terminals import TERMINALS

ROOT = Path(__file__).resolve().parents[3]
LIB = ROOT / "lib" / "agentloop"
# Where the library's chapter-1 words are written (every catalog entry comes from one).
SOURCES = [LIB / "checks" / "ch1.py", LIB / "checks" / "core.py", LIB / "checks" / "__init__.py",
           LIB / "checks" / "withhold.py", LIB / "terminal_messages.py", LIB / "stop_policy.py",
           LIB / "commands" / "loop.py", LIB / "widgets" / "ch1_loop.py",
           *(LIB / "practice" / f"{name}.py" for name in ("blank", "cell", "panel", "solutions",
                                                          "start", "tracking")),
           ROOT / "grader" / "agentloop_grader" / "answers" / "ch1.py",
           ROOT / "tools" / "translations.py"]
# A label the teacher's edition composes from two f-strings: f"{label}: success" with
# label = f"generated final state {number + 1}".
COMPOSED = {"generated final state {}: {}"}
LANGUAGES = [code.value for code in TRANSLATED]


def shape(text: str) -> str:
    return FIELD.sub("{}", text)


def source_shapes() -> set[str]:
    """Every string constant and f-string of the sources, its fields as {}."""
    out = set(COMPOSED)
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(shape(node.value))  # a t() template names its fields
            elif isinstance(node, ast.JoinedStr):
                out.add("".join(p.value if isinstance(p, ast.Constant) else "{}"
                                for p in node.values))
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "cases_by_rule":
                label = node.args[-1]
                if isinstance(label, ast.Constant):  # labelled "<label> 1", "<label> 2", …
                    out.add(f"{label.value} {{}}")
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_still_written_by_the_library(language):
    shapes = source_shapes()
    stale = [key for key in catalog(language).messages if shape(key) not in shapes]
    assert stale == [], "English changed or went away; update or drop these entries"


def test_every_catalog_has_the_same_entries():
    keys = {language: set(catalog(language).messages) for language in LANGUAGES}
    first = keys[LANGUAGES[0]]
    assert all(k == first for k in keys.values()), {
        language: sorted(first ^ k) for language, k in keys.items()}


# --- everything the library can say about chapter 1, produced for real ---------------------

def check_texts() -> list[str]:
    """Titles, hints, case labels and rules of both editions (hidden cases included)."""
    texts = []
    for edition in (list(ch1.CHECKS), list(chapter_keys("ch1").values())):
        for chk in edition:
            texts += [chk.title, chk.hint]
            cases = chk.all_cases(hidden=chk.has_hidden, seed=7) if chk.has_hidden else \
                chk.all_cases()
            for case in cases:
                texts += [case.label, case.rule, case.hint]
    return [t for t in texts if t]


def final_states() -> list[dict]:
    teacher = chapter_keys("ch1")["ch1-messages"]
    return [case.input for case in teacher.all_cases(hidden=True, seed=3)]


BAD_MESSAGES = [
    "", "x" * 301, "Found it.", "Found {card}. Actions used: {steps}. And 42 more.",
    "Actions used: {steps}.", "The card {card}. Actions used: {steps}.",
    "Found {card}? Actions used: {steps}.", "Found {card}, nothing else. Actions used: {steps}.",
    "Found {card}; the read failed. Actions used: {steps}.", "Which? Actions used: {steps}.",
    "Several cards match: {cards}. Actions used: {steps}.",
    "I picked {cards}. Which? Actions used: {steps}.",
    "{cards}: not all cards were checked. Which? Actions used: {steps}.",
    "{cards}; could not read the cards. Which? Actions used: {steps}.",
    "Done. Actions used: {steps}.", "I found a problem. Actions used: {steps}.",
    "All cards checked. Actions used: {steps}.", "Nothing. Actions used: {steps}.",
    "Could not read the cards; nothing found. Actions used: {steps}.",
    "Could not read the cards ({error}). Actions used: {steps}.",
    "Could not read the cards ({error}); nothing found; see task-999. Actions used: {steps}.",
    "Stopped. Actions used: {steps}.", "Not all cards were checked; {card}. Actions used: {steps}.",
    "Not all cards were checked; could not read. Actions used: {steps}.",
]


def reasons() -> list[str]:
    """What the judges say about a gallery of wrong answers, on every kind of case."""
    out = []
    keys = chapter_keys("ch1")
    for check_id in ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario"):
        cases = keys[check_id].all_cases(hidden=True, seed=1)
        for output in ({"value": "limit"}, {"value": "success"}, {"value": 3},
                       {"raised": "NotImplementedError"}, {"nothing": 1}, "junk"):
            report = judge(keys[check_id], cases, [output] * len(cases))
            out += [r.reason for r in report.results if not r.passed]
    predict = keys["ch1-predict"]
    cases = predict.all_cases(hidden=True, seed=1)
    for output in ({"value": "x"}, {"value": ["nope", 2]}, {"value": ["error", 99]},
                   {"value": ["error", 1]}):
        out += [r.reason for r in judge(predict, cases, [output] * len(cases)).results
                if not r.passed]
    out.append(judge(predict, cases, "not a list").problem)
    wrong = ch1.PREDICT.whole([["error", 1]] * len(ch1.PREDICTION_RUNS))
    out.append(wrong)
    for state in [*final_states(), dict(final_states()[0], terminal="weird")]:
        cards = list(dict.fromkeys(state["observation"].get("matches") or []))
        values = {"card": cards[0] if cards else "task-1", "cards": ", ".join(cards),
                  "steps": state["steps"], "error": state["observation"].get("error", "")}
        for message in [5, *BAD_MESSAGES]:
            text = message.format(**values) if isinstance(message, str) else message
            reason = ch1._judge_message(state, None, text)
            if reason:
                out.append(reason)
    return out


def library_texts() -> list[str]:
    """The demos, the explorer, the short messages and the policy errors, in English."""
    texts = []
    for name in SCENARIOS:
        texts += format_loop(run_loop(name)).splitlines()
    texts += format_run("office", {"max_steps": 2, "max_retries": 1}).splitlines()[1:]
    for terminal in TERMINALS:
        for observation in ({"ok": True, "matches": ["task-003"]}, {"ok": True, "matches": []},
                            {"ok": True, "matches": ["a-1", "b-2"]}):
            if observation["matches"] or terminal != "success":
                texts.append(honest_message(terminal, observation))
    from agentloop.widgets.ch1_loop import HEADERS, loop_explorer

    explorer = loop_explorer("limit")
    texts += [*HEADERS, explorer.scenario.description, explorer.first.description,
              explorer.next.description, explorer.all.description]
    explorer.first.click()
    texts.append(explorer.text().splitlines()[-1])
    for max_steps in (1, 2):
        explorer.max_steps.value = max_steps
        texts.append(explorer.text().splitlines()[-1].split("; message:")[0] + "; message: m")
    return texts


def policy_errors(tmp_path: Path) -> list[str]:
    cases = {"not-json": "{", "list": "[]", "unknown": '{"max_steps": 1, "max_retries": 0, "x": 1}',
             "missing": '{"max_steps": 1}'}
    out = []
    for name, text in cases.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "stop_policy.json").write_text(text)
    for folder in [*(tmp_path / n for n in cases), tmp_path / "nowhere", tmp_path]:
        with pytest.raises(PolicyError) as raised:
            load_policy(folder)
        out.append(str(raised.value))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_everything_chapter_1_says_has_a_translation(language, tmp_path):
    words = catalog(language)
    texts = check_texts() + reasons() + library_texts() + policy_errors(tmp_path)
    untranslated = sorted({t for t in texts if words.match(t) is None})
    assert untranslated == []
    assert len(set(texts)) > 150


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_report_keeps_its_verdict_and_changes_its_words(language):
    """The same judged report in English and in `language`: the same ✔ and ✘ lines, in
    the same order, with only the words different; English is the text as judged."""
    chk = ch1.DECIDE_SEARCH
    cases = chk.all_cases()
    outputs = [{"value": "success"}] * len(cases)
    report = judge(chk, cases, outputs)
    english, translated = report.text(language="en"), report.text(language=language)
    marks = [re.findall(r"[✔✘]", line) for line in english.splitlines()]
    assert marks == [re.findall(r"[✔✘]", line) for line in translated.splitlines()]
    assert english.splitlines()[0] == "ch1-decide-search: " + chk.title
    for line_en, line_tr in zip(english.splitlines()[1:], translated.splitlines()[1:],
                                strict=True):
        assert line_en != line_tr
    with speaking(language):
        assert report.text() == translated
    assert report.text() == english  # back in English outside the block


def test_reverse_matching_is_safe_on_what_a_learner_returns():
    """A learner's value quoted in a reason is never translated: only whole messages are."""
    words = catalog("ru")
    reason = "expected 'success', got 'all passed' (rule: the scenario name never changes the " \
             "decision)"
    assert "'all passed'" in words.translate(reason)
    assert "имя сценария" in words.translate(reason)


def test_hidden_case_labels_read_like_the_visible_ones():
    rng = random.Random(5)
    label = Case({}, f"generated state {rng.randint(1, 99)}").label
    assert catalog("bg").translate(label).startswith("генерирано състояние ")
