"""A simulated number always comes with its 95% interval and its sample size.

``Share`` is a proportion (k successes in n trials) with the **Wilson** score interval (the
one ``tournament`` uses): with p = k/n and z = 1.96 it is

    (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n),

which, unlike p ± z·√(p(1−p)/n), never leaves 0..1 and still has a width when k is 0 (its
upper end is then z²/(n + z²), about 3.84/n). ``Mean`` is an average with the normal
interval mean ± 1.96·s/√n. Both print as one line a learner can read aloud, with enough
digits that an exact value just outside the interval looks outside (two significant
digits of the half-width: 16.72% (95% interval 16.56% to 16.88%) leaves out 16.883%):

>>> print(Share(9_678, 100_000, "games"))
9.68% (95% interval 9.50% to 9.86%; 100,000 games)
>>> print(Mean.of([2, 4, 4, 4, 5, 5, 7, 9], "games"))
5.0 (95% interval 3.5 to 6.5; 8 games)

``agrees(exact, estimate)`` says whether an exact value lies inside a simulated interval,
and ``versus(exact, estimate)`` prints both with as many decimals as it takes to *see* it
(one more digit than the gap between the exact value and the nearer end of the interval):

>>> from fractions import Fraction
>>> agrees(Fraction(3, 31), Share(9_678, 100_000))
True
>>> print(versus(Fraction(13, 77), Share(33_436, 200_000, "deals")))
exact 16.8831%, simulated 16.7180% (95% interval 16.5551% to 16.8822%; 200,000 deals): outside

Plain Python only (no numpy), so the lessons run in the browser too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from pianitsa101.i18n import _, pgettext
from pianitsa101.lessons.words import decimal, percent_sign, size
from pianitsa101.strategy.stats import Z95, wilson_interval

__all__ = ["Mean", "Share", "agrees", "decimals_for", "number", "percent", "versus"]


def decimals_for(half_width: float, digits: int = 2, most: int = 6) -> int:
    """Decimals that show ``digits`` significant digits of ``half_width`` (at most ``most``).

    >>> decimals_for(0.16), decimals_for(3.0), decimals_for(0.0019), decimals_for(25), decimals_for(0.16, 3)
    (2, 1, 4, 0, 3)
    """
    if not half_width > 0 or math.isinf(half_width):
        return 1
    return min(most, max(0, digits - 1 - math.floor(math.log10(half_width))))


def percent(p: float, digits: int = 3) -> str:
    """A share as a percentage with ``digits`` significant digits (at least 0, at most 4 decimals).

    >>> percent(0.0967741), percent(0.000305543), percent(0.5), percent(1.0), percent(0)
    ('9.68%', '0.0306%', '50.0%', '100%', '0%')
    """
    x = 100 * float(p)
    if x == 0:
        return "0" + percent_sign()
    decimals = min(4, max(0, digits - 1 - math.floor(math.log10(abs(x)))))
    return decimal(f"{x:.{decimals}f}") + percent_sign()


def number(x: float, digits: int = 3) -> str:
    """A number rounded to ``digits`` significant digits, with at most 4 decimals (for means).

    >>> number(122.654), number(4.6203443), number(0.0123456), number(1234567.8)
    ('123', '4.62', '0.0123', '1234568')
    """
    x = float(x)
    if x == 0:
        return "0"
    decimals = min(4, max(0, digits - 1 - math.floor(math.log10(abs(x)))))
    return decimal(f"{x:.{decimals}f}")


def _values(values: Iterable[float]) -> list[float]:
    """Plain floats from a list, a numpy array or a simulator's column."""
    if hasattr(values, "tolist"):
        values = values.tolist()
    return [float(v) for v in values]


