"""Estimates with 95% intervals from simulated games, in plain Python (no numpy: runs in the browser).

A mean gets the normal interval (mean ± 1.96 standard errors); a share gets the Wilson interval
(``pianitsa101.strategy.tournament.wilson_interval``), which stays sensible near 0% and 100%.

>>> mean_interval([10, 12, 14])
(12.0, 9.73..., 14.26...)
>>> rows = pianitsa_estimates([5, 7], [0, 1], ["finished", "cycle"], [0, -1], "en")
>>> [(r.label, r.value) for r in rows][:3]
[('mean length (tricks)', 6.0), ('mean dispute rounds', 0.5), ('share of cycles (P13)', 0.5)]
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from pianitsa101.strategy.tournament import Z95, wilson_interval
from pianitsa101.widgets.i18n import tr

__all__ = [
    "Estimate",
    "as_list",
    "estimates_html",
    "game101_estimates",
    "mean_interval",
    "pianitsa_estimates",
    "share_interval",
]


@dataclass(frozen=True)
class Estimate:
    """One estimated quantity: a label, the value and its 95% interval; ``percent`` for shares."""

    label: str
    value: float
    low: float
    high: float
    percent: bool = False

    def text(self) -> tuple[str, str]:
        """The value and the interval as text, with the digits that show the interval's width.

        One decimal at least, more while the half-width needs them for two significant digits
        (so that an exact value just outside the interval prints outside), and the interval in
        brackets (a dash between two numbers reads as a subtraction):

        >>> Estimate("share", 0.41283, 0.40783, 0.41783, percent=True).text()
        ('41.28%', '[40.78%, 41.78%]')
        >>> Estimate("mean", 12.5, 9.3, 15.7).text()
        ('12.5', '[9.3, 15.7]')
        """
        scale, unit = (100, "%") if self.percent else (1, "")
        half = scale * (self.high - self.low) / 2
        d = 1 if not half > 0 or math.isinf(half) else min(6, max(1, 1 - math.floor(math.log10(half))))
        return (f"{scale * self.value:.{d}f}{unit}",
                f"[{scale * self.low:.{d}f}{unit}, {scale * self.high:.{d}f}{unit}]")


def as_list(values: object) -> list:
    """A plain list from a numpy array (``.tolist()``) or any iterable (the browser's pure-Python results)."""
    return values.tolist() if hasattr(values, "tolist") else list(values)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval (mean ± 1.96 standard errors)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def share_interval(hits: int, n: int) -> tuple[float, float, float]:
    """A share and its 95% Wilson interval."""
    low, high = wilson_interval(hits, n)
    return (hits / n if n else math.nan), low, high


def pianitsa_estimates(
    tricks: Sequence[int], disputes: Sequence[int], outcome: Sequence[str], loser: Sequence[int], lang: str
) -> list[Estimate]:
    """Mean length, mean disputes, share of cycles and of draws, chance that seat 0 loses."""
    n = len(tricks)
    return [
        Estimate(tr("sim_mean_tricks", lang), *mean_interval(tricks)),
        Estimate(tr("sim_mean_disputes", lang), *mean_interval(disputes)),
        Estimate(tr("sim_share_cycles", lang), *share_interval(sum(o == "cycle" for o in outcome), n), True),
        Estimate(tr("sim_share_draws", lang), *share_interval(sum(o == "draw" for o in outcome), n), True),
        Estimate(tr("sim_first_loses", lang), *share_interval(sum(s == 0 for s in loser), n), True),
    ]


def game101_estimates(
    decisions: Sequence[int], winner: Sequence[int], outcome: Sequence[str], points0: Sequence[int], lang: str
) -> list[Estimate]:
    """Mean length in moves, chance that seat 0 wins, share abandoned (R26), mean points of seat 0."""
    n = len(decisions)
    return [
        Estimate(tr("sim_mean_decisions", lang), *mean_interval(decisions)),
        Estimate(tr("sim_first_wins", lang), *share_interval(sum(s == 0 for s in winner), n), True),
        Estimate(tr("sim_abandoned", lang), *share_interval(sum(o == "abandoned" for o in outcome), n), True),
        Estimate(tr("sim_mean_points", lang), *mean_interval(points0)),
    ]


def estimates_html(columns: Sequence[tuple[str, list[Estimate]]], lang: str, scale: float = 1.0) -> str:
    """A table of estimates, one pair of columns (estimate, 95% interval) per rule set."""
    cell = "padding:3px 12px 3px 0;text-align:right;white-space:nowrap"
    head = "".join(
        f'<th colspan="2" style="{cell};text-align:center;border-bottom:1px solid var(--p101-panel_border)">'
        f"{html.escape(name)}</th>"
        for name, _ in columns
    )
    sub = "".join(
        f'<th style="{cell};color:var(--p101-muted);'
        f'font-weight:normal">{html.escape(tr("sim_estimate", lang))}</th>'
        f'<th style="{cell};color:var(--p101-muted);'
        f'font-weight:normal">{html.escape(tr("sim_interval", lang))}</th>'
        for _ in columns
    )
    rows = []
    for i, first in enumerate(columns[0][1] if columns else []):
        cells = []
        for _, estimates in columns:
            value, interval = estimates[i].text()
            cells.append(
                f'<td style="{cell};font-weight:bold">{value}</td>'
                f'<td style="{cell};color:var(--p101-muted)">{interval}</td>'
            )
        rows.append(
            f'<tr><td style="{cell};text-align:left">{html.escape(first.label)}</td>{"".join(cells)}</tr>'
        )
    return (
        f"<table style=\"border-collapse:collapse;font:{13.5 * scale:g}px 'DejaVu Sans',Arial,sans-serif\">"
        f"<tr><th></th>{head}</tr><tr><th></th>{sub}</tr>{''.join(rows)}</table>"
    )
