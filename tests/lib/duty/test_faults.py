"""Chapter 5's injected faults: the numbered board tool calls fail once, the others run on
the board; the retry chapter 1 allows fixes a temporary fault, a sixth step never comes."""

from __future__ import annotations

from pathlib import Path

from agentloop.duty.board_tools import board_registry
from agentloop.duty.faults import FAULT_ERROR, with_faults
from agentloop.duty.officer import RunInput, run_officer
from agentloop.duty.planner import DutyModel

ROOT = Path(__file__).resolve().parents[3]
FIXED = ROOT / "examples/my_agent/fixed_board"


def test_the_numbered_calls_fail_once_and_the_others_run():
    registry = with_faults(board_registry(FIXED, page_size=14), (1, 3))
    read = registry["read_task_cards"].run
    observations = [read(query="posters", page=1) for _ in range(4)]
    assert [o["ok"] for o in observations] == [False, True, False, True]
    assert observations[0] == {"ok": False, "error": FAULT_ERROR.format(call=1)}
    assert observations[1]["matches"] == ["task-004"]
    assert with_faults(registry, ()) is registry


def test_a_retry_fixes_a_temporary_fault():
    registry = with_faults(board_registry(FIXED, page_size=14, contract=("id",)), (1,))
    run = run_officer(RunInput("Tell Anya", "posters"), DutyModel(), registry)
    assert [r["decision"] for r in run.records] == ["continue"] * 3 + ["success"]
    assert run.state["failures"] == 1


def test_a_first_failure_on_the_last_allowed_step_is_a_limit():
    registry = with_faults(board_registry(FIXED, page_size=5, contract=("id",)), (5,))
    run = run_officer(RunInput("Tell Anya", "posters"), DutyModel(), registry)
    assert [r["action"] for r in run.records][-1] == "draft_summary"
    assert (run.terminal, len(run.records), run.state["failures"]) == ("limit", 5, 1)
    without = run_officer(RunInput("Tell Anya", "posters", max_retries=0), DutyModel(),
                          with_faults(board_registry(FIXED, contract=("id",)), (5,)))
    assert without.terminal == "error"   # no retry allowed: the failure itself ends it
