"""The class reports' figures (agentloop_grader.report.plots): hand-written SVGs in data URIs.

Every figure must parse as XML with an <svg> root of the promised size, carry its numbers
and labels as <text>, escape what teachers named, give the same bytes for the same input,
and not need matplotlib.
"""

from __future__ import annotations

import base64
import importlib.util
import sys
import xml.etree.ElementTree as ET

import pytest
from agentloop_grader.report import plots

SVG = "{http://www.w3.org/2000/svg}"
XML = "{http://www.w3.org/XML/1998/namespace}"
PREFIX = "data:image/svg+xml;base64,"
EDGES = [i - 0.5 for i in range(12)]  # a 10-point assignment: one bar per whole score
COUNTS = [0, 0, 1, 0, 2, 3, 5, 9, 6, 4, 2]
CELLS = ["ch4-finish-any-limit", "ch4-budget-tokens", "ch4-hooks-order", "ch4-summary"]
RATES = [0.75, 31 / 32, None, 0.0]
PASSED = ["24/32", "31/32", "0/0", "0/32"]
NAMES = ["01_agent_loop", "02_tools_and_controller", "03_messages"]
PERCENTS = [[10.0, 55.0, 90.0, 100.0], [40.0, 60.0], []]
MEANS = [63.75, 50.0, None]


def svg(uri: str | None) -> ET.Element:
    assert uri is not None and uri.startswith(PREFIX)
    root = ET.fromstring(base64.b64decode(uri[len(PREFIX):]))
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def size(root: ET.Element) -> tuple[str, str]:
    return root.get("width", ""), root.get("height", "")


def bars(root: ET.Element, fill: str = plots.BLUE) -> list[float]:
    """Heights of the rects of this colour, left to right."""
    rects = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == fill]
    return [float(r.get("height", "")) for r in sorted(rects, key=lambda r: float(r.get("x", "")))]


def every_figure(module=plots) -> list[str | None]:
    return [module.score_histogram(EDGES, COUNTS, 10, 6.9, 7.0),
            module.pass_rates(CELLS, RATES, PASSED),
            module.seconds_histogram([0.4, 0.5, 0.5, 1.2, 2.0, 9.5], 10.0),
            module.assignment_spread(NAMES, PERCENTS, MEANS, 50)]


def test_score_histogram_has_its_counts_lines_and_labels():
    root = svg(plots.score_histogram(EDGES, COUNTS, 10, 6.9, 7.0))
    assert size(root) == ("720", "290")
    words = texts(root)
    assert "score (of 10 points, after late penalties)" in words and "students" in words
    assert {"mean 6.9", "median 7"} <= set(words)
    assert [w for w in words if w in {"1", "2", "3", "4", "5", "6", "9"}]  # the counts
    heights = bars(root)
    assert len(heights) == sum(1 for c in COUNTS if c)  # no bar for an empty bin
    tallest = max(heights)
    for height, count in zip(heights, [c for c in COUNTS if c], strict=True):
        assert height == pytest.approx(tallest * count / max(COUNTS), abs=0.15)
    lines = {(ln.get("stroke"), ln.get("stroke-dasharray")) for ln in root.iter(f"{SVG}line")}
    assert (plots.AMBER, None) in lines  # the mean, solid
    assert any(stroke == plots.INK and dash for stroke, dash in lines)  # the median, dashed
    ticks = [w for w in words if w.isdigit()]
    assert {"0", "2", "4", "6", "8", "10"} <= set(ticks)  # y: integers only, no "2.5"
    assert not any("." in w for w in words if w.replace(".", "").isdigit())


def test_small_counts_and_scores_get_whole_ticks():
    # one student and a 1-point assignment: never a tick at 0.5 students or points
    hist = svg(plots.score_histogram([-0.5, 0.5, 1.5], [0, 1], 1, None, None))
    seconds = svg(plots.seconds_histogram([0.25], None))
    for root in (hist, seconds):
        y_ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end"]
        assert y_ticks == ["0", "1"]
    x_ticks = [t.text for t in hist.iter(f"{SVG}text") if t.get("text-anchor") == "middle"
               and (t.text or "").replace(".", "").isdigit() and t.get("font-size") is None]
    assert x_ticks == ["0", "1"]


def test_score_histogram_without_mean_or_median_has_no_legend():
    root = svg(plots.score_histogram(EDGES, [0] * 11, 10, None, None))
    assert not any(w.startswith(("mean", "median")) for w in texts(root))
    assert bars(root) == []


