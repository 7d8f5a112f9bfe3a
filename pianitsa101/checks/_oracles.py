"""The expected answers of the checks, asked of the engines wherever the engines can say.

Every rule is enforced in one place, the engine; so a check asks the engine rather than
re-deriving the rule: who leads a round of face-up cards (P6) comes from the engine's rule
functions (``pianitsa/laws.py``),
legal moves (R6-R14) and penalties (R10-R16) from stacked rounds of 101, points (R19-R21)
from a finished round, cycles (P13) from a played game's ``cycle_start``. Where the engine has no answer (a
probability), the oracle counts exactly, by ranks, and asks the engine for every rank pattern.

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
from pianitsa101.game101 import FlushQueens, Play, Round101, Rules101
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.pianitsa.laws import tied, winning_rank

__all__ = ["cycle_of", "dispute_probability", "leaders", "legal_plays", "penalty_after", "redeal_probability",
           "round_score"]

_FULL = make_deck(52)
_PLAIN = (Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.FIVE, Rank.FOUR, Rank.THREE)  # no effect in 101


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


def _spare(avoid: set[Card], ranks: Sequence[Rank] = _PLAIN, suit: Suit | None = None) -> Card:
    """A card of one of these ranks (and suit) that is not in ``avoid``; it is then added to ``avoid``."""
    for rank in ranks:
        for card in _FULL:
            if card.rank == rank and card not in avoid and (suit is None or card.suit == suit):
                avoid.add(card)
                return card
    raise ValueError("no spare card left")  # not with the cases of these checks


def legal_plays(hand: Sequence[Card], top: Card | None, ordered: Suit | None = None) -> list:
    """R6, R7, R9, R14: the engine's legal moves for ``hand`` on ``top`` (with ``ordered``, after a queen)."""
    used = {*hand, *([top] if top else [])}
    other = [_spare(used, Rank)]
    must_cover = top is not None and top.rank == Rank.SIX
    rnd = Round101.from_hands(hands=[list(hand), other], stock=[], discard=[top] if top else [],
                              to_move=0, ordered_suit=ordered, must_cover=must_cover)
    return rnd.legal_moves()


def penalty_after(played: Sequence[Card], rules: Rules101) -> int:
    """R10, R15, R16: the cards the next player must draw after ``played`` (each passing the last on)."""
    used = set(played)
    top = _spare(used, _PLAIN, played[0].suit)
    hands = [[*played[0::2], _spare(used)], [*played[1::2], _spare(used)]]
    stock = [_spare(used) for _ in range(4)]
    rnd = Round101.from_hands(hands=hands, stock=stock, discard=[top], to_move=0, rules=rules)
    for card in played:
        rnd.play(Play(card))
    return rnd.pending_draw


def round_score(hand: Sequence[Card], last: Sequence[Card]) -> int:
    """R19-R21: the points of a seat that ends a round holding ``hand``, having put down ``last`` last."""
    used = {*hand, *last}
    if hand:  # a loser: seat 0 goes out with a plain card, seat 2 holds ``hand``
        out = _spare(used)
        rnd = Round101.from_hands(hands=[[out], [_spare(used)], list(hand)],
                                  discard=[_spare(used, _PLAIN, out.suit)], to_move=0)
        rnd.play(Play(out))
        return rnd.points()[2]
    first = last[0]
    rules = Rules101(flush_queens=len(last) > 1, six="draw2_skip" if first.rank == Rank.SIX else "cover")
    top = _spare(used, _PLAIN, first.suit)
    stock = [_spare(used) for _ in range(4)]  # for the next player's R18 penalty, if any
    rnd = Round101.from_hands(hands=[list(last), [_spare(used)], [_spare(used)]], stock=stock, discard=[top],
                              to_move=0, rules=rules)
    if len(last) > 1:
        rnd.play(FlushQueens(Suit.SPADES))
    else:
        rnd.play(Play(first, Suit.SPADES if first.rank == Rank.QUEEN else None))
    return rnd.points()[0]


def cycle_of(stacks: Sequence[Sequence[Card]], rules: PianitsaRules) -> tuple[int, int] | None:
    """P13: (tricks when the repeated position was first seen, tricks between), or None when the game ends."""
    result = PianitsaGame.from_stacks(stacks, rules=rules).play()
    if result.outcome != "cycle":
        return None
    return result.cycle_start, result.tricks - result.cycle_start
