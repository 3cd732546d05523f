"""Chapter 2's proposal explorer: edits are re-validated, runs follow the controls, text works."""

from __future__ import annotations

import pytest

from agentloop.controller import run
from agentloop.planners import PLANNERS
from agentloop.widgets import proposal_explorer
from agentloop.widgets.ch2_proposals import (
    PRESETS,
    ProposalExplorer,
    build_proposal,
    preset,
    traced_run,
    verdict,
)


def test_presets_give_the_documented_verdicts():
    codes = {name: verdict(preset(name, "ai", looked_up=True), "ai", True)["code"]
             for name in PRESETS}
    assert codes == {
        "lookup the requested key": None,
        "lookup another key": "out_of_scope",
        "lookup with an extra argument": "extra_argument",
        "lookup a 40-character key": "bad_argument",
        "run Python code": "unknown_tool",
        "final: what was observed": None,
        "final: an invented record": "final_mismatch",
        "final: nothing found (None)": "final_mismatch",
    }
    assert verdict(preset("final: what was observed", "ai", False), "ai", False)["code"] == \
        "final_without_observation"


def test_editing_a_field_revalidates():
    explorer = proposal_explorer("ai")
    assert 'data-accepted="true"' in explorer.verdict_view.value
    explorer.args.value = '{"key": "design"}'
    assert 'data-code="out_of_scope"' in explorer.verdict_view.value
    explorer.name.value = "shell"
    assert 'data-code="unknown_tool"' in explorer.verdict_view.value
    explorer.kind.value = "shell"
    assert 'data-code="unknown_type"' in explorer.verdict_view.value
    explorer.kind.value = "final"
    explorer.answer.value = '{"title": "Applied AI"}'
    assert "REJECTED (final_without_observation)" in explorer.text()
    explorer.looked_up.value = True
    assert "REJECTED (final_mismatch)" in explorer.text()


def test_bad_json_is_an_editor_message_not_a_verdict():
    explorer = proposal_explorer("ai")
    explorer.args.value = "{key: ai}"
    assert "not validated yet: args is not valid JSON" in explorer.text()
    assert 'data-code="editor"' in explorer.verdict_view.value
    with pytest.raises(ValueError, match="answer is not valid JSON"):
        build_proposal("final", "", "{}", "nope")


def test_choosing_a_preset_fills_the_fields():
    explorer = proposal_explorer("design", looked_up=True)
    explorer.preset.value = "final: what was observed"
    assert explorer.kind.value == "final"
    assert '"Design"' in explorer.answer.value
    assert "accepted: the run ends with answer" in explorer.text()


def test_the_run_follows_planner_and_budget():
    explorer = proposal_explorer("ai")
    assert 'data-status="done" data-steps="2"' in explorer.run_view.value
    explorer.max_steps.value = 1
    assert 'data-status="stopped" data-steps="1"' in explorer.run_view.value
    assert "status: stopped" in explorer.text() and "not a success" in explorer.text()
    explorer.max_steps.value = 3
    explorer.planner.value = "look_elsewhere"
    assert 'data-status="rejected"' in explorer.run_view.value
    assert "REJECTED (out_of_scope)" in explorer.text()
    explorer.key.value = ""
    assert "type a requested key of 1 to 32 characters" in explorer.text()


@pytest.mark.parametrize("planner", ["plan", "keep_looking"])
@pytest.mark.parametrize("key", ["ai", "robotics"])
@pytest.mark.parametrize("max_steps", [1, 2, 5])
def test_traced_runs_agree_with_the_controller(planner, key, max_steps):
    traced = traced_run(key, planner, max_steps)
    expected = run(key, PLANNERS[planner], max_steps)
    assert (traced["status"], traced["answer"]) == (expected["status"], expected["answer"])
    observed = [e["outcome"] for e in traced["events"] if "tool" in e["outcome"]]
    assert observed == expected["trace"]


def test_plain_text_is_offered_next_to_the_widget():
    bundle = proposal_explorer("ai", "run Python code")._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "REJECTED (unknown_tool)" in bundle["text/plain"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"max_steps": 9}, "max_steps must be an integer from 1 to 5, got 9"),
     ({"max_steps": 0}, "max_steps must be an integer from 1 to 5, got 0"),
     ({"proposal": "nope"}, "unknown preset 'nope'"),
     ({"planner": "oracle"}, "unknown planner 'oracle'"),
     ({"key": ""}, "key must be a string of 1 to 32 characters")],
)
def test_bad_settings_are_refused_before_building(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ProposalExplorer(**kwargs)


def test_proposals_are_escaped_in_html():
    explorer = proposal_explorer("ai")
    explorer.name.value = "<b>x</b>"
    assert "<b>x</b>" not in explorer.verdict_view.value


def test_an_untouched_preset_follows_the_run_context():
    explorer = proposal_explorer("ai", "final: what was observed")
    assert "REJECTED (final_without_observation)" in explorer.text()
    explorer.looked_up.value = True  # the preset is rebuilt: now it holds the observed record
    assert '"Applied AI"' in explorer.answer.value
    assert "accepted: the run ends with answer" in explorer.text()
    explorer.key.value = "robotics"  # after one lookup of robotics, what was observed is None
    assert explorer.answer.value == "null"
    assert "accepted: the run ends with answer null" in explorer.text()


def test_a_hand_edited_proposal_survives_a_change_of_context():
    explorer = proposal_explorer("ai")
    explorer.args.value = '{"key": "AI"}'
    explorer.looked_up.value = True
    assert explorer.args.value == '{"key": "AI"}'
    assert "REJECTED (out_of_scope)" in explorer.text()