def test_pass_rates_bars_labels_and_hand_grading():
    root = svg(plots.pass_rates(CELLS, RATES, PASSED))
    assert size(root) == ("720", str(90 + 36 * len(CELLS)))
    words = texts(root)
    assert set(CELLS) <= set(words)
    assert {"75%  (24/32)", "97%  (31/32)", "graded by hand", "0%  (0/32)"} <= set(words)
    assert "students with full marks" in words and "100%" in words
    spaced = [t for t in root.iter(f"{SVG}text") if "  " in (t.text or "")]
    assert len(spaced) == 3  # SVG would collapse the two spaces without xml:space
    assert all(t.get(f"{XML}space") == "preserve" for t in spaced)
    tracks = bars(root, plots.GRID)
    assert len(tracks) == len(CELLS)
    widths = {r.get("fill"): float(r.get("width", "")) for r in root.iter(f"{SVG}rect")
              if r.get("fill") in (plots.AMBER, plots.GREEN)}
    track = float(next(r for r in root.iter(f"{SVG}rect")
                       if r.get("fill") == plots.GRID).get("width", ""))
    assert widths[plots.AMBER] == pytest.approx(0.75 * track, abs=0.15)
    assert widths[plots.GREEN] == pytest.approx(31 / 32 * track, abs=0.15)
    # the left margin fits the longest label (~0.62 em a character at 12 px)
    first_bar_x = min(float(r.get("x", "")) for r in root.iter(f"{SVG}rect")
                      if r.get("fill") == plots.GRID)
    assert first_bar_x >= len("ch4-finish-any-limit") * 12 * 0.6


def test_seconds_histogram_bins_and_time_limit():
    seconds = [0.4, 0.5, 0.5, 1.5, 3.0, 9.5]
    root = svg(plots.seconds_histogram(seconds, 10.0))
    assert size(root) == ("720", "250")
    words = texts(root)
    assert "seconds in the sandbox per submission" in words and "submissions" in words
    assert "time limit per cell (10 s)" in words
    assert any(ln.get("stroke") == plots.RED for ln in root.iter(f"{SVG}line"))
    heights = bars(root)
    assert len(heights) == 4  # 8 bins of 1.35 s: [0.4 0.5 0.5] [1.5] [3.0] … [9.5]
    assert heights[0] == pytest.approx(3 * heights[1], abs=0.15) and max(heights) == heights[0]
    without = svg(plots.seconds_histogram(seconds, None))
    assert not any(w.startswith("time limit") for w in texts(without))
    assert not any(ln.get("stroke") == plots.RED for ln in without.iter(f"{SVG}line"))


def test_assignment_spread_dots_means_and_mark():
    root = svg(plots.assignment_spread(NAMES, PERCENTS, MEANS, 50))
    assert size(root) == ("720", "290")
    words = texts(root)
    assert set(NAMES) <= set(words) and "% of the points" in words
    assert {"mean 64%", "mean 50%", "marked below 50%"} <= set(words)
    assert sum(1 for w in words if w.startswith("mean")) == 2  # none for no mean
    dots = list(root.iter(f"{SVG}circle"))
    assert len(dots) == sum(len(p) for p in PERCENTS)
    ys = [float(d.get("cy", "")) for d in dots[:4]]
    assert ys == sorted(ys, reverse=True)  # higher percent, higher on the page


def test_labels_are_escaped_and_still_parse():
    nasty = 'a <b> & "c" \'d\'\x01'
    rates = svg(plots.pass_rates([nasty], [0.5], ["1/2"]))
    assert 'a <b> & "c" \'d\'' in texts(rates)
    spread = svg(plots.assignment_spread([nasty], [[50.0]], [50.0], 40))
    assert 'a <b> & "c" \'d\'' in texts(spread)


def test_long_labels_are_shortened():
    root = svg(plots.pass_rates(["x" * 200], [1.0], ["1/1"]))
    label = next(w for w in texts(root) if w.startswith("x"))
    assert len(label) < 50 and label.endswith("…")


def test_nothing_to_draw_is_none():
    assert plots.pass_rates([], [], []) is None
    assert plots.seconds_histogram([], 10.0) is None
    assert plots.assignment_spread([], [], [], 50) is None


def test_same_input_same_bytes():
    assert every_figure() == every_figure()


def test_no_matplotlib_needed(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now fails
    # a second copy of the module, imported now: the one the other tests use stays as is
    spec = importlib.util.spec_from_file_location("plots_without_matplotlib", plots.__file__)
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    figures = every_figure(fresh)
    for uri in figures:
        svg(uri)
    assert figures == every_figure()


@pytest.mark.parametrize(("low", "high", "integer", "expected"), [
    (0, 10.5, True, [0, 2, 4, 6, 8, 10]),
    (0, 1.75, True, [0, 1]),  # never a tick at half a student
    (0, 100, False, [0, 20, 40, 60, 80, 100]),
    (0, 1, False, [0, 0.2, 0.4, 0.6, 0.8, 1]),
    (0, 11.02, False, [0, 2, 4, 6, 8, 10]),
    (-4, 104, False, [0, 20, 40, 60, 80, 100]),
    (3, 3, False, [3]),
])
def test_nice_ticks(low, high, integer, expected):
    assert plots.nice_ticks(low, high, integer=integer) == expected


def test_score_ticks_follow_the_points():
    # one tick a point up to 12 points, every 2 up to 24, every 5 up to 30 (as before)
    assert plots.nice_ticks(0, 12, 12, integer=True) == list(range(13))
    assert plots.nice_ticks(0, 20, 12, integer=True) == list(range(0, 21, 2))
    assert plots.nice_ticks(0, 30, 12, integer=True) == list(range(0, 31, 5))


def test_rate_colour():
    assert [plots.rate_colour(r) for r in (None, 0.8, 0.5, 0.49)] == \
        [plots.MUTED, plots.GREEN, plots.AMBER, plots.RED]
