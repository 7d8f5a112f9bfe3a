"""How sure a tournament's numbers are: intervals for a win rate and for a difference, and how many matches.

- :func:`wilson_interval`: the 95% interval of a proportion (a win rate).
- :func:`design_effect`: how much wider than Wilson's (which takes the matches as independent)
  a win rate's interval must be when its matches come in blocks that share deals.
- :func:`difference_interval`: the 95% interval of the mean of paired differences, here the
  difference of two agents' win rates measured block by block on the same deals.
- :func:`matches_needed`: how many matches tell a win rate of 50% + ``difference`` apart from
  50% (the usual sample-size formula for a proportion).

>>> matches_needed(0.05)     # to see a 55% bot beat a 50% one at 95%, 4 times in 5
783
>>> matches_needed(0.10), matches_needed(0.05, power=0.5)
(194, 385)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from pianitsa101.i18n import _

__all__ = ["Z95", "design_effect", "difference_interval", "matches_needed", "wilson_interval"]

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson_interval(successes: int, trials: int, z: float = Z95,
                    design_effect: float = 1.0) -> tuple[float, float]:
    """The Wilson score interval (low, high) for a proportion; 95% by default.

    With p = successes / trials and n = trials the interval is
    (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n). For 8 successes in 10,
    with z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.71676, half-width
    1.96 · sqrt(0.016 + 0.009604) / 1.38416 = 0.22657.  Trials that are not independent
    (blocks of matches on shared deals) count as n / ``design_effect`` (see :func:`design_effect`).

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> low, high = wilson_interval(0, 10)     # never: the interval still has width
    >>> round(low, 4), round(high, 4)
    (0.0, 0.2775)
    >>> wilson_interval(0, 0)                   # no trials: we know nothing
    (0.0, 1.0)
    >>> wilson_interval(16, 20, design_effect=2.0) == wilson_interval(8, 10)
    True
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(_("need 0 <= successes <= trials, got {successes} of {trials}").format(
            successes=successes, trials=trials))
    if not design_effect > 0:
        raise ValueError(_("design_effect must be above 0 (1: independent trials), got {value}").format(
            value=repr(design_effect)))
    if trials == 0:
        return (0.0, 1.0)
    p, n, z2 = successes / trials, trials / design_effect, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def design_effect(blocks: Sequence[tuple[int, int]]) -> float:
    """The variance of a win rate measured in blocks, over what independent matches would give (at least 1).

    ``blocks`` holds one agent's (matches, wins) per block.  The matches of a duplicate block
    share their deals, so they are not independent: a deal that suits a strong agent's style
    tends to be won from both seats.  With W wins in M matches, p = W/M, over B blocks, the
    variance of p from the blocks is B/(B-1) · Σ (wᵢ - p·mᵢ)² / M², against p(1-p)/M for
    independent matches; their ratio divides M for Wilson's interval (``TournamentResult``).
    Perfectly correlated blocks of two give about 2 (a little more from few blocks).

    >>> round(design_effect([(2, 2), (2, 0), (2, 2), (2, 0)]), 2)   # each deal won from both seats or neither
    2.67
    >>> design_effect([(2, 1), (2, 1), (2, 1), (2, 1)])   # one win per deal: Wilson's own width
    1.0
    """
    b = len(blocks)
    m = sum(mi for mi, _ in blocks)
    w = sum(wi for _, wi in blocks)
    if b < 2 or m == 0 or w in (0, m):
        return 1.0
    p = w / m
    between = b / (b - 1) * sum((wi - p * mi) ** 2 for mi, wi in blocks) / (m * m)
    return max(1.0, between / (p * (1 - p) / m))


def difference_interval(differences: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of paired differences and its 95% interval (mean, low, high), by the normal approximation.

    Each entry is one independent unit (a block of duplicate matches); the standard error is
    the sample standard deviation over the square root of their number.

    >>> difference_interval([1, 0, 1, 1, 0, 1, 1, 0])
    (0.625, 0.2663..., 0.9836...)
    """
    n = len(differences)
    if n == 0:
        return (0.0, -1.0, 1.0)
    mean = sum(differences) / n
    if n == 1:
        return (mean, -1.0, 1.0)
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def matches_needed(difference: float, confidence: float = 0.95, power: float = 0.8) -> int:
    """Matches needed to tell a win rate of 0.5 + ``difference`` from 0.5 (two-sided test at ``confidence``).

    ``power`` is the chance that the test sees the difference when it is there (0.5: the
    95% interval of such a bot just excludes 50% on average).  The formula is
    n = ((z₁ sqrt(p₀q₀) + z₂ sqrt(p₁q₁)) / d)² with p₀ = 0.5, p₁ = 0.5 + d, for independent
    matches.  Duplicate deals (``tournament``'s default) make the comparison fair but, in
    heads-up 101, not cheaper: their matches are correlated (see :func:`design_effect`).
    """
    if not 0 < abs(difference) < 0.5:
        raise ValueError(_("difference must be between 0 and 0.5 (a win rate above or below 50%), "
                           "got {value}").format(value=repr(difference)))
    if not 0 < confidence < 1 or not 0 < power < 1:
        raise ValueError(_("confidence and power are probabilities between 0 and 1, "
                           "got {confidence} and {power}").format(
                               confidence=repr(confidence), power=repr(power)))
    normal = NormalDist()
    z1 = normal.inv_cdf(1 - (1 - confidence) / 2)
    z2 = normal.inv_cdf(power)
    p1 = 0.5 + difference
    return math.ceil(((z1 * 0.5 + z2 * math.sqrt(p1 * (1 - p1))) / difference) ** 2)
