"""Chapter 3's exercise checks, the teacher's edition (agentloop_grader/answers/ch3.py):
right answers pass, in any wording; blank, wrong, half-right and cheating ones earn only
what they really get right.

Every check is graded with its hidden cases, drawn from the tests' course seed, with the
exercise's answered_by modules out of reach as in the grader's sandbox (`graded`). For
each check: the reference and other right answers, the blank, the common wrong answers,
half-right answers (each earning exactly its share), the library's own guards called,
wrapped or copied from their source, the library's loop, tables of the visible cases and
the values the chapter prints.
"""

from __future__ import annotations

import inspect
import itertools
import json
import random

import pytest
from agentloop_grader.answers.ch3 import (
    CHECKS,
    LOCKS,
    REFERENCE,
    budget_rule,
    repeated_action,
    run_agent_lines,
    stop_rule,
    token_budget,
)
from chapter_answers import SEED, cases, graded, key

from agentloop import guards
from agentloop.agent import GUARDED, STEP_LIMIT, run_agent
from agentloop.checks import collect, hidden_seed
from agentloop.checks.ch3 import (
    ALTERNATING,
    BUDGET_RULES,
    COURIER,
    EARLIER,
    GO,
    REPEATED_RULES,
    REPLIES_COUNT,
    STOP,
    model_of,
)
from agentloop.models import SupportModel
from agentloop.shop import EXAMPLE_TASKS

BY_ID = {chk.id: chk for chk in CHECKS}
REPEATED_IDS = ("ch3-repeated-guard", "ch3-repeated-runs")
LOOP_IDS = ("ch3-fix-loop-answers", "ch3-fix-loop-exits")
REPORT_IDS = ("ch3-exit-report-exit", "ch3-exit-report-honest")
NOTE_IDS = ("ch3-note-exit", "ch3-note-requests")


def passes(check_id, answer, hidden=True):
    return graded(check_id, answer, hidden=hidden).passed


def reasons(check_id, answer, hidden=True):
    return [r.reason for r in graded(check_id, answer, hidden=hidden).results if not r.passed]


def failed_rules(check_id, answer, hidden=True):
    return {r.rule for r in graded(check_id, answer, hidden=hidden).results if not r.passed}


def blank(*args, **kwargs):
    raise NotImplementedError()


def source_of(*functions, prelude: str = "") -> dict:
    """The functions' source pasted into a fresh namespace, as a learner could paste it."""
    namespace: dict = {}
    exec(prelude + "\n\n".join(inspect.getsource(f) for f in functions), namespace)
    return namespace


# --- every check ------------------------------------------------------------------------------

@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_case(chk):
    assert passes(chk.id, REFERENCE[chk.answer])


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_blank_answers_fail_every_case(chk):
    report = graded(chk, blank)
    assert report.results and not any(r.passed for r in report.results)


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_every_case_names_its_rule_and_the_visible_cases_show_every_rule(chk):
    everything = cases(chk)
    assert all(case.rule for case in everything)
    assert {case.rule for case in everything} <= {case.rule for case in chk.cases()}


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_hidden_cases_are_fixed_by_the_course_seed_and_unseen_in_the_chapter(chk):
    first, again = cases(chk), cases(chk)
    assert [c.input for c in first] == [c.input for c in again]
    other = chk.all_cases(hidden=True, seed=hidden_seed("another course", chk.id))
    assert [c.input for c in other] != [c.input for c in first]
    shown = [c.input for c in chk.cases()]
    assert sum(c.input not in shown for c in first) >= 20
    with pytest.raises(ValueError, match="need a seed"):
        chk.all_cases(hidden=True)  # no public seed: hidden cases come from the course's


def test_each_check_draws_its_own_hidden_cases():
    seeds = {hidden_seed(SEED, chk.id) for chk in CHECKS}
    assert len(seeds) == len(CHECKS)


@pytest.mark.parametrize("check_id", ["ch3-repeated-guard", "ch3-token-guard"])
def test_a_guard_that_lies_about_equality_is_refused(check_id):
    class Reason(str):
        def __eq__(self, other):
            return True

        __hash__ = str.__hash__

    answer = (lambda steps: Reason("stop")) if check_id == "ch3-repeated-guard" else \
        (lambda budget: lambda steps: Reason("stop"))
    report = graded(check_id, answer)
    assert not report.passed
    assert any("a guard returns None or a reason" in r.reason or "NotPlainData" in r.reason
               for r in report.results)


