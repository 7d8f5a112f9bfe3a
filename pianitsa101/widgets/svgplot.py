"""Small plots drawn as SVG text, with no plotting library (they must run in the browser too).

``line_chart`` draws a few series over a common x axis (stack sizes trick by trick);
``histogram`` draws one or two samples of whole numbers as bars (game lengths), as shares of
each sample so that two rule sets compare fairly; ``bar_chart`` draws one horizontal bar per
name toward a limit (the 101 totals). All take a ``scale`` for projectors.

>>> svg = line_chart([[16, 17, 15], [16, 15, 17]], ["seat 0", "seat 1"], title="cards")
>>> svg.count("<polyline"), "seat 1" in svg
(2, True)
>>> nice_ticks(0, 32)
[0, 10, 20, 30]
>>> bin_counts([1, 2, 2, 9], low=0, width=5, bins=2)
[3, 1]
>>> bars = bar_chart([23, 104, -20], ["seat 0", "seat 1", "seat 2"], limit=101, notes=["", "out", ""])
>>> bars.count('class="bar"'), "out" in bars, "stroke-dasharray" in bars
(3, True, True)
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

__all__ = ["PALETTE", "bar_chart", "bin_counts", "histogram", "line_chart", "nice_ticks"]

PALETTE = ("#1f6fb4", "#d6402b", "#2a9d3f", "#e08a00", "#7b4fb0", "#8c564b", "#d45a9f", "#17a2b8")
"""Series colours, one per seat (seat 0 first)."""
_FONT = "DejaVu Sans,Liberation Sans,Arial,Helvetica,sans-serif"
_MAX_POINTS = 600  # a long game is drawn with at most this many points per line


def nice_ticks(low: float, high: float, count: int = 5, whole: bool = True,
               cover: bool = False) -> list[float]:
    """Round tick values within low..high, about ``count`` of them (steps of 1, 2 or 5 x 10^k).

    ``cover``: add one more tick if needed so that the last one is at least ``high`` (a y axis).

    ``whole``: only whole numbers (tricks, cards, games), so the step is at least 1.
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if whole:
        step = max(step, 1)
    first = math.ceil(low / step) * step
    ticks = []
    value = first
    while value <= high + 1e-9:
        ticks.append(int(value) if float(value).is_integer() else round(value, 10))
        value += step
    if cover and ticks[-1] < high - 1e-9:
        ticks.append(int(value) if float(value).is_integer() else round(value, 10))
    return ticks


def _text(x: float, y: float, label: str, size: float = 11, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{_FONT}" font-size="{size:g}" '
        f'text-anchor="{anchor}" style="fill:var(--p101-text)"{extra}>{html.escape(label)}</text>'
    )


def _frame(width: float, height: float, scale: float, title: str, label: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{html.escape(label or title)}">'
        f'<rect width="{width:g}" height="{height:g}" style="fill:var(--p101-page)"/>'
        + (_text(width / 2, 15, title, 12.5, extra=' font-weight="bold"') if title else "")
        + body
        + "</svg>"
    )


def _axes(
    left: float,
    top: float,
    right: float,
    bottom: float,
    xticks: list[float],
    yticks: list[float],
    sx,
    sy,
    xlabel: str,
    ylabel: str,
    height: float,
) -> list[str]:
    """Grid lines, tick labels and axis titles."""
    out = []
    for t in yticks:
        y = sy(t)
        out.append(f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                   'style="stroke:var(--p101-grid)"/>')
        out.append(_text(left - 5, y + 4, f"{t:g}", 10.5, "end"))
    for t in xticks:
        x = sx(t)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{bottom:.1f}" y2="{bottom + 4:.1f}" '
                   'style="stroke:var(--p101-axis)"/>')
        out.append(_text(x, bottom + 15, f"{t:g}", 10.5))
    out.append(f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{bottom:.1f}" y2="{bottom:.1f}" '
               'style="stroke:var(--p101-axis)"/>')
    out.append(f'<line x1="{left:.1f}" x2="{left:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" '
               'style="stroke:var(--p101-axis)"/>')
    if xlabel:
        out.append(_text((left + right) / 2, height - 4, xlabel, 11))
    if ylabel:
        out.append(
            _text(
                12,
                (top + bottom) / 2,
                ylabel,
                11,
                extra=f' transform="rotate(-90 12 {(top + bottom) / 2:.1f})"',
            )
        )
    return out


