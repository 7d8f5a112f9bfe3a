"""Draw ``Chart`` objects as SVG text, with no plotting library (the lessons' figures in the browser).

Sizes follow the lessons' matplotlib style (``plots.BIG``, at 90 dots per inch): a 900 x 504
picture, a 24 px bold title, 21 px axis labels, 19 px tick labels, so that a projected
figure is as readable either way.

>>> from pianitsa101.lessons.figure import Chart
>>> c = Chart("Halving", xlabel="n", ylabel="width", xlog=True, ylog=True)
>>> c.line([1, 10, 100], [1, 0.1, 0.01], label="1/n")
>>> svg = chart_svg(c)
>>> svg.count("<polyline"), ">0.01<" in svg, ">100<" in svg
(1, True, True)
"""

from __future__ import annotations

import html
import itertools
import math
from collections.abc import Sequence

from pianitsa101.lessons.figure import Chart, Layer
from pianitsa101.lessons.words import say, tick
from pianitsa101.widgets.svgplot import nice_ticks

__all__ = ["chart_svg", "row_svg"]

_FONT = "DejaVu Sans,Liberation Sans,Arial,Helvetica,sans-serif"
TITLE, LABEL, TICK, LEGEND = 24, 21, 19, 17.5
_DASH = {"--": ' stroke-dasharray="9 6"', ":": ' stroke-dasharray="2 5"', "-": "", "": ""}
_ids = itertools.count()


def _text(x: float, y: float, label: str, size: float, anchor: str = "middle", extra: str = "") -> str:
    lines = str(label).split("\n")
    if len(lines) == 1:
        body = html.escape(lines[0])
    else:
        body = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else 1.15 * size:.1f}">{html.escape(t)}</tspan>'
                       for i, t in enumerate(lines))
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-family="{_FONT}" font-size="{size:g}" '
            f'text-anchor="{anchor}" fill="#222"{extra}>{body}</text>')


def _plain(v: float) -> str:
    return tick(v)


def _width(label: str, size: float) -> float:
    return 0.6 * size * max((len(t) for t in str(label).split("\n")), default=0)


def _extent(chart: Chart, axis: str) -> tuple[float, float]:
    """The data range along x or y, error bars, bands and reference lines included."""
    values: list[float] = []
    for layer in chart.layers:
        if axis == "x":
            if layer.kind in ("line", "points", "bars", "band", "vline"):
                values += layer.xs
            if layer.xerr:
                values += [x - b for x, b in zip(layer.xs, layer.xerr[0], strict=False)]
                values += [x + a for x, a in zip(layer.xs, layer.xerr[1], strict=False)]
        else:
            if layer.kind in ("line", "points", "hline"):
                values += layer.ys
            if layer.kind == "bars":
                values += [*layer.ys, 0.0]
            if layer.yerr:
                values += [y - b for y, b in zip(layer.ys, layer.yerr[0], strict=False)]
                values += [y + a for y, a in zip(layer.ys, layer.yerr[1], strict=False)]
    values = [v for v in values if math.isfinite(v)]
    return (min(values), max(values)) if values else (0.0, 1.0)


def _range(chart: Chart, axis: str) -> tuple[float, float, list[float], list[str] | None]:
    """(low, high, tick values, tick labels) of one axis, in data units."""
    log = chart.xlog if axis == "x" else chart.ylog
    lim = chart.xlim if axis == "x" else chart.ylim
    ticks = chart.xticks if axis == "x" else chart.yticks
    labels = chart.xticklabels if axis == "x" else chart.yticklabels
    low, high = lim if lim else _extent(chart, axis)
    if not lim:
        if log:
            low, high = low / 1.25, high * 1.25
        else:
            pad = (high - low) * 0.05 or 0.5
            bars_axis = axis == "y" and any(la.kind == "bars" for la in chart.layers)
            low, high = (low if bars_axis and low == 0 else low - pad), high + pad
    if ticks is not None:
        values = [float(t) for t in ticks]
    elif log:
        first, last = math.ceil(math.log10(low) - 1e-9), math.floor(math.log10(high))
        values = [10.0 ** k for k in range(first, last + 1)]
    else:
        values = [float(t) for t in nice_ticks(low, high, 6, whole=False)]
    return low, high, values, [say(t) for t in labels] if labels is not None else None