@pytest.mark.parametrize("returned", [True, 1, "", "   ", ["stop"]])
def test_a_guard_returns_none_or_a_reason_and_nothing_else(returned):
    report = graded("ch3-repeated-guard", lambda steps: returned if len(steps) > 1 else None)
    assert not report.passed
    assert any(f"it returned {returned!r}" in r.reason for r in report.results)


def test_the_judge_recomputes_rather_than_trusting_the_probe():
    chk = key("ch3-repeated-runs")
    forged = [{"value": {"exit": "guard", "ended_on": 2, "executed": [], "pending": []}}
              for _ in chk.cases()]
    from agentloop.checks import judge

    assert not judge(chk, chk.cases(), forged).passed


# --- exercise 1: the repeated-action guard, revised ----------------------------------------------

def written_with_a_set(steps):
    """Another right answer: every earlier action in a set of (tool, input) texts."""
    seen = {json.dumps([s["tool"], s["input"]], sort_keys=True) for s in steps[:-1]}
    if steps and json.dumps([steps[-1]["tool"], steps[-1]["input"]], sort_keys=True) in seen:
        return "Asked before: passing this to an employee."
    return None


def step_before_only(steps):
    """The library's first rule, written out: the step just before only."""
    if len(steps) >= 2 and (steps[-1]["tool"], steps[-1]["input"]) == \
            (steps[-2]["tool"], steps[-2]["input"]):
        return "same action twice"
    return None


def tool_only(steps):
    """Any earlier step, but the tool's name only."""
    return "same tool" if any(s["tool"] == steps[-1]["tool"] for s in steps[:-1]) else None


def input_only(steps):
    """Any earlier step, but the input only."""
    return "same input" if any(s["input"] == steps[-1]["input"] for s in steps[:-1]) else None


def first_step_only(steps):
    """Compares the last action with the first one only."""
    if len(steps) >= 2 and (steps[0]["tool"], steps[0]["input"]) == \
            (steps[-1]["tool"], steps[-1]["input"]):
        return "same as the first"
    return None


def two_back_at_most(steps):
    """Looks two steps back, no further."""
    last = (steps[-1]["tool"], steps[-1]["input"])
    return "repeat" if last in [(s["tool"], s["input"]) for s in steps[-3:-1]] else None


def whole_steps(steps):
    """Compares whole steps: their numbers, plans and tokens always differ."""
    return "same" if steps[-1] in steps[:-1] else None


def with_the_plan(steps):
    """Compares the plan too: a model that words its plan anew escapes it."""
    last = steps[-1]
    return "repeat" if any((s["tool"], s["input"], s["plan"]) ==
                           (last["tool"], last["input"], last["plan"])
                           for s in steps[:-1]) else None


def includes_itself(steps):
    """Searches every step, the last one included: everything is a repeat."""
    last = steps[-1]
    return "repeat" if any((s["tool"], s["input"]) == (last["tool"], last["input"])
                           for s in steps) else None


def wraps_the_library(steps):
    """Right in logic, but it calls the library's guard, which grading does not load."""
    for earlier in steps[:-1]:
        reason = guards.repeated_action([earlier, steps[-1]])
        if reason is not None:
            return reason
    return None


PASTED_FIRST_RULE = source_of(guards.repeated_action,
                              prelude='REPEATED = "same action twice → to an employee"\n\n')[
    "repeated_action"]


def test_another_right_guard_passes_both_checks():
    assert all(passes(check_id, written_with_a_set) for check_id in REPEATED_IDS)


@pytest.mark.parametrize("wrong", [step_before_only, tool_only, input_only, first_step_only,
                                   two_back_at_most, whole_steps, with_the_plan,
                                   includes_itself, wraps_the_library, PASTED_FIRST_RULE,
                                   guards.repeated_action],
                         ids=lambda f: f.__name__)
def test_wrong_guards_earn_nothing_on_either_check(wrong):
    for check_id in REPEATED_IDS:
        assert not passes(check_id, wrong), check_id


