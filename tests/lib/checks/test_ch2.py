"""Chapter 2's checks, the learner's edition (agentloop/checks/ch2.py): what `check(...)`
prints in a notebook, with the facts of the visible cases shipped as data, no reference,
hidden case or seed anywhere in it, and nothing that needs the modules the grader leaves
out (agentloop.controller, agentloop.planners)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from agentloop_grader.answers.ch2 import REFERENCE

from agentloop import controller, planners
from agentloop.checks import check, get_check, judge, run_check
from agentloop.checks.ch2 import CHECKS, desk, exercise_registry
from agentloop.checks.student import facts_file, input_key
from agentloop.proposals import ProposalRejected

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "chapters" / "02_tools_and_controller.ipynb"
BY_ID = {chk.id: chk for chk in CHECKS}


def without_last_step(proposal, state, registry):
    try:
        REFERENCE["validate_proposal"](proposal, state, registry)
    except ProposalRejected as refused:
        if refused.code != "last_step":
            raise


def test_the_learners_edition_holds_no_reference_hidden_case_or_seed():
    for chk in CHECKS:
        assert chk.reference is None and not chk.has_hidden, chk.id
    with pytest.raises(ValueError, match="need a seed"):
        BY_ID["ch2-planner"].all_cases(hidden=True)
    import agentloop.checks.ch2 as learner

    assert not hasattr(learner, "REFERENCE")
    assert not {"revised_validate", "add_list_keys", "topics_planner"} & set(vars(learner))


@pytest.mark.parametrize("chk", CHECKS, ids=lambda c: c.id)
def test_the_reference_passes_every_visible_case_on_the_shipped_facts(chk):
    report = run_check(chk, REFERENCE[chk.answer])
    assert report.passed, report.text()


def test_the_shipped_facts_are_the_visible_cases_and_up_to_date():
    spec = importlib.util.spec_from_file_location("build_check_facts",
                                                  ROOT / "tools" / "build_check_facts.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.render(tool.chapter_facts("ch2")) == \
        (ROOT / "lib" / "agentloop" / "checks" / "facts" / "ch2.json").read_text(encoding="utf-8")
    shipped = facts_file("ch2")["checks"]
    for chk in CHECKS:
        assert [c["key"] for c in shipped[chk.id]["cases"]] == \
            [input_key(case.input) for case in chk.cases()]


def test_a_case_the_edition_has_no_facts_for_is_said_so():
    chk = BY_ID["ch2-validate-form"]
    value = dict(chk.cases()[0].input, tools="lookup+top_topics")
    with pytest.raises(LookupError, match="not one of the check's visible cases"):
        chk.facts_of(value)


def test_a_rejection_is_reported_by_code_and_whether_it_was_explained():
    """The probe keeps a reason's presence, not its words: right answers differ there."""
    chk = BY_ID["ch2-validate-form"]
    case = chk.cases()[1]  # JSON text → not_a_dict

    def terse(proposal, state, registry):
        raise ProposalRejected("not_a_dict", "Not a dict!")

    assert chk.probe(terse, case.input) == {"rejected": "not_a_dict", "explained": True}
    assert chk.probe(lambda p, s, r: None, case.input) == {"accepted": True,
                                                           "returned_none": True}