def _marker(shape: str, x: float, y: float, color: str, hollow: bool, r: float = 6.5) -> str:
    fill = "none" if hollow else color
    style = f'fill="{fill}" stroke="{color}" stroke-width="2.2"'
    if shape == "s":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {style}/>'
    if shape in ("^", "v", "D"):
        d = {"^": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)], "v": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
             "D": [(0, -1.25), (1, 0), (0, 1.25), (-1, 0)]}[shape]
        pts = " ".join(f"{x + r * a:.1f},{y + r * b:.1f}" for a, b in d)
        return f'<polygon points="{pts}" {style}/>'
    if shape == "P":
        return (f'<path d="M{x - r:.1f},{y:.1f}H{x + r:.1f}M{x:.1f},{y - r:.1f}V{y + r:.1f}" '
                f'stroke="{color}" stroke-width="3.5"/>')
    if shape == "_":
        return (f'<line x1="{x - 3 * r:.1f}" x2="{x + 3 * r:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{color}" '
                'stroke-width="3.5"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {style}/>'


def _layer(layer: Layer, sx, sy, box: tuple[float, float, float, float], xlog: bool = False,
           ylog: bool = False) -> list[str]:
    left, top, right, bottom = box
    out: list[str] = []
    dash = _DASH.get(layer.style, "")
    if layer.kind == "band":
        x0, x1 = sorted((sx(layer.xs[0]), sx(layer.xs[1])))
        out.append(f'<rect x="{x0:.1f}" y="{top:.1f}" width="{x1 - x0:.1f}" height="{bottom - top:.1f}" '
                   f'fill="{layer.color}" fill-opacity="0.2"/>')
    elif layer.kind == "hline":
        y = sy(layer.ys[0])
        out.append(f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{layer.color}" '
                   f'stroke-width="2"{dash}/>')
    elif layer.kind == "vline":
        x = sx(layer.xs[0])
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" stroke="{layer.color}" '
                   f'stroke-width="2"{dash}/>')
    elif layer.kind == "bars":
        edges, heights = layer.xs, layer.ys
        if layer.step:
            d = [f"M{sx(edges[0]):.1f},{sy(0):.1f}"]
            for i, h in enumerate(heights):
                d.append(f"L{sx(edges[i]):.1f},{sy(h):.1f}L{sx(edges[i + 1]):.1f},{sy(h):.1f}")
            d.append(f"L{sx(edges[-1]):.1f},{sy(0):.1f}")
            out.append(f'<path d="{"".join(d)}" fill="none" stroke="{layer.color}" stroke-width="3"/>')
        else:
            for i, h in enumerate(heights):
                if h > 0:
                    x0, x1, y = sx(edges[i]), sx(edges[i + 1]), sy(h)
                    out.append(f'<rect x="{x0:.1f}" y="{y:.1f}" width="{max(x1 - x0, 0.5):.1f}" '
                               f'height="{sy(0) - y:.1f}" fill="{layer.color}" fill-opacity="0.55"/>')
    else:  # line or points
        pts = [(sx(x), sy(y)) for x, y in zip(layer.xs, layer.ys, strict=True)
               if math.isfinite(x) and math.isfinite(y) and (x > 0 or not xlog) and (y > 0 or not ylog)]
        if layer.style and len(pts) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{layer.color}" stroke-width="2.8" '
                       f'stroke-linejoin="round"{dash}/>')
        for i, (x, y) in enumerate(zip(layer.xs, layer.ys, strict=True)):
            for err, vertical in ((layer.yerr, True), (layer.xerr, False)):
                if err:
                    a, b = (y - err[0][i], y + err[1][i]) if vertical else (x - err[0][i], x + err[1][i])
                    out.append(_error_bar(a, b, x, y, vertical, sx, sy, layer.color))
        if layer.marker:
            out += [_marker(layer.marker, x, y, layer.color, layer.hollow) for x, y in pts]
    return out


