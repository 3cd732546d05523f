"""The library's own words in chapters 2 to 5 — the controller's reasons, range errors, the
transcript, the widgets — have an entry in every catalog, and come out in the reader's
language while the data they show (codes, statuses, exits, a trace) stays as it is.

Each gallery below makes the library say everything it can for real, in English, and every
text must match a catalog template (`test_catalogs.py` checks the other direction: every
entry is still written by a source).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from agentloop.agent import run_agent
from agentloop.cli import main
from agentloop.controller import validate_proposal
from agentloop.duty.banner import board_words, outcome_lines
from agentloop.duty.example import write_office
from agentloop.duty.shift import run_shift
from agentloop.guards import repeated_action, token_budget
from agentloop.harness import DEMO_GOAL, DONE, IDLE, demo_harness, describe, run_demo
from agentloop.harness.states import IllegalTransition, validate_transition
from agentloop.i18n import TRANSLATED, Catalog, catalog, speaking
from agentloop.models import SupportModel
from agentloop.openai_compatible import endpoint_problem
from agentloop.proposals import REASONS, ProposalRejected, new_state
from agentloop.shop import EXAMPLE_TASKS
from agentloop.tools import Tool, ToolRegistry, default_registry, validate_key
from agentloop.validation import validate_whole_number
from agentloop.widgets.ch2_proposals import PRESETS, proposal_explorer
from agentloop.widgets.ch3_transcripts import token_plot, transcript_viewer
from agentloop.widgets.ch4_harness import harness_view
from agentloop.widgets.ch5_duty import BOARDS, QUERIES, duty_explorer

LANGUAGES = [code.value for code in TRANSLATED]
ASKED = {"key": "ai"}


def rejections() -> list[ProposalRejected]:
    """Every rule of the controller refusing a proposal (the reasons as a reader sees them)."""
    registry = default_registry()
    registry.add(Tool("page", "A page.", {"n": {"type": "int", "minimum": 1, "maximum": 9},
                                          "few": {"type": "int", "maximum": 3},
                                          "many": {"type": "int", "minimum": 2},
                                          "short": {"type": "str", "max_length": 3},
                                          "long": {"type": "str", "min_length": 2}},
                      lambda **args: args))
    good = {"n": 1, "few": 1, "many": 2, "short": "a", "long": "ab"}
    looked_up = new_state("ai")
    looked_up["observations"].append({"tool": "lookup", "input": ASKED, "result": {"x": 1}})
    proposals = [
        ("x", new_state("ai")), ({"type": "shell"}, new_state("ai")),
        ({"type": "final"}, new_state("ai")), ({"type": "final", "answer": 1, "why": 2},
                                               new_state("ai")),
        ({"type": "tool", "name": "python", "args": {}}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": []}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": {}}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": {"key": 5}}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": {"key": "k" * 40}}, new_state("ai")),
        ({"type": "tool", "name": "lookup", "args": {"key": "design"}}, new_state("ai")),
        ({"type": "final", "answer": None}, new_state("ai")),
        ({"type": "final", "answer": None}, looked_up),
        *(({"type": "tool", "name": "page", "args": dict(good, **{arg: bad})}, new_state("ai"))
          for arg, bad in (("n", 10), ("few", 4), ("many", 1), ("short", "abcd"),
                           ("long", "a")))]
    out = []
    for proposal, state in proposals:
        with pytest.raises(ProposalRejected) as refused:
            validate_proposal(proposal, state, registry)
        out.append(refused.value)
    empty = ToolRegistry()
    with pytest.raises(ProposalRejected) as refused:
        validate_proposal({"type": "tool", "name": "lookup", "args": {}}, new_state("ai"), empty)
    return [*out, refused.value]


def range_errors() -> list[str]:
    out = []
    for bounds in ((1, 5), (1, None), (0, None), (2, None), (None, 3), (None, None)):
        with pytest.raises(ValueError) as raised:
            validate_whole_number("max_steps", "3", *bounds)
        out.append(str(raised.value))
    with pytest.raises(ValueError) as raised:
        validate_whole_number("budget", 0, 1, 100_000, unit="tokens")
    out.append(str(raised.value))
    with pytest.raises(ValueError) as raised:
        validate_key("")
    return [*out, str(raised.value)]


def explorer_texts() -> list[str]:
    """The proposal explorer's labels and lines, for every preset, before and after a lookup,
    for every planner and budget (the table's proposals are data: only its outcomes count)."""
    explorer = proposal_explorer()
    texts = [explorer.key.description, explorer.looked_up.description, explorer.preset.description,
             explorer.kind.description, explorer.name.description, explorer.args.description,
             explorer.answer.description, explorer.planner.description,
             *(label for label, _ in explorer.preset.options)]
    for looked_up in (False, True):
        explorer.looked_up.value = looked_up
        for name in PRESETS:
            explorer.preset.value = name
            texts += explorer.text().splitlines()[:3]
    explorer.args.value = "{"
    texts += explorer.text().splitlines()[1:3]
    for planner in explorer.planner.options:
        for max_steps in (1, 2, 3):
            explorer.planner.value, explorer.max_steps.value = planner, max_steps
            lines = explorer.text().splitlines()
            texts += [*lines[5].split("  "), lines[-1]]  # the table's header, the summary
            texts += [line.split("  ")[-1].strip() for line in lines[7:-1]]  # outcomes
    explorer.key.value = ""
    return [*texts, explorer.text().splitlines()[-1]]


def transcript_texts() -> list[str]:
    """Every example task's log with no guard, each guard, and a short limit; the viewer's
    summary and labels; the token plot's table."""
    texts = []
    guard_sets = [(), (repeated_action,), (token_budget(300),)]
    for task in EXAMPLE_TASKS.values():
        for guards in guard_sets:
            for max_steps in (1, 5):
                transcript = run_agent(SupportModel(), task, max_steps, guards)
                texts += transcript.log()
                texts += [transcript.pending_line()] if transcript.pending else []
        for repeated, budget in ((False, None), (True, None), (False, 300)):
            viewer = transcript_viewer(task, repeated=repeated, budget=budget)
            texts.append(viewer.text().splitlines()[-1])
            viewer.first.click()
            texts.append(viewer.text().splitlines()[-1])
    texts += [viewer.task.description, viewer.repeated.description, viewer.tokens.description,
              viewer.budget.description, viewer.first.description, viewer.next.description,
              viewer.all.description]
    plot = token_plot(budget=300)
    axes = plot.figure().axes[0]
    texts += [axes.get_title(), axes.get_xlabel(), axes.get_ylabel(),
              *(text.get_text() for text in axes.get_legend().get_texts())]
    table = plot.text().splitlines()
    return [*texts, *table[0].split("  "), *(cell for line in table[2:] for cell in line.split()
                                             if not cell.isdigit())]


def harness_texts(tmp_path: Path) -> list[str]:
    """Chapter 4: both kinds of illegal move, where a session stands (paused on each limit,
    finished, waiting for a tool), the command's own lines and the harness view, step by step."""
    texts = []
    for source, target in ((IDLE, IDLE), (DONE, IDLE)):
        with pytest.raises(IllegalTransition) as raised:
            validate_transition(source, target)
        texts.append(str(raised.value))
    for limits in ((2, 10, 60), (10, 1, 60), (10, 10, 3), (10, 10, 60)):
        texts += describe(run_demo(*limits)).splitlines()
    waiting = demo_harness()
    waiting.run(DEMO_GOAL)
    texts += describe(waiting).splitlines()
    for argv in (["harness", "--max-turns", "1", "--events", str(tmp_path / "e.jsonl")],
                 ["harness", "--events", str(tmp_path / "nowhere" / "e.jsonl")]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(argv)
        texts += out.getvalue().splitlines()[-2:]
        texts += [line.removeprefix("agentloop: error: ") for line in  # its message alone
                  err.getvalue().splitlines()]
    view = harness_view(max_turns=1, max_tool_calls=1, max_seconds=5, guard=True)
    texts += [view.max_tool_calls.description, view.max_seconds.description,
              view.guard.description, view.next.description, view.resume.description,
              view.restart.description]
    for _ in range(8):
        lines = view.text().splitlines()
        texts += lines[1:4] + (lines[4].split() if len(lines) > 4 else [])  # the headers
        if view.stop is None or view.stop.kind == "tool_call":
            view.next_yield()
        else:
            view.extend_and_resume()
    texts.append(re.search(r'y="192"[^>]*>([^<]*)<', view.view.value)[1])
    return texts


@functools.cache
def chapter_2_and_3_texts() -> frozenset[str]:
    texts = [str(r) for r in rejections()] + range_errors() + explorer_texts() + \
        transcript_texts()
    return frozenset(text.strip() for text in texts if text.strip())


@pytest.mark.parametrize("language", LANGUAGES)
def test_everything_the_library_says_in_chapters_2_and_3_has_a_translation(language):
    words = catalog(language)
    texts = chapter_2_and_3_texts()
    # the log's lines are matched with their indent, as the library writes them
    untranslated = sorted(t for t in texts if words.match(t) is None and
                          all(words.match(f"{pad}{t}") is None for pad in ("  ", "    ")))
    assert untranslated == []
    assert len(texts) > 120


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_of_the_controller_is_one_of_its_templates(language):
    """A refusal's reason is translated only by the controller's own templates (REASONS), so
    a learner's reason, or an officer's, is never half-translated by some other entry."""
    words = catalog(language)
    reasons = {refused.args[1] for refused in rejections()}
    assert sorted(r for r in reasons if words.match(r, among=REASONS) is None) == []
    assert len(reasons) > 15
    with speaking(language):
        mine = ProposalRejected("bad_argument", "no tool for that, sorry")
    assert mine.reason == "no tool for that, sorry"  # "{request} for {order}" fits it, but no


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_keeps_its_code_and_its_english_record(language):
    """A reader sees the reason in the language; the code and the trace's record stay."""
    proposal = {"type": "tool", "name": "lookup", "args": {"key": "design"}}
    with speaking(language), pytest.raises(ProposalRejected) as refused:
        validate_proposal(proposal, new_state("ai"))
    english = "lookup's key must be the requested key 'ai', got 'design'"
    assert refused.value.code == "out_of_scope"
    assert refused.value.args == ("out_of_scope", english)
    assert refused.value.record() == f"proposal rejected (out_of_scope): {english}"
    assert refused.value.reason != english and "'design'" in refused.value.reason
    assert "out_of_scope" in str(refused.value) and str(refused.value) != refused.value.record()


def test_english_is_as_it_was():
    """The words of English output are the library's English, byte for byte."""
    with pytest.raises(ValueError, match=r"^max_steps must be an integer from 1 to 5, got 6$"):
        validate_whole_number("max_steps", 6, 1, 5)
    transcript = run_agent(SupportModel(), EXAMPLE_TASKS["courier 1042"], 2)
    assert transcript.lines()[-1] == "  stopping: 2 steps without an answer → to an employee"
    assert transcript.lines()[1] == "  step 1. plan: I ask the courier for the date."
    assert transcript.log() == transcript.lines()


@pytest.mark.parametrize("language", LANGUAGES)
def test_data_is_translated_only_by_its_own_templates(language):
    """A reason a model or a guard wrote, the officer's message and a card's problem keep
    their words even where a short template ("{request} for {order}") would fit them."""
    def ask_for_approval(steps):
        return "waiting for approval" if len(steps) > 1 else None

    with speaking(language):
        transcript = run_agent(SupportModel(), EXAMPLE_TASKS["courier 1042"], 5,
                               [ask_for_approval])
        shown = transcript.log()[-1]
        assert board_words("a title for the hall") == "a title for the hall"
    assert shown.endswith("waiting for approval")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_transcript_is_the_same_run(language):
    """The log's words change; the task, plans, observations, exit and reason do not."""
    task = EXAMPLE_TASKS["courier 1042"]
    english = run_agent(SupportModel(), task, 2, [repeated_action])
    with speaking(language):
        translated = run_agent(SupportModel(), task, 2, [repeated_action])
        lines, record, shown = translated.log(), translated.lines(), str(translated)
    assert record == english.lines()  # the record (exercise 3's lines) stays English
    assert shown == "\n".join(lines)
    assert (translated.exit, translated.reason) == (english.exit, english.reason)
    assert [s.as_guard_input() for s in translated.steps] == \
        [s.as_guard_input() for s in english.steps]
    assert lines != english.lines() and len(lines) == len(english.lines())
    assert task in lines[0] and english.steps[0].plan in lines[1]
    assert "estimate_delivery(1042)" in lines[2]


@pytest.mark.parametrize("language", LANGUAGES)
def test_everything_the_library_says_in_chapter_4_has_a_translation(language, tmp_path):
    words = catalog(language)
    texts = {text.strip() for text in harness_texts(tmp_path) if text.strip()}
    assert sorted(t for t in texts if words.match(t) is None) == []
    assert len(texts) > 30


# A banner line's key stays English (chapter 5's code picks lines by it); its text is
# translated. The person's message after the stop line is several sentences, saved in
# English in answer.md and state.json and shown translated sentence by sentence: its own
# test is test_what_the_person_is_told_is_said_in_their_language.
BANNER_KEYS = ("config", "board", "model", "scenario", "stop_policy", "faults", "tools",
               "contract", "save", "state", "trace", "not searched", "Stop")
UNTRANSLATED = ("agentloop: run", "goal: ", "answer: ", "question: ", "reason: ")


def banner_texts(lines: list[str]) -> list[str]:
    """The translated part of each line: the text after its key, a step's note."""
    out = []
    for line in lines:
        if line.startswith(UNTRANSLATED):
            continue
        if line.startswith("Step "):
            note = re.search(r"\((.*)\) \|", line)
            out += [note[1]] if note else []
            continue
        key, sep, text = line.partition(": ")
        if not sep or key not in BANNER_KEYS:
            out.append(line)
        elif key == "scenario" and not text.startswith("none"):  # the route, after its name
            out.append(text.split(" — ", 1)[1])
        elif key == "state" and not text.startswith("not configured"):  # before; after
            out += text.split(" — ", 1)[1].split("; ")
        elif key == "not searched":  # file (reason); …
            out += [re.match(r"\S+ \((.*)\)$", item)[1] for item in text.split("; ")]
        elif key == "Stop":  # the terminal alone, or the explorer's "… after N steps"
            out += [text] if " after " in text else []
        elif key != "config":  # the workspace's folder alone
            out.append(text)
    return out


def board_texts(lines: list[str]) -> list[str]:
    """`agentloop board`: its first line, an unreadable file's line, a card's problems."""
    out = banner_texts(lines[:1])
    for line in lines[1:]:
        if ": unreadable — " in line:
            out.append(line)
        elif "| problems: " in line:
            out += ["problems: {}", *line.split("| problems: ")[1].split("; ")]
    return out


def duty_texts(tmp_path: Path) -> list[str]:
    """Chapter 5: the banner of every route of the example office, its replay and the board's
    word on it, a board listed, a trace that does not replay, and the duty explorer on
    every board and query."""
    root = write_office(tmp_path)
    texts = []
    routes = sorted(p.name for p in (root / "routes").iterdir())
    for folder in [root, *(root / "routes" / name for name in routes)]:
        texts += banner_texts(run_shift(str(folder)).text.splitlines())
    run_shift(str(root), "the one for the hall")
    for argv in (["replay", str(root / "out"), "--against-board"], ["board", str(root / "board")]):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            main(argv)
        lines = out.getvalue().splitlines()
        texts += board_texts(lines) if argv[0] == "board" else banner_texts(lines)
    trace = sorted((root / "out" / "runs").glob("*/trace.jsonl"))[0]
    lines = trace.read_text().splitlines()
    lines[-2] = lines[-2].replace('"needs_input"', '"success"')  # a decision edited
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(lines) + "\n")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        main(["replay", str(edited)])
    texts.append(err.getvalue().strip().removeprefix("agentloop: error: "))
    explorer = duty_explorer()
    texts += [explorer.query.description, explorer.board.description,
              explorer.tokens.description, explorer.repeated.description,
              *(label for label, _ in explorer.board.options),
              *(label for label, _ in explorer.tokens.options if not label.isdigit())]
    for board in BOARDS:
        for query in QUERIES:
            explorer.board.value, explorer.query.value = board, query
            lines = explorer.text().splitlines()
            texts += lines[1].split("  ")  # the header
            rows = [re.split(r"  +", line) for line in lines[3:] if re.match(r"\d+  ", line)]
            for observed in (row[2] for row in rows):  # what was observed
                card, sep, problems = observed.partition(": ")
                texts += problems.split("; ") if sep and card.startswith("task-") else [observed]
            texts += banner_texts(outcome_lines(explorer.run))
            texts += banner_texts([line for line in lines if line.startswith("Stop: ")])
    explorer.tokens.value, explorer.max_steps.value = "1000", 1
    return texts + banner_texts(outcome_lines(explorer.run))


@pytest.mark.parametrize("language", LANGUAGES)
def test_everything_the_library_says_in_chapter_5_has_a_translation(language, tmp_path):
    words = catalog(language)
    texts = {text.strip() for text in duty_texts(tmp_path) if text.strip()}
    assert sorted(t for t in texts if words.match(t) is None) == []
    assert len(texts) > 60


def command_errors(tmp_path: Path) -> list[str]:
    """The commands' own one-line errors: a flag that takes a number, the live model's
    options, a folder that is no workspace; and a live model that is not there."""
    out = []
    for argv in (["lookup", "ai", "--max-steps", "x"], ["support", "hi", "--max-steps", "x"],
                 ["support", "hi", "--model", "openai-compatible", "--timeout", "x"],
                 ["support", "hi", "--model", "openai-compatible"],
                 ["support", "hi", "--base-url", "http://127.0.0.1:9"],
                 ["progress", "--workspace", str(tmp_path)]):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            assert main(argv) == 2
        line = err.getvalue().strip()
        # the program's prefix and argparse's own "argument --flag:" are not the library's
        out.append(re.sub(r"^agentloop( \w+)?: (error: |argument [^:]+: )?", "", line))
    return [*out, endpoint_problem("http://127.0.0.1:9/v1", "m", timeout=0.2)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_commands_one_line_errors_have_a_translation(language, tmp_path):
    words = catalog(language)
    texts = command_errors(tmp_path)
    assert sorted(t for t in texts if words.match(t) is None) == []
    assert len(set(texts)) == len(texts) == 7


def answer_refusals(tmp_path: Path) -> list[str]:
    """Chapter 5: a person's --answer refused, every way (an id not offered, a word every
    card has, a word no card has, words that fit two cards, too long, no question saved yet,
    no state file)."""
    root = write_office(tmp_path)
    out = []
    for folder, answer in ((root / "routes" / "one_match", "x"), (root / "routes" / "bare", "x"),
                           *((root, a) for a in ("task-005", "the lab one", "zebra", "hall benches",
                                                  "x" * 99))):
        if folder == root and not (root / "out").exists():
            run_shift(str(root))  # the question the answers answer
        with pytest.raises(ValueError) as refused:
            run_shift(str(folder), answer)
        out.append(str(refused.value))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_answer_has_a_translation(language, tmp_path):
    words = catalog(language)
    texts = answer_refusals(tmp_path)
    assert sorted(t for t in texts if words.match(t) is None) == []
    assert len(set(texts)) == len(texts) == 7


def library_templates() -> set[str]:
    """The catalog's templates that only the library's own words (LIBRARY_SOURCES) write."""
    from tests.lib.i18n.test_catalogs import LIBRARY_SOURCES, SOURCES, shape

    checks = [path for path in SOURCES if path not in LIBRARY_SOURCES]
    own = set()
    for path in LIBRARY_SOURCES:
        own |= {shape(node) for node in _literals(path)}
    other = set()
    for path in checks:
        other |= {shape(node) for node in _literals(path)}
    return {key for key in catalog("ru").messages if shape(key) in own - other}


def _literals(path: Path) -> set[str]:
    import ast

    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)
        elif isinstance(node, ast.JoinedStr):
            out.add("".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_library_words_never_take_over_what_a_check_says(language):
    """A check's label or reason is translated by matching it against the whole catalog; the
    library's own templates (some with little fixed text, "task: {task}") must not be the
    one that fits it where a check's template would, or where it would stay English."""
    from tests.lib.i18n.test_catalogs import LATER_CHAPTERS, check_texts, later_texts, reasons

    full = catalog(language)
    ours = library_templates()
    without = Catalog(full.language, {k: v for k, v in full.messages.items() if k not in ours})
    texts = set(check_texts()) | set(reasons())
    for chapter in LATER_CHAPTERS:
        texts |= later_texts(chapter)
    taken = sorted(t for t in texts if (full.match(t) or ("",))[0] in ours and
                   (without.match(t) or ("",))[0] not in ours)
    assert taken == []
    assert len(ours) > 200 and len(texts) > 1500


# --- chapter 5's errors: the workspace, the trace, the state file, the run folder, the board --

LIB = Path(__file__).resolve().parents[3] / "lib" / "agentloop"
DUTY_AND_COMMANDS = sorted([*(LIB / "duty").glob("*.py"), *(LIB / "commands").glob("*.py")])


def said_templates(path: Path) -> list[str]:
    """The templates a module says through t(): each literal first argument of a call."""
    import ast

    return [node.args[0].value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "t" and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def test_the_template_scan_sees_the_capstones_errors():
    said = {text for path in DUTY_AND_COMMANDS for text in said_templates(path)}
    assert "{where}: unknown field {field}; the fields are: {fields}" in said
    assert "{trace}: the last line must be the stop line; the run did not finish writing its " \
           "trace" in said
    assert len(said) > 130


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_of_chapter_5_and_the_command_has_an_entry(language):
    """Every t() template of agentloop.duty and agentloop.commands, the board's own words
    (translated where shown) and what a workspace's required fields mean."""
    from agentloop.duty.banner import BOARD_WORDS, HANDOVER_WORDS
    from agentloop.duty.workspace import _MEANING

    messages = catalog(language).messages
    templates = {text for path in DUTY_AND_COMMANDS for text in said_templates(path)}
    templates |= {*BOARD_WORDS, *HANDOVER_WORDS, *_MEANING.values()}
    # a file and its reason in parentheses: the same in every language, no entry needed
    templates -= {"{file} ({reason})"}
    assert sorted(templates - set(messages)) == []


def workspace_errors(tmp_path: Path) -> list[str]:
    """Every bad agent.json of test_workspace.py's gallery, and a missing or broken file."""
    from agentloop.duty.workspace import load_workspace
    from tests.lib.duty.test_workspace import CASES, workspace

    out = []
    setups = [(agent, None) for agent, _ in CASES] + [
        (None, lambda ws: (ws / "agent.json").write_bytes(b'{"goal": "\xff"}')),
        (None, lambda ws: (ws / "agent.json").write_text("[" * 50_000, encoding="utf-8")),
        (None, lambda ws: (ws / "agent.json").write_text("{nope", encoding="utf-8")),
        (None, lambda ws: (ws / "agent.json").write_text(" " * 1_000_001, encoding="utf-8")),
        (None, lambda ws: (ws / "agent.json").unlink()),
        (None, lambda ws: ((ws / "stop_policy.json").unlink(),
                           (ws / "stop_policy.json").mkdir())),
        (None, lambda ws: ((ws / "stop_policy.json").unlink(),
                           os.mkfifo(ws / "stop_policy.json")))]
    for number, (agent, setup) in enumerate(setups):
        (tmp_path / str(number)).mkdir()
        folder = workspace(tmp_path / str(number), agent)
        if setup is not None:
            setup(folder)
        with pytest.raises(ValueError) as refused:
            load_workspace(folder)
        out.append(str(refused.value))
    with pytest.raises(ValueError) as refused:
        load_workspace(tmp_path / "0" / "ws" / "agent.json")   # a file, not a folder
    return [*out, str(refused.value)]


def trace_errors(tmp_path: Path) -> list[str]:
    """Traces that cannot be read: every way a line, the facts, a step or the stop is bad."""
    from agentloop.duty.trace import TraceError, find_trace, format_replay, read_trace

    root = write_office(tmp_path)
    run_shift(str(root))
    path = sorted((root / "out" / "runs").glob("*/trace.jsonl"))[0]
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    step = next(n for n, line in enumerate(lines) if line["kind"] == "step")
    edits = [
        lambda ls: ls[0]["facts"].pop("goal"), lambda ls: ls[0]["facts"].update(query=""),
        lambda ls: ls[0]["facts"].update(answer=7), lambda ls: ls[0]["facts"].update(chosen="X"),
        lambda ls: ls[0]["facts"].update(tools_default=1),
        lambda ls: ls[0]["facts"].update(model="gpt"), lambda ls: ls[0]["facts"].update(board=""),
        lambda ls: ls[0]["facts"].update(save=3), lambda ls: ls[0].update(facts=[]),
        lambda ls: ls[0]["facts"].update(max_steps=9),
        lambda ls: ls[step].pop("note"), lambda ls: ls[step].update(extra=1),
        lambda ls: ls[step].update(tokens=-1), lambda ls: ls[step].update(step=5),
        lambda ls: ls[step].update(proposal=None),
        lambda ls: ls[-1].update(terminal="maybe"), lambda ls: ls[-1].update(failure=""),
        lambda ls: ls[-1].update(extra=1), lambda ls: ls.insert(1, dict(ls[0])),
        lambda ls: ls.pop(), lambda ls: ls.insert(1, {"kind": "nope"}),
        lambda ls: ls[step].update(reply={"content": []}),
    ]
    out = []
    for number, edit in enumerate(edits):
        edited = copy.deepcopy(lines)
        edit(edited)
        target = tmp_path / f"edited-{number}.jsonl"
        target.write_text("".join(json.dumps(line) + "\n" for line in edited), encoding="utf-8")
        with pytest.raises(TraceError) as refused:
            format_replay(target)
        out.append(str(refused.value))
    broken = {"not-json.jsonl": b"{\n", "deep.jsonl": b"[" * 50_000 + b"\n",
              "latin.jsonl": b"\xff\n", "surrogate.jsonl": b'{"kind": "run", "x": "\\udcfe"}\n'}
    for name, data in broken.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(TraceError) as refused:
            read_trace(tmp_path / name)
        out.append(str(refused.value))
    folders = {"empty": [], "two": ["a.jsonl", "b.jsonl"]}
    for name, files in folders.items():
        (tmp_path / name).mkdir()
        for file in files:
            (tmp_path / name / file).write_bytes(path.read_bytes())
        with pytest.raises(TraceError) as refused:
            find_trace(tmp_path / name)
        out.append(str(refused.value))
    (root / "out" / "latest").write_text("nope\n", encoding="utf-8")
    with pytest.raises(TraceError) as refused:
        find_trace(root / "out")
    return [*out, str(refused.value)]


def state_and_run_errors(tmp_path: Path) -> list[str]:
    """A state file that is not one the officer wrote, and a run folder that cannot be made."""
    from agentloop.duty.handover import StateFileError, load_saved

    question = {"kind": "choose", "text": "t", "query": "q", "candidates": []}
    contents = [{"format": "other"}, {"extra": 1}, {"stop": "maybe"}, {"answer": 3},
                {"chosen": "X"}, {"question": {"text": "t"}},
                {"question": {**question, "kind": "guess"}},
                {"question": {**question, "text": ""}},
                {"question": {**question, "candidates": ["X"]}}]
    out = []
    for number, content in enumerate(contents):
        path = tmp_path / f"state-{number}.json"
        path.write_text(json.dumps({"format": "agentloop.duty.state/1", **content}),
                        encoding="utf-8")
        with pytest.raises(StateFileError) as refused:
            load_saved(path, path.name)
        out.append(str(refused.value))
    root = write_office(tmp_path / "office")
    run_shift(str(root))
    latest, runs = root / "out" / "latest", root / "out" / "runs"

    def linked() -> None:
        latest.unlink()
        latest.symlink_to(tmp_path)

    def not_a_run() -> None:
        latest.unlink()
        latest.write_text("../x\n", encoding="utf-8")

    def a_file_for_runs() -> None:
        latest.unlink()
        shutil.move(runs, tmp_path / "moved")
        runs.write_text("a file", encoding="utf-8")

    for write in (linked, not_a_run, a_file_for_runs):
        write()
        with pytest.raises(ValueError) as refused:
            run_shift(str(root))
        out.append(str(refused.value))
    return out


def board_words_said(tmp_path: Path) -> list[str]:
    """Why card files cannot be read, what is wrong with cards, why a board cannot be read:
    the board's words as a run records them (English), made for real."""
    from agentloop.duty.board import check_card, load_board
    from agentloop.duty.board_tools import read_task_cards

    board = tmp_path / "board"
    board.mkdir()
    card = "---\nid: {id}\ntitle: {title}\ngroup: g\nstatus: {status}\nblocked_by: {by}\n---\n"
    files = {
        "a-1.md": "no header", "a-2.md": "---\nid: a-2\n", "a-3.md": "---\nnot a field line\n---\n",
        "a-4.md": "---\ntitle: t\n---\n", "a-5.md": "---\nid: a\0\n---\n",
        "a-6.md": "x" * 20_000, "a-7.md": card.format(id="a-7", title="", status="wip", by="A"),
        "a-8.md": card.format(id="a-9", title="t" * 130, status="blocked", by=""),
        "a-10.md": card.format(id="a-10", title="t", status="done", by="a-11") + "x: 1\n",
        "a-11.md": card.format(id="a-11", title="t", status="todo", by="a-11, a-99"),
        "a-12.md": "---\nid: Bad Id\nid: again\n---\n",
        "a-13.md": card.format(id="a-9", title="t", status="todo", by=""),
    }
    for name, text in files.items():
        (board / name).write_text(text, encoding="utf-8")
    (board / "a-14.md").write_bytes(b"---\nid: a-14\ntitle: \xff\n---\n")
    (board / "a-15.md").symlink_to(tmp_path)
    (board / "sub").mkdir()
    (board / "sub" / "x.md").write_text("x", encoding="utf-8")
    (board / "a-16.md").symlink_to(board / "sub" / "x.md")
    os.mkfifo(board / "a-17.md")
    (board / os.fsdecode(b"a-\xfe.md")).write_text("x", encoding="utf-8")
    whole = load_board(board)
    out = list(whole.unreadable.values())
    for found in whole.cards.values():
        out += check_card(found, whole)
    for missing in (tmp_path / "nowhere", board / "a-1.md"):
        out.append(read_task_cards(missing, "x", 1)["error"])
    return out


@functools.cache
def _chapter_5_errors(folder: str) -> tuple[str, ...]:
    tmp_path = Path(folder)
    texts = []
    for name, gallery in (("ws", workspace_errors), ("traces", trace_errors),
                          ("runs", state_and_run_errors), ("boards", board_words_said)):
        (tmp_path / name).mkdir()
        texts += gallery(tmp_path / name)
    return tuple(texts)


@pytest.fixture(scope="module")
def chapter_5_errors(tmp_path_factory) -> tuple[str, ...]:
    """Every gallery above, once for the module (English: made as the run makes them)."""
    return _chapter_5_errors(str(tmp_path_factory.mktemp("errors")))


def test_the_galleries_of_chapter_5s_errors_are_many_and_one_line_each(chapter_5_errors):
    assert all("\n" not in text for text in chapter_5_errors)
    assert len(set(chapter_5_errors)) > 110


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_of_chapter_5_has_a_translation(language, chapter_5_errors):
    words = catalog(language)
    assert sorted(t for t in chapter_5_errors if words.match(t) is None) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_boards_words_are_said_in_the_readers_language_where_shown(language, tmp_path):
    """A run records the board's words in English; board_words says each in the reader's
    language (only by the board's own templates)."""
    said = board_words_said(tmp_path)
    with speaking(language):
        shown = [board_words(text) for text in said]
    assert len(said) > 20
    assert [text for text, words in zip(said, shown, strict=True) if words == text] == []


def told_lines(tmp_path: Path, language: str) -> list[tuple[str, str]]:
    """(English, the line in `language`) for what the person is told
    (`answer:` / `question:` / `reason:`) on every route of the example office, its replay
    and the duty explorer on every board and query."""
    from agentloop.i18n import speaking

    def said(language: str, folder: Path) -> list[str]:
        root = write_office(folder)
        with speaking(language):
            lines = [line for name in ["", *sorted(p.name for p in (root / "routes").iterdir())]
                     for line in run_shift(str(root / "routes" / name if name else root))
                     .text.splitlines()]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                main(["replay", str(root / "out")])
            lines += out.getvalue().splitlines()
            explorer = duty_explorer()
            for board in BOARDS:
                for query in QUERIES:
                    explorer.board.value, explorer.query.value = board, query
                    lines += outcome_lines(explorer.run)
        return [line for line in lines if line.startswith(TOLD)]

    return list(zip(said("en", tmp_path / "en"), said(language, tmp_path / language),
                    strict=True))


TOLD = ("answer: ", "question: ", "reason: ")


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_the_person_is_told_is_said_in_their_language(language, tmp_path):
    """Every message a route or the explorer ends with: not its English, no English template
    sentence of the handover in it, the line's key kept."""
    from agentloop.duty.banner import HANDOVER_WORDS

    fixed = {piece.strip(" .,;:—()") for template in HANDOVER_WORDS
             for piece in re.split(r"\{\w+\}", template)
             if len(re.findall(r"[A-Za-z]+", piece)) >= 2}
    pairs = told_lines(tmp_path, language)
    assert len({english for english, _ in pairs}) >= 10
    for english, said in pairs:
        assert said.split(": ")[0] == english.split(": ")[0]
        assert said != english
        assert [piece for piece in fixed if piece in said] == [], said