class Share(NamedTuple):
    """``successes`` out of ``trials``, simulated; printed with its 95% Wilson interval."""

    successes: int
    trials: int
    unit: str = "trials"

    @classmethod
    def of(cls, hits: Iterable[bool], unit: str = "trials") -> Share:
        """The share of true values among ``hits`` (one per trial).

        >>> print(Share.of([True, False, True, True], "games"))
        75% (95% interval 30% to 95%; 4 games)
        """
        flags = _values(hits)
        return cls(int(sum(bool(h) for h in flags)), len(flags), unit)

    @property
    def value(self) -> float:
        """The simulated share, successes / trials."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval (low, high)."""
        return wilson_interval(int(self.successes), int(self.trials))

    def text(self) -> tuple[str, str, str]:
        """The share and the two ends of its interval, as percentages with the same decimals."""
        low, high = self.interval
        half = (high - low) / 2 if self.successes else high  # none seen: the upper end sets the digits
        d = decimals_for(100 * half, 2, most=4)
        return tuple(decimal(f"{100 * x:.{d}f}") + percent_sign()  # type: ignore[return-value]
                     for x in (self.value, low, high))

    def __str__(self) -> str:
        value, low, high = self.text()
        return _interval(value, low, high, size(self.trials, self.unit))


class Mean(NamedTuple):
    """A simulated average with its 95% interval (normal approximation) and sample size."""

    mean: float
    sd: float  # standard deviation of the values
    n: int
    unit: str = "trials"

    @classmethod
    def of(cls, values: Iterable[float], unit: str = "trials") -> Mean:
        """The mean of the values, their standard deviation (n - 1 in the denominator) and count."""
        x = _values(values)
        n = len(x)
        mean = math.fsum(x) / n if n else math.nan
        sd = math.sqrt(math.fsum((v - mean) ** 2 for v in x) / (n - 1)) if n > 1 else math.inf
        return cls(mean, sd, n, unit)

    @property
    def half_width(self) -> float:
        """1.96 standard errors: how far the interval reaches on each side of the mean."""
        return Z95 * self.sd / math.sqrt(self.n)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval (low, high) of the mean."""
        return (self.mean - self.half_width, self.mean + self.half_width)

    def text(self) -> tuple[str, str, str]:
        """The mean and the two ends of its interval, with the same decimals."""
        d = decimals_for(self.half_width)
        return tuple(decimal(f"{x:.{d}f}") for x in (self.mean, *self.interval))  # type: ignore[return-value]

    def __str__(self) -> str:
        value, low, high = self.text()
        return _interval(value, low, high, size(self.n, self.unit))


def _interval(value: str, low: str, high: str, sample: str) -> str:
    """'9.68% (95% interval 9.50% to 9.86%; 100,000 games)', in the language set."""
    return _("{value} (95{pc} interval {low} to {high}; {sample})").format(
        value=value, low=low, high=high, sample=sample, pc="%")


def agrees(exact: Fraction | float, estimate: Share | Mean) -> bool:
    """True when the exact value lies inside the estimate's 95% interval."""
    low, high = estimate.interval
    return bool(low <= float(exact) <= high)


def versus(exact: Fraction | float, estimate: Share | Mean) -> str:
    """The exact value beside the estimate and its interval, with the digits that show inside or outside."""
    low, high = estimate.interval
    scale, sign = (100, "%") if isinstance(estimate, Share) else (1, "")
    x = float(exact)
    gap = min(abs(x - low), abs(x - high)) * scale
    d = max(decimals_for(scale * (high - low) / 2), decimals_for(gap, 1, most=4) if gap else 4)
    value = estimate.value if isinstance(estimate, Share) else estimate.mean
    n = estimate.trials if isinstance(estimate, Share) else estimate.n
    f = [decimal(f"{scale * v:.{d}f}") + (percent_sign() if sign else "") for v in (x, value, low, high)]
    verdict = pgettext("interval", "inside") if agrees(exact, estimate) else pgettext("interval", "outside")
    line = _("exact {exact}, simulated {value} (95{pc} interval {low} to {high}; {sample}): {verdict}")
    return line.format(exact=f[0], value=f[1], low=f[2], high=f[3], sample=size(n, estimate.unit),
                       verdict=verdict, pc="%")
