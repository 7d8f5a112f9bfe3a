"""Draw ``Chart`` objects with matplotlib (imported only here: the browser has no matplotlib)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib as mpl
import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter, ScalarFormatter

from pianitsa101.i18n import get_language
from pianitsa101.lessons.figure import Chart, Layer
from pianitsa101.lessons.plots import BIG
from pianitsa101.lessons.words import decimal, say, tick

__all__ = ["chart_figure", "close"]


def _plain(value: float, _pos: Any = None) -> str:
    """Tick labels as plain numbers (1, 10, 100, 0.001), not powers of ten (decimal commas in Russian)."""
    return tick(value)


class _CommaFormatter(ScalarFormatter):
    """matplotlib's usual tick labels, with the decimal comma of a Russian figure (0,5 not 0.5)."""

    def __call__(self, x: float, pos: Any = None) -> str:
        return decimal(super().__call__(x, pos))


def _draw(ax: Any, layer: Layer) -> None:
    label = say(layer.label) or None
    if layer.kind == "line":
        ax.plot(layer.xs, layer.ys, linestyle=layer.style or "none", marker=layer.marker or None,
                color=layer.color, label=label)
    elif layer.kind == "points":
        face = "none" if layer.hollow else layer.color
        ax.errorbar(layer.xs, layer.ys, yerr=layer.yerr, xerr=layer.xerr, fmt=layer.marker,
                    linestyle=layer.style or "none", color=layer.color, mfc=face, mew=2, capsize=6,
                    ms=11 if layer.hollow else 9, label=label)
    elif layer.kind == "bars":
        edges, heights = layer.xs, layer.ys
        if layer.step:
            ax.stairs(heights, edges, color=layer.color, lw=3, label=label)
        else:
            ax.stairs(heights, edges, fill=True, color=layer.color, alpha=0.55, label=label)
    elif layer.kind == "hline":
        ax.axhline(layer.ys[0], color=layer.color, ls=layer.style, lw=2, label=label)
    elif layer.kind == "vline":
        ax.axvline(layer.xs[0], color=layer.color, ls=layer.style, lw=2, label=label)
    elif layer.kind == "band":
        ax.axvspan(*layer.xs, color=layer.color, alpha=0.2, label=label)


def _says(labels: Sequence[str] | None) -> list[str] | None:
    return None if labels is None else [say(t) for t in labels]


def _axes(ax: Any, chart: Chart) -> None:
    for layer in chart.layers:
        _draw(ax, layer)
    ax.set_title(say(chart.title))
    ax.set_xlabel(say(chart.xlabel))
    ax.set_ylabel(say(chart.ylabel))
    if chart.xlog:
        ax.set_xscale("log")
    if chart.ylog:
        ax.set_yscale("log")
    for axis, log in ((ax.xaxis, chart.xlog), (ax.yaxis, chart.ylog)):
        if log:
            axis.set_major_formatter(FuncFormatter(_plain))
        elif get_language() == "ru":
            axis.set_major_formatter(_CommaFormatter())
    if chart.xlim:
        ax.set_xlim(*chart.xlim)
    if chart.ylim:
        ax.set_ylim(*chart.ylim)
    if chart.xticks is not None:
        ax.set_xticks(list(chart.xticks), labels=_says(chart.xticklabels))
    if chart.yticks is not None:
        ax.set_yticks(list(chart.yticks), labels=_says(chart.yticklabels))
    if chart.invert_y:
        ax.invert_yaxis()
    if chart.legend and any(layer.label for layer in chart.layers):
        ax.legend(loc=chart.legend)


def chart_figure(charts: Sequence[Chart], title: str = "") -> Any:
    """One matplotlib figure with the charts side by side, in the lessons' large style (``BIG``)."""
    with mpl.rc_context(BIG):
        width = sum(c.size[0] for c in charts) if len(charts) > 1 else charts[0].size[0]
        fig, axes = plt.subplots(1, len(charts), figsize=(width * (0.75 if len(charts) > 1 else 1),
                                                           max(c.size[1] for c in charts)), squeeze=False)
        for ax, chart in zip(axes[0], charts, strict=True):
            _axes(ax, chart)
        if title:
            fig.suptitle(say(title), fontsize=20, fontweight="bold")
    return fig


def close(fig: Any) -> None:
    """Forget a figure once shown (so that the inline backend does not draw it twice)."""
    plt.close(fig)
