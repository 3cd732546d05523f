"""The class reports' figures, written as small SVGs by hand, as data URIs for an <img>.

Each function returns `data:image/svg+xml;base64,...` (or None when there is nothing to
draw). No plotting library: a figure is some SVG elements joined into one string, under
a millisecond of work where matplotlib took 60–250 ms (plus its import) at the end of
every run. Text stays SVG <text>, escaped; the same input gives the same bytes.
"""

from __future__ import annotations

import base64
import html
import itertools
import math
import re

INK, MUTED, GRID = "#1f2933", "#616e7c", "#e4e7eb"
BLUE, GREEN, AMBER, RED = "#2f6fde", "#1f8a4c", "#c77c02", "#c0392b"
WIDTH = 720  # px, as matplotlib's 7.2 in at 100 dpi
FONT = "'DejaVu Sans', Verdana, sans-serif"
SIZE, SMALL = 12, 11  # px: axis text; annotations and legends
EM = 0.62  # DejaVu Sans' mean advance per character in em: text widths are estimated
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")  # not allowed in XML, even escaped


def rate_colour(rate: float | None) -> str:
    """Green from 80% full marks, amber from 50%, red below; grey when graded by hand."""
    if rate is None:
        return MUTED
    return GREEN if rate >= 0.8 else AMBER if rate >= 0.5 else RED


def nice_ticks(low: float, high: float, count: int = 8,
               integer: bool = False) -> list[float]:
    """Ticks covering [low, high] a 1, 2 or 5 × 10^k step apart, at most `count` + 1 of
    them; `integer` keeps the step a whole number (counts of students)."""
    if not high > low:
        return [low]
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw * (1 - 1e-9))
    if integer:
        step = max(1.0, round(step))
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    return [round(i * step, 10) for i in range(first, last + 1)]  # no 0.30000000000000004


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")  # a tenth of a pixel is plenty


def _width(text: str, size: float) -> float:
    return len(text) * size * EM


def _clip(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars - 1] + "…"


class _Svg:
    """One figure: its elements as strings, joined once by `uri`."""

    def __init__(self, height: float, title: str) -> None:
        self.parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{_num(height)}" '
            f'viewBox="0 0 {WIDTH} {_num(height)}" font-family="{FONT}" font-size="{SIZE}" '
            f'role="img"><title>{_esc(title)}</title>'
            '<rect width="100%" height="100%" fill="#fff"/>']

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str,
             width: float = 1.0, dash: str = "") -> None:
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" '
                          f'y2="{_num(y2)}" stroke="{colour}" stroke-width="{width:g}"'
                          f'{dashed}/>')

    def rect(self, x: float, y: float, w: float, h: float, colour: str) -> None:
        self.parts.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" '
                          f'height="{_num(h)}" fill="{colour}"/>')

    def text(self, x: float, y: float, text: str, size: int = SIZE, colour: str = MUTED,
             anchor: str = "start", rotate: int = 0, halo: bool = False) -> None:
        """`text` with its baseline at y; `halo` outlines it in white over the dots."""
        extra = f' font-size="{size}"' if size != SIZE else ""
        extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
        if rotate:
            extra += f' transform="rotate({rotate} {_num(x)} {_num(y)})"'
        if "  " in text:  # "75%  (24/32)": SVG collapses spaces (Chromium: per element)
            extra += ' xml:space="preserve"'
        if halo:
            extra += ' stroke="#fff" stroke-width="3" stroke-linejoin="round" ' \
                     'paint-order="stroke"'
        self.parts.append(f'<text x="{_num(x)}" y="{_num(y)}" fill="{colour}"{extra}>'
                          f'{_esc(text)}</text>')

    def legend(self, x: float, items: list[tuple[str, str, float, str]]) -> None:
        """A row of (label, colour, line width, dash) samples in the top margin, from x."""
        for label, colour, width, dash in items:
            self.line(x, 10, x + 20, 10, colour, width, dash)
            self.text(x + 26, 14, label, SMALL, INK)
            x += 26 + _width(label, SMALL) + 18

    def uri(self) -> str:
        body = "".join([*self.parts, "</svg>"]).encode("utf-8")
        return "data:image/svg+xml;base64," + base64.b64encode(body).decode("ascii")


def _esc(text: str) -> str:
    return html.escape(_CONTROL.sub("", text))  # & < > " ' all escaped: valid XML


