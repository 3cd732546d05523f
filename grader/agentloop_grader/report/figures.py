"""Report: the figures of a list of scores or seconds — mean, median, spread, histogram."""

from __future__ import annotations

import math
import statistics


def describe(values: list[float]) -> dict[str, float | None]:
    """Mean, median, min, max and standard deviation (all None for no values)."""
    if not values:
        return {"mean": None, "median": None, "min": None, "max": None, "stdev": None}
    return {"mean": round(statistics.fmean(values), 4),
            "median": round(statistics.median(values), 4),
            "min": min(values), "max": max(values),
            "stdev": round(statistics.pstdev(values), 4)}


def histogram_edges(max_score: float) -> list[float]:
    """One bar per point up to 30 points (centred on whole scores), else 20 equal bars."""
    if max_score <= 0:
        return [-0.5, 0.5]
    if max_score <= 30:
        return [i - 0.5 for i in range(math.ceil(max_score) + 2)]
    return [round(max_score * i / 20, 6) for i in range(21)]


def histogram(values: list[float], edges: list[float]) -> list[int]:
    """How many values fall in each bar (the last bar holds its right edge)."""
    counts = [0] * (len(edges) - 1)
    for value in values:
        for index in range(len(counts)):
            last = index == len(counts) - 1
            if edges[index] <= value < edges[index + 1] or (last and value == edges[-1]):
                counts[index] += 1
                break
        else:
            counts[0 if value < edges[0] else -1] += 1
    return counts
