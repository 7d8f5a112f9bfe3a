"""The pooled experiment: every student's estimate of one quantity, pooled, against the exact value.

An *experiment* is one quantity of one game with the same players, deck and rules: the
students' results differ only by seed and sample size. The pool counts each (seed, sample
size) once: two students who ran the same seed ran the same games. A share is pooled as one
big sample (successes over trials, Wilson's interval); a mean by inverse-variance weights
(each result's standard error is read from its interval).

>>> rows = [dict(name="A", estimate=0.10, low=0.08, high=0.12, n=1000, seed=1, percent=True),
...         dict(name="B", estimate=0.14, low=0.12, high=0.16, n=1000, seed=2, percent=True)]
>>> pooled(rows)["estimate"]
0.12
>>> exact_value("pianitsa", 2, 32, {"max_tricks": 1}, "first_trick_dispute")
(Fraction(3, 31), 'lesson 04, section 1')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from pianitsa101.strategy.stats import Z95, wilson_interval

__all__ = ["PLACES", "QUANTITIES", "exact_value", "pooled", "summary"]

# What each quantity is called on the board, in English and Russian. The SimulationPanel's rows
# use the panel's own words (pianitsa101.widgets.i18n); the first two are the lessons' exact cases.
QUANTITIES: dict[str, tuple[str, str]] = {
    "first_trick_dispute": ("chance of a dispute on the first trick", "вероятность спора в первом коне"),
    "hand_points_mean": ("mean points of a dealt hand of 4", "средние очки сданной руки из 4 карт"),
    "mean_tricks": ("mean length (tricks)", "средняя длина (конов)"),
    "mean_disputes": ("mean dispute rounds", "среднее число кругов спора"),
    "share_cycles": ("share of cycles (P13)", "доля зацикленных (P13)"),
    "share_draws": ("share of draws (P12)", "доля ничьих (P12)"),
    "first_loses": ("chance seat 0 is the drunkard", "вероятность, что игрок 0 — пьяница"),
    "mean_decisions": ("mean length (moves)", "средняя длина (ходов)"),
    "first_wins": ("chance seat 0 wins the round", "вероятность, что игрок 0 выиграет кон"),
    "abandoned": ("share abandoned (R26)", "доля прерванных (R26)"),
    "mean_points": ("mean points of seat 0", "средние очки игрока 0"),
}

# Where the lessons derive an exact value, in both languages.
PLACES: dict[str, tuple[str, str]] = {
    "lesson 04, section 1": ("lesson 04, section 1", "урок 04, раздел 1"),
    "lesson 08, section 2": ("lesson 08, section 2", "урок 08, раздел 2"),
}


def exact_value(
    game: str, players: int, deck: int | None, rules: dict[str, Any], quantity: str
) -> tuple[Fraction, str] | None:
    """The exact value of a quantity where a lesson derives it, and where; else None.

    - Пьяница, 2 players, a deck of N: a dispute on the first trick, 3/(N - 1): the second top
      card is one of the 3 others of the first one's rank (lesson 04, section 1; any rules);
    - 101, a deck of 36: a dealt hand of 4 holds 4 · 20/3 points on average (lesson 08, section 2).
    """
    if game == "pianitsa" and quantity == "first_trick_dispute" and players == 2 and deck:
        return Fraction(3, deck - 1), "lesson 04, section 1"
    if game == "101" and quantity == "hand_points_mean" and deck == 36:
        return Fraction(80, 3), "lesson 08, section 2"
    return None


def _distinct(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with a (seed, sample size) not seen before: the same seed plays the same games."""
    seen, out = set(), []
    for row in rows:
        if (row["seed"], row["n"]) not in seen:
            seen.add((row["seed"], row["n"]))
            out.append(row)
    return out


def pooled(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The pooled estimate of the rows (each seed once) with its 95% interval; None without rows."""
    rows = _distinct(rows)
    if not rows:
        return None
    n = sum(r["n"] for r in rows)
    if rows[0]["percent"]:
        hits = sum(round(r["estimate"] * r["n"]) for r in rows)
        low, high = wilson_interval(hits, n)
        return {"estimate": round(hits / n, 12), "low": low, "high": high, "n": n, "results": len(rows)}
    weights = []
    for r in rows:
        se = (r["high"] - r["low"]) / (2 * Z95)
        weights.append(1 / se**2 if se > 0 else None)
    if any(w is None for w in weights):  # an interval of no width: weigh by sample size instead
        weights = [r["n"] for r in rows]
        value = sum(w * r["estimate"] for w, r in zip(weights, rows, strict=True)) / sum(weights)
        return {"estimate": value, "low": value, "high": value, "n": n, "results": len(rows)}
    total = sum(weights)
    value = sum(w * r["estimate"] for w, r in zip(weights, rows, strict=True)) / total
    half = Z95 / math.sqrt(total)
    return {"estimate": value, "low": value - half, "high": value + half, "n": n, "results": len(rows)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What the board draws for one experiment: every row, the pool, the exact value, the misses."""
    first = rows[0]
    exact = exact_value(first["game"], first["players"], first["deck"], first["rules"], first["quantity"])
    seeds: dict[tuple[int, int], str] = {}
    out = []
    for r in rows:
        key = (r["seed"], r["n"])
        row = {k: r[k] for k in ("id", "name", "estimate", "low", "high", "n", "seed", "at") if k in r}
        row["same_seed_as"] = seeds.get(key)
        seeds.setdefault(key, r["name"])
        row["misses"] = None if exact is None else not r["low"] <= float(exact[0]) <= r["high"]
        out.append(row)
    en, ru = QUANTITIES.get(first["quantity"], (first["quantity"], first["quantity"]))
    return {
        "experiment": first["experiment"],
        "game": first["game"],
        "players": first["players"],
        "deck": first["deck"],
        "rules": first["rules"],
        "quantity": first["quantity"],
        "label": {"en": en, "ru": ru},
        "percent": first["percent"],
        "rows": out,
        "pooled": pooled(rows),
        "exact": None
        if exact is None
        else {"value": float(exact[0]), "text": str(exact[0]), "where": exact[1]},
        "misses": sum(bool(r["misses"]) for r in out),
        "count": len(out),
    }