def _legend(
    names: Sequence[str], colors: Sequence[str], x: float, y: float, square: bool = False
) -> list[str]:
    out = []
    for name, color in zip(names, colors, strict=False):
        mark = (
            f'<rect x="{x:.1f}" y="{y - 8:.1f}" width="12" height="9" fill="{color}" fill-opacity="0.75"/>'
            if square
            else f'<line x1="{x:.1f}" x2="{x + 14:.1f}" y1="{y - 4:.1f}" y2="{y - 4:.1f}" stroke="{color}" '
            'stroke-width="2.5"/>'
        )
        out.append(mark + _text(x + 18, y, name, 10.5, "start"))
        x += 24 + 6.3 * len(name)
    return out


def line_chart(
    series: Sequence[Sequence[float]],
    names: Sequence[str],
    width: float = 440,
    height: float = 230,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    marker: float | None = None,
    scale: float = 1.0,
    colors: Sequence[str] = PALETTE,
    ymax: float | None = None,
) -> str:
    """Series drawn as lines over x = 0, 1, 2, ...; ``marker`` draws a vertical line at that x."""
    left, right, top, bottom = 44, width - 12, 40, height - 34
    length = max((len(s) for s in series), default=0)
    xmax = max(length - 1, 1)
    top_value = ymax if ymax is not None else max((max(s) for s in series if len(s)), default=1)
    yticks = nice_ticks(0, max(top_value, 1), 5, cover=True)
    ytop = max(yticks[-1], top_value, 1)
    xticks = nice_ticks(0, xmax, 6)

    def sx(x: float) -> float:
        return left + (right - left) * x / xmax

    def sy(y: float) -> float:
        return bottom - (bottom - top) * y / ytop

    body = _axes(left, top, right, bottom, xticks, yticks, sx, sy, xlabel, ylabel, height)
    stride = max(1, math.ceil(length / _MAX_POINTS))
    for values, color in zip(series, colors, strict=False):
        keep = list(range(0, len(values), stride))
        if keep and keep[-1] != len(values) - 1:
            keep.append(len(values) - 1)
        points = " ".join(f"{sx(i):.1f},{sy(values[i]):.1f}" for i in keep)
        body.append(
            f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2" '
            'stroke-linejoin="round"/>'
        )
    if marker is not None and length:
        x = sx(min(max(marker, 0), xmax))
        body.append(
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4:.1f}" y2="{bottom:.1f}" '
            'style="stroke:var(--p101-axis)" '
            'stroke-dasharray="4 3"/>'
        )
    body += _legend(names, colors, left + 4, 31)
    return _frame(width, height, scale, title, title, "".join(body))