@pytest.mark.parametrize("wrong", [step_before_only, tool_only, input_only, first_step_only,
                                   whole_steps, includes_itself, PASTED_FIRST_RULE])
def test_the_visible_cases_already_tell_the_common_wrong_guards(wrong):
    for check_id in REPEATED_IDS:
        assert not passes(check_id, wrong, hidden=False), check_id


def test_the_librarys_rule_fails_exactly_on_the_repeats_further_back():
    assert failed_rules("ch3-repeated-guard", step_before_only) == {EARLIER}
    failed = [r for r in graded("ch3-repeated-runs", step_before_only).results if not r.passed]
    assert failed and all("expected 'guard'" in r.reason for r in failed)


def test_the_library_guard_is_not_within_reach_while_grading():
    assert not passes("ch3-repeated-guard", guards.repeated_action, hidden=False)
    assert "withheld" in reasons("ch3-repeated-guard", wraps_the_library)[0]
    assert guards.repeated_action([{"tool": "t", "input": {}}] * 2)  # put back after


def test_a_guard_that_knows_only_the_chapters_runs_fails_the_hidden_ones():
    def courier_only(steps):
        if len(steps) >= 2 and steps[-1]["input"] == {"order_id": "1042"} and \
                steps[-1]["tool"] == "estimate_delivery":
            return "repeat"
        return None

    for check_id in REPEATED_IDS:
        assert not passes(check_id, courier_only), check_id


def test_generated_histories_are_what_their_rule_says():
    chk = key("ch3-repeated-guard")
    hidden = cases(chk)[len(chk.cases()):]
    assert {case.rule for case in hidden} == set(REPEATED_RULES)
    for case in hidden:
        steps = case.input["steps"]
        assert (repeated_action(steps) is not None) == (case.rule in (EARLIER, REPEATED_RULES[1]))
        earlier = [(s["tool"], s["input"]) for s in steps[:-1]]
        assert len(earlier) == len({json.dumps(a, sort_keys=True) for a in earlier})
    far_back = [c for c in hidden if c.rule == EARLIER]
    assert len(far_back) >= 12 and {len(c.input["steps"]) for c in far_back} >= {3, 4, 5}


def test_hidden_runs_repeat_at_every_distance_and_end_every_way():
    chk = key("ch3-repeated-runs")
    hidden = cases(chk)[len(chk.cases()):]
    ends = {chk.facts_of(c.input)["exit"] for c in hidden}
    assert ends == {"guard", "end_turn", "hand_to_human", "max_steps"}
    step_before = sum(chk.facts_of(c.input)["exit"] == GUARDED
                      and run_agent(model_of(c.input), c.input["task"], c.input["max_steps"],
                                    [step_before_only]).exit != GUARDED for c in hidden)
    assert step_before >= 5  # runs the library's rule lets through


# --- exercise 2: the office's token budget -------------------------------------------------------

def billed_with_a_loop(budget):
    """Another right answer, with a loop and another reason."""
    def guard(steps):
        total = 0
        for step in steps:
            total += step["tokens"]
            total += step["reply_tokens"]
        return f"over budget: {total}" if total > budget else None
    return guard


def sent_only(budget):
    """The library's count: the tokens sent, not the replies."""
    return lambda steps: "over" if sum(s["tokens"] for s in steps) > budget else None


def reaches(budget):
    """Stops when the bill *reaches* the budget: wrong exactly on the boundary."""
    return lambda steps: "over" if sum(s["tokens"] + s["reply_tokens"]
                                       for s in steps) >= budget else None


def last_reply_only(budget):
    """Every request, but the last reply only."""
    return lambda steps: "over" if sum(s["tokens"] for s in steps) + \
        steps[-1]["reply_tokens"] > budget else None


def last_step_only(budget):
    """Forgets that every request resends the history: the last step alone."""
    return lambda steps: "over" if steps[-1]["tokens"] + steps[-1]["reply_tokens"] > budget \
        else None


def replies_only(budget):
    return lambda steps: "over" if sum(s["reply_tokens"] for s in steps) > budget else None


def fixed_300(budget):
    return token_budget(300)


def library_less_replies(budget):
    """Right in logic, through the library's guard, which grading does not load."""
    def guard(steps):
        written = sum(step["reply_tokens"] for step in steps)
        return guards.token_budget(max(1, budget - written))(steps)
    return guard


