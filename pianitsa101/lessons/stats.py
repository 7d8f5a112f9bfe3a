"""A simulated number always comes with its 95% interval and its sample size.

``Share`` is a proportion (k successes in n trials) with the Wilson score interval (the one
``tournament`` uses); ``Mean`` is an average with the normal-approximation interval
mean ± 1.96·s/√n. Both print as one line a learner can read aloud:

>>> print(Share(9_678, 100_000, "games"))
9.68% (95% interval 9.50% - 9.86%; 100,000 games)
>>> print(Mean.of([2, 4, 4, 4, 5, 5, 7, 9], "games"))
5.00 (95% interval 3.52 - 6.48; 8 games)

``agrees(exact, estimate)`` says whether an exact value lies inside a simulated interval:

>>> from fractions import Fraction
>>> agrees(Fraction(3, 31), Share(9_678, 100_000))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from pianitsa101.strategy.tournament import Z95, wilson_interval

__all__ = ["Mean", "Share", "agrees", "number", "percent"]


def percent(p: float, digits: int = 3) -> str:
    """A share as a percentage with ``digits`` significant digits (at least 0, at most 4 decimals).

    >>> percent(0.0967741), percent(0.000305543), percent(0.5), percent(1.0), percent(0)
    ('9.68%', '0.0306%', '50.0%', '100%', '0%')
    """
    x = 100 * float(p)
    if x == 0:
        return "0%"
    decimals = min(4, max(0, digits - 1 - math.floor(math.log10(abs(x)))))
    return f"{x:.{decimals}f}%"


def number(x: float, digits: int = 3) -> str:
    """A number rounded to ``digits`` significant digits, with at most 4 decimals (for means).

    >>> number(122.654), number(4.6203443), number(0.0123456), number(1234567.8)
    ('123', '4.62', '0.0123', '1234568')
    """
    x = float(x)
    if x == 0:
        return "0"
    decimals = min(4, max(0, digits - 1 - math.floor(math.log10(abs(x)))))
    return f"{x:.{decimals}f}"


class Share(NamedTuple):
    """``successes`` out of ``trials``, simulated; printed with its 95% Wilson interval."""

    successes: int
    trials: int
    unit: str = "trials"

    @property
    def value(self) -> float:
        """The simulated share, successes / trials."""
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval (low, high)."""
        return wilson_interval(int(self.successes), int(self.trials))

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{percent(self.value)} (95% interval {percent(low)} - {percent(high)}; "
                f"{self.trials:,} {self.unit})")


class Mean(NamedTuple):
    """A simulated average with its 95% interval (normal approximation) and sample size."""

    mean: float
    sd: float  # standard deviation of the values
    n: int
    unit: str = "trials"

    @classmethod
    def of(cls, values: Iterable[float], unit: str = "trials") -> Mean:
        """The mean of the values, their standard deviation (n - 1 in the denominator) and count."""
        x = np.asarray(list(values) if not isinstance(values, np.ndarray) else values, dtype=float)
        sd = float(x.std(ddof=1)) if len(x) > 1 else math.inf
        return cls(float(x.mean()), sd, len(x), unit)

    @property
    def half_width(self) -> float:
        """1.96 standard errors: how far the interval reaches on each side of the mean."""
        return Z95 * self.sd / math.sqrt(self.n)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval (low, high) of the mean."""
        return (self.mean - self.half_width, self.mean + self.half_width)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.mean:.2f} (95% interval {low:.2f} - {high:.2f}; {self.n:,} {self.unit})"


def agrees(exact: Fraction | float, estimate: Share | Mean) -> bool:
    """True when the exact value lies inside the estimate's 95% interval."""
    low, high = estimate.interval
    return bool(low <= float(exact) <= high)
