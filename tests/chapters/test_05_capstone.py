"""Chapter 5's text: the numbers and endings it states are the ones the code computes, the
example office it runs is examples/my_agent byte for byte, and every new Python construct
has a "Python you need" note where it first appears."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from agentloop.duty.example import ROUTES, route_folder, write_office
from agentloop.duty.officer import RunInput, run_officer
from agentloop.duty.shift import run_shift
from tests.chapters.test_01_agent_loop import notes_before_use

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "chapters" / "src" / "05_capstone.py"
NOTEBOOK = ROOT / "chapters" / "05_capstone.ipynb"
EXAMPLE = ROOT / "examples" / "my_agent"


def text_of(path: Path) -> str:
    return " ".join(re.sub(r"^# ?", "", line).strip()
                    for line in path.read_text(encoding="utf-8").splitlines())


@pytest.fixture(scope="module")
def shifts(tmp_path_factory):
    """Every route of the example office, run once, from a fresh copy (as the chapter does)."""
    folder = tmp_path_factory.mktemp("office")
    root = write_office(folder)
    out = {route: run_shift(root / route_folder(route)) for route in ROUTES}
    out["answered"] = run_shift(root, answer="the one for the hall")   # the seed's words
    return out


def test_the_checkpoint_table_is_what_the_routes_do(shifts):
    text = text_of(SOURCE)
    rows = re.findall(r"\| ([a-z ]+) \| `([a-z_/]+)` \| `(\w+)`, step (\d) \|", text)
    assert len(rows) == 9
    for _, folder, terminal, step in rows:
        route = folder.removeprefix("routes/")
        run = shifts[route].run
        assert (run.terminal, len(run.records)) == (terminal, int(step)), route
    assert {route for _, folder, _, _ in rows for route in [folder.removeprefix("routes/")]} == \
        {"my_agent", "one_match", "unreadable_card", "no_matches", "broken_card",
         "missing_board", "limit", "temporary_error", "last_step_failure"}
    assert {terminal for _, _, terminal, _ in rows} == {"success", "needs_input", "error",
                                                        "limit"}


def test_the_chapter_states_the_computed_endings(shifts):
    text = text_of(SOURCE)

    def ending(route: str) -> str:
        run = shifts[route].run
        return f"**`{run.terminal}` on step {len(run.records)}**"

    def item(label: str, route: str) -> str:   # "**One match: `success` on step 5.**"
        return f"**{label}: {ending(route)[2:-2]}.**"

    assert ending("my_agent") in text          # the ambiguous pair, at the top of lesson 4
    assert item("One match", "one_match") in text
    assert item("Nothing found", "no_matches") in text
    assert item("A broken card", "broken_card") in text
    assert item("An unreadable board", "missing_board") in text
    assert item("A board longer than the budget", "limit") in text
    assert item("A card that cannot be read", "unreadable_card") in text
    assert item("A failure a retry fixes", "temporary_error") in text
    assert item("A failure on the last allowed step", "last_step_failure") in text
    assert shifts["last_step_failure"].run.state["failures"] == 1   # a retry was allowed
    assert ending("limit2") in text and ending("answered") in text
    state = shifts["limit"].run.state
    assert f"**{len(state['pages'])} of {state['page_count']} pages**" in text
    assert f"**{state['scanned']} of {state['total']} card files**" in text
    tokens = shifts["tokens"].run
    assert (tokens.terminal, len(tokens.records), tokens.records[-1]["note"]) == \
        ("limit", 4, "not run: a guard stopped it")
    assert shifts["bare"].run.terminal == "success"
    assert "not configured" in shifts["bare"].text


def test_both_equipment_cards_are_on_page_one_and_the_run_reads_three_pages(shifts):
    run = shifts["my_agent"].run
    first = run.records[0]["observation"]
    assert first["matches"] == ["task-003", "task-003-copy"] and first["pages"] == 3
    text = text_of(SOURCE)
    assert "Both equipment cards sit on the first page of the board" in text
    assert "Page 3 completes the search" in text


def test_the_hasty_model_ends_in_error_on_step_2(tmp_path):
    from agentloop.duty.board_tools import board_registry
    from agentloop.messages import reply, text_block, tool_use_block
    from agentloop.models import ScriptedModel

    def act(call, name, **arguments):
        return reply([text_block(name), tool_use_block(f"c{call}", name, arguments)],
                     "tool_use")

    root = write_office(tmp_path)
    hasty = ScriptedModel([act(1, "draft_summary", cards="task-003"),
                           act(2, "validate_task_card", card="task-003")])
    run = run_officer(RunInput("g", "equipment"), hasty, board_registry(root / "board"))
    assert [r["note"] for r in run.records] == ["refused: search_incomplete",
                                                "refused: not_a_match"]
    assert run.terminal == "error" and len(run.records) == 2
    assert "**`error` on step 2**" in text_of(SOURCE)


def test_the_route_arithmetic_the_text_states():
    from agentloop_grader.answers.ch5 import reference_policy, route_steps

    text = text_of(SOURCE)
    assert route_steps(14, 5) == 5 and "**3 reads + validate + draft = 5 actions**" in text
    assert reference_policy(14)["page_size"] == 7


def test_the_office_rule_asks_two_steps_before_the_library_and_the_text_says_so(shifts):
    """Exercise 4's rule asks on the office board right after the search (step 3); the
    library's officer drafts the summary first and asks on step 5."""
    from agentloop_grader.answers.ch5 import reference_after_search

    from agentloop.checks.ch5 import EXAMPLE, after_case, board_folder

    case = after_case(EXAMPLE, "posters")
    assert case["state"]["steps"] == 3 and case["state"]["search_complete"]
    with board_folder(EXAMPLE) as folder:
        decision, question = reference_after_search(case["state"], folder)
    assert decision == "needs_input" and "task-012.md" in question
    assert (shifts["unreadable_card"].run.terminal, len(shifts["unreadable_card"].run.records)) \
        == ("needs_input", 5)
    assert "your rule asks on step 3, where the library's officer drafted the summary first " \
           "and asked on step 5" in text_of(SOURCE)