def test_check_prints_a_readable_report_and_never_stops_run_all(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    check("ch2-validate-context", REFERENCE["validate_proposal"])
    out = capsys.readouterr().out
    assert "✔ last_step: a tool call that would use the run's last step" in out
    assert "14/14 cases passed: all passed" in out
    check("ch2-validate-context", without_last_step)  # practice: prints ✘, does not raise
    out = capsys.readouterr().out
    assert "✘ last_step: a tool call that would use the run's last step\n" \
           "      a lookup in a run of one step → last_step: accepted it; expected a rejection " \
           "(last_step)" in out
    assert out.count("hint 1 of 3:") == 1


def test_under_nbgrader_a_failure_raises(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="some cases failed"):
        check("ch2-validate-context", without_last_step)


@pytest.mark.parametrize(("check_id", "library"),
                         [("ch2-validate-form", controller.validate_proposal),
                          ("ch2-planner", planners.plan)])
def test_the_librarys_own_function_is_refused(capsys, monkeypatch, check_id, library):
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    with pytest.raises(AssertionError, match="library's own answer"):
        check(check_id, library)
    assert "write your own" in capsys.readouterr().out


def test_an_answer_that_calls_the_library_fails_in_practice_as_in_grading(capsys, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)

    def wrapper(proposal, state, registry):
        if isinstance(proposal, dict):
            proposal = {k: v for k, v in proposal.items() if k != "why"}
        controller.validate_proposal(proposal, state, registry)

    check("ch2-validate-form", wrapper)
    assert "withheld while your answer is checked" in capsys.readouterr().out
    check("ch2-planner", lambda state, cards: planners.plan(state))
    assert "withheld while your answer is checked" in capsys.readouterr().out
    state = BY_ID["ch2-validate-form"].cases()[0].input["state"]
    assert controller.validate_proposal({"type": "tool", "name": "lookup",
                                         "args": {"key": "ai"}}, state) is None  # back again


def test_the_judges_that_ask_the_controller_work_in_practice(capsys, monkeypatch):
    """The second tool and the planner are judged by the controller itself, on the judging
    side: in a learner's notebook the controller is there and is not withheld for them."""
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    for check_id in ("ch2-second-tool", "ch2-planner"):
        chk = BY_ID[check_id]
        assert "agentloop.controller" not in chk.answered_by
        check(check_id, REFERENCE[chk.answer])
        assert f"{len(chk.cases())}/{len(chk.cases())} cases passed: all passed" in \
            capsys.readouterr().out


def test_outside_a_course_autograde_has_no_hidden_case_to_show(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(AssertionError):
        check("ch2-validate-context", without_last_step)
    out = capsys.readouterr().out
    assert "generated run" not in out and "      a lookup in a run of one step" in out


def test_unknown_check_ids_are_explained():
    with pytest.raises(KeyError, match="ch2 has: ch2-validate-form"):
        get_check("ch2-nope")


def test_the_registries_the_cases_name():
    assert exercise_registry().names() == ["lookup"]
    assert exercise_registry("top_topics+lookup").names() == ["top_topics", "lookup"]
    assert desk({"tools": "lookup+top_topics", "most": 5})["top_topics"].args["count"] == \
        {"type": "int", "minimum": 1, "maximum": 5}
    for bad in ("", "lookup+lookup", "python", "lookup,top_topics"):
        with pytest.raises(ValueError, match="tools must name each of lookup, top_topics"):
            exercise_registry(bad)


# --- what the grader's sandbox has: no agentloop.controller, no agentloop.planners -----------

SANDBOX_LIKE = """
import importlib.abc, json, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in ("agentloop.controller", "agentloop.planners", "agentloop_grader"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, Absent())
from agentloop.checks import collect
import agentloop.checks.ch2 as ch2

namespace = {"__name__": "__main__"}
for source in json.loads(sys.argv[1]):
    exec(source, namespace)
outputs = {chk.id: collect(chk, namespace[chk.answer], chk.cases()) for chk in ch2.CHECKS}
print(json.dumps({"outputs": outputs,
                  "loaded": sorted(m for m in sys.modules if m.startswith("agentloop"))}))
"""


def test_the_probes_and_the_chapters_answer_cells_need_neither_module():
    """As in the sandbox: the learner's edition imports, the solution cells run, and every
    probe collects the outputs the judges need, with both modules impossible to import."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"]
               if c.get("metadata", {}).get("nbgrader", {}).get("solution")]
    done = subprocess.run([sys.executable, "-c", SANDBOX_LIKE, json.dumps(sources)],
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert "agentloop.controller" not in result["loaded"]
    assert "agentloop.planners" not in result["loaded"]
    for chk in CHECKS:
        outputs = result["outputs"][chk.id]
        assert all("value" in output for output in outputs), outputs
        assert judge(chk, chk.cases(), outputs).passed  # judged here, where the judges are
