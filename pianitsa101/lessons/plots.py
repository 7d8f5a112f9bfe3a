"""Matplotlib defaults for lessons shown on a projector: big fonts, thick lines, a light grid.

matplotlib is imported only when it is there: without it (in the browser) the lessons draw
their ``Chart``s as SVG, and ``big_plots`` has nothing to set.
"""

from __future__ import annotations

__all__ = ["BIG", "big_plots", "error_bars"]

BIG = {
    "figure.figsize": (10, 5.6),
    "figure.dpi": 90,
    "savefig.dpi": 90,
    "font.size": 16,
    "axes.titlesize": 19,
    "axes.titleweight": "bold",
    "axes.labelsize": 17,
    "xtick.labelsize": 15,
    "ytick.labelsize": 15,
    "legend.fontsize": 14,
    "lines.linewidth": 2.5,
    "lines.markersize": 9,
    "axes.grid": True,
    "grid.alpha": 0.35,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "figure.constrained_layout.use": True,
}


def big_plots() -> None:
    """Use the large, readable defaults (``BIG``) for every plot made after this call.

    >>> big_plots()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["font.size"]
    16.0
    """
    try:
        import matplotlib as mpl
    except ImportError:  # the browser: charts are drawn as SVG, in the same large style
        return
    mpl.rcParams.update(BIG)


def error_bars(estimates, scale: float = 100) -> list[list[float]]:
    """matplotlib's ``yerr`` / ``xerr`` for ``Share`` or ``Mean`` estimates: [below, above], times ``scale``.

    >>> from pianitsa101.lessons import Share
    >>> [[round(x, 1) for x in side] for side in error_bars([Share(50, 100)])]
    [[9.6], [9.6]]
    """
    values = [getattr(e, "value", getattr(e, "mean", None)) for e in estimates]
    return [[scale * (v - e.interval[0]) for v, e in zip(values, estimates, strict=True)],
            [scale * (e.interval[1] - v) for v, e in zip(values, estimates, strict=True)]]