def test_a_long_runs_pages_read_are_its_steps_less_its_failures(shifts):
    """What exercise 5 asks the report to count, on the two routes the chapter prints."""
    for route, pages in (("limit", 5), ("last_step_failure", 4)):
        state = shifts[route].run.state
        assert len(state["pages"]) == state["steps"] - state["failures"] == pages, route


CHAPTER_5_NOTES = {
    "`os.chdir`": r"os\.chdir\(", "`tempfile.mkdtemp`": r"mkdtemp\(",
    "`pathlib.Path` and `/`": r'office / "', "`sorted`": r"\bsorted\(",
    "`except` with two names": r"except \(", "`finally`": r"^finally:",
    "a dataclass's fields": r"workspace\.goal", "`**` in a `def`": r"def \w+\(.*\*\*\w+\)",
    "`Counter`": r"\bCounter\(", "`startswith` with a tuple": r"startswith\(SHOWN\)",
    "`//` and rounding up": r"-\(-\w+ //", "`with open(...) as file`": r"with open\(",
    "`json.dump`": r"json\.dump\(", "a function inside a function": r"^    def \w+\(",
    "`str.casefold`": r"casefold\(", "a set": r"\bset\(", "`add`": r"found\.add\(",
    "dict comprehension": r"\{\w+\.\w+: \w+\.\w+ for ",
    "`read_bytes` and `decode`": r"\.decode\(",
}


def test_every_new_python_construct_has_a_note_where_it_first_appears():
    assert notes_before_use(NOTEBOOK, CHAPTER_5_NOTES, outputs=False) == []


def test_the_notes_share_one_format():
    notes = re.findall(r"^# > \*\*Python you need · [^*]+\.\*\*", SOURCE.read_text(), re.M)
    assert len(notes) >= 8


def test_the_written_answer_is_graded_by_hand_and_the_banner_closing_is_quoted():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    manual = [c for c in nb.cells if c.cell_type == "markdown" and "nbgrader" in c.metadata]
    assert [c.metadata["nbgrader"]["grade_id"] for c in manual] == ["ch5-what-it-proves"]
    assert manual[0].metadata["nbgrader"] == {
        "grade_id": "ch5-what-it-proves", "schema_version": 3, "task": False, "grade": True,
        "solution": True, "locked": False, "points": 2}
    from agentloop.duty.banner import CLOSING

    assert CLOSING in text_of(SOURCE)


def test_the_points_table_is_the_notebooks_metadata():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    points: dict[int, int] = {}
    exercise = None
    for cell in nb.cells:
        found = re.search(r"^### Exercise (\d+)", cell.source, re.M)
        if cell.cell_type == "markdown" and found:
            exercise = int(found[1])
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade") and exercise is not None:
            points[exercise] = points.get(exercise, 0) + meta["points"]
    table = {int(n): int(p) for n, p in re.findall(r"^# \| (\d) · [^|]+\|[^|]+\| (\d) \|$",
                                                  SOURCE.read_text(encoding="utf-8"), re.M)}
    assert table == points and len(table) == 6
