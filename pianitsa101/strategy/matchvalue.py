"""How much a round's result is worth in the match: the chance of winning it from the totals (R22, R23).

A bot that only counted the points of one round would play the same at 0 and at 95 points.
101 is decided over a match: a total over the limit loses (R23), exactly the limit goes
back to 0 (R22), and a round's points matter more the closer a player is to the limit.
:class:`MatchValue` turns the totals after a round into the chance of winning the match:

- heads-up, by dynamic programming over every pair of totals and who starts the next round
  (R4): each round the starter wins with probability ``starter_wins``, the loser scores
  points drawn from ``loser_points`` and the winner from ``winner_points`` (R20's -20 and
  -40); a :class:`RoundModel` holds these, measured from rounds of ``HeuristicAgent``
  against itself.  The table has a grid of totals every ``step`` points down from the limit,
  read between grid points by linear interpolation; values below ``floor`` are read at it.
- with three players or more, the product of the heads-up chances against each opponent
  (an approximation: to win, a player must end ahead of every other one).

>>> value = MatchValue(Rules101(), players=2)
>>> round(value.chance(0, 0, starts=True), 3), round(value.chance(0, 0, starts=False), 3)
(0.511, 0.489)
>>> round(value.chance(90, 20, starts=True), 2), round(value.chance(20, 90, starts=True), 2)
(0.26, 0.77)

After a round that seat 0 won, with seat 1 at 90 before it: 12 points take seat 1 over
the limit and seat 0 wins the match (R23); 11 points land exactly on 101, and R22 resets
seat 1 to 0:

>>> value.after_round((20, 90), (0, 12), winner=0, seat=0)
1.0
>>> round(value.after_round((20, 90), (0, 11), winner=0, seat=0), 2)
0.45
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.scoring import settle_round

__all__ = ["DEFAULT_MODEL", "MatchValue", "RoundModel"]


@dataclass(frozen=True)
class RoundModel:
    """How a heads-up round tends to end: the starter's chance to win, the loser's and the winner's points."""

    starter_wins: float
    loser_points: tuple[tuple[int, float], ...]  # (points, probability): R19 points of the loser's hand
    winner_points: tuple[tuple[int, float], ...]  # (points, probability): 0, or R20's -20 / -40


def _histogram(counts: Sequence[tuple[int, int]]) -> tuple[tuple[int, float], ...]:
    total = sum(c for _, c in counts)
    return tuple((x, c / total) for x, c in counts)


# Measured by benchmarks/round_model.py: 20,000 heads-up rounds of HeuristicAgent against itself under
# the default rules (Rules101()); the loser's points in bins of two, each counted at its middle.
DEFAULT_MODEL = RoundModel(
    starter_wins=0.534,
    loser_points=_histogram([
        (3, 465), (5, 299), (7, 500), (9, 502), (11, 614), (13, 612), (15, 629), (17, 680), (19, 679),
        (21, 631), (23, 696), (25, 680), (27, 680), (29, 677), (31, 646), (33, 604), (35, 624), (37, 586),
        (39, 564), (41, 579), (43, 541), (45, 511), (47, 461), (49, 475), (51, 448), (53, 373), (55, 381),
        (57, 346), (59, 333), (61, 314), (63, 277), (65, 250), (67, 245), (69, 245), (71, 229), (73, 198),
        (75, 161), (77, 166), (79, 152), (81, 146), (83, 144), (85, 137), (87, 103), (89, 103), (91, 103),
        (93, 95), (95, 74), (97, 57), (99, 73), (101, 60), (103, 59), (105, 41), (107, 38), (109, 40),
        (111, 58), (113, 37), (115, 34), (117, 36), (119, 34), (121, 29), (123, 32), (125, 33), (127, 33),
        (129, 31), (131, 24), (133, 26), (135, 18), (137, 19), (139, 17), (141, 14), (143, 9), (145, 14),
        (147, 13), (149, 10), (151, 8), (153, 10), (155, 10), (157, 4), (159, 8), (161, 9), (163, 3),
        (165, 5), (167, 7), (169, 6), (171, 6), (173, 5), (175, 6), (177, 1), (179, 3), (181, 3), (183, 2),
        (185, 1), (187, 3), (189, 1), (191, 1), (193, 2), (195, 3), (201, 2), (203, 1), (213, 1), (219, 1),
        (227, 2), (233, 1),
    ]),
    winner_points=_histogram([(-40, 1299), (-20, 3681), (0, 14982)]),
)


