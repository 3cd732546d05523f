"""The catalogs never go stale silently: every English text the library writes for chapter 1
(check titles, cases, rules, hints, reasons, the ✔/✘ lines, the demos, the explorer) and
every word the checks of chapters 2 to 5 say (their hint steps, titles, cases, rules and
reasons, in both editions) has an entry in every catalog, and every entry is still a text
some source writes.

Both directions are checked: a changed English message in the code leaves its catalog
entry without a source (stale), and a new one has no entry (untranslated).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import random
import re
from pathlib import Path

import pytest
from agentloop_grader.answers import chapter_keys

import agentloop.checks.ch1 as ch1
from agentloop.checks.core import Case, Report, judge, run_check
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
# The library's own words in chapters 2 to 5: the controller's reasons, the transcript, the
# widgets, the demos (their tests: test_library_words.py)
LIBRARY_SOURCES = [LIB / f"{name}.py" for name in (
    "proposals", "controller", "validation", "tools", "agent", "guards",
    "widgets/ch2_proposals", "widgets/ch3_transcripts", "harness/states", "harness/replay",
    "commands/harness", "widgets/ch4_harness", "duty/banner", "duty/trace", "duty/planner",
    "duty/officer", "duty/board", "duty/faults", "commands/duty", "widgets/ch5_duty",
    "commands/_options", "commands/progress", "commands/lookup", "commands/support",
    "openai_compatible", "duty/handover", "duty/shift",
    # chapter 5's errors: the workspace, the files a run reads and writes, the command's lines
    "duty/workspace", "duty/jsonfile", "duty/runs", "commands/shared", "duty/board_tools",
    "duty/example",
    # argparse's sentences and the command's error line
    "cli", "environment")]
# Where the library's chapter-1 words are written (every catalog entry comes from one).
SOURCES = [LIB / "checks" / "ch1.py", LIB / "checks" / "core.py", LIB / "checks" / "__init__.py",
           LIB / "checks" / "withhold.py", LIB / "terminal_messages.py", LIB / "stop_policy.py",
           LIB / "commands" / "loop.py", LIB / "widgets" / "ch1_loop.py",
           *(LIB / "practice" / f"{name}.py" for name in ("blank", "cell", "panel", "solutions",
                                                          "start", "tracking")),
           ROOT / "grader" / "agentloop_grader" / "answers" / "ch1.py",
           ROOT / "tools" / "translations.py",
           # chapters 2 to 5's checks, the learner's edition and the teacher's
           *(LIB / "checks" / f"ch{n}.py" for n in range(2, 6)),
           *(ROOT / "grader" / "agentloop_grader" / "answers" / f"ch{n}.py" for n in range(2, 6)),
           # what the library itself says in chapters 2 to 5 (test_library_words.py)
           *LIBRARY_SOURCES,
           # what the grader writes back to a student: the lines under a graded cell, the
           # feedback page's words (tests/grader/test_languages.py)
           *(ROOT / "grader" / "agentloop_grader" / name for name in (
               "judge/checks.py", "judge/notebook.py", "report/feedback_words.py",
               # the progress page of a learner release
               "learner_release.py"))]
# A label the teacher's edition composes from two f-strings: f"{label}: success" with
# label = f"generated final state {number + 1}".
COMPOSED = {"generated final state {}: {}"}
# Chapters 2 to 4 compose these the same way: chapter 2's generated runs
# (f"generated run {number + 1}" + f"{label}: another key", …), chapter 3's run summary
# (f"{what} {got!r}; expected {want!r}" with what = "the run ended with", …) and chapter 4's
# verdicts on a harness (f"the real harness ({where}) {what}", f"{pair} is {'legal' …}").
COMPOSED |= {f"generated run {{}}: {label}" for label in (
    "another key", "top_topics of another key", "final first", "a final that is not the result",
    "the result as the final", "a repeat lookup, steps left", "a lookup on step {} of {}",
    "top_topics on the last step", "another key on the last step", "a bad key on the last step",
    "a final on the last step")}
COMPOSED |= {f"{what} {{}}; expected {{}}" for what in (
    "the run ended with", "the run ended on step", "the actions run were")}
COMPOSED |= {"{} -> {} is legal", "{} -> {} is illegal",
             "the real harness (harness {} of {}) failed your test: a row of your table is wrong",
             "the real harness (harness {} of {}) made your test break ({})",
             "a harness where {} is {} (harness {} of {}) passed your test: the test must fail "
             "it with an AssertionError",
             "a harness where {} is {} (harness {} of {}) made it break ({}): the test must "
             "fail it with an AssertionError"}
# The controller's reason for a bad argument: f"{name}'s {arg} {problem}", the problem one of
# argument_problem's (a wrong type, a length or a number out of its bounds).
COMPOSED |= {f"{{}}'s {{}} must be {bound}, got {{}}" for bound in (
    "{}", "from {} to {} characters", "from {} to {}", "at most {} characters",
    "at least {} characters", "at most {}", "at least {}")}
# A board tool's observation: f"Error: {text}" with text a BoardError's message.
COMPOSED |= {f"Error: {text}" for text in (
    "the board folder {} was not found", "the board folder {} cannot be opened ({})",
    "{} is not a folder; the board is a folder of card files",
    "the board {} has more than {} card files; split it into smaller boards",
    "the board folder {} cannot be read ({})")}
# How a banner names a token guard: text.replace("tokens=", "token budget ").
COMPOSED |= {"token budget {}"}
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


# --- chapters 2 to 5: every word their checks say, in both editions ------------------------

LATER_CHAPTERS = ("ch2", "ch3", "ch4", "ch5")


def chapter_check_texts(chapter: str) -> list[str]:
    """Hint steps, titles, hints, case labels and rules of both editions (hidden cases
    included)."""
    learner = importlib.import_module(f"agentloop.checks.{chapter}")
    texts = [step for steps in learner.HINTS.values() for step in steps]
    for edition in (list(learner.CHECKS), list(chapter_keys(chapter).values())):
        for chk in edition:
            texts += [chk.title, chk.hint]
            cases = chk.all_cases(hidden=True, seed=7) if chk.has_hidden else chk.all_cases()
            texts += [t for case in cases for t in (case.label, case.rule, case.hint)]
    return [t for t in dict.fromkeys(texts) if t]


def reports(chapter: str, check_id: str, answers: list, hidden: bool = True) -> list[Report]:
    """Each answer checked on the learner's visible cases, and on the teacher's hidden ones
    (unless `hidden` is False: a check whose hidden cases are slow to run and say nothing
    the visible ones do not)."""
    learner = {c.id: c for c in importlib.import_module(f"agentloop.checks.{chapter}").CHECKS}
    teacher = chapter_keys(chapter)
    out = [run_check(learner[check_id], answer) for answer in answers]
    if hidden:
        out += [run_check(teacher[check_id], answer, hidden=True, seed=3) for answer in answers]
    return out


def wrong_ch2() -> list[Report]:
    from agentloop.proposals import ProposalRejected
    from agentloop.tools import Tool

    def refuse(code: str, reason: str = "no"):
        def validate(proposal, state, registry):
            raise ProposalRejected(code, reason)
        return validate

    def tool(schema: dict, run, description: str = "List the keys."):
        return lambda registry, catalogue: registry.add(Tool("list_keys", description, schema,
                                                             run(catalogue)))

    bounded = {"limit": {"type": "int", "minimum": 1, "maximum": 10}}
    keys = lambda catalogue: lambda limit: sorted(catalogue)[:limit]  # noqa: E731
    out = []
    for check_id in ("ch2-validate-form", "ch2-validate-context"):
        out += reports("ch2", check_id, [lambda p, s, r: None, refuse("bad_argument"),
                                         refuse("nonsense"), refuse("bad_field", ""),
                                         lambda p, s, r: {}["type"]])
    out += reports("ch2", "ch2-second-tool", [
        lambda registry, catalogue: None, tool({"limit": {"type": "int"}}, keys),
        tool(bounded, lambda catalogue: lambda limit: ["x"]), tool(bounded, keys, ""),
        tool({"limit": {"type": "int", "minimum": 2, "maximum": 3}}, keys)])
    final = {"type": "final", "answer": None}
    out += reports("ch2", "ch2-planner", [
        lambda state, cards: {"type": "tool", "name": "lookup", "args": {"key": state["key"]}},
        lambda state, cards: final, lambda state, cards: "x",
        lambda state, cards: {"type": "final", "answer": state["observations"][-1]["result"]}
        if state["observations"] else
        {"type": "tool", "name": "top_topics", "args": {"key": state["key"], "count": 2}}])
    return out


def wrong_ch3() -> list[Report]:
    from agentloop.agent import run_agent
    from agentloop.models import SupportModel

    def previous(steps):
        before = steps[-2:-1]
        return "same" if before and (before[0]["tool"], before[0]["input"]) == \
            (steps[-1]["tool"], steps[-1]["input"]) else None

    def report(task, max_steps=5):
        t = run_agent(SupportModel(), task, max_steps)
        return {"exit": t.exit, "step": t.ended_on, "answer": t.answer or "", "requests": []}

    out = []
    for check_id in ("ch3-repeated-guard", "ch3-repeated-runs"):
        out += reports("ch3", check_id, [lambda s: None, lambda s: "stop", lambda s: 5,
                                         previous])
    out += reports("ch3", "ch3-token-guard", [
        lambda budget: lambda s: "over" if sum(x["tokens"] for x in s) > budget else None,
        lambda budget: lambda s: "over" if sum(x["tokens"] + x["reply_tokens"] for x in s)
        >= budget else None,
        lambda budget: lambda s: None, lambda budget: 3])
    out += reports("ch3", "ch3-budget-stop", [lambda task, budget: None,
                                              lambda task, budget: 3, lambda task, budget: "x"])
    for check_id in ("ch3-fix-loop-answers", "ch3-fix-loop-exits"):
        out += reports("ch3", check_id, [
            lambda model, task, max_steps=5: [], lambda model, task, max_steps=5: "x",
            lambda model, task, max_steps=5: run_agent(model, task, max_steps).lines()[:-1]])
    for check_id in ("ch3-exit-report-exit", "ch3-exit-report-honest"):
        out += reports("ch3", check_id, [lambda task, max_steps=5: {}, report,
                                         lambda task, max_steps=5: 5])
    notes = [lambda t: "Done.", lambda t: 5, lambda t: "x" * 400,
             lambda t: f"The customer was answered on step {t.ended_on}. No refund.",
             lambda t: f"Not answered, no guard, step limit, step {t.ended_on}; an employee "
                       "must take over. Waiting for approval: R-9.",
             lambda t: f"A guard stopped step {t.ended_on}."]
    for check_id in ("ch3-note-exit", "ch3-note-requests"):
        out += reports("ch3", check_id, notes)
    return out


def wrong_ch4() -> list[Report]:
    from agentloop.harness import IllegalTransition
    from agentloop.harness.hooks import SKIP

    def raising(payload):
        raise PermissionError("no")

    def edits(payload):
        payload["args"]["command"] = "ls"

    def naive(payload):
        if "rm -rf" in payload.get("args", {}).get("command", ""):
            raise PermissionError("no")

    class Figures:
        def __init__(self, figures):
            self.figures = lambda: figures

        def __call__(self, event):
            pass

    one_step = {"name": "x", "status": "ok", "tool_calls": 0, "blocked": 0, "failed": 0}
    figures = [lambda: Figures({}), lambda: Figures({"steps": "1", "per_step": "x"}),
               lambda: Figures({"steps": 0, "tool_calls": 0, "blocked": 0, "failed": 0,
                                "per_step": [one_step]})]

    def loop(extend):
        def finish(harness, stop):
            while stop.kind != "done":
                if stop.kind == "tool_call":
                    stop = harness.resume(harness.call_tool(stop.request))
                    continue
                extend(harness, stop)
                stop = harness.resume()
            return stop
        return finish

    names = ["IDLE", "PLANNING", "EXECUTING", "AWAITING_TOOL", "REFLECTING", "DONE"]
    everything = [[s, t, True] for s in names for t in names]

    def lenient(validate):
        for source, target, _ in everything:
            with contextlib.suppress(IllegalTransition):
                validate(source, target)
        return 36

    out = []
    for check_id in ("ch4-guard-flags", "ch4-guard-commands"):
        out += reports("ch4", check_id, [lambda p: None, raising, lambda p: False,
                                         lambda p: SKIP, edits, naive])
    for check_id in ("ch4-figures-totals", "ch4-figures-per-step"):
        out += reports("ch4", check_id, figures)
    for check_id in ("ch4-finish-turns", "ch4-finish-any-limit"):
        out += reports("ch4", check_id, [
            loop(lambda h, s: h.extend_budget(turns=5, tool_calls=5, seconds=50)),
            loop(lambda h, s: h.extend_budget(**{s.pause["limit"]: 1})),
            lambda harness, stop: None, lambda harness, stop: harness.close("enough")])
    out += reports("ch4", "ch4-table-rows", [
        [], "x", [["NOPE", "IDLE", True]], [["IDLE", "IDLE", "yes"]],
        [["IDLE", "IDLE", True]] * 2, everything[:10], everything])
    for check_id in ("ch4-table-forbidden", "ch4-table-allowed"):
        out += reports("ch4", check_id, [lambda v: 36, lambda v: {}["x"], lenient,
                                         lambda v: None])
    return out


def wrong_ch5() -> list[Report]:
    from agentloop.tools import Tool

    def policy(page_size: int, max_steps: int = 5, max_retries: int = 1,
               guards: tuple = ("repeated",)):
        return lambda card_files: {"max_steps": max_steps, "max_retries": max_retries,
                                   "page_size": page_size, "guards": list(guards)}

    def tool(schema: dict, run, description: str = "Count the blocked cards of a group."):
        return lambda registry, board: registry.add(Tool("count_blocked", description, schema,
                                                         run))

    def broken(group):
        raise ValueError("no")

    bounded = {"group": {"type": "str", "min_length": 1, "max_length": 32}}
    extra = {"ok": True, "group": "g", "blocked": [], "count": 0, "unreadable": [], "x": 1}

    def asks(text):
        return lambda state, board: ("needs_input", text(state))

    def everyone(state):
        return " ".join(state["matches"] + [u["file"] for u in state["unreadable"]])

    out = reports("ch5", "ch5-route-steps", [lambda c, p: 5, lambda c, p: "x",
                                             lambda c, p: c // p + 2])
    for check_id in ("ch5-policy-fit", "ch5-policy-edges"):
        out += reports("ch5", check_id, [lambda n: {}, policy(5), policy(50), policy(0),
                                         policy(7, max_steps=4), policy(7, max_retries=0),
                                         policy(7, guards=())], hidden=False)
    for check_id in ("ch5-tool-controller", "ch5-tool-board"):
        out += reports("ch5", check_id, [
            lambda registry, board: None, tool({"group": {"type": "str"}}, lambda g: extra,
                                               "Count."),
            tool({"group": {"type": "str"}}, lambda g: extra), tool(bounded, broken),
            tool(bounded, lambda g: {"ok": False, "error": ""})], hidden=False)
    for check_id in ("ch5-ask-decision", "ch5-ask-question"):
        out += reports("ch5", check_id, [
            lambda s, b: ("continue", None), lambda s, b: "x", lambda s, b: ("continue", "?"),
            asks(lambda s: ""), asks(lambda s: "x" * 600),
            asks(lambda s: "I picked task-003. Which one? task-999"),
            asks(lambda s: "Which one do you mean?"),
            asks(lambda s: "No card matches. Which one do you mean? " + everyone(s)),
            asks(lambda s: "Which one do you mean? " + everyone(s))], hidden=False)
    def files(state):
        return " ".join(u["file"] for u in state["unreadable"])

    for check_id in ("ch5-report-unchecked", "ch5-report-counts"):
        out += reports("ch5", check_id, [
            lambda s: "Done.", lambda s: "", lambda s: "x" * 500, lambda s: 5,
            lambda s: "Not all cards were checked; found task-003.",
            lambda s: "Not all cards were checked. All cards were read.",
            lambda s: "Not all cards were checked. Not finished.",
            lambda s: f"Not all cards were checked: {s['scanned']} of {s['total']}, "
                      f"{s['total'] - s['scanned']} unread, {s['steps']} of "
                      f"{s['page_count']} pages, 99. {files(s)}",
            lambda s: f"Not all cards were checked: {s['scanned']} of {s['total']}, "
                      f"{s['total'] - s['scanned']} unread. {files(s)}",
            lambda s: f"Not all cards were checked: {s['scanned']} of {s['total']} card "
                      f"files. {files(s)}",
            lambda s: f"Not all cards were checked: {s['page_count']} of {s['page_count']} "
                      "pages were read."])
    return out


@functools.cache
def later_texts(chapter: str) -> frozenset[str]:
    """What the chapter's checks can say: their fixed words, and what they said about a
    gallery of wrong answers (the same in every language: judged in English)."""
    texts = chapter_check_texts(chapter)
    for report in globals()[f"wrong_{chapter}"]():
        texts += [report.problem, report.overall, report.title]
        texts += [t for r in report.results for t in (r.reason, r.label, r.hint)]
    return frozenset(t for t in texts if t)


@pytest.mark.parametrize("chapter", LATER_CHAPTERS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_everything_the_checks_of_chapters_2_to_5_say_has_a_translation(language, chapter):
    words = catalog(language)
    texts = later_texts(chapter)
    assert sorted(t for t in texts if words.match(t) is None) == []
    assert len(texts) > 100