def _error_bar(a: float, b: float, x: float, y: float, vertical: bool, sx, sy, color: str) -> str:
    s = f'stroke="{color}" stroke-width="2.2"'
    if vertical:
        X, A, B = sx(x), sy(a), sy(b)
        return (f'<path d="M{X:.1f},{A:.1f}V{B:.1f}M{X - 6:.1f},{A:.1f}H{X + 6:.1f}'
                f'M{X - 6:.1f},{B:.1f}H{X + 6:.1f}" {s} fill="none"/>')
    Y, A, B = sy(y), sx(a), sx(b)
    return (f'<path d="M{A:.1f},{Y:.1f}H{B:.1f}M{A:.1f},{Y - 6:.1f}V{Y + 6:.1f}'
            f'M{B:.1f},{Y - 6:.1f}V{Y + 6:.1f}" {s} fill="none"/>')


def _legend(chart: Chart, box: tuple[float, float, float, float]) -> list[str]:
    items = [la for la in chart.layers if la.label]
    if not items or not chart.legend:
        return []
    left, top, right, bottom = box
    row = LEGEND * 1.45
    w = 56 + max(_width(say(la.label), LEGEND) for la in items)
    h = row * len(items) + 10
    x = left + 10 if "left" in chart.legend else right - w - 10
    y = bottom - h - 10 if "lower" in chart.legend else top + 10
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" fill="#ffffff" '
           'fill-opacity="0.85" stroke="#cccccc"/>']
    for i, la in enumerate(items):
        cy = y + 5 + row * (i + 0.5)
        sx0, sx1 = x + 8, x + 44
        if la.kind in ("bars", "band"):
            if la.step:
                out.append(f'<line x1="{sx0:.1f}" x2="{sx1:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                           f'stroke="{la.color}" '
                           'stroke-width="3"/>')
            else:
                op = 0.2 if la.kind == "band" else 0.55
                out.append(f'<rect x="{sx0:.1f}" y="{cy - 7:.1f}" width="{sx1 - sx0:.1f}" height="14" '
                           f'fill="{la.color}" fill-opacity="{op}"/>')
        else:
            if la.style or la.kind in ("hline", "vline"):
                out.append(f'<line x1="{sx0:.1f}" x2="{sx1:.1f}" y1="{cy:.1f}" y2="{cy:.1f}" '
                           f'stroke="{la.color}" '
                           f'stroke-width="2.5"{_DASH.get(la.style, "")}/>')
            if la.kind == "points" and (la.yerr or la.xerr):
                out.append(f'<line x1="{(sx0 + sx1) / 2:.1f}" x2="{(sx0 + sx1) / 2:.1f}" y1="{cy - 9:.1f}" '
                           f'y2="{cy + 9:.1f}" stroke="{la.color}" stroke-width="2"/>')
            if la.marker and la.kind in ("points", "line"):
                out.append(_marker(la.marker, (sx0 + sx1) / 2, cy, la.color, la.hollow, 5.5))
        out.append(_text(x + 52, cy + LEGEND * 0.35, say(la.label), LEGEND, "start"))
    return out


