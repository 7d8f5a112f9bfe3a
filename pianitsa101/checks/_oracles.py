"""The expected answers of the checks, asked of the engines wherever the engines can say.

Every rule is enforced in one place, the engine; so a check asks the engine rather than
re-deriving the rule: who leads a round of face-up cards (P6) comes from the rule functions of
Пьяница (``pianitsa/laws.py``), legal moves (R6-R14), penalties (R10-R16) and points (R19-R21) from
the rule functions of 101 (``game101/laws.py``), cycles (P13) from a played game's ``cycle_start``.
Where the engine has no answer (a probability), the oracle counts exactly, by ranks, and asks the
engine for every rank pattern.

>>> from pianitsa101 import cards
>>> leaders(cards("A♠ 6♥ K♦ 9♣"))
(2,)
>>> dispute_probability(2, make_deck(32))
Fraction(3, 31)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, perm, prod

from pianitsa101.cards import Card, Rank, Suit, make_deck
from pianitsa101.game101 import Draw, Rules101
from pianitsa101.game101.laws import hand_points, may_play_on, passed_on, penalty, queen_bonus
from pianitsa101.game101.legal import plays_of
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.pianitsa.laws import tied, winning_rank

__all__ = ["cycle_of", "dispute_probability", "leaders", "legal_plays", "penalty_after", "redeal_probability",
           "round_score"]

_FULL = make_deck(52)


def leaders(faces: Sequence[Card], lowest: Rank | None = None) -> tuple[int, ...]:
    """P6: the positions of the cards holding the winning rank, when these cards are turned up together.

    ``lowest`` is the lowest rank of the deck in play (P5); None: the lowest of ``faces``.
    """
    ranks = {position: card.rank for position, card in enumerate(faces)}
    low = min(ranks.values()) if lowest is None else min(lowest, *ranks.values())
    return tied(ranks, winning_rank(list(ranks.values()), low))


@lru_cache(maxsize=64)
def _dispute_probability(players: int, deck: tuple[Card, ...]) -> Fraction:
    per_rank = Counter(c.rank for c in deck)
    lowest = min(per_rank)
    first_of = {r: [c for c in deck if c.rank == r] for r in per_rank}
    disputes = 0
    for ranks in combinations_with_replacement(sorted(per_rank), players):
        drawn = Counter(ranks)
        if any(k > per_rank[r] for r, k in drawn.items()):
            continue
        faces = [c for r, k in drawn.items() for c in first_of[r][:k]]
        if len(leaders(faces, lowest)) > 1:
            disputes += prod(comb(per_rank[r], k) for r, k in drawn.items())
    return Fraction(disputes, comb(len(deck), players))


def dispute_probability(players: int, deck: Sequence[Card]) -> Fraction:
    """P6, P8: the chance that the first trick of ``players`` dealt from ``deck`` starts with a dispute.

    The top cards are ``players`` different cards, every set equally likely; the sets are counted
    by their ranks, and the engine resolves one set of each rank pattern.
    """
    return _dispute_probability(players, tuple(deck))


def redeal_probability(players: int, deck: Sequence[Card]) -> Fraction:
    """R2, R3: the chance that a deal of 4 cards each gives some hand four of a kind (inclusion-exclusion).

    Only a rank with all four suits in the deck makes a four of a kind; k given hands are all four
    of a kind with probability full(full-1)...(full-k+1) / (C(N,4) C(N-4,4) ... C(N-4k+4,4)).
    """
    per_rank = Counter(c.rank for c in deck)
    full, total = sum(1 for k in per_rank.values() if k == 4), len(deck)
    chance = Fraction(0)
    for k in range(1, min(players, full) + 1):
        all_four = Fraction(perm(full, k), prod(comb(total - 4 * i, 4) for i in range(k)))
        chance += (-1) ** (k + 1) * comb(players, k) * all_four
    return chance


def legal_plays(hand: Sequence[Card], top: Card | None, ordered: Suit | None = None) -> list:
    """R6, R7, R9, R14: the legal moves for ``hand`` on ``top`` (``ordered``: after a queen)."""
    rules = Rules101()
    plays = [play for card in hand if may_play_on(card, top, ordered, rules) for play in plays_of(card)]
    return plays or [Draw()]  # R7 (R9: draw until the 6 can be covered)


def penalty_after(played: Sequence[Card], rules: Rules101) -> int:
    """R10, R15, R16: the cards the next player must draw after ``played`` (each passing the last on)."""
    amount = penalty(played[0], rules)
    for card in played[1:]:
        amount = passed_on(amount, card, rules)
    return amount


def round_score(hand: Sequence[Card], last: Sequence[Card]) -> int:
    """R19-R21: the points of a seat that ends a round holding ``hand``, having put down ``last`` last."""
    if hand:  # a loser counts the cards left in hand
        return hand_points(hand, Rules101())
    return queen_bonus(last)  # the winner: R20/R21


def cycle_of(stacks: Sequence[Sequence[Card]], rules: PianitsaRules) -> tuple[int, int] | None:
    """P13: (tricks when the repeated position was first seen, tricks between), or None when the game ends."""
    result = PianitsaGame.from_stacks(stacks, rules=rules).play()
    if result.outcome != "cycle":
        return None
    return result.cycle_start, result.tricks - result.cycle_start
