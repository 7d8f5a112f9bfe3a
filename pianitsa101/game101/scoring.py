"""The points of a round of 101 (R19, R20, R21).

- R19. Every player but the winner scores the points of the cards left in hand: by the
  rules' ``points`` table (default 2..10 their number, J 2, Q 3, K 4, A 11).
- R20. With ``queen_finish_bonus``, a winner whose last card is a queen scores -20
  (-40 for the queen of spades); R21: after putting down queens together, each queen counts.
- R26. An abandoned round scores nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pianitsa101.cards import Card, Rank, Suit

if TYPE_CHECKING:
    from pianitsa101.game101.round import Round101

__all__ = ["queen_bonus", "round_points"]


def queen_bonus(final_cards: tuple[Card, ...]) -> int:
    """R20/R21: -20 for each queen the winner finished with, -40 for the queen of spades."""
    return sum(-40 if c.suit is Suit.SPADES else -20 for c in final_cards if c.rank is Rank.QUEEN)


def round_points(rnd: Round101) -> list[int]:
    """Points per seat of a finished round: hand values for the losers, R20's bonus (or 0) for the winner."""
    if not rnd.over:
        raise ValueError("the round is not over yet: points are counted when a player has no cards (R18)")
    if rnd.abandoned:
        return [0] * rnd.players  # R26: nobody scores
    points = [sum(rnd.rules.points[c.rank] for c in hand) for hand in rnd._hands]  # R19
    points[rnd.winner] = queen_bonus(rnd.final_cards) if rnd.rules.queen_finish_bonus else 0  # R20
    return points
