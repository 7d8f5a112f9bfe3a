"""How much a round's result is worth in the match: the chance of winning it from the totals (R22, R23).

A bot that only counted the points of one round would play the same at 0 and at 95 points.
101 is decided over a match: a total over the limit loses (R23), exactly the limit goes
back to 0 (R22), and a round's points matter more the closer a player is to the limit.
:class:`MatchValue` turns the totals after a round into the chance of winning the match:

- heads-up, by dynamic programming over every pair of totals and who starts the next round
  (R4): each round the starter wins with probability ``starter_wins``, the loser scores
  points drawn from ``loser_points`` and the winner from ``winner_points`` (R20's -20 and
  -40); a :class:`RoundModel` holds these, measured from rounds of ``HeuristicAgent``
  against itself.  The table holds every total from ``floor`` up to the limit (``step`` 1, the
  default where numpy is there), so a loser's exact points show which totals land on exactly
  101 and go back to 0 (R22) and which go over (R23).  In pure Python (the browser) it is
  every 4th total (101, 97, ...), with R22 exact at those and read between them by linear
  interpolation; values below ``floor`` are read at it.
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
# the default rules (Rules101()); the loser's points exactly (R22 needs them: which total lands on 101).
DEFAULT_MODEL = RoundModel(
    starter_wins=0.534,
    loser_points=_histogram([
        (2, 204), (3, 261), (4, 190), (5, 109), (6, 247), (7, 253), (8, 258), (9, 244), (10, 338),
        (11, 276), (12, 296), (13, 316), (14, 324), (15, 305), (16, 355), (17, 325), (18, 327), (19, 352),
        (20, 315), (21, 316), (22, 361), (23, 335), (24, 333), (25, 347), (26, 338), (27, 342), (28, 343),
        (29, 334), (30, 318), (31, 328), (32, 310), (33, 294), (34, 327), (35, 297), (36, 297), (37, 289),
        (38, 282), (39, 282), (40, 309), (41, 270), (42, 267), (43, 274), (44, 264), (45, 247), (46, 221),
        (47, 240), (48, 233), (49, 242), (50, 228), (51, 220), (52, 183), (53, 190), (54, 212), (55, 169),
        (56, 177), (57, 169), (58, 167), (59, 166), (60, 150), (61, 164), (62, 138), (63, 139), (64, 131),
        (65, 119), (66, 125), (67, 120), (68, 122), (69, 123), (70, 96), (71, 133), (72, 87), (73, 111),
        (74, 74), (75, 87), (76, 78), (77, 88), (78, 76), (79, 76), (80, 65), (81, 81), (82, 67), (83, 77),
        (84, 74), (85, 63), (86, 56), (87, 47), (88, 61), (89, 42), (90, 50), (91, 53), (92, 45), (93, 50),
        (94, 36), (95, 38), (96, 27), (97, 30), (98, 30), (99, 43), (100, 27), (101, 33), (102, 26),
        (103, 33), (104, 24), (105, 17), (106, 12), (107, 26), (108, 22), (109, 18), (110, 24), (111, 34),
        (112, 20), (113, 17), (114, 15), (115, 19), (116, 19), (117, 17), (118, 18), (119, 16), (120, 16),
        (121, 13), (122, 16), (123, 16), (124, 10), (125, 23), (126, 19), (127, 14), (128, 18), (129, 13),
        (130, 10), (131, 14), (132, 12), (133, 14), (134, 9), (135, 9), (136, 10), (137, 9), (138, 8),
        (139, 9), (140, 7), (141, 7), (142, 2), (143, 7), (144, 8), (145, 6), (146, 4), (147, 9), (148, 6),
        (149, 4), (150, 5), (151, 3), (152, 4), (153, 6), (154, 7), (155, 3), (156, 2), (157, 2), (158, 4),
        (159, 4), (160, 5), (161, 4), (162, 2), (163, 1), (164, 3), (165, 2), (166, 5), (167, 2), (168, 6),
        (170, 2), (171, 4), (172, 4), (173, 1), (174, 5), (175, 1), (177, 1), (179, 3), (180, 2), (181, 1),
        (182, 1), (183, 1), (184, 1), (187, 3), (188, 1), (191, 1), (192, 1), (193, 1), (194, 2), (195, 1),
        (200, 1), (201, 1), (202, 1), (212, 1), (219, 1), (226, 2), (233, 1)
    ]),
    winner_points=_histogram([(-40, 1299), (-20, 3681), (0, 14982)]),
)


class MatchValue:
    """The chance that ``seat`` wins the match, from the totals after a round (see the module text)."""

    def __init__(self, rules: Rules101, players: int, model: RoundModel = DEFAULT_MODEL,
                 step: int | None = None, floor: int = -60) -> None:
        self.rules = rules
        self.players = players
        self.step = step = _grid_step() if step is None else step
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


def _grid_step() -> int:
    """1 (every total) where numpy solves the table in milliseconds; 4 in pure Python (the browser)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return 4
    return 1