def _body(chart: Chart) -> tuple[str, float, float]:
    """The chart's drawing (its own coordinates from 0, 0), its width and its height."""
    width, height = 90 * chart.size[0], 90 * chart.size[1]
    xlow, xhigh, xt, xl = _range(chart, "x")
    ylow, yhigh, yt, yl = _range(chart, "y")
    xlabels = xl or [_plain(t) for t in xt]
    ylabels = yl or [_plain(t) for t in yt]
    left = 18 + (LABEL * 1.4 if chart.ylabel else 0) + max((_width(t, TICK) for t in ylabels), default=0)
    lines = max((len(t.split("\n")) for t in xlabels), default=1)
    bottom = height - (18 + TICK * 1.2 * lines + (LABEL * 1.5 if chart.xlabel else 0))
    top = TITLE * 2.1 if chart.title else 16
    right = width - max(24.0, _width(xlabels[-1], TICK) / 2 + 8 if xlabels else 24.0)
    tx = (lambda v: math.log10(v)) if chart.xlog else float
    ty = (lambda v: math.log10(v)) if chart.ylog else float
    x0, x1, y0, y1 = tx(xlow), tx(xhigh), ty(ylow), ty(yhigh)
    flip = chart.invert_y

    def sx(v: float) -> float:
        v = tx(v) if (v > 0 or not chart.xlog) else x0 - 10
        return left + (right - left) * (v - x0) / ((x1 - x0) or 1)

    def sy(v: float) -> float:
        v = ty(v) if (v > 0 or not chart.ylog) else y0 - 10
        f = (v - y0) / ((y1 - y0) or 1)
        return top + (bottom - top) * f if flip else bottom - (bottom - top) * f

    box = (left, top, right, bottom)
    clip = f"clip{next(_ids)}"
    out = [f'<clipPath id="{clip}"><rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
           f'height="{bottom - top:.1f}"/></clipPath>']
    if chart.title:
        out.append(_text(width / 2, TITLE * 1.3, say(chart.title), TITLE, extra=' font-weight="bold"'))
    for t, label in zip(yt, ylabels, strict=False):
        y = sy(t)
        if top - 0.5 <= y <= bottom + 0.5:
            out.append(f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>')
            out.append(_text(left - 8, y + TICK * 0.35, label, TICK, "end"))
    for t, label in zip(xt, xlabels, strict=False):
        x = sx(t)
        if left - 0.5 <= x <= right + 0.5:
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top:.1f}" y2="{bottom:.1f}" stroke="#e4e4e4"/>')
            out.append(_text(x, bottom + TICK * 1.15, label, TICK))
    out.append(f'<g clip-path="url(#{clip})">')
    for layer in chart.layers:
        out += _layer(layer, sx, sy, box, chart.xlog, chart.ylog)
    out.append("</g>")
    out.append(f'<path d="M{left:.1f},{top:.1f}V{bottom:.1f}H{right:.1f}" stroke="#555" fill="none" '
               'stroke-width="1.5"/>')
    if chart.xlabel:
        out.append(_text((left + right) / 2, height - 14, say(chart.xlabel), LABEL))
    if chart.ylabel:
        cy = (top + bottom) / 2
        turn = f' transform="rotate(-90 {LABEL} {cy:.1f})"'
        out.append(_text(LABEL, cy, say(chart.ylabel), LABEL, extra=turn))
    out += _legend(chart, box)
    return "".join(out), width, height


def _frame(body: str, width: float, height: float, scale: float, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
            f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{html.escape(label)}" '
            f'style="max-width:100%;height:auto"><rect width="{width:g}" height="{height:g}" fill="#ffffff"/>'
            f"{body}</svg>")


def chart_svg(chart: Chart, scale: float = 1.0) -> str:
    """One chart as an SVG picture."""
    body, width, height = _body(chart)
    return _frame(body, width, height, scale, say(chart.title))


def row_svg(charts: Sequence[Chart], title: str = "", scale: float = 1.0) -> str:
    """Charts side by side in one SVG picture, under a common ``title``."""
    parts, x, height = [], 0.0, 0.0
    top = TITLE * 2 if title else 0
    for chart in charts:
        body, w, h = _body(chart)
        parts.append(f'<g transform="translate({x:.1f},{top:.1f})">{body}</g>')
        x, height = x + w, max(height, h)
    head = _text(x / 2, TITLE * 1.3, say(title), TITLE + 2, extra=' font-weight="bold"') if title else ""
    return _frame(head + "".join(parts), x, height + top, scale, say(title or charts[0].title))
