"""Chapter 5's loop: decide's order of checks, the dispatcher's refusals, retries, guards,
the harness underneath, and invariants over generated boards and models."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agentloop.duty import officer as officer_module
from agentloop.duty.board_tools import TOOL_NAMES, board_registry, make_registry
from agentloop.duty.handover import message_for, question_for
from agentloop.duty.officer import (
    CONTINUE,
    ERROR,
    LIMIT,
    NEEDS_INPUT,
    SUCCESS,
    RunInput,
    decide,
    new_state,
    run_officer,
)
from agentloop.duty.planner import DutyModel
from agentloop.duty.trace import TraceWriter, replay_trace
from agentloop.harness import replay as replay_events
from agentloop.harness.budget import Budget
from agentloop.loop import TERMINALS
from agentloop.messages import reply, text_block, tool_use_block
from agentloop.models import ScriptedModel

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples/my_agent/board"
FIXED = ROOT / "examples/my_agent/fixed_board"   # the same board, task-012.md readable
CONTRACT = ("id", "title", "status", "blocked_by")


def act(name: str, call: int = 1, **tool_input) -> dict:
    return reply([text_block(f"I call {name}."), tool_use_block(f"c{call}", name, tool_input)],
                 "tool_use")


def read(page: int, query: str = "posters", call: int | None = None) -> dict:
    return act("read_task_cards", call or page, query=query, page=page)


def words(text: str) -> dict:
    return reply([text_block(text)], "end_turn")


def run_with(model, query: str = "posters", registry=None, **limits):
    registry = registry or board_registry(EXAMPLE, contract=CONTRACT)
    return run_officer(RunInput("Tell Anya", query, **limits), model, registry)


def steps(run) -> list[tuple[str, str, str]]:
    return [(r["action"], r["note"], r["decision"]) for r in run.records]


# --- decide: chapter 1's order of checks ------------------------------------------------

def state_after(observation: dict, action: str = "read_task_cards", **counters) -> dict:
    state = new_state(RunInput("g", "q"), board_registry(EXAMPLE))
    state.update({"observation": observation, "action": action, "steps": 1,
                  "objection": observation.get("guard"), **counters})
    return state


FAILED = {"ok": False, "error": "Error: unreadable"}
DECISIONS = [
    # what came back, the counters                                     -> decision
    (state_after({**FAILED, "guard": "g"}, failures=5), LIMIT),        # a guard: limit first
    (state_after(FAILED, failures=1), CONTINUE),                        # one retry allowed
    (state_after(FAILED, failures=1, steps=5), LIMIT),                  # ... but not a 6th step
    (state_after(FAILED, failures=2), ERROR),                           # the retry is used
    (state_after(FAILED, failures=1, max_retries=0), ERROR),
    (state_after({"ok": True}, search_complete=True, matches=["a", "b"], steps=5), NEEDS_INPUT),
    (state_after({"ok": True}, search_complete=True, matches=[]), NEEDS_INPUT),
    (state_after({"ok": True}, search_complete=True, matches=["a"]), CONTINUE),
    (state_after({"ok": True}, search_complete=True, matches=["a"], steps=5), LIMIT),
    (state_after({"ok": True}, search_complete=False, matches=["a", "b"]), CONTINUE),
    (state_after({"ok": True}, search_complete=False, steps=5), LIMIT),
    (state_after({"ok": True, "valid": False}, "validate_task_card"), NEEDS_INPUT),
    (state_after({"ok": True, "valid": True}, "validate_task_card", steps=5), LIMIT),
    (state_after({"ok": True, "contract": {"ok": True}}, "draft_summary", steps=5), SUCCESS),
    (state_after({"ok": True, "contract": {"ok": False}}, "draft_summary"), NEEDS_INPUT),
    # a board longer than a run may read: a budget, so a limit at once, with retries left
    (state_after({**FAILED, "over_limit": True}, failures=1), LIMIT),
    # a card file went unread: one match is not the answer, unless the person chose it
    (state_after({"ok": True, "contract": {"ok": True}}, "draft_summary",
                 unreadable=[{"file": "x.md", "reason": "r"}]), NEEDS_INPUT),
    (state_after({"ok": True, "contract": {"ok": True}}, "draft_summary", chosen="a",
                 unreadable=[{"file": "x.md", "reason": "r"}]), SUCCESS),
    # the person chose a card: it must be among the matches, which may be several
    (state_after({"ok": True}, search_complete=True, matches=["a", "b"], chosen="a"), CONTINUE),
    (state_after({"ok": True}, search_complete=True, matches=["b"], chosen="a"), NEEDS_INPUT),
    # exercise 4's rule, when the workspace asks for it: a similar id is a second candidate
    (state_after({"ok": True}, search_complete=True, matches=["a-1"], ask_when=["similar_ids"],
                 titles={"a-1": "A", "a-1-copy": "B"}), NEEDS_INPUT),
    (state_after({"ok": True}, search_complete=True, matches=["a-1"],
                 titles={"a-1": "A", "a-1-copy": "B"}), CONTINUE),
    (state_after({"ok": True}, search_complete=True, matches=["a-1"], ask_when=["similar_ids"],
                 chosen="a-1", titles={"a-1": "A", "a-1-copy": "B"}), CONTINUE),
]


@pytest.mark.parametrize(("state", "decision"), DECISIONS)
def test_decide_follows_chapter_1s_order(state, decision):
    assert decide(state) == decision


def test_decide_never_reads_the_query_or_the_goal():
    state, decision = DECISIONS[5]
    other = copy.deepcopy(state)
    other["query"], other["messages"] = "something else entirely", []
    assert decide(other) == decision


# --- the authored scenario on the example board ------------------------------------------

def fixed(**settings):
    return board_registry(FIXED, contract=CONTRACT, **settings)


def test_success_on_the_last_allowed_step_stays_success():
    run = run_with(DutyModel(), registry=fixed())
    assert run.terminal == SUCCESS and len(run.records) == 5
    assert steps(run)[-1] == ("draft_summary", "", SUCCESS)


def test_one_step_less_and_the_same_route_is_a_limit():
    run = run_with(DutyModel(), max_steps=4, registry=fixed())
    assert run.terminal == LIMIT and steps(run)[-1] == ("validate_task_card", "", LIMIT)
    assert message_for(run) == ("reason", "I ran out of allowed steps before the summary was "
                                          "drafted: the search is complete, but no answer was "
                                          "confirmed.")


def test_an_unread_card_file_keeps_one_match_from_being_the_answer():
    run = run_with(DutyModel())   # the office board: task-012.md is not UTF-8
    assert steps(run)[-1] == ("draft_summary", "", NEEDS_INPUT)
    assert question_for(run) == {
        "kind": "confirm", "query": "posters", "candidates": ["task-004"],
        "text": "I found task-004 \"Print the open day posters\" for 'posters' and drafted the "
                "summary, but task-012.md could not be read, so it might match as well. Is "
                "task-004 the card you mean? Answer with its id or words from its title, or fix "
                "task-012.md and run me again."}
    chosen = run_officer(RunInput("Tell Anya", "task-004", chosen="task-004"), DutyModel(),
                         board_registry(EXAMPLE, contract=CONTRACT))
    assert chosen.terminal == SUCCESS   # the person's choice settles it


def test_no_match_beside_an_unread_card_file_is_not_a_search_of_the_whole_board():
    run = run_with(DutyModel(), "catering")
    assert question_for(run)["text"] == (
        "No card I could read matches 'catering', but task-012.md could not be read, so I "
        "cannot say that none does. Fix task-012.md and run me again, or tell me which task "
        "you mean.")
    assert question_for(run_with(DutyModel(), "catering", fixed()))["text"] == (
        "I searched the whole board and no card matches 'catering'. Which task do you mean?")


def test_the_similar_id_rule_asks_and_names_every_candidate_with_its_title():
    run = run_officer(RunInput("Tell Anya", "task-003", ask_when=("similar_ids",)), DutyModel(),
                      board_registry(EXAMPLE, contract=CONTRACT, titles=True))
    assert (run.terminal, len(run.records)) == (NEEDS_INPUT, 3)
    assert question_for(run) == {
        "kind": "choose", "query": "task-003", "candidates": ["task-003", "task-003-copy"],
        "text": "I found task-003 \"Equipment for the hall\" for 'task-003', but task-003-copy "
                "\"Equipment for the test benches\" has a similar id. Which one do you mean?"}
    with pytest.raises(ValueError, match="ask_when names 'polite'; the rules are: similar_ids"):
        run_officer(RunInput("g", "q", ask_when=("polite",)), DutyModel(), fixed())


def test_a_malformed_board_observation_is_an_error_never_a_crash():
    run = run_with(DutyModel(), registry=rogue({"ok": True, "matches": "task-004"}))
    assert run.terminal == ERROR
    assert run.records[0]["observation"] == {
        "ok": False, "error": "Error: the tool returned a malformed observation "
                              "(read_task_cards's observation needs a well-formed matches)"}


def test_the_question_for_the_ambiguous_pair():
    run = run_with(DutyModel(), "equipment")
    assert question_for(run) == {
        "kind": "choose", "query": "equipment", "candidates": ["task-003", "task-003-copy"],
        "text": "I found two cards with a similar id — task-003 and task-003-copy. Which one "
                "do you mean?"}


def test_the_question_for_many_matches():
    assert question_for(run_with(DutyModel(), "admin"))["text"] == (
        "I found three cards that match 'admin' — task-008, task-009 and task-013. Which one "
        "do you mean?")


def test_the_contract_can_ask_for_what_the_card_lacks():
    registry = board_registry(EXAMPLE, contract=("notes",))
    run = run_with(DutyModel(), "photograph", registry)
    assert run.terminal == NEEDS_INPUT and question_for(run)["kind"] == "complete"
    assert "it lacks task-011: notes" in question_for(run)["text"]


# --- the dispatcher: a proposal is not a permission --------------------------------------

class Spy:
    """The board tools, counting what actually ran."""

    def __init__(self, allowlist=TOOL_NAMES):
        self.ran: list[tuple[str, dict]] = []
        real = board_registry(EXAMPLE, contract=CONTRACT)

        def run_for(name):
            def run(**args):
                self.ran.append((name, args))
                return real[name].run(**args)
            return run

        self.registry = make_registry(allowlist, run_for)


ALL_PAGES = [read(1), read(2), read(3)]
REFUSED = [
    ([words("The posters are printed, trust me.")] * 2, "not_a_tool_call"),
    ([act("delete_board")] * 2, "unknown_tool"),
    ([act("read_task_cards", query="salaries", page=1)] * 2, "out_of_scope"),
    ([act("read_task_cards", query="posters", page="1")] * 2, "bad_argument"),
    ([act("read_task_cards", query="posters")] * 2, "missing_argument"),
    ([act("read_task_cards", query="posters", page=1, limit=3)] * 2, "extra_argument"),
    ([*ALL_PAGES, act("validate_task_card", card="../../etc/passwd"),
      act("validate_task_card", card="/etc/passwd")], "not_a_match"),
    ([read(1), act("draft_summary", cards="task-004"), act("draft_summary", cards="task-004")],
     "search_incomplete"),
    ([*ALL_PAGES, act("draft_summary", cards="task-004"), act("draft_summary", cards="task-004")],
     "unconfirmed"),
    ([{"content": "not a list", "stop_reason": "tool_use"}] * 2, "not_a_dict"),
]


@pytest.mark.parametrize(("replies", "code"), REFUSED, ids=[c for _, c in REFUSED])
def test_a_refused_proposal_never_runs_and_counts_as_a_failure(replies, code):
    spy = Spy()
    model = ScriptedModel(replies) if code != "not_a_dict" else Replies(replies)
    run = run_with(model, registry=spy.registry)
    refused = [r for r in run.records if r["note"]]
    assert [r["note"] for r in refused] == [f"refused: {code}"] * 2
    assert run.terminal == ERROR and run.state["failures"] == 2
    assert all(r["ran"] is False for r in refused)
    assert len(spy.ran) == len(run.records) - 2   # nothing refused reached a tool
    assert message_for(run)[1].startswith("The proposed actions were refused, even after a retry")


class Replies:
    """A model that returns its replies as they are, unchecked (chapter 3's ScriptedModel
    would refuse a malformed one up front)."""

    def __init__(self, replies):
        self.replies = replies

    def create(self, system, messages, tools):
        return copy.deepcopy(self.replies[sum(m["role"] == "assistant" for m in messages)])


def test_a_tool_outside_the_allowlist_is_unknown_to_the_dispatcher():
    spy = Spy(allowlist=("read_task_cards", "validate_task_card"))
    run = run_with(DutyModel(), registry=spy.registry)
    assert steps(run)[-2:] == [("validate_task_card", "", CONTINUE),
                               ("draft_summary", "refused: unknown_tool", LIMIT)]
    assert [name for name, _ in spy.ran].count("draft_summary") == 0
    assert "no tool named 'draft_summary'; registered: read_task_cards, validate_task_card" \
        in run.records[-1]["observation"]["error"]


def test_only_the_first_of_several_tool_uses_runs():
    two = reply([tool_use_block("a", "read_task_cards", {"query": "posters", "page": 1}),
                 tool_use_block("b", "read_task_cards", {"query": "posters", "page": 2})],
                "tool_use")
    spy = Spy()
    run_with(ScriptedModel([two, words("done")]), registry=spy.registry, max_steps=2)
    assert spy.ran == [("read_task_cards", {"query": "posters", "page": 1})]


def test_the_model_gets_copies_and_cannot_rewrite_the_run():
    class Vandal(DutyModel):
        def create(self, system, messages, tools):
            answer = super().create(system, messages, tools)
            messages.clear()
            tools.clear()
            return answer

    assert steps(run_with(Vandal())) == steps(run_with(DutyModel()))


# --- retries, guards and the harness ------------------------------------------------------

def flaky(failures: int, page_size: int = 5):
    """The board tools (on the fixed board), whose first `failures` reads fail."""
    real = board_registry(FIXED, page_size=page_size, contract=CONTRACT)
    left = [failures]

    def run_for(name):
        def run(**args):
            if name == "read_task_cards" and left[0] > 0:
                left[0] -= 1
                return {"ok": False, "error": "Error: the board is busy"}
            return real[name].run(**args)
        return run

    return make_registry(TOOL_NAMES, run_for)


def test_a_temporary_error_is_retried_once():
    run = run_with(DutyModel(), "task-003", flaky(1, page_size=20), guards=("repeated",))
    assert steps(run) == [("read_task_cards", "", CONTINUE), ("read_task_cards", "", CONTINUE),
                          ("validate_task_card", "", CONTINUE), ("draft_summary", "", SUCCESS)]
    assert [r["proposal"]["args"] for r in run.records[:2]] == [{"query": "task-003",
                                                                 "page": 1}] * 2
    # the retry costs a step: on three pages the same route no longer fits in five
    run = run_with(DutyModel(), "task-003", flaky(1))
    assert [d for _, _, d in steps(run)] == [CONTINUE] * 4 + [LIMIT]


def test_no_retry_allowed_means_error_at_once():
    run = run_with(DutyModel(), "task-003", flaky(1), max_retries=0)
    assert (run.terminal, len(run.records)) == (ERROR, 1)


def test_the_repeated_action_guard_stops_a_model_that_asks_again():
    run = run_with(ScriptedModel([read(1, call=1), read(1, call=2)]), guards=("repeated",))
    assert steps(run) == [("read_task_cards", "", CONTINUE),
                          ("read_task_cards", "not run: a guard stopped it", LIMIT)]
    assert run.state["failures"] == 0
    assert message_for(run)[1] == ("A guard stopped step 2 before it ran — same action twice. "
                                   "Not all cards were checked — 1 of 3 pages was read (5 of "
                                   "14 card files).")


def test_the_token_budget_guard_counts_every_request():
    run = run_with(DutyModel(), guards=("tokens=1000",))
    assert run.terminal == LIMIT and run.records[-1]["note"] == "not run: a guard stopped it"
    assert sum(r["tokens"] for r in run.records) > 1000 > \
        sum(r["tokens"] for r in run.records[:-1])


def test_a_model_that_fails_ends_the_run_with_error(tmp_path):
    class Broken:
        def create(self, system, messages, tools):
            if len(messages) > 2:
                raise ConnectionError("the provider hung up")
            return read(1)

    run = run_with(Broken())
    assert (run.terminal, len(run.records)) == (ERROR, 1)
    assert run.failure == "the model failed: ConnectionError: the provider hung up"
    assert message_for(run)[1] == ("The model failed: ConnectionError: the provider hung up. "
                                   "No answer was confirmed.")
    assert replay_trace(traced(Broken(), tmp_path))[1].failure == run.failure


def test_the_harness_underneath_keeps_states_events_and_outcome():
    run = run_with(DutyModel(), "equipment")
    types = [e["type"] for e in run.events]
    assert types[:7] == ["session.start", "plan.draft", "plan.commit", "step.start",
                         "tool.call", "tool.result", "step.end"]
    assert types.count("plan.commit") == len(run.records) == 3
    last = run.events[-1]["data"]
    assert (last["outcome"], last["detail"]) == ("incomplete", NEEDS_INPUT)
    assert run_with(DutyModel(), registry=fixed()).events[-1]["data"]["outcome"] == "goal_met"
    assert {e["at"] for e in run.events} == {0.0}   # the harness clock never moves
    assert replay_events(run.events).state == "DONE"


def test_run_officer_is_the_chapters_loop_by_hand_inside_the_harness():
    """propose, carry_out, update_state and decide, in that order, give the same steps
    whether the harness runs them (run_officer) or a reader does (chapter 5's cell)."""
    registry = board_registry(EXAMPLE, contract=CONTRACT)
    run_input = RunInput("Tell Anya", "equipment", guards=("repeated",))
    run = run_officer(run_input, DutyModel(), registry)
    state, model = new_state(run_input, registry), DutyModel()
    guards, by_hand = officer_module.guards_from(run_input.guards), []
    decision = CONTINUE
    while decision == CONTINUE:
        officer_module.propose(state, model)
        observation = officer_module.carry_out(state, registry, guards)
        officer_module.update_state(state, observation)
        decision = decide(state)
        by_hand.append(officer_module.record_step(state, decision))
        officer_module.next_move(state, decision)
    assert by_hand == run.records and (state["terminal"], run.terminal) == (NEEDS_INPUT,) * 2
    assert state == run.state


def test_the_officers_state_holds_what_its_type_says():
    from agentloop.duty.state import DutyStep, OfficerState

    run = run_with(DutyModel(), "equipment")
    assert set(run.state) == set(OfficerState.__annotations__)
    assert all(set(record) == set(DutyStep.__annotations__) for record in run.records)
    assert set(new_state(RunInput("g", "q"), board_registry(EXAMPLE))) == \
        set(OfficerState.__annotations__)


def test_the_harness_budget_is_a_backstop(monkeypatch):
    monkeypatch.setattr(officer_module, "Budget",
                        lambda turns, calls, seconds, clock: Budget(1, 1, seconds, clock))
    run = run_with(DutyModel())
    assert (run.terminal, len(run.records)) == (LIMIT, 1)
    assert run.failure.startswith("the harness budget ran out")


# --- invariants over generated boards and models ---------------------------------------

IDS = ["task-001", "task-002", "task-003", "task-003-copy"]
cards = st.fixed_dictionaries({
    "id": st.sampled_from([*IDS, "Bad Id"]), "title": st.sampled_from(["Equipment", "hall", ""]),
    "status": st.sampled_from(["todo", "blocked", "done", "wip"]),
    "blocked_by": st.sampled_from(["", "task-001", "task-099"])})
files = st.one_of(cards, st.binary(max_size=40))
proposals = st.one_of(
    st.builds(lambda q, p: act("read_task_cards", query=q, page=p),
              st.sampled_from(["equipment", "hall", "x"]), st.integers(0, 4)),
    st.builds(lambda c: act("validate_task_card", card=c), st.sampled_from([*IDS, "../x"])),
    st.builds(lambda c: act("draft_summary", cards=c), st.sampled_from([*IDS, "task-001,x"])),
    st.just(words("done")), st.just(act("rm", path="/")))


def write_board(folder: Path, items: list) -> None:
    folder.mkdir()
    for number, item in enumerate(items):
        path = folder / f"{item['id'] if isinstance(item, dict) else 'junk'}-{number}.md"
        if isinstance(item, bytes):
            path.write_bytes(item)
        else:
            path.write_text(f"---\nid: {item['id']}\ntitle: {item['title']}\ngroup: lab\n"
                            f"status: {item['status']}\nblocked_by: {item['blocked_by']}\n---\n",
                            encoding="utf-8")


def traced(model, folder: Path, query: str = "posters", registry=None, **limits) -> Path:
    registry = registry or board_registry(EXAMPLE, contract=CONTRACT)
    run_input = RunInput("Tell Anya", query, **limits)
    facts = {"goal": "Tell Anya", "query": query, "answer": None, "question": None,
             "config": "ws", "board": "board", "page_size": 5, "model": "replay",
             "max_steps": run_input.max_steps, "max_retries": run_input.max_retries,
             "guards": list(run_input.guards), "tools": list(registry.names()),
             "tools_default": False, "contract": None, "save": None, "state": None,
             "trace": "t"}
    trace = TraceWriter(folder / "trace.jsonl", facts)
    run = run_officer(run_input, model, registry, trace.step, trace.event)
    trace.stop(run)
    trace.close()
    return folder / "trace.jsonl"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(items=st.lists(files, max_size=7), scripted=st.booleans(),
       replies=st.lists(proposals, min_size=1, max_size=6), max_steps=st.integers(1, 5),
       max_retries=st.integers(0, 1), page_size=st.integers(1, 3),
       guards=st.sampled_from([(), ("repeated",), ("tokens=400",)]))
def test_every_run_ends_in_a_terminal_within_max_steps_and_replays(items, scripted, replies,
                                                                   max_steps, max_retries,
                                                                   page_size, guards):
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board"
        write_board(board, items)
        registry = board_registry(board, page_size=page_size, contract=("id", "status"))
        model = DutyModel() if scripted else Replies(replies + [words("no more")] * 6)
        limits = {"max_steps": max_steps, "max_retries": max_retries, "guards": guards}
        run = run_officer(RunInput("Tell Anya", "equipment", **limits), model, registry)
        assert run.terminal in TERMINALS
        assert 1 <= len(run.records) <= max_steps
        assert [r["decision"] for r in run.records] == [CONTINUE] * (len(run.records) - 1) + [
            run.terminal]
        assert run.state["failures"] <= max_retries + 1
        label, text = message_for(run)
        assert text and "\n" not in text
        if run.terminal != SUCCESS:
            assert label != "answer"
        trace = traced(model, Path(folder), "equipment", registry, **limits)
        _, again = replay_trace(trace)
        assert (again.terminal, again.records) == (run.terminal, run.records)
        assert json.loads(trace.read_text().splitlines()[-1])["terminal"] == run.terminal


def rogue(result):
    """The board tools, except that reading returns `result` (or raises it)."""
    real = board_registry(EXAMPLE, contract=CONTRACT)

    def run_for(name):
        def run(**args):
            if name != "read_task_cards":
                return real[name].run(**args)
            if isinstance(result, Exception):
                raise result
            return result
        return run

    return make_registry(TOOL_NAMES, run_for)


@pytest.mark.parametrize(("result", "error"), [
    (OSError("disk on fire"), "Error: read_task_cards failed (OSError: disk on fire)"),
    ("a string", "Error: the tool returned something that is not an observation"),
    ({"ok": True, "when": float("nan")}, "Error: the tool returned something that is not an "
                                         "observation"),
    ({"ok": False, "error": "x", "guard": "I am a guard"},
     "Error: the tool's observation uses a field only the dispatcher may set (refused, guard)"),
])
def test_a_tool_that_misbehaves_is_an_observation_never_a_crash(result, error):
    run = run_with(DutyModel(), registry=rogue(result))
    assert run.terminal == ERROR and len(run.records) == 2
    assert run.records[0]["observation"] == {"ok": False, "error": error}


def test_a_bad_page_size_is_refused_by_name():
    with pytest.raises(ValueError, match="page_size must be an integer from 1 to 50, got 0"):
        board_registry(EXAMPLE, page_size=0)


def test_bad_run_input_is_refused_by_name():
    with pytest.raises(ValueError, match="max_steps must be an integer from 1 to 5, got 6"):
        run_with(DutyModel(), max_steps=6)
    with pytest.raises(ValueError, match="unknown guard 'polite'"):
        run_with(DutyModel(), guards=("polite",))
