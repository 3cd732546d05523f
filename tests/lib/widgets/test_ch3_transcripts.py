"""Chapter 3's transcript viewer and token plot: controls re-run the agent; text works too."""

from __future__ import annotations

import subprocess
import sys

import pytest

from agentloop.shop import EXAMPLE_TASKS
from agentloop.widgets import token_plot, transcript_viewer
from agentloop.widgets.ch3_transcripts import TranscriptViewer


def test_the_courier_runs_to_the_step_limit_without_guards():
    viewer = transcript_viewer()
    assert 'data-exit="max_steps" data-steps="5"' in viewer.view.value
    assert viewer.text().splitlines()[0] == "max_steps=5 guards=none"
    assert viewer.text().endswith("exit: max_steps on step 5 (5 steps without an answer)")


def test_guard_switches_rerun_the_agent():
    viewer = transcript_viewer()
    viewer.repeated.value = True
    assert 'data-steps="2"' in viewer.view.value
    assert "exit: a guard on step 2 (same action twice → to an employee)" in viewer.text()
    viewer.repeated.value = False
    viewer.tokens.value = True
    assert "guards=tokens=300" in viewer.text()
    assert "stopping: token budget passed (368 > 300)" in viewer.text()
    viewer.budget.value = 1000
    assert 'data-exit="max_steps"' in viewer.view.value


def test_task_and_max_steps():
    viewer = transcript_viewer(EXAMPLE_TASKS["return 1187"])
    assert "exit: end_turn on step 3 (the model answered)" in viewer.text()
    viewer.max_steps.value = 2
    assert "exit: max_steps on step 2" in viewer.text()
    viewer.task.value = EXAMPLE_TASKS["compensation 1042"]
    assert "exit: hand_to_human on step 2 (compensation for 1042)" in viewer.text()


def test_step_buttons_walk_through_the_log():
    viewer = transcript_viewer()
    viewer.first.click()
    assert 'data-exit="running" data-steps="1"' in viewer.view.value
    assert "showing step 1 of 5" in viewer.text()
    assert "step 2." not in viewer.text()
    viewer.next.click()
    viewer.next.click()
    assert "showing step 3 of 5" in viewer.text()
    viewer.all.click()
    assert "stopping: 5 steps without an answer" in viewer.text()


def test_text_is_offered_next_to_the_widget_and_html_is_escaped():
    bundle = transcript_viewer(EXAMPLE_TASKS["return 1187"])._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].endswith("; pending approval: R-1 for 1187")
    viewer = transcript_viewer("I want to return <b>1187</b>.")
    assert "&lt;b&gt;" in viewer.view.value and "<b>1187" not in viewer.view.value


def test_bad_settings_are_refused_before_building():
    with pytest.raises(ValueError, match="max_steps must be an integer from 1 to 5"):
        TranscriptViewer(max_steps=0)
    with pytest.raises(ValueError, match="budget must be an integer"):
        TranscriptViewer(budget=-5)


def test_token_plot_text_and_figure():
    plot = token_plot(budget=300)
    assert plot.per_request == [101, 124, 143, 163, 182]
    assert plot.totals == [101, 225, 368, 531, 713]
    assert plot.actions == [True] * 5
    rows = plot.text().splitlines()[2:]
    assert [row.split()[3:] for row in rows] == [["no", "yes"], ["no", "yes"], ["yes", "yes"],
                                                 ["yes", "yes"], ["yes", "yes"]]
    figure = plot.figure()
    axes = figure.axes[0]
    assert [round(p.get_height()) for p in axes.patches] == plot.per_request
    assert list(axes.lines[0].get_ydata()) == plot.totals
    assert list(axes.lines[1].get_ydata()) == [300, 300]
    bundle = plot._repr_mimebundle_()
    assert bundle["image/png"].startswith(b"\x89PNG") and bundle["text/plain"] == plot.text()


def test_the_plot_marks_the_steps_a_guard_is_never_asked_about():
    plot = token_plot(EXAMPLE_TASKS["return 1187"], budget=300)
    assert plot.totals == [104, 230, 382] and plot.actions == [True, True, False]
    assert plot.text().splitlines()[-1].split()[3:] == ["yes", "no"]
    handed_over = token_plot(EXAMPLE_TASKS["compensation 1042"], budget=150)
    assert handed_over.actions == [True, False]


def test_the_plot_names_no_stop_step():
    # Where a budget stops a run is exercise 2's question: the plot shows the data only.
    plot = token_plot(budget=300)
    assert not hasattr(plot, "stop_step") and "stops" not in plot.text()


def test_widgets_do_not_load_matplotlib_or_ipywidgets_on_import():
    code = ("import sys, agentloop.widgets.ch3_transcripts, agentloop.checks.ch3;"
            "print('matplotlib' in sys.modules, 'ipywidgets' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False False"
