"""One figure, two ways of drawing it: matplotlib where it is installed, SVG where it is not (the browser).

A lesson describes its plot once, as a ``Chart`` of layers (lines, points with error bars,
histogram bars, reference lines, a shaded band), and ``chart.show()`` draws it: as a
matplotlib figure in JupyterLab, as an SVG picture (``svgchart``) where matplotlib cannot be
imported. Both have the same title, axes, units, legend, colours and markers: the
colour-blind-safe Okabe-Ito palette, and a different marker for every series, so that no
pair of series is told apart by colour alone.

>>> chart = Chart("Coin tosses", xlabel="tosses", ylabel="heads (%)")
>>> chart.points([10, 100], [60, 52], label="simulated", yerr=[15, 5])
>>> chart.hline(50, label="fair coin")
>>> svg = chart.svg()
>>> svg.startswith("<svg") and "Coin tosses" in svg and "fair coin" in svg
True
>>> hist_shares([1, 2, 2, 9], edges=[0, 5, 10])
[75.0, 25.0]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MARKERS", "OKABE_ITO", "Chart", "hist_shares", "show_row"]

OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442")
"""Okabe and Ito's palette, safe for the common kinds of colour blindness (blue, orange, green, ...)."""
MARKERS = ("o", "s", "^", "D", "v", "P")
"""Markers in the order series get them: circle, square, triangle, diamond, triangle down, plus."""
GREY = "#666666"


def _values(xs: Any) -> list[float]:
    if hasattr(xs, "tolist"):
        xs = xs.tolist()
    return [float(x) for x in xs]


def _errors(err: Any) -> tuple[list[float], list[float]] | None:
    """Error bars as (below, above) lists: from one half-width per point or a [below, above] pair."""
    if err is None:
        return None
    if len(err) == 2 and hasattr(err[0], "__len__"):
        return _values(err[0]), _values(err[1])
    half = _values(err)
    return half, half


@dataclass
class Layer:
    """One thing drawn on a chart (the fields a kind does not use stay empty)."""

    kind: str  # line, points, bars, hline, vline, band
    xs: list[float] = field(default_factory=list)
    ys: list[float] = field(default_factory=list)
    label: str = ""
    color: str = GREY
    marker: str = ""
    style: str = "-"  # "-" solid, "--" dashed, ":" dotted, "" none
    yerr: tuple[list[float], list[float]] | None = None
    xerr: tuple[list[float], list[float]] | None = None
    hollow: bool = False
    step: bool = False


@dataclass
class Chart:
    """A plot described once: ``show()`` draws it with matplotlib, or as SVG without it."""

    title: str
    xlabel: str = ""
    ylabel: str = ""
    xlog: bool = False
    ylog: bool = False
    xlim: tuple[float, float] | None = None
    ylim: tuple[float, float] | None = None
    xticks: Sequence[float] | None = None
    xticklabels: Sequence[str] | None = None
    yticks: Sequence[float] | None = None
    yticklabels: Sequence[str] | None = None
    invert_y: bool = False
    legend: str = "upper right"  # matplotlib's names: upper/lower left/right, or "" for none
    size: tuple[float, float] = (10, 5.6)  # inches at 90 dpi, as the lessons' matplotlib default
    layers: list[Layer] = field(default_factory=list)

    def _series(self, color: str | None, marker: str | None) -> tuple[str, str]:
        k = sum(layer.kind in ("line", "points", "bars") and layer.label != "" for layer in self.layers)
        return (color or OKABE_ITO[k % len(OKABE_ITO)],
                MARKERS[k % len(MARKERS)] if marker is None else marker)

    def line(self, xs: Any, ys: Any, label: str = "", color: str | None = None, style: str = "-",
             marker: str | None = "") -> None:
        """A line through the points (``marker=None``: the series' own marker on every point)."""
        color, marker = self._series(color, marker)
        self.layers.append(Layer("line", _values(xs), _values(ys), label, color, marker, style))

    def points(self, xs: Any, ys: Any, label: str = "", color: str | None = None,
               marker: str | None = None, yerr: Any = None, xerr: Any = None, hollow: bool = False,
               join: bool = False) -> None:
        """Markers, with error bars (``yerr``/``xerr``: half-widths, or [below, above] lists)."""
        color, marker = self._series(color, marker)
        xs, ys = _values(xs), _values(ys)
        self.layers.append(Layer("points", xs, ys, label, color, marker, "-" if join else "",
                                 _errors(yerr), _errors(xerr), hollow))

    def bars(self, edges: Any, heights: Any, label: str = "", color: str | None = None,
             step: bool = False) -> None:
        """A histogram: ``heights[i]`` over edges[i]..edges[i + 1]; ``step`` draws only its outline."""
        color, _ = self._series(color, "")
        self.layers.append(Layer("bars", _values(edges), _values(heights), label, color, step=step))

    def hline(self, y: float, label: str = "", color: str = "#000000", style: str = "--") -> None:
        """A horizontal reference line across the chart."""
        self.layers.append(Layer("hline", ys=[float(y)], label=label, color=color, style=style))

    def vline(self, x: float, label: str = "", color: str = "#000000", style: str = "--") -> None:
        """A vertical reference line."""
        self.layers.append(Layer("vline", xs=[float(x)], label=label, color=color, style=style))

    def band(self, low: float, high: float, label: str = "", color: str = "#999999") -> None:
        """A shaded vertical band from x = low to x = high."""
        self.layers.append(Layer("band", xs=[float(low), float(high)], label=label, color=color))

    def svg(self, scale: float = 1.0) -> str:
        """The chart as an SVG picture (no plotting library needed)."""
        from pianitsa101.lessons.svgchart import chart_svg

        return chart_svg(self, scale)

    def figure(self) -> Any:
        """The chart as a matplotlib figure (needs matplotlib)."""
        from pianitsa101.lessons.mplchart import chart_figure

        return chart_figure([self])

    def show(self) -> None:
        """Draw the chart in the notebook: with matplotlib if it can be imported, else as SVG."""
        show_row([self])


def show_row(charts: Sequence[Chart], title: str = "") -> None:
    """Draw charts side by side (one figure with a common ``title``), matplotlib or SVG."""
    from IPython.display import SVG, display

    try:
        from pianitsa101.lessons.mplchart import chart_figure, close
    except ImportError:  # no matplotlib here (the browser): the same chart, drawn as SVG
        from pianitsa101.lessons.svgchart import row_svg

        display(SVG(row_svg(charts, title)))
        return
    fig = chart_figure(charts, title)
    display(fig)
    close(fig)


def hist_shares(values: Any, edges: Sequence[float]) -> list[float]:
    """The share (%) of the values in each bin edges[i] <= v < edges[i + 1] (values outside are left out)."""
    values = _values(values)
    counts = [0] * (len(edges) - 1)
    for v in values:
        i = bisect_right(edges, v) - 1
        if 0 <= i < len(counts):
            counts[i] += 1
    return [100 * c / len(values) if values else 0.0 for c in counts]