PASTED_SENT_BUDGET = source_of(
    guards.validate_budget, guards.token_budget,
    prelude="from agentloop.validation import validate_whole_number\nTOKEN_BUDGET = 300\n\n")[
    "token_budget"]


def test_another_right_budget_passes():
    assert passes("ch3-token-guard", billed_with_a_loop)


@pytest.mark.parametrize("wrong", [sent_only, reaches, last_reply_only, last_step_only,
                                   replies_only, fixed_300, library_less_replies,
                                   PASTED_SENT_BUDGET, guards.token_budget],
                         ids=lambda f: f.__name__)
def test_wrong_budgets_earn_nothing(wrong):
    assert not passes("ch3-token-guard", wrong)


def test_each_wrong_budget_is_told_by_a_visible_case_and_its_rule():
    assert failed_rules("ch3-token-guard", reaches, hidden=False) == {
        "a bill exactly on the budget has not passed it → None"}
    assert REPLIES_COUNT in failed_rules("ch3-token-guard", sent_only, hidden=False)
    assert REPLIES_COUNT in failed_rules("ch3-token-guard", PASTED_SENT_BUDGET, hidden=False)
    assert "every request and reply counts, not only the last: small ones add up → a reason" \
        in failed_rules("ch3-token-guard", last_step_only, hidden=False)


def test_generated_budget_histories_are_what_their_rule_says():
    chk = key("ch3-token-guard")
    hidden = [c for c in cases(chk)[len(chk.cases()):] if c.input["kind"] == "steps"]
    assert {c.rule for c in hidden} == set(BUDGET_RULES)
    for case in hidden:
        steps = case.input["steps"]
        sent, written = [s["tokens"] for s in steps], [s["reply_tokens"] for s in steps]
        assert budget_rule(case.input["budget"], sent, written) == case.rule
    between = [c for c in hidden if c.rule == REPLIES_COUNT]
    assert len(between) >= 5  # where only the replies pass the budget


def stop_where_the_bill_passes(task, budget):
    """The near-miss: the step whose bill passes, even when it answers or hands over."""
    transcript = run_agent(SupportModel(), task)
    bills = itertools.accumulate(a + b for a, b in zip(transcript.tokens,
                                                        transcript.reply_tokens, strict=True))
    return next((n for n, bill in enumerate(bills, start=1) if bill > budget), None)


