"""Chapter 3's text: the numbers it states are the ones the code computes, the logs it shows
are the runs', and the exercises it states are the ones the checks grade (the office's
revised rules, which the library's guards and loop do not have)."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import nbformat
from agentloop_grader.answers.ch3 import REFERENCE
from chapter_answers import answer_cells, stub_out

from agentloop import guards
from agentloop.agent import GUARDED, STEP_LIMIT, run_agent
from agentloop.checks.ch3 import ALTERNATING, BOTH_ORDERS_SCRIPT, COURIER
from agentloop.models import ScriptedModel, SupportModel
from agentloop.shop import EXAMPLE_TASKS

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "chapters" / "src" / "03_plan_action_observation.py"
NOTEBOOK = ROOT / "chapters" / "03_plan_action_observation.ipynb"
RETURN_1187 = EXAMPLE_TASKS["return 1187"]


def notebook():
    return nbformat.read(NOTEBOOK, as_version=4)


def markdown_text() -> str:
    cells = [c.source for c in notebook().cells if c.cell_type == "markdown"]
    return re.sub(r"\s+", " ", " ".join(cells))


def bills(transcript) -> list[int]:
    return [a + b for a, b in zip(transcript.tokens, transcript.reply_tokens, strict=True)]


def test_the_chapter_states_the_computed_figures():
    text = markdown_text()
    courier = run_agent(SupportModel(), COURIER)
    sent, written = courier.tokens, courier.reply_tokens
    totals = list(itertools.accumulate(sent))
    billed = list(itertools.accumulate(bills(courier)))
    assert courier.exit == STEP_LIMIT and courier.ended_on == 5 == len(sent)
    assert (f"from {sent[0]} tokens on step 1 to {sent[-1]} on step 5, {totals[-1]} in all"
            in text)
    assert f"a plan and one action: {written[0]} tokens, then {written[1]}" in text
    assert f"{sent[0]} + {sent[1]} = {totals[1]} is still within 300" in text
    assert f"step 3 adds {sent[2]} and the total, {totals[2]}, passes it" in text
    assert f"the replies, {written[0]}, {written[1]} and {written[2]} tokens" in text
    step1, step2, step3 = bills(courier)[:3]
    assert f"{step1} + {step2} = {billed[1]} after step 2 is still within 300" in text
    assert f"step 3's {step3} takes the bill to {billed[2]}" in text
    assert REFERENCE["budget_stop_step"](COURIER, 300) == 3
    assert "the office's guard stops the courier task **at step 3**" in text
    assert REFERENCE["budget_stop_step"](COURIER, billed[1]) == 3
    assert f"A budget of exactly {billed[1]} would also stop it at step 3, not 2" in text
    assert REFERENCE["budget_stop_step"](COURIER, totals[1]) == 2
    library = run_agent(SupportModel(), COURIER, guards=[guards.token_budget(totals[1])])
    assert (library.exit, library.ended_on) == (GUARDED, 3)  # the library's lets step 2 run
    assert f"At {totals[1]} the two counts part" in text
    assert f"the office's bill, {billed[1]}, has passed it — its guard stops the run at step 2" \
        in text
    repeated = run_agent(SupportModel(), COURIER, guards=[REFERENCE["repeated_action"]])
    assert repeated.ended_on == 2 and "one step later than the repeated-action guard" in text
    ret = run_agent(SupportModel(), RETURN_1187)
    rb = bills(ret)
    assert (f"Its bill passes 300 on step 3 ({rb[0]} + {rb[1]} + {rb[2]} = {sum(rb)})"
            in text)
    assert REFERENCE["budget_stop_step"](RETURN_1187, 300) is None
    assert ret.ended_on == 3 and "after 3 of 5 steps" in text
    assert run_agent(SupportModel(), EXAMPLE_TASKS["return 1042"]).ended_on == 2
    assert run_agent(SupportModel(), EXAMPLE_TASKS["compensation 1042"]).ended_on == 2
    assert "`hand_to_human` on step 2, not run" in text and "an answer on step 2" in text


def test_the_alternating_model_gets_past_the_librarys_guard_and_not_the_offices():
    text = markdown_text()
    library = run_agent(ScriptedModel(ALTERNATING), COURIER, guards=[guards.repeated_action])
    office = run_agent(ScriptedModel(ALTERNATING), COURIER,
                       guards=[REFERENCE["repeated_action"]])
    assert (library.exit, library.ended_on) == (STEP_LIMIT, 5)
    assert "only the step limit stops it" in text
    assert (office.exit, office.ended_on) == (GUARDED, 3)
    assert "the alternating model above on step 3, before its third call runs" in text
    source = SOURCE.read_text(encoding="utf-8")
    shown = re.search(r"alternating = ScriptedModel\(\[\n(.*?)\]\)", source, re.S)[1]
    plans = re.findall(r'ask\(\d, "([^"]+)", "(\w+)"\)', shown)
    assert plans == [(r["content"][0]["text"], r["content"][1]["name"]) for r in ALTERNATING]


def test_the_two_orders_demo_is_the_checks_script():
    source = SOURCE.read_text(encoding="utf-8")
    assert '"1187 was delivered on 26.10; 1042 is expected on 03.11."' in source
    assert BOTH_ORDERS_SCRIPT[-1]["content"][0]["text"] == \
        "1187 was delivered on 26.10; 1042 is expected on 03.11."
    lines = REFERENCE["run_agent_lines"](ScriptedModel(BOTH_ORDERS_SCRIPT),
                                         "Is 1187 here, and where is 1042?")
    assert [line.strip() for line in lines].count("action: get_order_status(1042)") == 1
    assert run_agent(ScriptedModel(BOTH_ORDERS_SCRIPT), "x").lines() != lines


def test_the_check_yourself_table_matches_the_runs():
    text = markdown_text()
    ret = run_agent(SupportModel(), RETURN_1187)
    courier = run_agent(SupportModel(), COURIER)
    assert "| return of delivered 1187 | status → request R-1 → answer naming R-1, step 3 |" \
        in text and ret.pending[0]["id"] == "R-1"
    assert "| courier question, no guards | 5 actions, then the step limit |" in text
    assert len([s for s in courier.steps if s.observation is not None]) == 5
    b = bills(courier)
    assert (f"| courier question, the office's 300 tokens | stops on step 3 ({b[0]} + {b[1]} + "
            f"{b[2]} = {sum(b[:3])} > 300) |") in text
    assert "| alternating questions, the office's guard | stops on step 3, its third call " \
           "not run |" in text


KNOWN_NUMBERS = {
    # the shop's data, the demo requests, the course's settings and the chapter numbers
    "1187", "1042", "9999", "26.10", "03.11", "20", "5", "300", "1.3", "1", "2", "3", "4",
    "R-1",
}


def test_every_number_in_the_chapters_text_is_one_the_code_gives():
    courier = run_agent(SupportModel(), COURIER)
    ret = run_agent(SupportModel(), RETURN_1187)
    computed = {str(n) for t in (courier, ret)
                for n in [*t.tokens, *itertools.accumulate(t.tokens), *t.reply_tokens,
                          *bills(t), *itertools.accumulate(bills(t))]}
    text = re.sub(r"```.*?```", " ", markdown_text())  # logs in code blocks are the runs'
    text = re.sub(r"`[^`]*`", " ", text)
    numbers = set(re.findall(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w.])", text))
    assert numbers - computed - KNOWN_NUMBERS == set()


def test_the_guard_log_in_the_text_is_the_guards_run():
    text = SOURCE.read_text(encoding="utf-8")
    block = re.search(r"# ```text\n(# task: When does 1042.*?)# ```", text, re.S)[1]
    shown = [re.sub(r"^# ", "", line) for line in block.splitlines()]
    for guard in (guards.repeated_action, REFERENCE["repeated_action"]):
        assert shown == run_agent(SupportModel(), COURIER, guards=[guard]).lines()


def test_the_exercises_state_the_rules_the_checks_grade():
    text = markdown_text()
    assert "asked for at **any earlier step** of the run, however far back" in text
    assert "the guard adds up `tokens` and `reply_tokens` of every step so far" in text
    assert "it runs **every** `tool_use` block of a reply" in text
    assert "`agentloop.guards` (and the transcript viewer, which uses it) is not loaded" in text


def test_the_guards_view_in_the_text_is_the_loops():
    text = SOURCE.read_text(encoding="utf-8")
    block = re.search(r'# ```python\n(# \{"step": 2, .*?)# ```', text, re.S)[1]
    shown = ast.literal_eval(" ".join(re.sub(r"^# ", "", line) for line in block.splitlines()))
    seen = []
    run_agent(SupportModel(), COURIER, guards=[lambda steps: seen.append(steps)])
    assert shown == seen[1][-1]  # step 2, its action not run yet


def test_released_stubs_are_valid_python():
    """Every answer cell, stubbed out as nbgrader's release does, parses, and raises
    NotImplementedError where its solution was."""
    cells = answer_cells(notebook())
    assert cells
    for source in cells.values():
        stub = stub_out(source)
        ast.parse(stub)
        assert "raise NotImplementedError()" in stub and "BEGIN SOLUTION" not in stub


def test_the_quiz_is_a_self_check_not_a_graded_cell():
    source = SOURCE.read_text(encoding="utf-8")
    assert "quiz" not in answer_cells(notebook()) and "ch3-quiz" not in source
    assert "In how many ways, and which, can `run_agent` end?" in source
    assert "<details><summary>answer</summary>Five, a closed set" in source