class _Plot:
    """A figure's plot area, (left, top, right, bottom) in px, showing the data ranges
    xs and ys (y grows upwards)."""

    def __init__(self, svg: _Svg, box: tuple[float, float, float, float],
                 xs: tuple[float, float], ys: tuple[float, float]) -> None:
        self.svg = svg
        self.left, self.top, self.right, self.bottom = box
        self.x0, self.y0 = xs[0], ys[0]
        self.kx = (self.right - self.left) / ((xs[1] - xs[0]) or 1)
        self.ky = (self.bottom - self.top) / ((ys[1] - ys[0]) or 1)

    def x(self, value: float) -> float:
        return self.left + (value - self.x0) * self.kx

    def y(self, value: float) -> float:
        return self.bottom - (value - self.y0) * self.ky

    def frame(self, xticks: list[tuple[float, str]], yticks: list[float], xlabel: str = "",
              ylabel: str = "", tilt: bool = False) -> None:
        """Grid lines at the y ticks, the x axis and its ticks, the axis labels: drawn
        first, so that everything else lies on top. `tilt` turns the x labels by 30°."""
        svg = self.svg
        for tick in yticks:
            svg.line(self.left, self.y(tick), self.right, self.y(tick), GRID)
            svg.text(self.left - 7, self.y(tick) + 4, f"{tick:g}", anchor="end")
        svg.line(self.left, self.bottom, self.right, self.bottom, GRID)
        for tick, label in xticks:
            x = self.x(tick)
            svg.line(x, self.bottom, x, self.bottom + 4, MUTED)
            if tilt:
                svg.text(x + 4, self.bottom + 14, label, anchor="end", rotate=-30)
            else:
                svg.text(x, self.bottom + 17, label, anchor="middle")
        if xlabel:
            svg.text((self.left + self.right) / 2, self.bottom + 36, xlabel, anchor="middle")
        if ylabel:
            middle = (self.top + self.bottom) / 2
            svg.text(16, middle, ylabel, anchor="middle", rotate=-90)

    def bar(self, x1: float, x2: float, value: float, colour: str) -> None:
        self.svg.rect(self.x(x1), self.y(value), (x2 - x1) * self.kx, value * self.ky,
                      colour)


def _left(yticks: list[float]) -> float:
    """The left margin: the rotated y label, then the widest tick label."""
    return 26 + max(_width(f"{t:g}", SIZE) for t in yticks) + 9


def score_histogram(edges: list[float], counts: list[int], max_score: float,
                    mean: float | None, median: float | None) -> str:
    """A bar per bin between `edges` with its count above; the mean and median as lines."""
    height = 290
    low, high = (edges[0], edges[-1]) if len(edges) > 1 else (0.0, max_score or 1.0)
    top = max(counts or [1]) * 1.25 + 0.5  # room for the counts above the bars
    yticks = nice_ticks(0, top, integer=True)
    lines = [(f"mean {mean:.3g}", AMBER, mean, 2.2, "")] if mean is not None else []
    if median is not None:
        lines.append((f"median {median:.3g}", INK, median, 1.7, "5 3"))
    svg = _Svg(height, f"Histogram of scores (of {max_score:g} points)")
    plot = _Plot(svg, (_left(yticks), 26 if lines else 12, WIDTH - 16, height - 46),
                 (low, high), (0, top))
    xticks = [t for t in nice_ticks(0, max(max_score, 0), 12, integer=True)
              if low <= t <= high]
    plot.frame([(t, f"{t:g}") for t in xticks], yticks,
               f"score (of {max_score:g} points, after late penalties)", "students")
    bars = [(a, b, n) for (a, b), n in zip(itertools.pairwise(edges), counts, strict=False)
            if n]
    for a, b, n in bars:
        plot.bar(a + (b - a) * 0.06, b - (b - a) * 0.06, n, BLUE)
    for _, colour, value, width, dash in lines:
        svg.line(plot.x(value), plot.top, plot.x(value), plot.bottom, colour, width, dash)
    for a, b, n in bars:  # after the lines, outlined: a line through a bar hides no count
        svg.text(plot.x((a + b) / 2), plot.y(n) - 4, str(n), SMALL, INK, "middle", halo=True)
    svg.legend(plot.left, [(label, colour, width, dash)
                           for label, colour, _, width, dash in lines])
    return svg.uri()


def pass_rates(labels: list[str], rates: list[float | None],
               counts: list[str]) -> str | None:
    """One horizontal bar per graded cell, in the order given (top to bottom), on a grey
    100% track, with "75%  (24/32)" (or "graded by hand") to its right."""
    if not labels:
        return None
    height = 90 + 36 * len(labels)
    names = [_clip(label, 40) for label in labels]  # the table below has the full names
    notes = ["graded by hand" if rate is None else f"{100 * rate:.0f}%  ({count})"
             for rate, count in zip(rates, counts, strict=True)]
    left = 12 + max(_width(name, SIZE) for name in names) + 10
    right = WIDTH - 12 - max(_width(note, SMALL) for note in notes) - 8
    svg = _Svg(height, "Pass rate per autograded cell")
    plot = _Plot(svg, (left, 12, right, height - 46), (0, 100), (0, 1))
    plot.frame([(t, f"{t}%" if t == 100 else str(t)) for t in (0, 25, 50, 75, 100)], [],
               "students with full marks")
    row = (plot.bottom - plot.top) / len(labels)
    thick = min(22.0, row * 0.62)
    for number, (name, rate, note) in enumerate(zip(names, rates, notes, strict=True)):
        middle = plot.top + row * (number + 0.5)
        svg.rect(left, middle - thick / 2, right - left, thick, GRID)
        if rate:
            share = min(1.0, max(0.0, rate))
            svg.rect(left, middle - thick / 2, (right - left) * share, thick,
                     rate_colour(rate))
        svg.text(left - 8, middle + 4, name, anchor="end")
        svg.text(right + 6, middle + 4, note, SMALL, INK)
    return svg.uri()


