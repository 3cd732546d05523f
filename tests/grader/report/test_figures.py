"""report/figures.py: the class report's mean, median, spread and histogram bars."""

from __future__ import annotations

from agentloop_grader.report.figures import describe, histogram, histogram_edges


def test_no_values_have_no_figures():
    assert describe([]) == dict.fromkeys(("mean", "median", "min", "max", "stdev"))


def test_figures_of_four_scores():
    assert describe([1.0, 2.0, 3.0, 4.0]) == {"mean": 2.5, "median": 2.5, "min": 1.0,
                                              "max": 4.0, "stdev": 1.118}


def test_one_bar_per_point_up_to_thirty_then_twenty_bars():
    assert histogram_edges(0) == [-0.5, 0.5]
    assert histogram_edges(3) == [-0.5, 0.5, 1.5, 2.5, 3.5]
    wide = histogram_edges(40)
    assert len(wide) == 21 and wide[0] == 0 and wide[-1] == 40 and wide[1] == 2.0


def test_each_value_counts_once_the_last_edge_in_the_last_bar():
    edges = histogram_edges(3)
    assert histogram([0, 1, 1, 2.9, 3], edges) == [1, 2, 0, 2]
    assert histogram([40.0, 0.0, 19.9], histogram_edges(40)) == \
        [1] + [0] * 8 + [1] + [0] * 9 + [1]
    assert histogram([-3, 9], edges) == [1, 0, 0, 1]  # outside: the nearest end bar
