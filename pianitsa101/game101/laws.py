"""The rules of 101 that decide something, one small pure function each (``RULES.md`` ids).

The round (``round.py``) and the legality checks (``legal.py``) call these functions and
nothing else decides these rules; the exercises ask students to write the same functions.

>>> from pianitsa101.game101.rules import Rules101
>>> from pianitsa101 import cards
>>> seven, eight = cards("7♠ 8♠")
>>> may_play_on(eight, top=seven, ordered_suit=None, rules=Rules101())
True
>>> penalty(seven, Rules101()), passed_on(2, seven, Rules101())
(2, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pianitsa101.cards import Card, Rank, Suit

if TYPE_CHECKING:  # for the annotations only: rules.py itself asks this module for penalty
    from pianitsa101.game101.rules import Rules101

__all__ = ["can_pass_on", "card_points", "hand_points", "is_flush", "may_cover", "may_play_on", "next_seat",
           "passed_on", "penalty", "queen_bonus", "reverses"]

_QUEEN, _ACE = Rank.QUEEN, Rank.ACE


def may_play_on(card: Card, top: Card | None, ordered_suit: Suit | None, rules: Rules101) -> bool:
    """R6/R14: may ``card`` go on ``top`` (``ordered_suit``: what the queen on top ordered)?

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> queen, nine, ten = cards("Q♥ 9♠ 10♦")
    >>> may_play_on(ten, top=queen, ordered_suit=Suit.SPADES, rules=Rules101())
    False
    >>> may_play_on(nine, top=queen, ordered_suit=Suit.SPADES, rules=Rules101())
    True
    """
    if top is None:  # R4: the first lead of the default deal may be any card
        return True
    if card.rank is _QUEEN and (rules.queen_wild or ordered_suit is not None):
        return True  # R14: a queen goes on any ordered suit, and on anything when wild
    if ordered_suit is not None:
        return card.suit is ordered_suit  # R14: the ordered suit replaces the queen's own
    return card.suit is top.suit or card.rank is top.rank  # R6: same suit or same rank


def may_cover(card: Card, six: Card, rules: Rules101) -> bool:
    """R9: may ``card`` cover the ``six`` just played (``six="cover"``: as R6 says; ``"cover_any"``: any)?

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> nine, six = cards("9♦ 6♠")
    >>> may_cover(nine, six, Rules101()), may_cover(nine, six, Rules101(six="cover_any"))
    (False, True)
    """
    return rules.six == "cover_any" or may_play_on(card, six, None, rules)


def penalty(card: Card, rules: Rules101) -> int:
    """R9/R10/R15: how many cards ``card`` makes the next player draw (0: none).

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> [penalty(c, Rules101(seven_of_spades_draw=4)) for c in cards("7♥ 7♠ K♠ K♥ 6♣")]
    [2, 4, 4, 0, 0]
    """
    if card.rank is Rank.SEVEN:  # R10
        if card.suit is Suit.SPADES and rules.seven_of_spades_draw is not None:
            return rules.seven_of_spades_draw
        return rules.seven_draw
    if card.rank is Rank.SIX:  # R9: only the older "draw" modes make a 6 a penalty
        return {"draw2_skip": 2, "draw1_skip": 1}.get(rules.six, 0)
    if card.rank is Rank.KING and card.suit is Suit.SPADES:  # R15
        return 4
    return 0


def can_pass_on(card: Card, pending_rank: Rank, rules: Rules101) -> bool:
    """R15/R16: may ``card`` pass on a penalty started by a card of ``pending_rank``?

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> seven, king = cards("7♥ K♠")
    >>> can_pass_on(seven, Rank.SEVEN, Rules101()), can_pass_on(king, Rank.KING, Rules101())
    (True, False)
    """
    if pending_rank is Rank.KING or rules.chain == "off":
        return False  # R15: the K♠ is never passed on; R16 chain="off": nothing is
    return card.rank is pending_rank


def passed_on(amount: int, card: Card, rules: Rules101) -> int:
    """R16: what a penalty of ``amount`` cards becomes when ``card`` passes it on.

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> seven = cards("7♥")[0]
    >>> passed_on(4, seven, Rules101()), passed_on(4, seven, Rules101(chain="add"))
    (8, 6)
    """
    if rules.chain == "double":
        return amount * 2
    return amount + penalty(card, rules)  # chain="add": it grows by the card's own penalty


def next_seat(seat: int, direction: int, players: int) -> int:
    """R5/R11: the seat after ``seat`` in the direction of play (with two players, the other one).

    >>> next_seat(2, 1, 3), next_seat(0, -1, 3)
    (0, 2)
    """
    return (seat + direction) % players


def reverses(card: Card, players: int) -> bool:
    """R13: does ``card`` reverse the direction of play (a ten, with more than two players)?"""
    return card.rank is Rank.TEN and players > 2


def is_flush(hand: Sequence[Card]) -> bool:
    """R21: is ``hand`` two or more queens and nothing else (so it may be put down together)?

    >>> from pianitsa101 import cards
    >>> is_flush(cards("Q♥ Q♠")), is_flush(cards("Q♥")), is_flush(cards("Q♥ 7♠"))
    (True, False, False)
    """
    return len(hand) >= 2 and all(c.rank is _QUEEN for c in hand)


def card_points(card: Card, rules: Rules101) -> int:
    """R19: the points ``card`` counts when left in a hand (the rules' ``points`` table)."""
    return rules.points[card.rank]


def hand_points(hand: Sequence[Card], rules: Rules101) -> int:
    """R19: the points of the cards left in a hand.

    >>> from pianitsa101.game101.rules import Rules101
    >>> from pianitsa101 import cards
    >>> hand_points(cards("A♠ Q♥ 7♦"), Rules101())
    21
    """
    return sum(card_points(c, rules) for c in hand)


def queen_bonus(final_cards: Sequence[Card]) -> int:
    """R20/R21: -20 for each queen the winner finished with, -40 for the queen of spades.

    >>> from pianitsa101 import cards
    >>> queen_bonus(cards("Q♥")), queen_bonus(cards("Q♠ Q♦")), queen_bonus(cards("7♠"))
    (-20, -60, 0)
    """
    return sum(-40 if c.suit is Suit.SPADES else -20 for c in final_cards if c.rank is _QUEEN)