def _moves(limit: int, reset: bool, model: RoundModel, step: int, size: int) -> tuple[list, list, list]:
    """Where a loser at each grid point goes (grid index, chance), its chance to go over, where a winner goes.

    Every loser's total is added exactly: a total of exactly ``limit`` goes back to 0 (R22),
    one over it loses (R23); a total between two grid points is shared between them.
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

    loss, over, gain = [], [], []
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
        moves = {}
        for x, p in model.winner_points:  # R20's bonus
            for j, f in spread(total + x):
                moves[j] = moves.get(j, 0.0) + p * f
        gain.append(list(moves.items()))
    return loss, over, gain


@lru_cache(maxsize=16)
def _solve(limit: int, reset: bool, model: RoundModel, step: int, size: int) -> tuple:
    """Heads-up win chances on the grid: table[s][i][j], me at grid i, the other at j, s=0 when I start.

    Value iteration: each sweep plays one more round; it stops when no chance moves by 1e-6.
    With numpy each sweep is two matrix products and two sparse sums; without it, the same in plain Python.
    """
    loss, over, gain = _moves(limit, reset, model, step, size)
    try:
        import numpy as np
    except ImportError:
        return _solve_python(loss, over, gain, model.starter_wins, size)
    lm = np.zeros((size, size))
    for i in range(size):
        for j, p in loss[i]:
            lm[i, j] += p
    # a winner's moves (R20's bonus): a few per grid point, kept as (where, chance) columns
    width = max(len(g) for g in gain)
    where = np.array([[g[k][0] if k < len(g) else 0 for k in range(width)] for g in gain])
    chance = np.array([[g[k][1] if k < len(g) else 0.0 for k in range(width)] for g in gain])

    def gain_rows(x):  # gm @ x: the row player won
        return sum(chance[:, k, None] * x[where[:, k]] for k in range(width))

    def gain_cols(x):  # x @ gm.T: the column player won
        return sum(chance[None, :, k] * x[:, where[:, k]] for k in range(width))

    bust = np.array(over)
    q = model.starter_wins
    v0 = np.full((size, size), 0.5)
    v1 = np.full((size, size), 0.5)
    for _sweep in range(2000):
        # after I win: I start; the other loses. after I lose: the other starts. (einsum, not BLAS's
        # matmul: its threads crawl on a busy machine, and these products are small)
        win_me = gain_rows(np.einsum("ik,jk->ij", v0, lm) + bust[None, :])
        lose_me = np.einsum("ik,kj->ij", lm, gain_cols(v1))
        new0 = q * win_me + (1 - q) * lose_me
        new1 = (1 - q) * win_me + q * lose_me
        moved = max(float(np.abs(new0 - v0).max()), float(np.abs(new1 - v1).max()))
        v0, v1 = new0, new1
        if moved < 1e-6:
            break
    return tuple(tuple(map(tuple, table.tolist())) for table in (v0, v1))


def _solve_python(loss: list, over: list, gain: list, q: float, size: int) -> tuple:
    """``_solve`` in plain Python (where numpy is missing)."""
    rng = range(size)
    v = [[[0.5] * size for _ in rng], [[0.5] * size for _ in rng]]
    for _sweep in range(2000):
        v0, v1 = v
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