def bin_counts(values: Sequence[int], low: int, width: int, bins: int) -> list[int]:
    """How many values fall in each bin [low + i*width, low + (i+1)*width); the last bin takes the rest."""
    counts = [0] * bins
    for v in values:
        i = min(max(int((v - low) // width), 0), bins - 1)
        counts[i] += 1
    return counts


def histogram(
    samples: Sequence[Sequence[int]],
    names: Sequence[str],
    bins: int = 30,
    width: float = 440,
    height: float = 230,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "% of games",
    scale: float = 1.0,
    colors: Sequence[str] = PALETTE,
    clip: float = 0.99,
) -> str:
    """One or more samples of whole numbers as bars of shares (%), on common bins.

    The x axis ends at the ``clip`` quantile of all values (a long tail would squash the
    rest); longer values are counted in the last bar.
    """
    left, right, top, bottom = 44, width - 12, 40, height - 34
    filled = [s for s in samples if len(s)]
    low = min((min(s) for s in filled), default=0)
    everything = sorted(v for s in filled for v in s)
    high = everything[min(int(clip * len(everything)), len(everything) - 1)] if everything else 1
    bin_width = max(1, math.ceil((high - low + 1) / bins))
    if bin_width > 1 and bin_width % 2:
        bin_width += 1  # even bins: game lengths often go by twos, and odd bins would stripe
    nbins = max(1, math.ceil((high - low + 1) / bin_width))
    shares = [[100 * c / max(len(s), 1) for c in bin_counts(s, low, bin_width, nbins)] for s in samples]
    peak = max((max(s) for s in shares if s), default=1) or 1
    yticks = nice_ticks(0, peak, 5, cover=True)
    ytop = max(yticks[-1], peak)
    xlow, xhigh = low, low + nbins * bin_width

    def sx(x: float) -> float:
        return left + (right - left) * (x - xlow) / max(xhigh - xlow, 1)

    def sy(y: float) -> float:
        return bottom - (bottom - top) * y / ytop

    xticks = [t for t in nice_ticks(xlow, xhigh, 6) if xlow <= t <= xhigh]
    body = _axes(left, top, right, bottom, xticks, yticks, sx, sy, xlabel, ylabel, height)
    k = max(len(samples), 1)
    for j, (share, color) in enumerate(zip(shares, colors, strict=False)):
        for i, value in enumerate(share):
            if value <= 0:
                continue
            x0, x1 = sx(xlow + i * bin_width), sx(xlow + (i + 1) * bin_width)
            w = (x1 - x0) / k
            y = sy(value)
            body.append(
                f'<rect x="{x0 + j * w:.1f}" y="{y:.1f}" width="{max(w - 0.6, 0.6):.1f}" '
                f'height="{bottom - y:.1f}" fill="{color}" fill-opacity="0.8"/>'
            )
    body += _legend(names, colors, left + 4, 31, square=True)
    return _frame(width, height, scale, title, title, "".join(body))


def bar_chart(
    values: Sequence[float],
    names: Sequence[str],
    limit: float | None = None,
    width: float = 440,
    bar: float = 22,
    title: str = "",
    limit_label: str = "",
    notes: Sequence[str] | None = None,
    faded: Sequence[bool] | None = None,
    scale: float = 1.0,
    colors: Sequence[str] = PALETTE,
) -> str:
    """One horizontal bar per name, from 0 to its value (negative values go left of 0).

    ``limit`` draws a dashed line there (labelled ``limit_label``); ``notes`` are words after
    each value ("out"); ``faded`` bars are drawn pale (a player who has left).
    """
    count = len(values)
    name_w = 8 + 6.6 * max((len(n) for n in names), default=4)
    left, right = name_w + 6, width - 16 - 6.6 * max((len(n) for n in (notes or [""])), default=0) - 30
    top = 40 if title else 22
    height = top + count * (bar + 8) + 22
    low = min(0, *values) if values else 0
    high = max([limit or 0, *values, 1])
    span = high - low or 1

    def sx(x: float) -> float:
        return left + (right - left) * (x - low) / span

    body = []
    for t in nice_ticks(low, high, 5):
        x = sx(t)
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 2:.1f}" y2="{height - 20:.1f}" '
                    'style="stroke:var(--p101-grid)"/>')
        body.append(_text(x, height - 6, f"{t:g}", 10.5))
    zero = sx(0)
    for i, (value, name) in enumerate(zip(values, names, strict=True)):
        y = top + i * (bar + 8)
        color = colors[i % len(colors)]
        pale = bool(faded and faded[i])
        x0, x1 = sorted((zero, sx(value)))
        body.append(_text(left - 6, y + bar * 0.7, name, 11.5, "end"))
        body.append(
            f'<rect class="bar" x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 1.5):.1f}" height="{bar:g}" '
            f'rx="3" style="fill:{"var(--p101-bar_pale)" if pale else color}" '
            f'fill-opacity="{0.55 if pale else 0.85}"/>'
        )
        note = f"  {notes[i]}" if notes and notes[i] else ""
        body.append(_text(max(x1, zero) + 5, y + bar * 0.7, f"{value:g}{note}", 11.5, "start",
                          extra=' font-weight="bold"'))
    body.append(f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="{top - 2:.1f}" y2="{height - 20:.1f}" '
                'style="stroke:var(--p101-axis)"/>')
    if limit is not None:
        x = sx(limit)
        body.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top - 4:.1f}" y2="{height - 20:.1f}" '
                    'style="stroke:var(--p101-bad)" stroke-width="1.6" stroke-dasharray="5 3"/>')
        if limit_label:
            label = _text(x, top - 6, limit_label, 10.5)
            body.append(label.replace("fill:var(--p101-text)", "fill:var(--p101-bad)"))
    return _frame(width, height, scale, title, title, "".join(body))