def seconds_histogram(seconds: list[float], limit: float | None) -> str | None:
    """Seconds in the sandbox per submission, 8–30 bins from 0; the time limit (per cell)
    as a red dashed line when there is one."""
    if not seconds:
        return None
    height = 250
    top = max(max(seconds), limit or 0) * 1.08 or 1.0
    bins = min(30, max(8, len(seconds) // 2))
    step = top / bins
    counts = [0] * bins
    for value in seconds:
        counts[min(bins - 1, max(0, int(value / step)))] += 1
    ceiling = max(counts) * 1.1 + 0.5
    yticks = nice_ticks(0, ceiling, integer=True)
    svg = _Svg(height, "Histogram of seconds per submission")
    plot = _Plot(svg, (_left(yticks), 26 if limit else 12, WIDTH - 16, height - 46),
                 (0, top), (0, ceiling))
    plot.frame([(t, f"{t:g}") for t in nice_ticks(0, top)], yticks,
               "seconds in the sandbox per submission", "submissions")
    for number, count in enumerate(counts):
        if count:
            plot.bar((number + 0.05) * step, (number + 0.95) * step, count, BLUE)
    if limit:
        svg.line(plot.x(limit), plot.top, plot.x(limit), plot.bottom, RED, 2, "6 4")
        svg.legend(plot.left, [(f"time limit per cell ({limit:g} s)", RED, 2, "6 4")])
    return svg.uri()


def assignment_spread(names: list[str], percents: list[list[float]],
                      means: list[float | None], below: float) -> str | None:
    """Each assignment's scores as a percentage: every student a dot, the mean a bar."""
    if not names:
        return None
    height, count = 290, len(names)
    shown = [_clip(name, 28) for name in names]
    yticks = nice_ticks(0, 100)
    left = _left(yticks)
    # the last mean's text reaches past its column: the right margin makes room for it
    right = max(16.0, _width("mean 100%", SMALL) + 6 - 0.26 * (WIDTH - left) / (count + 0.2))
    widest = max(_width(name, SIZE) for name in shown)
    tilt = widest > (WIDTH - left - right) / (count + 0.2) - 8  # names wider than a column
    if tilt:  # the first name, turned, reaches left of its column: widen the margin
        share = 0.6 / (count + 0.2)
        reach = _width(shown[0], SIZE) * 0.87 + 12  # + the turned glyphs' height
        left = max(left, (reach - share * (WIDTH - right)) / (1 - share))
    bottom = height - (widest * 0.5 + 26 if tilt else 26)
    svg = _Svg(height, "Scores per assignment, % of the points")
    plot = _Plot(svg, (left, 26, WIDTH - right, bottom), (-0.6, count - 0.4), (-4, 104))
    plot.frame(list(enumerate(shown)), yticks, ylabel="% of the points", tilt=tilt)
    svg.line(plot.left, plot.y(below), plot.right, plot.y(below), RED, 1.5, "5 3")
    svg.parts.append(f'<g fill="{BLUE}" fill-opacity="0.55">')
    for x, values in enumerate(percents):
        for i, value in enumerate(values):
            offset = ((i * 0.6180339) % 1 - 0.5) * 0.5  # the same jitter on every run
            svg.parts.append(f'<circle cx="{_num(plot.x(x + offset))}" '
                             f'cy="{_num(plot.y(min(104, max(-4, value))))}" r="3"/>')
    svg.parts.append("</g>")
    # narrow columns: "61%" alone, or each mean's text would run into the next one's
    word = "mean " if _width("mean 100%", SMALL) < 0.62 * plot.kx else ""
    for x, mean in enumerate(means):
        if mean is not None:
            y = plot.y(mean)
            svg.line(plot.x(x - 0.32), y, plot.x(x + 0.32), y, INK, 3)
            svg.text(plot.x(x + 0.34), y + 4, f"{word}{mean:.0f}%", SMALL, INK, halo=True)
    svg.legend(plot.left, [(f"marked below {below:g}%", RED, 1.5, "5 3")])
    return svg.uri()
