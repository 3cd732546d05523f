"""The class reports' figures, drawn with matplotlib as SVG data URIs for an <img>.

Each function returns `data:image/svg+xml;base64,...`, or None when matplotlib is not
installed (the pages then show the same numbers as tables only). Figures are built with
matplotlib's object API (no pyplot, no global state), with the text kept as SVG text.
"""

from __future__ import annotations

import base64
import io
import itertools
from collections.abc import Callable
from typing import Any

INK, MUTED, GRID = "#1f2933", "#616e7c", "#e4e7eb"
BLUE, GREEN, AMBER, RED = "#2f6fde", "#1f8a4c", "#c77c02", "#c0392b"
STYLE = {
    "svg.fonttype": "none", "svg.hashsalt": "agentloop", "font.size": 10,
    "font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans"],  # matplotlib's own
    "axes.edgecolor": GRID, "axes.labelcolor": MUTED, "axes.spines.top": False,
    "axes.spines.right": False, "xtick.color": MUTED, "ytick.color": MUTED,
    "axes.titlesize": 11, "axes.titleweight": "bold", "axes.titlecolor": INK,
}


def available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def rate_colour(rate: float | None) -> str:
    if rate is None:
        return MUTED
    return GREEN if rate >= 0.8 else AMBER if rate >= 0.5 else RED


def _draw(width: float, height: float, paint: Callable[[Any], None]) -> str | None:
    """A figure of this size (inches), drawn by `paint(axes)`, as an SVG data URI."""
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        return None
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
        paint(figure.add_subplot())
        buffer = io.BytesIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def score_histogram(edges: list[float], counts: list[int], max_score: float,
                    mean: float | None, median: float | None) -> str | None:
    def paint(ax: Any) -> None:
        lefts = edges[:-1]
        widths = [b - a for a, b in itertools.pairwise(edges)]
        ax.bar(lefts, counts, width=[w * 0.88 for w in widths], align="edge", color=BLUE,
               zorder=2)
        for left, width, count in zip(lefts, widths, counts, strict=True):
            if count:
                ax.annotate(str(count), (left + width * 0.44, count), ha="center",
                            va="bottom", fontsize=9, color=INK, xytext=(0, 2),
                            textcoords="offset points")
        if mean is not None:
            ax.axvline(mean, color=AMBER, linewidth=1.6, zorder=3, label=f"mean {mean:.3g}")
        if median is not None:
            ax.axvline(median, color=INK, linewidth=1.2, linestyle="--", zorder=3,
                       label=f"median {median:.3g}")
        if mean is not None or median is not None:
            ax.legend(frameon=False, loc="upper left", fontsize=9)
        ax.set_xlim(edges[0], edges[-1])
        if max_score <= 30:
            step = 1 if max_score <= 12 else 2 if max_score <= 24 else 5
            ax.set_xticks(list(range(0, int(max_score) + 1, step)))
        ax.set_ylim(0, max(counts or [1]) * 1.25 + 0.5)
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_xlabel(f"score (of {max_score:g} points, after late penalties)")
        ax.set_ylabel("students")
        ax.grid(axis="y", color=GRID, zorder=0)

    return _draw(7.2, 2.9, paint)


def pass_rates(labels: list[str], rates: list[float | None],
               counts: list[str]) -> str | None:
    """One horizontal bar per graded cell, in the order given (top to bottom)."""
    if not labels:
        return None

    def paint(ax: Any) -> None:
        ys = list(range(len(labels)))[::-1]
        values = [100 * (r or 0) for r in rates]
        ax.barh(ys, [100] * len(labels), color=GRID, height=0.62, zorder=1)
        ax.barh(ys, values, color=[rate_colour(r) for r in rates], height=0.62, zorder=2)
        for y, value, text, rate in zip(ys, values, counts, rates, strict=True):
            label = "graded by hand" if rate is None else f"{value:.0f}%  ({text})"
            ax.annotate(label, (100, y), xytext=(6, 0), textcoords="offset points",
                        va="center", fontsize=9, color=INK)
        ax.set_yticks(ys, labels)
        ax.set_xlim(0, 100)
        ax.set_xticks([0, 25, 50, 75, 100], ["0", "25", "50", "75", "100%"])
        ax.set_xlabel("students with full marks")
        ax.spines["left"].set_visible(False)
        ax.tick_params(axis="y", length=0)

    return _draw(7.2, 0.9 + 0.36 * len(labels), paint)


def seconds_histogram(seconds: list[float], limit: float | None) -> str | None:
    if not seconds:
        return None

    def paint(ax: Any) -> None:
        top = max(max(seconds), limit or 0) * 1.08 or 1.0
        bins = min(30, max(8, len(seconds) // 2))
        ax.hist(seconds, bins=bins, range=(0, top), color=BLUE, zorder=2, rwidth=0.9)
        if limit:
            ax.axvline(limit, color=RED, linewidth=1.4, linestyle="--", zorder=3,
                       label=f"time limit per cell ({limit:g} s)")
            ax.legend(frameon=False, fontsize=9)
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_xlabel("seconds in the sandbox per submission")
        ax.set_ylabel("submissions")
        ax.grid(axis="y", color=GRID, zorder=0)

    return _draw(7.2, 2.5, paint)


def assignment_spread(names: list[str], percents: list[list[float]],
                      means: list[float | None], below: float) -> str | None:
    """Each assignment's scores as a percentage: every student a dot, the mean a bar."""
    if not names:
        return None

    def paint(ax: Any) -> None:
        xs = list(range(len(names)))
        for x, values in zip(xs, percents, strict=True):
            offsets = [((i * 0.6180339) % 1 - 0.5) * 0.5 for i in range(len(values))]
            if values:
                ax.scatter([x + o for o in offsets], values, s=18, color=BLUE, alpha=0.55,
                           zorder=3, linewidths=0)
        for x, mean in zip(xs, means, strict=True):
            if mean is not None:
                ax.hlines(mean, x - 0.32, x + 0.32, color=INK, linewidth=2.2, zorder=4)
                ax.annotate(f"mean {mean:.0f}%", (x + 0.34, mean), va="center",
                            fontsize=8.5, color=INK)
        ax.axhline(below, color=RED, linewidth=1.1, linestyle="--", zorder=2,
                   label=f"marked below {below:g}%")
        ax.legend(frameon=False, fontsize=9, loc="lower left")
        ax.set_xticks(xs, names)
        ax.set_xlim(-0.6, len(names) - 0.4)
        ax.set_ylim(-4, 104)
        ax.set_ylabel("% of the points")
        ax.grid(axis="y", color=GRID, zorder=0)

    return _draw(7.2, 2.9, paint)
