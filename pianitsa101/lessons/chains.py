"""Exact expected values of a game that ends by chance: an absorbing Markov chain, in fractions.

A *state* moves to other states with given probabilities; a state with no moves is an
end. For a value ``end_value(e)`` at every end and a cost ``step`` per move, the expected
total from state ``s`` satisfies x(s) = step + sum p(s, t) x(t): one linear equation per
state, solved here exactly by elimination (fine for a few thousand states).

Toss a fair coin until two heads in a row: how many tosses, on average?

>>> from fractions import Fraction
>>> half = Fraction(1, 2)
>>> moves = {"start": {"H": half, "start": half}, "H": {"HH": half, "start": half}}
>>> solve_chain(moves, end_value=lambda end: 0, step=1)["start"]
Fraction(6, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction

__all__ = ["solve_chain"]


def solve_chain(moves: Mapping[Hashable, Mapping[Hashable, Fraction]],
                end_value: Callable[[Hashable], Fraction | int], step: Fraction | int = 0) -> dict:
    """The exact expected value from every state (ends included) of the chain ``moves``.

    ``moves[s]`` maps each next state to its probability (they add up to 1); states that
    are not keys of ``moves`` (or map to nothing) are ends, worth ``end_value(end)``.
    Raises ``ValueError`` when some state cannot reach an end (its value would be infinite).
    """
    rows: dict = {}  # state -> (coefficients of the other unknowns, constant)
    ends: dict = {}
    for s, nxt in moves.items():
        if not nxt:
            continue
        if sum(nxt.values()) != 1:
            raise ValueError(f"the probabilities out of {s!r} add up to {sum(nxt.values())}, not 1")
        coef: dict = {}
        const = Fraction(step)
        for t, p in nxt.items():
            if moves.get(t):
                coef[t] = coef.get(t, 0) + Fraction(p)
            else:
                if t not in ends:
                    ends[t] = Fraction(end_value(t))
                const += Fraction(p) * ends[t]
        rows[s] = (coef, const)
    solved = []  # x(s) = const + sum coef[t] x(t) over states eliminated later
    while rows:
        s, (coef, const) = rows.popitem()
        stay = coef.pop(s, 0)
        if stay == 1:
            raise ValueError(f"state {s!r} cannot reach an end: its expected value is infinite")
        coef = {t: c / (1 - stay) for t, c in coef.items()}
        const = const / (1 - stay)
        for t, (c2, k2) in rows.items():  # put x(s) into the equations that mention it
            if s in c2:
                w = c2.pop(s)
                for u, c in coef.items():
                    c2[u] = c2.get(u, 0) + w * c
                rows[t] = (c2, k2 + w * const)
        solved.append((s, coef, const))
    value = dict(ends)
    for s, coef, const in reversed(solved):
        value[s] = const + sum(c * value[t] for t, c in coef.items())
    return value