class MatchValue:
    """The chance that ``seat`` wins the match, from the totals after a round (see the module text)."""

    def __init__(self, rules: Rules101, players: int, model: RoundModel = DEFAULT_MODEL,
                 step: int = 4, floor: int = -60) -> None:
        self.rules = rules
        self.players = players
        self.step = step
        self._top = rules.limit  # grid point 0 is the limit itself
        self._size = (rules.limit - floor) // step + 1
        self._table = _solve(rules.limit, rules.reset_at_101, model, step, self._size)

    def chance(self, mine: float, theirs: float, starts: bool) -> float:
        """Heads-up: the chance to win the match from these totals, starting the next round or not."""
        table = self._table[0 if starts else 1]
        i, fi = self._place(mine)
        j, fj = self._place(theirs)
        row, nxt = table[i], table[min(i + 1, self._size - 1)]
        low = row[j] + fj * (row[min(j + 1, self._size - 1)] - row[j])
        high = nxt[j] + fj * (nxt[min(j + 1, self._size - 1)] - nxt[j])
        return low + fi * (high - low)

    def _place(self, total: float) -> tuple[int, float]:
        """Grid index (counted down from the limit) and the fraction towards the next one."""
        x = (self._top - total) / self.step
        if x <= 0:
            return 0, 0.0
        if x >= self._size - 1:
            return self._size - 1, 0.0
        i = int(x)
        return i, x - i

    def of_totals(self, totals: Sequence[int], seat: int, starter: int | None) -> float:
        """The chance for ``seat`` before a round with these totals; ``starter`` None: either may start."""
        mine = totals[seat]
        value = 1.0
        for other, theirs in enumerate(totals):
            if other == seat:
                continue
            if starter is None:
                pair = 0.5 * (self.chance(mine, theirs, True) + self.chance(mine, theirs, False))
            elif starter in (seat, other):
                pair = self.chance(mine, theirs, starter == seat)
            else:
                pair = 0.5 * (self.chance(mine, theirs, True) + self.chance(mine, theirs, False))
            value *= pair
        return value

    def after_round(self, totals: Sequence[int], points: Sequence[int], winner: int, seat: int) -> float:
        """The chance for ``seat`` once a round's points are added (R22, R23); ``winner`` -1: abandoned."""
        if winner < 0:  # R26: nobody scores, the same player starts again
            return self.of_totals(totals, seat, None)
        settled = settle_round(totals, points, self.rules)
        if settled.finished:
            return 1.0 if settled.winner == seat else 0.0
        if seat not in settled.still_in:
            return 0.0
        rest = settled.still_in
        new = [settled.totals[s] for s in rest]
        return self.of_totals(new, rest.index(seat), rest.index(winner))


@lru_cache(maxsize=16)
def _solve(limit: int, reset: bool, model: RoundModel, step: int, size: int) -> tuple:
    """Heads-up win chances on the grid: table[s][i][j], me at grid i, the other at j, s=0 when I start.

    Value iteration: each sweep plays one more round; it stops when no chance moves by 1e-6.
    """
    top = limit

    def spread(total: float) -> list[tuple[int, float]]:
        x = (top - total) / step
        if x <= 0:
            return [(0, 1.0)]
        if x >= size - 1:
            return [(size - 1, 1.0)]
        i = int(x)
        f = x - i
        return [(i, 1.0 - f), (i + 1, f)] if f else [(i, 1.0)]

    # loss[i]: where a loser at grid i goes (grid index, probability), and the chance they go over.
    loss, over = [], []
    for i in range(size):
        total = top - i * step
        moves: dict[int, float] = {}
        bust = 0.0
        for x, p in model.loser_points:
            t = total + x
            if t > limit:
                bust += p
                continue
            if t == limit and reset:
                t = 0  # R22
            for j, f in spread(t):
                moves[j] = moves.get(j, 0.0) + p * f
        loss.append(list(moves.items()))
        over.append(bust)
    gain = []  # where a winner at grid i goes (R20 bonus)
    for i in range(size):
        total = top - i * step
        moves = {}
        for x, p in model.winner_points:
            for j, f in spread(total + x):
                moves[j] = moves.get(j, 0.0) + p * f
        gain.append(list(moves.items()))
    q = model.starter_wins
    rng = range(size)
    v = [[[0.5] * size for _ in rng], [[0.5] * size for _ in rng]]
    for _sweep in range(200):
        v0, v1 = v
        # after I win: I start; the other loses. after I lose: the other starts.
        lose_other = [[sum(p * row[j2] for j2, p in loss[j]) + over[j] for j in rng] for row in v0]
        win_me = [[sum(p * lose_other[i2][j] for i2, p in gain[i]) for j in rng] for i in rng]
        won_other = [[sum(p * row[j2] for j2, p in gain[j]) for j in rng] for row in v1]
        lose_me = [[sum(p * won_other[i2][j] for i2, p in loss[i]) for j in rng] for i in rng]
        new0 = [[q * a + (1 - q) * b for a, b in zip(wr, lr, strict=True)] for wr, lr in zip(win_me, lose_me,
                                                                                             strict=True)]
        new1 = [[(1 - q) * a + q * b for a, b in zip(wr, lr, strict=True)] for wr, lr in zip(win_me, lose_me,
                                                                                             strict=True)]
        moved = max(abs(a - b) for old, new in ((v0, new0), (v1, new1))
                    for ro, rn in zip(old, new, strict=True) for a, b in zip(ro, rn, strict=True))
        v = [new0, new1]
        if moved < 1e-6:
            break
    return tuple(tuple(tuple(row) for row in table) for table in v)