def stop_with_the_librarys_budget(task, budget):
    transcript = run_agent(SupportModel(), task, guards=[guards.token_budget(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None


def stop_with_the_pasted_budget(task, budget):
    transcript = run_agent(SupportModel(), task, guards=[PASTED_SENT_BUDGET(budget)])
    return transcript.ended_on if transcript.exit == GUARDED else None


def stop_with_the_viewer(task, budget):
    from agentloop.widgets.ch3_transcripts import run_with

    transcript = run_with(task, budget=budget)
    return transcript.ended_on if transcript.exit == GUARDED else None


@pytest.mark.parametrize("wrong", [
    lambda task, budget: 3,                                   # the printed value
    lambda task, budget: {300: 3, 246: 3, 225: 2}.get(budget),  # the printed values
    lambda task, budget: 3 if task == COURIER else None,      # the visible cases
    lambda task, budget: True,
    stop_where_the_bill_passes, stop_with_the_librarys_budget, stop_with_the_pasted_budget,
    stop_with_the_viewer,
])
def test_wrong_stop_steps_earn_nothing(wrong):
    assert not passes("ch3-budget-stop", wrong)


def test_the_visible_stop_cases_show_where_a_guard_is_not_asked():
    assert failed_rules("ch3-budget-stop", stop_where_the_bill_passes, hidden=False) == {
        "an answer is not an action: a guard never stops it → None",
        "a hand-over is not an action: a guard never stops it → None"}
    assert failed_rules("ch3-budget-stop", stop_with_the_pasted_budget, hidden=False) == {
        "the first step with an action whose bill passes the budget"}


def test_the_stop_step_depends_on_the_wording_and_the_budget():
    chk = key("ch3-budget-stop")
    answers = [chk.facts_of(c.input) for c in cases(chk)]
    assert {None, 1, 2, 3} <= set(answers)
    hidden = cases(chk)[len(chk.cases()):]
    assert all(stop_rule(c.input["task"], c.input["budget"]) == c.rule for c in hidden)
    apart = sum(stop_with_the_pasted_budget(c.input["task"], c.input["budget"])
                != chk.facts_of(c.input) for c in hidden)
    assert apart >= 3  # hidden cases where the library's count gives another step


# --- exercise 3: the compact loop ---------------------------------------------------------------

def _variant(old: str, new: str) -> object:
    """The reference's loop with one piece of its source changed."""
    source = inspect.getsource(run_agent_lines)
    assert old in source, old
    namespace = dict(vars(inspect.getmodule(run_agent_lines)))
    exec(source.replace(old, new), namespace)
    return namespace["run_agent_lines"]


BUGGY = _variant("            return lines\n        lines.append(head + \"plan",
                 "            break\n        lines.append(head + \"plan")
NO_LIMIT_LINE = _variant(
    '    lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")\n',
    "")
FIRST_ACTION_ONLY = _variant("for use in tool_uses_of(answer):",
                             "for use in tool_uses_of(answer)[:1]:")
RESULTS_APART = _variant('        history.append(message("user", results))\n',
                         '        for result in results:\n'
                         '            history.append(message("user", [result]))\n')
RETURN_NOTHING = _variant("            return lines\n        lines.append(head + \"plan",
                          "            return\n        lines.append(head + \"plan")


def for_else(model, task, max_steps=5):
    """Another right fix: the step-limit line in the loop's `else:`, run only without a
    break."""
    from agentloop.agent import SYSTEM
    from agentloop.messages import describe_action, message, text_of, tool_uses_of
    from agentloop.shop import TOOLS, Shop

    shop, history, lines = Shop(), [message("user", task)], [f"task: {task}"]
    for step in range(1, max_steps + 1):
        reply = model.create(SYSTEM, history, TOOLS)
        if reply["stop_reason"] != "tool_use":
            lines.append(f"  step {step}. end: {text_of(reply)}")
            break
        lines.append(f"  step {step}. plan: {text_of(reply)}")
        results = []
        for use in tool_uses_of(reply):
            lines.append("    action: " + describe_action(use))
            if use["name"] == "hand_to_human":
                lines.append("  stopping: needs a human — " + use["input"]["reason"])
                return lines
            result = shop.run_tool(use)
            label = "observation (error)" if result["is_error"] else "observation"
            lines.append(f"    {label}: {result['content']}")
            results.append(result)
        history += [message("assistant", reply["content"]), message("user", results)]
    else:
        lines.append(f"  stopping: {max_steps} steps without an answer → to an employee")
    return lines


def library_loop(model, task, max_steps=5):
    lines = run_agent(model, task, max_steps).lines()
    if lines[-1].startswith("  stopping: the model stopped"):
        lines.pop()
    return lines


def library_loop_passes(case) -> bool:
    data = case.input
    try:
        lines = library_loop(model_of(data), data["task"], data["max_steps"])
    except Exception:
        return False
    return lines == run_agent_lines(model_of(data), data["task"], data["max_steps"])


def test_another_right_fix_passes_both_checks():
    assert all(passes(check_id, for_else) for check_id in LOOP_IDS)


def test_the_bug_left_in_earns_nothing():
    for check_id in LOOP_IDS:
        assert not passes(check_id, BUGGY), check_id
        assert not passes(check_id, BUGGY, hidden=False), check_id
    answers = graded("ch3-fix-loop-answers", BUGGY)
    assert all(not r.passed for r in answers.results)  # every answered run shows the bug


def test_deleting_the_step_limit_line_earns_the_answers_only():
    assert passes("ch3-fix-loop-answers", NO_LIMIT_LINE)
    assert not passes("ch3-fix-loop-exits", NO_LIMIT_LINE)


@pytest.mark.parametrize("wrong", [FIRST_ACTION_ONLY, RETURN_NOTHING, library_loop],
                         ids=["first action only", "returns None", "the library's loop"])
def test_loops_that_break_something_else_earn_nothing(wrong):
    for check_id in LOOP_IDS:
        assert not passes(check_id, wrong), check_id


def test_results_sent_apart_are_a_log_like_any_other():
    """The log does not show how results go back; one message or several, the same lines."""
    assert all(passes(check_id, RESULTS_APART) for check_id in LOOP_IDS)


def test_the_compact_loop_differs_from_run_agent_only_on_several_actions_or_a_cut_off():
    for check_id in LOOP_IDS:
        for case in cases(key(check_id)):
            data = case.input
            same = library_loop_passes(case)
            several = any(len([b for b in r["content"] if b["type"] == "tool_use"]) > 1
                          for r in data["replies"] or [])
            assert same == (not several), case.label
    for check_id in LOOP_IDS:  # the library's loop is told on a visible case of each check
        assert not all(library_loop_passes(c) for c in key(check_id).cases()), check_id


def test_a_loop_that_remembers_the_visible_logs_fails_the_hidden_ones():
    for check_id in LOOP_IDS:
        chk = key(check_id)
        memory = {json.dumps([c.input["task"], c.input["max_steps"], c.input["replies"]]):
                  chk.facts_of(c.input) for c in chk.cases()}

        def remembers(model, task, max_steps=5, memory=memory):
            replies = getattr(model, "replies", None)
            return memory.get(json.dumps([task, max_steps, replies]), ["task: " + task])

        assert passes(check_id, remembers, hidden=False)
        assert not passes(check_id, remembers)


# --- exercise 4: the exit report -----------------------------------------------------------------

def report_with_the_last_plan(task, max_steps=5):
    transcript = run_agent(SupportModel(), task, max_steps)
    return {"exit": transcript.exit, "step": transcript.ended_on,
            "answer": transcript.steps[-1].plan,
            "requests": [r["id"] for r in transcript.pending]}


def report_without_requests(task, max_steps=5):
    return dict(REFERENCE["exit_report"](task, max_steps), requests=[])


def report_steps_counted_by_limit(task, max_steps=5):
    return dict(REFERENCE["exit_report"](task, max_steps), step=max_steps)


def test_each_report_check_earns_only_what_it_gets_right():
    assert passes("ch3-exit-report-exit", report_with_the_last_plan)
    assert not passes("ch3-exit-report-honest", report_with_the_last_plan)
    assert passes("ch3-exit-report-exit", report_without_requests)
    assert not passes("ch3-exit-report-honest", report_without_requests)
    assert not passes("ch3-exit-report-exit", report_steps_counted_by_limit)
    assert passes("ch3-exit-report-honest", report_steps_counted_by_limit)


@pytest.mark.parametrize("wrong", [
    lambda task, max_steps=5: {"exit": "end_turn", "step": 2, "requests": [],
                               "answer": "The order has not been delivered yet. You can "
                                         "return it once it arrives."},  # the printed one
    lambda task, max_steps=5: dict(REFERENCE["exit_report"](task, max_steps),
                                   answer=REFERENCE["exit_report"](task, max_steps)["answer"]
                                   or "All done, thank you!"),
    lambda task, max_steps=5: dict(REFERENCE["exit_report"](task, max_steps), step=True)
    if max_steps == 1 else REFERENCE["exit_report"](task, max_steps),
])
def test_embellished_or_printed_reports_fail(wrong):
    assert not all(passes(check_id, wrong) for check_id in REPORT_IDS)


def test_a_table_of_the_visible_reports_fails_the_hidden_ones():
    chk = key("ch3-exit-report-exit")
    table = {(c.input["task"], c.input["max_steps"]): chk.facts_of(c.input)
             for c in chk.cases()}

    def remembers(task, max_steps=5):
        return table.get((task, max_steps))

    for check_id in REPORT_IDS:
        assert passes(check_id, remembers, hidden=False) and not passes(check_id, remembers)


# --- exercise 5: the hand-over note --------------------------------------------------------------

def note_without_requests(transcript):
    note = REFERENCE["handover_note"](transcript)
    return note.split(" Waiting for approval")[0]


SALAD = ("answered; step limit; asked; guard; cut off; an employee must take over; "
         "step 1 step 2 step 3 step 4 step 5; R-1 R-2 R-3")


def test_a_note_without_requests_earns_the_exit_check_only():
    assert passes("ch3-note-exit", note_without_requests)
    assert not passes("ch3-note-requests", note_without_requests)
    assert any("missing R-1" in r for r in reasons("ch3-note-requests", note_without_requests))


@pytest.mark.parametrize("note", [
    lambda t: SALAD,
    lambda t: SALAD + " " + t.reason,
    lambda t: f"Run ended on step {t.ended_on} ({t.exit}): an employee must take over.",
    lambda t: f"The customer was answered on step {t.ended_on}.",
    lambda t: t.lines()[-1].strip() + " " + (t.pending_line() or ""),
    lambda t: f"Not answered on step {t.ended_on}: an employee must take over ({t.reason}). "
              + " ".join(r["id"] for r in t.pending),
])
def test_salads_and_one_size_notes_earn_nothing(note):
    for check_id in NOTE_IDS:
        assert not passes(check_id, note), check_id


def test_the_note_rules_by_exit():
    told = set(reasons("ch3-note-exit", lambda t: "The customer was answered on step 2, an "
                                                  "employee will take over.", hidden=False))
    assert any("nobody must take over" in reason for reason in told)
    assert any("the note says 'answered'" in reason for reason in told)
    assert passes("ch3-note-exit", lambda t: REFERENCE["handover_note"](t) + " (no refund)")
    assert not passes("ch3-note-requests", lambda t: REFERENCE["handover_note"](t) + " No refund.")


def test_a_note_may_quote_the_answer_and_the_reason():
    def quoting(transcript):
        return REFERENCE["handover_note"](transcript) + f" Said: {transcript.reason}"

    assert all(passes(check_id, quoting) for check_id in NOTE_IDS)


# --- locks: every right answer gives the same outputs on a lock's checks -------------------------

def test_every_lock_names_an_answer_cell_and_checks_of_its_own_exercise():
    from agentloop_grader.answers import locks

    assert locks("ch3") == LOCKS
    answers = {"ch3-repeated-answer": "repeated_action", "ch3-token-answer": "token_budget",
               "ch3-budget-stop-answer": "budget_stop_step",
               "ch3-fix-loop-answer": "run_agent_lines", "ch3-exit-report-answer": "exit_report"}
    assert set(LOCKS) == set(answers)  # the note is judged by rules alone: no lock
    for cell, lock in LOCKS.items():
        assert {BY_ID[check_id].answer for check_id in lock.checks} == {answers[cell]}


@pytest.mark.parametrize(("check_id", "other"), [
    ("ch3-repeated-guard", written_with_a_set), ("ch3-repeated-runs", written_with_a_set),
    ("ch3-token-guard", billed_with_a_loop),
    ("ch3-fix-loop-answers", for_else), ("ch3-fix-loop-exits", for_else),
])
def test_two_right_answers_give_the_same_outputs_on_a_locked_check(check_id, other):
    chk = key(check_id)
    drawn = chk.all_cases(hidden=True, seed=random.Random(check_id).getrandbits(32))
    assert collect(chk, other, drawn) == collect(chk, REFERENCE[chk.answer], drawn)


def test_the_guard_probes_report_a_verdict_not_the_reasons_text():
    chk = key("ch3-repeated-guard")
    outputs = collect(chk, written_with_a_set, chk.cases())
    assert {o["value"] for o in outputs} == {STOP, GO}


# --- the figures the chapter's exercises rest on ------------------------------------------------

def test_the_office_rules_part_from_the_librarys_where_the_chapter_says():
    alternating = run_agent(model_of({"replies": ALTERNATING}), COURIER, guards=[repeated_action])
    library = run_agent(model_of({"replies": ALTERNATING}), COURIER,
                        guards=[guards.repeated_action])
    assert (alternating.exit, alternating.ended_on) == (GUARDED, 3)
    assert (library.exit, library.ended_on) == (STEP_LIMIT, 5)
    assert REFERENCE["budget_stop_step"](COURIER, 300) == stop_with_the_librarys_budget(
        COURIER, 300) == 3
    assert REFERENCE["budget_stop_step"](COURIER, 225) == 2
    assert stop_with_the_librarys_budget(COURIER, 225) == 3
    assert REFERENCE["budget_stop_step"](EXAMPLE_TASKS["return 1187"], 300) is None
